/**
 * The rules tables every scenario shares are validated once per page (issue 14: not at each scenario
 * load), and still before any game uses them: a table that fails is refused by every load.
 */
import { describe, expect, test, vi } from 'vitest';
import { BUILTIN, hashedJson, listScenarios, loadScenario, validateSharedData, type DataSources } from './bundle';
import { canonicalJson, hashValue, sha256Hex } from '../engine/hash';
import { DataError } from './problems';
import { TABLE_SCHEMAS } from './schemas/tables';

const fresh = (): DataSources => ({ ...BUILTIN, tables: structuredClone(BUILTIN.tables) });
const problemsOf = (src: DataSources) => {
  try { loadScenario('demo', src); } catch (e) { if (e instanceof DataError) return e.problems; throw e; }
  return [];
};

describe('shared rules tables validated once per page', () => {
  test('validateSharedData validates every table; a scenario load after it does not validate them again', () => {
    const src = fresh();
    const spies = Object.values(TABLE_SCHEMAS).map((s) => vi.spyOn(s, 'safeParse'));
    expect(validateSharedData(src)).toEqual([]);
    expect(spies.map((s) => s.mock.calls.length)).toEqual(spies.map(() => 1));
    const b = loadScenario('demo', src);
    expect(spies.map((s) => s.mock.calls.length)).toEqual(spies.map(() => 1));
    // The same tables and the same data hash as a load that validated them itself.
    const other = loadScenario('demo', fresh());
    expect(spies.map((s) => s.mock.calls.length)).toEqual(spies.map(() => 2));
    expect(b.tables).toEqual(other.tables);
    expect(b.dataHash).toBe(other.dataHash);
    spies.forEach((s) => s.mockRestore());
  });

  test('a broken table (GOSS 13.8.3 regimental integrity) is reported ahead and refused by every load, naming file and path', () => {
    const src = fresh();
    (src.tables['data/tables/ga-modifiers.json'] as { ribMax: Record<string, unknown> }).ribMax.perRgtMin = 'two';
    const ahead = validateSharedData(src);
    expect(ahead.map((p) => [p.file, p.path])).toEqual([['data/tables/ga-modifiers.json', 'ribMax.perRgtMin']]);
    for (let i = 0; i < 2; i++) expect(problemsOf(src).map((p) => [p.file, p.path])).toEqual([['data/tables/ga-modifiers.json', 'ribMax.perRgtMin']]);
  });
});

describe('the data hash input with the tables serialised once per page', () => {
  test('hashedJson equals canonicalJson of the same data for every scenario (the data hashes of saves unchanged)', () => {
    for (const { id } of listScenarios()) {
      const b = loadScenario(id);
      const hashed: unknown[] = [b.scenario, { unit: 'x', nested: { b: 1, a: [null, { z: 2, y: 'é' }] } }, b.sequence, b.tables, null];
      expect(hashedJson(hashed, b.tables)).toBe(canonicalJson(hashed));
      // Twice: the second time from the kept serialisations.
      expect(hashedJson(hashed, b.tables)).toBe(canonicalJson(hashed));
      expect(sha256Hex(hashedJson(hashed, b.tables))).toBe(hashValue(hashed));
    }
  });

  test('a table changed after it was validated is serialised anew only if it is another object (the kept JSON is per object)', () => {
    const src = fresh();
    const a = loadScenario('demo', src);
    const other = fresh();
    (other.tables['data/tables/naval.json'] as { name: string }).name = 'Naval (changed)';
    const b = loadScenario('demo', other);
    expect(b.dataHash).not.toBe(a.dataHash);
    expect(loadScenario('demo', fresh()).dataHash).toBe(a.dataHash);
  });
});
