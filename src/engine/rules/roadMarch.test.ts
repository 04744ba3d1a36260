import { describe, expect, it } from 'vitest';
import { legalActions } from '../index';
import { movementOptions } from './movement';
import { mini, must, refused, edit, hx, ref, type MiniUnit, type XY } from '../../../tests/fixtures/mini';
import type { GameState, ScenarioBundle } from '../types';
import { unitOf } from '../unitTable';

const ROAD: XY[] = Array.from({ length: 12 }, (_, c) => [c, 0] as XY);
const road = (unit: string, to: number, via?: 'road' | 'offroad') => ({ type: 'move' as const, unit, path: ROAD.slice(1, to + 1).map(ref), ...(via ? { via } : {}) });

/** A secondary road along row 0, a Leg Bn (MA 6) at its west end; `enemy` placed by the test. */
function setup(enemy: MiniUnit, o: { vantage?: { at: XY; los: number }[]; markers?: string[]; cls?: 'secondary' | 'trail' } = {}) {
  return mini({
    rows: ['c'.repeat(12), 'c'.repeat(12), 'c'.repeat(12), 'c'.repeat(12), 'c'.repeat(12)],
    routes: [{ class: o.cls ?? 'secondary', path: ROAD }],
    vantage: o.vantage,
    units: [{ id: 'leg', side: 'allied', at: [0, 0], ma: 6, markers: o.markers }, { id: 'mech', side: 'allied', at: [0, 1], moveClass: 'mech', ma: 12, type: 'Arm' }, enemy],
  });
}
function dest(state: GameState, bundle: ScenarioBundle, unit: string, p: XY) {
  const o = movementOptions(state, bundle, unit);
  if ('error' in o) throw new Error(o.error.message);
  return o.destinations.find((d) => d.hex === hx(p));
}
const FAR: MiniUnit = { id: 'enemy', side: 'german', at: [11, 4] };

describe('GOSS 7.6.2 Leg road march', () => {
  it('GOSS 7.6.1 step 2 / 7.6.2: a Leg unit in GenS starting on a secondary road marches 8 hexes at 1 MP (MA 6 + 2), shown in the legal destinations', () => {
    const { state, bundle } = setup(FAR);
    expect(dest(state, bundle, 'leg', [8, 0])).toMatchObject({ cost: 8, type: 'legroad' });
    expect(dest(state, bundle, 'leg', [9, 0])).toBeUndefined();
    // Off the road the MA stays 6.
    expect(dest(state, bundle, 'leg', [7, 1])).toBeUndefined();
    expect(legalActions(state, 'allied')).toContainEqual(road('leg', 8, 'road'));
    const s = must(state, road('leg', 8, 'road'));
    expect(unitOf(s, "leg")).toMatchObject({ hex: hx([8, 0]), mpSpent: 8 });
    expect(unitOf(s, "leg").move?.type).toBe('legroad');
    // Without `via` the only legal reading of the 8-hex path is the road march.
    expect(unitOf(must(state, road('leg', 8)), "leg").hex).toBe(hx([8, 0]));
    expect(refused(state, road('leg', 9, 'road'))).toMatchObject({ code: 'over-ma' });
    // Mech units have Mech road movement instead (GOSS 7.10), not the Leg march.
    expect(movementOptions(state, bundle, 'mech')).not.toHaveProperty('destinations', expect.arrayContaining([expect.objectContaining({ type: 'legroad' })]));
  });
  it('GOSS 7.6.2: a road march continues only along the road', () => {
    const { state } = setup(FAR);
    const s = must(state, road('leg', 4, 'road'));
    expect(refused(s, { type: 'move', unit: 'leg', path: [ref([4, 1])] })).toMatchObject({ code: 'not-road-march', case: 'GOSS 7.6.2' });
    must(s, { type: 'move', unit: 'leg', path: ROAD.slice(5, 9).map(ref) });
  });
  it('GOSS 7.6.2: never adjacent to an enemy unit — the march stops short of the hexes next to it', () => {
    const { state, bundle } = setup({ id: 'enemy', side: 'german', at: [7, 1] });
    // (7,0) is adjacent to (7,1): the march may not enter it, so it ends at (6,0); off-road, MA 6 does not reach (7,0) either.
    expect(dest(state, bundle, 'leg', [6, 0])).toMatchObject({ cost: 6 });
    must(state, road('leg', 6, 'road'));
    expect(dest(state, bundle, 'leg', [7, 0])).toBeUndefined();
    expect(refused(state, road('leg', 7, 'road'))).toMatchObject({ code: 'not-road-march', case: 'GOSS 7.6.2' });
  });
  it('GOSS 7.6.2: never observed — an enemy on a vantage point (LOS 3) sees the road within 3 hexes', () => {
    const { state, bundle } = setup({ id: 'enemy', side: 'german', at: [8, 2] }, { vantage: [{ at: [8, 2], los: 3 }] });
    must(state, road('leg', 4, 'road'));
    // (5,0) is 3 hexes from the vantage point: observed, so the march stops at (4,0); (5,0) and (6,0) are off-road moves (MA 6) only.
    expect(refused(state, road('leg', 5, 'road'))).toMatchObject({ code: 'not-road-march', case: 'GOSS 7.6.2' });
    expect(dest(state, bundle, 'leg', [6, 0])).toMatchObject({ type: 'offroad', cost: 6 });
    expect(dest(state, bundle, 'leg', [7, 0])).toBeUndefined();
  });
  it('GOSS 7.6.2: no road march for an OhS unit (not in GenS), on a trail, or after moving otherwise', () => {
    const ohs = setup(FAR, { markers: ['OhS'] });
    expect(dest(ohs.state, ohs.bundle, 'leg', [8, 0])).toBeUndefined();
    expect(refused(ohs.state, road('leg', 3, 'road'))).toMatchObject({ code: 'not-road-march', case: 'GOSS 7.6.2' });
    const trail = setup(FAR, { cls: 'trail' });
    expect(dest(trail.state, trail.bundle, 'leg', [7, 0])).toBeUndefined();
    const { state } = setup(FAR);
    const off = must(state, road('leg', 2, 'offroad'));
    expect(refused(off, { type: 'move', unit: 'leg', path: ROAD.slice(3, 8).map(ref) })).toMatchObject({ code: 'over-ma' });
    expect(unitOf(edit(off, () => {}), "leg").move?.type).toBe('offroad');
  });
});
