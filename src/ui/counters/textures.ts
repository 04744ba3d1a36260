/**
 * Pixi v8 textures of counter faces, built once per face (unit, face, pixel size) and reused by
 * every sprite that shows it. `buildScenarioTextures` pre-builds every face of a scenario, so the
 * cost is paid at load, not while panning (issue 4 budget: ≤ 500 ms for the largest scenario).
 */
import { Texture } from 'pixi.js';
import type { UnitDef } from '../../data/schemas/unit';
import { facesOf, renderCounterFace, type Face } from './drawCounter';
import { drawMarker, MARKERS, type MarkerKind } from './markers';
import { scenarioCounters } from './scenarioCounters';

export class CounterTextureCache {
  private readonly faces = new Map<string, Texture>();
  constructor(readonly size = 64) {}

  key(u: UnitDef, face: Face): string { return `${u.id}|${face}|${this.size}`; }

  get(u: UnitDef, face: Face = 'front'): Texture {
    const k = this.key(u, face);
    let t = this.faces.get(k);
    if (!t) {
      t = Texture.from(renderCounterFace(u, face, this.size) as unknown as HTMLCanvasElement);
      this.faces.set(k, t);
    }
    return t;
  }

  marker(kind: MarkerKind): Texture {
    const k = `marker|${kind}|${this.size}`;
    let t = this.faces.get(k);
    if (!t) {
      const size = Math.round(this.size * 0.5);
      const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(size, size) : Object.assign(document.createElement('canvas'), { width: size, height: size });
      drawMarker(canvas.getContext('2d') as CanvasRenderingContext2D, kind, size);
      t = Texture.from(canvas as unknown as HTMLCanvasElement);
      this.faces.set(k, t);
    }
    return t;
  }

  /** Builds every face of every unit (and all markers); returns how many textures exist. */
  buildAll(units: Iterable<UnitDef>): number {
    for (const u of units) for (const f of facesOf(u)) this.get(u, f);
    for (const m of Object.keys(MARKERS) as MarkerKind[]) this.marker(m);
    return this.faces.size;
  }

  get count(): number { return this.faces.size; }

  destroy(): void {
    for (const t of this.faces.values()) t.destroy(true);
    this.faces.clear();
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
