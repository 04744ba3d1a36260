import { describe, expect, it } from 'vitest';
import { replay, type GameState } from '../src/engine';
import { evaluateVictory } from '../src/engine/query';
import { loadScenario } from '../src/data/bundle';
import { selfplayLogs } from '../src/bench/scale';
import type { VictoryResult } from '../src/engine/rules/victory';

// The victory check at the end of a game was made faster (issue 17: one GenS trace per side, the units
// read once per check). These are the results the check gave on the final positions of the opponent's
// self-play games (tests/fixtures/selfplay) before that change: winner, level and every condition
// with its explanation. They must not change.
const EXPECTED: Record<string, { over: string; winner: string; level: string; case: string; conditions: [string, boolean, string][]; outcomes: boolean[] }> = {
  cherbourg: {
    over: 'the last game turn (36) has been played; German strategic victory: all Cherbourg city and town hexes are German controlled',
    winner: 'german', level: 'strategic', case: 'AW 34.13',
    conditions: [
      ['all German units eliminated or surrendered', false, '59 German unit(s) left'],
      ['all Cherbourg city and town hexes Allied controlled', false, 'Allied controls 0 of 7 (none); needed 7'],
      ['all Cherbourg city and town hexes German controlled', true, 'German controls 7 of 7 (A3609, A3809, A3610, A3709, A3810, A3909, A3710); needed 7'],
      ['Cherbourg hex "C3906" (A3609) occupied by a German unit', true, 'German units occupy 1 of 1 (A3609); needed 1'],
      ['at least one Cherbourg city or town hex German controlled', true, 'German controls 7 of 7 (A3609, A3809, A3610, A3709, A3810, A3909, A3710); needed 1'],
    ],
    outcomes: [false, false, true, true, true],
  },
  epsom: {
    over: 'the last game turn (18) has been played; Allied major victory: Hill 112 and Esquay are Allied occupied and an Allied unit south of the Odon is in GenS',
    winner: 'allied', level: 'major', case: 'AW 33.13',
    conditions: [
      ['Hill 112 (C3927) Allied occupied', true, 'Allied units occupy 1 of 1 (C3927); needed 1'],
      ['Esquay (C3828) Allied occupied', true, 'Allied units occupy 1 of 1 (C3828); needed 1'],
      ['an Allied unit in GenS on the south side of the Odon', true, '8 Allied unit(s): 24-l-8 in C3330; 3-rtr-29-11 in C3528; 43-recce-43 in C3627; 5-wilts-129-43 in C3726; 6-dwr-147-49 in C3330'],
    ],
    outcomes: [true, false, false, false, false, false],
  },
  goodwood: {
    over: 'the last game turn (9) has been played; German major victory: the Germans prevent every Allied victory condition and no Allied unit is south of row xx27',
    winner: 'german', level: 'major', case: 'AW 32.13.2',
    conditions: [
      ['all Caen city/town hexes Allied occupied', false, 'Allied units occupy 5 of 7 (C4521, C4422, C4522, C4622, C4423); needed 7'],
      ['all Troarn city/town hexes Allied occupied', false, 'Allied units occupy 0 of 1 (none); needed 1'],
      ['an Allied unit on or south of hex row xx30 in GenS', false, 'no Allied unit on or south of row xx30 in GenS'],
    ],
    outcomes: [false, false, false, true, true, true],
  },
};

/** A copy of the state with new objects all through it, so no cache kept on the old ones answers. */
const uncached = (s: GameState): GameState => JSON.parse(JSON.stringify(s)) as GameState;

describe('AW 32.13, 33.13, 34.13: the victory check at the end of the self-play games is unchanged', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: winner, level and every condition of the final position`, () => {
      const bundle = loadScenario(log.scenario);
      const r = replay(log);
      if (!r.ok) throw new Error(r.error);
      const want = EXPECTED[log.scenario];
      expect(want, `expected result for ${log.scenario}`).toBeDefined();
      const v = (r.state.special as { victory: VictoryResult }).victory;
      expect(r.state.over).toEqual({ reason: want.over, winner: want.winner });
      expect({ winner: v.winner, level: v.level, case: v.case }).toEqual({ winner: want.winner, level: want.level, case: want.case });
      expect(v.conditions.map((c) => [c.label, c.holds, c.detail])).toEqual(want.conditions);
      expect(v.outcomes.map((o) => o.holds)).toEqual(want.outcomes);
      // The check in the game's last action (on a draft) and the Victory panel's (on the frozen final
      // state, with its caches, and on a copy without them) give the same whole report.
      const plain = JSON.parse(JSON.stringify(v)) as VictoryResult;
      expect(JSON.parse(JSON.stringify(evaluateVictory(r.state, bundle)))).toEqual(plain);
      expect(JSON.parse(JSON.stringify(evaluateVictory(uncached(r.state), bundle)))).toEqual(plain);
    }, 120_000);
  }
});
