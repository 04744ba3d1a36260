/**
 * Loading a save re-plays it: every entry is checked in order (its place in the hash chain, who
 * wrote it, the rules, the dice it claims, the state hash it claims, and the dice-mode protocol),
 * and the first bad entry is named. The loader is pure and never throws: anything wrong with the
 * input comes back as `{ ok: false, error }`, and nothing outside the returned object is changed.
 */
import { apply, newGame, normaliseAction, sideToAct, view, type Action, type ApplyResult, type GameEvent, type Roll, type GameState, type ScenarioBundle, type Side } from '../engine';
import { canon, canonHash, stateDigest } from './digest';
import { loadScenario } from '../data/bundle';
import { decodeInput } from './codec';
import { chainStep, commitmentHash, fastKey, strictKey } from './dice';
import { forbiddenKeyMessage, forbiddenKeyPath } from './safeJson';
import { knownDataVersion } from './dataVersions';
import { orderFor, sameAction, type StandingOrders } from './orders';
import { CompactSaveFile, ENGINE_VERSION, FORMAT, FORMAT_VERSION, LIMITS, SaveFile, SaveHeader, type Entry } from './format';

/** Dice-mode bookkeeping after an entry (strict/fast protocol state). */
export interface DiceTrack {
  /** Side whose file supplied the current dice key (fast: nonce, strict: reveal). */
  keyBy: Side | null;
  /** PBEM: last published link of each side's chain (the anchor, k = 0, until its first nonce or reveal). */
  chains: Partial<Record<Side, { link: string; k: number; length: number }>>;
  /** Index of each side's last entry, and (fast) of its last nonce: one nonce per file. */
  last?: Partial<Record<Side, number>>;
  lastKey?: Partial<Record<Side, number>>;
  /** Strict: a commitment waiting for the opponent's reveal. */
  pending: { by: Side; i: number; h: string; actions: Action[] } | null;
  /** Strict: revealed committed actions each side still has to play, in order. */
  queue: Partial<Record<Side, Action[]>>;
  /**
   * PBEM standing orders in force (orders.ts), by side: from its `orders` entry `i` until the side
   * next plays an action itself (its dice nonces aside) or commits.
   */
  orders?: Partial<Record<Side, { i: number; orders: StandingOrders }>>;
}

/** A verified game: the file so far and the state after its last entry. */
export interface SavedGame {
  save: SaveFile;
  state: GameState;
  /** stateDigest(state) (digest.ts): the state hash entries record. */
  hash: string;
  track: DiceTrack;
  /**
   * Where this browser stores the game when not under its game id: a separate copy kept because the
   * file was older than, or diverged from, the game already stored (autosave.ts importSaveFile).
   */
  storeId?: string;
  /** Why this is a separate copy, for the player (shown while it is open). */
  note?: string;
  /** Loaded from an older data version and brought up to date (migrateData): what was done, for the player. */
  notice?: string;
  /** What the load that made this game re-played, for opening it without re-playing it again (`Replayed`). */
  replayed?: Replayed;
}

/**
 * What a load re-played, kept so that opening the game (the store's `openSaved`: the log's events and
 * the undo stack) does not re-play the whole file a second time, on the page's thread (issue 17: a
 * campaign-length game is 10,000 entries and seconds of re-play). It belongs to one save object:
 * `openSaved` uses it only for the very `save` it was made with (a game played on from it has a new
 * one), and with one list of events per entry.
 */
export interface Replayed {
  save: SaveFile;
  /** events[k]: the engine's events of entry k (none for an entry that is not an action). */
  events: GameEvent[][];
  /** [k, the state before entry k] for the last actions, from the last that set an undo barrier on (replay.ts `undoStackOf`). */
  undo: [number, GameState][];
  /** [k, the state before entry k] for k = 0 and every `CHECKPOINT_EVERY` entries: where the replay's VCR starts from (replay.ts `timelineOf`). */
  checkpoints: [number, GameState][];
  /** The replay's bookmarks: the steps that start a player turn or a phase. */
  bookmarks: Bookmark[];
}

export interface Bookmark { /** Step index (0 = the start). */ step: number; label: string; kind: 'turn' | 'phase' }

/** The bookmark of step `step` (its state `after`, the step before's `before`): a new player turn, else a new phase, else none. */
export function stepBookmark(before: GameState, after: GameState, step: number): Bookmark | null {
  if (after.pos.turn !== before.pos.turn || after.pos.playerTurn !== before.pos.playerTurn) return { step, label: view(after, 'allied').label, kind: 'turn' };
  if (after.pos.phase !== before.pos.phase) return { step, label: view(after, 'allied').label, kind: 'phase' };
  return null;
}

/** How far apart the states a load keeps for the VCR are: a jump makes at most this many entries' states. */
export const CHECKPOINT_EVERY = 200;

type ReplayedLists = Pick<Replayed, 'events' | 'undo' | 'checkpoints' | 'bookmarks'>;

/** Collects a load's `Replayed` entry by entry; `from`: what the re-play of the entries before the first one made (copied). */
function replayCollector(from?: ReplayedLists): { add(e: Entry, before: GameState, applied: { events: GameEvent[]; barrier: boolean } | undefined, after: GameState): void; done(game: SavedGame): SavedGame } {
  const events: GameEvent[][] = from ? from.events.slice() : [];
  let undo: [number, GameState][] = from ? from.undo.slice() : [];
  const checkpoints: [number, GameState][] = from ? from.checkpoints.slice() : [];
  const bookmarks: Replayed['bookmarks'] = from ? from.bookmarks.slice() : [];
  return {
    add(e, before, applied, after) {
      const k = events.length;
      if (k === 0) bookmarks.push({ step: 0, label: view(before, 'allied').label, kind: 'turn' });
      if (k % CHECKPOINT_EVERY === 0) checkpoints.push([k, before]);
      const b = stepBookmark(before, after, k + 1);
      if (b) bookmarks.push(b);
      events.push(applied?.events ?? []);
      // Undo goes back over actions up to the last that set a barrier (a roll, the other side to act), not
      // over it: the states before those, and before that one (where undoStackOf stops), are kept.
      if (e.kind !== 'action' || !applied) undo = [];
      else { if (applied.barrier) undo = []; undo.push([k, before]); }
    },
    done: (game) => ({ ...game, replayed: { save: game.save, events, undo, checkpoints: checkpoints.length ? checkpoints : [[0, game.state]], bookmarks: bookmarks.length ? bookmarks : [{ step: 0, label: view(game.state, 'allied').label, kind: 'turn' }] } }),
  };
}

export type LoadErrorCode = 'malformed' | 'format' | 'scenario' | 'data-version' | 'chain' | 'rules' | 'dice' | 'state' | 'protocol' | 'internal' | 'cancelled';
export interface LoadError {
  ok: false; code: LoadErrorCode; error: string;
  /** Index of the first bad entry, when one is to blame. */ entry?: number;
  /** A turn file that does not continue my copy: how it relates to it (pbem.ts continues). */
  relation?: 'same' | 'older' | 'diverges';
}
export type LoadResult = { ok: true; game: SavedGame; warnings: string[] } | LoadError;

/**
 * The root of the hash chain (entry 0's `prev`, or `head` of an empty log). Format 2 seals the format
 * version with the header, so relabelling a file as another version breaks its chain; format 1 hashed
 * the header alone (migrateV1 checks that chain).
 */
export function headerHash(h: SaveHeader): string {
  return canonHash({ version: FORMAT_VERSION, header: h });
}

/** SHA-256 of canon(e): the link to the next entry, and the file's `head` after the last. */
export function entryHash(e: Entry): string {
  return canonHash(e);
}

const ROLL_KEYS = ['dice', 'faces', 'purpose', 'value'] as const;
const isOwn = Object.prototype.propertyIsEnumerable; // the keys canon sees: own and enumerable (Object.keys)

/** canon(a) === canon(b) for the engine's rolls and an entry's recorded dice, compared field by field. */
export function sameRolls(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>;
    const y = b[i] as Record<string, unknown>;
    if (!plainRoll(x) || !plainRoll(y)) return canon(a) === canon(b);
    const fx = x.faces as number[];
    const fy = y.faces as number[];
    if (x.purpose !== y.purpose || x.dice !== y.dice || x.value !== y.value || fx.length !== fy.length) return false;
    for (let j = 0; j < fx.length; j++) if (fx[j] !== fy[j]) return false;
  }
  return true;
}

/** Exactly the four fields of a roll, strings and integers: then equal fields mean equal canonical JSON. */
function plainRoll(r: unknown): boolean {
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return false;
  const o = r as Record<string, unknown>;
  return Object.keys(o).length === 4 && ROLL_KEYS.every((k) => isOwn.call(o, k)) && typeof o.purpose === 'string' && typeof o.dice === 'string' && Number.isInteger(o.value)
    && Array.isArray(o.faces) && o.faces.every((f) => Number.isInteger(f)) && typeof o.toJSON !== 'function';
}

export function emptyTrack(): DiceTrack {
  return { keyBy: null, chains: {}, pending: null, queue: {} };
}

/** Short human description of an action for messages and lists. */
export function describeAction(a: Action): string {
  const rest = Object.entries(a).filter(([k]) => k !== 'type').map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const s = rest.length ? `${a.type} ${rest.join(' ')}` : a.type;
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

const bundleCache = new Map<string, ScenarioBundle>();
export type BundleSource = (scenario: string) => ScenarioBundle;
export const defaultBundles: BundleSource = (id) => {
  let b = bundleCache.get(id);
  if (!b) { b = loadScenario(id); bundleCache.set(id, b); }
  return b;
};

export interface LoadOptions {
  /** Where scenario data comes from (default: data/ through loadScenario). */
  bundles?: BundleSource;
}

const fail = (code: LoadErrorCode, error: string, entry?: number): LoadError => ({ ok: false, code, error, ...(entry === undefined ? {} : { entry }) });

/** Starts a game from a header (no entries yet). */
export function startFromHeader(header: SaveHeader, bundles: BundleSource = defaultBundles): { ok: true; game: SavedGame } | LoadError {
  let bundle: ScenarioBundle;
  try {
    bundle = bundles(header.scenario);
  } catch (e) {
    return fail('scenario', `this save is of scenario "${header.scenario}", which this Neptune cannot load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  if (bundle.dataHash !== header.dataHash) return fail('data-version', dataVersionMessage(header));
  let state: GameState;
  try {
    state = newGame(bundle, { seed: header.seed, length: header.length, players: header.players }).state;
  } catch (e) {
    return fail('scenario', `the game cannot be set up: ${e instanceof Error ? e.message : String(e)}`);
  }
  const head = headerHash(header);
  return { ok: true, game: { save: { format: FORMAT, version: FORMAT_VERSION, header, entries: [], head }, state, hash: stateDigest(state), track: emptyTrack() } };
}

/**
 * Why a save of another data version (map, counters, rules tables) is not opened as it is, for the
 * player: no hashes. A hotseat save of a known older version is not refused but brought up to date
 * (migrateData); this is the message for the rest.
 */
function dataVersionMessage(h: SaveHeader): string {
  const by = `Neptune engine ${h.engine}`;
  if (h.dice !== 'hotseat') {
    return `this play-by-e-mail game was started with other rules data (map, counters or scenario tables) than this Neptune has (the file was written by ${by}): both players need the same Neptune version to go on with it. Open it with the Neptune the game was started with, or both update to the same version.`;
  }
  return `this save of scenario "${h.scenario}" names rules data (map, counters or scenario tables) that no Neptune release this one knows had (the file says it was written by ${by}): it was written by a newer Neptune, or its header was edited.`;
}

/**
 * Checks one entry against the game so far and appends it. Shared by the loader and by the
 * writers in build.ts, so a client can never write a file its opponent's client would refuse.
 * The returned game shares structure with `game` (the entries array is copied unless `inPlace`).
 */
export type Stepped = { ok: true; game: SavedGame; /** The engine's result, for action entries. */ applied?: { events: GameEvent[]; barrier: boolean; rolls: Roll[] } } | LoadError;

/**
 * `head`: entryHash(e), when the caller already has it (the full-form loader hashed every raw entry
 * for the seal, and an action, anchor or commit entry's schema has no transform: its parsed form has
 * the raw entry's canonical JSON, so the same hash). Saves hashing every entry twice.
 */
export function step(game: SavedGame, e: Entry, inPlace = false, pre?: ApplyResult, head?: string): Stepped {
  const k = game.save.entries.length;
  const mode = game.save.header.dice;
  const where = `entry ${k}`;
  if (e.i !== k) return fail('chain', `${where} says it is entry ${e.i}: entries were removed, added or reordered`, k);
  if (e.prev !== game.save.head) {
    return fail('chain', k === 0
      ? 'entry 0 does not link to the header: the header (players, scenario, data version, seed or dice mode) was edited'
      : `${where} does not link to entry ${k - 1}: entry ${k - 1} was edited, or entries were removed or reordered`, k);
  }
  const forged = e.kind === 'action' ? forbiddenKeyPath(e.action) : e.kind === 'commit' ? forbiddenKeyPath(e.actions) : e.kind === 'orders' ? forbiddenKeyPath(e.orders) : null;
  if (forged) return fail('malformed', forbiddenKeyMessage(`entries[${k}].${forged}`), k);
  const t = game.track;
  const other = (s: Side): Side => (s === 'allied' ? 'german' : 'allied');
  let track: DiceTrack = t;
  let state = game.state;
  let hash = game.hash;
  let applied: { events: GameEvent[]; barrier: boolean; rolls: Roll[] } | undefined;
  const pbem = mode !== 'hotseat';
  if (pbem && !game.save.header.creator) return fail('protocol', `${where}: this play-by-e-mail game does not say which side created it (a format 1 file?)`, k);
  // Seats (issue 15 hole 3): in PBEM a side's entries appear only after it has joined, i.e. published
  // the anchor of its dice chain; a side's first entry is that anchor.
  if (pbem && e.kind !== 'anchor' && !t.chains[e.by]) {
    return fail('protocol', `${where}: ${e.by} has not joined this game yet (a side's first entry publishes its dice chain), so nothing can be played in its name`, k);
  }

  if (e.kind === 'orders') {
    if (!pbem) return fail('protocol', `${where} holds standing orders, but this is a hotseat game`, k);
    track = { ...t, orders: { ...t.orders, [e.by]: { i: k, orders: e.orders } } };
  } else if (e.kind === 'anchor') {
    if (mode === 'hotseat') return fail('protocol', `${where} publishes a dice chain anchor, but this is a hotseat game`, k);
    const c = t.chains[e.by];
    if (c && c.k < c.length) return fail('protocol', `${where}: ${e.by} replaces its dice chain, which was fixed at game start and is not used up (link ${c.k} of ${c.length})`, k);
    if (t.pending && t.pending.by !== e.by) return fail('protocol', `${where}: ${e.by} may not replace its dice chain while ${t.pending.by}'s commitment (entry ${t.pending.i}) waits for its reveal`, k);
    track = { ...t, chains: { ...t.chains, [e.by]: { link: e.anchor, k: 0, length: e.length } } };
  } else if (e.kind === 'commit') {
    if (mode !== 'strict') return fail('protocol', `${where} is a dice commitment, but this game uses ${mode} dice`, k);
    const actor = sideToAct(state);
    if (e.by !== actor) return fail('protocol', `${where}: ${e.by} commits to actions, but ${actor ?? 'nobody'} is to act`, k);
    if (t.pending) return fail('protocol', `${where}: a commitment (entry ${t.pending.i}) is already waiting for its reveal`, k);
    // Committed actions left from the last reveal must be played first, unless the dice made the next one unplayable (then they lapsed).
    const left = t.queue[e.by];
    if (left?.length && apply(state, left[0]).ok) return fail('protocol', `${where}: ${e.by} must first play the ${left.length} committed action(s) left from its last reveal`, k);
    if (!t.chains[other(e.by)]) return fail('protocol', `${where}: ${other(e.by)} has not published its dice chain anchor yet, so nobody could reveal`, k);
    // Issue 15 hole 4: a commitment must be playable. Its actions are tried in order in the committed
    // state, up to and including the first that rolls (what follows depends on the dice: it is checked
    // at resolve, where an action the dice made unplayable ends the commitment).
    let trial = state;
    for (let j = 0; j < e.actions.length; j++) {
      const a = e.actions[j] as Action;
      const r = apply(trial, a);
      if (!r.ok) return fail('rules', `${where}: the committed action ${e.actions.length > 1 ? `${j + 1} ` : ''}(${describeAction(a)}) is refused by the rules in the committed position: ${r.error.message}${r.error.case ? ` (${r.error.case})` : ''}. A commitment must be playable`, k);
      if (r.rolls.length) break;
      trial = r.state;
    }
    const h = commitmentHash(game.save.header.game, state.n, hash, e.actions as Action[], e.salt);
    track = { ...withoutOrders(t, e.by), pending: { by: e.by, i: k, h, actions: e.actions as Action[] }, ...(left?.length ? { queue: { ...t.queue, [e.by]: [] } } : {}) };
  } else {
    const action = e.action as Action;
    const isKey = action.type === 'diceKey';
    /** Strict: this action is the next of a revealed commitment (its rolls are allowed). */
    let committed = false;
    /** PBEM: played for `e.by` by its standing orders, in the opponent's file (orders.ts). */
    const ordered = e.order !== undefined;
    if (ordered) {
      const so = t.orders?.[e.by];
      if (!pbem || isKey || !so) return fail('protocol', `${where} (${describeAction(action)}) says ${e.by}'s standing orders played it, but ${e.by} has no standing orders in force`, k);
      const pick = orderFor(state, so.orders, e.by);
      if (!pick || pick.order !== e.order || !sameAction(pick.action, action)) {
        return fail('protocol', `${where} (${describeAction(action)}) says order ${(e.order ?? 0) + 1} of ${e.by}'s standing orders (entry ${so.i}) played it, but ${pick ? `the orders give order ${pick.order + 1}: ${describeAction(pick.action)}` : 'the orders give nothing'} here`, k);
      }
    }
    if (isKey) {
      const key = (action as { key?: unknown }).key;
      if (mode === 'hotseat') return fail('protocol', `${where} sets a PBEM dice key, but this is a hotseat game`, k);
      if (!e.proof) return fail('dice', `${where} sets a dice key without saying where it comes from`, k);
      const c = t.chains[e.by]!;
      if (mode === 'fast') {
        // Issue 15 hole 2: the nonce is the sender's next chain link, fixed by its anchor: it cannot be chosen.
        if (!('chain' in e.proof)) return fail('dice', `${where}: fast-mode dice keys come from the sender's dice chain`, k);
        const p = e.proof.chain;
        if (p.k !== c.k + 1 || p.k > c.length) return fail('dice', `${where} hands over link ${p.k} of ${e.by}'s dice chain, but the next link is ${c.k + 1}`, k);
        if (chainStep(p.link) !== c.link) return fail('dice', `${where}: forged nonce — it is not the next link of ${e.by}'s dice chain fixed at game start (a sender cannot choose its nonce)`, k);
        if (key !== fastKey(p.link)) return fail('dice', `${where}: the dice key does not derive from the chain link given`, k);
        const lk = t.lastKey?.[e.by];
        if (lk !== undefined && (t.last?.[other(e.by)] ?? -1) < lk) return fail('protocol', `${where}: ${e.by} hands over a second nonce before ${other(e.by)} answered the first (entry ${lk}): one nonce per file`, k);
        track = { ...t, keyBy: e.by, chains: { ...t.chains, [e.by]: { link: p.link, k: p.k, length: c.length } }, lastKey: { ...t.lastKey, [e.by]: k } };
      } else {
        if (!('reveal' in e.proof)) return fail('dice', `${where}: strict-mode dice keys come from a revealed chain link`, k);
        const r = e.proof.reveal;
        const p = t.pending;
        if (!p) return fail('protocol', `${where} reveals a link, but no commitment is waiting`, k);
        if (p.by === e.by) return fail('protocol', `${where}: ${e.by} may not reveal for its own commitment`, k);
        if (r.commit !== p.i) return fail('protocol', `${where} reveals for entry ${r.commit}, but the commitment waiting is entry ${p.i}`, k);
        if (r.k !== c.k + 1 || r.k > c.length) return fail('dice', `${where} reveals link ${r.k} of ${e.by}'s chain, but the next link is ${c.k + 1}`, k);
        if (chainStep(r.link) !== c.link) return fail('dice', `${where}: forged reveal — the link is not the next link of ${e.by}'s hash chain (its SHA-256 is not link ${c.k})`, k);
        if (key !== strictKey(r.link, p.h)) return fail('dice', `${where}: the dice key does not derive from the revealed link and commitment ${p.i}`, k);
        track = { ...t, keyBy: e.by, pending: null, chains: { ...t.chains, [e.by]: { link: r.link, k: r.k, length: c.length } }, queue: { ...t.queue, [p.by]: p.actions } };
      }
    } else {
      if (e.proof) return fail('protocol', `${where}: only a diceKey action carries a proof`, k);
      const actor = sideToAct(state);
      if (actor !== null && e.by !== actor) return fail('protocol', `${where} (${describeAction(action)}) says ${e.by} played it, but ${actor} was to act`, k);
      if (mode === 'strict') {
        if (t.pending?.by === e.by) return fail('protocol', `${where}: ${e.by} committed at entry ${t.pending.i} and must wait for ${other(e.by)}'s reveal before acting`, k);
        const q = t.queue[e.by];
        if (q?.length) {
          // Compared in canonical form (issue 15): a commitment may spell an action as the offer did (an unsorted unit set).
          const n0 = normaliseAction(q[0]);
          if (canon(n0.ok ? n0.action : q[0]) === canon(action)) { committed = true; track = { ...t, queue: { ...t.queue, [e.by]: q.slice(1) } }; }
          // The dice made the next committed action unplayable: the rest of the commitment lapses.
          else if (apply(state, q[0]).ok) return fail('protocol', `${where}: after the reveal ${e.by} must play its committed actions in order; expected ${describeAction(q[0])}, found ${describeAction(action)}`, k);
          else track = { ...t, queue: { ...t.queue, [e.by]: [] } };
        }
      }
    }
    const r = pre ?? apply(state, action);
    if (!r.ok) return fail('rules', `${where} (${describeAction(action)}) is refused by the rules: ${r.error.message}${r.error.case ? ` (${r.error.case})` : ''}${versionNote(game.save.header)}`, k);
    if (r.rolls.length > 0 && !isKey) {
      // Standing orders roll with the key in force, the owner's own nonce included: the owner fixed the
      // orders before the opponent's moves that the dice also derive from (docs/save-format.md "Standing orders").
      if (mode === 'fast' && (track.keyBy === null || (track.keyBy === e.by && !ordered))) {
        return fail('dice', `${where}: ${e.by} rolled dice without a nonce from ${other(e.by)} (fast mode: rolls use the nonce of the opponent's last file)`, k);
      }
      if (mode === 'strict' && !committed) {
        return fail('dice', `${where}: ${e.by} rolled dice outside a commitment (strict mode: commit, then the opponent reveals)`, k);
      }
    }
    if (!sameRolls(r.rolls, e.dice)) {
      // Faces and value both: an edited value with its faces left alone must show in the message (issue 16 item 11).
      const show = (d: { faces: number[]; purpose: string; value: number }[]) => d.map((x) => `${x.faces.join('')} (value ${x.value}) "${x.purpose}"`).join(', ') || 'none';
      return fail('dice', `${where} (${describeAction(action)}) claims dice ${show(e.dice)}, but the game rolls ${show(r.rolls)}: the dice were edited${versionNote(game.save.header)}`, k);
    }
    state = r.state;
    hash = stateDigest(state);
    applied = { events: r.events, barrier: r.barrier, rolls: r.rolls };
    // A side that plays for itself takes back its standing orders (a nonce is not playing).
    if (!ordered && !isKey) track = withoutOrders(track, e.by);
  }
  if (e.state !== hash) return fail('state', `${where}${e.kind === 'action' ? ` (${describeAction(e.action as Action)})` : ''}: the state it claims differs from the state the rules produce${versionNote(game.save.header)}`, k);
  if (pbem) track = { ...track, last: { ...track.last, [e.by]: k } };
  const entries = inPlace ? game.save.entries : game.save.entries.slice();
  entries.push(e);
  const s = game.save;
  const next: Stepped = { ok: true, game: { save: { format: s.format, version: s.version, header: s.header, entries, head: head ?? entryHash(e) }, state, hash, track, ...(game.storeId ? { storeId: game.storeId, note: game.note } : {}) } };
  if (applied) next.applied = applied;
  return next;
}

function withoutOrders(t: DiceTrack, side: Side): DiceTrack {
  if (!t.orders?.[side]) return t;
  const rest = { ...t.orders };
  delete rest[side];
  return { ...t, orders: rest };
}

function versionNote(h: SaveHeader): string {
  return h.engine === ENGINE_VERSION ? '' : ` (the file was written by engine ${h.engine}, this is ${ENGINE_VERSION}: a rules change may explain it)`;
}

function firstIssue(err: { issues: { path: PropertyKey[]; message: string }[] }): { path: string; message: string; entry?: number } {
  const iss = err.issues[0];
  const path = iss.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  const entry = iss.path[0] === 'entries' && typeof iss.path[1] === 'number' ? iss.path[1] : undefined;
  return { path, message: iss.message, entry };
}

/** How far a load has got: `done` of `total` entries re-played (0 of n during the cheap checks). */
export interface LoadProgress { done: number; total: number; phase: 'checking' | 'replaying' }

/** Parses, validates and re-simulates a save or turn file. Never throws. */
export function loadSave(input: unknown, opts: LoadOptions = {}): LoadResult {
  try {
    const g = loadSteps(input, opts);
    for (;;) { const r = g.next(); if (r.done) return r.value; }
  } catch (e) {
    return fail('internal', `the file could not be checked: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export interface AsyncLoadOptions extends LoadOptions {
  onProgress?(p: LoadProgress): void;
  /** Polled between slices: true stops the load ("cancelled"). */
  cancelled?(): boolean;
  /** Longest stretch of work between two yields to the event loop (default 30 ms). */
  sliceMs?: number;
}

/**
 * loadSave in slices: yields to the event loop every `sliceMs`, reports progress and can be
 * cancelled. The worker (verify.worker.ts) runs it; without a worker the page stays responsive
 * during the re-play (decoding and parsing one file is still one slice).
 */
export async function loadSaveAsync(input: unknown, opts: AsyncLoadOptions = {}): Promise<LoadResult> {
  const slice = opts.sliceMs ?? 30;
  try {
    const g = loadSteps(input, opts);
    let t0 = performance.now();
    for (;;) {
      const r = g.next();
      if (r.done) return r.value;
      if (performance.now() - t0 >= slice) {
        opts.onProgress?.(r.value);
        await new Promise((res) => setTimeout(res, 0));
        if (opts.cancelled?.()) return fail('cancelled', 'the check was cancelled; nothing was loaded');
        t0 = performance.now();
      }
    }
  } catch (e) {
    return fail('internal', `the file could not be checked: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Entries a file may hold for a game of the scenario length's game turns (a Goodwood game turn takes ≈ 200). */
export const ENTRIES_PER_GAME_TURN = 4000;
export function maxEntries(state: GameState): number {
  return Math.min(LIMITS.entries, (state.lastTurn + 2) * ENTRIES_PER_GAME_TURN);
}

/** Compact files (format 2): SHA-256 of the canonical JSON of header and entries, checked before re-playing. */
export function compactSeal(header: SaveHeader, entries: readonly unknown[]): string {
  return canonHash({ header, entries });
}

const YIELD_EVERY = 64;

function* loadSteps(input: unknown, opts: LoadOptions): Generator<LoadProgress, LoadResult, void> {
  resumedAt = 0;
  const d = decodeInput(input);
  if (!d.ok) return fail('malformed', d.error);
  let json: unknown;
  try {
    json = JSON.parse(d.text);
  } catch {
    const t = d.text.trimEnd();
    return fail('malformed', t.startsWith('{') && !t.endsWith('}') ? 'the file is truncated (the JSON ends early)' : 'the file is not JSON: it is not a Neptune save');
  }
  yield { done: 0, total: 0, phase: 'checking' };
  const bad = forbiddenKeyPath(json);
  if (bad) { const m = /^entries\[(\d+)\]/.exec(bad); return fail('malformed', forbiddenKeyMessage(bad), m ? Number(m[1]) : undefined); }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return fail('format', 'the file is JSON but not a Neptune save (expected an object with "format": "neptune-save")');
  const top = json as { format?: unknown; version?: unknown; encoding?: unknown; entries?: unknown; header?: unknown };
  if (top.format !== FORMAT) return fail('format', 'the file is JSON but not a Neptune save (expected "format": "neptune-save")');
  if (top.version === 1) return yield* migrateV1(json, opts);
  if (top.version !== FORMAT_VERSION) {
    return fail('format', typeof top.version === 'number' && top.version > FORMAT_VERSION
      ? `this save uses save format ${top.version}, written by a newer Neptune; this Neptune reads format ${FORMAT_VERSION}`
      : `unknown save format version ${JSON.stringify(top.version)}; this Neptune reads format ${FORMAT_VERSION}`);
  }
  const compact = top.encoding !== undefined;
  if (compact && top.encoding !== 'compact') return fail('format', `unknown save encoding ${JSON.stringify(top.encoding)}; this Neptune reads "compact"`);
  const n = top.entries;
  if (Array.isArray(n) && n.length > LIMITS.entries) return fail('format', `the file has ${n.length} log entries; this Neptune reads at most ${LIMITS.entries}`);
  // Cheap checks before the expensive ones (issue 15 hole 6): the header, the number of entries
  // against the game's length, and the seal, all before any entry is re-played.
  const hp = SaveHeader.safeParse(top.header);
  if (!hp.success) {
    const f = firstIssue(hp.error);
    return fail('format', `the file does not follow the save format at header${f.path ? `.${f.path}` : ''}: ${f.message}`);
  }
  const start = startFromHeader(hp.data, opts.bundles);
  if (!start.ok) {
    // A hotseat save of an older data version of this scenario is re-played on the current data.
    if (start.code === 'data-version' && hp.data.dice === 'hotseat' && knownDataVersion(hp.data.scenario, hp.data.dataHash)) return yield* migrateData(json, hp.data, compact, opts);
    return start;
  }
  if (Array.isArray(n) && n.length > maxEntries(start.game.state)) {
    return fail('format', `the file has ${n.length.toLocaleString('en')} log entries, more than a game of this length can have (at most ${maxEntries(start.game.state).toLocaleString('en')} for ${start.game.state.lastTurn + 1} game turns): it was not made by playing`);
  }
  yield { done: 0, total: Array.isArray(n) ? n.length : 0, phase: 'checking' };
  return compact ? yield* loadCompact(json, start.game) : yield* loadFull(json, start.game, !opts.bundles);
}

/**
 * The last full-form file this thread checked, as its re-play ended (issue 17). A file that continues
 * it (the opponent's turn file after the one before it; the next turn of a game opened from this
 * browser's storage) is re-played from there. Its first entries are that file's entries: the raw hash
 * of entry k − 1 covers every entry before it and, through entry 0's link, the header. Loads with the
 * built-in scenarios only (`LoadOptions.bundles` unset); one file kept.
 */
interface Checked extends ReplayedLists { root: string; rawHead: string; n: number; head: string; state: GameState; hash: string; track: DiceTrack }
let lastChecked: Checked | null = null;
let resumedAt = 0;
/** How many entries the last load took as checked, from the file checked before it (tests, bench). */
export function lastLoadResumedAt(): number { return resumedAt; }
/** Forgets the last file checked (tests: a load that starts from nothing). */
export function forgetCheckedFile(): void { lastChecked = null; }

function* loadFull(json: unknown, start: SavedGame, useChecked = false): Generator<LoadProgress, LoadResult, void> {
  const raw = json as { entries?: unknown; head?: unknown; header?: unknown };
  // The seal, from the raw entries: each entry's `prev` is the hash of the one before, the head the last's.
  // The hashes are kept: re-playing reuses them as the entries' hashes where the parsed entry is the raw one (step).
  const hashes: string[] = [];
  if (Array.isArray(raw.entries)) {
    let prev = start.save.head;
    for (let k = 0; k < raw.entries.length; k++) {
      const e = raw.entries[k] as { prev?: unknown } | null;
      if (!e || typeof e !== 'object' || e.prev !== prev) break; // the per-entry check below names it
      prev = canonHash(e);
      hashes.push(prev);
      if ((k & 1023) === 1023) yield { done: 0, total: raw.entries.length, phase: 'checking' };
      if (k === raw.entries.length - 1 && raw.head !== prev) {
        return fail('chain', `the end seal ("head") does not match entry ${k}: the last entry was edited or the file was cut`, k);
      }
    }
  }
  const parsed = parseFile(SaveFile, json, false);
  if (!parsed.ok) return parsed;
  const save = parsed.data;
  const root = start.save.head;
  const first = save.entries[0];
  if (first ? first.prev !== root : save.head !== root) {
    return fail('chain', 'the header (players, scenario, data version, seed or dice mode) was edited: it no longer matches the log', first ? 0 : undefined);
  }
  const total = save.entries.length;
  const c = useChecked ? lastChecked : null;
  const from = c && c.root === root && c.n > 0 && c.n <= total && hashes[c.n - 1] === c.rawHead ? c.n : 0;
  resumedAt = from;
  // This file's own parsed entries up to there (the same entries), in an array of this load's own.
  let game: SavedGame = c && from ? { save: { ...start.save, entries: save.entries.slice(0, from), head: c.head }, state: c.state, hash: c.hash, track: c.track } : start;
  const seen = replayCollector(c && from ? c : undefined);
  for (let i = from; i < total; i++) {
    const e = save.entries[i];
    // An orders entry's hexes go through a transform (HexRef): its parsed form is hashed anew.
    const known = e.kind === 'orders' ? undefined : hashes[game.save.entries.length];
    const r = step(game, e, true, undefined, known); // game is private to this load: grow its log in place
    if (!r.ok) return r;
    seen.add(e, game.state, r.applied, r.game.state);
    game = r.game;
    const k = game.save.entries.length;
    if (k % YIELD_EVERY === 0) yield { done: k, total, phase: 'replaying' };
  }
  if (save.head !== game.save.head) {
    return fail('chain', total ? `the end seal ("head") does not match entry ${total - 1}: the last entry was edited or the file was cut` : 'the end seal ("head") does not match the header', total ? total - 1 : undefined);
  }
  const warnings = save.header.engine === ENGINE_VERSION ? [] : [`written by Neptune engine ${save.header.engine}; this is ${ENGINE_VERSION}. It re-plays identically.`];
  const done = seen.done(game);
  if (useChecked && total > 0) {
    const rp = done.replayed!;
    lastChecked = { root, rawHead: hashes[total - 1], n: total, head: game.save.head, state: game.state, hash: game.hash, track: game.track, events: rp.events, undo: rp.undo, checkpoints: rp.checkpoints, bookmarks: rp.bookmarks };
  }
  return { ok: true, game: done, warnings };
}

/** A file parsed by the full or the compact save schema, or the format refusal naming the first bad path. */
function parseFile<T>(schema: { safeParse(j: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof firstIssue>[0] } }, json: unknown, compact: boolean): { ok: true; data: T } | LoadError {
  const p = schema.safeParse(json);
  if (p.success) return { ok: true, data: p.data };
  const f = firstIssue(p.error);
  return fail('format', `the file does not follow the ${compact ? 'compact ' : ''}save format at ${f.path || 'the top level'}: ${f.message}`, f.entry);
}

/**
 * Compact files: the seal over header and entries is checked first; then each entry is re-derived
 * by re-playing it (dice, state, chain links) and checked as usual; at the end the re-derived chain
 * must reach the file's `head`.
 */
function* loadCompact(json: unknown, start: SavedGame): Generator<LoadProgress, LoadResult, void> {
  const raw = json as { header?: unknown; entries?: unknown; seal?: unknown };
  if (Array.isArray(raw.entries) && raw.seal !== compactSeal(raw.header as SaveHeader, raw.entries)) {
    return fail('chain', 'the file was edited or damaged: its seal does not match its contents (checked before re-playing; a compact file cannot say which entry changed, the full file can)');
  }
  yield { done: 0, total: Array.isArray(raw.entries) ? raw.entries.length : 0, phase: 'checking' };
  const parsed = parseFile(CompactSaveFile, json, true);
  if (!parsed.ok) return parsed;
  const c = parsed.data;
  let game = start;
  const total = c.entries.length;
  const seen = replayCollector();
  for (const ce of c.entries) {
    const k = game.save.entries.length;
    const base = { i: k, prev: game.save.head, by: ce.by, ...(ce.at ? { at: ce.at } : {}) };
    let e: Entry;
    let pre: ApplyResult | undefined;
    if (ce.kind === 'action') {
      pre = apply(game.state, ce.action as Action);
      if (!pre.ok) return fail('rules', `entry ${k} (${describeAction(ce.action as Action)}) is refused by the rules: ${pre.error.message}${pre.error.case ? ` (${pre.error.case})` : ''}${versionNote(c.header)}`, k);
      e = { ...base, kind: 'action', action: ce.action, dice: pre.rolls, state: stateDigest(pre.state), ...(ce.proof ? { proof: ce.proof } : {}), ...(ce.order !== undefined ? { order: ce.order } : {}) };
    } else if (ce.kind === 'anchor') e = { ...base, kind: 'anchor', anchor: ce.anchor, length: ce.length, state: game.hash };
    else if (ce.kind === 'orders') e = { ...base, kind: 'orders', orders: ce.orders, state: game.hash };
    else e = { ...base, kind: 'commit', actions: ce.actions, salt: ce.salt, state: game.hash };
    const r = step(game, e, true, pre);
    if (!r.ok) return r;
    seen.add(e, game.state, r.applied, r.game.state);
    game = r.game;
    if ((k + 1) % YIELD_EVERY === 0) yield { done: k + 1, total, phase: 'replaying' };
  }
  if (game.save.head !== c.head) {
    return fail('chain', 'the file was edited: its seal ("head") does not match the re-played log (a compact file cannot say which entry changed; the full file can)');
  }
  const warnings = c.header.engine === ENGINE_VERSION ? [] : [`written by Neptune engine ${c.header.engine}; this is ${ENGINE_VERSION}. It re-plays identically.`];
  return { ok: true, game: seen.done(game), warnings };
}

/**
 * Save format 1 (issue 14 item 7): a hotseat file is migrated by re-playing its actions under this
 * Neptune's rules and data (its recorded dice and state hashes are not checked: a rules change since
 * may change them; a hotseat file makes no integrity claim). A play-by-e-mail file of format 1 is
 * refused: its dice protocol (free nonces, lazily published chains) is the one issue 15 replaced,
 * and its recorded dice cannot be re-derived under format 2.
 */
function* migrateV1(json: unknown, opts: LoadOptions): Generator<LoadProgress, LoadResult, void> {
  const top = json as { header?: { engine?: unknown; dice?: unknown; scenario?: unknown }; entries?: unknown };
  const made = `this save was made by save format 1 (Neptune engine ${typeof top.header?.engine === 'string' ? top.header.engine.slice(0, 40) : 'unknown'})`;
  if (top.header?.dice !== 'hotseat') {
    return fail('format', `${made}, for play by e-mail with ${String(top.header?.dice)} dice. Play-by-e-mail games of format 1 cannot be continued by this Neptune (format ${FORMAT_VERSION}: its dice protocol changed); finish the game with the Neptune that made it, or start a new one`);
  }
  const hp = SaveHeader.safeParse(top.header);
  if (!hp.success) return fail('format', `${made} and its header cannot be read: ${firstIssue(hp.error).message}`);
  if (!Array.isArray(top.entries)) return fail('format', `${made} and has no list of entries`);
  let bundle: ScenarioBundle;
  try { bundle = (opts.bundles ?? defaultBundles)(hp.data.scenario); } catch (e) {
    return fail('scenario', `${made}, of scenario "${hp.data.scenario}", which this Neptune cannot load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  const start = startFromHeader({ ...hp.data, engine: ENGINE_VERSION, dataHash: bundle.dataHash }, opts.bundles);
  if (!start.ok) return start;
  if (top.entries.length > maxEntries(start.game.state)) return fail('format', `${made} and has ${top.entries.length} log entries, more than a game of this length can have`);
  // The format 1 chain (full form): every `prev` and the `head`, from the hash of the header alone.
  const full = top.entries.length > 0 && typeof (top.entries[0] as { prev?: unknown } | null)?.prev === 'string';
  if (full) {
    let prev = canonHash(top.header);
    for (let k = 0; k < top.entries.length; k++) {
      const e = top.entries[k] as { prev?: unknown } | null;
      if (!e || e.prev !== prev) return fail('chain', `${made}, and its entry ${k} does not link to ${k ? `entry ${k - 1}` : 'the header'}: it was edited`, k);
      prev = canonHash(e);
    }
    if ((json as { head?: unknown }).head !== prev) return fail('chain', `${made}, and its end seal ("head") does not match its last entry: it was edited or cut`);
  }
  const r = yield* replayHotseat(start.game, top.entries, {
    notAction: (k) => fail('format', `${made}; its entry ${k} is not an action, which a hotseat file of format 1 cannot have`, k),
    prefix: `${made} and cannot be migrated`,
    refusedBy: "this Neptune's rules",
    suffix: '',
  });
  if (!r.ok) return r;
  return { ok: true, game: r.game, warnings: [`${made}: migrated to format ${FORMAT_VERSION} by re-playing its ${top.entries.length} actions under this Neptune's rules.`] };
}

/**
 * Re-plays the actions of a hotseat log on a fresh game, recording them anew (dice and state hashes
 * as this Neptune's rules and data produce them; the recorded ones are not checked). Used by both
 * migrations: a hotseat file makes no claim about its dice beyond its seed, which is kept.
 */
function* replayHotseat(start: SavedGame, entries: readonly unknown[], say: { notAction(k: number): LoadError; prefix: string; refusedBy: string; suffix: string }): Generator<LoadProgress, { ok: true; game: SavedGame } | LoadError, void> {
  let game = start;
  const total = entries.length;
  for (let k = 0; k < total; k++) {
    const e = entries[k] as { kind?: unknown; action?: unknown; by?: unknown; at?: unknown } | null;
    if (!e || e.kind !== 'action' || !e.action || typeof e.action !== 'object') return say.notAction(k);
    const action = e.action as Action;
    const r = apply(game.state, action);
    if (!r.ok) return fail('rules', `${say.prefix}: its entry ${k} (${describeAction(action)}) is refused by ${say.refusedBy}: ${r.error.message}${r.error.case ? ` (${r.error.case})` : ''}${say.suffix}`, k);
    const by = e.by === 'allied' || e.by === 'german' ? e.by : sideToAct(game.state) ?? 'allied';
    // The engine may return the action as it normalised it (issue 15): that is what a save records.
    const recorded = (r as { action?: Action }).action ?? action;
    const entry: Entry = { i: k, prev: game.save.head, by, ...(typeof e.at === 'string' ? { at: e.at.slice(0, 40) } : {}), state: stateDigest(r.state), kind: 'action', action: recorded, dice: r.rolls };
    const st = step(game, entry, true, r);
    if (!st.ok) return fail(st.code, `${say.prefix}: ${st.error}${say.suffix}`, k);
    game = st.game;
    if ((k + 1) % YIELD_EVERY === 0) yield { done: k + 1, total, phase: 'replaying' };
  }
  return { ok: true, game };
}

/**
 * A hotseat save (or autosave) written on an older data version of the same scenario (a version some
 * Neptune had: data-versions.json) is brought up to date by re-playing its actions on the current
 * data: actions name hexes by their printed IDs and units by id, so they survive a change of the
 * map's internal numbering. The file is first checked as it was written (its hash chain, or the
 * seal of a compact file), so an edited file is still refused. If the current rules refuse an
 * entry, the save is not opened and nothing is changed; the message names the entry and the rule.
 * The game keeps its id and seed; its header takes the current engine and data version.
 */
function* migrateData(json: unknown, header: SaveHeader, compact: boolean, opts: LoadOptions): Generator<LoadProgress, LoadResult, void> {
  const made = `this save of scenario "${header.scenario}" was written by Neptune engine ${header.engine} with older rules data (map, counters or scenario tables)`;
  let entries: readonly unknown[];
  if (compact) {
    const raw = json as { header?: unknown; entries?: unknown; seal?: unknown };
    if (Array.isArray(raw.entries) && raw.seal !== compactSeal(raw.header as SaveHeader, raw.entries)) {
      return fail('chain', `${made}, and it was edited or damaged: its seal does not match its contents`);
    }
    const p = parseFile(CompactSaveFile, json, true);
    if (!p.ok) return p;
    entries = p.data.entries;
  } else {
    const p = parseFile(SaveFile, json, false);
    if (!p.ok) return p;
    // The chain as written, from the header as written (format 2 seals the version with it).
    let prev = headerHash(p.data.header);
    for (let k = 0; k < p.data.entries.length; k++) {
      const e = p.data.entries[k];
      if (e.prev !== prev) return fail('chain', `${made}, and its entry ${k} does not link to ${k ? `entry ${k - 1}` : 'the header'}: it was edited`, k);
      prev = entryHash(e);
    }
    if (p.data.head !== prev) return fail('chain', `${made}, and its end seal ("head") does not match its last entry: it was edited or cut`);
    entries = p.data.entries;
  }
  let bundle: ScenarioBundle;
  try { bundle = (opts.bundles ?? defaultBundles)(header.scenario); } catch (e) {
    return fail('scenario', `this save is of scenario "${header.scenario}", which this Neptune cannot load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  const start = startFromHeader({ ...header, engine: ENGINE_VERSION, dataHash: bundle.dataHash }, opts.bundles);
  if (!start.ok) return start;
  const total = entries.length;
  if (total > maxEntries(start.game.state)) return fail('format', `${made} and has ${total} log entries, more than a game of this length can have`);
  yield { done: 0, total, phase: 'replaying' };
  const r = yield* replayHotseat(start.game, entries, {
    notAction: (k) => fail('protocol', `${made}; its entry ${k} is not an action, which a hotseat save cannot have`, k),
    prefix: `${made} and cannot be brought up to date with the current rules data`,
    refusedBy: 'the current rules',
    suffix: '. The save was not opened and is kept as it was.',
  });
  if (!r.ok) return r;
  const notice = `This game was saved with older rules data (Neptune engine ${header.engine}) and was brought up to date with the current rules data: ${total} action${total === 1 ? '' : 's'} re-played.`;
  return { ok: true, game: { ...r.game, notice }, warnings: [notice] };
}
