import { describe, expect, test } from 'vitest';
import { freeze, produce } from 'immer';
import { CHUNK_KEYS, chunkKeyOf, chunkOrderProblem, dropUnit, putUnit, unitList, unitTable, withUnits, type UnitTable } from './unitTable';
import type { UnitState } from './types';

// Issue 17: a unit list is read from each chunk's values in their own order (unitTable.ts
// `inChunkOrder`), which must be the table's order of that chunk's ids.
const u = (id: string, hex = 1) => ({ id, side: 'allied', hex, stepsLost: 0, mpSpent: 0, markers: [] }) as unknown as UnitState;
const ids = (t: UnitTable) => unitList({ units: t }).map((x) => x.id);
// 200 ids: several share each of the 32 chunks, so the order inside a chunk is tested.
const many = Array.from({ length: 200 }, (_, i) => `u${(i * 37) % 200}`);

describe('unit lists in table order (issue 17)', () => {
  test('a table built, written, unit removed and added again: the list follows the ids, and the chunk order invariant holds', () => {
    let t = freeze(unitTable(many.map((id) => u(id))), true);
    expect(ids(t)).toEqual(many);
    t = withUnits(t, [u('u5', 9), u('new1')], ['u37', 'u74']);
    const want = [...many.filter((x) => x !== 'u37' && x !== 'u74'), 'new1'];
    expect(ids(t)).toEqual(want);
    const d = produce({ units: t }, (s) => { dropUnit(s, 'u111'); putUnit(s, u('u111', 3)); putUnit(s, u('u3', 4)); });
    expect(ids(d.units)).toEqual([...want.filter((x) => x !== 'u111'), 'u111']);
    expect(unitList(d).find((x) => x.id === 'u3')!.hex).toBe(4);
    expect(chunkOrderProblem(d.units)).toBeNull();
  });

  test('integer-like ids (listed first by every object) are read by id, in table order', () => {
    const t = freeze(unitTable([u('b'), u('10'), u('a'), u('2')]), true);
    expect(ids(t)).toEqual(['b', '10', 'a', '2']);
  });

  test('chunk order invariant: a chunk whose units are out of the table order is named', () => {
    const t = unitTable(many.map((id) => u(id)));
    // Two ids of one chunk, their records swapped in the chunk's own order.
    const k = chunkKeyOf(many[0]);
    const [x, y] = many.filter((id) => chunkKeyOf(id) === k);
    const c = t[k];
    const swapped = { ...t, [k]: Object.fromEntries(Object.entries(c).map(([id, v]) => (id === x ? [y, c[y]] : id === y ? [x, c[x]] : [id, v]))) } as UnitTable;
    expect(chunkOrderProblem(swapped)).toMatch(new RegExp(`unit ${x} is listed out of the table order`));
    expect(CHUNK_KEYS).toContain(k);
  });
});
