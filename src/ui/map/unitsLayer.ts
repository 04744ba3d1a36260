/**
 * Counters on the map: one sprite per unit with its counter-face texture (built once per face by
 * CounterTextureCache), stacked with a small offset and a count badge; the stack under the cursor
 * fans out so every counter can be read.
 */
import { BitmapText, Container, Sprite, Graphics } from 'pixi.js';
import type { GameState, ScenarioBundle } from '../../engine';
import { CounterTextureCache } from '../counters/textures';
import { facesOf, type Face } from '../counters/drawCounter';
import { MARKERS, type MarkerKind } from '../counters/markers';
import { centre } from './geometry';

/** Counter size in world pixels (a hex is 2×24 px across). */
const SIZE = 30;
const TEXTURE_PX = 64;

function faceFor(def: Parameters<typeof facesOf>[0], stepsLost: number): Face {
  const faces = facesOf(def).filter((f) => f !== 'z');
  return faces[Math.min(stepsLost, faces.length - 1)];
}

export class UnitsLayer {
  readonly root = new Container({ isRenderGroup: true });
  private readonly cache = new CounterTextureCache(TEXTURE_PX);
  private sprites = new Map<string, { s: Sprite; key: string }>();
  private badges = new Container();
  private stacks = new Map<number, string[]>();
  /** Mode, fatigue and supply markers per unit (GOSS 5, 14, 15), and fieldworks per hex (GOSS 10). */
  private markers = new Map<string, { key: string; sprites: Sprite[] }>();
  private works = new Map<number, { kind: string; s: Sprite }>();
  private fanned: number | null = null;

  constructor(private bundle: ScenarioBundle) {
    // Every face of the scenario's counters drawn up front onto shared pages: one upload, few batches.
    this.cache.buildAll(bundle.units.values());
    this.root.sortableChildren = true;
    this.badges.zIndex = 10_000;
    this.root.addChild(this.badges);
  }

  update(state: GameState): void {
    const seen = new Set<string>();
    this.stacks.clear();
    for (const id of Object.keys(state.units)) {
      const u = state.units[id];
      if (u.hex === null || u.eliminated) continue;
      const def = this.bundle.units.get(id);
      if (!def) continue;
      seen.add(id);
      const face = faceFor(def, u.stepsLost);
      let s = this.sprites.get(id);
      if (!s || s.key !== face) {
        if (!s) {
          s = { s: new Sprite(this.cache.get(def, face)), key: face };
          s.s.anchor.set(0.5);
          s.s.scale.set(SIZE / TEXTURE_PX);
          this.sprites.set(id, s);
          this.root.addChild(s.s);
        } else {
          s.s.texture = this.cache.get(def, face);
          s.key = face;
        }
      }
      const kinds = u.markers.filter((m): m is MarkerKind => m in MARKERS);
      const mkey = kinds.join('|');
      const old = this.markers.get(id);
      if (!old || old.key !== mkey) {
        old?.sprites.forEach((x) => x.destroy());
        const sprites = kinds.map((k) => {
          const m = new Sprite(this.cache.marker(k));
          m.scale.set((SIZE * 0.42) / m.texture.width);
          this.root.addChild(m);
          return m;
        });
        this.markers.set(id, { key: mkey, sprites });
      }
      const list = this.stacks.get(u.hex) ?? [];
      list.push(id);
      this.stacks.set(u.hex, list);
    }
    for (const [id, s] of this.sprites) {
      if (!seen.has(id)) { s.s.destroy(); this.sprites.delete(id); }
    }
    for (const [id, m] of this.markers) {
      if (!seen.has(id)) { m.sprites.forEach((x) => x.destroy()); this.markers.delete(id); }
    }
    // Fieldworks sit under the stack, like the printed markers.
    const worksNow = new Map(Object.entries(state.fieldworks).map(([h, k]) => [Number(h), k]));
    for (const [h, w] of this.works) if (worksNow.get(h) !== w.kind) { w.s.destroy(); this.works.delete(h); }
    for (const [h, kind] of worksNow) {
      if (this.works.has(h) || !(kind in MARKERS)) continue;
      const w = new Sprite(this.cache.marker(kind as MarkerKind));
      w.anchor.set(0.5);
      w.scale.set((SIZE * 0.9) / w.texture.width);
      const { x, y } = centre(h);
      w.position.set(x - 6, y + 6);
      w.zIndex = -1;
      this.root.addChild(w);
      this.works.set(h, { kind, s: w });
    }
    this.cache.flush();
    this.layout();
  }

  /** Fans out the stack in `hex` (hover), or closes the fan with null. */
  fan(hex: number | null): void {
    if (hex === this.fanned) return;
    // Hovering from hex to hex re-lays out the counters only when a stack opens or closes.
    const stacked = (h: number | null) => h !== null && (this.stacks.get(h)?.length ?? 0) > 1;
    const relayout = stacked(this.fanned) || stacked(hex);
    this.fanned = hex;
    if (relayout) this.layout();
  }

  private layout(): void {
    this.badges.removeChildren().forEach((c) => c.destroy());
    for (const [hex, ids] of this.stacks) {
      const { x, y } = centre(hex);
      const fan = hex === this.fanned && ids.length > 1;
      ids.forEach((id, k) => {
        const s = this.sprites.get(id)!.s;
        if (fan) {
          const cols = Math.min(ids.length, 4);
          const dx = ((k % cols) - (cols - 1) / 2) * (SIZE + 2);
          const dy = Math.floor(k / cols) * (SIZE + 2);
          s.position.set(x + dx, y + dy);
          s.zIndex = 5_000 + 2 * k;
        } else {
          s.position.set(x + k * 3, y - k * 3);
          s.zIndex = 2 * k;
        }
        // Markers along the counter's left edge, just above it in the stack.
        this.markers.get(id)?.sprites.forEach((m, j) => {
          m.position.set(s.x - SIZE / 2 - 2, s.y - SIZE / 2 + j * SIZE * 0.42);
          m.zIndex = s.zIndex + 1;
        });
      });
      if (ids.length > 1 && !fan) {
        const b = new Container();
        const g = new Graphics().circle(0, 0, 6).fill(0x222222);
        const t = new BitmapText({ text: String(ids.length), style: { fontFamily: 'sans-serif', fontSize: 8, fontWeight: '700', fill: 0xffffff } });
        t.anchor.set(0.5);
        b.addChild(g, t);
        b.position.set(x + (ids.length - 1) * 3 + SIZE / 2 - 2, y - (ids.length - 1) * 3 - SIZE / 2 + 2);
        this.badges.addChild(b);
      }
    }
  }

  destroy(): void {
    this.cache.destroy();
  }
}
