import { describe, expect, test } from 'vitest';
import { freeze, isDraft, isDraftable, produce } from 'immer';
import { adoptState, asTable, CHUNK_KEYS, chunkKeyOf, chunkOrderProblem, dropUnit, mutUnit, putUnit, unitList, unitOf, unitTable, type UnitTable, withUnits } from './unitTable';
import { produceFrozen } from './frozenProduce';
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

// Issue 17: the table is one class immer does not draft; an action writes units by explicit
// copy-on-write (unitTable.ts `Table`, `mutUnit`, `putUnit`; frozenProduce.ts `claim`).
describe('unit writes inside an action: explicit copy-on-write (issue 17)', () => {
  const base = () => produceFrozen({ n: 0, units: unitTable(many.map((id) => u(id))) }, () => {});
  const sameChunk = many.filter((id) => chunkKeyOf(id) === chunkKeyOf('u5') && id !== 'u5')[0];

  test('the first write copies the table, the chunk and the unit; later writes in the same action write those copies; the state before is unchanged and the new one frozen', () => {
    const s0 = base();
    expect(isDraftable(s0.units)).toBe(false);
    let seen: { t1?: UnitTable; t2?: UnitTable; c1?: unknown; c2?: unknown; w1?: UnitState; w2?: UnitState; read?: UnitState } = {};
    const s1 = produceFrozen(s0, (d) => {
      seen.read = unitOf(d, 'u5');
      const w = mutUnit(d, 'u5');
      w.hex = 7; w.markers.push('TA');
      seen = { ...seen, t1: d.units, c1: d.units[chunkKeyOf('u5')], w1: w };
      mutUnit(d, sameChunk).hex = 8;
      const again = mutUnit(d, 'u5');
      again.mpSpent = 2;
      seen = { ...seen, t2: d.units, c2: d.units[chunkKeyOf('u5')], w2: again };
    });
    // Read on the draft: the frozen record itself, no proxy.
    expect(seen.read).toBe(unitOf(s0, 'u5'));
    expect(seen.t1).not.toBe(s0.units);
    expect(seen.t2).toBe(seen.t1);
    expect(seen.c2).toBe(seen.c1);
    expect(seen.w2).toBe(seen.w1);
    expect(unitOf(s0, 'u5')).toMatchObject({ hex: 1, markers: [], mpSpent: 0 });
    expect(unitOf(s1, 'u5')).toMatchObject({ hex: 7, markers: ['TA'], mpSpent: 2 });
    expect(unitOf(s1, sameChunk).hex).toBe(8);
    expect(Object.isFrozen(s1.units) && Object.isFrozen(s1.units[chunkKeyOf('u5')]) && Object.isFrozen(unitOf(s1, 'u5').markers)).toBe(true);
    // Untouched chunks and units are shared with the state before.
    const other = CHUNK_KEYS.find((k) => k !== chunkKeyOf('u5'))!;
    expect(s1.units[other]).toBe(s0.units[other]);
    expect(unitOf(s1, 'u1')).toBe(unitOf(s0, 'u1'));
  });

  test('writing a unit read with unitOf instead of mutUnit throws: a missed write is loud, never silent', () => {
    const s0 = base();
    expect(() => produceFrozen(s0, (d) => { unitOf(d, 'u5').hex = 3; })).toThrow(TypeError);
    expect(() => produceFrozen(s0, (d) => { unitOf(d, 'u5').markers.push('TA'); })).toThrow(TypeError);
    expect(unitOf(s0, 'u5').hex).toBe(1);
  });

  test('a copy made by one action is not written in place by the next', () => {
    const s1 = produceFrozen(base(), (d) => { mutUnit(d, 'u5').hex = 2; });
    const s2 = produceFrozen(s1, (d) => { mutUnit(d, 'u5').hex = 3; });
    expect([unitOf(s1, 'u5').hex, unitOf(s2, 'u5').hex]).toEqual([2, 3]);
    expect(s2.units).not.toBe(s1.units);
  });

  test('a structured clone of a state (the opponent worker gets one) holds a plain table; asTable makes it a table again, equal in every unit', () => {
    const s0 = base();
    const clone = structuredClone(s0);
    expect(isDraftable(clone.units)).toBe(true);
    const t = asTable(clone.units);
    expect(isDraftable(t)).toBe(false);
    expect(unitList({ units: t })).toEqual(unitList(s0));
    // Written through an immer draft of the plain table, the new table holds current values, not drafts.
    const s1 = produce(clone, (d) => { putUnit(d, { ...unitOf(d, 'u5'), hex: 4 }); });
    expect(unitOf(s1, 'u5').hex).toBe(4);
    expect(unitList(s1).every((x) => !isDraft(x))).toBe(true);
  });

  test('adoptState: a structured clone is made a frozen state with a table again, equal in every unit; a state the engine keeps is returned as it is', () => {
    const s0 = freeze(base(), true);
    const s1 = produceFrozen(s0, (d) => { mutUnit(d, 'u5').hex = 7; });
    expect(adoptState(s1)).toBe(s1);
    const a = adoptState(structuredClone(s1));
    expect(a).not.toBe(s1);
    expect(isDraftable(a.units)).toBe(false);
    expect(Object.isFrozen(a) && Object.isFrozen(a.units) && Object.isFrozen(unitOf(a, 'u5'))).toBe(true);
    expect(unitList(a)).toEqual(unitList(s1));
    // A rule writing a record it only read fails loudly, as on any state the engine keeps.
    expect(() => { (unitOf(a, 'u5') as { hex: number }).hex = 1; }).toThrow();
    expect(adoptState(a)).toBe(a);
  });
});
