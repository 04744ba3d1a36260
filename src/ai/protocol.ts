/**
 * Messages between the UI thread (client.ts) and the opponent's worker (worker.ts). Plain JSON: the
 * worker receives the game log (or a state) and the side, and answers with each action as it is
 * chosen, progress in between, and `done` when the other side is to act.
 */
import type { Action, GameLog, GameState, Side } from '../engine/types';
import type { AiLevel } from './context';

export type ToWorker =
  | { type: 'start'; id: number; log?: GameLog; state?: GameState; side: Side; level?: AiLevel; budgetMs?: number }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'progress'; id: number; progress: number; label: string; actions: number }
  | { type: 'action'; id: number; action: Action; n: number }
  | { type: 'done'; id: number; actions: number; ms: number }
  | { type: 'error'; id: number; message: string };
