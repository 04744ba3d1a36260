import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, sideToAct, type GameState } from '../engine';
import { segmentAt } from '../engine/sequence';
import { loadScenario } from '../data/bundle';
import { legalFor } from './legal';

// The panels never list map moves (the map asks for the selected unit's own), so the store does not
// compute every destination of every unit after each action (issue 17).
describe('legal actions for the panels', () => {
  it('are the engine’s legal actions in the Movement Segment less the map moves, in the same order, memoised per state', () => {
    const bundle = loadScenario('demo');
    let { state } = newGame(bundle, { seed: 'legal' });
    const seg = (s: GameState) => segmentAt(bundle.sequence, s.pos).segment.id;
    for (let i = 0; i < 20 && seg(state) !== 'move'; i++) { const r = apply(state, { type: 'endSegment' }); if (!r.ok) throw new Error(r.error.message); state = r.state; }
    expect(seg(state)).toBe('move');
    const side = sideToAct(state)!;
    const all = legalActions(state, side);
    expect(all.some((a) => a.type === 'move')).toBe(true);
    const panels = legalFor(state, side);
    expect(panels).toEqual(all.filter((a) => a.type !== 'move'));
    expect(panels.length).toBeGreaterThan(1);
    expect(legalFor(state, side)).toBe(panels);
  });
});
