/**
 * The game store: the action log is the game; the state is derived by the engine. Undo walks back
 * through the states kept since the last information barrier (a die roll or the other side acting).
 */
import { create } from 'zustand';
import { bundleOf, hasBundle, newGame, stateHash, sideToAct, view, type Action, type GameEvent, type GameLog, type GameState, type NewGameOptions, type ScenarioBundle, type Side } from '../engine';
import { loadMap, loadScenario } from '../data/bundle';
import { appendAction, appendOrders, applyStandingOrders, canon, createSave, describeAction, timelineOf, undoStackOf, type SavedGame, type StandingOrders } from '../save';
import { enemyOf } from '../engine/query';
import type { Board } from '../engine/board';
import { commit, diceRefusal, newSeat, prepareSend, refusal, reveal, seatFor, writeSeat, type PbemSeat } from './pbem';

export interface LogEntry {
  /** Index of the action that produced the entry (-1: game setup). */
  action: number;
  event: GameEvent;
}

export interface GameStore {
  /** The board on screen: the game's, or a map opened for browsing without a game. */
  board: Board | null;
  bundle: ScenarioBundle | null;
  log: GameLog | null;
  state: GameState | null;
  /** The game as a hash-chained save (src/save): every action is recorded in it; autosaved. */
  saved: SavedGame | null;
  /** Saves before each action since the last barrier, newest last (undo stack). */
  undoStack: SavedGame[];
  /** A save being replayed (read-only VCR), with the step to start from. */
  replaying: { game: SavedGame; from: number } | null;
  /** Opens a verified save (resume, import): the game continues from its last entry. */
  openSaved(game: SavedGame, opts?: { replayFrom?: number }): void;
  /** Shows a replay step's state on the map (VCR); the game itself is not changed. */
  showReplayStep(state: GameState, events: GameEvent[]): void;
  stopReplay(): void;
  entries: LogEntry[];
  /** Last rejection, shown to the player; the game itself is unchanged. */
  error: string | null;
  selectedHex: number | null;
  /** Units of the selected stack left behind when it moves (unticked in the inspector). */
  heldUnits: string[];
  toggleHeld(id: string): void;
  hoverHex: number | null;
  /** The keyboard's hex cursor on the map (arrow keys), or null before the map was focused. */
  cursorHex: number | null;
  setCursor(h: number | null): void;
  /** `preset`: a bundle built in memory (the benchmark campaign, src/bench/campaign.ts) instead of data/'s scenario. */
  startGame(scenarioId: string, options: NewGameOptions, aiSide?: Side | null, pbem?: { me: Side; dice: 'fast' | 'strict' }, preset?: ScenarioBundle): void;
  /** Play by e-mail: the side this browser plays (and its strict-mode chain), or null (hotseat, solo). */
  pbem: PbemSeat | null;
  /** Strict PBEM: the rolling action(s) the player tried, offered for a commitment. */
  strictOffer: Action[] | null;
  /**
   * PBEM standing orders this player is writing for the opponent's coming turn (src/save/orders.ts):
   * written into the file by `pbemStep('send')` when they differ from the orders in force.
   */
  ordersDraft: StandingOrders;
  setOrdersDraft(o: StandingOrders): void;
  /**
   * PBEM steps that write protocol entries: `send` seals the turn before the download (fast: a
   * nonce; strict: the chain anchor the first time), `commit` commits to `strictOffer`, `reveal`
   * reveals for the opponent's commitment, `resolve` plays my revealed commitment. False (with
   * `error` set) when refused; the game is then unchanged.
   */
  pbemStep(step: 'send' | 'commit' | 'reveal' | 'resolve'): boolean;
  /** The side the programmed opponent plays (solo), or null (hotseat). */
  aiSide: Side | null;
  /** Progress of the opponent's thinking, shown while it plays. */
  aiProgress: { progress: number; label: string; actions: number } | null;
  browseMap(mapId: string): void;
  /** Counter sheet of a scenario roster on screen (issue 4), or null. */
  sheet: string | null;
  openSheet(id: string | null): void;
  leave(): void;
  /** Applies an action; from the human UI it is refused while the opponent is to act. */
  dispatch(action: Action, from?: 'human' | 'ai'): boolean;
  /**
   * Applies actions in order as one player step (a stack's move is one move per unit): undo takes
   * them all back at once. Stops at the first refusal (its reason in `error`); true when all applied.
   */
  dispatchAll(actions: Action[]): boolean;
  undo(): void;
  canUndo(): boolean;
  selectHex(h: number | null): void;
  hover(h: number | null): void;
  clearError(): void;
}

export const useGame = create<GameStore>()((set, get) => ({
  board: null,
  aiSide: null,
  pbem: null,
  strictOffer: null,
  ordersDraft: { orders: [] },
  setOrdersDraft: (o) => set({ ordersDraft: o }),
  aiProgress: null,
  sheet: null,
  openSheet: (id) => set({ sheet: id }),
  bundle: null,
  log: null,
  state: null,
  saved: null,
  replaying: null,
  undoStack: [],
  entries: [],
  error: null,
  selectedHex: null,
  heldUnits: [],
  toggleHeld: (id) => set((s) => ({ heldUnits: s.heldUnits.includes(id) ? s.heldUnits.filter((x) => x !== id) : [...s.heldUnits, id] })),
  hoverHex: null,
  cursorHex: null,
  setCursor: (h) => set({ cursorHex: h }),

  startGame(scenarioId, options, aiSide = null, pbem, preset) {
    const t0 = performance.now();
    const bundle = preset ?? loadScenario(scenarioId);
    if (typeof window !== 'undefined') window.__marks = { ...(window.__marks ?? {}), gameStart: t0, scenarioLoaded: performance.now() };
    const { events } = newGame(bundle, options);
    // The save records the seed: hotseat dice are local randomness, said so in its header.
    // PBEM: this browser's side and dice chain are private (the file names both players and the creator); kept by game id.
    const seat: PbemSeat | null = pbem ? newSeat(pbem.me) : null;
    const created = createSave({ scenario: scenarioId, length: options.length, players: options.players, seed: options.seed, dice: pbem?.dice ?? 'hotseat', created: new Date().toISOString(), bundles: () => bundle, ...(seat ? { creator: { side: seat.me, chain: seat.chain! } } : {}) });
    if (!created.ok) { set({ error: created.error }); return; }
    const saved = created.game;
    if (seat) writeSeat(saved.save.header.game, seat);
    set({
      aiSide: pbem ? null : aiSide,
      pbem: seat,
      strictOffer: null,
      aiProgress: null,
      board: bundle.board,
      bundle,
      saved,
      replaying: null,
      state: saved.state,
      log: { scenario: scenarioId, dataHash: bundle.dataHash, options, actions: [] },
      undoStack: [],
      entries: events.map((event) => ({ action: -1, event })),
      error: null,
      selectedHex: null,
    });
  },

  browseMap(mapId) {
    get().leave();
    const t0 = performance.now();
    const board = loadMap(mapId);
    if (typeof window !== 'undefined') window.__marks = { ...(window.__marks ?? {}), gameStart: t0, scenarioLoaded: performance.now() };
    set({ board, bundle: null, state: null, log: null, undoStack: [], entries: [], error: null, selectedHex: null });
  },

  openSaved(game, opts = {}) {
    const h = game.save.header;
    let bundle: ScenarioBundle;
    try {
      // The scenario as the file check registered it, when it is this save's data (its hash): checking
      // the data files again is most of opening a checked game (Cherbourg: 60 ms).
      const known = game.state.scenario === h.scenario && hasBundle(h.scenario) ? bundleOf(game.state) : null;
      bundle = known && known.dataHash === h.dataHash ? known : loadScenario(h.scenario);
    } catch (e) {
      set({ error: `This save's scenario cannot be loaded: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    // From what the file check's re-play kept when the game has it (issue 17: the page does not re-play a
    // long log again); any other game is re-played here. The replay panel reuses the same timeline.
    const tl = timelineOf(game, () => bundle);
    const actions = game.save.entries.flatMap((e) => (e.kind === 'action' ? [e.action as Action] : []));
    const entries: LogEntry[] = tl.events.flatMap((evs, k) => evs.map((event) => ({ action: k - 1, event })));
    // A solo game names the opponent "Neptune AI" in the header (StartScreen).
    const aiSide = (Object.entries(h.players).find(([, name]) => name === 'Neptune AI')?.[0] ?? null) as Side | null;
    set({
      aiSide, aiProgress: null, sheet: null, pbem: seatFor(game), strictOffer: null, ordersDraft: myOrders(game),
      board: bundle.board, bundle, saved: game, state: game.state,
      log: { scenario: h.scenario, dataHash: h.dataHash, options: { seed: h.seed, length: h.length, players: h.players }, actions },
      // Undo survives a reload (issue 16 item 11): the stack is rebuilt from the save's own entries.
      undoStack: opts.replayFrom === undefined ? undoStackOf(game, tl) : [], entries, error: null, selectedHex: null,
      replaying: opts.replayFrom !== undefined ? { game, from: opts.replayFrom } : null,
    });
  },

  showReplayStep(state, events) {
    set({ state, entries: events.map((event) => ({ action: -1, event })) });
  },

  stopReplay() {
    const { saved } = get();
    if (saved) get().openSaved(saved);
  },

  leave() {
    set({ saved: null, replaying: null, aiSide: null, pbem: null, strictOffer: null, aiProgress: null, sheet: null, board: null, bundle: null, state: null, log: null, undoStack: [], entries: [], error: null, selectedHex: null, hoverHex: null });
  },

  dispatch(action, from = 'human') {
    const r = step(get(), action, from);
    if (r.patch) set(r.patch);
    return r.ok;
  },

  dispatchAll(actions) {
    // One store update for the group (issue 17): the map and the panels see the group's end state only,
    // not each unit's move (a stack's counters laid out again per unit rebuilt the units' draw list).
    const start = get();
    const now: GameStore = { ...start };
    const patch: Partial<GameStore> = {};
    let done = 0;
    for (const a of actions) {
      const r = step(now, a, 'human');
      if (r.patch) { Object.assign(now, r.patch); Object.assign(patch, r.patch); }
      if (!r.ok) break;
      done++;
    }
    // One undo step for the group, when no barrier (a die roll, the other side) came in between.
    const st = now.undoStack;
    const depth = start.undoStack.length;
    if (done > 1 && start.saved && st.length === depth + done) patch.undoStack = [...st.slice(0, depth), start.saved];
    if (Object.keys(patch).length) set(patch);
    return done === actions.length;
  },

  pbemStep(step) {
    const { saved, pbem, log, entries, strictOffer, replaying } = get();
    if (!saved || !pbem || !log) return false;
    if (replaying) { set({ error: 'Leave the replay first (“Back to the game”).' }); return false; }
    const at = new Date().toISOString();
    let seat = pbem;
    let next: SavedGame = saved;
    let lapsed: string | null = null;
    const events: LogEntry[] = [];
    if (step === 'send') {
      // My standing orders for the opponent's coming turn go into the file first, when they changed.
      const draft = get().ordersDraft;
      const inForce = saved.track.orders?.[pbem.me]?.orders ?? { orders: [] };
      if (saved.save.header.dice !== 'hotseat' && canon(draft) !== canon(inForce) && (draft.orders.length || saved.track.orders?.[pbem.me])) {
        const o = appendOrders(saved, pbem.me, draft, { at });
        if (!o.ok) { set({ error: `The standing orders could not be written: ${o.error}` }); return false; }
        next = o.game;
      }
      const r = prepareSend(next, pbem, undefined, at);
      if (!r.ok) { set({ error: `The turn could not be sealed: ${r.error}` }); return false; }
      next = r.game;
      if (r.seat) { seat = r.seat; writeSeat(saved.save.header.game, seat); }
      const mine = myOrders(next);
      if (canon(mine) !== canon(get().ordersDraft)) set({ ordersDraft: mine });
    } else if (step === 'commit' || step === 'reveal') {
      if (step === 'commit' && !strictOffer) { set({ error: 'Nothing to commit to: try the action that rolls dice first.' }); return false; }
      const r = step === 'commit' ? commit(saved, pbem, strictOffer!, undefined, at) : reveal(saved, pbem, at);
      if (!r.ok) { set({ error: `Strict dice: ${r.error}` }); return false; }
      next = r.game;
    } else {
      // Strict: play the revealed committed actions in order, collecting their events for the log. An
      // action the dice made unplayable ends the commitment (the rest lapses; docs/save-format.md).
      let rolled = false;
      for (const a of saved.track.queue[pbem.me] ?? []) {
        const w = appendAction(next, a, { by: pbem.me, at });
        if (!w.ok && rolled && w.code === 'rules') { lapsed = `After the dice, your committed ${describeAction(a)} is no longer possible (${w.error}): the rest of your commitment lapsed; play on.`; break; }
        if (!w.ok) { set({ error: `A committed action could not be played: ${w.error}` }); return false; }
        rolled ||= (w.applied?.rolls.length ?? 0) > 0;
        const idx = log.actions.length + next.save.entries.length - saved.save.entries.length;
        for (const event of w.applied?.events ?? []) events.push({ action: idx, event });
        next = w.game;
      }
    }
    // Every new action entry (diceKey, committed actions) goes into the engine log too; anchors and
    // commitments are save-layer entries only. Sending gives information away: undo stops here.
    const added = next.save.entries.slice(saved.save.entries.length).flatMap((e) => (e.kind === 'action' ? [e.action as Action] : []));
    set({
      saved: next, state: next.state, pbem: seat, strictOffer: step === 'commit' ? null : strictOffer,
      log: { ...log, actions: [...log.actions, ...added] },
      undoStack: [], entries: [...entries, ...events], error: lapsed,
    });
    return true;
  },

  canUndo() {
    const { state, undoStack } = get();
    return !!state && undoStack.length > 0 && state.n > state.barrier;
  },

  undo() {
    const { log, undoStack, entries } = get();
    if (!get().canUndo() || !log) return;
    const prev = undoStack[undoStack.length - 1];
    // The save's action entries are the log's actions (a grouped step may hold several).
    const last = prev.save.entries.filter((e) => e.kind === 'action').length;
    set({
      saved: prev,
      state: prev.state,
      log: { ...log, actions: log.actions.slice(0, last) },
      undoStack: undoStack.slice(0, -1),
      entries: entries.filter((e) => e.action < last),
      error: null,
    });
  },

  selectHex: (h) => set((s) => (s.selectedHex === h ? {} : { selectedHex: h, heldUnits: [] })),
  hover: (h) => set({ hoverHex: h }),
  clearError: () => set({ error: null }),
}));

/**
 * One action applied to the store's game `s` (not written to the store): the fields that change, and
 * whether the action was played; a refusal's patch holds only its `error` (and the strict offer).
 */
function step(s: GameStore, action: Action, from: 'human' | 'ai'): { ok: boolean; patch: Partial<GameStore> | null } {
  const { state, log, undoStack, entries, aiSide, saved, replaying, pbem } = s;
  if (!state || !log || !saved) return { ok: false, patch: null };
  if (replaying) return { ok: false, patch: { error: 'Leave the replay to play on.' } };
  if (from === 'human' && aiSide && sideToAct(state) === aiSide) {
    return { ok: false, patch: { error: 'The opponent is playing: wait for your turn or decision.' } };
  }
  if (pbem) {
    const no = refusal(saved, pbem.me);
    if (no) return { ok: false, patch: { error: no } };
  }
  // The save applies the action through the engine and records it with its dice and state hash;
  // a refusal carries the engine's reason and case, and nothing changes.
  const w = appendAction(saved, action);
  if (!w.ok) {
    if (pbem && w.code === 'dice') {
      // PBEM dice protocol: the rolls of this action are not available yet (docs/save-format.md "Dice modes").
      return { ok: false, patch: { error: diceRefusal(saved, pbem.me, describeAction(action)), strictOffer: saved.save.header.dice === 'strict' ? [action] : null } };
    }
    return { ok: false, patch: { error: w.code === 'rules' ? w.error : `The action could not be recorded: ${w.error}` } };
  }
  const r = w.applied ?? { events: [], barrier: true };
  const index = log.actions.length;
  let game = w.game;
  const actions = [...log.actions, ((w.game.save.entries.at(-1) as { action?: Action } | undefined)?.action ?? action)];
  const added = r.events.map((event) => ({ action: index, event }));
  // PBEM: the opponent's standing orders answer its decisions here, recorded as its actions (issue 15).
  const ordered = pbem ? applyStandingOrders(game, enemyOf(pbem.me), new Date().toISOString()) : null;
  if (ordered?.applied.length) {
    game = ordered.game;
    for (const x of ordered.applied) { for (const event of x.events) added.push({ action: actions.length, event: event as GameEvent }); actions.push(x.action as Action); }
  }
  return {
    ok: true,
    patch: {
      saved: game,
      state: game.state,
      // The log keeps the action as the engine normalised and the save recorded it (issue 15).
      log: { ...log, actions },
      undoStack: r.barrier || ordered?.applied.length ? [] : [...undoStack, saved],
      entries: [...entries, ...added],
      error: null,
      strictOffer: null,
    },
  };
}

/** The standing orders this browser's side has in force in `game` (the draft it starts from). */
function myOrders(game: SavedGame): StandingOrders {
  const seat = seatFor(game);
  return (seat && game.track.orders?.[seat.me]?.orders) || { orders: [] };
}

/** Helpers for panels. */
export const currentActor = (s: GameState | null) => (s ? sideToAct(s) : null);
export const currentView = (s: GameState | null) => (s ? view(s, sideToAct(s) ?? 'allied') : null);
export const currentHash = (s: GameState | null) => (s ? stateHash(s) : '');
