// The order of battle's unit files kept as text and parsed when a scenario reads them (issue 17:
// a scenario loads only its own files; src/data/bundle.ts lazyFiles).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN, lazyFiles, loadScenario } from './bundle';
import { DataError } from './problems';

const demoUnits = readFileSync(new URL('../../data/units/demo.json', import.meta.url), 'utf8');

describe('unit sets kept as text (issue 17)', () => {
  it('a scenario parses only the unit sets it names: a malformed file it does not name is never read', () => {
    const units = lazyFiles({ '../../data/units/demo.json': demoUnits, '../../data/units/broken.json': '{ not json' });
    const b = loadScenario('demo', { ...BUILTIN, units });
    expect(b.units.size).toBeGreaterThan(0);
    // The broken file is found (by its name) only when something asks for it.
    expect(() => units['data/units/broken.json']).toThrow(SyntaxError);
  });

  it('a unit set whose id is not its file name is a data error naming the file', () => {
    const renamed = demoUnits.replace(/"id":\s*"demo"/, '"id": "demo-renamed"');
    expect(renamed).not.toBe(demoUnits);
    const units = lazyFiles({ '../../data/units/demo.json': renamed });
    expect(() => loadScenario('demo', { ...BUILTIN, units })).toThrow(DataError);
    expect(() => loadScenario('demo', { ...BUILTIN, units })).toThrow(/data\/units\/demo\.json at id: the unit set's id "demo-renamed" is not its file's name "demo"/);
  });

  it('every built-in unit set is named by its id (what the lazy loader relies on)', () => {
    for (const [file, json] of Object.entries(BUILTIN.units)) expect(`data/units/${(json as { id: string }).id}.json`).toBe(file);
  });
});
