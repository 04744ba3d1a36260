import { describe, expect, it } from 'vitest';
import { legalActions } from '../index';
import { movementOptions } from './movement';
import { mini, must, refused, edit, move, hx, type MiniUnit } from '../../../tests/fixtures/mini';
import { unitOf } from '../unitTable';

const BN = (id: string, at: [number, number], o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'allied', at, extra: { formation: '3Div' }, ...o });

function setup(units: MiniUnit[] = []) {
  return mini({
    rows: ['cccccc', 'cccccc', 'cccccc'],
    units: [
      BN('a', [1, 1], { stepsLost: 1 }),
      BN('b', [1, 1], { stepsLost: 2 }),
      { id: 'enemy', side: 'german', at: [5, 2] },
      ...units,
    ],
  });
}

describe('GOSS 22.5 / AW 31.2.1 consolidation (reconstructed procedure)', () => {
  it('GOSS 22.5.0: a reduced Bn takes the steps it lost from a reduced Bn of its type and formation in its hex; a donor left without steps leaves the map', () => {
    const { state, bundle } = setup();
    const s = must(state, { type: 'consolidate', unit: 'a', from: 'b' });
    expect(unitOf(s, "a")).toMatchObject({ hex: hx([1, 1]), stepsLost: 0 });
    expect(unitOf(s, "b")).toMatchObject({ hex: null, stepsLost: 3, markers: ['Consolidated'] });
    expect(unitOf(s, "b").eliminated).toBeUndefined();
    // Both units have finished moving this phase.
    expect(movementOptions(s, bundle, 'a')).toMatchObject({ error: { code: 'halted' } });
  });
  it('GOSS 22.5.0: the receiver takes only as many steps as it lost; the donor keeps the rest', () => {
    const { state } = setup();
    const s = must(edit(state, (x) => { unitOf(x, "a").stepsLost = 1; unitOf(x, "b").stepsLost = 1; }), { type: 'consolidate', unit: 'a', from: 'b' });
    expect(unitOf(s, "a").stepsLost).toBe(0);
    expect(unitOf(s, "b")).toMatchObject({ hex: hx([1, 1]), stepsLost: 2 });
  });
  it('GOSS 22.5.0 restrictions: same hex, same type, same formation, both reduced, not adjacent to an enemy, Tac mode, Movement Segment', () => {
    const { state } = setup([
      BN('far', [3, 0], { stepsLost: 1 }),
      BN('arm', [1, 1], { stepsLost: 1, type: 'Arm', moveClass: 'mech' }),
      BN('other', [1, 1], { stepsLost: 1, extra: { formation: '51Div' } }),
      BN('full', [1, 1]),
    ]);
    expect(refused(state, { type: 'consolidate', unit: 'a', from: 'far' })).toMatchObject({ code: 'not-stacked', case: 'GOSS 22.5.0, AW 31.2.1' });
    expect(refused(state, { type: 'consolidate', unit: 'a', from: 'arm' })).toMatchObject({ code: 'other-type' });
    expect(refused(state, { type: 'consolidate', unit: 'a', from: 'other' })).toMatchObject({ code: 'other-formation' });
    expect(refused(state, { type: 'consolidate', unit: 'a', from: 'full' })).toMatchObject({ code: 'not-reduced' });
    expect(refused(edit(state, (x) => { unitOf(x, "b").markers = ['PA']; }), { type: 'consolidate', unit: 'a', from: 'b' })).toMatchObject({ code: 'not-tactical' });
    const adj = edit(state, (x) => { unitOf(x, "enemy").hex = hx([2, 1]); });
    expect(refused(adj, { type: 'consolidate', unit: 'a', from: 'b' })).toMatchObject({ code: 'adjacent', case: 'AW 31.2.1' });
    const two = setup().state;
    expect(refused(must(two, { type: 'endSegment' }), { type: 'consolidate', unit: 'a', from: 'b' })).toMatchObject({ code: 'wrong-segment' });
  });
  it('GOSS 22.5.0: consolidation after moving into the hex; legalActions lists each pair, every one accepted', () => {
    const { state } = setup([BN('c', [3, 1], { stepsLost: 1 })]);
    const moved = must(state, move('c', [2, 1], [1, 1]));
    const legal = legalActions(moved, 'allied').filter((a) => a.type === 'consolidate');
    expect(legal).toEqual([
      { type: 'consolidate', unit: 'a', from: 'b' }, { type: 'consolidate', unit: 'a', from: 'c' },
      { type: 'consolidate', unit: 'b', from: 'a' }, { type: 'consolidate', unit: 'b', from: 'c' },
      { type: 'consolidate', unit: 'c', from: 'a' }, { type: 'consolidate', unit: 'c', from: 'b' },
    ]);
    for (const a of legal) must(moved, a);
  });
});
