/**
 * The generated Normandy map (issue 3): data/map/normandy.json against the rules' hex IDs, the
 * georeferencing anchors and the AW 1.2 terrain cases. Built by tools/map/build.mjs (docs/map.md).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import normandy from '../data/map/normandy.json';
import features from '../data/map/curated/features.json';
import seedIds from './fixtures/seed-hex-ids.json';
import exceptions from './fixtures/seed-hex-id-exceptions.json';
import anchors from '../data/map/curated/anchors.json';
import { loadMap } from '../src/data/mapLoad';
import { MapFile } from '../src/data/schemas/map';
import {
  terrainOf, isLand, sideFeatures, routesBetween, rulesIdsOfHex, sheetsOfHex, type Board,
} from '../src/engine/board';
import { hexOfRulesId, parseRulesHexside, tryParseHexRef } from '../src/engine/hex/sheets';
import { areAdjacent, colOf, rowOf, distance, hexAt, hexsideBetween, hexsideHexes, neighbours, type HexId } from '../src/engine/hex/lattice';
import { createTransform, centreG } from '../tools/map/geo.mjs';

const ROOT = resolve(__dirname, '..');
const SHARED_GEO = resolve(ROOT, '../shared/geo');
const HAS_SHARED = existsSync(SHARED_GEO);

function board(): Board {
  const r = loadMap('data/map/normandy.json', normandy);
  expect(r.problems).toEqual([]);
  return r.board!;
}
const B = board();
const H = (id: string): HexId => hexOfRulesId(id);
const T = (id: string) => terrainOf(B, H(id));
const hexesNamed = (name: string) => [...B.names].filter(([, n]) => n === name).map(([h]) => h);
const isCoastal = (h: HexId) => neighbours(h).some((n) => terrainOf(B, n) === 'sea');
// the build's transform: the fit of shared/research/hex-transform.json warped by the curated anchors
const TRANSFORM = createTransform(
  anchors.anchors.filter((a) => anchors.warpConfidence.includes(a.confidence) || anchors.warpAlso.includes(a.hex))
    .map((a) => ({ g: centreG(colOf(H(a.hex)), rowOf(H(a.hex))), lon: a.lon, lat: a.lat })),
  anchors.warpSigmaKm,
);
const lonLatToColRow = (lon: number, lat: number) => TRANSFORM.lonLatToColRow(lon, lat);

describe('normandy.json: format, size, load time', () => {
  it('validates against neptune-map/1 and builds a board with no problems', () => {
    expect(MapFile.safeParse(normandy).success).toBe(true);
    expect(B.hexes.length).toBeGreaterThan(13000);
    expect(B.hexes.length).toBeLessThan(15000);
  });
  it('is at most 2 MB (issue 3 budget)', () => {
    expect(statSync(resolve(ROOT, 'data/map/normandy.json')).size).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
  it('carries the attribution the geo licences ask for', () => {
    expect(B.attribution.join(' ')).toMatch(/GSHHG/);
    expect(B.attribution.join(' ')).toMatch(/GeoNames.*CC BY 4\.0/);
    expect(B.attribution.join(' ')).toMatch(/BD Forêt/);
    expect(B.attribution.join(' ')).toMatch(/Admin Express/);
  });
  it('gives every hex its rules IDs on each sheet that covers it (sheets overlap)', () => {
    expect(rulesIdsOfHex(H('C1004'))).toEqual(['C1004', 'B7004']);
    expect(sheetsOfHex(H('B7004'))).toEqual(['C', 'B']);
    expect(rulesIdsOfHex(H('F3414'))).toContain('F3414');
    // printed C3609 is read as A3609 (errata), so the sheet-C hex at C36/09 does not offer it
    for (const h of B.hexes) for (const id of rulesIdsOfHex(h).slice(0, 1)) expect(hexOfRulesId(id)).toBe(h);
  });
});

describe('georeferencing: the anchors (data/map/curated/anchors.json from shared/research/hex-anchors.json)', () => {
  const placeHex = (lon: number, lat: number) => hexAt(...lonLatToColRow(lon, lat));
  it('every high-confidence anchor lands within 1 hex of its place', () => {
    const high = anchors.anchors.filter((a) => a.confidence === 'high');
    expect(high.length).toBeGreaterThanOrEqual(20);
    const off = high.map((a) => ({ hex: a.hex, d: distance(H(a.hex), placeHex(a.lon, a.lat)) })).filter((x) => x.d > 1);
    expect(off).toEqual([]);
  });
  it('medium-confidence anchors land within 2 hexes (the printed map is distorted at the Orne mouth and Juno)', () => {
    const med = anchors.anchors.filter((a) => a.confidence === 'medium');
    const off = med.map((a) => ({ hex: a.hex, d: distance(H(a.hex), placeHex(a.lon, a.lat)) })).filter((x) => x.d > 2);
    expect(off).toEqual([]);
  });
});

describe('AW 1.2 terrain: cities, towns, zones', () => {
  it('C4522 and every Caen hex are city', () => {
    expect(T('C4522')).toBe('city');
    const caen = hexesNamed('Caen');
    expect(caen.length).toBeGreaterThanOrEqual(5);
    for (const h of caen) expect(terrainOf(B, h)).toBe('city');
  });
  it('AW 1.2.6 Cherbourg port A3609–A3909 is coastal city (printed C3609–C3909 reads the same hexes)', () => {
    for (const id of ['A3609', 'A3709', 'A3809', 'A3909']) {
      expect(T(id)).toBe('city');
      expect(isCoastal(H(id))).toBe(true);
      expect(hexOfRulesId(id.replace('A', 'C'), { errata: true })).toBe(H(id));
    }
  });
  it('Vire E2517/E2618 are town; Bayeux, St-Lô B5627, Carentan, Valognes, Coutances, Falaise F3414, Avranches D2929 are towns', () => {
    for (const id of ['E2517', 'E2618', 'B5627', 'F3414', 'D2929', 'B3232', 'A4622']) expect(T(id)).toBe('town');
    for (const name of ['Bayeux', 'Saint-Lô', 'Carentan', 'Valognes', 'Coutances', 'Falaise', 'Avranches', 'Vire']) {
      const hs = hexesNamed(name);
      expect(hs.length, name).toBeGreaterThan(0);
      for (const h of hs) { expect(terrainOf(B, h), name).toBe('town'); expect(B.placeKinds.get(h)).toBe('town'); }
    }
  });
  it('the Caen plain is open (clear) and the Cotentin and Bessin bocage are bocage', () => {
    const share = (ids: HexId[], t: string) => ids.filter((h) => terrainOf(B, h) === t).length / ids.length;
    const square = (c0: number, r0: number, n: number, sheet: string) => {
      const out: HexId[] = [];
      for (let c = c0; c < c0 + n; c++) for (let r = r0; r < r0 + n; r++) out.push(H(`${sheet}${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`));
      return out;
    };
    // Caen plain south-east of Caen (Bourguébus, Cagny, Verrières: Goodwood/Totalize ground)
    expect(share(square(47, 25, 6, 'C'), 'clear')).toBeGreaterThan(0.6);
    // Cotentin bocage between Lessay, Périers and St-Lô, and south Bessin around Caumont
    expect(share(square(36, 20, 8, 'B'), 'bocage')).toBeGreaterThan(0.6);
    expect(share(square(12, 24, 6, 'C'), 'bocage')).toBeGreaterThan(0.6);
  });
  it('the Merderet, Douve and Dives valleys are flooded (marsh)', () => {
    const marshNear = (lon: number, lat: number) => {
      const h = hexAt(...lonLatToColRow(lon, lat));
      return [h, ...neighbours(h)].some((x) => terrainOf(B, x) === 'marsh');
    };
    expect(marshNear(-1.345, 49.405)).toBe(true); // La Fière, Merderet
    expect(marshNear(-1.30, 49.33)).toBe(true); // Douve above Carentan
    expect(marshNear(-0.13, 49.24)).toBe(true); // Dives at Robehomme
    expect([...B.hexes].filter((h) => terrainOf(B, h) === 'marsh').length).toBeGreaterThan(100);
  });
  it('forests from BD Forêt: Cerisy is forest', () => {
    const h = hexAt(...lonLatToColRow(-0.90, 49.19));
    expect(['forest', 'woods']).toContain(terrainOf(B, h));
  });
});

/** Hexsides sharing a corner: their four hexes contain exactly three distinct, mutually adjacent hexes. */
function shareCorner(s1: number, s2: number): boolean {
  if (s1 === s2) return false;
  const hs = [...new Set([...hexsideHexes(s1), ...hexsideHexes(s2)])];
  return hs.length === 3 && areAdjacent(hs[0], hs[1]) && areAdjacent(hs[1], hs[2]) && areAdjacent(hs[0], hs[2]);
}
function majorSides(name: string): number[] {
  return [...B.sides].filter(([s, bits]) => B.sideNames.get(s) === name && sideFeatures(B, ...hexsideHexes(s)).includes('majorRiver') && bits).map(([s]) => s);
}
function chainEnds(sides: number[]): number[] {
  return sides.filter((s) => sides.filter((t) => shareCorner(s, t)).length === 1);
}
/** The corner of end side s that no other side of the chain uses touches the sea (one of its three hexes is sea). */
function endTouchesSea(s: number, chain: number[]): boolean {
  const [a, b] = hexsideHexes(s);
  const other = hexsideHexes(chain.find((t) => shareCorner(s, t))!);
  const corners = neighbours(a).filter((x) => areAdjacent(x, b));
  const free = corners.find((x) => !(other.includes(x) && (other.includes(a) || other.includes(b))))!;
  return [a, b, free].some((x) => terrainOf(B, x) === 'sea');
}

describe('AW 1.2.2 rivers: the Orne and the Dives', () => {
  it('the Orne is a major river from hexside C4423/4523 to the sea at C5415', () => {
    const chain = majorSides('Orne');
    expect(chain.length).toBeGreaterThan(8);
    const start = hexsideBetween(...parseRulesHexside('C4423/4523'));
    const ends = chainEnds(chain);
    expect(ends).toHaveLength(2);
    expect(ends).toContain(start);
    const end = ends.find((s) => s !== start)!;
    expect(hexsideHexes(end)).toContain(H('C5415'));
    expect(endTouchesSea(end, chain)).toBe(true);
    // upstream of Caen the Orne is an ordinary river
    expect([...B.sides.keys()].some((s) => B.sideNames.get(s) === 'Orne' && sideFeatures(B, ...hexsideHexes(s)).includes('river'))).toBe(true);
  });
  it('the Dives is a major river from hexside C6216/6315 to the sea at C6413', () => {
    const chain = majorSides('Dives');
    const start = hexsideBetween(...parseRulesHexside('C6216/6315'));
    const ends = chainEnds(chain);
    expect(ends).toHaveLength(2);
    expect(ends).toContain(start);
    const end = ends.find((s) => s !== start)!;
    expect(hexsideHexes(end)).toContain(H('C6413'));
    expect(endTouchesSea(end, chain)).toBe(true);
  });
  it('C5217→C5317 crosses the Orne and the Caen canal by the two Bénouville bridges', () => {
    const [a, b] = parseRulesHexside('C5217→C5317');
    expect(sideFeatures(B, a, b)).toEqual(expect.arrayContaining(['majorRiver', 'canal', 'bridge']));
    expect(routesBetween(B, a, b)).toContain('secondary');
  });
  it('the Caen canal runs beside the Orne from Caen to the sea', () => {
    const canal = [...B.sides.keys()].filter((s) => B.sideNames.get(s) === 'Orne' && sideFeatures(B, ...hexsideHexes(s)).includes('canal'));
    expect(canal.length).toBeGreaterThan(5);
    expect(canal).toContain(hexsideBetween(...parseRulesHexside('C5217/5317')));
    for (const s of canal) expect(sideFeatures(B, ...hexsideHexes(s))).toContain('majorRiver');
  });
  it('other rivers, streams and canals are drawn on hexsides (Vire, Douve, Merderet, Odon, Vire–Taute canal…)', () => {
    const names = new Set(B.sideNames.values());
    for (const n of ['Vire', 'Douve', 'Merderet', 'Taute', 'Aure', 'Odon', 'Seulles', 'Vire–Taute canal']) expect(names.has(n), n).toBe(true);
  });
});

describe('AW 1.2.1 roads and railways', () => {
  it('RN13 links Cherbourg, Carentan, Bayeux and Caen by primary road', () => {
    const rn13 = normandy.routes.find((r) => r.name?.startsWith('RN13'))!;
    const path = rn13.path.map((ref) => (tryParseHexRef(ref) as { hex: HexId }).hex);
    expect(path[0]).toBe(H('A3709'));
    expect(path).toContain(H('C4522'));
    for (let i = 1; i < path.length; i++) expect(routesBetween(B, path[i - 1], path[i])).toContain('primary');
  });
  it('AW 1.2.1a RR embankment hexes lie on a railway', () => {
    expect(B.embankments.size).toBeGreaterThan(0);
    for (const h of B.embankments) expect(neighbours(h).some((n) => routesBetween(B, h, n).includes('railway'))).toBe(true);
  });
});

describe('AW 1.2.8 high vantage point hexes, heights, beaches, coast', () => {
  it('E4306 has a LOS of nine hexes and C3926 of six', () => {
    expect(B.vantage.get(H('E4306'))).toBe(9);
    expect(B.vantage.get(H('C3926'))).toBe(6);
    expect(B.vantage.size).toBe(2);
  });
  it('named heights include Mont Pinçon (E4306) and Hill 112 (C3927)', () => {
    expect(B.heights.get(H('E4306'))?.name).toBe('Mont Pinçon');
    expect(B.heights.get(H('C3927'))?.name).toBe('Hill 112');
  });
  it('the five invasion beaches have beach hexes; Juno Nan Green 2 is C4208/C4209', () => {
    const byBeach = new Map<string, number>();
    for (const b of B.beaches.values()) byBeach.set(b, (byBeach.get(b) ?? 0) + 1);
    for (const b of ['Utah', 'Omaha', 'Gold', 'Juno', 'Sword']) expect(byBeach.get(b), b).toBeGreaterThan(0);
    expect(B.beaches.get(H('C4208'))).toBe('Juno');
    expect(B.beaches.get(H('C4209'))).toBe('Juno');
  });
  it('Omaha has bluff hexsides and Pointe du Hoc (B6402) cliffs', () => {
    const all = [...B.sides.keys()].map((s) => sideFeatures(B, ...hexsideHexes(s)));
    expect(all.some((f) => f.includes('bluff'))).toBe(true);
    expect(neighbours(H('B6402')).some((n) => sideFeatures(B, H('B6402'), n).includes('cliff'))).toBe(true);
    expect(isLand(B, H('B6402'))).toBe(true);
  });
});

describe('every hex ID named in seed 004 resolves to a land hex', () => {
  const notLand = new Set(exceptions.notLand.map((e: { id: string }) => e.id));
  it('has the extracted IDs (setups, reinforcements, victory conditions, terrain rules)', () => {
    expect(seedIds.ids.length).toBeGreaterThan(300);
    for (const id of ['C4522', 'E4306', 'C3926', 'A3609', 'C6413', 'C5415', 'C4423', 'C4523', 'C6216', 'C6315', 'C5217', 'C5317']) {
      expect(seedIds.ids.some((e) => e.id === id), id).toBe(true);
    }
  });
  it('each ID parses (errata applied) and is a land hex on the map, except the listed ones', () => {
    const bad: string[] = [];
    for (const e of seedIds.ids) {
      if (notLand.has(e.id)) continue;
      const r = tryParseHexRef(e.id, { errata: true });
      if ('error' in r) { bad.push(`${e.id} (L${e.lines[0]}): ${r.error}`); continue; }
      if (!isLand(B, r.hex)) bad.push(`${e.id} (L${e.lines[0]}): ${terrainOf(B, r.hex) ?? 'off the map'}`);
    }
    expect(bad).toEqual([]);
  });
  it('the coast corrections in the fixture are exactly the curated terrain overrides', () => {
    expect(exceptions.coastCorrections.map((c) => c.id).sort()).toEqual(features.terrainOverrides.map((o) => o.hex).sort());
    for (const c of exceptions.coastCorrections) expect(seedIds.ids.some((e) => e.id === c.id)).toBe(true);
  });
  it('misprinted IDs listed as corrected read as their hexes', () => {
    for (const e of exceptions.correctedByErrata) expect(hexOfRulesId(e.printed, { errata: true })).toBe(H(e.reads));
  });
  it("AW 1.8.0 IDs on map F's sections (F1-/F2-) are listed apart and each is a land hex on the map", () => {
    expect(seedIds.sections.map((s) => s.id).sort()).toEqual(exceptions.sections.map((s) => s.id).sort());
    for (const s of seedIds.sections) expect(isLand(B, hexOfRulesId(s.id)), s.id).toBe(true);
  });
});

describe('reproducible build', () => {
  it.skipIf(!HAS_SHARED)(`rebuilding from the committed inputs reproduces data/map/normandy.json byte for byte${HAS_SHARED ? '' : ' (skipped: ../shared/geo is absent, the build needs it)'}`, () => {
    const out = execFileSync(process.execPath, [resolve(ROOT, 'tools/map/build.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(out).toMatch(/is up to date/);
  }, 150_000);
});
