/**
 * Random legal play over every scenario (issue 15): ≥ 10,000 actions per run across demo, Goodwood,
 * Epsom, Cherbourg and the two night drops (the AW 41 airborne module), each picked at random among what `legalActions` offers (endSegment included).
 * Also the test-only long 6th Airborne night drop (stage.fixture.ts `longBundle`): the stage, then the
 * standard sequence's game turns to June 10 AM (AW 3.3, 41.12, the AW 15.0 supply), which no shipped
 * scenario plays yet; and the same with the AW 20.0 standard air rules on (airPower.fixture.ts): the AP
 * allocation, GS missions, the GI values and GI attacks, and the AW 11.9.0 naval units.
 * Every offered action is accepted (docs/engine.md: legalActions), the engine invariants hold after
 * every action (src/engine/invariants.ts; the unit tests' setup file also checks them inside apply),
 * and replaying each game's recorded log gives the same state hash.
 *
 * Cost: legalActions of a full scenario lists hundreds of moves; a step here asks one action type at
 * a time (`legalActionsOf`, in random order) and takes an offer of the first type that has one, which
 * lists the same offers at a fraction of the cost.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadScenario } from '../data/bundle';
import { apply, legalActionsOf, newGame, offerableTypes, replay, sideToAct, stateHash } from './game';
import { invariantProblems } from './invariants';
import { segmentAt } from './sequence';
import type { Action, GameState, ScenarioBundle } from './types';
import { longBundle } from './rules/airborne/stage.fixture';
import { airLongBundle } from './rules/airPower.fixture';

/** Actions per scenario (demo is cheap; the full maps cost ~10× more per action). */
const BUDGET: Record<string, number> = { demo: 5000, goodwood: 1600, epsom: 1800, cherbourg: 1600, 'night-drop-6ab': 1000, 'night-drop-us': 1000, 'night-drop-6ab-long': 800, 'night-drop-6ab-air': 500 };
/** Actions per game before a new one starts (new seed), so that play covers game starts and many positions. */
const GAME_LENGTH: Record<string, number> = { demo: 650, goodwood: 400, epsom: 400, cherbourg: 400, 'night-drop-6ab': 300, 'night-drop-us': 300, 'night-drop-6ab-long': 400, 'night-drop-6ab-air': 400 };
/** Test-only scenarios, made by their fixture (a shipped scenario loads by its id). */
let long: ScenarioBundle | undefined;
let air: ScenarioBundle | undefined;
const MADE: Record<string, () => ScenarioBundle> = { 'night-drop-6ab-long': () => (long ??= longBundle()), 'night-drop-6ab-air': () => (air ??= airLongBundle()) };

let total = 0;

function shuffle<T>(xs: T[], rnd: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

/** One random game of `steps` actions from `seed`; returns its log after checking every step. */
function playGame(scenario: string, seed: string, steps: number, rnd: () => number): number {
  const bundle = MADE[scenario]?.() ?? loadScenario(scenario);
  let state: GameState = newGame(bundle, { seed }).state;
  const log: Action[] = [];
  for (let i = 0; i < steps && !state.over; i++) {
    const side = sideToAct(state);
    expect(side).not.toBeNull();
    const where = () => `${scenario} ${seed} #${state.n} ${segmentAt(bundle.sequence, state.pos).segment.id} GT ${state.pos.turn + 1}.${state.pos.playerTurn}${state.pending ? ` pending ${state.pending.kind}` : ''}`;
    // End the segment often enough that games move on; otherwise an offer of a type in random order.
    let types = shuffle(offerableTypes(state), rnd);
    if (rnd() < 0.3) types = ['endSegment', ...types.filter((t) => t !== 'endSegment')];
    let pick: Action | undefined;
    for (const t of types) {
      const offers = legalActionsOf(state, side!, [t]);
      if (offers.length) { pick = offers[Math.floor(rnd() * offers.length)]; break; }
    }
    expect(pick, `nothing offered at ${where()}`).toBeDefined();
    const r = apply(state, pick!);
    expect(r.ok, `offered ${JSON.stringify(pick)} refused at ${where()}: ${r.ok ? '' : `${r.error.message} (${r.error.case ?? r.error.code})`}`).toBe(true);
    if (!r.ok) break;
    state = r.state;
    log.push(r.action);
    total++;
    const bad = invariantProblems(state);
    expect(bad, `invariants broken after ${JSON.stringify(pick)} at ${where()}`).toEqual([]);
  }
  const back = replay({ scenario, options: { seed }, actions: log });
  expect(back.ok, `replay of ${scenario} ${seed} stopped: ${back.ok ? '' : back.error}`).toBe(true);
  if (back.ok) expect(stateHash(back.state)).toBe(stateHash(state));
  return log.length;
}

describe('random legal play over every scenario (fast-check)', () => {
  for (const scenario of Object.keys(BUDGET)) {
    it(`${scenario}: every offered action is accepted (endSegment included), the invariants hold, the replay is identical`, () => {
      let done = 0;
      fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        if (done >= BUDGET[scenario]) return;
        let x = seed;
        const rnd = () => { x = (Math.imul(x, 48271) % 2147483647 + 2147483647) % 2147483647; return x / 2147483647; };
        done += playGame(scenario, `prop-${seed}`, Math.min(GAME_LENGTH[scenario], BUDGET[scenario] - done), rnd);
      }), { numRuns: 400, seed: 1944 });
      expect(done).toBe(BUDGET[scenario]);
    }, 300_000);
  }
  it('covers ≥ 10,000 actions in all', () => {
    expect(total).toBeGreaterThanOrEqual(10_000);
  });
});
