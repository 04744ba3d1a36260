/**
 * Issue 18 (part): the German June 6 placement of scenario 6 (AW 38.8.2, seed 004 L14646-15122)
 * resolves to counters, and the WN/StP counters of maps A-C (AW 4.5.9, 4.5.10) sit on land hexes.
 * The roster holds the strings verbatim; when ../shared is present it is also checked against
 * shared/research/scenario-setups.json `scenario6.setup.german`.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UnitsFile, type UnitDef } from './schemas/unit';
import { RulesHexId } from './schemas/common';
import { createResolver, type GroupSelector, type Resolution } from './unitNames';
import { loadMap } from './mapLoad';
import { terrainOf } from '../engine/board';
import { hexOfRulesId } from '../engine/hex/sheets';
import roster6 from '../../data/units/rosters/aw-scenario-6.json';
import normandy from '../../data/map/normandy.json';

const ROOT = resolve(__dirname, '../..');
const SETUPS = '/work/shared/research/scenario-setups.json';

interface Entry { name: string; where: string; line: number; heading: string; placed?: boolean; note?: string }
const scenario = roster6.scenarios[0] as unknown as { id: string; case: string; unitSets: string[]; german: Entry[] };
const groups = roster6.groups as Record<string, GroupSelector>;

const sets = new Map<string, UnitDef[]>(
  readdirSync(join(ROOT, 'data/units')).filter((f) => f.endsWith('.json') && f !== 'demo.json').map((f) => {
    const u = UnitsFile.parse(JSON.parse(readFileSync(join(ROOT, 'data/units', f), 'utf8')));
    return [u.id, u.units];
  }),
);
const units = scenario.unitSets.flatMap((s) => sets.get(s) ?? []);
const byId = new Map(units.map((u) => [u.id, u]));

/** The issue 18 table: scenario 6's German setup is "184 hex entries" (AW 38.8.2). */
const ISSUE_GERMAN_SETUP = 184;

function resolveAll(): { entry: Entry; r: Resolution }[] {
  const resolver = createResolver(units, groups);
  return scenario.german.map((entry) => ({ entry, r: resolver.resolve(entry.name) }));
}

describe('AW 38.8.2 German June 6 placement of scenario 6 resolves to counters (issue 18)', () => {
  test('every unit set the roster names exists', () => {
    for (const s of scenario.unitSets) expect(sets.has(s), s).toBe(true);
  });

  test('AW 38.8.2: every setup string resolves, no counter twice; the unresolved list is empty', () => {
    const all = resolveAll();
    const unresolved = all.filter((x) => x.r.ids.length !== x.r.expected || !x.r.ids.length)
      .map((x) => ({ line: x.entry.line, name: x.entry.name, reason: x.r.reason }));
    expect(unresolved).toEqual([]);
    const ids = all.flatMap((x) => x.r.ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(byId.get(id)?.side, id).toBe('german');
  });

  test('AW 38.8.2: each hex is a rules hex; units on maps D, E, F or at Lisieux are not placed, the rest are on maps A-C or in the Breakdown Box', () => {
    for (const e of scenario.german) {
      if (e.where === 'Bkn' || e.where === 'Lisieux') {
        expect(e.placed ?? true, e.name).toBe(e.where === 'Bkn');
        continue;
      }
      expect(RulesHexId.safeParse(e.where).success, e.where).toBe(true);
      expect(e.placed ?? true, `${e.where} ${e.name}`).toBe('ABC'.includes(e.where[0]));
    }
    expect(scenario.german.filter((e) => e.placed === false).map((e) => e.where))
      .toEqual(['E2116', 'D1516', 'F1505', 'F4603', 'F4603', 'F4207', 'F4207', 'F4104', 'F3609', 'F3914', 'F3914', 'Lisieux', 'Lisieux', 'Lisieux', 'F3005', 'E4717', 'E4717']);
  });

  test('AW 38.8.2 "(-#)": a partially broken-down unit has a step to lose for each; artillery "(-#)" are detached batteries (AW 4.5.11)', () => {
    const withLosses = resolveAll().filter((x) => x.r.stepLosses > 0);
    expect(withLosses.length).toBe(25);
    for (const { entry, r } of withLosses) {
      const u = byId.get(r.ids[0])!;
      if (u.type === 'Art') continue;
      expect(u.steps.length, entry.name).toBeGreaterThan(r.stepLosses);
    }
  });

  test('AW 38.8.2 generic breakdown Coys get distinct counters: fifteen "1x 1-2-6 Inf Coy", three "1x 2-2-6 Inf Coy", four each of PzGd and Mot Inf Coys', () => {
    const all = resolveAll();
    const of = (name: string) => all.filter((x) => x.entry.name === name).flatMap((x) => x.r.ids);
    expect(of('1x 1-2-6 Inf Coy')).toEqual(Array.from({ length: 15 }, (_, i) => i === 0 ? 'inf-coy-126-1' : `inf-coy-126-b-${i}`));
    expect(of('1x 2-2-6 Inf Coy')).toEqual(['inf-coy-226-1', 'inf-coy-226-2', 'inf-coy-226-b-1']);
    expect(of('1x PzGd Coy')).toHaveLength(4);
    expect(of('1x Mot Inf Coy')).toHaveLength(4);
    expect(of('1x 88AT z-step').map((id) => byId.get(id)!.size)).toEqual(['Z', 'Z', 'Z']);
  });

  test('counters shared with scenarios 1-3 are the same pieces: 21Pz HQ, I/192/21, the 709th HQ, I/1057/91, 7A Sturm', () => {
    const all = resolveAll();
    const idOf = (name: string) => all.find((x) => x.entry.name === name)!.r.ids;
    expect(idOf('21Pz HQ (V. Luck)')).toEqual(['21pz-hq']);
    expect(idOf('I/192/21 PzGd Btn (-2)')).toEqual(['i-192-21']);
    expect(idOf('709 HQ')).toEqual(['709-hq']);
    expect(idOf('I/1057/91 Inf Btn')).toEqual(['i-1057-91']);
    expect(idOf('Sturm/7A Inf Btn')).toEqual(['7a-sturm-btn']);
    expect(idOf('561/739 OST Btn')).toEqual(['561-ost-btn']);
  });

  test('counts per side: the German setup is within 20% of the issue table (184 entries)', () => {
    const all = resolveAll();
    const german = all.flatMap((x) => x.r.ids);
    const placed = all.filter((x) => x.entry.placed !== false).flatMap((x) => x.r.ids);
    const wn = (sets.get('de-wn') ?? []);
    const counts = {
      scenario: 'AW 38 D-Day (June 6 setup)',
      germanSetupCounters: german.length,
      germanPlacedOnMapsAC: placed.length,
      germanNotPlaced: german.length - placed.length,
      germanWnStp: wn.length,
      germanTotal: german.length + wn.length,
      allied: 0,
    };
    console.log(JSON.stringify(counts));
    expect(Math.abs(german.length - ISSUE_GERMAN_SETUP) / ISSUE_GERMAN_SETUP).toBeLessThanOrEqual(0.2);
    expect(german.length).toBe(195);
  });

  test.skipIf(!existsSync(SETUPS))('the roster holds exactly the strings of scenario-setups.json scenario6 (needs ../shared; skipped without it)', () => {
    const d = JSON.parse(readFileSync(SETUPS, 'utf8'));
    const entries: { units: string[]; hex: string | null; placedInScenario6: boolean }[] = d.scenario6.setup.german.entries;
    expect(entries).toHaveLength(ISSUE_GERMAN_SETUP);
    expect(scenario.german.map((x) => x.name)).toEqual(entries.flatMap((e) => e.units));
    expect(scenario.german.map((x) => x.placed !== false)).toEqual(entries.flatMap((e) => e.units.map(() => e.placedInScenario6)));
  });
});

describe('AW 4.5.9 / 4.5.10 WN and StP counters of maps A-C (issue 18)', () => {
  const wn = sets.get('de-wn') ?? [];
  const { board } = loadMap('data/map/normandy.json', normandy);

  test('every WN/StP has a reconstructed hex on maps A-C that is land, and the rules-fixed values', () => {
    expect(board).not.toBeNull();
    expect(wn.length).toBeGreaterThanOrEqual(30);
    for (const u of wn) {
      const f = u.fortification!;
      expect(f, u.id).toBeDefined();
      expect('ABC'.includes(f.hex[0]), `${u.id} ${f.hex}`).toBe(true);
      const t = terrainOf(board!, hexOfRulesId(f.hex));
      expect(t !== null && t !== 'sea', `${u.id} ${f.hex} ${t}`).toBe(true);
      expect(f.source).toMatch(/^reconstructed: /);
      expect(u.steps).toHaveLength(1); // AW 4.5.9a: a one-step unit
      expect(u.steps[0].attack).toBe(0); // AW 4.5.9a: may not attack in GA
      expect(u.moveClass).toBe('static');
      expect(u.prOff).toBeNull();
      expect(u.prDef).toBe(f.kind === 'WN' ? 5 : 6); // AW 4.5.9a L2052, 4.5.10a L2136
      if (f.artillery) expect(f.artillery.bf).toBeGreaterThan(0);
    }
  });

  test('the WN and StP the seed names exist: WN62, WN65, WN66 (AW 42.9.2), StP01 Merville and WN02 (AW 37), the Pointe du Hoc StP (AW 42.5.0, B6402)', () => {
    const r = createResolver(wn, {});
    for (const n of ['WN62', 'WN65', 'WN66', 'StP01 Merville (no Art)', 'WN02']) expect(r.resolve(n).ids, n).toHaveLength(1);
    const pdh = wn.find((u) => u.designation === 'StP Pointe du Hoc')!;
    expect(pdh.fortification).toMatchObject({ kind: 'StP', hex: 'B6402' });
    expect(pdh.fortification!.artillery).toBeDefined();
  });

  test('only WN/StP counters carry the fortification field (other sets unchanged)', () => {
    // The WN/StP sets: the D-Day coast (de-wn) and Festung Cherbourg (de-cherbourg-wn, AW 34.11.2).
    const wnSets = ['de-wn', 'de-cherbourg-wn'];
    for (const [id, list] of sets) if (!wnSets.includes(id)) for (const u of list) expect(u.fortification, u.id).toBeUndefined();
    for (const id of wnSets) for (const u of sets.get(id) ?? []) expect(u.fortification, u.id).toBeDefined();
  });
});
