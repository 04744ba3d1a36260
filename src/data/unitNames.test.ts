/**
 * Issue 4 acceptance: every unit named in the setups and reinforcements of scenarios 1-3 resolves
 * to its counter(s), each counter at most once per scenario. The roster holds the strings; when
 * ../shared is present the roster is also checked against shared/research/scenario-setups.json.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UnitsFile, type UnitDef } from './schemas/unit';
import { ROSTER, cleanName, createResolver, findRosterScenario, scenarioRoster } from './unitNames';
import fixture from './__fixtures__/unresolved-unit-names.json';

const ROOT = resolve(__dirname, '../..');
const SETUPS = '/work/shared/research/scenario-setups.json';
const sets = new Map<string, UnitDef[]>(
  readdirSync(join(ROOT, 'data/units')).filter((f) => f.endsWith('.json') && f !== 'demo.json').map((f) => {
    const u = UnitsFile.parse(JSON.parse(readFileSync(join(ROOT, 'data/units', f), 'utf8')));
    return [u.id, u.units];
  }),
);
const unitsOf = (setIds: string[]) => setIds.flatMap((s) => sets.get(s) ?? []);

describe('unit names of scenarios 1-3 resolve to counters (issue 4)', () => {
  test.each(ROSTER.scenarios.map((s) => [s.case, s.id, s] as const))('%s %s: every name resolves, no counter twice', (_c, _id, s) => {
    const r = scenarioRoster(s, unitsOf(s.unitSets));
    const unresolved = r.unresolved.map((x) => ({ scenario: s.id, name: x.entry.name, reason: x.resolution.reason }));
    expect(unresolved).toEqual(fixture.unresolved.filter((x: { scenario: string }) => x.scenario === s.id));
    for (const x of r.resolutions) expect(x.resolution.ids.length, x.entry.name).toBe(x.resolution.expected);
    expect(new Set(r.ids).size).toBe(r.ids.length);
    const setOf = new Map(s.unitSets.flatMap((id) => (sets.get(id) ?? []).map((u) => [u.id, id] as const)));
    for (const id of r.ids) expect(setOf.has(id), id).toBe(true);
  });

  test('generic strings get distinct counters: the nine "1x 88Flak Coy" of AW 32.11.2', () => {
    const s = findRosterScenario('goodwood')!;
    const r = scenarioRoster(s, unitsOf(s.unitSets));
    const flak = r.resolutions.filter((x) => x.entry.name === '1x 88Flak Coy').map((x) => x.resolution.ids[0]);
    expect(flak).toEqual(Array.from({ length: 9 }, (_, i) => `88flak-coy-${i + 1}`));
  });

  test('a tenth 88Flak Coy in one scenario does not resolve, and says why', () => {
    const r = createResolver(unitsOf(['de-breakdown']));
    expect(r.resolve('9x 88Flak Coy').ids).toHaveLength(9);
    expect(r.resolve('1x 88Flak Coy')).toMatchObject({ ids: [], reason: expect.stringMatching(/only 0 unused/) });
    expect(r.resolve('I/981/272 Inf Btn')).toMatchObject({ ids: [], reason: 'no counter has this name' });
  });

  test('AW 32.11.0: "(-N)" is step losses, not identity', () => {
    expect(cleanName('I/192/21 PzGd Btn (-2)')).toEqual({ name: 'I/192/21 PzGd Btn', stepLosses: 2 });
    expect(cleanName('II/1/1SS Mot Inf Btn; (-1)')).toEqual({ name: 'II/1/1SS Mot Inf Btn', stepLosses: 1 });
    expect(cleanName('49th Inf Div, attached, 8th Arm Bde (-Mech Inf Btn)').stepLosses).toBe(0);
  });

  test('named single units resolve to one counter each', () => {
    const s = findRosterScenario('aw32')!;
    const r = createResolver(unitsOf(s.unitSets));
    expect(r.resolve('1./503 MkVI Coy').ids).toEqual(['1-503']);
    expect(r.resolve('Wunsche (leader)').ids).toEqual(['wunsche']);
    expect(r.resolve('III/2612SS PzGd Btn (-1)').ids).toEqual(['iii-26-12ss']);
    expect(r.resolve('9NW Bde (all six Btns)').ids).toHaveLength(6);
  });

  test.skipIf(!existsSync(SETUPS))('the roster holds exactly the strings of scenario-setups.json (needs ../shared; skipped without it)', () => {
    const d = JSON.parse(readFileSync(SETUPS, 'utf8'));
    const keys: Record<string, string> = { goodwood: 'scenario1', epsom: 'scenario2', cherbourg: 'scenario3' };
    for (const s of ROSTER.scenarios) {
      const src = d[keys[s.id]];
      const g = src.setup.german;
      const german: string[] = Array.isArray(g)
        ? g.flatMap((e: { units: string[] }) => e.units)
        : [...g.armyUnitsPool.units, ...g.explicitHexes.flatMap((e: { units: string[] }) => e.units),
          ...Object.values(g.divisionPools).filter(Array.isArray).flat() as string[]];
      german.push(...src.reinforcements.german.flatMap((r: { units: string[] }) => r.units));
      expect(s.german.map((x) => x.name)).toEqual(german);
      const allied: string[] = [];
      for (const [ctx, v] of Object.entries(src.setup.allied.oob)) allied.push(...(Array.isArray(v) ? v : [ctx]));
      allied.push(...src.reinforcements.allied.flatMap((r: { units: string[] }) => r.units));
      expect(s.allied.map((x) => x.name)).toEqual(allied);
    }
  });
});
