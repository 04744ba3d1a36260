/**
 * Play by e-mail: a turn file is the whole save (the log since game start). Importing one checks,
 * beyond loadSave, that it continues *my* copy of the game (same header, my entries unchanged: the
 * sender cannot rewrite history or re-roll old dice) and that everything new was written by the
 * sender. Nothing is changed on failure; the caller keeps its current game.
 */
import { SIDE_NAME, sideToAct, type Side } from '../engine';
import { appendNonce, appendOrdered, committedDue } from './build';
import { describeOrder, orderFor, orderableDecision, decisionHex, type OrderPick } from './orders';
import { formatHex } from '../engine/hex';
import type { ChainSecret } from './dice';
import { DICE_MODE_NOTES, type SaveFile } from './format';
import { canon } from './digest';
import { describeAction, entryHash, headerHash, loadSave, type LoadError, type LoadOptions, type SavedGame } from './verify';

export type Imported = {
  ok: true; game: SavedGame; /** Index of the first entry new to me. */ from: number; warnings: string[];
  /** Said to the player after the import (e.g. the file was opened as a separate copy). */
  notice?: string;
} | LoadError;

const other = (s: Side): Side => (s === 'allied' ? 'german' : 'allied');

/**
 * How a file's log relates to a stored one of the same game, from the chain alone (entry k+1 links
 * to the hash of entry k, so equal hashes at k mean equal logs up to k): `same`, `extends` (the file
 * continues the stored log), `older` (the file is a beginning of it) or `diverges` (they part at
 * entry `at`). Headers are compared too (a different header diverges at 0).
 */
export function relate(stored: SaveFile, file: SaveFile): { relation: 'same' | 'extends' | 'older' | 'diverges'; at: number } {
  if (headerHash(stored.header) !== headerHash(file.header)) return { relation: 'diverges', at: 0 };
  const m = stored.entries.length;
  const n = file.entries.length;
  if (stored.head === file.head && m === n) return { relation: 'same', at: n };
  if (n > m && (m === 0 || file.entries[m].prev === stored.head)) return { relation: 'extends', at: m };
  if (n < m && stored.entries[n].prev === file.head) return { relation: 'older', at: n };
  let k = 0;
  while (k < Math.min(m, n) && entryHash(stored.entries[k]) === entryHash(file.entries[k])) k++;
  return { relation: 'diverges', at: k };
}

/**
 * relate() for a hotseat file brought up to date from another data version (verify.ts migrateData)
 * against the stored log of the same game on the other version: their chains differ (the header's
 * data version is sealed in them), so the logs are compared by their actions, which a migration
 * keeps. The rest of the header (game, seed, players, length) must agree.
 */
export function relateAcrossData(stored: SaveFile, file: SaveFile): { relation: 'same' | 'extends' | 'older' | 'diverges'; at: number } {
  const rest = (h: SaveFile['header']) => canon({ ...h, engine: '', dataHash: '' });
  if (rest(stored.header) !== rest(file.header)) return { relation: 'diverges', at: 0 };
  const act = (e: SaveFile['entries'][number]) => canon(e.kind === 'action' ? [e.by, e.action] : e);
  const m = stored.entries.length;
  const n = file.entries.length;
  let k = 0;
  while (k < Math.min(m, n) && act(stored.entries[k]) === act(file.entries[k])) k++;
  if (k < Math.min(m, n)) return { relation: 'diverges', at: k };
  return m === n ? { relation: 'same', at: n } : n > m ? { relation: 'extends', at: m } : { relation: 'older', at: n };
}

export function importTurn(mine: SavedGame | null, input: unknown, me: Side, opts: LoadOptions = {}): Imported {
  const r = loadSave(input, opts);
  if (!r.ok) return r;
  return continues(mine, r.game, me, r.warnings);
}

/** The turn-file checks of importTurn, for a file already verified by loadSave. */
export function continues(mine: Pick<SavedGame, 'save'> | null, theirs: SavedGame, me: Side, warnings: string[] = []): Imported {
  const r = { warnings };
  if (!mine) {
    // The first file a browser sees of a PBEM game (issue 15 hole 3): continuity from the start. The
    // creator cannot act for the side that joins: nothing in it may be written in my name.
    const h = theirs.save.header;
    if (h.dice !== 'hotseat') {
      if (h.creator === me) return { ok: false, code: 'protocol', error: `this file says you (${me}) created the game, but this browser has no record of it: open it in the browser that created it` };
      const k = theirs.save.entries.findIndex((e) => e.by === me);
      if (k >= 0) {
        const e = theirs.save.entries[k];
        return { ok: false, code: 'protocol', entry: k, error: `entry ${k} (${e.kind === 'action' ? describeAction(e.action as never) : e.kind}) is written in your name (${me}), but you have not joined this game yet: the creator of a game cannot act for the other side` };
      }
    }
    return { ok: true, game: theirs, from: 0, warnings: r.warnings };
  }
  if (theirs.save.header.game !== mine.save.header.game) return { ok: false, code: 'protocol', error: 'this file belongs to another game' };
  if (headerHash(theirs.save.header) !== headerHash(mine.save.header)) return { ok: false, code: 'chain', error: 'this file changes the game\'s header (players, scenario, seed or dice mode)' };
  const mineN = mine.save.entries.length;
  const theirN = theirs.save.entries.length;
  for (let k = 0; k < Math.min(mineN, theirN); k++) {
    if (entryHash(theirs.save.entries[k]) !== entryHash(mine.save.entries[k])) {
      const a = mine.save.entries[k];
      return { ok: false, code: 'chain', entry: k, relation: 'diverges', error: `this file rewrites the game from entry ${k} on (your copy has ${a.kind === 'action' ? describeAction(a.action as never) : a.kind} there): it does not continue your game` };
    }
  }
  if (theirN < mineN) return { ok: false, code: 'protocol', relation: 'older', error: `this file is older than your game: it has ${theirN} entries, yours has ${mineN}` };
  if (theirN === mineN) return { ok: false, code: 'protocol', relation: 'same', error: 'this file has nothing new: it is the game as you already have it' };
  if (theirs.save.header.dice !== 'hotseat') {
    for (let k = mineN; k < theirN; k++) {
      const e = theirs.save.entries[k];
      // Entries played by my standing orders are mine, in their file: the loader checked each is what my orders give.
      if (e.by === me && !(e.kind === 'action' && e.order !== undefined)) return { ok: false, code: 'protocol', entry: k, error: `entry ${k} claims to be written by ${me} (you), but it came in ${other(me)}'s file` };
    }
    // My standing orders must be applied where they decide: a sender who stops there instead (say,
    // after looking at what my orders would roll) is refused.
    const due = dueOrder(theirs, me);
    if (due) return { ok: false, code: 'protocol', error: `this file stops at a decision your standing orders answer (order ${due.order + 1}: ${describeOrder(theirs.track.orders![me]!.orders.orders[due.order])}): ${other(me)}'s browser had to apply it. Ask for the file again` };
  }
  return { ok: true, game: theirs, from: mineN, warnings: r.warnings };
}

/**
 * What the sender does before exporting a turn file. Fast mode: hand over the next link of my dice
 * chain as the nonce (once per file) for the opponent's next rolls. Other modes: nothing.
 */
export function sealTurn(game: SavedGame, me: Side, chain: ChainSecret, at?: string): { ok: true; game: SavedGame } | LoadError {
  if (game.save.header.dice !== 'fast') return { ok: true, game };
  // One nonce per file: if my last nonce is still unanswered, the file goes out as it is.
  const t = game.track;
  const lk = t.lastKey?.[me];
  if (lk !== undefined && (t.last?.[other(me)] ?? -1) < lk) return { ok: true, game };
  return appendNonce(game, me, chain, at ? { at } : {});
}

/**
 * The action `side`'s standing orders give now and the dice mode allows (strict: only orders that
 * roll no dice — a roll needs a commitment and a reveal), or null.
 */
export function dueOrder(game: SavedGame, side: Side): OrderPick | null {
  const so = game.track.orders?.[side];
  if (!so || game.save.header.dice === 'hotseat') return null;
  const pick = orderFor(game.state, so.orders, side);
  if (!pick) return null;
  const r = appendOrdered(game, side);
  return r.ok ? pick : null;
}

/**
 * The opponent's browser plays `side`'s standing orders while they decide (issue 15 "two files per
 * game turn"): each is recorded as `side`'s action with its order number. Returns the new game and
 * the applied entries' events, in order.
 */
export function applyStandingOrders(game: SavedGame, side: Side, at?: string): { game: SavedGame; applied: { action: unknown; events: unknown[] }[] } {
  let g = game;
  const applied: { action: unknown; events: unknown[] }[] = [];
  for (let guard = 0; guard < 200 && g.track.orders?.[side]; guard++) {
    if (!orderFor(g.state, g.track.orders[side]!.orders, side)) break;
    const r = appendOrdered(g, side, at ? { at } : {});
    if (!r.ok) break;
    g = r.game;
    const e = g.save.entries[g.save.entries.length - 1];
    applied.push({ action: e.kind === 'action' ? e.action : null, events: r.applied?.events ?? [] });
  }
  return { game: g, applied };
}

/**
 * What the player should know about `side`'s standing orders now: the decision `side` is asked that
 * its orders in force do not answer (the file goes back as before), or null.
 */
export function ordersGap(game: SavedGame, side: Side): string | null {
  // The panel asks on every render; the answer costs a trial append and changes only with the game object.
  let c = gapCache.get(game);
  if (!c) gapCache.set(game, (c = {}));
  if (!(side in c)) c[side] = findOrdersGap(game, side);
  return c[side]!;
}

const gapCache = new WeakMap<SavedGame, Partial<Record<Side, string | null>>>();

function findOrdersGap(game: SavedGame, side: Side): string | null {
  const so = game.track.orders?.[side];
  if (!so || game.state.over || sideToAct(game.state) !== side) return null;
  const decision = orderableDecision(game.state, side);
  if (dueOrder(game, side)) return null;
  const what = decision === null
    ? (game.state.pending ? `${game.state.pending.prompt} (${game.state.pending.case})` : null)
    : decision === 'defensiveFs' ? 'the Defensive FS Segment (AW 31.2.2b)' : `${game.state.pending?.prompt ?? decision} (${game.state.pending?.case ?? ''})`;
  if (!what) return null;
  const hex = decisionHex(game.state);
  const rolls = game.save.header.dice === 'strict' && decision !== null && orderFor(game.state, so.orders, side) ? ' — the order rolls dice, which strict mode allows only after a commitment and a reveal' : '';
  return `No standing order covers ${what}${hex !== null && decision !== 'defensiveFs' ? ` in ${formatHex(hex)}` : ''}${rolls}: the decision goes back to its player.`;
}

export type TurnStatusKind = 'over' | 'your-turn' | 'send' | 'reveal' | 'waiting-reveal' | 'resolve' | 'hotseat';
export interface TurnStatus { kind: TurnStatusKind; message: string; dice: string }

/** What `me` should do now with this game, for the UI (anchors.md T5: waiting is made visible). */
export function turnStatus(game: SavedGame, me: Side): TurnStatus {
  const mode = game.save.header.dice;
  const dice = DICE_MODE_NOTES[mode];
  const opp = other(me);
  const names = game.save.header.players;
  // Player-facing: "Rommel (German)", "German player" when the name says the side already, or "the German
  // player" (a side id such as "german" is not for players).
  const named = names[opp];
  const oppName = !named ? `the ${SIDE_NAME[opp]} player` : named.toLowerCase().includes(SIDE_NAME[opp].toLowerCase()) ? named : `${named} (${SIDE_NAME[opp]})`;
  const OppName = `${oppName[0].toUpperCase()}${oppName.slice(1)}`;
  if (game.state.over) return { kind: 'over', message: `The game is over: ${game.state.over.reason}.`, dice };
  const actor = sideToAct(game.state);
  if (mode === 'hotseat') return { kind: 'hotseat', message: `${actor ? SIDE_NAME[actor] : 'Nobody'} to act (hotseat: local dice).`, dice };
  const t = game.track;
  if (mode === 'strict') {
    if (t.pending?.by === me) return { kind: 'waiting-reveal', message: `Waiting for ${oppName}'s reveal: send this file. Your commitment (entry ${t.pending.i}) fixes your next ${t.pending.actions.length} action(s).`, dice };
    if (t.pending?.by === opp) return { kind: 'reveal', message: `${OppName} committed to ${t.pending.actions.length} action(s) and waits for your reveal.`, dice };
    if (committedDue(game, me)) return { kind: 'resolve', message: `${OppName} revealed: resolve your ${t.queue[me]!.length} committed action(s).`, dice };
  }
  if (actor === me) {
    const note = mode === 'fast' && t.keyBy !== opp ? ` Dice rolls wait for a nonce from ${oppName}.` : '';
    return { kind: 'your-turn', message: `Your move.${note}`, dice };
  }
  return { kind: 'send', message: `${OppName} is to act: send this file.`, dice };
}
