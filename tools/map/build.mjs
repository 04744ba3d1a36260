#!/usr/bin/env node
/**
 * Builds data/map/normandy.json, the six-sheet Atlantic Wall battlefield map, from the geographic
 * source data in ../shared/geo and the curated layers in data/map/curated/ (docs/map.md).
 *
 *   npm run build:map            writes data/map/normandy.json and prints a report
 *   node tools/map/build.mjs --check   rebuilds in memory and exits 1 if the file differs
 *   node tools/map/build.mjs --out FILE
 *
 * Deterministic: no clock, no randomness, fixed iteration order; the same inputs give the same bytes.
 * The lattice, rules-ID and schema code is the app's own TypeScript, loaded through vite.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  mapTransform, centreG, gToPx, SAMPLE_OFFSETS, PolygonIndex, polygonsOf, distToSegment,
} from './geo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GEO = process.env.NEPTUNE_GEO_DIR ?? resolve(ROOT, '../shared/geo');
const CURATED = join(ROOT, 'data/map/curated');
const OUT_DEFAULT = join(ROOT, 'data/map/normandy.json');

/** Loads the app's TS modules the build shares (lattice, sheets, schema, board). */
async function loadAppModules() {
  const { createServer } = await import('vite');
  const server = await createServer({ root: ROOT, configFile: false, logLevel: 'error', server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', optimizeDeps: { noDiscovery: true, include: [] } });
  try {
    const lattice = await server.ssrLoadModule('/src/engine/hex/lattice.ts');
    const sheets = await server.ssrLoadModule('/src/engine/hex/sheets.ts');
    const schema = await server.ssrLoadModule('/src/data/schemas/map.ts');
    const board = await server.ssrLoadModule('/src/engine/board.ts');
    return { lattice, sheets, schema, board };
  } finally {
    await server.close();
  }
}

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));
const sha256 = (p) => createHash('sha256').update(readFileSync(p)).digest('hex');

export async function buildMap({ log = () => {} } = {}) {
  if (!existsSync(GEO)) throw new Error(`geo data not found at ${GEO} (set NEPTUNE_GEO_DIR or check out ../shared)`);
  const { lattice: L, sheets: S, schema, board: B } = await loadAppModules();
  const report = [];
  const note = (s) => { report.push(s); log(s); };

  // ---------- inputs ----------
  const geoFiles = ['coast.geojson', 'places.json', 'communes.geojson', 'forests.geojson', 'rivers-reference.geojson'];
  const curatedFiles = ['anchors.json', 'zones.json', 'rivers.json', 'routes.json', 'towns.json', 'features.json'];
  const inputs = {};
  for (const f of geoFiles) inputs[`shared/geo/${f}`] = sha256(join(GEO, f));
  for (const f of curatedFiles) inputs[`data/map/curated/${f}`] = sha256(join(CURATED, f));
  inputs['data/map/sheets.json'] = sha256(join(ROOT, 'data/map/sheets.json'));

  const coast = readJson(join(GEO, 'coast.geojson'));
  const places = readJson(join(GEO, 'places.json'));
  const communes = readJson(join(GEO, 'communes.geojson'));
  const forests = readJson(join(GEO, 'forests.geojson'));
  const riversRef = readJson(join(GEO, 'rivers-reference.geojson'));
  const zones = readJson(join(CURATED, 'zones.json'));
  const riversC = readJson(join(CURATED, 'rivers.json'));
  const routesC = readJson(join(CURATED, 'routes.json'));
  const townsC = readJson(join(CURATED, 'towns.json'));
  const featC = readJson(join(CURATED, 'features.json'));
  const anchorsC = readJson(join(CURATED, 'anchors.json'));

  const land = new PolygonIndex(coast.features.filter((f) => f.properties.kind === 'land').flatMap((f) => polygonsOf(f.geometry)).map((rings) => ({ rings, tag: 1 })));
  // NC/NR are heath and grass in BD Forêt; poplar and Douglas fir are mostly post-war plantations (geo/README.md §4).
  const SKIP_ESSENCE = new Set(['NC', 'NR', 'Peuplier', 'Douglas']);
  const forest = new PolygonIndex(forests.features.filter((f) => !SKIP_ESSENCE.has(f.properties.essence)).flatMap((f) => polygonsOf(f.geometry)).map((rings) => ({ rings, tag: 1 })), 0.02);
  const communeByName = new Map();
  for (const f of communes.features) if (!communeByName.has(f.properties.nom)) communeByName.set(f.properties.nom, f);
  const placeByName = new Map();
  for (const p of places) if (p.cc === 'FR' && !placeByName.has(p.name)) placeByName.set(p.name, p);

  // ---------- the lattice and which hexes are on the map ----------
  const { HEX_COUNT, hexAt, colOf, rowOf, NEIGHBOURS, hexsideId, hexsideBetween, areAdjacent, hexLine, distance } = L;
  const onMap = new Uint8Array(HEX_COUNT);
  const cfg = S.sheetsConfig();
  // the sheets and the sections attached to them (AW 1.8.0: F1 and F2 on map F's grid)
  const areas = [...Object.entries(cfg.sheets), ...Object.values(cfg.sections ?? {}).map((x) => [x.sheet, x])];
  for (const [letter, sh] of areas) {
    for (let c = sh.cols[0]; c <= sh.cols[1]; c++) for (let r = sh.rows[0]; r <= sh.rows[1]; r++) {
      const [gc, gr] = S.sheetToGlobal(letter, c, r);
      const h = hexAt(gc, gr);
      if (h >= 0) onMap[h] = 1;
    }
  }
  const mapHexes = [];
  for (let h = 0; h < HEX_COUNT; h++) if (onMap[h]) mapHexes.push(h);

  const ref = (h) => {
    const f = S.formatHex(h);
    const back = S.tryParseHexRef(f);
    return 'hex' in back && back.hex === h ? f : `@${colOf(h)},${rowOf(h)}`;
  };
  const hexOf = (id) => {
    const r = S.tryParseHexRef(id);
    if ('error' in r) throw new Error(r.error);
    return r.hex;
  };
  // the fitted transform, warped by the high-confidence anchors (data/map/curated/anchors.json)
  const { gToLonLat, lonLatToG, hexCentreLonLat, lonLatToColRow } = mapTransform(anchorsC, hexOf, colOf, rowOf);
  const centreLL = (h) => hexCentreLonLat(colOf(h), rowOf(h));
  const hexAtLL = ([lon, lat]) => hexAt(...lonLatToColRow(lon, lat));

  /** A curated waypoint → lon/lat (and the pinned hex when it is a rules ID). */
  function resolvePoint(p, where) {
    if (Array.isArray(p)) return { ll: p };
    if (typeof p === 'string') {
      if (/^(?:[A-F]|F[12]-)\d{4}$/.test(p) || /^@-?\d+,-?\d+$/.test(p)) { const h = hexOf(p); return { ll: centreLL(h), hex: h }; }
      const pl = placeByName.get(p);
      if (pl) return { ll: [pl.lon, pl.lat], place: pl };
      const cm = communeByName.get(p);
      if (cm) return { ll: centroid(cm.geometry), commune: cm };
    }
    throw new Error(`${where}: cannot resolve waypoint ${JSON.stringify(p)} (not a hex ID, GeoNames place or commune)`);
  }

  // ---------- area sampling ----------
  const zoneIdx = zones.zones.map((z, i) => ({ z, idx: new PolygonIndex([{ rings: [z.polygon.map((p) => resolvePoint(p, `zones[${i}]`).ll)], tag: i }]) }));
  const marshIdx = new PolygonIndex(zones.marsh.map((m, i) => ({ rings: [m.polygon.map((p) => resolvePoint(p, `marsh[${i}]`).ll)], tag: i })));
  const seaFrac = new Float32Array(HEX_COUNT);
  const forestFrac = new Float32Array(HEX_COUNT);
  const marshFrac = new Float32Array(HEX_COUNT);
  const marshTag = new Int16Array(HEX_COUNT).fill(-1);
  const zoneOf = new Int16Array(HEX_COUNT).fill(-1);
  for (const h of mapHexes) {
    const [gc, gy] = centreG(colOf(h), rowOf(h));
    let sea = 0, fo = 0, ma = 0;
    for (const [dx, dy] of SAMPLE_OFFSETS) {
      const [lon, lat] = gToLonLat(gc + dx, gy + dy);
      const isLand = land.contains(lon, lat);
      if (!isLand) { sea++; continue; }
      if (forest.contains(lon, lat)) fo++;
      const mt = marshIdx.tagsAt(lon, lat);
      if (mt.length) { ma++; marshTag[h] = mt[0]; }
    }
    const n = SAMPLE_OFFSETS.length;
    seaFrac[h] = sea / n;
    forestFrac[h] = fo / n;
    marshFrac[h] = ma / n;
    const [lon, lat] = gToLonLat(gc, gy);
    for (const { idx } of zoneIdx) { const t = idx.tagsAt(lon, lat); if (t.length) { zoneOf[h] = t[0]; break; } }
  }

  // ---------- terrain ----------
  const T = new Array(HEX_COUNT).fill(null);
  const overrideOut = [];
  const SEA_MIN = 0.5;
  for (const h of mapHexes) T[h] = seaFrac[h] >= SEA_MIN ? 'sea' : (zoneOf[h] >= 0 ? zones.zones[zoneOf[h]].terrain : zones.default.terrain);

  // forest vs woods: BD Forêt fraction, forest only in patches of ≥ 6 hexes (map-data.md §3.3 item 2)
  const FOREST_MIN = 0.5, WOODS_MIN = 0.3, FOREST_PATCH = 6;
  const seen = new Uint8Array(HEX_COUNT);
  for (const h of mapHexes) {
    if (seen[h] || T[h] === 'sea' || forestFrac[h] < FOREST_MIN) continue;
    const comp = [h];
    seen[h] = 1;
    for (let i = 0; i < comp.length; i++) {
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[comp[i] * 6 + d];
        if (n >= 0 && onMap[n] && !seen[n] && T[n] !== 'sea' && forestFrac[n] >= FOREST_MIN) { seen[n] = 1; comp.push(n); }
      }
    }
    for (const x of comp) T[x] = comp.length >= FOREST_PATCH ? 'forest' : 'woods';
  }
  for (const h of mapHexes) if (T[h] !== 'sea' && T[h] !== 'forest' && T[h] !== 'woods' && forestFrac[h] >= WOODS_MIN) T[h] = 'woods';
  // marsh: curated 1944 inundations; forests keep their class
  const MARSH_MIN = 0.35;
  for (const h of mapHexes) if (T[h] !== 'sea' && T[h] !== 'forest' && T[h] !== 'woods' && marshFrac[h] >= MARSH_MIN) T[h] = 'marsh';

  // ---------- built-up places ----------
  const placeOut = [];
  const classOf = new Map(); // hex → city|town|village
  const RANK = { city: 3, town: 2, village: 1 };
  // GOSS 7 TEC: a village takes the other terrain in its hex (OTIH) for movement: the terrain the hex had before
  // the village was put on it (zone, woods/forest, marsh); a hex mostly at sea counts as clear.
  const underOf = new Map();
  function setPlace(h, name, kind, source) {
    if (h < 0 || !onMap[h]) throw new Error(`${name}: hex is not on the map`);
    const prev = classOf.get(h);
    if (prev && RANK[prev] >= RANK[kind]) return false;
    if (!prev) underOf.set(h, T[h] === 'sea' ? 'clear' : T[h]);
    classOf.set(h, kind);
    T[h] = kind;
    const i = placeOut.findIndex((p) => p.h === h);
    if (i >= 0) placeOut.splice(i, 1);
    placeOut.push({ h, name, kind, source });
    return true;
  }
  /** A GeoNames/commune point → its hex, moved to the least-sea neighbour when the hex is mostly sea. */
  function landHexNear(ll, maxSea) {
    let h = hexAtLL(ll);
    if (h < 0 || !onMap[h]) return -1;
    if (seaFrac[h] <= maxSea) return h;
    let best = -1;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n >= 0 && onMap[n] && seaFrac[n] <= maxSea && (best < 0 || seaFrac[n] < seaFrac[best])) best = n;
    }
    return best;
  }
  for (const c of townsC.cities) {
    const hexes = c.hexes.map(hexOf);
    if (c.grow) {
      const cm = communeByName.get(c.grow.commune);
      const idx = new PolygonIndex(polygonsOf(cm.geometry).map((rings) => ({ rings, tag: 1 })));
      for (const h0 of [...hexes]) for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[h0 * 6 + d];
        if (n >= 0 && !hexes.includes(n) && idx.contains(...centreLL(n))) hexes.push(n);
      }
    }
    for (const h of hexes) setPlace(h, c.name, 'city', c.source);
  }
  for (const t of townsC.towns) {
    const hexes = t.hexes ? t.hexes.map(hexOf) : [landHexNear(resolvePoint(t.at, t.name).ll, 0.75)];
    for (const h of hexes) setPlace(h, t.name, 'town', t.source);
  }
  for (const v of townsC.villages) {
    const hexes = v.hexes ? v.hexes.map(hexOf) : [landHexNear(resolvePoint(v.at, v.name).ll, townsC.villageMaxSea)];
    for (const h of hexes) if (h >= 0) setPlace(h, v.name, 'village', v.source);
  }
  // a curated place already stands for its GeoNames point (e.g. Avranches pinned at D2929)
  const curatedNames = new Set([...townsC.cities, ...townsC.towns, ...townsC.villages].flatMap((x) => [x.name, typeof x.at === 'string' ? x.at : null]).filter(Boolean));
  let villageCount = 0, villageDropped = 0;
  const placesSorted = [...places].filter((p) => p.cc === 'FR').sort((a, b) => b.population - a.population || a.id - b.id);
  for (const p of placesSorted) {
    if (p.population < townsC.villageMinPopulation) break;
    const h0 = hexAtLL([p.lon, p.lat]);
    if (h0 < 0 || !onMap[h0]) continue;
    const h = landHexNear([p.lon, p.lat], townsC.villageMaxSea);
    if (h < 0) { villageDropped++; continue; }
    if (classOf.has(h) || curatedNames.has(p.name)) continue;
    setPlace(h, p.name, 'village', `${townsC.villageSource.split(' ')[0]} GeoNames ${p.id} (${p.name}, pop. ${p.population}): village`);
    villageCount++;
  }
  note(`villages from GeoNames: ${villageCount} (dropped at sea: ${villageDropped})`);

  // ---------- beaches ----------
  const beachOut = [];
  const beachOf = new Map();
  const coastalLand = (h) => T[h] !== 'sea' && [0, 1, 2, 3, 4, 5].some((d) => { const n = NEIGHBOURS[h * 6 + d]; return n >= 0 && onMap[n] && T[n] === 'sea'; });
  const inSpan = ([lon, lat], [x0, y0, x1, y1]) => lon >= x0 && lon <= x1 && lat >= y0 && lat <= y1;
  for (const b of featC.beaches) {
    const hexes = new Set(b.hexes.map(hexOf));
    for (const h of mapHexes) if (coastalLand(h) && inSpan(centreLL(h), b.span)) hexes.add(h);
    for (const h of [...hexes].sort((x, y) => x - y)) {
      if (T[h] === 'sea') T[h] = 'beach';
      if (!classOf.has(h)) T[h] = 'beach';
      beachOf.set(h, b.name);
      beachOut.push({ hex: ref(h), beach: b.name, source: b.source });
    }
  }
  // 'land' = the hex's zone terrain: for rules hexes the generated coastline put at sea
  for (const o of featC.terrainOverrides) {
    const h = hexOf(o.hex);
    T[h] = o.terrain === 'land' ? (zoneOf[h] >= 0 ? zones.zones[zoneOf[h]].terrain : zones.default.terrain) : o.terrain;
    if (o.beach) { beachOf.set(h, o.beach); beachOut.push({ hex: ref(h), beach: o.beach, source: o.source }); }
    overrideOut.push({ hex: o.hex, terrain: T[h], source: o.source });
  }

  // ---------- hexside graph (corners) for rivers ----------
  // Corner k of a flat-top hex sits at angle 60°·k (y south); side d runs from corner (4+d)%6 to (5+d)%6.
  const CORNER = [[2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1], [1, -1]]; // in (half-col x 2, half-row) integer units
  const vKey = (h, k) => {
    const c = colOf(h), r = rowOf(h);
    const X = 3 * c + CORNER[k][0];
    const Y = 2 * r + (c & 1) + CORNER[k][1];
    return (X + 4000) * 10000 + (Y + 4000);
  };
  const vPx = (key) => { const X = Math.floor(key / 10000) - 4000, Y = (key % 10000) - 4000; return [X / 2, (Y * Math.sqrt(3)) / 2]; };
  const vHexes = new Map(); // vertex → hexes touching it
  const adj = new Map(); // vertex → [{to, side}]
  const sideVerts = new Map(); // side → [v1, v2]
  for (const h of mapHexes) {
    for (let k = 0; k < 6; k++) { const v = vKey(h, k); if (!vHexes.has(v)) vHexes.set(v, []); vHexes.get(v).push(h); }
    for (let d = 0; d < 6; d++) {
      const side = hexsideId(h, d);
      if (side < 0 || sideVerts.has(side)) continue;
      const a = vKey(h, (4 + d) % 6), b = vKey(h, (5 + d) % 6);
      sideVerts.set(side, [a, b]);
      if (!adj.has(a)) adj.set(a, []);
      if (!adj.has(b)) adj.set(b, []);
      adj.get(a).push({ to: b, side });
      adj.get(b).push({ to: a, side });
    }
  }
  for (const list of adj.values()) list.sort((x, y) => x.side - y.side);
  const llToPx = ([lon, lat]) => gToPx(...lonLatToG(lon, lat));
  const sideHexes = (side) => L.hexsideHexes(side);
  const touchesSea = (v) => (vHexes.get(v) ?? []).some((h) => T[h] === 'sea') || (vHexes.get(v) ?? []).length < 3;
  const touchesLand = (v) => (vHexes.get(v) ?? []).some((h) => T[h] !== 'sea');

  const riverSides = new Map(); // side → {features:Set, name, source}
  const riverVerts = new Map(); // river name → Set of vertices
  function addSide(side, feature, name, source) {
    if (!riverSides.has(side)) riverSides.set(side, { features: new Set(), name, source });
    const e = riverSides.get(side);
    e.features.add(feature);
    if (!e.name) e.name = name;
  }

  /** Dijkstra over corners from `start` to any vertex in goals, cost = length + distance from the guide segment. */
  function route(start, goals, seg, opts = {}) {
    const goalSet = goals instanceof Set ? goals : new Set(goals);
    if (goalSet.has(start)) return [start];
    const dist = new Map([[start, 0]]);
    const prev = new Map();
    const heap = [[0, start]];
    const push = (item) => { heap.push(item); let i = heap.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (heap[p][0] < heap[i][0] || (heap[p][0] === heap[i][0] && heap[p][1] <= heap[i][1])) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; } };
    const pop = () => { const top = heap[0]; const last = heap.pop(); if (heap.length) { heap[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, r = l + 1; let m = i; const less = (a, b) => heap[a][0] < heap[b][0] || (heap[a][0] === heap[b][0] && heap[a][1] < heap[b][1]); if (l < heap.length && less(l, m)) m = l; if (r < heap.length && less(r, m)) m = r; if (m === i) break; [heap[m], heap[i]] = [heap[i], heap[m]]; i = m; } } return top; };
    while (heap.length) {
      const [d0, v] = pop();
      if (d0 > (dist.get(v) ?? Infinity)) continue;
      if (goalSet.has(v)) {
        const path = [v];
        let x = v;
        while (prev.has(x)) { x = prev.get(x); path.push(x); }
        return path.reverse();
      }
      for (const { to, side } of adj.get(v) ?? []) {
        const [ha, hb] = sideHexes(side);
        const pa = vPx(v), pb = vPx(to);
        const mid = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
        let c = 1 + 2 * distToSegment(mid, seg[0], seg[1]);
        const seaA = ha < 0 || !onMap[ha] || T[ha] === 'sea', seaB = hb < 0 || !onMap[hb] || T[hb] === 'sea';
        if (seaA && seaB) c += 60;
        if (opts.avoid?.has(side)) c += 4;
        if (opts.lastSideOf !== undefined && goalSet.has(to) && ha !== opts.lastSideOf && hb !== opts.lastSideOf) c += 100;
        const nd = d0 + c;
        if (nd < (dist.get(to) ?? Infinity)) { dist.set(to, nd); prev.set(to, v); push([nd, to]); }
      }
    }
    throw new Error('no hexside route found');
  }
  const nearestVertex = (px, filter = () => true) => {
    let best = -1, bd = Infinity;
    for (const v of adj.keys()) {
      if (!filter(v)) continue;
      const p = vPx(v);
      const d = (p[0] - px[0]) ** 2 + (p[1] - px[1]) ** 2;
      if (d < bd || (d === bd && v < best)) { bd = d; best = v; }
    }
    return best;
  };
  const sideOfVerts = (a, b) => (adj.get(a) ?? []).find((e) => e.to === b)?.side ?? -1;
  const dropLoops = (path) => {
    const out = [];
    const at = new Map();
    for (const v of path) {
      if (at.has(v)) { const i = at.get(v); for (const x of out.splice(i + 1)) at.delete(x); continue; }
      at.set(v, out.length);
      out.push(v);
    }
    return out;
  };

  const riverNames = [];
  for (const rv of riversC.rivers) {
    if (rv.canalAlong) continue;
    const used = new Set(riverSides.keys());
    const verts = new Set();
    let cur = -1; // current vertex
    let curPx = null;
    for (const [li, leg] of rv.legs.entries()) {
      const where = `rivers ${rv.name} leg ${li}`;
      let path = cur >= 0 ? [cur] : [];
      for (const [pi, p] of leg.points.entries()) {
        if (p && typeof p === 'object' && !Array.isArray(p) && p.side) {
          const [ha, hb] = S.parseRulesHexside(p.side);
          const side = hexsideBetween(ha, hb);
          const [va, vb] = sideVerts.get(side);
          if (cur < 0) {
            // the leg starts on this side: orient it towards the next waypoint
            const nextPx = llToPx(resolvePoint(leg.points[pi + 1], where).ll);
            const da = Math.hypot(vPx(va)[0] - nextPx[0], vPx(va)[1] - nextPx[1]);
            const db = Math.hypot(vPx(vb)[0] - nextPx[0], vPx(vb)[1] - nextPx[1]);
            path = da > db ? [va, vb] : [vb, va];
          } else if (cur !== va && cur !== vb) {
            const sub = route(cur, [va, vb], [curPx, vPx(va)], { avoid: used });
            const last = sub[sub.length - 1];
            if (pi === 0 && li > 0) {
              // reaching a leg's starting side still belongs to the previous leg (e.g. the Orne above C4423/4523)
              const prevLeg = rv.legs[li - 1];
              for (let i = 1; i < sub.length; i++) { addSide(sideOfVerts(sub[i - 1], sub[i]), prevLeg.class, rv.name, prevLeg.source); verts.add(sub[i]); }
              prevLeg._path.push(...sub.slice(1));
              path = [last];
            } else path.push(...sub.slice(1));
            path.push(last === va ? vb : va);
          } else path.push(cur === va ? vb : va);
          cur = path[path.length - 1];
          curPx = vPx(cur);
          continue;
        }
        if (p && typeof p === 'object' && !Array.isArray(p) && p.sea !== undefined) {
          let goals, lastSideOf;
          if (p.sea === true) goals = [...adj.keys()].filter((v) => touchesSea(v) && touchesLand(v));
          else {
            const h = hexOf(p.sea);
            lastSideOf = h;
            goals = [0, 1, 2, 3, 4, 5].map((k) => vKey(h, k)).filter((v) => touchesSea(v));
            if (!goals.length) throw new Error(`${where}: ${p.sea} has no corner on the sea`);
          }
          const sub = route(cur, goals, [curPx, curPx], { avoid: used, lastSideOf });
          path.push(...sub.slice(1));
          cur = path[path.length - 1];
          continue;
        }
        if (p && typeof p === 'object' && !Array.isArray(p) && p.join) {
          const target = riverVerts.get(p.join);
          if (!target) throw new Error(`${where}: join ${p.join} before it is routed`);
          const sub = route(cur, target, [curPx, curPx], { avoid: used });
          path.push(...sub.slice(1));
          cur = path[path.length - 1];
          continue;
        }
        const px = llToPx(resolvePoint(p, where).ll);
        if (cur < 0) { cur = nearestVertex(px); path = [cur]; curPx = px; continue; }
        const goal = nearestVertex(px);
        const sub = route(cur, [goal], [curPx, px], { avoid: used });
        path.push(...sub.slice(1));
        cur = goal;
        curPx = px;
      }
      path = dropLoops(path);
      for (let i = 1; i < path.length; i++) {
        const side = sideOfVerts(path[i - 1], path[i]);
        if (side < 0) throw new Error(`${where}: broken path`);
        addSide(side, leg.class, rv.name, leg.source);
        if (leg.class === 'majorRiver') { const e = riverSides.get(side); e.features.delete('river'); e.name = rv.name; e.source = leg.source; }
        verts.add(path[i - 1]);
        verts.add(path[i]);
      }
      leg._path = path;
    }
    riverVerts.set(rv.name, verts);
    riverNames.push(rv.name);
  }
  for (const rv of riversC.rivers) {
    if (!rv.canalAlong) continue;
    const orne = riversC.rivers.find((r) => r.name === rv.canalAlong.river);
    const major = orne.legs.find((l) => l.class === 'majorRiver')._path;
    const px = llToPx(rv.canalAlong.from);
    let startI = 0, bd = Infinity;
    major.forEach((v, i) => { const p = vPx(v); const d = Math.hypot(p[0] - px[0], p[1] - px[1]); if (d < bd) { bd = d; startI = i; } });
    for (let i = startI + 1; i < major.length; i++) {
      const side = sideOfVerts(major[i - 1], major[i]);
      riverSides.get(side).features.add('canal');
      riverSides.get(side).source = `${riverSides.get(side).source}; canal: ${rv.source}`;
    }
  }
  // Orne check against the reference line (Pleiades/OSM), in km
  {
    const orneRef = riversRef.features.find((f) => f.properties.name === 'Orne');
    const lines = orneRef.geometry.type === 'MultiLineString' ? orneRef.geometry.coordinates : [orneRef.geometry.coordinates];
    const segs = [];
    for (const line of lines) for (let i = 1; i < line.length; i++) segs.push([line[i - 1], line[i]]);
    let worst = 0, sum = 0, n = 0;
    for (const [side, e] of riverSides) {
      if (e.name !== 'Orne') continue;
      const [a, b] = sideVerts.get(side);
      const pa = vPx(a), pb = vPx(b);
      const gm = [((pa[0] + pb[0]) / 2) / 1.5, ((pa[1] + pb[1]) / 2) / Math.sqrt(3)];
      const ll = gToLonLat(gm[0], gm[1]);
      let best = Infinity;
      for (const [p, q] of segs) { const kmP = [0, 0], kmA = [(p[0] - ll[0]) * 72.7388, (p[1] - ll[1]) * 110.574], kmB = [(q[0] - ll[0]) * 72.7388, (q[1] - ll[1]) * 110.574]; best = Math.min(best, distToSegment(kmP, kmA, kmB)); }
      if (best < 50) { worst = Math.max(worst, best); sum += best; n++; }
    }
    note(`Orne hexsides vs reference line: ${n} sides, mean ${(sum / n).toFixed(2)} km, max ${worst.toFixed(2)} km`);
  }

  // ---------- routes ----------
  const routeOut = [];
  const routeSides = new Map(); // side → Set(class)
  for (const [ri, r] of routesC.routes.entries()) {
    const where = `routes[${ri}] ${r.name}`;
    const pts = r.points.map((p) => { const x = resolvePoint(p, where); return x.hex ?? hexAtLL(x.ll); });
    const path = [];
    for (let i = 0; i < pts.length; i++) {
      if (i === 0) { path.push(pts[0]); continue; }
      const line = hexLine(pts[i - 1], pts[i]).hexes;
      for (const h of line.slice(1)) if (h !== path[path.length - 1]) path.push(h);
    }
    // keep the on-map pieces (a route leaving the map edge is cut there)
    const pieces = [];
    let curP = [];
    for (const h of path) {
      if (h >= 0 && onMap[h]) curP.push(h);
      else { if (curP.length > 1) pieces.push(curP); curP = []; }
    }
    if (curP.length > 1) pieces.push(curP);
    for (const piece of pieces) {
      const clean = dropLoops(piece);
      for (let i = 1; i < clean.length; i++) {
        if (!areAdjacent(clean[i - 1], clean[i])) throw new Error(`${where}: non-adjacent step`);
        const side = hexsideBetween(clean[i - 1], clean[i]);
        if (!routeSides.has(side)) routeSides.set(side, new Set());
        routeSides.get(side).add(r.class);
      }
      routeOut.push({ class: r.class, name: r.name, path: clean.map(ref), source: r.source });
    }
  }
  // bridges: a road over a river, major river or canal (railways keep their own bridges implicitly)
  let bridges = 0;
  for (const [side, classes] of routeSides) {
    const e = riverSides.get(side);
    if (!e) continue;
    if (![...classes].some((c) => c !== 'railway')) continue;
    if (e.features.has('river') || e.features.has('majorRiver') || e.features.has('canal')) { e.features.add('bridge'); bridges++; }
  }
  note(`road bridges: ${bridges}`);
  // embankments sit on a named railway: the hex of its path nearest the given point
  const embOut = routesC.embankments.map((e, i) => {
    const x = resolvePoint(e.near, `embankments[${i}]`);
    const target = x.hex ?? hexAtLL(x.ll);
    const rail = routeOut.filter((r) => r.class === 'railway' && r.name === e.railway);
    if (!rail.length) throw new Error(`embankments[${i}]: no railway named ${e.railway}`);
    let best = -1, bd = Infinity;
    for (const r of rail) for (const rf of r.path) { const h = hexOf(rf); const d = distance(h, target); if (d < bd || (d === bd && h < best)) { bd = d; best = h; } }
    return { hex: ref(best), source: e.source };
  });

  // ---------- coast sides: sea, cliff, bluff ----------
  const coastSides = new Map(); // side → {features:Set, source}
  const addCoast = (side, f, source) => { if (!coastSides.has(side)) coastSides.set(side, { features: new Set(), source }); coastSides.get(side).features.add(f); };
  for (const h of mapHexes) {
    if (T[h] === 'sea') continue;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n >= 0 && onMap[n] && T[n] === 'sea') addCoast(hexsideId(h, d), 'sea', 'shared/geo/coast.geojson (GSHHG 2.3.7 full): land hex beside a sea hex');
    }
  }
  for (const c of featC.cliffs) {
    for (const h of mapHexes) {
      if (T[h] === 'sea' || !inSpan(centreLL(h), c.span)) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[h * 6 + d];
        if (n >= 0 && onMap[n] && T[n] === 'sea') { addCoast(hexsideId(h, d), 'cliff', c.source); coastSides.get(hexsideId(h, d)).source = c.source; }
      }
    }
  }
  for (const b of featC.bluffs) {
    const exits = new Set(['C1004', 'C1406', 'C1305'].map(hexOf));
    for (const [h, name] of [...beachOf].sort((x, y) => x[0] - y[0])) {
      if (name !== b.beach) continue;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[h * 6 + d];
        if (n < 0 || !onMap[n] || T[n] === 'sea' || beachOf.get(n) === b.beach || exits.has(n)) continue;
        addCoast(hexsideId(h, d), 'bluff', b.source);
        coastSides.get(hexsideId(h, d)).source = b.source;
      }
    }
  }

  // ---------- assemble ----------
  const FEATURE_ORDER = schema.HEXSIDE_FEATURES;
  const allSides = new Set([...riverSides.keys(), ...coastSides.keys()]);
  const hexsidesOut = [...allSides].sort((a, b) => a - b).map((side) => {
    const [ha, hb] = sideHexes(side);
    const feats = new Set();
    const r = riverSides.get(side), c = coastSides.get(side);
    if (r) for (const f of r.features) feats.add(f);
    if (c) for (const f of c.features) feats.add(f);
    const out = { a: ref(ha), b: ref(hb), features: FEATURE_ORDER.filter((f) => feats.has(f)) };
    if (r?.name) out.name = r.name;
    // sea sides take their provenance from the file (build notes), which keeps the file small
    const src = r ? r.source : c.source;
    if (!(c && !r && c.features.size === 1 && c.features.has('sea'))) out.source = src;
    return out;
  });

  const LEGEND = { s: 'sea', c: 'clear', r: 'rough', w: 'woods', h: 'hedgerow', f: 'forest', b: 'bocage', m: 'marsh', v: 'village', t: 'town', C: 'city', B: 'beach' };
  const CODE = Object.fromEntries(Object.entries(LEGEND).map(([k, v]) => [v, k]));
  const rows = [];
  for (let r = L.ROW_MIN; r <= L.ROW_MAX; r++) {
    let c0 = Infinity, c1 = -Infinity;
    for (let c = L.COL_MIN; c <= L.COL_MAX; c++) { const h = hexAt(c, r); if (onMap[h]) { c0 = Math.min(c0, c); c1 = Math.max(c1, c); } }
    if (c0 > c1) continue;
    let cells = '';
    for (let c = c0; c <= c1; c++) { const h = hexAt(c, r); cells += onMap[h] ? CODE[T[h]] : '.'; }
    rows.push({ row: r, col0: c0, cells });
  }

  const heightsOut = featC.heights.map((x) => { const p = resolvePoint(x.hex ?? x.at, x.name); const h = p.hex ?? hexAtLL(p.ll); return { hex: ref(h), name: x.name, elevationM: x.elevationM, source: x.source }; });
  const vantageOut = featC.vantage.map((v) => ({ hex: ref(hexOf(v.hex)), los: v.los, source: v.source }));
  const placesFinal = placeOut.sort((a, b) => a.h - b.h).map((p) => ({ hex: ref(p.h), name: p.name, kind: p.kind, ...(T[p.h] === 'village' ? { terrain: underOf.get(p.h) } : {}), source: p.source }));

  const attribution = [
    'Coastline: GSHHG 2.3.7 (Wessel & Smith, The GMT Team), LGPL-3.0.',
    'Place names and heights: GeoNames (geonames.org), CC BY 4.0.',
    'Communes: IGN Admin Express COG 2018 and INSEE COG 2018, via gregoiredavid/france-geojson, Licence Ouverte / Etalab 2.0.',
    'Forests: IGN BD Forêt® V2, via Binnette/france-forests-essence, Licence Ouverte / Etalab 2.0.',
    'Orne check line: Pleiades (pleiades.stoa.org), CC BY 3.0; geometry © OpenStreetMap contributors, ODbL 1.0 (used to check, not shipped).',
  ];
  const map = {
    format: 'neptune-map/1',
    id: 'normandy',
    name: 'Normandy 1944: Atlantic Wall battlefield map, sheets A–F (generated)',
    source: 'reconstructed: generated by tools/map/build.mjs from shared/geo (coast, GeoNames, communes, BD Forêt) and the curated layers in data/map/curated/, on the master lattice of shared/research/hex-transform.json; the printed GOSS map was not available (docs/map.md)',
    attribution,
    legend: LEGEND,
    rows,
    hexsides: hexsidesOut,
    routes: routeOut,
    places: placesFinal,
    vantage: vantageOut,
    heights: heightsOut,
    beaches: beachOut,
    embankments: embOut,
    build: {
      tool: 'tools/map/build.mjs',
      inputs,
      notes: [
        `sea: sea fraction of 19 samples ≥ ${SEA_MIN}; forest: BD Forêt fraction ≥ ${FOREST_MIN} in a patch of ≥ ${FOREST_PATCH} hexes, woods ≥ ${WOODS_MIN}; marsh: curated polygon fraction ≥ ${MARSH_MIN}`,
        'hexes on no sheet are not on the map; coordinates transform: shared/research/hex-transform.json, sheet B origin (master lattice), warped by data/map/curated/anchors.json',
        'hexsides with only the sea feature: shared/geo/coast.geojson (GSHHG 2.3.7 full), a land hex beside a sea hex',
        ...overrideOut.map((o) => `override ${o.hex} → ${o.terrain}: ${o.source}`),
      ],
    },
  };

  // ---------- validate ----------
  const parsed = schema.MapFile.safeParse(map);
  if (!parsed.success) throw new Error(`normandy.json fails the schema: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { problems, board } = B.buildBoard('data/map/normandy.json', parsed.data);
  if (problems.length) throw new Error(`normandy.json has problems: ${problems.slice(0, 5).map((p) => `${p.path}: ${p.reason}`).join('; ')}`);

  const counts = {};
  for (const h of mapHexes) counts[T[h]] = (counts[T[h]] ?? 0) + 1;
  note(`hexes on the map: ${mapHexes.length}; ${Object.entries(counts).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
  note(`hexsides: ${hexsidesOut.length}; routes: ${routeOut.length}; places: ${placesFinal.length}; beaches: ${beachOut.length}`);
  for (const a of anchorsC.anchors) {
    const d = distance(hexOf(a.hex), hexAtLL([a.lon, a.lat]));
    if (d > (a.confidence === 'high' ? 1 : 2)) note(`anchor ${a.hex} (${a.confidence}, ${a.place}) is ${d} hexes from its place`);
  }
  void board;
  return { text: serialise(map), report };
}

function centroid(geometry) {
  const polys = polygonsOf(geometry);
  let best = null, bestA = -1;
  for (const rings of polys) {
    const ring = rings[0];
    let a = 0, cx = 0, cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
      a += f; cx += (ring[j][0] + ring[i][0]) * f; cy += (ring[j][1] + ring[i][1]) * f;
    }
    if (Math.abs(a) > bestA) { bestA = Math.abs(a); best = [cx / (3 * a), cy / (3 * a)]; }
  }
  return best;
}

/** Stable, diff-friendly JSON: top-level keys one per line, arrays one element per line. */
function serialise(map) {
  const lines = ['{'];
  const keys = Object.keys(map);
  keys.forEach((k, i) => {
    const v = map[k];
    const comma = i < keys.length - 1 ? ',' : '';
    if (Array.isArray(v) && v.length) {
      lines.push(` ${JSON.stringify(k)}: [`);
      v.forEach((x, j) => lines.push(`  ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`));
      lines.push(` ]${comma}`);
    } else lines.push(` ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
  });
  lines.push('}');
  return lines.join('\n') + '\n';
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const oi = args.indexOf('--out');
  const out = oi >= 0 ? resolve(args[oi + 1]) : OUT_DEFAULT;
  const t0 = performance.now();
  const { text } = await buildMap({ log: (s) => console.log(s) });
  if (check) {
    const same = existsSync(out) && readFileSync(out, 'utf8') === text;
    console.log(same ? `${out} is up to date` : `${out} differs from a fresh build`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(out, text);
  console.log(`wrote ${out} (${text.length} bytes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
}
