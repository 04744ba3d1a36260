#!/usr/bin/env node
/**
 * Counter database generator (issue 4, docs/data-provenance.md).
 *
 * Reads the compact order of battle in data/units/oob/*.json and the method parameters in
 * data/units/oob/classes.json, and writes one unit set per OOB file to data/units/<id>.json.
 * Values printed in the rules (AW 40.0 breakdown counters) are taken verbatim and cited
 * (`seed:004 Lnnnnn`); every other value is derived by the method and labelled `reconstructed:`.
 *
 *   node tools/units/generate.mjs           write data/units/*.json
 *   node tools/units/generate.mjs --check   exit 1 if the committed files differ from a fresh run
 *
 * It first runs tools/units/rosters.mjs (same flag): the scenario rosters cut from the seed text and the OOB
 * files of the units they name (issue 18); that step alone needs the seed and is skipped without it.
 *
 * Pure Node 20 ESM, no dependencies, no access to ../shared: the output depends only on data/units/oob.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Round half up; the epsilon absorbs binary noise such as 0.7 × 5 = 3.4999999. */
export const r = (x) => Math.floor(x + 0.5 + 1e-9);

export function slug(s) {
  return s.toLowerCase()
    .replace(/&/g, 'and')
    .replace(/\.(?=[a-z0-9])/g, '-')
    .replace(/\./g, '')
    .replace(/[/\s,]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Step values of a counter with `k` steps of a class whose `full` values are for `basis` steps
 * (GOSS 4.2; goss-core.md §3.1): a 3-step unit is F, then round(0.7F), then the hit marker halves
 * the reduced side (7-8 → 5-6 → 3-3). Fewer steps: F(j) = round(j × full / basis).
 */
export function stepValues(full, basis, k) {
  const F = (j) => (j === basis ? full : full.map((v) => r((j * v) / basis)));
  if (k === 3 && basis === 3) {
    const red = full.map((v) => r(0.7 * v));
    return [full, red, red.map((v) => r(v / 2))];
  }
  if (k === 3) {
    const f3 = F(3);
    const red = f3.map((v) => r(0.7 * v));
    return [f3, red, red.map((v) => r(v / 2))];
  }
  return Array.from({ length: k }, (_, i) => F(k - i));
}

/** Z-step values: half a one-step company of the class (AW 18.2.0: a Coy breaks into two Z-steps). */
export const zValues = (full, basis) => full.map((v) => r(v / basis / 2));

const fmtAD = (a, d, cls) =>
  `${a}${cls.armA ? `(${cls.armA})` : ''}-${d}${cls.armD ? `(${cls.armD})` : cls.at ? `(${cls.at})` : ''}-${cls.ma}`;

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Checks the method against the printed values: each breakdown Coy is round(parent / 3), German Inf Coys follow GOSS 18. */
export function checkMethod(classes) {
  const problems = [];
  for (const [id, c] of Object.entries(classes)) {
    if (!c.breakdown) continue;
    const [coyId] = c.breakdown;
    const coy = classes[coyId];
    if (!coy) { problems.push(`${id}: breakdown class ${coyId} is missing`); continue; }
    if (coyId.startsWith('de-inf-coy')) {
      // GOSS 18: German Leg Inf Bns with D ≥ 7 and A ≥ 6 break into 2-2-6, all others into 1-2-6.
      const want = c.full[1] >= 7 && c.full[0] >= 6 ? 'de-inf-coy-a' : 'de-inf-coy-b';
      if (coyId !== want) problems.push(`${id}: ${c.full.join('-')} breaks into ${want} by GOSS 18, not ${coyId}`);
      continue;
    }
    const derived = c.full.map((v) => r(v / c.basis));
    if (coy.printed && (derived[0] !== coy.full[0] || derived[1] !== coy.full[1]))
      problems.push(`${id}: ${c.full.join('-')} / 3 = ${derived.join('-')} but its breakdown ${coyId} is printed ${coy.full.join('-')} (${coy.printed.text})`);
  }
  return problems;
}

/**
 * Source of the breakdown and stacking marks (red triangle, red square GOSS 18.3.0, hybrid GOSS 4.1.4,
 * Arm Cav / M5 GOSS 6.2.3): the class's `marks` citation, or why the counter carries none.
 */
function marksSource(cls, id) {
  if (cls.marks) return cls.marks;
  const on = ['mayNotBreakDown', 'redSquare', 'hybrid', 'armCav', 'm5'].filter((k) => cls[k]);
  if (on.length) return `reconstructed: ${on.join(', ')} for class ${id}${cls.why ? ` (${cls.why})` : ''}`;
  return `reconstructed: no red triangle, red square, hybrid, Arm Cav or M5 mark for class ${id}: the seed names none for it (AW 18.2.0 L4040-L4084 names only the 17th MG and Sturm Btns; hybrids only in 2nd US Arm Div, L11745)`;
}

function pr(method, cls, training, reputation) {
  if (cls.pr) {
    const v = method.breakdownPr[cls.pr];
    return { off: v[0], def: v[1], source: `${method.breakdownPr.source}: '${cls.pr}' ${v[0]}/${v[1]}` };
  }
  if (!training) return { off: null, def: null, source: 'definition: no PR' };
  const base = method.training[training];
  const rep = [0, 1].map((i) => (reputation?.[i] ?? 0) + (cls.reputation ?? 0));
  const clamp = (v) => Math.max(1, Math.min(9, v));
  const off = cls.prOff === false ? null : clamp(base[0] + rep[0]);
  const def = cls.prDef === false ? null : clamp(base[1] + rep[1]);
  const repTxt = rep[0] || rep[1] ? ` ${rep[0] >= 0 ? '+' : ''}${rep[0]}/${rep[1] >= 0 ? '+' : ''}${rep[1]} formation reputation` : '';
  return { off, def, source: `reconstructed: PR from training ${training} ${base[0]}/${base[1]}${repTxt}${cls.prOff === false ? '; no offensive PR (GOSS 4.4.0)' : ''}` };
}

function buildUnit(method, file, fm, e, designation, id, poolIndex) {
  const cls = method.classes[e.c];
  if (!cls) throw new Error(`${file.id}: unknown class "${e.c}" for ${designation}`);
  const k = e.z ? 1 : e.k ?? cls.basis;
  const size = cls.size ?? (e.z ? 'Z' : cls.basis === 2 || k === 3 ? 'Bn' : 'Co');
  const steps = e.z ? [zValues(cls.full, cls.basis)] : stepValues(cls.full, cls.basis, k);
  const training = e.training !== undefined ? e.training : fm.training;
  const p = pr(method, cls, training, fm.reputation);
  const zBack = !e.z && k === 1 && (cls.zBack || e.zb);
  const printed = cls.printed && !e.z && k === cls.basis ? cls.printed : null;
  const art = cls.art ?? null;
  const breakdown = cls.breakdown && k === 3 && size === 'Bn' && !cls.mayNotBreakDown
    ? (() => { const c = method.classes[cls.breakdown[0]]; return { class: cls.breakdown[0], count: k, values: fmtAD(c.full[0], c.full[1], c) }; })()
    : null;
  const why = `class ${e.c}${cls.why ? ` (${cls.why})` : ''}`;
  const valuesSource = printed
    ? `seed:004 L${printed.line} AW 40.0 '${printed.text.replace(/\s+/g, ' ')}'`
    : `reconstructed: ${why}; ${e.z ? 'Z-step = half a Coy (AW 18.2.0)' : `${k} step${k > 1 ? 's' : ''} by the GOSS 4.2 reduction rule`}`;
  const identity = e.L ? `seed:004 L${e.L} names it` : e.note?.startsWith('AW') ? `reconstructed: ${e.note}` : file.source;
  const source = printed
    ? `${valuesSource}; PR ${p.source}`
    : `reconstructed: ${why}${e.L ? `; named at seed:004 L${e.L}` : ''}`;
  const unit = {
    id,
    designation,
    side: file.side,
    nationality: e.nat ?? fm.nationality,
    type: cls.type,
    size,
    moveClass: cls.move,
    ma: cls.ma,
    prOff: p.off,
    prDef: p.def,
    steps: steps.map(([attack, defence]) => ({ attack, defence })),
    zSide: zBack ? (([attack, defence]) => ({ attack, defence }))(zValues(cls.full, cls.basis)) : null,
    armAttack: cls.armA ?? null,
    armDefence: cls.armD ?? null,
    at: cls.at ?? null,
    range: art ? art.range : null,
    heavyArt: !!art?.heavy,
    sp: !!art?.sp,
    horse: !!art?.horse,
    weight: cls.weight ?? null,
    redHexagon: !!cls.redHexagon,
    re: !!cls.re,
    independent: !!(e.indep ?? cls.independent ?? fm.independent),
    mayNotBreakDown: !!cls.mayNotBreakDown,
    redSquare: !!cls.redSquare,
    hybrid: !!cls.hybrid,
    armCav: !!cls.armCav,
    m5: !!cls.m5,
    pureAfv: !!cls.pureAfv,
    engineer: !!cls.engineer,
    engAfv: !!cls.engAfv,
    cwRecon: !!cls.cwRecon,
    attached: !!e.attached,
    // AW 41.2.0 / 41.2.2: airborne delivery (para or glider), a Fog of War reverse, a dummy. Only on
    // the counters that have them, so the other sets' files do not change.
    ...(cls.airborne ? { airborne: cls.airborne } : {}),
    ...(cls.fow ? { fow: true } : {}),
    ...(cls.dummy ? { dummy: true } : {}),
    // AW 4.5.9 / 4.5.10: a WN or StP carries its printed hex, arc of fire and emplaced artillery; only
    // on those counters, so the other sets' files do not change.
    ...(e.fort ? { fortification: e.fort } : {}),
    formation: fm.id,
    regiment: e.rgt ?? null,
    hq: fm.hq && fm.hq !== id ? fm.hq : null,
    breakdown,
    training: cls.pr ? null : training ?? null,
    class: e.c,
    generic: e.pool ? `${e.d}` : null,
    names: e.n ?? [],
    source,
    sources: {
      identity,
      values: valuesSource,
      pr: p.source,
      ma: printed ? valuesSource : `reconstructed: ${cls.move} MA ${cls.ma} for class ${e.c}`,
      ...(zBack || e.z ? { zSide: 'reconstructed: Z-step = half a Coy, rounded half up (AW 18.2.0)' } : {}),
      marks: marksSource(cls, e.c),
      ...(e.note ? { note: `definition: ${e.note}` } : {}),
    },
  };
  if (poolIndex !== undefined) unit.sources.pool = `definition: generic counter ${poolIndex} of ${e.pool}`;
  return unit;
}

export function generateSet(method, file) {
  const units = [];
  for (const fm of file.formations) {
    for (const e of fm.units) {
      const ds = Array.isArray(e.d) ? e.d : [e.d];
      for (const d of ds) {
        if (e.pool) {
          const base = e.id ?? slug(d);
          for (let i = 1; i <= e.pool; i++) units.push(buildUnit(method, file, fm, e, d, `${base}-${i}`, i));
        } else {
          units.push(buildUnit(method, file, fm, e, d, ds.length === 1 && e.id ? e.id : slug(d)));
        }
      }
    }
  }
  const seen = new Set();
  for (const u of units) {
    if (seen.has(u.id)) throw new Error(`${file.id}: duplicate counter id ${u.id}`);
    seen.add(u.id);
  }
  return {
    format: 'neptune-units/1',
    id: file.id,
    title: file.title,
    source: file.source,
    generatedBy: 'tools/units/generate.mjs from data/units/oob (npm run units:generate)',
    units,
  };
}

/** One unit per line: readable diffs, deterministic bytes. */
export function serialise(set) {
  const head = { ...set };
  delete head.units;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  return `{\n${lines.join('\n')}\n  "units": [\n${set.units.map((u) => `    ${JSON.stringify(u)}`).join(',\n')}\n  ]\n}\n`;
}

/** Generates every unit set; returns file path (relative to the repo) → file text. */
export function generateAll(root = ROOT, include = () => true) {
  const oobDir = join(root, 'data/units/oob');
  const method = readJson(join(oobDir, 'classes.json'));
  const problems = checkMethod(method.classes);
  if (problems.length) throw new Error(`method inconsistent with the printed AW 40.0 values:\n${problems.join('\n')}`);
  const out = new Map();
  const ids = new Map();
  for (const name of readdirSync(oobDir).filter((f) => f.endsWith('.json') && f !== 'classes.json' && include(f)).sort()) {
    const file = readJson(join(oobDir, name));
    const set = generateSet(method, file);
    for (const u of set.units) {
      if (ids.has(u.id)) throw new Error(`counter id ${u.id} is in both ${ids.get(u.id)} and ${file.id}`);
      ids.set(u.id, file.id);
    }
    out.set(`data/units/${file.id}.json`, serialise(set));
  }
  return out;
}

async function main() {
  const check = process.argv.includes('--check');
  // Rosters first: they make the OOB files of the units the scenario rules name (tools/units/rosters.mjs).
  const { runRosters } = await import('./rosters.mjs');
  const rosterDiff = await runRosters(check);
  const files = generateAll();
  let diff = 0;
  let count = 0;
  for (const [rel, text] of files) {
    const path = join(ROOT, rel);
    count += JSON.parse(text).units.length;
    let old = null;
    try { old = readFileSync(path, 'utf8'); } catch { /* new file */ }
    if (old === text) continue;
    diff++;
    if (check) console.error(`differs: ${rel}`);
    else writeFileSync(path, text);
  }
  console.log(`${files.size} unit sets, ${count} counters${check ? (diff ? `, ${diff} differ` : ', all up to date') : diff ? `, ${diff} written` : ', unchanged'}`);
  if (check && (diff || rosterDiff)) process.exit(1);
}

// No top-level await: rosters.mjs imports this module, and a module still evaluating cannot be awaited.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
