/**
 * Bench figure for `npm run bench` (issue 8 budget: one German side-turn in Goodwood ≤ 3 s):
 * `aiGermanSideTurnGoodwood()` plays the Allied first player turn with the opponent, then times the
 * opponent's whole German player turn (movement, combat, its decisions in between).
 */
import { loadScenario } from '../data/bundle';
import { newGame, sideToAct } from '../engine/game';
import type { GameState } from '../engine/types';
import { playSide, type AiLevel } from './planner';

function runSide(state: GameState, side: 'allied' | 'german', level: AiLevel): GameState {
  for (const step of playSide(state, side, { level })) state = step.state;
  return state;
}

/** [name, value, unit] rows like src/bench/engine.ts. */
export function aiGermanSideTurnGoodwood(level: AiLevel = 'normal'): [string, number, string][] {
  const bundle = loadScenario('goodwood');
  let { state } = newGame(bundle, { seed: 'bench-ai', length: 'short' });
  // The Allied AM player turn (with the German decisions it causes) brings the game to the German turn.
  while (!state.over && !(state.pos.playerTurn === 1 && sideToAct(state) === 'german' && !state.pending)) {
    state = runSide(state, sideToAct(state)!, level);
  }
  const t0 = performance.now();
  let actions = 0;
  while (!state.over && state.pos.playerTurn === 1 && state.pos.turn === 0) {
    const side = sideToAct(state)!;
    for (const step of playSide(state, side, { level })) { state = step.state; if (side === 'german') actions++; }
  }
  const ms = performance.now() - t0;
  return [[`ai.goodwood_german_side_turn${level === 'fast' ? '_fast' : ''}`, ms, `ms (${actions} German actions, Allied decisions included)`]];
}

export async function run(): Promise<[string, number, string][]> {
  return [...aiGermanSideTurnGoodwood('normal'), ...aiGermanSideTurnGoodwood('fast')];
}
