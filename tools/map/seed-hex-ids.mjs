#!/usr/bin/env node
/**
 * Extracts every battlefield hex ID named in seed 004 (AW v4.0 rules: terrain rules, setups,
 * reinforcements, victory conditions, modules) into tests/fixtures/seed-hex-ids.json, so the map
 * tests can check them without ../shared.
 *   node tools/map/seed-hex-ids.mjs [path/to/004_b3259d7bdd96b18c.txt]
 * Printed IDs are kept as printed (errata are applied by the engine's parser, data/map/sheets.json).
 * IDs on map F's sections (AW 1.8.0: F1-6139, F2-5257) are listed apart under `sections`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEED = process.argv[2] ?? resolve(ROOT, '../shared/seeds/004_b3259d7bdd96b18c.txt');
const lines = readFileSync(SEED, 'utf8').split('\n');

// Mentions without a map letter, read by hand (the line must contain `text`).
const LETTERLESS = [
  { line: 19478, text: '4911', id: 'C4911', why: "Sword Queen Green sea box 'should read 4911'; the map letter C is implied (Sword is on map C)" },
  { line: 9028, text: '5120-5125', id: 'C5120', why: 'Goodwood carpet-bombing box corner (map C, scenario 35)' },
  { line: 9028, text: '5120-5125', id: 'C5125', why: 'Goodwood carpet-bombing box corner (map C, scenario 35)' },
  { line: 9028, text: '5625-', id: 'C5625', why: 'Goodwood carpet-bombing box corner (map C, scenario 35)' },
  { line: 9030, text: '5620', id: 'C5620', why: 'Goodwood carpet-bombing box corner (map C, scenario 35)' },
];

const found = new Map();
const add = (id, lineNo, quote, extra = {}) => {
  if (!found.has(id)) found.set(id, { id, lines: [], quote: quote.trim().replace(/\s+/g, ' ').slice(0, 90), ...extra });
  const e = found.get(id);
  if (!e.lines.includes(lineNo)) e.lines.push(lineNo);
};
const sections = new Map();
lines.forEach((text, i) => {
  const n = i + 1;
  for (const m of text.matchAll(/\bF([12])\s*-\s*(\d{4})\b/g)) {
    const id = `F${m[1]}-${m[2]}`;
    if (!sections.has(id)) sections.set(id, { id, lines: [], quote: text.trim().slice(0, 90) });
    sections.get(id).lines.push(n);
  }
  for (const m of text.matchAll(/\b([A-F])(\d{4})\b(?:\s*\/\s*([A-F])?(\d{4})\b)?/g)) {
    add(`${m[1]}${m[2]}`, n, text);
    if (m[4]) add(`${m[3] ?? m[1]}${m[4]}`, n, text, { hexsidePartner: `${m[1]}${m[2]}` });
  }
});
for (const l of LETTERLESS) {
  if (!lines[l.line - 1].includes(l.text)) throw new Error(`seed line ${l.line} no longer contains "${l.text}"`);
  add(l.id, l.line, lines[l.line - 1], { letterless: l.why });
}
const ids = [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
const out = {
  source: 'seed:004 (shared/seeds/004_b3259d7bdd96b18c.txt), extracted by tools/map/seed-hex-ids.mjs',
  note: 'Every battlefield-map hex ID printed in seed 004, as printed, with the lines it appears on. IDs on the sections F1 and F2 of map F (AW 1.8.0, F1-xxxx, F2-xxxx) are listed apart under sections.',
  ids,
  sections: [...sections.values()].sort((a, b) => a.id.localeCompare(b.id)),
};
const file = resolve(ROOT, 'tests/fixtures/seed-hex-ids.json');
const list = (xs) => `[\n${xs.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n ]`;
writeFileSync(file, `{\n "source": ${JSON.stringify(out.source)},\n "note": ${JSON.stringify(out.note)},\n "ids": ${list(out.ids)},\n "sections": ${list(out.sections)}\n}\n`);
console.log(`wrote ${file}: ${ids.length} hex IDs, ${out.sections.length} IDs on map F's sections F1/F2`);
