/**
 * Pixi v8 textures of counter faces, built once per face (unit, face, pixel size) and reused by
 * every sprite that shows it. `buildScenarioTextures` pre-builds every face of a scenario, so the
 * cost is paid at load, not while panning (issue 4 budget: ≤ 500 ms for the largest scenario).
 */
import { Rectangle, Texture } from 'pixi.js';
import type { UnitDef } from '../../data/schemas/unit';
import { drawCounterFace, facesOf, symbolImage, type Face } from './drawCounter';
import { drawMarker, MARKERS, type MarkerKind } from './markers';
import { scenarioCounters } from './scenarioCounters';

/** Counter-face pages: faces share a few big canvases, so the GPU gets one upload and one batch per page, not one per counter. */
const PAGE = 2048;

interface Page { canvas: OffscreenCanvas | HTMLCanvasElement; ctx: CanvasRenderingContext2D; source: Texture['source']; next: number; dirty: boolean }

export class CounterTextureCache {
  private readonly faces = new Map<string, Texture>();
  private readonly pages: Page[] = [];
  constructor(readonly size = 64) {}

  key(u: UnitDef, face: Face): string { return `${u.id}|${face}|${this.size}`; }

  /** A free cell of `this.size` pixels on a page (a new page when the last is full). */
  private cell(): { page: Page; x: number; y: number } {
    const per = Math.floor(PAGE / this.size);
    let page = this.pages[this.pages.length - 1];
    if (!page || page.next >= per * per) {
      const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(PAGE, PAGE) : Object.assign(document.createElement('canvas'), { width: PAGE, height: PAGE });
      // A CPU-backed canvas: faces are drawn once and uploaded once, and GPU-backed 2D canvases are slow where WebGL is software.
      const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
      page = { canvas, ctx, source: Texture.from(canvas as unknown as HTMLCanvasElement).source, next: 0, dirty: false };
      this.pages.push(page);
    }
    const i = page.next++;
    page.dirty = true;
    return { page, x: (i % per) * this.size, y: Math.floor(i / per) * this.size };
  }

  private place(draw: (ctx: CanvasRenderingContext2D) => void, w: number, h: number): Texture {
    const { page, x, y } = this.cell();
    page.ctx.save();
    page.ctx.translate(x, y);
    page.ctx.beginPath();
    page.ctx.rect(0, 0, this.size, this.size);
    page.ctx.clip();
    draw(page.ctx);
    page.ctx.restore();
    return new Texture({ source: page.source, frame: new Rectangle(x, y, w, h) });
  }

  get(u: UnitDef, face: Face = 'front'): Texture {
    const k = this.key(u, face);
    let t = this.faces.get(k);
    if (!t) {
      t = this.place((ctx) => drawCounterFace(ctx, u, face, this.size, symbolImage(u, Math.round(this.size * 0.28))), this.size, this.size);
      this.faces.set(k, t);
    }
    return t;
  }

  marker(kind: MarkerKind): Texture {
    const k = `marker|${kind}|${this.size}`;
    let t = this.faces.get(k);
    if (!t) {
      const size = Math.round(this.size * 0.5);
      t = this.place((ctx) => drawMarker(ctx, kind, size), size, size);
      this.faces.set(k, t);
    }
    return t;
  }

  /** Uploads pages drawn on since the last call (after faces were added while running). */
  flush(): void {
    for (const p of this.pages) if (p.dirty) { p.source.update(); p.dirty = false; }
  }

  /** Builds every face of every unit (and all markers); returns how many textures exist. */
  buildAll(units: Iterable<UnitDef>): number {
    for (const u of units) for (const f of facesOf(u)) this.get(u, f);
    for (const m of Object.keys(MARKERS) as MarkerKind[]) this.marker(m);
    this.flush();
    return this.faces.size;
  }

  get count(): number { return this.faces.size; }

  get pageCount(): number { return this.pages.length; }

  destroy(): void {
    for (const t of this.faces.values()) t.destroy(false);
    for (const p of this.pages) p.source.destroy();
    this.faces.clear();
    this.pages.length = 0;
  }
}

/**
 * Builds all counter textures of scenario `scenarioId` (goodwood / epsom / cherbourg or an alias).
 * Returns the cache, the number of textures and the milliseconds it took (for `npm run bench`).
 */
export function buildScenarioTextures(scenarioId: string, size = 64): { cache: CounterTextureCache; textures: number; counters: number; ms: number } {
  const sc = scenarioCounters(scenarioId);
  if (!sc) throw new Error(`no counter roster for scenario "${scenarioId}"`);
  const cache = new CounterTextureCache(size);
  const t0 = performance.now();
  const textures = cache.buildAll(sc.units);
  return { cache, textures, counters: sc.units.length, ms: performance.now() - t0 };
}
