// `node scripts/golden-saves.mjs`: writes the golden saves (src/save/golden.ts) to tests/fixtures/saves/.
// Run it when a change of rules or data is meant to change saved games; golden.test.ts fails until then.
// It also appends each scenario's current data version to src/save/data-versions.json, so that saves
// written on it are brought up to date, not refused, after the next data change (verify.ts migrateData).
import { createServer } from 'vite';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const VERSIONS = 'src/save/data-versions.json';

const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
try {
  const { goldenSaves } = await vite.ssrLoadModule('/src/save/golden.ts');
  mkdirSync('tests/fixtures/saves', { recursive: true });
  for (const g of goldenSaves()) {
    writeFileSync(`tests/fixtures/saves/${g.name}.neptune.json`, g.text);
    console.log(`${g.name}: ${g.text.length} bytes`);
  }
  const { listScenarios, loadScenario } = await vite.ssrLoadModule('/src/data/bundle.ts');
  const doc = JSON.parse(readFileSync(VERSIONS, 'utf8'));
  for (const s of listScenarios()) {
    const h = loadScenario(s.id).dataHash;
    const list = (doc.scenarios[s.id] ??= []);
    if (!list.includes(h)) { list.push(h); console.log(`${VERSIONS}: ${s.id} data version ${h.slice(0, 12)} added`); }
  }
  writeFileSync(VERSIONS, JSON.stringify(doc, null, 2) + '\n');
} finally {
  await vite.close();
}
