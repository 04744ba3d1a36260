/**
 * Writing a game as a save: every append goes through the loader's own check (verify.ts `step`),
 * so what one client writes the other accepts. All functions return a new SavedGame and leave the
 * given one untouched (undo and "discard changes" are just keeping the old object).
 */
import { apply, sideToAct, type Action, type ApplyResult, type ScenarioBundle, type Side } from '../engine';
import { stateDigest } from './digest';
import { chainAnchor, chainLink, fastKey, randomHex, strictKey, type ChainSecret, type RandomHex } from './dice';
import { ENGINE_VERSION, Entry, type DiceMode, type KeyProof, type SaveHeader } from './format';
import { forbiddenKeyMessage, forbiddenKeyPath } from './safeJson';
import { StandingOrders, orderFor } from './orders';
import { defaultBundles, startFromHeader, step, type BundleSource, type SavedGame, type Stepped } from './verify';

export type Appended = Stepped;

export interface NewSaveOptions {
  scenario: string;
  length?: string;
  players?: Partial<Record<Side, string>>;
  dice?: DiceMode;
  /**
   * PBEM: the side creating the game and its private dice chain; the game then starts with that
   * side's anchor (a side's first entry), and the header names the creator.
   */
  creator?: { side: Side; chain: ChainSecret };
  /** Seed material; default: fresh random (hotseat dice are local randomness). */
  seed?: string;
  random?: RandomHex;
  /** ISO date for the header; omitted when not given (this module reads no clock). */
  created?: string;
  bundles?: BundleSource;
}

export function createSave(o: NewSaveOptions): Appended {
  const random = o.random ?? randomHex;
  let bundle: ScenarioBundle;
  try {
    bundle = (o.bundles ?? defaultBundles)(o.scenario);
  } catch (e) {
    return { ok: false, code: 'scenario', error: `scenario "${o.scenario}" cannot be loaded: ${e instanceof Error ? e.message : String(e)}` };
  }
  const header: SaveHeader = {
    game: random().slice(0, 32),
    engine: ENGINE_VERSION,
    scenario: o.scenario,
    length: o.length ?? bundle.scenario.lengths[0].id,
    dataHash: bundle.dataHash,
    seed: o.seed ?? random(),
    players: { ...(o.players ?? {}) },
    dice: o.dice ?? 'hotseat',
    ...(o.creator && o.dice && o.dice !== 'hotseat' ? { creator: o.creator.side } : {}),
    ...(o.created ? { created: o.created } : {}),
  };
  const start = startFromHeader(header, o.bundles);
  if (!start.ok || !header.creator || !o.creator) return start;
  return appendAnchor(start.game, o.creator.side, o.creator.chain);
}

export interface AppendOptions {
  /** Who writes the entry (default: the side to act). */
  by?: Side;
  /** ISO time stamp to record (optional). */
  at?: string;
}

function push(game: SavedGame, draft: Record<string, unknown>, o: AppendOptions, pre?: ApplyResult): Appended {
  const entry = { i: game.save.entries.length, prev: game.save.head, ...draft, ...(o.at ? { at: o.at } : {}) };
  const parsed = Entry.safeParse(entry);
  if (!parsed.success) return { ok: false, code: 'format', error: `cannot record this entry: ${parsed.error.issues[0].message} at ${parsed.error.issues[0].path.join('.')}` };
  return step(game, parsed.data, false, pre);
}

/**
 * Plays one engine action and records it with its dice and resulting state hash. A refusal (rules,
 * dice protocol) comes back as `{ ok: false }` with the reason, and `game` is unchanged.
 */
export function appendAction(game: SavedGame, action: Action, o: AppendOptions = {}, proof?: KeyProof, order?: number): Appended {
  let clean: Action;
  try {
    clean = JSON.parse(JSON.stringify(action)) as Action; // entries must survive a JSON round trip unchanged
  } catch {
    return { ok: false, code: 'format', error: 'the action is not plain JSON' };
  }
  const bad = forbiddenKeyPath(clean);
  if (bad) return { ok: false, code: 'malformed', error: forbiddenKeyMessage(`entries[${game.save.entries.length}].action.${bad}`) };
  const by = o.by ?? sideToAct(game.state);
  if (!by) return { ok: false, code: 'rules', error: 'nobody is to act: the game is over' };
  const r = apply(game.state, clean);
  if (!r.ok) return { ok: false, code: 'rules', error: r.error.message + (r.error.case ? ` (${r.error.case})` : '') };
  return push(game, { by, kind: 'action', action: r.action, dice: r.rolls, state: stateDigest(r.state), ...(proof ? { proof } : {}), ...(order !== undefined ? { order } : {}) }, o, r);
}

/**
 * PBEM: `by` sets its standing orders for the opponent's coming turn (orders.ts), normalised (hexes
 * in the map's spelling) so that the file holds them as the loader reads them. They replace any
 * orders `by` had in force.
 */
export function appendOrders(game: SavedGame, by: Side, orders: StandingOrders, o: AppendOptions = {}): Appended {
  const parsed = StandingOrders.safeParse(orders);
  if (!parsed.success) return { ok: false, code: 'format', error: `these standing orders cannot be recorded: ${parsed.error.issues[0].message} at ${parsed.error.issues[0].path.join('.')}` };
  const bad = forbiddenKeyPath(parsed.data);
  if (bad) return { ok: false, code: 'malformed', error: forbiddenKeyMessage(`entries[${game.save.entries.length}].orders.${bad}`) };
  return push(game, { by, kind: 'orders', orders: parsed.data, state: game.hash }, { ...o, by });
}

/**
 * PBEM: plays the action `side`'s standing orders give now, recorded as `side`'s (with its order
 * number); refused (game unchanged) when the orders give nothing or the dice protocol forbids it.
 */
export function appendOrdered(game: SavedGame, side: Side, o: AppendOptions = {}): Appended {
  const so = game.track.orders?.[side];
  if (!so) return { ok: false, code: 'protocol', error: `${side} has no standing orders in force` };
  const pick = orderFor(game.state, so.orders, side);
  if (!pick) return { ok: false, code: 'protocol', error: `${side}'s standing orders do not cover this decision` };
  return appendAction(game, pick.action, { ...o, by: side }, undefined, pick.order);
}

/**
 * Fast mode: the sender of a turn file hands the opponent a nonce for its next rolls: the next link
 * of the sender's dice chain, fixed by its anchor at game start (so it cannot be chosen).
 */
export function appendNonce(game: SavedGame, by: Side, chain: ChainSecret, o: AppendOptions = {}): Appended {
  const c = game.track.chains[by];
  if (!c) return { ok: false, code: 'protocol', error: `${by} has not published its dice chain anchor` };
  if (c.k + 1 > chain.length) return { ok: false, code: 'protocol', error: `${by}'s dice chain is used up: publish a new anchor` };
  if (chainLink(chain, c.k) !== c.link) return { ok: false, code: 'protocol', error: `this browser's dice chain for ${by} is not the one published in this game` };
  const link = chainLink(chain, c.k + 1);
  return appendAction(game, { type: 'diceKey', key: fastKey(link) }, { ...o, by }, { chain: { k: c.k + 1, link } });
}

/** PBEM: publishes the anchor of `by`'s private chain (its first entry; again only when the chain is used up). */
export function appendAnchor(game: SavedGame, by: Side, chain: ChainSecret, o: AppendOptions = {}): Appended {
  return push(game, { by, kind: 'anchor', anchor: chainAnchor(chain), length: chain.length, state: game.hash }, o);
}

/** Strict mode: the side to act commits to the actions of its next batch of rolls. */
export function appendCommit(game: SavedGame, actions: Action[], random: RandomHex = randomHex, o: AppendOptions = {}): Appended {
  const by = o.by ?? sideToAct(game.state);
  if (!by) return { ok: false, code: 'rules', error: 'nobody is to act: the game is over' };
  let clean: Action[];
  try { clean = JSON.parse(JSON.stringify(actions)) as Action[]; } catch { return { ok: false, code: 'format', error: 'the actions are not plain JSON' }; }
  const bad = forbiddenKeyPath(clean);
  if (bad) return { ok: false, code: 'malformed', error: forbiddenKeyMessage(`entries[${game.save.entries.length}].actions${bad}`) };
  return push(game, { by, kind: 'commit', actions: clean, salt: random(), state: game.hash }, { ...o, by });
}

/** Strict mode: `by` reveals the next link of its chain for the waiting commitment. */
export function appendReveal(game: SavedGame, by: Side, chain: ChainSecret, o: AppendOptions = {}): Appended {
  const p = game.track.pending;
  if (!p) return { ok: false, code: 'protocol', error: 'no commitment is waiting for a reveal' };
  const c = game.track.chains[by];
  if (!c) return { ok: false, code: 'protocol', error: `${by} has not published a chain anchor` };
  if (c.k + 1 > chain.length) return { ok: false, code: 'protocol', error: `${by}'s dice chain is used up: publish a new anchor` };
  const link = chainLink(chain, c.k + 1);
  return appendAction(game, { type: 'diceKey', key: strictKey(link, p.h) }, { ...o, by }, { reveal: { k: c.k + 1, link, commit: p.i } });
}

/**
 * Strict mode: plays the revealed committed actions of `side` (the "resolve" step). An action the
 * dice made unplayable (after the first roll: say, a decision now pending that the commitment did not
 * foresee) ends the commitment there: the rest lapses (verify.ts) and `lapsed` says how many.
 */
export function resolveCommitted(game: SavedGame, side: Side, o: AppendOptions = {}): Appended & { lapsed?: number } {
  let g = game;
  const queue = game.track.queue[side] ?? [];
  let rolled = false;
  for (let i = 0; i < queue.length; i++) {
    const r = appendAction(g, queue[i], { ...o, by: side });
    if (!r.ok) {
      if (rolled && r.code === 'rules') return { ok: true, game: g, lapsed: queue.length - i };
      return r;
    }
    rolled ||= (r.applied?.rolls.length ?? 0) > 0;
    g = r.game;
  }
  return { ok: true, game: g };
}

/** Strict: the revealed committed actions `side` still has to play now (none when the next is unplayable: the commitment lapsed). */
export function committedDue(game: SavedGame, side: Side): number {
  const q = game.track.queue[side];
  if (!q?.length || sideToAct(game.state) !== side) return 0;
  return apply(game.state, q[0]).ok ? q.length : 0;
}
