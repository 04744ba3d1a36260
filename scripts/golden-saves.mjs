// `node scripts/golden-saves.mjs`: writes the golden saves (src/save/golden.ts) to tests/fixtures/saves/.
// Run it when a change of rules or data is meant to change saved games; golden.test.ts fails until then.
import { createServer } from 'vite';
import { mkdirSync, writeFileSync } from 'node:fs';

const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
try {
  const { goldenSaves } = await vite.ssrLoadModule('/src/save/golden.ts');
  mkdirSync('tests/fixtures/saves', { recursive: true });
  for (const g of goldenSaves()) {
    writeFileSync(`tests/fixtures/saves/${g.name}.neptune.json`, g.text);
    console.log(`${g.name}: ${g.text.length} bytes`);
  }
} finally {
  await vite.close();
}
