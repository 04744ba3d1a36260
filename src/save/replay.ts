/**
 * Replay of a verified save for the VCR bar and the "what changed since my last turn" summary
 * (anchors.md §5.6). Pure: states after each entry (immer shares what did not change, so a long log
 * costs little memory), the events of each entry, and bookmarks at turn and phase starts.
 */
import { newGame, apply, view, type Action, type GameEvent, type GameState, type Side } from '../engine';
import { formatHex } from '../engine/hex';
import type { SaveFile } from './format';
import { defaultBundles, describeAction, emptyTrack, entryHash, headerHash, type BundleSource, type Replayed, type SavedGame } from './verify';
import { stateDigest } from './digest';
import { unitIds, unitOf } from '../engine/unitTable';

export interface Bookmark { /** Step index (0 = the start). */ step: number; label: string; kind: 'turn' | 'phase' }

export interface Timeline {
  /** states[0] is the start; states[k] the state after entry k-1. */
  states: GameState[];
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
  const labels = ['start'];
  const bookmarks: Bookmark[] = [{ step: 0, label: view(start.state, 'allied').label, kind: 'turn' }];
  let s = start.state;
  for (const e of save.entries) {
    let ev: GameEvent[] = [];
    if (e.kind === 'action') {
      const r = apply(s, e.action as Action);
      if (r.ok) { s = r.state; ev = r.events; }
      labels.push(`${e.by}: ${describeAction(e.action as Action)}${e.order !== undefined ? ` (standing order ${e.order + 1})` : ''}`);
    } else labels.push(`${e.by}: ${e.kind === 'anchor' ? 'publishes its dice chain' : e.kind === 'orders' ? `sets ${e.orders.orders.length} standing order(s)` : `commits to ${e.actions.length} action(s)`}`);
    const step = states.length;
    states.push(s);
    events.push(ev);
    const prev = states[step - 1].pos;
    if (s.pos.turn !== prev.turn || s.pos.playerTurn !== prev.playerTurn) bookmarks.push({ step, label: view(s, 'allied').label, kind: 'turn' });
    else if (s.pos.phase !== prev.phase) bookmarks.push({ step, label: view(s, 'allied').label, kind: 'phase' });
  }
  return { states, events, labels, bookmarks };
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
  const a = tl.states[Math.max(0, Math.min(from, tl.states.length - 1))];
  const b = tl.states[tl.states.length - 1];
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
export function undoStackOf(game: SavedGame, tl: Timeline | ((k: number) => GameState | undefined)): SavedGame[] {
  const { save } = game;
  if (save.header.dice !== 'hotseat') return [];
  const barrier = game.state.barrier;
  const out: SavedGame[] = [];
  const stateBefore = typeof tl === 'function' ? tl : (k: number) => tl.states[k];
  for (let k = save.entries.length - 1; k >= 0; k--) {
    const before = stateBefore(k);
    if (save.entries[k].kind !== 'action' || !before || before.n < barrier) break;
    const entries = save.entries.slice(0, k);
    const head = k === 0 ? headerHash(save.header) : entryHash(save.entries[k - 1]);
    out.unshift({ ...game, save: { ...save, entries, head }, state: before, hash: stateDigest(before), track: emptyTrack() });
  }
  return out;
}
