/**
 * Optional map furniture, both off by default and built only when first switched on:
 * - sheet boundaries: the outline of each printed sheet A–F (data/map/sheets.json) with its letter,
 *   one Graphics in its own render group;
 * - hex IDs: the rules ID on each hex, only from zoom ID_MIN_ZOOM and only near the view. Texts are
 *   built per ID_CHUNK×ID_CHUNK block of hexes when a block first comes into view, a few blocks a
 *   frame, and cached (LRU), so the scene never holds the map's 13,600 IDs (stack-check.md §4).
 */
import { BitmapText, Container, Graphics, TextStyle } from 'pixi.js';
import type { Board } from '../../engine/board';
import { NO_TERRAIN } from '../../engine/board';
import { COL_MIN, HEX_COUNT, NEIGHBOURS, ROW_MIN, colOf, hexAt, rowOf, type HexId } from '../../engine/hex/lattice';
import { formatHex, sheetToGlobal, sheetsConfig, type SheetLetter } from '../../engine/hex/sheets';
import { CORNER_OFFSETS, HEX_RADIUS, centre } from './geometry';
import { SHEET_COLOURS } from './palette';

export const ID_MIN_ZOOM = 1.2;
const ID_CHUNK = 8;
/** Blocks built per frame: a pan that uncovers a row of blocks spreads the work over a few frames. */
const BUILD_PER_FRAME = 2;
/** Blocks kept (about 64 texts each); the least recently shown beyond this are destroyed. */
const CACHE_BLOCKS = 96;
/** One style object: every ID shares one generated bitmap font. */
const ID_STYLE = new TextStyle({ fontFamily: 'sans-serif', fontSize: 8, fill: 0x1d232a });

interface Block { key: number; hexes: HexId[]; x0: number; y0: number; x1: number; y1: number; c: Container | null }

export class GridLayer {
  readonly root = new Container();
  private sheets: Container | null = null;
  private sheetLines = new Graphics();
  private sheetLetters: BitmapText[] = [];
  private sheetEdges: { colour: number; segs: number[] }[] = [];
  private lineBucket = NaN;
  private ids = new Container({ isRenderGroup: true });
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
    for (const b of this.built.values()) if (b.c?.visible) for (const t of b.c.children) out.push((t as BitmapText).text);
    return out;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }

  private indexBlocks(): Block[] {
    const byKey = new Map<number, Block>();
    for (const h of this.board.hexes) {
      if (this.board.terrain[h] === NO_TERRAIN) continue;
      const key = Math.floor((colOf(h) - COL_MIN) / ID_CHUNK) * 1024 + Math.floor((rowOf(h) - ROW_MIN) / ID_CHUNK);
      let b = byKey.get(key);
      if (!b) byKey.set(key, (b = { key, hexes: [], x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, c: null }));
      b.hexes.push(h);
      const { x, y } = centre(h);
      b.x0 = Math.min(b.x0, x - HEX_RADIUS); b.y0 = Math.min(b.y0, y - HEX_RADIUS);
      b.x1 = Math.max(b.x1, x + HEX_RADIUS); b.y1 = Math.max(b.y1, y + HEX_RADIUS);
    }
    return [...byKey.values()];
  }

  private buildBlock(b: Block): void {
    const c = new Container();
    for (const h of b.hexes) {
      const id = formatHex(h);
      if (id.startsWith('@')) continue; // a lattice hex no sheet numbers has no rules ID
      const t = new BitmapText({ text: id, style: ID_STYLE });
      const { x, y } = centre(h);
      // At the foot of the hex: place names sit above the centre, counters on it.
      t.anchor.set(0.5, 1);
      t.position.set(x, y + HEX_RADIUS * 0.84);
      c.addChild(t);
    }
    b.c = c;
    this.ids.addChild(c);
  }

  private evict(): void {
    if (this.built.size <= CACHE_BLOCKS) return;
    for (const [key, b] of this.built) {
      if (this.built.size <= CACHE_BLOCKS) break;
      if (b.c?.visible) continue;
      b.c?.destroy({ children: true });
      b.c = null;
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
