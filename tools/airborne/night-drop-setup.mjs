/**
 * The German setup of the two night-drop scenarios (data/scenarios/night-drop-6ab.json, night-drop-us.json):
 * the AW 38.8.2 June 6 placement (roster data/units/rosters/aw-scenario-6.json, seed:004 L14646-15122)
 * limited to the scenario's maps, and the WN/StP counters at the hexes printed on them (AW 38.8.2 L14662;
 * our hexes are reconstructed, data/units/de-wn.json). The whole roster is resolved in order first, so a
 * generic counter gets the same id as in the full D-Day setup.
 *   node tools/airborne/night-drop-setup.mjs           writes the `setup` of both scenario files
 *   node tools/airborne/night-drop-setup.mjs --check   exits 1 if a file's setup differs
 */
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, resolve, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const check = process.argv.includes('--check');
const SCENARIOS = { 'night-drop-6ab': ['C'], 'night-drop-us': ['A', 'B'] };

const { createServer } = await import('vite');
const server = await createServer({ root: ROOT, logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
try {
  const N = await server.ssrLoadModule('/src/data/unitNames.ts');
  const roster = JSON.parse(readFileSync(join(ROOT, 'data/units/rosters/aw-scenario-6.json'), 'utf8'));
  const sc = roster.scenarios[0];
  const sets = new Map(readdirSync(join(ROOT, 'data/units')).filter((f) => f.endsWith('.json')).map((f) => {
    const u = JSON.parse(readFileSync(join(ROOT, 'data/units', f), 'utf8'));
    return [u.id, u.units];
  }));
  const units = sc.unitSets.flatMap((s) => sets.get(s));
  const byId = new Map(units.map((u) => [u.id, u]));
  const r = N.createResolver(units, roster.groups);
  const resolved = sc.german.map((entry) => ({ entry, res: r.resolve(entry.name, entry.context) }));
  let bad = 0;
  for (const [id, maps] of Object.entries(SCENARIOS)) {
    const file = join(ROOT, 'data/scenarios', `${id}.json`);
    const scen = JSON.parse(readFileSync(file, 'utf8'));
    const setup = [];
    for (const { entry, res } of resolved) {
      if (entry.placed === false || !/^[A-F]\d{4}$/.test(entry.where) || !maps.includes(entry.where[0])) continue;
      for (const u of res.ids) {
        const def = byId.get(u);
        const lost = res.stepLosses < 0 ? def.steps.length - 1 : res.stepLosses;
        setup.push({ unit: u, hex: entry.where, ...(lost ? { stepsLost: lost } : {}), source: `seed:004 L${entry.line} (AW 38.8.2: "${entry.name}")` });
      }
    }
    for (const u of sets.get('de-wn')) {
      const h = u.fortification.hex;
      if (maps.includes(h[0])) setup.push({ unit: u.id, hex: h, source: 'reconstructed: AW 38.8.2 (seed:004 L14662) places each WN/StP at the hex printed on its counter; our hex from data/units/de-wn.json' });
    }
    if (check) {
      if (JSON.stringify(scen.setup) !== JSON.stringify(setup)) { console.error(`${id}: setup differs`); bad++; }
    } else {
      scen.setup = setup;
      writeFileSync(file, JSON.stringify(scen, null, 1) + '\n');
      console.log(`${id}: ${setup.length} German units on map${maps.length > 1 ? 's' : ''} ${maps.join(', ')}`);
    }
  }
  if (check && bad) process.exitCode = 1;
} finally {
  await server.close();
}
