/** Highlights: selected hex, hover hex, reachable hexes with their MP cost, setup deployment hexes. */
import { BitmapText, Container, Graphics } from 'pixi.js';
import { CORNER_OFFSETS, centre } from './geometry';

export class OverlayLayer {
  readonly root = new Container({ isRenderGroup: true });
  private hover = new Graphics();
  private selected = new Graphics();
  private reach = new Container();
  private deploy = new Graphics();
  private cursor = new Graphics();
  private objectives = new Graphics();
  private stars = new Graphics();
  /** Drawn over the counters: the objective stars (added to the world after the units layer). */
  readonly top = new Container();

  constructor() {
    this.root.addChild(this.objectives, this.deploy, this.reach, this.hover, this.selected);
    this.top.addChild(this.stars, this.cursor);
    this.hover.poly(CORNER_OFFSETS).stroke({ width: 1.5, color: 0x333333 });
    this.hover.visible = false;
    this.selected.poly(CORNER_OFFSETS).stroke({ width: 3, color: 0xffd400 });
    this.selected.visible = false;
  }

  /**
   * The objective hexes of the scenario's victory conditions (issue 16 item 8): a gold rim under the
   * counters and a star at the hex's north-west corner over them, seen on a full stack too.
   */
  setObjectives(hexes: readonly number[]): void {
    const g = this.objectives;
    g.clear();
    for (const h of hexes) {
      const { x, y } = centre(h);
      g.poly(CORNER_OFFSETS.map((v, i) => (i & 1 ? y + v * 0.9 : x + v * 0.9))).stroke({ width: 3, color: 0xd4a017, alpha: 0.95 });
    }
    const s = this.stars;
    s.clear();
    for (const h of hexes) {
      const { x, y } = centre(h);
      s.star(x - 16, y - 15, 5, 6, 2.6).fill({ color: 0xffd23f }).stroke({ width: 1.2, color: 0x6b4e00 });
    }
  }

  /** The keyboard's hex cursor (issue 16 item 1), shown while the map has focus. */
  setCursor(h: number | null): void {
    const g = this.cursor;
    g.clear();
    if (h === null || h < 0) return;
    const { x, y } = centre(h);
    const pts = CORNER_OFFSETS.map((v, i) => v + (i & 1 ? y : x));
    g.poly(pts).stroke({ width: 5, color: 0xffffff, alpha: 0.9 });
    g.poly(pts).stroke({ width: 2.5, color: 0x0a66d8 });
  }

  /** AW 34.11.2 setup: the hexes the unit or marker picked up may be placed in now (null clears). */
  setDeployment(hexes: readonly number[] | null): void {
    const g = this.deploy;
    g.clear();
    if (!hexes?.length) return;
    for (const h of hexes) {
      const { x, y } = centre(h);
      g.poly(CORNER_OFFSETS.map((v, i) => v + (i & 1 ? y : x))).fill({ color: 0x3cb371, alpha: 0.45 });
    }
    for (const h of hexes) {
      const { x, y } = centre(h);
      g.poly(CORNER_OFFSETS.map((v, i) => (i & 1 ? y + v * 0.9 : x + v * 0.9))).stroke({ width: 1.5, color: 0x1e6b3a });
    }
  }

  /**
   * The hover mark: one hex outline drawn once at the origin and moved to the hovered hex (issue 17:
   * redrawing it per hex entered rebuilt its geometry and GPU buffers and the overlay's draw list every
   * hover frame). Moving it from hex to hex does not rebuild the draw list; showing or hiding it (the
   * pointer entering or leaving the map) rebuilds the overlay's, which is small.
   */
  setHover(h: number | null): void {
    placeMark(this.hover, h);
  }

  /** The selected hex's outline: drawn once and moved, like the hover mark (a move selects the stack's new hex in its frame). */
  setSelected(h: number | null): void {
    placeMark(this.selected, h);
  }

  /**
   * Hides the reachable hexes until the next setReachable, without destroying them: a move's frame
   * shows no reach, and the old marks are replaced after it is painted (issue 17: their destruction
   * and the draw list's rebuild were ~1–3 ms of the move's frame).
   */
  hideReachable(): void {
    this.reach.alpha = 0;
  }

  setReachable(costs: Map<number, { cost: number; halt: boolean }> | null): void {
    this.reach.alpha = 1;
    this.reach.removeChildren().forEach((c) => c.destroy());
    if (!costs) return;
    const g = new Graphics();
    for (const [h, r] of costs) {
      const { x, y } = centre(h);
      const pts = CORNER_OFFSETS.map((v, i) => v + (i & 1 ? y : x));
      g.poly(pts).fill({ color: r.halt ? 0xffb0a0 : 0xffffff, alpha: 0.4 });
      // Halting hexes (AW 31.8) get a red rim so the player sees where a move must stop.
      if (r.halt) g.poly(pts.map((v, i) => (i & 1 ? y + (v - y) * 0.85 : x + (v - x) * 0.85))).stroke({ width: 2, color: 0xc0392b });
    }
    this.reach.addChild(g);
    for (const [h, { cost, halt }] of costs) {
      const { x, y } = centre(h);
      const t = new BitmapText({ text: halt ? `${cost} H` : String(cost), style: { fontFamily: 'sans-serif', fontSize: 9, fill: 0x003366 } });
      t.anchor.set(0.5, -0.6);
      t.position.set(x, y);
      this.reach.addChild(t);
    }
  }
}

/**
 * A mark drawn once at the origin, moved to hex `h` and shown, or hidden for no hex. Hidden with
 * `visible`, not alpha 0: an alpha-0 mark is still batched and drawn every frame (issue 14: the hover
 * and selected outlines at alpha 0 were the eighth draw call of every frame at the fit zoom, a batch
 * of white-texture quads after the terrain labels' atlas, against f35e272's seven).
 */
function placeMark(g: Graphics, h: number | null): void {
  if (h === null || h < 0) { g.visible = false; return; }
  const { x, y } = centre(h);
  g.position.set(x, y);
  g.visible = true;
}
