/**
 * The UI's handle on the opponent. The store calls `startAiTurn` whenever `sideToAct(state)` is the
 * AI's side (its own player turn, or a decision it owes in the other side's turn — defending a GA,
 * taking FS hits); each action arrives through `onAction` in order and goes into the log exactly as a
 * player's action would (appendAction), so saves, undo barriers and replay work unchanged.
 *
 *   const h = startAiTurn(log, 'german', (a) => store.getState().appendAction(a), (p) => setAiProgress(p));
 *   await h.done;           // resolves when the other side is to act (or rejects with the reason)
 *   h.cancel();             // e.g. on undo / new game
 *   h.setLevel('fast');     // "think faster": takes effect on the next side-turn
 *
 * Without Worker support (tests, SSR) it runs in-thread with the same protocol.
 */
import type { Action, GameLog, GameState, Side } from '../engine/types';
import type { AiLevel } from './context';
import type { FromWorker, ToWorker } from './protocol';

export interface AiProgress { progress: number; label: string; actions: number }

export interface AiTurnHandle {
  done: Promise<{ actions: number; ms: number }>;
  cancel(): void;
  setLevel(level: AiLevel): void;
}

let worker: Worker | null = null;
let nextId = 1;
let level: AiLevel = 'normal';

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

/** Sets the thinking level of later side-turns ("think faster" = 'fast'). */
export function setAiLevel(l: AiLevel): void { level = l; }

export function startAiTurn(game: GameLog | GameState, side: Side, onAction: (a: Action) => void, onProgress?: (p: AiProgress) => void): AiTurnHandle {
  const id = nextId++;
  const isState = (g: GameLog | GameState): g is GameState => 'units' in g && 'pos' in g;
  const msg: ToWorker = { type: 'start', id, side, level, ...(isState(game) ? { state: game } : { log: game }) };
  let cancel = () => {};
  const done = new Promise<{ actions: number; ms: number }>((resolve, reject) => {
    const handle = (m: FromWorker) => {
      if (m.id !== id) return false;
      if (m.type === 'action') onAction(m.action);
      else if (m.type === 'progress') onProgress?.({ progress: m.progress, label: m.label, actions: m.actions });
      else if (m.type === 'done') { resolve({ actions: m.actions, ms: m.ms }); return true; }
      else if (m.type === 'error') { reject(new Error(m.message)); return true; }
      return false;
    };
    const w = getWorker();
    if (w) {
      const listener = (ev: MessageEvent<FromWorker>) => { if (handle(ev.data)) w.removeEventListener('message', listener); };
      w.addEventListener('message', listener);
      w.postMessage(msg);
      cancel = () => { w.postMessage({ type: 'cancel', id } satisfies ToWorker); w.removeEventListener('message', listener); resolve({ actions: -1, ms: 0 }); };
    } else {
      // In-thread fallback: same planner, same messages.
      let stop = false;
      cancel = () => { stop = true; resolve({ actions: -1, ms: 0 }); };
      void import('./inThread').then(({ runInThread }) => runInThread(msg as Extract<ToWorker, { type: 'start' }>, (m) => { if (!stop) handle(m); }, () => stop));
    }
  });
  return { done, cancel: () => cancel(), setLevel: setAiLevel };
}
