import { describe, expect, test } from 'vitest';
import { canonicalJson } from './hash';
import { loadScenario } from '../data/bundle';
import { newGame } from './game';
import { flatUnits, flatUnitsJson } from './unitTable';

/** The definition state hashes, data hashes and dice were first taken with: JSON.stringify, every object copied with its keys sorted. */
function reference(value: unknown, swap?: { from: object; to: object }): string {
  return JSON.stringify(value, (_k, v) => {
    if (swap && v === swap.from) return swap.to;
    if (v && typeof v === 'object' && !Array.isArray(v) && v !== swap?.to) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
      return out;
    }
    return v;
  });
}

describe('canonical JSON (the text every hash is taken over)', () => {
  const cases: [string, unknown][] = [
    ['scalars', [0, -0, 1.5, 1e21, -1e-7, NaN, Infinity, -Infinity, true, false, null, 'a"b\\c\u2014\n', '']],
    ['undefined and functions: left out of objects, null in arrays', { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol('x')], d: 1 }],
    ['integer-like keys first in numeric order, then the rest sorted', { b: 1, 10: 'ten', a: 2, 2: 'two', '01': 'not an index', 4294967294: 'last index', 4294967295: 'not an index', '-1': 'neg', Z: 0 }],
    ['nested objects and arrays', { z: [{ y: 1, x: [2, { q: null, p: 'p' }] }], a: { c: { e: 5, d: 4 } } }],
    ['empty containers', { a: {}, b: [], c: [[]], d: [{}] }],
    ['toJSON', { when: { toJSON: () => '1944-06-06T00:00:00.000Z' }, custom: { toJSON: (k: string) => ({ key: k, b: 1, a: 2 }) } }],
    ['a null-prototype object', Object.assign(Object.create(null), { b: 1, a: 2, 3: 3 })],
  ];
  for (const [name, v] of cases) test(`${name}: the same text as the reference`, () => expect(canonicalJson(v)).toBe(reference(v)));

  test('undefined at the root gives undefined, as JSON.stringify', () => expect(canonicalJson(undefined)).toBe(reference(undefined)));

  test('a swapped object is written as the text given for it, wherever it is', () => {
    const from = { whatever: true };
    const v = { units: from, n: 1, list: [from] };
    expect(canonicalJson(v, { from, json: () => '{"b":1}' })).toBe('{"list":[{"b":1}],"n":1,"units":{"b":1}}');
  });

  test("a scenario's opening state: the same text as the reference (the units as their flat record)", () => {
    const { state } = newGame(loadScenario('demo'), { seed: 'hash' });
    expect(canonicalJson(state, { from: state.units, json: () => flatUnitsJson(state.units) })).toBe(reference(state, { from: state.units, to: flatUnits(state.units) }));
  });
});

describe('the units in a state hash', () => {
  test('flatUnitsJson is the canonical JSON of the flat record, integer-like ids first as in any object', async () => {
    const { unitTable, flatUnitsJson } = await import('./unitTable');
    const u = (id: string) => ({ id, side: 'allied', hex: 1, stepsLost: 0, mpSpent: 0, markers: [] }) as never;
    const t = unitTable([u("b"), u("10"), u("a"), u("2")]);
    expect(flatUnitsJson(t)).toBe(reference(flatUnits(t)));
    expect(flatUnitsJson(t).indexOf('"2"')).toBeLessThan(flatUnitsJson(t).indexOf('"10"'));
  });

  test('a unit text is reused only for the same frozen unit object: a changed unit, a unit changed in place and another table are written anew', async () => {
    const { unitTable, flatUnitsJson, withUnits } = await import('./unitTable');
    const u = (id: string, hex: number) => ({ id, side: 'allied', hex, stepsLost: 0, mpSpent: 0, markers: [] }) as never;
    const frozen = <T,>(x: T): T => { Object.freeze(x); for (const v of Object.values(x as object)) if (v && typeof v === 'object' && !Object.isFrozen(v)) frozen(v); return x; };
    const a = frozen(unitTable([u('a', 1), u('b', 2)]));
    expect(flatUnitsJson(a)).toBe(reference(flatUnits(a)));
    // The same ids, one unit replaced: its new text, the other's kept.
    const b = frozen(withUnits(a, [u('b', 7)]));
    expect(b.ids).toBe(a.ids);
    expect(flatUnitsJson(b)).toBe(reference(flatUnits(b)));
    expect(flatUnitsJson(a)).toBe(reference(flatUnits(a)));
    // A mutable unit in a table with frozen ids, changed in place between two hashes.
    const m = { ...a, c0: { ...a.c0 }, c1: { ...a.c1 } } as typeof a;
    for (const k of Object.keys(m) as (keyof typeof m)[]) if (k !== 'ids') (m as unknown as Record<string, Record<string, unknown>>)[k] = Object.fromEntries(Object.entries(a[k as 'c0']).map(([id, x]) => [id, { ...x }]));
    const before = flatUnitsJson(m);
    const mu = Object.values(m).flatMap((c) => (Array.isArray(c) ? [] : Object.values(c))).find((x) => (x as { id: string }).id === 'a') as { hex: number };
    mu.hex = 9;
    expect(flatUnitsJson(m)).not.toBe(before);
    expect(flatUnitsJson(m)).toBe(reference(flatUnits(m)));
  });
});
