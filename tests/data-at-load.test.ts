/**
 * Every data file a scenario reads is validated when the scenario loads (src/data/bundle.ts), each
 * problem with file, path and reason: a broken rules table or scenario rule never reaches the game
 * to fail on first use mid-game.
 */
import { describe, expect, test } from 'vitest';
import { BUILTIN, loadScenario, type DataSources } from '../src/data/bundle';
import { DataError, type DataProblem } from '../src/data/problems';

function problemsOf(src: DataSources, id = 'goodwood'): DataProblem[] {
  try { loadScenario(id, src); } catch (e) { if (e instanceof DataError) return e.problems; throw e; }
  return [];
}
const clone = <T>(x: T): T => structuredClone(x);

describe('data validated at load (file, path, reason)', () => {
  test('a broken GA modifiers table (GOSS 13.8.3 regimental integrity row) is refused at load, naming file and path', () => {
    const tables = clone(BUILTIN.tables) as Record<string, { ribMax: Record<string, unknown> }>;
    tables['data/tables/ga-modifiers.json'].ribMax.perRgtMin = 'two';
    const p = problemsOf({ ...BUILTIN, tables });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ file: 'data/tables/ga-modifiers.json', path: 'ribMax.perRgtMin' });
    expect(p[0].reason).toMatch(/number/i);
  });

  test('a broken TEC and stacking table are both reported in one load', () => {
    const tables = clone(BUILTIN.tables) as Record<string, Record<string, unknown>>;
    (tables['data/tables/tec.json'].terrain as Record<string, { leg: unknown }>).clear.leg = 0.3;
    delete tables['data/tables/stacking.json'].hq;
    const p = problemsOf({ ...BUILTIN, tables });
    expect(p.map((x) => [x.file, x.path]).sort()).toEqual([['data/tables/stacking.json', 'hq'], ['data/tables/tec.json', 'terrain.clear.leg']]);
  });

  test('a missing or unknown table is refused', () => {
    const tables = clone(BUILTIN.tables) as Record<string, Record<string, unknown>>;
    delete tables['data/tables/naval.json'];
    tables['data/tables/extra.json'] = { id: 'extra' };
    const p = problemsOf({ ...BUILTIN, tables });
    expect(p.map((x) => [x.file, x.path])).toEqual([['data/tables/extra.json', 'id'], ['data/tables', '']]);
    expect(p[1].reason).toContain('"naval"');
  });

  test('scenario rules: a bad rules.combat entry, and weather kept out of rules.combat (one place: special.weather)', () => {
    const scenarios = clone(BUILTIN.scenarios) as Record<string, { rules: { combat: Record<string, unknown> } }>;
    scenarios['data/scenarios/epsom.json'].rules.combat.leaders = [{ unit: 7 }];
    expect(problemsOf({ ...BUILTIN, scenarios: scenarios as DataSources['scenarios'] }, 'epsom')).toEqual([
      expect.objectContaining({ file: 'data/scenarios/epsom.json', path: 'rules.combat.leaders[0].unit' }),
      expect.objectContaining({ file: 'data/scenarios/epsom.json', path: 'rules.combat.leaders[0].source' }),
    ]);
    const again = clone(BUILTIN.scenarios) as Record<string, { rules: { combat: Record<string, unknown> } }>;
    again['data/scenarios/epsom.json'].rules.combat.atmosphere = [];
    expect(problemsOf({ ...BUILTIN, scenarios: again as DataSources['scenarios'] }, 'epsom')).toEqual([
      expect.objectContaining({ file: 'data/scenarios/epsom.json', path: 'rules.combat', reason: expect.stringContaining('atmosphere') }),
    ]);
  });

  test('the shipped data loads clean', () => {
    for (const id of ['demo', 'goodwood', 'epsom', 'cherbourg']) expect([id, problemsOf(BUILTIN, id)]).toEqual([id, []]);
  });
});
