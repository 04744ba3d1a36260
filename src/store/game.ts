/**
 * The game store: the action log is the game; the state is derived by the engine. Undo walks back
 * through the states kept since the last information barrier (a die roll or the other side acting).
 */
import { create } from 'zustand';
import { apply, newGame, stateHash, sideToAct, view, type Action, type GameEvent, type GameLog, type GameState, type NewGameOptions, type ScenarioBundle, type Side } from '../engine';
import { loadMap, loadScenario } from '../data/bundle';
import type { Board } from '../engine/board';

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
  /** States before each action since the last barrier, newest last (undo stack). */
  undoStack: GameState[];
  entries: LogEntry[];
  /** Last rejection, shown to the player; the game itself is unchanged. */
  error: string | null;
  selectedHex: number | null;
  hoverHex: number | null;
  startGame(scenarioId: string, options: NewGameOptions, aiSide?: Side | null): void;
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
  undo(): void;
  canUndo(): boolean;
  selectHex(h: number | null): void;
  hover(h: number | null): void;
  clearError(): void;
}

export const useGame = create<GameStore>()((set, get) => ({
  board: null,
  aiSide: null,
  aiProgress: null,
  sheet: null,
  openSheet: (id) => set({ sheet: id }),
  bundle: null,
  log: null,
  state: null,
  undoStack: [],
  entries: [],
  error: null,
  selectedHex: null,
  hoverHex: null,

  startGame(scenarioId, options, aiSide = null) {
    const t0 = performance.now();
    const bundle = loadScenario(scenarioId);
    if (typeof window !== 'undefined') window.__marks = { ...(window.__marks ?? {}), gameStart: t0, scenarioLoaded: performance.now() };
    const { state, events } = newGame(bundle, options);
    set({
      aiSide,
      aiProgress: null,
      board: bundle.board,
      bundle,
      state,
      log: { scenario: scenarioId, dataHash: bundle.dataHash, options, actions: [] },
      undoStack: [],
      entries: events.map((event) => ({ action: -1, event })),
      error: null,
      selectedHex: null,
    });
  },

  browseMap(mapId) {
    const t0 = performance.now();
    const board = loadMap(mapId);
    if (typeof window !== 'undefined') window.__marks = { ...(window.__marks ?? {}), gameStart: t0, scenarioLoaded: performance.now() };
    set({ board, bundle: null, state: null, log: null, undoStack: [], entries: [], error: null, selectedHex: null });
  },

  leave() {
    set({ aiSide: null, aiProgress: null, sheet: null, board: null, bundle: null, state: null, log: null, undoStack: [], entries: [], error: null, selectedHex: null, hoverHex: null });
  },

  dispatch(action, from = 'human') {
    const { state, log, undoStack, entries, aiSide } = get();
    if (!state || !log) return false;
    if (from === 'human' && aiSide && sideToAct(state) === aiSide) {
      set({ error: 'The opponent is playing: wait for your turn or decision.' });
      return false;
    }
    const r = apply(state, action);
    if (!r.ok) {
      set({ error: `${r.error.message}${r.error.case ? ` (${r.error.case})` : ''}` });
      return false;
    }
    const index = log.actions.length;
    set({
      state: r.state,
      log: { ...log, actions: [...log.actions, action] },
      undoStack: r.barrier ? [] : [...undoStack, state],
      entries: [...entries, ...r.events.map((event) => ({ action: index, event }))],
      error: null,
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
    const last = log.actions.length - 1;
    set({
      state: prev,
      log: { ...log, actions: log.actions.slice(0, last) },
      undoStack: undoStack.slice(0, -1),
      entries: entries.filter((e) => e.action < last),
      error: null,
    });
  },

  selectHex: (h) => set({ selectedHex: h }),
  hover: (h) => set({ hoverHex: h }),
  clearError: () => set({ error: null }),
}));

/** Helpers for panels. */
export const currentActor = (s: GameState | null) => (s ? sideToAct(s) : null);
export const currentView = (s: GameState | null) => (s ? view(s, sideToAct(s) ?? 'allied') : null);
export const currentHash = (s: GameState | null) => (s ? stateHash(s) : '');
