import { describe, expect, it } from 'vitest';
import { mini, hx, COL0, type MiniUnit, type XY } from '../../../../tests/fixtures/mini';
import { colOf, hexsideBetween, neighbours } from '../../hex/lattice';
import type { ScenarioBundle } from '../../types';
import { ActivationGroup, activationProblem, basicAllowances, halfD10, triggered, triggeredUnits } from './activation';
import { hasUnit, unitOf } from '../../unitTable';

const ROW = 'c'.repeat(14);
const ROWS = [ROW, ROW, ROW, ROW, ROW, ROW, ROW, ROW];
const de = (id: string, at: XY, extra: Record<string, unknown> = {}): MiniUnit => ({ id, side: 'german', at, extra });
const al = (id: string, at: XY, extra: Record<string, unknown> = {}): MiniUnit => ({ id, side: 'allied', at, size: 'Co', extra });
const noFow = () => false;
/** The "Orne" runs between fixture columns 3 and 4: columns 0-3 are west of it. */
function orne(bundle: ScenarioBundle): void {
  for (let r = 0; r < ROWS.length; r++) for (const n of neighbours(hx([3, r]))) if (colOf(n) === COL0 + 4) bundle.board.sideNames.set(hexsideBetween(hx([3, r]), n), 'Orne');
}

const PZ = ActivationGroup.parse({
  id: '21Pz', name: '21st Panzer Division', case: 'AW 41.6.2', segment: 'first', formations: ['21Pz'], excludeRegiments: ['192/21'],
  count: { roll: 'halfD10' }, classLimit: { classes: ['de-pz4'], max: 2, source: 'test: fixture' },
  restricted: { river: 'Orne', from: '@100,10', name: 'west of the Orne', source: 'test: fixture' },
  closerTo: 'CW', trigger: { division: '6AB', place: 'Caen', alsoFormations: ['716'], alsoWithin: 6, source: 'test: fixture' }, source: 'test: fixture',
});
const US = ActivationGroup.parse({
  id: '91-709', name: '91st and 709th Divisions', case: 'AW 41.6.2', segment: 'first', formations: ['91', '709'],
  count: { fixed: 6 }, within: { hexes: 6, of: 'US' }, closerTo: 'US', source: 'test: fixture',
});

describe('AW 41.6.1 German activation', () => {
  it('AW 41.6.1 attacked units and units adjacent to an Allied unit (FoW too) move two hexes, within two hexes one, others none', () => {
    const { state, bundle } = mini({ rows: ROWS, units: [al('p', [5, 4]), de('adj', [6, 4]), de('two', [7, 4]), de('three', [8, 4]), de('hit', [12, 7])] });
    expect(basicAllowances(state, bundle, ['hit'])).toEqual({ adj: 2, two: 1, hit: 2 });
  });
});

describe('AW 41.6.2 additional German units', () => {
  it('AW 41.6.2 the 21st Pz activates ½d10 rounded up: 7 → 4, 1 → 1, 0 → 0', () => {
    expect([halfD10(7), halfD10(1), halfD10(0), halfD10(9)]).toEqual([4, 1, 0, 5]);
  });
  it('AW 41.6.2 at most the rolled number, at most two MkIV Pz Coys, never the 192/21 (the "921/21P") or its Coys', () => {
    const { state, bundle } = mini({
      rows: ROWS, units: [al('p', [10, 4]),
        de('a', [12, 1], { formation: '21Pz' }), de('m1', [12, 2], { formation: '21Pz', class: 'de-pz4' }), de('m2', [12, 3], { formation: '21Pz', class: 'de-pz4' }),
        de('m3', [12, 5], { formation: '21Pz', class: 'de-pz4' }), de('r', [12, 6], { formation: '21Pz', regiment: '192/21' }), de('x', [13, 6], { formation: '716' })],
    });
    const o = { chosen: [] as string[], count: 4, already: [] as string[], isFow: noFow, whole: false };
    expect(activationProblem(state, bundle, PZ, 'a', o)).toBeNull();
    expect(activationProblem(state, bundle, PZ, 'r', o)).toMatch(/may not be activated in the Airborne Assault Stage/);
    expect(activationProblem(state, bundle, PZ, 'x', o)).toMatch(/not of the 21st Panzer Division/);
    expect(activationProblem(state, bundle, PZ, 'm3', { ...o, chosen: ['m1', 'm2'] })).toMatch(/at most 2/);
    expect(activationProblem(state, bundle, PZ, 'a', { ...o, chosen: ['m1', 'm2', 'm3', 'x'] })).toMatch(/may activate 4 units/);
  });
  it('AW 41.6.2 21st Pz units west of the Orne activate only when Allied units are west of it', () => {
    const units = [de('w', [1, 1], { formation: '21Pz' }), de('e', [12, 1], { formation: '21Pz' })];
    const o = { chosen: [], count: 5, already: [], isFow: noFow, whole: false };
    const east = mini({ rows: ROWS, units: [...units, al('p', [10, 4])] });
    orne(east.bundle);
    expect(activationProblem(east.state, east.bundle, PZ, 'w', o)).toMatch(/west of the Orne/);
    expect(activationProblem(east.state, east.bundle, PZ, 'e', o)).toBeNull();
    const west = mini({ rows: ROWS, units: [...units, al('p', [2, 4])] });
    orne(west.bundle);
    expect(activationProblem(west.state, west.bundle, PZ, 'w', o)).toBeNull();
  });
  it('AW 41.6.2 Caen: a 6AB non-FoW unit next to a Caen hex activates all the 21st Pz (west of the Orne too) and the 716th within 6 hexes of Caen', () => {
    const { state, bundle } = mini({
      rows: ROWS, units: [al('p', [6, 4], { formation: '6AB' }), de('w', [1, 1], { formation: '21Pz' }), de('e', [12, 1], { formation: '21Pz' }),
        de('r', [12, 6], { formation: '21Pz', regiment: '192/21' }), de('near', [8, 7], { formation: '716' }), de('far716', [13, 0], { formation: '716' })],
    });
    (bundle.board.names as Map<number, string>).set(hx([7, 4]), 'Caen');
    expect(triggered(state, bundle, PZ, noFow)).toBe(true);
    expect(triggered(state, bundle, PZ, (id) => id === 'p')).toBe(false);
    expect(triggeredUnits(state, bundle, PZ, noFow)).toEqual(['e', 'near', 'w']);
  });
  it('AW 41.6.2 91st/709th: any six units within six hexes of a US unit', () => {
    const { state, bundle } = mini({
      rows: ROWS, units: [al('us', [2, 2], { nationality: 'US' }), al('cw', [12, 7]), de('n', [7, 2], { formation: '91' }), de('f', [9, 2], { formation: '709' })],
    });
    const o = { chosen: [], count: 6, already: [], isFow: noFow, whole: false };
    expect(activationProblem(state, bundle, US, 'n', o)).toBeNull();
    expect(activationProblem(state, bundle, US, 'f', o)).toMatch(/not within 6 hexes of a US unit/);
    expect(activationProblem(state, bundle, US, 'n', { ...o, chosen: ['a', 'b', 'c', 'd', 'e', 'g'] })).toMatch(/may activate 6 units/);
  });
});

describe('AW 41.10.0 2nd German movement through apply (6th Airborne)', async () => {
  const { b6, playTo, act, refusal, segId, pastMerville } = await import('./stage.fixture');
  const { legalActions } = await import('../../game');
  const { airborneState } = await import('./state');
  const bundle = b6();
  const s = playTo(pastMerville(bundle), bundle, 'germanMovement1');
  const first = airborneState(s).german!;
  const s2 = playTo(s, bundle, 'germanMovement2');

  it('AW 41.10.0 every unit activated in the 1st German Movement Segment moves its full MA; two more within six hexes of a CW unit, a third refused', () => {
    expect(segId(s2, bundle)).toBe('germanMovement2');
    const g = airborneState(s2).german!;
    const live = (id: string) => hasUnit(s2, id) && !unitOf(s2, id).eliminated && unitOf(s2, id).hex !== null;
    expect(Object.keys(first.hexes ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(g.mp ?? {}).sort()).toEqual(Object.keys(first.hexes ?? {}).filter(live).sort());
    expect(g.hexes).toEqual({});
    const extra = legalActions(s2, 'german').filter((a) => a.type === 'gActivate') as { type: 'gActivate'; group: string; unit: string }[];
    expect(extra.every((a) => a.group === 'extra-cw')).toBe(true);
    expect(extra.length).toBeGreaterThan(2);
    let t = act(s2, extra[0]).state;
    t = act(t, extra[1]).state;
    expect(refusal(t, extra[2])).toMatchObject({ code: 'not-eligible', case: 'AW 41.10.0' });
    expect(airborneState(t).german!.mp![extra[0].unit]).toMatchObject({ group: 'extra-cw' });
  });
});
