/**
 * Terrain drawn once into chunk Graphics (CHUNK×CHUNK hexes each) under a render-group world, and
 * culled by chunk, never by hex (stack-check.md §4: per-hex culling costs 10–250 ms of JS a frame).
 */
import { BitmapText, Container, Graphics, Texture } from 'pixi.js';
import type { Board } from '../../engine/board';
import { NO_TERRAIN } from '../../engine/board';
import { colOf, rowOf, hexsideHexes, COL_MIN, ROW_MIN, NEIGHBOURS } from '../../engine/hex/lattice';
import { HEXSIDE_FEATURES, ROUTE_CLASSES, TERRAIN } from '../../data/schemas/map';
import { CORNER_OFFSETS, centre, HEX_RADIUS } from './geometry';
import { staticMesh } from './staticMesh';
import { TERRAIN_COLOURS, HEXSIDE_COLOURS, ROUTE_COLOURS, HEXSIDE_WIDTHS, ROUTE_WIDTHS } from './palette';

const CHUNK = 32;
/** Palette texels: one per terrain class, the last one the outline colour. */
const PALETTE_SIZE = 16;

function paletteTexture(): Texture {
  const c = document.createElement('canvas');
  c.width = PALETTE_SIZE;
  c.height = 1;
  const ctx = c.getContext('2d')!;
  TERRAIN.forEach((t, i) => { ctx.fillStyle = `#${TERRAIN_COLOURS[t].toString(16).padStart(6, '0')}`; ctx.fillRect(i, 0, 1, 1); });
  ctx.fillStyle = '#000000';
  ctx.fillRect(PALETTE_SIZE - 1, 0, 1, 1);
  const t = Texture.from(c);
  t.source.scaleMode = 'nearest';
  return t;
}

export interface TerrainLayer {
  root: Container;
  chunks: { g: Container; x0: number; y0: number; x1: number; y1: number }[];
  outlines: Container;
  labels: Container;
  cull(x0: number, y0: number, x1: number, y1: number, zoom: number): void;
}

export function buildTerrainLayer(board: Board): TerrainLayer {
  // Layers are separate render groups: culling toggles chunks in the terrain group, and Pixi then
  // rebuilds only that group's few instructions, not the thousands of label glyphs and counters.
  const root = new Container();
  const fills = new Container({ isRenderGroup: true });
  root.addChild(fills);
  const byChunk = new Map<string, number[]>();
  for (const h of board.hexes) {
    const key = `${Math.floor((colOf(h) - COL_MIN) / CHUNK)},${Math.floor((rowOf(h) - ROW_MIN) / CHUNK)}`;
    let list = byChunk.get(key);
    if (!list) byChunk.set(key, (list = []));
    list.push(h);
  }
  const chunks: TerrainLayer['chunks'] = [];
  const outlines = new Container({ isRenderGroup: true });
  const palette = paletteTexture();
  for (const hexes of byChunk.values()) {
    // Terrain as plain triangle meshes coloured through a one-row palette texture, and hex edges
    // as GL lines: no Graphics tessellation at all, one draw call per chunk (first frame and
    // per-frame JS stay small on a 13,600-hex map). Each shared edge is drawn once: a hex draws
    // its N, NE and SE edges, the others belong to its neighbours unless it is on the map's edge.
    const vtx = new Float32Array(hexes.length * 12);
    const uvs = new Float32Array(hexes.length * 12);
    const idx = new Uint32Array(hexes.length * 12);
    const lines: number[] = [];
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    hexes.forEach((h, k) => {
      const { x, y } = centre(h);
      const u = (board.terrain[h] + 0.5) / PALETTE_SIZE;
      for (let i = 0; i < 6; i++) {
        vtx[k * 12 + i * 2] = x + CORNER_OFFSETS[i * 2];
        vtx[k * 12 + i * 2 + 1] = y + CORNER_OFFSETS[i * 2 + 1];
        uvs[k * 12 + i * 2] = u;
        uvs[k * 12 + i * 2 + 1] = 0.5;
      }
      const b = k * 6;
      idx.set([b, b + 1, b + 2, b, b + 2, b + 3, b, b + 3, b + 4, b, b + 4, b + 5], k * 12);
      for (let d = 0; d < 6; d++) {
        if (d >= 3 && board.terrain[NEIGHBOURS[h * 6 + d]] !== NO_TERRAIN) continue;
        const a = (d + 5) % 6;
        lines.push(x + CORNER_OFFSETS[a * 2], y + CORNER_OFFSETS[a * 2 + 1], x + CORNER_OFFSETS[d * 2], y + CORNER_OFFSETS[d * 2 + 1]);
      }
      x0 = Math.min(x0, x - HEX_RADIUS); y0 = Math.min(y0, y - HEX_RADIUS);
      x1 = Math.max(x1, x + HEX_RADIUS); y1 = Math.max(y1, y + HEX_RADIUS);
    });
    const fill = staticMesh(palette, vtx, uvs, idx);
    const lineVtx = new Float32Array(lines);
    const lineUv = new Float32Array(lineVtx.length).fill(0.5);
    for (let i = 0; i < lineUv.length; i += 2) lineUv[i] = (PALETTE_SIZE - 0.5) / PALETTE_SIZE;
    // Meshes draw through an index buffer: without indices a line list draws nothing.
    const lineIdx = Uint32Array.from({ length: lineVtx.length / 2 }, (_, i) => i);
    const line = staticMesh(palette, lineVtx, lineUv, lineIdx, 'line-list');
    line.alpha = 0.25;
    fills.addChild(fill);
    outlines.addChild(line);
    chunks.push({ g: fill, x0, y0, x1, y1 });
    chunks.push({ g: line, x0, y0, x1, y1 });
  }
  root.addChild(outlines);

  // Hexside features (rivers on hexsides) and routes (centre to centre), drawn once, one stroke per style.
  const features = new Graphics();
  const featureGroup = new Container({ isRenderGroup: true });
  const strokes = new Map<string, { width: number; color: number; segs: number[] }>();
  const seg = (width: number, color: number, x0: number, y0: number, x1: number, y1: number) => {
    const k = `${width}|${color}`;
    let st = strokes.get(k);
    if (!st) strokes.set(k, (st = { width, color, segs: [] }));
    st.segs.push(x0, y0, x1, y1);
  };
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
    seg(HEXSIDE_WIDTHS[f], HEXSIDE_COLOURS[f], mx - px, my - py, mx + px, my + py);
    if (bits & (1 << HEXSIDE_FEATURES.indexOf('bridge'))) seg(HEXSIDE_WIDTHS.bridge, HEXSIDE_COLOURS.bridge, mx - dx * 0.25, my - dy * 0.25, mx + dx * 0.25, my + dy * 0.25);
  }
  for (const [side, bits] of board.routes) {
    const [a, b] = hexsideHexes(side);
    const ca = centre(a), cb = centre(b);
    const r = ROUTE_CLASSES.find((_, i) => bits & (1 << i)) ?? 'trail';
    seg(ROUTE_WIDTHS[r], ROUTE_COLOURS[r], ca.x, ca.y, cb.x, cb.y);
  }
  // Routes above rivers: draw the thinner (road) styles last.
  for (const st of [...strokes.values()].sort((a, b) => b.width - a.width)) {
    for (let i = 0; i < st.segs.length; i += 4) features.moveTo(st.segs[i], st.segs[i + 1]).lineTo(st.segs[i + 2], st.segs[i + 3]);
    features.stroke({ width: st.width, color: st.color });
  }
  featureGroup.addChild(features);
  root.addChild(featureGroup);

  const labels = new Container({ isRenderGroup: true });
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
      // Half a screen of margin: a pan toggles chunks rarely, each toggle rebuilds the group.
      const mx = (vx1 - vx0) / 2, my = (vy1 - vy0) / 2;
      for (const c of chunks) {
        const v = c.x1 >= vx0 - mx && c.x0 <= vx1 + mx && c.y1 >= vy0 - my && c.y0 <= vy1 + my;
        if (c.g.visible !== v) c.g.visible = v;
      }
      // Outlines alias into a moiré when zoomed far out (stack-check.md pitfall 10).
      if (outlines.visible !== zoom >= 0.45) outlines.visible = zoom >= 0.45;
      if (labels.visible !== zoom >= 0.3) labels.visible = zoom >= 0.3;
    },
  };
}
