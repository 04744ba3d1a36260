/**
 * Drives the programmed opponent (src/ai, in a Web Worker) from the store: whenever the side to act
 * is the AI's — its own player turn, or a decision it owes in the human's turn — it is asked to
 * play, and each of its actions goes through the same dispatch as a player's (log, barriers, undo).
 */
import { sideToAct } from '../engine';
import { startAiTurn, type AiTurnHandle } from '../ai/client';
import { useGame } from './game';
import { aiSealedAction } from './aiSecrets';

let running: { handle: AiTurnHandle; log: unknown } | null = null;

function stop(): void {
  running?.handle.cancel();
  running = null;
}

function maybeStart(): void {
  const st = useGame.getState();
  const { state, log, aiSide } = st;
  if (!state || !log || !aiSide || st.replaying || state.over || sideToAct(state) !== aiSide) return;
  if (running) return;
  // A sealed choice the AI owes (a secret rest or low-fuel GT): answered here, where its secret is kept.
  const gameId = st.saved?.save.header.game;
  const sealed = gameId && st.bundle ? aiSealedAction(state, st.bundle, aiSide, gameId) : null;
  if (sealed) { if (st.dispatch(sealed, 'ai')) queueMicrotask(maybeStart); return; }
  // The state, not the log: the worker would re-play the whole log at every turn and decision it owes,
  // seconds at campaign length (issue 17). A state is a structured clone of about a millisecond.
  const handle = startAiTurn(state, aiSide, (action) => {
    if (!useGame.getState().dispatch(action, 'ai')) stop();
  }, (p) => useGame.setState({ aiProgress: p }));
  running = { handle, log };
  handle.done
    .catch((e: unknown) => useGame.setState({ error: `The opponent stopped: ${e instanceof Error ? e.message : String(e)}` }))
    .finally(() => {
      if (running?.handle === handle) running = null;
      useGame.setState({ aiProgress: null });
      // The AI may owe the next decision too (e.g. after its own assault the human answers, then it again).
      queueMicrotask(maybeStart);
    });
}

/** Starts watching the store; returns the unsubscribe function. */
export function watchOpponent(): () => void {
  const unsub = useGame.subscribe((s, prev) => {
    if (s.bundle !== prev.bundle || s.aiSide !== prev.aiSide) stop();
    if (s.state !== prev.state && !running) queueMicrotask(maybeStart);
  });
  queueMicrotask(maybeStart);
  return () => { unsub(); stop(); };
}
