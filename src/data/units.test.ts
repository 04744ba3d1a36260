/**
 * Issue 4 counter data: schema and per-type requirements, the printed AW 40.0 values, the
 * reconstruction method and its reproducibility. Needs only the repository; the checks against
 * the seed text skip with a message when ../shared is absent.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UnitsFile, UnitDef, counterProblems } from './schemas/unit';
import { checkMethod, generateAll, stepValues } from '../../tools/units/generate.mjs';

const ROOT = resolve(__dirname, '../..');
const SEED = '/work/shared/seeds/004_b3259d7bdd96b18c.txt';
const haveSeed = existsSync(SEED);
const unitFiles = readdirSync(join(ROOT, 'data/units')).filter((f) => f.endsWith('.json'));
const read = (f: string) => JSON.parse(readFileSync(join(ROOT, 'data/units', f), 'utf8'));
const generated = unitFiles.filter((f) => f !== 'demo.json');
const all: UnitDef[] = generated.flatMap((f) => UnitsFile.parse(read(f)).units);
const byId = new Map(all.map((u) => [u.id, u]));

/** AW 40.0 "German Breakdown counters" (seed:004 L16212-16234), copied from the rules. */
const PRINTED: [line: number, name: string, values: string, cls: string][] = [
  [16214, '88Flak Coy', '2-3(6)-12', 'de-flak88-coy'],
  [16216, '75AT Coy', '1-2(4)-9', 'de-at75-coy'],
  [16218, '75Mot AT Coy', '1-2(4)-12', 'de-at75mot-coy'],
  [16220, '88AT Coy', '2-3(7)-12', 'de-at88-coy'],
  [16222, 'Aufk Coy', '2(2)-3-12', 'de-aufk-coy'],
  [16224, 'Mot Inf Coy', '2-2-12', 'de-mot-inf-coy'],
  [16226, 'PzGd Coy', '3-3(1)-12', 'de-pzgd-coy'],
  [16228, 'PzGd Eng Coy', '2-3(1)-12', 'de-pzgd-eng-coy'],
  [16230, 'Eng Coy', '1-2(1)-6', 'de-eng-coy'],
  [16232, 'Mot Eng Coy', '2-2(1)-12', 'de-mot-eng-coy'],
  [16234, 'Inf Coy', '2-2-6', 'de-inf-coy-a'],
  [16234, 'Inf Coy', '1-2-6', 'de-inf-coy-b'],
];

/** GOSS layout "A(arm)-D(at or arm)-MA" of a counter's full side. */
function layout(u: UnitDef): string {
  const s = u.steps[0];
  const a = `${s.attack}${u.armAttack != null ? `(${u.armAttack})` : ''}`;
  const d = `${s.defence}${u.armDefence != null ? `(${u.armDefence})` : u.at != null ? `(${u.at})` : ''}`;
  return `${a}-${d}-${u.ma}`;
}

describe('unit schema (issue 4)', () => {
  test.each(unitFiles)('%s validates, with every per-type requirement', (f) => {
    const r = UnitsFile.safeParse(read(f));
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  test('every generated counter names a source for its identity, values, PR and MA', () => {
    const bad = all.filter((u) => !u.source || !['identity', 'values', 'pr', 'ma'].every((k) => u.sources?.[k]));
    expect(bad.map((u) => u.id)).toEqual([]);
    for (const u of all) expect(u.sources!.values).toMatch(/^(seed:004 L\d+|reconstructed:)/);
  });

  test('every generated counter carries the fields its type needs', () => {
    for (const u of all) {
      expect(u.training === null || ['Raw', 'Green', 'Vet'].includes(u.training!), u.id).toBe(true);
      expect(typeof u.formation, u.id).toBe('string');
      if (u.type === 'Art' || u.type === 'NW') expect([u.range, u.steps[0].attack > 0, u.redHexagon], u.id).toEqual([expect.any(Number), true, true]);
      if (u.pureAfv) expect((u.armAttack ?? 0) + (u.armDefence ?? 0), u.id).toBeGreaterThan(0);
      if (u.size === 'Bn' && !u.mayNotBreakDown && ['Inf', 'Mot Inf', 'PzGd', 'Pio', 'Eng', 'Fest', 'Sturm', 'Ost', 'AT', 'Flak'].includes(u.type) && u.steps.length === 3)
        expect(u.breakdown?.count, `${u.id} breakdown`).toBe(3);
      if (u.hq) expect(byId.get(u.hq)?.type, `${u.id} hq`).toBe('HQ');
    }
  });

  test('the per-type rules reject what they should (GOSS 4.1, 11.3.1, 13.8.4, 4.4.0)', () => {
    const base = all.find((u) => u.id === 'i-12-12ss')!;
    expect(counterProblems({ ...base, range: null }).map((p) => p[0])).toContain('range');
    const tank = all.find((u) => u.id === '1-503')!;
    expect(counterProblems({ ...tank, armAttack: null, armDefence: null }).map((p) => p[0])).toContain('armAttack');
    const hq = all.find((u) => u.id === '21pz-hq')!;
    expect(counterProblems({ ...hq, prOff: 5 }).map((p) => p[0])).toContain('prOff');
    const bn = all.find((u) => u.id === 'i-981-272')!;
    expect(counterProblems({ ...bn, size: 'Co' }).map((p) => p[0])).toContain('steps');
    expect(counterProblems({ ...bn, nationality: 'US' }).map((p) => p[0])).toContain('nationality');
    expect(counterProblems(bn)).toEqual([]);
  });
});

describe('breakdown and stacking marks (GOSS 18.3.0, 4.1.4, 6.2.3; AW 18.2.0)', () => {
  test('every counter gives the source of its marks; 17MG and 7A Sturm carry the red triangle (AW 18.2.0); the 4th Cav Grp squadrons are Arm Cav, their F troops M5 Coys', () => {
    for (const u of all) expect(u.sources?.marks, u.id).toMatch(/^(seed:004 L\d+|reconstructed:)/);
    for (const id of ['17mg-btn', '7a-sturm-btn']) {
      expect(byId.get(id), id).toMatchObject({ mayNotBreakDown: true, breakdown: null });
      expect(byId.get(id)!.sources!.marks).toContain('seed:004 L4082');
    }
    // Every US cavalry squadron is Arm Cav (L16107 'Cav Grp: Armored Cavalry Group'): the 4th Cav Grp's and, since
    // issue 18, the V, VIII and XIX Corps groups and the armored divisions' recon Bns (class us-cav); nothing else.
    expect(all.filter((u) => u.armCav).map((u) => u.id)).toEqual(expect.arrayContaining(['24-4cav', '4-4cav']));
    expect(all.filter((u) => u.armCav).map((u) => u.class)).toEqual(all.filter((u) => u.armCav).map(() => 'us-cav'));
    expect(all.filter((u) => u.class === 'us-cav').every((u) => u.armCav)).toBe(true);
    expect(all.filter((u) => u.m5).map((u) => u.id).sort()).toEqual(['f-24-4cav', 'f-4-4cav']);
    expect(byId.get('f-4-4cav')!.sources!.marks).toContain('seed:004 L10740');
    // The seed names no red-square counter and no hybrid in these sets (hybrids: 2nd US Arm Div, scenario 36).
    expect(all.filter((u) => u.redSquare || u.hybrid)).toEqual([]);
  });

  test('the schema rejects impossible marks (GOSS 4.1.4, 18.3.0, 6.2.3)', () => {
    const bn = all.find((u) => u.id === 'i-981-272')!;
    expect(counterProblems({ ...bn, hybrid: true }).map((p) => p[0])).toContain('hybrid'); // a leg unit
    expect(counterProblems({ ...bn, redSquare: true, mayNotBreakDown: true }).map((p) => p[0])).toContain('redSquare');
    expect(counterProblems({ ...bn, m5: true }).map((p) => p[0])).toContain('m5');
    const parts = [{ class: 'a', count: 1, values: '2-1-12' }, { class: 'b', count: 1, values: '2-2-12' }];
    expect(counterProblems({ ...bn, breakdown: { ...bn.breakdown!, parts } }).map((p) => p[0])).toContain('breakdown');
    const m5 = byId.get('f-4-4cav')!;
    expect(counterProblems(m5)).toEqual([]);
    expect(counterProblems({ ...m5, nationality: 'British' }).map((p) => p[0])).toContain('m5');
  });
});

describe('AW 40.0 printed breakdown values are reproduced exactly', () => {
  test.each(PRINTED)('L%i %s %s', (line, name, values, cls) => {
    const counters = all.filter((u) => u.class === cls && u.size === 'Co');
    expect(counters.length).toBeGreaterThan(0);
    for (const u of counters) {
      expect(layout(u)).toBe(values);
      expect(u.sources!.values).toContain(`seed:004 L${line}`);
      expect(u.steps).toHaveLength(1);
    }
    expect(counters.some((u) => u.designation === name)).toBe(true);
  });

  test.skipIf(!haveSeed)('the table above is the seed text (needs ../shared; skipped without it)', () => {
    const seed = readFileSync(SEED, 'utf8').split('\n');
    for (const [line, name, values] of PRINTED) {
      const text = seed[line - 1].replace(/\s+/g, '');
      expect(text.startsWith(`${name.replace(/\s+/g, '')}:`), `L${line}: ${seed[line - 1]}`).toBe(true);
      expect(text).toContain(values);
    }
  });

  test('GOSS 4.4.3 breakdown PRs (before 1 Sep 44)', () => {
    const pr = (cls: string) => all.filter((u) => u.class === cls).map((u) => [u.prOff, u.prDef]);
    expect(new Set(pr('de-inf-coy-b').map(String))).toEqual(new Set(['4,5']));
    expect(new Set(pr('de-inf-coy-a').map(String))).toEqual(new Set(['5,6']));
    expect(new Set(pr('de-eng-coy').map(String))).toEqual(new Set(['5,6']));
    expect(new Set([...pr('de-flak88-coy'), ...pr('de-pzgd-coy'), ...pr('de-aufk-coy')].map(String))).toEqual(new Set(['6,6']));
  });
});

describe('reconstruction method (docs/data-provenance.md)', () => {
  test('GOSS 4.2 reduction: 7-8 → 5-6 → 3-3, PR/Arm/MA unchanged', () => {
    expect(stepValues([7, 8], 3, 3)).toEqual([[7, 8], [5, 6], [3, 3]]);
    expect(stepValues([6, 7], 3, 1)).toEqual([[2, 2]]);
    expect(stepValues([6, 7], 3, 2)).toEqual([[4, 5], [2, 2]]);
  });

  test('each battalion class breaks into companies of one third its factors, as printed in AW 40.0', () => {
    const classes = JSON.parse(readFileSync(join(ROOT, 'data/units/oob/classes.json'), 'utf8')).classes;
    expect(checkMethod(classes)).toEqual([]);
    expect(checkMethod({ ...classes, 'de-pzgd': { ...classes['de-pzgd'], full: [12, 9] } })).toHaveLength(1);
    expect(checkMethod({ ...classes, 'de-inf': { ...classes['de-inf'], full: [5, 7] } })).toHaveLength(1);
  });

  test('GOSS 18: German Inf Bns with D≥7 and A≥6 break into 2-2-6, weaker ones into 1-2-6', () => {
    for (const u of all.filter((x) => x.breakdown && x.side === 'german' && x.type === 'Inf')) {
      const [a, d] = [u.steps[0].attack, u.steps[0].defence];
      expect(u.breakdown!.values, u.id).toBe(d >= 7 && a >= 6 ? '2-2-6' : '1-2-6');
    }
  });

  test('tank Arm ladder is ordered: M5 < Sherman/Cromwell/Pz IV ≤ Firefly regiments < Panther < Tiger < King Tiger', () => {
    const arm = (id: string) => byId.get(id)!.armAttack!;
    expect(arm('f-4-4cav')).toBeLessThan(arm('5-ii-12ss'));
    expect(arm('5-ii-12ss')).toBe(arm('746-tk'));
    expect(arm('3-rtr-29-11')).toBeGreaterThan(arm('746-tk'));
    expect(arm('1-i-12ss')).toBeGreaterThan(arm('3-rtr-29-11'));
    expect(arm('1-503')).toBeGreaterThan(arm('1-i-12ss'));
    expect(arm('2-503')).toBeGreaterThan(arm('1-503'));
  });

  test('regenerating from data/units/oob reproduces the committed unit sets byte for byte', () => {
    const files = generateAll(ROOT);
    expect([...files.keys()].sort()).toEqual(generated.map((f) => `data/units/${f}`).sort());
    for (const [rel, text] of files) expect(text === readFileSync(join(ROOT, rel), 'utf8'), `${rel} differs: run npm run units:generate`).toBe(true);
  });

  test.skipIf(!haveSeed)('every cited seed line names its unit (needs ../shared; skipped without it)', () => {
    const seed = readFileSync(SEED, 'utf8').split('\n');
    const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
    const bad: string[] = [];
    for (const u of all) {
      const m = /^seed:004 L(\d+) names it/.exec(u.sources!.identity);
      if (!m) continue;
      const L = Number(m[1]);
      const near = squash(seed.slice(L - 3, L + 2).join(' '));
      const keys = [...(u.names ?? []), u.designation, u.regiment ?? ''].filter(Boolean)
        .flatMap((k) => [squash(k), squash(k.split(' ')[0]).replace(/^(i|ii|iii)\//, '').split('/')[0]]);
      if (!keys.some((k) => k.length >= 3 && near.includes(k))) bad.push(`${u.id} L${L}`);
    }
    expect(bad).toEqual([]);
  });
});
