/**
 * Terrain drawn once into chunk Graphics (CHUNK×CHUNK hexes each) under a render-group world, and
 * culled by chunk, never by hex (stack-check.md §4: per-hex culling costs 10–250 ms of JS a frame).
 */
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Board } from '../../engine/board';
import { NO_TERRAIN, terrainOf } from '../../engine/board';
import { colOf, rowOf, hexsideHexes, COL_MIN, ROW_MIN } from '../../engine/hex/lattice';
import { HEXSIDE_FEATURES, ROUTE_CLASSES } from '../../data/schemas/map';
import { CORNER_OFFSETS, centre, HEX_RADIUS } from './geometry';
import { TERRAIN_COLOURS, HEXSIDE_COLOURS, ROUTE_COLOURS } from './palette';

const CHUNK = 24;

export interface TerrainLayer {
  root: Container;
  chunks: { g: Container; x0: number; y0: number; x1: number; y1: number }[];
  outlines: Container;
  labels: Container;
  cull(x0: number, y0: number, x1: number, y1: number, zoom: number): void;
}

export function buildTerrainLayer(board: Board): TerrainLayer {
  const root = new Container();
  const byChunk = new Map<string, number[]>();
  for (const h of board.hexes) {
    const key = `${Math.floor((colOf(h) - COL_MIN) / CHUNK)},${Math.floor((rowOf(h) - ROW_MIN) / CHUNK)}`;
    let list = byChunk.get(key);
    if (!list) byChunk.set(key, (list = []));
    list.push(h);
  }
  const chunks: TerrainLayer['chunks'] = [];
  const outlines = new Container();
  for (const hexes of byChunk.values()) {
    const fill = new Graphics();
    const line = new Graphics();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const h of hexes) {
      const { x, y } = centre(h);
      const pts = CORNER_OFFSETS.map((v, i) => v + (i & 1 ? y : x));
      const t = terrainOf(board, h)!;
      fill.poly(pts).fill(TERRAIN_COLOURS[t]);
      line.poly(pts);
      x0 = Math.min(x0, x - HEX_RADIUS); y0 = Math.min(y0, y - HEX_RADIUS);
      x1 = Math.max(x1, x + HEX_RADIUS); y1 = Math.max(y1, y + HEX_RADIUS);
    }
    line.stroke({ width: 1, color: 0x000000, alpha: 0.18 });
    const c = new Container();
    c.addChild(fill);
    root.addChild(c);
    const lc = new Container();
    lc.addChild(line);
    outlines.addChild(lc);
    chunks.push({ g: c, x0, y0, x1, y1 });
    chunks.push({ g: lc, x0, y0, x1, y1 });
  }
  root.addChild(outlines);

  // Hexside features (rivers on hexsides) and routes (centre to centre), drawn once.
  const features = new Graphics();
  for (const [side, bits] of board.sides) {
    const [a, b] = hexsideHexes(side);
    if (b < 0 || board.terrain[a] === NO_TERRAIN && board.terrain[b] === NO_TERRAIN) continue;
    const ca = centre(a), cb = centre(b);
    // The shared edge is perpendicular to the centre line, through its midpoint.
    const mx = (ca.x + cb.x) / 2, my = (ca.y + cb.y) / 2;
    const dx = cb.x - ca.x, dy = cb.y - ca.y;
    const len = Math.hypot(dx, dy);
    const half = HEX_RADIUS / 2;
    const px = (-dy / len) * half, py = (dx / len) * half;
    const f = HEXSIDE_FEATURES.find((_, i) => bits & (1 << i) && HEXSIDE_FEATURES[i] !== 'bridge') ?? 'stream';
    const width = f === 'majorRiver' ? 5 : f === 'river' ? 3.5 : 2;
    features.moveTo(mx - px, my - py).lineTo(mx + px, my + py).stroke({ width, color: HEXSIDE_COLOURS[f] });
    if (bits & (1 << HEXSIDE_FEATURES.indexOf('bridge'))) {
      features.moveTo(mx - dx * 0.25, my - dy * 0.25).lineTo(mx + dx * 0.25, my + dy * 0.25).stroke({ width: 4, color: HEXSIDE_COLOURS.bridge });
    }
  }
  for (const [side, bits] of board.routes) {
    const [a, b] = hexsideHexes(side);
    const ca = centre(a), cb = centre(b);
    const r = ROUTE_CLASSES.find((_, i) => bits & (1 << i)) ?? 'trail';
    features.moveTo(ca.x, ca.y).lineTo(cb.x, cb.y).stroke({ width: r === 'primary' ? 3 : 2, color: ROUTE_COLOURS[r] });
  }
  root.addChild(features);

  const labels = new Container();
  for (const [h, name] of board.names) {
    const { x, y } = centre(h);
    // BitmapText shares one glyph texture: hundreds of labels cost one upload, not one each.
    const t = new BitmapText({ text: name, style: { fontFamily: 'sans-serif', fontSize: 11, fill: 0x222222, fontWeight: '600' } });
    t.anchor.set(0.5, 1.4);
    t.position.set(x, y);
    labels.addChild(t);
  }
  root.addChild(labels);

  return {
    root, chunks, outlines, labels,
    cull(vx0, vy0, vx1, vy1, zoom) {
      for (const c of chunks) c.g.visible = c.x1 >= vx0 && c.x0 <= vx1 && c.y1 >= vy0 && c.y0 <= vy1;
      // Outlines alias into a moiré when zoomed far out (stack-check.md pitfall 10).
      outlines.visible = zoom >= 0.45;
      labels.visible = zoom >= 0.3;
    },
  };
}
