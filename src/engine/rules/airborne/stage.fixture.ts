/**
 * Test helpers of the airborne stage: the night-drop scenarios, dice fixed by choosing the seed whose
 * rolls for the next action are the ones a test needs (the seeded RNG, docs/engine.md "Dice").
 */
import { produce, type Draft } from 'immer';
import { expect } from 'vitest';
import { loadScenario } from '../../../data/bundle';
import { apply, newGame } from '../../game';
import { Dice } from '../../rng';
import { hexOfRulesId, formatHex } from '../../hex';
import type { Action, GameEvent, GameState, ScenarioBundle } from '../../types';

export const b6 = (): ScenarioBundle => loadScenario('night-drop-6ab');
export const bUs = (): ScenarioBundle => loadScenario('night-drop-us');
export const hx = hexOfRulesId;
export const fmt = formatHex;

export function start(bundle: ScenarioBundle, seed = 't'): GameState {
  return newGame(bundle, { seed }).state;
}

export function edit(s: GameState, f: (d: Draft<GameState>) => void): GameState {
  return produce(s, f);
}

export function act(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.error.code} ${r.error.message} (${r.error.case})`);
  return { state: r.state, events: r.events };
}

export function refusal(s: GameState, a: Action): { code: string; message: string; case?: string } {
  const r = apply(s, a);
  expect(r.ok).toBe(false);
  return (r as { error: { code: string; message: string; case?: string } }).error;
}

/** One roll a test needs: a 1d10 face, or a 2d10 percentile, or any value (`null`). */
export type Want = ['d10' | 'd100', number | null];

/** The state with a seed whose rolls for its next action are `want`, in order (later rolls free). */
export function withDice(s: GameState, want: Want[], prefix = 'ab'): GameState {
  const n = s.n - (s.playFrom ?? 0);
  for (let i = 0; i < 200000; i++) {
    const seed = `${prefix}${i}`;
    const d = new Dice(seed, n);
    if (want.every(([k, v]) => { const r = k === 'd10' ? d.d10('') : d.d100(''); return v === null || r === v; })) return edit(s, (x) => { x.seed = seed; });
  }
  throw new Error(`no seed gives ${JSON.stringify(want)}`);
}

export const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type) as (GameEvent & Record<string, unknown>)[];
