/**
 * Terrain drawn once into chunk meshes (CHUNK×CHUNK hexes each) under a render-group world, and
 * culled by chunk, never by hex (stack-check.md §4: per-hex culling costs 10–250 ms of JS a frame).
 * Zoomed out below OVERVIEW_MAX_ZOOM (the whole map at fit zoom), one pre-rendered texture of the
 * terrain and its rivers and roads replaces the chunks: one draw of six vertices instead of ~20
 * draws of ~180,000 indices, so a frame costs the GPU (software here) and the main thread less.
 */
import { BitmapText, Container, Graphics, Matrix, RenderTexture, Sprite, Texture, type Mesh, type Renderer } from 'pixi.js';
import type { Board } from '../../engine/board';
import { NO_TERRAIN } from '../../engine/board';
import { colOf, rowOf, hexsideHexes, COL_MIN, ROW_MIN, NEIGHBOURS } from '../../engine/hex/lattice';
import { HEXSIDE_FEATURES, ROUTE_CLASSES, TERRAIN } from '../../data/schemas/map';
import { CORNER_OFFSETS, centre, HEX_RADIUS } from './geometry';
import { staticMesh } from './staticMesh';
import { TERRAIN_COLOURS, HEXSIDE_COLOURS, ROUTE_COLOURS, HEXSIDE_WIDTHS, ROUTE_WIDTHS } from './palette';

const CHUNK = 32;
/**
 * World-to-texel scale of the overview: the 5,500×4,300-px map becomes a 1,370×1,070 texture
 * (5.9 MB), drawn at 0.5–1.2 screen px per texel between the minimum zoom (0.12) and
 * OVERVIEW_MAX_ZOOM. (Vector strokes of 2–3 px break into dashes below about 0.4, the overview's
 * 1–2-texel lines do not.)
 */
const OVERVIEW_SCALE = 0.25;
/** Place names from this zoom (11-px labels, 3.3 px high here). */
const LABEL_MIN_ZOOM = 0.3;
/** Below this zoom the overview texture is drawn instead of the chunks; labels take over above. */
export const OVERVIEW_MAX_ZOOM = LABEL_MIN_ZOOM;
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
  /** The overview texture, once built (after the first frame, so that frame stays fast). */
  overview: Sprite | null;
  /** Renders the terrain and hexside/route lines once into the overview texture. */
  buildOverview(renderer: Renderer): void;
  cull(x0: number, y0: number, x1: number, y1: number, zoom: number): void;
  destroy(): void;
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
  const styles = [...strokes.values()].sort((a, b) => b.width - a.width);
  for (const st of styles) {
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

  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (const c of chunks) {
    bx0 = Math.min(bx0, c.x0); by0 = Math.min(by0, c.y0); bx1 = Math.max(bx1, c.x1); by1 = Math.max(by1, c.y1);
  }
  const show = (c: Container, v: boolean) => { if (c.visible !== v) c.visible = v; };

  /** The overview render texture, once built (freed in destroy). */
  let overviewTexture: Texture | null = null;
  const layer: TerrainLayer = {
    root, chunks, outlines, labels, overview: null,
    buildOverview(renderer) {
      if (layer.overview || !chunks.length) return;
      const w = Math.ceil((bx1 - bx0) * OVERVIEW_SCALE), h = Math.ceil((by1 - by0) * OVERVIEW_SCALE);
      const texture = RenderTexture.create({ width: w, height: h, antialias: false });
      const transform = new Matrix(OVERVIEW_SCALE, 0, 0, OVERVIEW_SCALE, -bx0 * OVERVIEW_SCALE, -by0 * OVERVIEW_SCALE);
      // Every chunk into the texture, whatever the culling left visible, then as it was.
      const was = chunks.map((c) => c.g.visible);
      const shown = fills.visible;
      for (const c of chunks) c.g.visible = true;
      fills.visible = true;
      renderer.render({ container: fills, target: texture, transform, clear: true, clearColor: [0, 0, 0, 0] });
      chunks.forEach((c, i) => { c.g.visible = was[i]; });
      fills.visible = shown;
      // Rivers and routes as 1-texel GL lines (2 for rivers, bridges and primary roads): the map's
      // 2–5 px strokes would be 0.5–1.25 texels here and break up into dots.
      const lines = new Container<Mesh>({ isRenderGroup: true });
      const t = 1 / OVERVIEW_SCALE;
      for (const st of styles) {
        const offsets = st.width >= 3 ? [[0, 0], [t, 0], [0, t]] : [[0, 0]];
        const vtx = new Float32Array(st.segs.length * offsets.length);
        offsets.forEach(([ox, oy], k) => {
          for (let i = 0; i < st.segs.length; i += 2) {
            vtx[k * st.segs.length + i] = st.segs[i] + ox;
            vtx[k * st.segs.length + i + 1] = st.segs[i + 1] + oy;
          }
        });
        const m = staticMesh(Texture.WHITE, vtx, new Float32Array(vtx.length), Uint32Array.from({ length: vtx.length / 2 }, (_, i) => i), 'line-list');
        m.tint = st.color;
        lines.addChild(m);
      }
      renderer.render({ container: lines, target: texture, transform, clear: false });
      for (const m of lines.children) m.geometry.destroy(); // a destroyed Mesh keeps its buffers
      lines.destroy({ children: true });
      const sprite = new Sprite(texture);
      sprite.position.set(bx0, by0);
      sprite.scale.set(1 / OVERVIEW_SCALE);
      sprite.visible = false;
      root.addChildAt(sprite, 0);
      layer.overview = sprite;
      overviewTexture = texture;
      // The place names and hex outlines, hidden so far (zoom < 0.3), are laid out and uploaded now, once,
      // into a 1-texel target: otherwise the first zoom-in frames past 0.3 and 0.45 pay for it.
      const warm = RenderTexture.create({ width: 1, height: 1 });
      for (const c of [labels, outlines]) {
        const v = c.visible;
        c.visible = true;
        renderer.render({ container: c, target: warm, clear: true });
        c.visible = v;
      }
      warm.destroy(true);
    },
    cull(vx0, vy0, vx1, vy1, zoom) {
      const far = zoom < OVERVIEW_MAX_ZOOM && layer.overview !== null;
      if (layer.overview) show(layer.overview, far);
      show(fills, !far);
      show(featureGroup, !far);
      // Outlines alias into a moiré when zoomed far out (stack-check.md pitfall 10).
      show(outlines, zoom >= 0.45);
      show(labels, zoom >= LABEL_MIN_ZOOM);
      if (far) return;
      // Half a screen of margin: a pan toggles chunks rarely, each toggle rebuilds the group.
      const mx = (vx1 - vx0) / 2, my = (vy1 - vy0) / 2;
      for (const c of chunks) show(c.g, c.x1 >= vx0 - mx && c.x0 <= vx1 + mx && c.y1 >= vy0 - my && c.y0 <= vy1 + my);
    },
    destroy() {
      // The sprite may already be destroyed with the stage (its texture reference is then null): free the texture we made.
      overviewTexture?.destroy(true);
      palette.destroy(true);
    },
  };
  return layer;
}
