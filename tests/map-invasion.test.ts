/**
 * The invasion coast and the rest of the Battlefield Map that AW 36–42 name (issue 18, map part):
 * every hex those chapters name, with the terrain the rule says it has; the beach areas and their
 * exits (AW 1.2.1b, 38.11); map F's sections F1 and F2 (AW 1.8.0); the Army Group and weather
 * boundaries as drawable overlays (AW 9.2.0, 19.2.2a). Built by tools/map/build.mjs (docs/map.md).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import normandy from '../data/map/normandy.json';
import aw3642 from './fixtures/seed-hex-ids-aw36-42.json';
import seedIds from './fixtures/seed-hex-ids.json';
import exceptions from './fixtures/seed-hex-id-exceptions.json';
import { loadMap } from '../src/data/mapLoad';
import { terrainOf, isLand, sideFeatures, routesBetween, type Board } from '../src/engine/board';
import { formatHex, hexOfRulesId, parseRulesHexside, tryParseHexRef } from '../src/engine/hex/sheets';
import { areAdjacent, colOf, neighbours, type HexId } from '../src/engine/hex/lattice';
import { mapOverlays, overlayHexPath, overlayPolyline } from '../src/ui/map/boundaryPaths';

const ROOT = resolve(__dirname, '..');
const SEED = process.env.NEPTUNE_SEED ?? resolve(ROOT, '../shared/seeds/004_b3259d7bdd96b18c.txt');
const HAS_SEED = existsSync(SEED);

const B: Board = (() => {
  const r = loadMap('data/map/normandy.json', normandy);
  if (r.problems.length) throw new Error(JSON.stringify(r.problems.slice(0, 3)));
  return r.board!;
})();
const H = (id: string): HexId => hexOfRulesId(id, { errata: true });
const onMap = (h: HexId) => terrainOf(B, h) !== undefined && terrainOf(B, h) !== null;
const BUILT = new Set(['city', 'town', 'village']);
const ROADS = new Set(['primary', 'secondary']);
const onRoad = (h: HexId) => neighbours(h).some((n) => routesBetween(B, h, n).some((c) => ROADS.has(c)));
const atEdge = (h: HexId) => neighbours(h).some((n) => !onMap(n)) || neighbours(h).length < 6;
/** Place names as the rules print them ("St. Lo", "Villedieu les Poeles") against the map's ("Saint-Lô"). */
const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\bst\.?\s/g, 'saint ').replace(/[^a-z]+/g, ' ').trim();
const namesNear = (h: HexId) => [h, ...neighbours(h)].map((x) => B.names.get(x)).filter(Boolean).map((n) => norm(n!));

type Entry = { id: string; line: number; kind: string; name?: string; quote: string };
const ENTRIES = aw3642.ids as Entry[];
const byKind = (k: string) => ENTRIES.filter((e) => e.kind === k);

describe('the hex IDs AW 36–42 name (tests/fixtures/seed-hex-ids-aw36-42.json)', () => {
  it.skipIf(!HAS_SEED)(`the committed list is what tools/map/seed-aw36-42.mjs extracts from seed 004${HAS_SEED ? '' : ' (skipped: ../shared/seeds is absent; set NEPTUNE_SEED to its path)'}`, () => {
    const out = execFileSync(process.execPath, [resolve(ROOT, 'tools/map/seed-aw36-42.mjs'), SEED, '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toMatch(/is up to date/);
  });
  it('covers AW 36.0 to the end of AW 42.16 (scenarios 4–6, campaign, activation lists, airborne and amphibious stages)', () => {
    expect(ENTRIES.length).toBeGreaterThan(200);
    expect(Math.min(...ENTRIES.map((e) => e.line))).toBeGreaterThanOrEqual(aw3642.range[0]);
    for (const k of ['land', 'place', 'edge', 'height', 'bridge', 'beach', 'beachExit', 'cliff', 'dropZone', 'battery']) expect(byKind(k).length, k).toBeGreaterThan(0);
  });
  it('every one resolves (errata applied) to a land hex on the map', () => {
    const bad = ENTRIES.flatMap((e) => {
      const r = tryParseHexRef(e.id, { errata: true });
      if ('error' in r) return [`${e.id} L${e.line}: ${r.error}`];
      return isLand(B, r.hex) ? [] : [`${e.id} L${e.line}: ${terrainOf(B, r.hex) ?? 'off the map'}`];
    });
    expect(bad).toEqual([]);
  });
  it('AW 36.10 / 38.11 / 16.1.0 / 40: a hex named as a place is a city, town or village of that name', () => {
    const bad = byKind('place').flatMap((e) => {
      const h = H(e.id);
      const t = terrainOf(B, h);
      const named = namesNear(h).includes(norm(e.name!)) && norm(B.names.get(h) ?? '') === norm(e.name!);
      return BUILT.has(t as string) && named ? [] : [`${e.id} "${e.name}" L${e.line}: ${t}, named ${B.names.get(h) ?? 'nothing'}`];
    });
    expect(bad).toEqual([]);
  });
  it('AW 36.10.1 Hill 112 (C3927) is the named height', () => {
    for (const e of byKind('height')) expect(B.heights.get(H(e.id))?.name, e.id).toBe(e.name);
  });
  it('AW 41.1 Pegasus: the road C5217→C5317 crosses the Orne and the Caen canal by bridges', () => {
    expect(byKind('bridge').map((e) => e.id)).toEqual(expect.arrayContaining(['C5217', 'C5317']));
    const [a, b] = parseRulesHexside('C5217→C5317');
    expect(sideFeatures(B, a, b)).toEqual(expect.arrayContaining(['majorRiver', 'canal', 'bridge']));
    expect(routesBetween(B, a, b).some((c) => ROADS.has(c))).toBe(true);
  });
  it('AW 41.4 the Merville Battery (C5614) is a land hex east of the Orne, near the coast', () => {
    for (const e of byKind('battery')) {
      const h = H(e.id);
      expect(isLand(B, h)).toBe(true);
      expect(colOf(h)).toBeGreaterThan(colOf(H('C5317')));
    }
  });
  it('AW 41.1 the DZ target hexes are land on the map', () => {
    for (const e of byKind('dropZone')) expect(isLand(B, H(e.id)), e.id).toBe(true);
  });
  it('AW 42.3 beach sub-area hexes (Juno Nan Green 2 C4208→C4209, Sword Queen Green 4911) are beach hexes of their beach', () => {
    const want: Record<string, string> = { C4208: 'Juno', C4209: 'Juno', C4911: 'Sword' };
    for (const e of byKind('beach')) expect(B.beaches.get(H(e.id)), e.id).toBe(want[e.id]);
  });
  it('AW 42.11 Omaha Beach Exit Box hexes (C1004/B7004, C1406, C1305) are Omaha beach hexes on a road or trail inland', () => {
    for (const e of byKind('beachExit')) {
      const h = H(e.id);
      expect(B.beaches.get(h), e.id).toBe('Omaha');
      expect(neighbours(h).some((n) => routesBetween(B, h, n).some((c) => c === 'trail' || ROADS.has(c))), e.id).toBe(true);
    }
  });
  it('AW 42.5 Pointe du Hoc (printed C6402, read B6402) is land behind a cliff hexside', () => {
    for (const e of byKind('cliff')) {
      const h = H(e.id);
      expect(isLand(B, h)).toBe(true);
      expect(neighbours(h).some((n) => sideFeatures(B, h, n).includes('cliff')), e.id).toBe(true);
    }
  });
  it('AW 36.8.2 / 40.3.1 arrival hexes and sector ends are on the map edge (except the two sheet-D hexes in the fixture, docs/errata.md)', () => {
    const known = new Set(exceptions.notOnEdge.map((e) => e.id));
    const bad = byKind('edge').filter((e) => !known.has(e.id) && !atEdge(H(e.id))).map((e) => `${e.id} L${e.line}`);
    expect(bad).toEqual([]);
    // the exceptions are real: each is named as an edge hex and is not at the edge of the reconstructed sheet
    for (const id of known) {
      expect(byKind('edge').some((e) => e.id === id), id).toBe(true);
      expect(atEdge(H(id)), id).toBe(false);
    }
  });
});

describe('AW 1.8.0 map F has two sections, F1 and F2, numbered on its grid', () => {
  const refs = seedIds.sections.map((s) => s.id);
  it('every F1-/F2- reference of seed 004 resolves to a map hex and prints back the same', () => {
    expect(refs.sort()).toEqual(['F1-6139', 'F1-6152', 'F2-4158', 'F2-5257', 'F2-5258']);
    for (const id of refs) {
      const h = hexOfRulesId(id);
      expect(onMap(h), id).toBe(true);
      expect(formatHex(h)).toBe(id);
    }
  });
  it('a section hex must be named with its section (F5257 is refused, with the reason)', () => {
    expect(tryParseHexRef('F5257')).toEqual({ error: expect.stringMatching(/section F2.*F2-5257/) });
    expect(tryParseHexRef('F2-6157')).toEqual({ error: expect.stringMatching(/off section F2/) });
  });
  it('AW 16.1.0 Alençon (F2-5257), a German PSS, is a town on a primary road from Argentan', () => {
    const h = hexOfRulesId('F2-5257');
    expect(terrainOf(B, h)).toBe('town');
    expect(B.names.get(h)).toBe('Alençon');
    expect(neighbours(h).some((n) => routesBetween(B, h, n).includes('primary'))).toBe(true);
    // along primary roads to Argentan (map F)
    const argentan = [...B.names].find(([, n]) => n === 'Argentan')![0];
    const seen = new Set([h]);
    const q = [h];
    while (q.length) {
      const x = q.shift()!;
      for (const n of neighbours(x)) if (!seen.has(n) && routesBetween(B, x, n).includes('primary')) { seen.add(n); q.push(n); }
    }
    expect(seen.has(argentan)).toBe(true);
  });
});

describe('AW 1.2.1b / 38.11 beach areas and their exits', () => {
  const BEACHES = ['Utah', 'Omaha', 'Gold', 'Juno', 'Sword'];
  const beachHexes = (b: string) => [...B.beaches].filter(([, n]) => n === b).map(([h]) => h);
  const trails = normandy.routes.filter((r) => r.class === 'trail');
  it('each beach area has beach hexes on the coast', () => {
    for (const b of BEACHES) {
      const hs = beachHexes(b);
      expect(hs.length, b).toBeGreaterThanOrEqual(3);
      for (const h of hs) expect(neighbours(h).some((n) => terrainOf(B, n) === 'sea'), formatHex(h)).toBe(true);
    }
  });
  it('each beach area reaches a primary or secondary road by trail or road within its exit hexes', () => {
    for (const b of BEACHES) {
      // from the beach hexes along trails only (the exit hexes), until a road hex
      const start = beachHexes(b);
      const seen = new Set(start);
      const q = [...start];
      let reached: HexId | null = null;
      while (q.length && reached === null) {
        const x = q.shift()!;
        if (onRoad(x)) { reached = x; break; }
        for (const n of neighbours(x)) if (!seen.has(n) && routesBetween(B, x, n).includes('trail')) { seen.add(n); q.push(n); }
      }
      expect(reached, `${b}: no road by trail from the beach`).not.toBeNull();
    }
  });
  it('every exit trail runs from a beach hex of its beach to the first primary or secondary road hex, in at most 6 hexes', () => {
    expect(trails.length).toBeGreaterThanOrEqual(6);
    for (const t of trails) {
      const path = t.path.map((ref) => (tryParseHexRef(ref) as { hex: HexId }).hex);
      const beach = BEACHES.find((b) => t.name?.startsWith(b))!;
      expect(beach, t.name).toBeDefined();
      expect(B.beaches.get(path[0]), t.name).toBe(beach);
      expect(onRoad(path[path.length - 1]), t.name).toBe(true);
      expect(path.length, t.name).toBeLessThanOrEqual(6);
      for (let i = 1; i < path.length; i++) expect(areAdjacent(path[i - 1], path[i])).toBe(true);
      expect(t.source).toMatch(/AW 1\.2\.1b/);
    }
  });
  it('Utah: causeway exits 1–4 cross the inundation to a secondary road that leads to the RN13 (AW 38.11 supply path)', () => {
    const utah = trails.filter((t) => t.name?.startsWith('Utah exit'));
    expect(utah.map((t) => t.name!.slice(0, 11)).sort()).toEqual(['Utah exit 1', 'Utah exit 2', 'Utah exit 3', 'Utah exit 4']);
    for (const t of utah) {
      const path = t.path.map((ref) => (tryParseHexRef(ref) as { hex: HexId }).hex);
      expect(path.some((h) => terrainOf(B, h) === 'marsh'), `${t.name} crosses the inundation`).toBe(true);
      // along primary/secondary roads from the causeway's end to a primary road
      const end = path[path.length - 1];
      const seen = new Set([end]);
      const q = [end];
      let primary = false;
      while (q.length && !primary) {
        const x = q.shift()!;
        for (const n of neighbours(x)) {
          const cs = routesBetween(B, x, n);
          if (cs.includes('primary')) primary = true;
          if (!seen.has(n) && cs.some((c) => ROADS.has(c))) { seen.add(n); q.push(n); }
        }
      }
      expect(primary, t.name).toBe(true);
    }
  });
});

describe('AW 9.2.0 Army Group boundary and AW 19.2.2a weather boundary are drawable overlays (data/map/overlays.json)', () => {
  const file = mapOverlays();
  const ag = file.overlays.find((o) => o.id === 'army-group-boundary')!;
  const wx = file.overlays.find((o) => o.id === 'weather-boundary')!;
  it('both are in the file with their case and source', () => {
    expect(ag.case).toBe('AW 9.2.0');
    expect(wx.case).toBe('AW 19.2.2a');
    expect(ag.source).toMatch(/^seed:004/);
    expect(wx.source).toMatch(/^reconstructed:/);
  });
  it('AW 9.2.0: from C2007 (Port-en-Bessin) straight south to C2031, south-west to E2502, then south to the map edge', () => {
    expect(ag.waypoints.slice(0, 3)).toEqual(['C2007', 'C2031', 'E2502']);
    const path = overlayHexPath(ag);
    for (let i = 1; i < path.length; i++) expect(areAdjacent(path[i - 1], path[i])).toBe(true);
    for (const h of path) expect(onMap(h), formatHex(h)).toBe(true);
    const straight = path.slice(0, path.indexOf(hexOfRulesId('C2031')) + 1);
    expect(straight.every((h) => colOf(h) === colOf(hexOfRulesId('C2007')))).toBe(true);
    const last = path[path.length - 1];
    expect(neighbours(last).some((n) => !onMap(n))).toBe(true);
    expect(colOf(last)).toBe(colOf(hexOfRulesId('E2502')));
  });
  it('each overlay gives a pixel polyline through its waypoints (what the map layer strokes)', () => {
    for (const o of file.overlays) {
      const pts = overlayPolyline(o);
      expect(pts).toHaveLength(o.waypoints.length * 2);
      expect(pts.every(Number.isFinite)).toBe(true);
    }
  });
});
