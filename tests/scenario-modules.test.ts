/**
 * Optional rule modules as extension points (src/engine/rules/extensions.ts): core rules fold over
 * the modules a scenario lists (`scenario.modules`) and never import them; each refusal cites the
 * scenario's own rule, from its data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUILTIN, loadScenario } from '../src/data/bundle';
import { DataError } from '../src/data/problems';
import { newGame } from '../src/engine/game';
import { hexOfRulesId } from '../src/engine/hex';
import type { GameState } from '../src/engine/types';
import { enterCheck } from '../src/engine/rules/scenarioArea';
import { acrossBoundary } from '../src/engine/rules/extensions';
import { EXTENSIONS } from '../src/engine/rules/scenarioModules';
import { valueImports } from './importGraph';
import ts from 'typescript';
import { unitOf } from '../src/engine/unitTable';

const RULES = path.resolve(__dirname, '../src/engine/rules');
const epsom = loadScenario('epsom');
const goodwood = loadScenario('goodwood');

function at(state: GameState, unit: string, hex: string): GameState {
  const s = structuredClone(state);
  unitOf(s, unit).hex = hexOfRulesId(hex);
  return s;
}

describe('extension points instead of imports', () => {
  /** Every import specifier of a file, type-only ones included (a core rule may not even name a module's types). */
  const allImports = (text: string): string[] => {
    const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
    return sf.statements.flatMap((s) => ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? [s.moduleSpecifier.text] : []));
  };
  const files = fs.readdirSync(RULES).filter((f) => f.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(f));
  const text = (f: string) => fs.readFileSync(path.join(RULES, f), 'utf8');
  // A module file registers an Extension; the catalogue files list them; everything else is a core rule.
  const modules = new Set(files.filter((f) => /: Extension = \{/.test(text(f))).map((f) => f.replace(/\.ts$/, '')));
  const catalogues = new Set(['index.ts', 'scenarioModules.ts', 'scenarioModules23.ts']);
  // A module with several files lives in its own directory, registered by its module.ts (rules/airborne, AW 41).
  const dirModules = fs.readdirSync(RULES, { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(RULES, d.name, 'module.ts'))).map((d) => d.name);

  test('every registered module has its own file, and no rule file is named after a scenario', () => {
    expect([...modules].sort()).toEqual(['airPower', 'artilleryOncePerGt', 'bridgeMarkers', 'carpetBombing', 'corpsActivation', 'corpsBoundary', 'fortifications', 'intermediateFuel', 'landefront', 'lull', 'navalAvailability', 'randomArrival', 'variableWeather', 'weatherTable']);
    expect(dirModules).toEqual(['airborne']);
    expect(EXTENSIONS.map((e) => e.name).sort()).toEqual([...modules, ...dirModules].sort());
    const scenarioIds = Object.values(BUILTIN.scenarios).map((j) => (j as { id: string }).id);
    expect(files.filter((f) => scenarioIds.some((id) => f.toLowerCase().startsWith(id)))).toEqual([]);
  });

  test('grep: no core rule file imports a scenario module (value or type)', () => {
    const offenders: string[] = [];
    for (const f of files) {
      if (catalogues.has(f) || modules.has(f.replace(/\.ts$/, ''))) continue;
      for (const spec of allImports(text(f))) {
        const name = spec.replace(/^\.\//, '');
        if (spec.startsWith('./') && modules.has(name)) offenders.push(`${f} imports ${spec}`);
        if (dirModules.some((m) => spec.startsWith(`./${m}/`))) offenders.push(`${f} imports ${spec}`);
      }
      // Value imports through other paths (e.g. '../engine/rules/lull') count as well.
      for (const spec of valueImports(text(f))) if (modules.has(path.basename(spec)) && !spec.startsWith('./')) offenders.push(`${f} imports ${spec}`);
    }
    expect(offenders).toEqual([]);
  }, 30_000);

  test('the data loader refuses an unknown module and a module without its data (file, path, reason)', () => {
    const scen = structuredClone(BUILTIN.scenarios['data/scenarios/goodwood.json']) as { modules: string[]; special: Record<string, unknown> };
    scen.modules = ['carpetBombing', 'noSuchRule'];
    const e1 = (() => { try { loadScenario('goodwood', { ...BUILTIN, scenarios: { 'data/scenarios/goodwood.json': scen } }); } catch (e) { return e; } })();
    expect(e1).toBeInstanceOf(DataError);
    expect((e1 as DataError).problems).toEqual([{ file: 'data/scenarios/goodwood.json', path: 'modules[1]', reason: 'no rule module named "noSuchRule"' }]);
    scen.modules = ['landefront'];
    const e2 = (() => { try { loadScenario('goodwood', { ...BUILTIN, scenarios: { 'data/scenarios/goodwood.json': scen } }); } catch (e) { return e; } })();
    expect((e2 as DataError).problems[0]).toMatchObject({ file: 'data/scenarios/goodwood.json', path: 'modules[0]', reason: expect.stringContaining('special.cherbourg') });
    loadScenario('goodwood'); // re-register the real bundle for the other tests in this file
  });

  test('a scenario that does not list a module does not get its rule, even with the data present (AW 32.7.1 off)', () => {
    const scen = structuredClone(BUILTIN.scenarios['data/scenarios/goodwood.json']) as { id: string; modules: string[] };
    scen.id = 'goodwood-no-boundary';
    scen.modules = ['carpetBombing'];
    const b = loadScenario('goodwood-no-boundary', { ...BUILTIN, scenarios: { 'data/scenarios/goodwood-no-boundary.json': scen } });
    const s = newGame(b, { seed: 'modules', length: 'short' }).state;
    expect(enterCheck(s, b, 'black-watch-5-2c', hexOfRulesId('C4822'))).toBeNull();
    expect(enterCheck(newGame(goodwood, { seed: 'modules', length: 'short' }).state, goodwood, 'black-watch-5-2c', hexOfRulesId('C4822'))).toMatchObject({ case: 'AW 32.7.1' });
  });
});

describe('AW 33.7.1 Epsom boundaries (issue 16 item 13)', () => {
  const s = newGame(epsom, { seed: 'boundary', length: epsom.scenario.lengths[0].id }).state;

  test('AW 33.7.1: a VIII Corps unit (43rd Div) may not cross west of the 49th Div boundary, and the refusal cites AW 33.7.1 with the Epsom text', () => {
    const r = enterCheck(s, epsom, '1-worc-214-43', hexOfRulesId('C3318'));
    expect(r).toMatchObject({ code: 'restricted-area', case: 'AW 33.7.1' });
    expect(r!.message).toContain('49th Infantry Division boundary');
    expect(r!.message).not.toContain('Canadian');
  });

  test('AW 33.7.1: the 49th Div may not cross east of its boundary (AW 33.7.1, not the Goodwood AW 32.7.1)', () => {
    expect(enterCheck(s, epsom, '49-recce-49', hexOfRulesId('C3419'))).toMatchObject({ code: 'restricted-area', case: 'AW 33.7.1', message: expect.stringContaining('49th Infantry Division boundary') });
  });

  test('AW 33.7.1, 33.11.1: 31st Tank Bde (7 RTR, 9 RTR) is attached to the exempt 15th Div and may cross the boundary like it; the 15th Div itself may', () => {
    expect(enterCheck(s, epsom, '7-rtr-31', hexOfRulesId('C3320'))).toBeNull();
    expect(enterCheck(s, epsom, '9-rtr-31', hexOfRulesId('C3320'))).toBeNull();
    expect(enterCheck(s, epsom, '1-mx-15', hexOfRulesId('C3320'))).toBeNull();
  });

  test('AW 33.7.1: a unit forced across the 49th Div boundary is across that line (no PA, no tactical assault, must move back) and may move back', () => {
    const forced = at(s, '1-worc-214-43', 'C3318');
    expect(acrossBoundary(forced, epsom, '1-worc-214-43')).toEqual({ name: '49th Infantry Division boundary', case: 'AW 33.7.1' });
    expect(acrossBoundary(s, epsom, '1-worc-214-43')).toBeNull();
    expect(enterCheck(forced, epsom, '1-worc-214-43', hexOfRulesId('C3418'))).toBeNull();
  });

  test('AW 32.7.1: Goodwood keeps its own text and case', () => {
    const g = newGame(goodwood, { seed: 'boundary', length: 'short' }).state;
    expect(enterCheck(g, goodwood, 'black-watch-5-2c', hexOfRulesId('C4822'))).toMatchObject({ case: 'AW 32.7.1', message: expect.stringContaining('2nd Canadian Division boundary') });
  });
});
