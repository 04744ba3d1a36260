/**
 * The victory check's view of a position (victoryView.ts, issue 17) answers as the per-unit queries do:
 * on a frozen state and on an immer draft already written to (the end-of-game check runs on one).
 */
import { describe, expect, test } from 'vitest';
import { produce } from 'immer';
import { loadScenario } from '../../data/bundle';
import { newGame } from '../game';
import type { GameState, Side } from '../types';
import { inGenS } from './supply';
import { victoryView } from './victoryView';
import { mutUnit, unitList, unitOf } from '../unitTable';

const SIDES: Side[] = ['allied', 'german'];

/** What the view must say, computed the plain way, one unit or hex at a time. */
function expected(state: GameState, scenario: string) {
  const bundle = loadScenario(scenario);
  const units = unitList(state).filter((u) => u.hex !== null && !u.eliminated);
  const live = (side: Side) => units.filter((u) => u.side === side && bundle.units.get(u.id)?.size !== 'Leader').map((u) => u.id).sort((a, b) => a.localeCompare(b));
  return {
    live: SIDES.map(live),
    occupied: SIDES.map((side) => new Set(live(side).map((id) => unitOf(state, id).hex))),
    sides: [...new Set(units.map((u) => u.hex!))].map((h) => [h, new Set(units.filter((u) => u.hex === h).map((u) => u.side))]),
    gens: SIDES.map((side) => live(side).map((id) => inGenS(state, bundle, id))),
  };
}

function seen(state: GameState, scenario: string) {
  const view = victoryView(state, loadScenario(scenario));
  const hexes = [...new Set(unitList(state).filter((u) => u.hex !== null && !u.eliminated).map((u) => u.hex!))];
  return {
    live: SIDES.map((side) => view.live(side).map((u) => u.id)),
    occupied: SIDES.map((side) => new Set(view.occupied(side))),
    sides: hexes.map((h) => [h, new Set(view.sidesIn(h))]),
    gens: SIDES.map((side) => view.live(side).map((u) => view.inGenS(u))),
  };
}

describe('AW 31.4 victory check: one view of the position per check', () => {
  for (const scenario of ['goodwood', 'epsom', 'cherbourg']) {
    test(`${scenario}: units, occupied hexes, occupying sides and GenS (AW 31.11, 32.9, 33.9, 34.9) as the per-unit queries give them`, () => {
      const { state } = newGame(loadScenario(scenario), { seed: 'v' });
      const want = expected(state, scenario);
      // Not a vacuous comparison: at the start of Epsom and Cherbourg some German units are out of GenS
      // (AW 33.9, 34.9 through their HQs), in Goodwood every unit is in it.
      expect(new Set(want.gens.flat())).toEqual(new Set(scenario === 'goodwood' ? [true] : [true, false]));
      expect(seen(state, scenario)).toEqual(want);
      // On a draft written to (a unit moved, one eliminated): the draft's current values, not the base's.
      const [mover, gone] = unitList(state).filter((u) => u.hex !== null && u.side === 'allied');
      const other = unitList(state).find((u) => u.hex !== null && u.side === 'german')!;
      let inDraft: ReturnType<typeof seen> | null = null;
      const after = produce(state, (d) => {
        mutUnit(d, mover.id).hex = other.hex;
        mutUnit(d, gone.id).eliminated = true;
        inDraft = seen(d as GameState, scenario);
      });
      expect(inDraft).toEqual(expected(after, scenario));
      expect(inDraft!.sides).toContainEqual([other.hex, new Set(['allied', 'german'])]);
    });
  }
});
