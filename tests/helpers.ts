import { loadScenario } from '../src/data/bundle';
import { newGame, apply } from '../src/engine';
import type { Action, GameState } from '../src/engine';

export function demoGame(seed = 'test-seed'): GameState {
  return newGame(loadScenario('demo'), { seed }).state;
}

/** Applies actions, failing loudly on a rejection (tests of legal play). */
export function play(state: GameState, ...actions: Action[]): GameState {
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.error.message}`);
    state = r.state;
  }
  return state;
}
