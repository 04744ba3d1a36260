/**
 * The Airborne Display's DZ target hexes (AW 41.1.2) are not in the rules text: each DZ is
 * reconstructed from the historical drop/landing zone centre (lat, lon in the display file) through
 * the same georeferencing the map build uses (data/map/curated/anchors.json, tools/map/geo.mjs).
 * A DZ whose hex the rules print (DZ "O", A5432) keeps that hex.
 *   node tools/airborne/dz-hexes.mjs           writes the target hexes into the display file
 *   node tools/airborne/dz-hexes.mjs --check   exits 1 if a target hex differs from the computed one
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapTransform } from '../map/geo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FILE = resolve(ROOT, 'data/modules/airborne/display-1944-06-06.json');
const check = process.argv.includes('--check');

const { createServer } = await import('vite');
const server = await createServer({ root: ROOT, logLevel: 'error', server: { middlewareMode: true }, appType: 'custom' });
try {
  const L = await server.ssrLoadModule('/src/engine/hex/lattice.ts');
  const S = await server.ssrLoadModule('/src/engine/hex/sheets.ts');
  const anchorsC = JSON.parse(readFileSync(resolve(ROOT, 'data/map/curated/anchors.json'), 'utf8'));
  const hexOf = (id) => { const r = S.tryParseHexRef(id); if ('error' in r) throw new Error(r.error); return r.hex; };
  const T = mapTransform(anchorsC, hexOf, L.colOf, L.rowOf);
  const display = JSON.parse(readFileSync(FILE, 'utf8'));
  let bad = 0;
  for (const dz of display.dzs) {
    if (dz.source.startsWith('seed:')) continue; // printed by the rules
    const hex = S.formatHex(L.hexAt(...T.lonLatToColRow(dz.site.lon, dz.site.lat)));
    if (check && dz.target !== hex) { console.error(`${dz.division} ${dz.letter}: file has ${dz.target}, computed ${hex}`); bad++; }
    dz.target = hex;
  }
  if (check) { if (bad) process.exitCode = 1; else console.log(`${display.dzs.length} DZ target hexes match`); }
  else { writeFileSync(FILE, JSON.stringify(display, null, 1) + '\n'); console.log(display.dzs.map((d) => `${d.division} ${d.letter} ${d.target}`).join('\n')); }
} finally {
  await server.close();
}
