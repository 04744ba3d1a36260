/**
 * Geometry for the map build: the fitted hex ⇄ lat/lon transform on the master lattice (sheet B's
 * grid, shared/research/hex-transform.json) and point-in-polygon over GeoJSON polygons.
 * Plain numbers only, so the build is deterministic.
 */

// shared/research/hex-transform.json: [E_km, N_km] = U · g + origin_B, g = [col, row + 0.5*(col odd)].
// Sheet B is the master lattice; C = B + 60 exactly (so the fitted C origin equals B's to 0.3 m).
export const TRANSFORM = {
  U: [[1.07543, 0.07346], [0.0435, -1.2343]],
  origin: [-83.3274, 21.2226],
  lat0: 49.2, lon0: -0.8, kmPerDegLon: 72.7388, kmPerDegLat: 110.574,
};
const { U, origin, lat0, lon0, kmPerDegLon, kmPerDegLat } = TRANSFORM;
const DET = U[0][0] * U[1][1] - U[0][1] * U[1][0];
const SQRT3 = Math.sqrt(3);

/** Base fit: lattice "g" coordinates (continuous col, row-units) → km in the local frame. */
function gToKm(gc, gy) {
  return [U[0][0] * gc + U[0][1] * gy + origin[0], U[1][0] * gc + U[1][1] * gy + origin[1]];
}
function kmToG(e0, n0) {
  const e = e0 - origin[0];
  const n = n0 - origin[1];
  return [(U[1][1] * e - U[0][1] * n) / DET, (-U[1][0] * e + U[0][0] * n) / DET];
}
const kmToLonLat = (e, n) => [lon0 + e / kmPerDegLon, lat0 + n / kmPerDegLat];
const lonLatToKm = (lon, lat) => [(lon - lon0) * kmPerDegLon, (lat - lat0) * kmPerDegLat];

/**
 * The hex ⇄ lat/lon transform, optionally warped by anchors so it matches the printed sheets where
 * the affine fit is off (Merville, the Orne mouth, Juno: map-data.md §1.4). Each anchor's residual
 * (place − fitted hex centre, km) is spread with Gaussian weights w = exp(−(d/σ)²) and averaged,
 * normalised by max(1, Σw): exact at an isolated anchor, fading to the plain fit a few σ away.
 * anchors: [{ g: [gc, gy] (the rules hex centre on the master lattice), lon, lat }]
 */
export function createTransform(anchors = [], sigmaKm = 4) {
  const pts = anchors.map((a) => {
    const p = gToKm(a.g[0], a.g[1]);
    const q = lonLatToKm(a.lon, a.lat);
    return { p, r: [q[0] - p[0], q[1] - p[1]] };
  });
  const s2 = sigmaKm * sigmaKm;
  const warp = (e, n) => {
    let we = 0, wn = 0, ws = 0;
    for (const { p, r } of pts) {
      const d2 = (e - p[0]) ** 2 + (n - p[1]) ** 2;
      if (d2 > 25 * s2) continue;
      const w = Math.exp(-d2 / s2);
      we += w * r[0]; wn += w * r[1]; ws += w;
    }
    const k = Math.max(1, ws);
    return [we / k, wn / k];
  };
  const gToLonLat = (gc, gy) => {
    const [e, n] = gToKm(gc, gy);
    const [de, dn] = warp(e, n);
    return kmToLonLat(e + de, n + dn);
  };
  const lonLatToG = (lon, lat) => {
    const [e, n] = lonLatToKm(lon, lat);
    let pe = e, pn = n;
    for (let i = 0; i < 30; i++) { // fixed point of p = real − warp(p)
      const [de, dn] = warp(pe, pn);
      const ne = e - de, nn = n - dn;
      const done = Math.abs(ne - pe) + Math.abs(nn - pn) < 1e-9;
      pe = ne; pn = nn;
      if (done) break;
    }
    return kmToG(pe, pn);
  };
  const hexCentreLonLat = (col, row) => gToLonLat(...centreG(col, row));
  const lonLatToColRow = (lon, lat) => gToColRow(...lonLatToG(lon, lat));
  return { gToLonLat, lonLatToG, hexCentreLonLat, lonLatToColRow, warp };
}

/**
 * The map's transform: the fit warped by the anchors file's high-confidence anchors
 * (data/map/curated/anchors.json: `warpConfidence`, `warpAlso`, `warpSigmaKm`). `hexOf` reads a rules
 * hex ID, `colOf`/`rowOf` come from the lattice. Shared by the map build and the tools that place
 * things on the map by lat/lon (tools/airborne/dz-hexes.mjs).
 */
export function mapTransform(anchorsFile, hexOf, colOf, rowOf) {
  const warp = anchorsFile.anchors
    .filter((a) => anchorsFile.warpConfidence.includes(a.confidence) || (anchorsFile.warpAlso ?? []).includes(a.hex))
    .map((a) => { const h = hexOf(a.hex); return { g: centreG(colOf(h), rowOf(h)), lon: a.lon, lat: a.lat }; });
  return createTransform(warp, anchorsFile.warpSigmaKm);
}

/** Hex centre of global (col, row) in g units. */
export const centreG = (col, row) => [col, row + 0.5 * (col & 1)];

/** Pixel space (flat-top hexes of size 1, y south): x = 1.5 gc, y = √3 gy. */
export const gToPx = (gc, gy) => [1.5 * gc, SQRT3 * gy];
export const pxToG = (x, y) => [x / 1.5, y / SQRT3];

/** Nearest lattice hex (global col, row) of continuous g coordinates, by cube rounding. */
export function gToColRow(gc, gy) {
  const q = gc;
  const r = gy - gc / 2;
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq, rr + ((rq - (rq & 1)) >> 1)];
}

/** km distance between two lon/lat points (local equirectangular frame of the transform). */
export function kmBetween(a, b) {
  return Math.hypot((a[0] - b[0]) * kmPerDegLon, (a[1] - b[1]) * kmPerDegLat);
}

/** 19 sample points of a hex (centre + rings at 0.45 and 0.8 of the circumradius), as g offsets. */
export const SAMPLE_OFFSETS = (() => {
  const out = [[0, 0]];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    out.push(pxToG(0.45 * Math.cos(a), 0.45 * Math.sin(a)));
  }
  for (let k = 0; k < 12; k++) {
    const a = (Math.PI / 6) * k;
    const rad = k % 2 ? 0.72 : 0.8;
    out.push(pxToG(rad * Math.cos(a), rad * Math.sin(a)));
  }
  return out;
})();

/**
 * An index of polygons for "is this point inside any of them?" queries. Polygons are bucketed by
 * bounding box on a coarse grid; big polygons (the mainland coast) also get their edges bucketed in
 * latitude bands, so each test reads only the edges that can cross the ray.
 */
export class PolygonIndex {
  constructor(polygons, cell = 0.05) {
    // polygons: array of { rings: [[[lon,lat],...],...], tag }
    this.cell = cell;
    this.polys = polygons.map((p) => {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, n = 0;
      for (const ring of p.rings) for (const [x, y] of ring) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); n++; }
      const poly = { rings: p.rings, tag: p.tag, bbox: [x0, y0, x1, y1], bands: null, band: 0 };
      if (n > 200) {
        const band = 0.005;
        const bands = new Map();
        for (const ring of p.rings) {
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const a = ring[j], b = ring[i];
            const lo = Math.floor((Math.min(a[1], b[1]) - y0) / band);
            const hi = Math.floor((Math.max(a[1], b[1]) - y0) / band);
            for (let k = lo; k <= hi; k++) {
              if (!bands.has(k)) bands.set(k, []);
              bands.get(k).push(a[0], a[1], b[0], b[1]);
            }
          }
        }
        poly.bands = bands;
        poly.band = band;
      }
      return poly;
    });
    this.grid = new Map();
    this.polys.forEach((p, i) => {
      const [x0, y0, x1, y1] = p.bbox;
      for (let gx = Math.floor(x0 / cell); gx <= Math.floor(x1 / cell); gx++) {
        for (let gy = Math.floor(y0 / cell); gy <= Math.floor(y1 / cell); gy++) {
          const k = gx * 100000 + gy;
          if (!this.grid.has(k)) this.grid.set(k, []);
          this.grid.get(k).push(i);
        }
      }
    });
  }

  /** Tags of the polygons containing the point (empty when none). */
  tagsAt(lon, lat) {
    const ids = this.grid.get(Math.floor(lon / this.cell) * 100000 + Math.floor(lat / this.cell));
    if (!ids) return [];
    const out = [];
    for (const i of ids) {
      const p = this.polys[i];
      const [x0, y0, x1, y1] = p.bbox;
      if (lon < x0 || lon > x1 || lat < y0 || lat > y1) continue;
      if (p.bands ? insideBanded(p, lon, lat) : insideRings(p.rings, lon, lat)) out.push(p.tag);
    }
    return out;
  }

  contains(lon, lat) {
    return this.tagsAt(lon, lat).length > 0;
  }
}

function insideRings(rings, x, y) {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function insideBanded(p, x, y) {
  const edges = p.bands.get(Math.floor((y - p.bbox[1]) / p.band));
  if (!edges) return false;
  let inside = false;
  for (let k = 0; k < edges.length; k += 4) {
    const xj = edges[k], yj = edges[k + 1], xi = edges[k + 2], yi = edges[k + 3];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** GeoJSON Polygon/MultiPolygon geometry → list of ring lists. */
export function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/** Distance from point p to segment ab (same planar units). */
export function distToSegment(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
