/**
 * Counters on the map: one sprite per unit with its counter-face texture (drawn by CounterTextureCache
 * the first time the counter is in view, then cached), stacked with a small offset and a count badge;
 * the stack under the cursor fans out so every counter can be read. A state change lays out only the
 * stacks that changed and a hover only the stacks that open or close; badges are kept per hex and
 * reused (issue 17: re-laying out 2,000 counters and recreating every badge per hex entered cost
 * 66–160 ms a frame). The open fan is drawn in its own small render group (`fanRoot`, over the
 * counters) from copies of the stack's sprites, while the stack itself is only made transparent: a
 * z-order or visibility change in the counters' render group makes Pixi rebuild the whole group's
 * draw list (2,000 sprites, 1,000 badges: 20–70 ms a hover frame), an alpha change does not.
 */
import { Container, Rectangle, Sprite, Texture } from 'pixi.js';
import type { GameState, ScenarioBundle } from '../../engine';
import { CounterTextureCache } from '../counters/textures';
import { facesOf, type Face } from '../counters/drawCounter';
import { NATIONALITY_COLOURS } from '../counters/colours';
import { MARKERS, type MarkerKind } from '../counters/markers';
import { centre } from './geometry';
import { chunkKeyOf, hasUnit, unitIds, unitOf } from '../../engine/unitTable';

/** Counter size in world pixels (a hex is 2×24 px across). */
const SIZE = 30;
const TEXTURE_PX = 64;
/**
 * Below this zoom a counter is under 11 screen px: its face cannot be read, so it is drawn as a square
 * of its nationality's colour and the face is drawn when it is first in view at a closer zoom (issue 17:
 * drawing and uploading 2,000 faces for a whole-map opening view cost ~0.9 s of the first frame).
 */
export const FACE_MIN_ZOOM = 0.35;
/** The stack-count badge's diameter in world px (the old drawn disc's radius 6). */
const BADGE = 12;
/** Stack counts whose badges share one canvas (2…33; the stacking limits keep real stacks far below). */
const BADGE_ATLAS = 32;
/** Fan sprites made with the layer (a stack of 8 counters, or fewer with markers). */
const FAN_POOL = 8;

function faceFor(def: Parameters<typeof facesOf>[0], stepsLost: number): Face {
  const faces = facesOf(def).filter((f) => f !== 'z');
  return faces[Math.min(stepsLost, faces.length - 1)];
}

export class UnitsLayer {
  readonly root = new Container({ isRenderGroup: true });
  /** The open fan (hover): added to the world right after `root`. */
  readonly fanRoot = new Container({ isRenderGroup: true });
  private readonly cache = new CounterTextureCache(TEXTURE_PX);
  /** `drawn`: the face's texture is on the sprite (it was in view once); until then the sprite is empty. */
  private sprites = new Map<string, { s: Sprite; key: string; hex: number; drawn: boolean }>();
  private badges = new Container();
  /** One sprite per stack of 2+, its texture the count's (drawn once per count: a Graphics and a BitmapText per badge cost ~0.2 s to build for 1,000 stacks and made each rebuild of the draw list slower). */
  private badgeOf = new Map<number, { c: Sprite; n: number }>();
  private badgeTextures = new Map<number, Texture>();
  private freeBadges: Sprite[] = [];
  private stacks = new Map<number, string[]>();
  /** Mode, fatigue and supply markers per unit (GOSS 5, 14, 15), and fieldworks per hex (GOSS 10). */
  private markers = new Map<string, { key: string; sprites: Sprite[] }>();
  private works = new Map<number, { kind: string; s: Sprite }>();
  private fanned: number | null = null;
  /** The fan's sprites, in `fanRoot`'s order (a counter, its markers, the next counter…): reused from hover to hover, the unused ones at alpha 0. */
  private fanPool: Sprite[] = [];
  private lastState: GameState | null = null;
  /** Each unit's place in the state's unit record (stacks are drawn in that order). */
  private order = new Map<string, number>();
  /** Counters placed or moved since the last cull whose face is not drawn: with the view unchanged, only these can have come into it. */
  private undrawn = new Set<string>();
  /** Every counter whose face is not drawn yet: a cull with a new view looks at these only, not at every counter (issue 14: each pan frame walked all of them). */
  private faceless = new Set<string>();
  /** The view (world px) last culled to; faces are drawn only for stacks inside it. */
  private view: { x0: number; y0: number; x1: number; y1: number; zoom: number } | null = null;

  constructor(private bundle: ScenarioBundle) {
    this.root.sortableChildren = true;
    this.badges.zIndex = 10_000;
    this.root.addChild(this.badges);
    // The fan's pool made up front for stacks of up to 8 (hidden): the first hover adds no sprite to the fan's group.
    for (let i = 0; i < FAN_POOL; i++) this.fanSprite(i).alpha = 0;
  }

  /**
   * Brings the counters to `state`. Only the units whose record changed since the last state are looked
   * at (the engine's states share unchanged unit records), and only the stacks they left or entered are
   * laid out again (issue 17: a move's frame at 2,000 counters spent 6–12 ms walking every unit, twice
   * for a stack of two, and each walk re-culled every counter).
   */
  update(state: GameState): void {
    if (state === this.lastState) return;
    const prev = this.lastState;
    this.lastState = state;
    const dirty = new Set<number>();
    /** Units whose stack they are in is no longer the one recorded in `stacks` (removed or moved). */
    const leave = (id: string, hex: number) => {
      const list = this.stacks.get(hex);
      if (!list) return;
      const i = list.indexOf(id);
      if (i >= 0) list.splice(i, 1);
      if (!list.length) this.stacks.delete(hex);
      dirty.add(hex);
    };
    const removeUnit = (id: string) => {
      const s = this.sprites.get(id);
      if (s) { leave(id, s.hex); s.s.destroy(); this.sprites.delete(id); this.faceless.delete(id); }
      const m = this.markers.get(id);
      if (m) { m.sprites.forEach((x) => x.destroy()); this.markers.delete(id); }
    };
    if (prev?.units !== state.units) {
      // Only the units in chunks that are not the previous state's can have changed (unitTable.ts).
      for (const id of unitIds(state)) {
        const k = chunkKeyOf(id);
        if (prev && state.units[k] === prev.units[k]) continue;
        const u = unitOf(state, id);
        if (prev && unitOf(prev, id) === u) continue;
        if (!this.order.has(id)) this.order.set(id, this.order.size);
        const def = u.hex === null || u.eliminated ? undefined : this.bundle.units.get(id);
        if (!def || u.hex === null) { removeUnit(id); continue; }
        const face = faceFor(def, u.stepsLost);
        let s = this.sprites.get(id);
        if (!s) {
          s = { s: new Sprite(Texture.WHITE), key: face, hex: u.hex, drawn: false };
          s.s.anchor.set(0.5);
          s.s.setSize(SIZE, SIZE);
          s.s.tint = NATIONALITY_COLOURS[def.nationality]?.background ?? 0x888888;
          this.sprites.set(id, s);
          this.root.addChild(s.s);
          this.join(id, u.hex);
          dirty.add(u.hex);
          this.undrawn.add(id);
          this.faceless.add(id);
        } else if (s.key !== face) {
          s.key = face;
          if (s.drawn) s.s.texture = this.cache.get(def, face);
        }
        if (s.hex !== u.hex) { leave(id, s.hex); this.join(id, u.hex); dirty.add(u.hex); s.hex = u.hex; if (!s.drawn) this.undrawn.add(id); }
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
          dirty.add(u.hex);
        }
      }
      // Units gone from the record altogether (not expected of the engine, handled all the same).
      if (prev && prev.units.ids !== state.units.ids) for (const id of unitIds(prev)) if (!hasUnit(state, id)) removeUnit(id);
    }
    // A stack's counters in the record's order, as they are drawn (the top counter is the last in the list).
    for (const h of dirty) this.stacks.get(h)?.sort((a, b) => this.order.get(a)! - this.order.get(b)!);
    // Fieldworks sit under the stack, like the printed markers.
    if (prev?.fieldworks !== state.fieldworks) {
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
    }
    for (const h of dirty) this.layoutHex(h);
    if (this.fanned !== null && dirty.has(this.fanned)) this.showFan(this.fanned);
    if (this.view && this.undrawn.size) this.cull(this.view.x0, this.view.y0, this.view.x1, this.view.y1, this.view.zoom);
    this.cache.flush();
  }

  /** Adds the unit to the recorded stack of `hex` (sorted by `update` once all changes are in). */
  private join(id: string, hex: number): void {
    const list = this.stacks.get(hex);
    if (list) list.push(id); else this.stacks.set(hex, [id]);
  }

  /** Fans out the stack in `hex` (hover), or closes the fan with null. */
  fan(hex: number | null): void {
    if (hex === this.fanned) return;
    // Hovering from hex to hex lays out only the stack that closes and the one that opens.
    const old = this.fanned;
    this.fanned = hex;
    if (old !== null) this.setStackAlpha(old, 1);
    this.showFan(hex);
  }

  /**
   * Draws the fan of the stack in `hex` (every counter side by side) in `fanRoot`, over the stack, which
   * turns transparent. The fan's sprites are kept and reused from hover to hover, the unused ones hidden
   * by alpha (issue 17: a Sprite made and destroyed per counter per hover frame cost the fan group's
   * draw list a rebuild and garbage collections, the slowest hover frames).
   */
  private showFan(hex: number | null): void {
    const ids = hex === null ? [] : this.stacks.get(hex) ?? [];
    let n = 0;
    if (hex !== null && ids.length >= 2) {
      this.setStackAlpha(hex, 0);
      const { x, y } = centre(hex);
      const cols = Math.min(ids.length, 4);
      ids.forEach((id, k) => {
        const src = this.sprites.get(id)!;
        // Faces only where they can be read (a face drawn is a counter page uploaded again).
        const v = this.view;
        if (v && v.zoom >= FACE_MIN_ZOOM && x >= v.x0 && x <= v.x1 && y >= v.y0 && y <= v.y1) this.drawFace(id, src);
        // Each counter, then its markers over it (the next row of the fan over those), as drawn before the pool.
        const s = this.fanSprite(n++);
        s.anchor.set(0.5);
        s.texture = src.s.texture;
        s.setSize(SIZE, SIZE);
        s.tint = src.s.tint;
        s.position.set(x + ((k % cols) - (cols - 1) / 2) * (SIZE + 2), y + Math.floor(k / cols) * (SIZE + 2));
        this.markers.get(id)?.sprites.forEach((m0, j) => {
          const m = this.fanSprite(n++);
          m.anchor.set(0);
          m.texture = m0.texture;
          m.scale.copyFrom(m0.scale);
          m.tint = 0xffffff;
          m.position.set(s.x - SIZE / 2 - 2, s.y - SIZE / 2 + j * SIZE * 0.42);
        });
      });
    }
    for (let i = n; i < this.fanPool.length; i++) this.fanPool[i].alpha = 0;
    // No fan open: the whole group hidden, as the hover outline is (overlayLayer.placeMark): sprites at
    // alpha 0 are still batched and drawn every frame (issue 14). Opening or closing the fan rebuilds the
    // world group's short draw list; moving from fan to fan does not.
    this.fanRoot.visible = n > 0;
    this.cache.flush();
  }

  /** The pool's `i`-th fan sprite, shown; made (and kept in `fanRoot`) when the pool is short. */
  private fanSprite(i: number): Sprite {
    let s = this.fanPool[i];
    if (!s) {
      s = new Sprite(Texture.WHITE);
      this.fanRoot.addChild(s);
      this.fanPool.push(s);
    }
    s.alpha = 1;
    return s;
  }

  /** Shows (1) or hides (0) a stack in the counters' layer: alpha, which does not rebuild its draw list. */
  private setStackAlpha(hex: number, a: number): void {
    for (const id of this.stacks.get(hex) ?? []) {
      const s = this.sprites.get(id);
      if (s) s.s.alpha = a;
      this.markers.get(id)?.sprites.forEach((m) => { m.alpha = a; });
    }
    const b = this.badgeOf.get(hex);
    if (b) b.c.alpha = a;
  }

  private drawFace(id: string, s: { s: Sprite; key: string; drawn: boolean }): void {
    if (s.drawn) return;
    s.s.texture = this.cache.get(this.bundle.units.get(id)!, s.key as Face);
    // Sized again: a sprite's scale stays with a new texture, and the square's texture is 1 px (a 64-px face at that scale covers 1,920 px).
    s.s.setSize(SIZE, SIZE);
    s.s.tint = 0xffffff;
    s.drawn = true;
    this.faceless.delete(id);
  }

  /**
   * Draws the faces of the counters in the view (world px) from FACE_MIN_ZOOM, once each; called before
   * every render. With the view of the last call only the counters placed or moved since can have come
   * into it: a hover's or a move's frame does not walk the 2,000 counters (1–4 ms a frame, issue 17).
   * With a new view (a pan or zoom frame) only the counters still without a face are looked at.
   */
  cull(x0: number, y0: number, x1: number, y1: number, zoom: number): void {
    const v = this.view;
    const same = !!v && v.x0 === x0 && v.y0 === y0 && v.x1 === x1 && v.y1 === y1 && v.zoom === zoom;
    this.view = { x0, y0, x1, y1, zoom };
    if (zoom < FACE_MIN_ZOOM) return;
    const m = SIZE * 2;
    let drew = false;
    const ids = same ? this.undrawn.keys() : this.faceless.keys();
    for (const id of ids) {
      const s = this.sprites.get(id);
      if (!s || s.drawn) continue;
      const { x, y } = centre(s.hex);
      if (x < x0 - m || x > x1 + m || y < y0 - m || y > y1 + m) continue;
      this.drawFace(id, s);
      drew = true;
    }
    this.undrawn.clear();
    if (drew) this.cache.flush();
  }

  /** Counters whose face has been drawn (the rest are off the view so far). */
  get drawnCount(): number { let n = 0; for (const s of this.sprites.values()) if (s.drawn) n++; return n; }

  private layoutHex(hex: number): void {
    const ids = this.stacks.get(hex) ?? [];
    const { x, y } = centre(hex);
    // A stack laid out again (a state change) is shown, unless it is the open fan's (showFan hides it again).
    ids.forEach((id, k) => {
      const s = this.sprites.get(id)!.s;
      s.position.set(x + k * 3, y - k * 3);
      s.zIndex = 2 * k;
      s.alpha = 1;
      // Markers along the counter's left edge, just above it in the stack.
      this.markers.get(id)?.sprites.forEach((m, j) => {
        m.position.set(s.x - SIZE / 2 - 2, s.y - SIZE / 2 + j * SIZE * 0.42);
        m.zIndex = s.zIndex + 1;
        m.alpha = 1;
      });
    });
    let b = this.badgeOf.get(hex);
    if (ids.length > 1) {
      if (!b) {
        let c = this.freeBadges.pop();
        if (c) c.texture = this.badgeTexture(ids.length);
        else {
          c = new Sprite(this.badgeTexture(ids.length));
          c.anchor.set(0.5);
          c.setSize(BADGE, BADGE);
          this.badges.addChild(c);
        }
        this.badgeOf.set(hex, (b = { c, n: ids.length }));
      } else if (b.n !== ids.length) { b.c.texture = this.badgeTexture(ids.length); b.n = ids.length; }
      b.c.position.set(x + (ids.length - 1) * 3 + SIZE / 2 - 2, y - (ids.length - 1) * 3 - SIZE / 2 + 2);
      b.c.alpha = 1;
    } else if (b) {
      // Kept for the next stack that needs one: a sprite removed or added rebuilds the layer's draw list, an alpha change does not.
      b.c.alpha = 0;
      this.freeBadges.push(b.c);
      this.badgeOf.delete(hex);
    }
  }

  /**
   * The stack-count badge for `n`: a dark disc with the number, drawn at 4× for zooming in. Counts
   * 2–BADGE_ATLAS+1 share one canvas (a badge changing count keeps its texture source, so Pixi updates
   * it in place); larger counts get a canvas each.
   */
  private badgeTexture(n: number): Texture {
    let t = this.badgeTextures.get(n);
    if (t) return t;
    const px = BADGE * 4;
    const atlas = n >= 2 && n < 2 + BADGE_ATLAS;
    const canvas = document.createElement('canvas');
    canvas.width = atlas ? px * BADGE_ATLAS : px;
    canvas.height = px;
    const ctx = canvas.getContext('2d')!;
    const draw = (k: number, x: number) => {
      ctx.fillStyle = '#222222';
      ctx.beginPath();
      ctx.arc(x + px / 2, px / 2, px / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.font = `700 ${Math.round(px * 0.67)}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(k), x + px / 2, px / 2 + px * 0.04, px * 0.9);
    };
    if (!atlas) {
      draw(n, 0);
      t = Texture.from(canvas);
      this.badgeTextures.set(n, t);
      return t;
    }
    const source = Texture.from(canvas).source;
    for (let i = 0; i < BADGE_ATLAS; i++) {
      draw(i + 2, i * px);
      this.badgeTextures.set(i + 2, new Texture({ source, frame: new Rectangle(i * px, 0, px, px) }));
    }
    source.update();
    return this.badgeTextures.get(n)!;
  }

  destroy(): void {
    this.cache.destroy();
    const sources = new Set([...this.badgeTextures.values()].map((t) => t.source));
    for (const t of this.badgeTextures.values()) t.destroy(false);
    for (const src of sources) src.destroy();
    this.badgeTextures.clear();
  }
}
