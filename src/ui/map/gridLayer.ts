/**
 * Optional map furniture, both off by default and built only when first switched on:
 * - sheet boundaries: the outline of each printed sheet A–F (data/map/sheets.json) with its letter,
 *   one Graphics in its own render group;
 * - hex IDs: the rules ID on each hex, only from zoom ID_MIN_ZOOM and only near the view. Each
 *   ID_CHUNK×ID_CHUNK block of hexes becomes one mesh of glyph quads over a small glyph atlas, built
 *   when the block first comes near the view and cached (LRU). Pixi BitmapText was measured first:
 *   64 of them cost 30–40 ms to build and lay out per block (profiled, software WebGL), a mesh
 *   well under a millisecond; and the scene never holds the map's 13,600 IDs (stack-check.md §4).
 */
import { BitmapText, Container, Graphics, type Mesh, Texture } from 'pixi.js';
import type { Board } from '../../engine/board';
import { NO_TERRAIN } from '../../engine/board';
import { COL_MIN, HEX_COUNT, NEIGHBOURS, ROW_MIN, colOf, hexAt, rowOf, type HexId } from '../../engine/hex/lattice';
import { formatHex, sheetToGlobal, sheetsConfig, type SheetLetter } from '../../engine/hex/sheets';
import { CORNER_OFFSETS, HEX_RADIUS, centre } from './geometry';
import { SHEET_COLOURS } from './palette';
import { staticMesh } from './staticMesh';

export const ID_MIN_ZOOM = 1.2;
const ID_CHUNK = 8;
/** Blocks built per frame: a pan that uncovers a row of blocks spreads the work over a few frames. */
const BUILD_PER_FRAME = 4;
/** Blocks kept (64 IDs each); the least recently shown beyond this are destroyed. */
const CACHE_BLOCKS = 96;
/** ID glyph height in world px (9.6 px on screen at ID_MIN_ZOOM), drawn from an atlas at ATLAS_PX. */
const ID_PX = 8;
const ATLAS_PX = 24;

interface Block { key: number; hexes: HexId[]; x0: number; y0: number; x1: number; y1: number; c: Mesh | null; ids: string[] }

interface Atlas { texture: Texture; glyphs: Map<string, { u0: number; u1: number; w: number }>; h: number }

/** The characters of rules IDs drawn once into a canvas: one texture for every ID on the map. */
function idAtlas(): Atlas {
  const chars = 'ABCDEF0123456789';
  const font = `600 ${ATLAS_PX}px sans-serif`;
  const c = document.createElement('canvas');
  let ctx = c.getContext('2d')!;
  ctx.font = font;
  const widths = [...chars].map((ch) => Math.ceil(ctx.measureText(ch).width) + 2);
  const h = Math.ceil(ATLAS_PX * 1.3);
  c.width = widths.reduce((a, b) => a + b, 0);
  c.height = h;
  ctx = c.getContext('2d')!;
  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#1d232a';
  const glyphs = new Map<string, { u0: number; u1: number; w: number }>();
  let x = 0;
  [...chars].forEach((ch, i) => {
    ctx.fillText(ch, x + 1, h / 2);
    glyphs.set(ch, { u0: x / c.width, u1: (x + widths[i]) / c.width, w: widths[i] });
    x += widths[i];
  });
  const texture = Texture.from(c);
  texture.source.autoGenerateMipmaps = true;
  return { texture, glyphs, h };
}

export class GridLayer {
  readonly root = new Container();
  private sheets: Container | null = null;
  private sheetLines = new Graphics();
  private sheetLetters: BitmapText[] = [];
  private sheetEdges: { colour: number; segs: number[] }[] = [];
  private lineBucket = NaN;
  private ids = new Container({ isRenderGroup: true });
  private atlas: Atlas | null = null;
  private blocks: Block[] | null = null;
  /** Built blocks in least-recently-shown-first order. */
  private built = new Map<number, Block>();
  private showSheets = false;
  private showIds = false;

  constructor(private readonly board: Board) {
    this.ids.visible = false;
    this.ids.eventMode = 'none';
    this.root.addChild(this.ids);
  }

  setSheets(on: boolean): void {
    this.showSheets = on;
    if (on && !this.sheets) this.buildSheets();
    if (this.sheets) this.sheets.visible = on;
  }

  setHexIds(on: boolean): void {
    this.showIds = on;
    if (!on) this.ids.visible = false;
  }

  /** Per frame, with the world rectangle in view. Returns true when blocks are still to be built. */
  update(vx0: number, vy0: number, vx1: number, vy1: number, zoom: number): boolean {
    if (this.showSheets && this.sheets) this.scaleSheets(zoom);
    const idsOn = this.showIds && zoom >= ID_MIN_ZOOM;
    if (this.ids.visible !== idsOn) this.ids.visible = idsOn;
    if (!idsOn) return false;
    this.blocks ??= this.indexBlocks();
    // A quarter screen of margin so most blocks exist before they scroll in.
    const mx = (vx1 - vx0) / 4, my = (vy1 - vy0) / 4;
    let budget = BUILD_PER_FRAME;
    let pending = false;
    const inView = (b: Block, m: number, n: number) => b.x1 >= vx0 - m && b.x0 <= vx1 + m && b.y1 >= vy0 - n && b.y0 <= vy1 + n;
    // Blocks on screen first, then the margin.
    for (const pass of [0, 1]) {
      for (const b of this.blocks) {
        const v = inView(b, pass ? mx : 0, pass ? my : 0);
        if (pass === 1 && !v && b.c?.visible) b.c.visible = false;
        if (!v || b.c?.visible) continue;
        if (!b.c) {
          if (budget === 0) { pending = true; continue; }
          budget--;
          this.buildBlock(b);
        }
        b.c!.visible = true;
        this.built.delete(b.key);
        this.built.set(b.key, b);
      }
    }
    this.evict();
    return pending;
  }

  /** Test and debug hook: the IDs currently drawn (in blocks shown at this zoom). */
  shownIds(): string[] {
    if (!this.ids.visible) return [];
    const out: string[] = [];
    for (const b of this.built.values()) if (b.c?.visible) out.push(...b.ids);
    return out;
  }

  destroy(): void {
    this.root.destroy({ children: true });
    this.atlas?.texture.destroy(true);
  }

  private indexBlocks(): Block[] {
    const byKey = new Map<number, Block>();
    for (const h of this.board.hexes) {
      if (this.board.terrain[h] === NO_TERRAIN) continue;
      const key = Math.floor((colOf(h) - COL_MIN) / ID_CHUNK) * 1024 + Math.floor((rowOf(h) - ROW_MIN) / ID_CHUNK);
      let b = byKey.get(key);
      if (!b) byKey.set(key, (b = { key, hexes: [], x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, c: null, ids: [] }));
      b.hexes.push(h);
      const { x, y } = centre(h);
      b.x0 = Math.min(b.x0, x - HEX_RADIUS); b.y0 = Math.min(b.y0, y - HEX_RADIUS);
      b.x1 = Math.max(b.x1, x + HEX_RADIUS); b.y1 = Math.max(b.y1, y + HEX_RADIUS);
    }
    return [...byKey.values()];
  }

  private buildBlock(b: Block): void {
    const atlas = (this.atlas ??= idAtlas());
    const k = ID_PX / ATLAS_PX;
    const gh = atlas.h * k;
    const vtx: number[] = [];
    const uvs: number[] = [];
    const ids: string[] = [];
    for (const h of b.hexes) {
      const id = formatHex(h);
      if (id.startsWith('@')) continue; // a lattice hex no sheet numbers has no rules ID
      ids.push(id);
      const { x, y } = centre(h);
      let width = 0;
      for (const ch of id) width += atlas.glyphs.get(ch)!.w * k;
      // At the foot of the hex: place names sit above the centre, counters on it.
      let gx = x - width / 2;
      const gy = y + HEX_RADIUS * 0.84 - gh;
      for (const ch of id) {
        const g = atlas.glyphs.get(ch)!;
        const w = g.w * k;
        vtx.push(gx, gy, gx + w, gy, gx + w, gy + gh, gx, gy + gh);
        uvs.push(g.u0, 0, g.u1, 0, g.u1, 1, g.u0, 1);
        gx += w;
      }
    }
    const quads = vtx.length / 8;
    const idx = new Uint32Array(quads * 6);
    for (let q = 0; q < quads; q++) idx.set([q * 4, q * 4 + 1, q * 4 + 2, q * 4, q * 4 + 2, q * 4 + 3], q * 6);
    b.c = staticMesh(atlas.texture, new Float32Array(vtx), new Float32Array(uvs), idx);
    b.ids = ids;
    this.ids.addChild(b.c);
  }

  private evict(): void {
    if (this.built.size <= CACHE_BLOCKS) return;
    for (const [key, b] of this.built) {
      if (this.built.size <= CACHE_BLOCKS) break;
      if (b.c?.visible) continue;
      b.c?.destroy();
      b.c = null;
      b.ids = [];
      this.built.delete(key);
    }
  }

  private buildSheets(): void {
    const cfg = sheetsConfig();
    const sheets = new Container({ isRenderGroup: true });
    sheets.eventMode = 'none';
    for (const [letter, s] of Object.entries(cfg.sheets) as [SheetLetter, (typeof cfg.sheets)[SheetLetter]][]) {
      if (!s) continue;
      const member = new Uint8Array(HEX_COUNT);
      const hexes: HexId[] = [];
      for (let c = s.cols[0]; c <= s.cols[1]; c++) {
        for (let r = s.rows[0]; r <= s.rows[1]; r++) {
          const [gc, gr] = sheetToGlobal(letter, c, r);
          const h = hexAt(gc, gr);
          if (h >= 0) { member[h] = 1; hexes.push(h); }
        }
      }
      // The outline is every hex edge between a sheet hex and a hex off the sheet (edge d runs
      // from corner d-1 to corner d, as in terrainLayer).
      const segs: number[] = [];
      let sx = 0, sy = 0;
      for (const h of hexes) {
        const { x, y } = centre(h);
        sx += x; sy += y;
        for (let d = 0; d < 6; d++) {
          const n = NEIGHBOURS[h * 6 + d];
          if (n >= 0 && member[n]) continue;
          const a = (d + 5) % 6;
          segs.push(x + CORNER_OFFSETS[a * 2], y + CORNER_OFFSETS[a * 2 + 1], x + CORNER_OFFSETS[d * 2], y + CORNER_OFFSETS[d * 2 + 1]);
        }
      }
      this.sheetEdges.push({ colour: SHEET_COLOURS[letter], segs });
      if (hexes.length) {
        const t = new BitmapText({ text: letter, style: { fontFamily: 'sans-serif', fontSize: 40, fontWeight: 'bold', fill: SHEET_COLOURS[letter] } });
        t.anchor.set(0.5);
        t.position.set(sx / hexes.length, sy / hexes.length);
        t.alpha = 0.85;
        this.sheetLetters.push(t);
      }
    }
    sheets.addChild(this.sheetLines, ...this.sheetLetters);
    this.sheets = sheets;
    this.root.addChildAt(sheets, 0);
  }

  /**
   * Lines and letters keep a constant size on screen. Lines are re-stroked only when the zoom
   * crosses a half-octave (about 2,700 segments, a few ms, never during a pan).
   */
  private scaleSheets(zoom: number): void {
    const bucket = Math.round(Math.log2(zoom) * 2);
    if (bucket !== this.lineBucket) {
      this.lineBucket = bucket;
      const width = 2.5 / 2 ** (bucket / 2);
      const g = this.sheetLines.clear();
      for (const e of this.sheetEdges) {
        for (let i = 0; i < e.segs.length; i += 4) g.moveTo(e.segs[i], e.segs[i + 1]).lineTo(e.segs[i + 2], e.segs[i + 3]);
        g.stroke({ width, color: e.colour, alpha: 0.9 });
      }
    }
    const s = 1 / zoom;
    for (const t of this.sheetLetters) if (t.scale.x !== s) t.scale.set(s);
  }
}
