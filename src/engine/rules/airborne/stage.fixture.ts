/**
 * Test helpers of the airborne stage: the night-drop scenarios, dice fixed by choosing the seed whose
 * rolls for the next action are the ones a test needs (the seeded RNG, docs/engine.md "Dice").
 */
import { produce, type Draft } from 'immer';
import { expect } from 'vitest';
import { BUILTIN, loadScenario } from '../../../data/bundle';
import { apply, legalActions, newGame, sideToAct } from '../../game';
import { segmentAt } from '../../sequence';
import { terrainOf } from '../../board';
import { Dice } from '../../rng';
import { hexOfRulesId, formatHex, hexesWithin } from '../../hex';
import type { Action, GameEvent, GameState, ScenarioBundle } from '../../types';
import { mutUnit, unitList } from '../../unitTable';

export const b6 = (): ScenarioBundle => loadScenario('night-drop-6ab');
export const bUs = (): ScenarioBundle => loadScenario('night-drop-us');
export const hx = hexOfRulesId;

/** A test-only scenario: the 6th Airborne night drop run past June 6 (to June 10 AM), without the stage-alone ending. */
export function longBundle(): ScenarioBundle {
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { special: { airborne: Record<string, unknown> } };
  scen.id = 'night-drop-6ab-long';
  scen.lengths = [{ id: 'long', label: 'to June 10 AM', end: { date: '1944-06-10', time: 'AM' }, source: 'test: the night drop run past June 6' }];
  delete scen.special.airborne.stageAlone;
  return loadScenario('night-drop-6ab-long', { ...BUILTIN, scenarios: { 'data/scenarios/night-drop-6ab-long.json': scen } });
}
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

/** The state at the Airborne Drop Segment: Pegasus flown, every stage DZ placed (any dice). */
export function atDrop(bundle: ScenarioBundle, seed = 't'): GameState {
  let s = start(bundle, seed);
  for (let guard = 0; guard < 20; guard++) {
    const seg = bundle.sequence.stages[0].phases[0].segments[s.pos.segment]?.id;
    if (s.pos.part === 'stage' && seg === 'airborneDrop') return s;
    const offers = legalActions(s, 'allied').filter((a) => a.type === 'pegasus' || a.type === 'placeDz');
    s = act(s, offers[0] ?? { type: 'endSegment' }).state;
  }
  throw new Error('did not reach the Airborne Drop Segment');
}

/** Removes every German unit from the map (tests where they do not matter). */
export function noGermans(s: GameState): GameState {
  return edit(s, (d) => { for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.side === 'german') { u.hex = null; } });
}

/** The first hex (scanning out from `near`) whose terrain is `terrain`. */
export function hexOfTerrain(bundle: ScenarioBundle, near: string, terrain: string): number {
  for (let r = 0; r < 12; r++) for (const h of hexesWithin(hexOfRulesId(near), r)) if (terrainOf(bundle.board, h) === terrain) return h;
  throw new Error(`no ${terrain} hex near ${near}`);
}

/** The current segment id. */
export function segId(s: GameState, bundle: ScenarioBundle): string {
  return segmentAt(bundle.sequence, s.pos).segment.id;
}

const FIRST_TYPES = ['pegasus', 'placeDz', 'dropUnit', 'dropFow', 'landGlider'];

/** Plays the stage (first offers of the landing actions, then endSegment) until the segment `id` begins. */
export function playTo(s: GameState, bundle: ScenarioBundle, id: string): GameState {
  for (let guard = 0; guard < 500; guard++) {
    if (segId(s, bundle) === id && !s.pending) return s;
    const side = sideToAct(s)!;
    // A decision waiting (a retreat hex, an advance after an airborne combat): its first offer.
    const offer = s.pending ? legalActions(s, side).find((a) => a.type !== 'roll' && a.type !== 'diceKey') : legalActions(s, side).find((a) => FIRST_TYPES.includes(a.type));
    s = act(s, offer ?? { type: 'endSegment' }).state;
  }
  throw new Error(`did not reach ${id}`);
}

/**
 * The stage played to the 1st Allied Combat Segment and the Merville attack made when offered (AW
 * 41.4.1: the segment cannot end before it), ready to play on to the German segments.
 */
export function pastMerville(bundle: ScenarioBundle): GameState {
  const s = playTo(start(bundle), bundle, 'alliedCombat1');
  const merville = legalActions(s, 'allied').find((a) => a.type === 'mervilleAttack');
  return merville ? act(s, merville).state : s;
}
