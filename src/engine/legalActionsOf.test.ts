/**
 * `legalActionsOf` is `legalActions` asked for some types only: the same segment check (AW 3.0 / 41.0:
 * a segment admits its own actions). A handler's `legal` may leave that check to the dispatcher, as the
 * airborne module's do: the random-play property test found the night drop's Drop Zone Placement Segment
 * offering a glider landing (AW 41.4.0), which `apply` then refused.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../data/bundle';
import { apply, legalActions, legalActionsOf, newGame, offerableTypes, sideToAct } from './game';
import { segmentAt } from './sequence';
import type { GameState } from './types';

describe('legalActionsOf: legalActions for some types (AW 41.4.0)', () => {
  it('night-drop-6ab: in each of the first segments, every type offers what legalActions offers of it, and nothing the segment does not admit', () => {
    const bundle = loadScenario('night-drop-6ab');
    let state: GameState = newGame(bundle, { seed: 'legal-of' }).state;
    const seen = new Set<string>();
    for (let i = 0; i < 12 && !state.over; i++) {
      const side = sideToAct(state)!;
      seen.add(segmentAt(bundle.sequence, state.pos).segment.id);
      const all = legalActions(state, side);
      for (const t of offerableTypes(state)) expect(legalActionsOf(state, side, [t]), `${t} in ${[...seen].at(-1)}`).toEqual(all.filter((a) => a.type === t));
      const r = apply(state, all.find((a) => a.type === 'endSegment') ?? all[0]);
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
    }
    // The segment where the property test found the glider landing offered.
    expect(seen.has('dzPlacement')).toBe(true);
  });
});
