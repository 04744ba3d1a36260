#!/usr/bin/env node
/**
 * Every hex ID seed 004 names in AW 36–42 (scenarios 4–6, the campaign, the activation lists, the
 * airborne and amphibious assault stages), each with what the rule says the hex is, so the map test
 * (tests/map-invasion.test.ts) can check the terrain against the rule that names it.
 *   node tools/map/seed-aw36-42.mjs [path/to/004_b3259d7bdd96b18c.txt] [--check]
 * Writes tests/fixtures/seed-hex-ids-aw36-42.json (the map test reads it when ../shared is absent);
 * --check exits 1 when the committed file differs from a fresh extraction.
 *
 * Kinds (read from the line that names the hex and the line before it):
 *   place      "Name (C4522)" or "Name C4522:" — a town, city or village of that name;
 *   height     "Hill 112 (C3927)" — a named height;
 *   bridge     AW 41 Pegasus: the bridges at C5217 (the road C5217→C5317 crosses the Orne and the canal);
 *   battery    the Merville Battery hex (AW 41.4);
 *   beach      AW 42 beach sub-area hexes (Beach Area Marker, landing hex, Sea Box hex);
 *   beachExit  AW 42 Omaha Beach Exit Box hexes (C1406, C1305) and the Vierville exit (C1004/B7004);
 *   cliff      AW 42.5 Pointe du Hoc (printed C6402, read B6402);
 *   edge       arrival hexes and sector ends (AW 36.8.2, AW 40.3.1): hexes on the map edge;
 *   dropZone   AW 41.1 drop-zone target hexes;
 *   land       unit set-up hexes and the centres of set-up areas ("within 3 hexes of B4403").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const CHECK = args.includes('--check');
const SEED = args.find((a) => !a.startsWith('--')) ?? process.env.NEPTUNE_SEED ?? resolve(ROOT, '../shared/seeds/004_b3259d7bdd96b18c.txt');
const OUT = resolve(ROOT, 'tests/fixtures/seed-hex-ids-aw36-42.json');

export function extract(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^36\.0 SCENARIO FOUR/.test(l));
  const last42 = lines.findIndex((l) => /^42\.16\.0 /.test(l));
  if (start < 0 || last42 < 0) throw new Error('AW 36.0 or AW 42.16.0 not found in the seed');
  // AW 42 is the last chapter; the player aids after it restart at chapter 3
  let end = lines.findIndex((l, i) => i > last42 && /^\d+\.\d+\.\d+ /.test(l) && !l.startsWith('42.'));
  if (end < 0) end = lines.length;
  const prevText = (i) => { for (let j = i - 1; j >= Math.max(0, i - 4); j--) if (lines[j].trim()) return lines[j].trim(); return ''; };
  const out = [];
  const seen = new Set();
  const push = (id, n, kind, quote, extra = {}) => {
    const key = `${id}@${n}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ id, line: n, kind, ...extra, quote: quote.replace(/\s+/g, ' ').trim().slice(0, 100) });
  };
  for (let i = start; i < end; i++) {
    const text = lines[i];
    const n = i + 1;
    const ids = [];
    for (const m of text.matchAll(/\b(F[12])\s*-\s*(\d{4})\b/g)) ids.push({ id: `${m[1]}-${m[2]}`, at: m.index });
    for (const m of text.matchAll(/\b([A-F])(\d{4})\b/g)) if (!/F[12]\s*-\s*$/.test(text.slice(0, m.index))) ids.push({ id: `${m[1]}${m[2]}`, at: m.index });
    // AW 42.3: "Queen Green Sea Box should read 4911" has no map letter (Sword is on map C)
    if (/Sea Box should read 4911/.test(text)) ids.push({ id: 'C4911', at: text.indexOf('4911'), letterless: 'no map letter printed; Sword is on map C' });
    for (const { id, at, letterless } of ids) {
      // the words before the ID, from the line before when the ID opens its line ("St. Lo" / "(B5656)")
      const own = text.slice(0, at);
      const before = /^\s*\(?\s*$/.test(own) ? `${prevText(i)} ${own.trim()}` : own;
      const after = text.slice(at + id.length);
      const extra = letterless ? { letterless } : {};
      const named = /([A-Z][A-Za-z.' -]+?)\s*\(\s*$/.exec(before) ?? (/^\s*:/.test(after) ? /^\s*•\s*([A-Z][A-Za-z.' -]+?)\s*$/.exec(own) : null);
      let kind = 'land';
      let name;
      if (/Sector [A-F]:/.test(text) || /may enter at/.test(text) || /(AM|PM|Night);\s*$/.test(own)) kind = 'edge';
      else if (/Hill \d+\s*\(\s*$/.test(before)) { kind = 'height'; name = /(Hill \d+)\s*\(\s*$/.exec(before)[1]; }
      else if (/Merville Battery/.test(own)) kind = 'battery';
      else if (/bridges over the Orne|hex C5217 to C5317/.test(text)) kind = 'bridge';
      else if (/Beach Exit Box|should read C1004 or B7004|Attack marker in either the C1406/.test(text)) kind = 'beachExit';
      else if (/Sea Box should read|actually land|placed in hex C4209/.test(text)) kind = 'beach';
      else if (/Amphibious Assault Diagram\)\s*in hex/.test(`${prevText(i)} ${text}`)) kind = 'cliff';
      else if (/target hex of\s*$/.test(prevText(i)) && /^\s*$/.test(own)) kind = 'dropZone';
      else if (named && !/^(Within|within)\b/.test(named[1])) {
        kind = 'place';
        name = named[1].replace(/^.*\b(and|or|If|in)\s+/, '').trim();
      }
      if (name === 'Bocage') name = 'Villers-Bocage';
      push(id, n, kind, text, { ...(name ? { name } : {}), ...extra });
    }
  }
  return { range: [start + 1, end], ids: out };
}

function serialise(r) {
  const head = {
    source: 'seed:004 (shared/seeds/004_b3259d7bdd96b18c.txt), AW 36.0–42.16 (lines ' + r.range.join('–') + '), extracted by tools/map/seed-aw36-42.mjs',
    note: 'Every hex ID named in AW 36–42, one entry per line that names it, with the kind of hex the rule says it is (see the tool). Printed IDs are kept as printed (errata are applied when read, data/map/sheets.json).',
  };
  return `{\n "source": ${JSON.stringify(head.source)},\n "note": ${JSON.stringify(head.note)},\n "range": ${JSON.stringify(r.range)},\n "ids": [\n${r.ids.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n ]\n}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = serialise(extract(readFileSync(SEED, 'utf8')));
  if (CHECK) {
    let old = '';
    try { old = readFileSync(OUT, 'utf8'); } catch { /* missing */ }
    if (old !== text) { console.error(`${OUT} differs from a fresh extraction: run node tools/map/seed-aw36-42.mjs`); process.exit(1); }
    console.log(`${OUT} is up to date`);
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
