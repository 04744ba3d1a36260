/**
 * Issue 18: the split scenarios of D-Day (AW 38.10): 6A, 21st Army Group (AW 38.10.1) and 6B, 12th Army Group
 * (AW 38.10.2). Their rosters are cut by tools/units/rosters.mjs (spec data/units/rosters/src/aw-scenario-split-6.json)
 * from scenario 6: the German June 6 placement (AW 38.8.2) by map sheet, the German reinforcements AW 38.9.2 by the map
 * edge they arrive on, the Allied displays and reinforcements (AW 38.8.1, 38.9.1: the AW 40.1-40.2 lists) by side.
 * Prints the counts per scenario and side. The readings are in docs/errata.md ("Scenario 6A/6B").
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioRoster, SHEET_SCENARIOS, type RosterScenario } from './unitNames';
import { findSeed } from '../../tools/units/rosters.mjs';

import { ROOT, rosterOf, sets } from './rosterFixture';
const unitsOf = (s: RosterScenario) => s.unitSets.flatMap((id) => sets.get(id) ?? []);
const setup6 = rosterOf('aw-scenario-6.json');
const REINF = '38.9.2 German Reinforcements';
/** An Allied string AW 38.9.1 brings as a reinforcement: the Naval Transit boxes, the June 7 and 8 lists, the Corps HQs. */
const alliedReinforcement = (context?: string) => / (Transit Naval Display|June \d+) /.test(`${context} `);

/**
 * Where each split's Germans set up: AW 38.10.1 "map C", AW 38.10.2 "map A & B", read with AW 38.10.0 "the 12AG/21AG
 * boundary marks the dividing line": the boundary (AW 9.2.0) runs south from C2007 along hex column 20, so map C's
 * columns 01-19 (the Omaha sector) are 12AG's and go to 6B; column 20 (Port-en-Bessin) and east to 6A.
 */
const SPLITS = {
  '6A (AW 38.10.1)': { file: 'aw-scenario-6a.json', allied: 'CW', sheets: /^C([2-9]\d)\d\d$/, edge: /edge (map )?C\b/ },
  '6B (AW 38.10.2)': { file: 'aw-scenario-6b.json', allied: 'US', sheets: /^([AB]\d{4}|C[01]\d\d\d)$/, edge: /edge (map )?B\b/ },
};

describe.each(Object.entries(SPLITS))('scenario %s roster (issue 18)', (caseId, v) => {
  const s = rosterOf(v.file);
  const units = unitsOf(s);
  const byId = new Map(units.map((u) => [u.id, u]));
  const r = scenarioRoster(s, units);

  test('every unit set the roster names exists', () => {
    for (const id of s.unitSets) expect(sets.has(id), id).toBe(true);
  });

  test(`${caseId}: every unit string resolves, no counter twice, each of its side, with its sources; the unresolved list is empty`, () => {
    expect(r.unresolved.map((x) => `${x.entry.context}: ${x.entry.name}: ${x.resolution.reason}`)).toEqual([]);
    expect(new Set(r.ids).size).toBe(r.ids.length);
    for (const x of r.resolutions) for (const id of x.resolution.ids) expect(byId.get(id)?.side, id).toBe(x.side);
    for (const id of r.ids) for (const k of ['identity', 'values', 'pr', 'ma'] as const) expect(byId.get(id)!.sources?.[k], id).toBeTruthy();
    for (const e of [...s.german, ...s.allied].filter((x) => x.notCounter)) expect(e.notCounter!.length, e.name).toBeGreaterThan(20);
  });

  test(`${caseId}: the German side is the AW 38.8.2 placement on its side of the Army Group boundary (Breakdown Box units with their Coys) and the AW 38.9.2 arrivals on its map edge`, () => {
    for (const e of s.german) {
      if (e.heading === REINF) expect(e.where, e.name).toMatch(v.edge);
      else if (e.where === 'Bkn') expect(e.context).toBe('AW 38.8.2');
      else expect(e.where, e.name).toMatch(v.sheets);
    }
    // Nothing of the placement is lost or doubled between 6A and 6B: each placed string is in exactly one of them.
    const other = rosterOf(v.file === 'aw-scenario-6a.json' ? 'aw-scenario-6b.json' : 'aw-scenario-6a.json');
    const placed = (x: RosterScenario) => x.german.filter((e) => e.context === 'AW 38.8.2').map((e) => `${e.line}`);
    const both = new Set([...placed(s), ...placed(other)]);
    expect(both.size).toBe(placed(s).length + placed(other).length);
    expect([...both].sort()).toEqual(setup6.german.filter((e) => (e as { placed?: boolean }).placed !== false).map((e) => `${e.line}`).sort());
  });

  test(`${caseId}: the Allied side is ${v.allied} only: its Airborne Assault Display and Landing Diagram, then the AW 38.9.1 reinforcements (Transit and Embarked Boxes, June 7 and 8 activations, two Corps HQs)`, () => {
    expect(s.allied.every((e) => e.context?.startsWith(`${v.allied} `))).toBe(true);
    expect(s.allied.some((e) => e.context === `${v.allied} Airborne Display`)).toBe(true);
    expect(s.allied.some((e) => e.context === `${v.allied} Landing Diagram`)).toBe(true);
    const june10 = s.allied.filter((e) => /June 10 /.test(e.context ?? '')).map((e) => e.name).sort();
    expect(june10).toEqual(v.allied === 'CW' ? ['I Corps HQ', 'XXX Corps HQ'] : ['V Corps HQ', 'VII Corps HQ']);
    expect(s.allied.some((e) => /June (9|1[1-9]|2\d|3\d) |July|August/.test(e.context ?? ''))).toBe(false);
  });

  test(`${caseId}: counts per side printed (at start and with reinforcements)`, () => {
    const n = (side: 'german' | 'allied', reinf?: boolean) => r.resolutions
      .filter((x) => x.side === side && (reinf === undefined || reinf === (side === 'german' ? x.entry.heading === REINF : alliedReinforcement(x.entry.context))))
      .reduce((k, x) => k + x.resolution.ids.length, 0);
    const wn = (sets.get('de-wn') ?? []).filter((u) => v.sheets.test(u.fortification?.hex ?? '')).length;
    const counts = {
      scenario: caseId, germanAtStart: n('german', false), germanReinforcements: n('german', true), germanWnStp: wn,
      alliedAtStart: n('allied', false), alliedReinforcements: n('allied', true), total: r.ids.length,
    };
    console.log(JSON.stringify(counts));
    expect(counts.germanAtStart).toBeGreaterThan(0);
    expect(counts.germanReinforcements).toBeGreaterThan(0);
    expect(counts.alliedAtStart).toBeGreaterThan(0);
    expect(counts.alliedReinforcements).toBeGreaterThan(0);
  });
});

describe('AW 38.10 split scenarios: what each side gets', () => {
  const a = rosterOf('aw-scenario-6a.json');
  const b = rosterOf('aw-scenario-6b.json');
  const ra = scenarioRoster(a, unitsOf(a));
  const rb = scenarioRoster(b, unitsOf(b));
  const ids = (r: ReturnType<typeof scenarioRoster>, name: string) => r.resolutions.filter((x) => x.entry.name === name).flatMap((x) => x.resolution.ids);

  test('AW 38.9.2 on map C (6A): the 21Pz units AW 38.8.2 leaves off the map are its reinforcements, the 12SS arrives by regiment then as a remainder', () => {
    expect(ids(ra, 'I/100/21 (4x Coy)')).toEqual(['1-i-100-21', '2-i-100-21', '3-i-100-21', '4-i-100-21']);
    expect(ids(ra, '21P HQ')).toEqual(['21pz-hq']);
    expect(ids(ra, 'I/12ssPz Btn (4x Coy)').map((id) => id.replace(/-.*/, ''))).toHaveLength(4);
    const rest = ids(ra, '12ss Pz Div, all units not previously activated, except: I/12ssPz Btn (4x Coy) & 1.2./12ss PzJ Coy');
    expect(rest).toContain('12ss-hq');
    expect(rest).not.toContain('1-2-12ss');
    expect(rest.some((id) => ids(ra, '25ss PzGd Rgt (3x Btn & 1x SS Eng Coy)').includes(id))).toBe(false);
    expect(ids(ra, 'III Flak Corps (15x Coy)')).toHaveLength(15);
    expect(ids(ra, 'LXVII Pz Corps HQ')).toEqual(['xlvii-hq']);
    expect(a.german.some((e) => /^(3FJ|17ss|77th)/.test(e.name))).toBe(false);
  });

  test('AW 38.10.0 / AW 9.2.0: the Omaha sector of map C (WN62 C1306, the 352nd ID west of column 20) is 6B\'s, Port-en-Bessin (WN56 C2007) and east 6A\'s', () => {
    const wn = sets.get('de-wn') ?? [];
    const hexOf = (id: string) => wn.find((u) => u.id === id)!.fortification!.hex;
    expect(SPLITS['6B (AW 38.10.2)'].sheets.test(hexOf('wn62'))).toBe(true);
    expect(SPLITS['6A (AW 38.10.1)'].sheets.test(hexOf('wn56'))).toBe(true);
    expect(b.german.filter((e) => e.context === 'AW 38.8.2' && e.where?.startsWith('C')).length).toBeGreaterThan(5);
    expect(a.german.some((e) => e.context === 'AW 38.8.2' && /^C[01]/.test(e.where ?? ''))).toBe(false);
  });

  test('AW 38.9.2 on map B (6B): 3FJ, 17SS, 77th and II FJ Corps; a second die roll and a unit AW 38.8.2 already sets up name no new counter', () => {
    expect(ids(rb, '635/752/7A Ost Btn')).toEqual(['635-752-7a']);
    expect(ids(rb, 'II/521/7A Sec Btn')).toEqual(['521-7a']);
    expect(ids(rb, '17ss Division, all units').length).toBeGreaterThan(10);
    expect(ids(rb, '77th Division, all units').length).toBeGreaterThan(5);
    expect(b.german.find((e) => e.name === '797/752/7A Ost Btn' && e.heading === REINF)?.notCounter).toMatch(/B3232/);
    expect(b.german.find((e) => e.name === '30 Schnell Bde (3x Btn)')?.notCounter).toMatch(/AW 38\.8\.2/);
    expect(a.german.filter((e) => e.notCounter).map((e) => e.line)).toEqual([15228, 15230, 15240]);
    expect(b.german.some((e) => /^(12ss|Pz Lehr|346th)/.test(e.name))).toBe(false);
  });

  test.skipIf(!findSeed(ROOT))('every AW 38.9.2 string is printed on the seed line it cites (or the line after; needs ../shared)', () => {
    const lines = readFileSync(findSeed(ROOT)!, 'utf8').split('\n');
    const norm = (t: string) => t.replace(/\s+/g, '').toLowerCase();
    for (const e of [...a.german, ...b.german].filter((x) => x.heading === REINF)) {
      const text = norm(lines.slice(e.line! - 1, e.line! + 6).join(' ').replace(/\s*\n\s*/g, ' '));
      expect(text, `L${e.line} ${e.name}`).toContain(norm(e.name).replace(/^(.{0,40}).*$/, '$1'));
    }
  });

  test('the split rosters are offered as counter sheets', () => {
    const ids = SHEET_SCENARIOS.map((x) => x.id);
    for (const id of ['aw36-4a', 'aw36-4b', 'aw37-5a', 'aw37-5b', 'aw38-6a', 'aw38-6b']) expect(ids).toContain(id);
  });
});

test('the split spec writes only the split rosters', () => {
  expect(existsSync(join(ROOT, 'data/units/rosters/aw-scenario-split-6.json'))).toBe(false);
});

describe('AW 38 scenario 6 whole (issue 18 count table)', () => {
  /**
   * Scenario 6's standard counters are the union of its two halves (AW 38.10: the split divides the whole along the
   * Army Group boundary, each unit in one half): the issue table gives "≈ 720 standard" for it, plus the paratroop
   * Coys with FoW backs and dummies (AW 41.2: counted with the Airborne Display sets), the invasion units (AW 42.2,
   * not yet counters: the amphibious module's) and the WN/StP (de-wn, placed by hex).
   */
  test('AW 38: counts per side of 6A ∪ 6B printed, the standard counters within 20% of ≈ 720', () => {
    const halves = ['aw-scenario-6a.json', 'aw-scenario-6b.json'].map((f) => { const s = rosterOf(f); return scenarioRoster(s, unitsOf(s)); });
    const side = (sd: 'german' | 'allied') => new Set(halves.flatMap((r) => r.resolutions.filter((x) => x.side === sd).flatMap((x) => x.resolution.ids)));
    const german = side('german');
    const allied = side('allied');
    for (const id of german) expect(allied.has(id), id).toBe(false);
    const counts = { scenario: 'AW 38 D-Day (6A ∪ 6B)', german: german.size, allied: allied.size, standard: german.size + allied.size, germanWnStp: (sets.get('de-wn') ?? []).length, issueTable: 720 };
    console.log(JSON.stringify(counts));
    expect(counts.standard).toBeGreaterThanOrEqual(720 * 0.8);
    expect(counts.standard).toBeLessThanOrEqual(720 * 1.2);
  });
});
