/**
 * Replay of a verified save for the VCR bar and the "what changed since my last turn" summary
 * (anchors.md §5.6). Pure: states after each entry (immer shares what did not change, so a long log
 * costs little memory), the events of each entry, and bookmarks at turn and phase starts.
 */
import { newGame, apply, view, type Action, type GameEvent, type GameState, type Side } from '../engine';
import { formatHex } from '../engine/hex';
import type { SaveFile } from './format';
import { defaultBundles, describeAction, emptyTrack, entryHash, headerHash, stepBookmark, type Bookmark, type BundleSource, type Replayed, type SavedGame } from './verify';
import { stateDigest } from './digest';
import { unitIds, unitOf } from '../engine/unitTable';

export type { Bookmark };

export interface Timeline {
  /** The number of steps: the start, then one per entry. */
  length: number;
  /** The state at step k: 0 the start, k the state after entry k-1 (a timeline of a load makes it on demand, `timelineOf`). */
  stateAt(k: number): GameState;
  /** events[k]: events of entry k-1 (events[0]: the setup). */
  events: GameEvent[][];
  /** Short label per step. */
  labels: string[];
  bookmarks: Bookmark[];
}

/** Timelines already built, per save object (immutable): the store, the replay bar and the summary share one re-play. */
const built = new WeakMap<SaveFile, Timeline>();

/**
 * What the load that made `game` re-played (verify.ts `Replayed`), when it is this game's: the same
 * save object, one list of events per entry. Else null (the game was played on, or made otherwise).
 */
export function replayedOf(game: SavedGame): Replayed | null {
  const r = game.replayed;
  return r && r.save === game.save && r.events.length === game.save.entries.length ? r : null;
}

/** Builds the timeline of a save that loadSave accepted (entries are trusted here); built once per save object. */
export function timeline(save: SaveFile, bundles: BundleSource = defaultBundles): Timeline {
  let t = built.get(save);
  if (!t) { t = buildTimeline(save, bundles); built.set(save, t); }
  return t;
}

function buildTimeline(save: SaveFile, bundles: BundleSource): Timeline {
  const bundle = bundles(save.header.scenario);
  const start = newGame(bundle, { seed: save.header.seed, length: save.header.length, players: save.header.players });
  const states = [start.state];
  const events: GameEvent[][] = [start.events];
  const bookmarks: Bookmark[] = [{ step: 0, label: view(start.state, 'allied').label, kind: 'turn' }];
  let s = start.state;
  for (const e of save.entries) {
    let ev: GameEvent[] = [];
    if (e.kind === 'action') {
      const r = apply(s, e.action as Action);
      if (r.ok) { s = r.state; ev = r.events; }
    }
    const step = states.length;
    const b = stepBookmark(states[step - 1], s, step);
    if (b) bookmarks.push(b);
    states.push(s);
    events.push(ev);
  }
  return { length: states.length, stateAt: (k) => states[k], events, labels: entryLabels(save), bookmarks };
}

/** The label of each step: "start", then who wrote each entry and what (the store and the VCR word it for players). */
function entryLabels(save: SaveFile): string[] {
  return ['start', ...save.entries.map((e) => e.kind === 'action'
    ? `${e.by}: ${describeAction(e.action as Action)}${e.order !== undefined ? ` (standing order ${e.order + 1})` : ''}`
    : `${e.by}: ${e.kind === 'anchor' ? 'publishes its dice chain' : e.kind === 'orders' ? `sets ${e.orders.orders.length} standing order(s)` : `commits to ${e.actions.length} action(s)`}`)];
}

/**
 * The timeline of a game, from the re-play of the load that made it when it has one (`replayedOf`):
 * its events and bookmarks as they are, and each step's state made when asked, from the nearest state
 * the load kept (one every `CHECKPOINT_EVERY` entries) by applying the entries after it. Stepping on
 * applies one entry (the last state asked is kept). Else `timeline`, a re-play of the whole save.
 */
export function timelineOf(game: SavedGame, bundles: BundleSource = defaultBundles): Timeline {
  const rp = replayedOf(game);
  if (!rp) return timeline(game.save, bundles);
  let t = built.get(game.save);
  if (t) return t;
  const { save } = game;
  const h = save.header;
  const setup = newGame(bundles(h.scenario), { seed: h.seed, length: h.length, players: h.players }).events;
  const length = save.entries.length + 1;
  let cursor: [number, GameState] = rp.checkpoints[0];
  const stateAt = (k: number): GameState => {
    if (k >= length - 1) return game.state;
    let [at, s] = cursor[0] <= k ? cursor : rp.checkpoints[0];
    // The kept state nearest below k (the VCR's, and the undo stack's at the end), unless the last one asked is nearer.
    for (const kept of [rp.checkpoints, rp.undo]) for (const c of kept) if (c[0] <= k && c[0] > at) [at, s] = c;
    for (; at < k; at++) {
      const e = save.entries[at];
      if (e.kind !== 'action') continue;
      const r = apply(s, e.action as Action);
      if (r.ok) s = r.state;
    }
    cursor = [k, s];
    return s;
  };
  t = { length, stateAt, events: [setup, ...rp.events], labels: entryLabels(save), bookmarks: rp.bookmarks };
  built.set(save, t);
  return t;
}

export interface ChangeSummary {
  moved: { unit: string; from: string | null; to: string | null }[];
  losses: { unit: string; steps: number; eliminated: boolean }[];
  rolls: { by: Side; purpose: string; faces: number[]; value: number }[];
  /** Turn/phase labels passed. */
  passed: string[];
  /** Number of entries since. */
  entries: number;
}

/**
 * What changed from step `from` (e.g. the length of my copy before importing the opponent's file)
 * to the end: unit positions, step losses, every die rolled and the phases passed.
 */
export function changesSince(save: SaveFile, tl: Timeline, from: number): ChangeSummary {
  const a = tl.stateAt(Math.max(0, Math.min(from, tl.length - 1)));
  const b = tl.stateAt(tl.length - 1);
  const hex = (h: number | null) => (h === null ? null : formatHex(h));
  const moved: ChangeSummary['moved'] = [];
  const losses: ChangeSummary['losses'] = [];
  for (const id of unitIds(b)) {
    const u = unitOf(b, id);
    const was = unitOf(a, id);
    // A unit eliminated since is listed under losses, not as a move off the map (issue 16 item 11).
    const killed = !!u.eliminated && !was?.eliminated;
    if ((!was || was.hex !== u.hex) && !killed) moved.push({ unit: id, from: was ? hex(was.hex) : null, to: hex(u.hex) });
    const lost = u.stepsLost - (was?.stepsLost ?? 0);
    if (lost > 0 || (u.eliminated && !was?.eliminated)) losses.push({ unit: id, steps: lost, eliminated: !!u.eliminated });
  }
  const rolls: ChangeSummary['rolls'] = [];
  for (const e of save.entries.slice(from)) if (e.kind === 'action') for (const d of e.dice) rolls.push({ by: e.by, purpose: d.purpose, faces: d.faces, value: d.value });
  const passed = tl.bookmarks.filter((m) => m.step > from).map((m) => m.label);
  return { moved, losses, rolls, passed, entries: Math.max(0, save.entries.length - from) };
}

/**
 * The undo stack of a reopened hotseat or solo game (issue 16 item 11: undo history was lost on
 * reload): the game as it stood before each action since the last information barrier, newest last,
 * as the store keeps it during play. Each is a prefix of the verified save (its entries, head,
 * state and digest), so undo after a reload gives the same game as undo before it. A stack move
 * played as one step is undone unit by unit here (the grouping is not in the file). PBEM games
 * start with no undo: their files went to the opponent.
 */
export function undoStackOf(game: SavedGame, tl: Timeline): SavedGame[] {
  const { save } = game;
  if (save.header.dice !== 'hotseat') return [];
  const barrier = game.state.barrier;
  const out: SavedGame[] = [];
  for (let k = save.entries.length - 1; k >= 0; k--) {
    if (save.entries[k].kind !== 'action') break;
    const before = tl.stateAt(k);
    if (before.n < barrier) break;
    const entries = save.entries.slice(0, k);
    const head = k === 0 ? headerHash(save.header) : entryHash(save.entries[k - 1]);
    out.unshift({ ...game, save: { ...save, entries, head }, state: before, hash: stateDigest(before), track: emptyTrack() });
  }
  return out;
}
