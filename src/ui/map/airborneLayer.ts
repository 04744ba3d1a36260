/**
 * The airborne module's marks on the map (AW 41): a DZ marker on each placed DZ (division and letter,
 * its status A–E; a main DZ has a double rim, AW 41.1.2a), a scatter arrow from the DZ's target hex on
 * the Airborne Display to the hex it landed in (AW 41.1.2), and, when shown, the outline of each DZ's
 * 6-hex reach (AW 41.3.7). FoW counters are drawn by the units layer with their back (drawCounter.ts).
 * Redrawn only when the marks change (a new state that leaves the DZs alone costs a string compare).
 */
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { HexId } from '../../engine/hex';
import { CORNER_OFFSETS, centre } from './geometry';
import { reachOutline, scatterArrow } from './airborneGeometry';

export interface DzMark {
  key: string;
  /** Player-facing: division and letter, "6AB N". */
  label: string;
  main: boolean;
  target: HexId;
  hex: HexId;
  status?: string;
}

/** AW 41.1.3: status A (best) … E (worst), from green to red. */
const STATUS_COLOUR: Record<string, number> = { A: 0x2e7d32, B: 0x689f38, C: 0xc29100, D: 0xd35400, E: 0xb71c1c };

export class AirborneLayer {
  /** Under the counters: the reach outlines and the scatter arrows. */
  readonly root = new Container({ isRenderGroup: true });
  /** Over the counters: the DZ markers (added to the world after the units layer). */
  readonly top = new Container();
  private reach = new Graphics();
  private arrows = new Graphics();
  private markers = new Container();
  /** The hexes a pending airborne choice may pick (a retreat, an ES landing, a glider's displacement): hexChoices.ts. */
  private choices = new Graphics();
  private choicesKey = '';
  private marksKey = '';
  private reachKey = '';

  constructor() {
    this.root.eventMode = 'none';
    this.top.eventMode = 'none';
    this.root.addChild(this.reach, this.choices, this.arrows);
    this.top.addChild(this.markers);
  }

  /** The placed DZs; `showReach` draws their 6-hex reach. Nothing is redrawn when neither changed. */
  update(dzs: readonly DzMark[], showReach: boolean): void {
    const key = dzs.map((d) => `${d.key}:${d.hex}:${d.target}:${d.status ?? ''}`).join('|');
    if (key !== this.marksKey) {
      this.marksKey = key;
      this.drawMarks(dzs);
    }
    const rkey = showReach ? dzs.map((d) => d.hex).join(',') : '';
    if (rkey !== this.reachKey) {
      this.reachKey = rkey;
      this.drawReach(showReach ? dzs : []);
    }
  }

  /**
   * The hexes of an airborne hex choice (hexChoices.ts): a green fill and rim, as the setup's
   * deployment hexes; a click on one makes the choice. Redrawn only when the set changes.
   */
  setChoices(hexes: readonly HexId[]): void {
    const key = hexes.join(',');
    if (key === this.choicesKey) return;
    this.choicesKey = key;
    const g = this.choices.clear();
    for (const h of hexes) {
      const { x, y } = centre(h);
      g.poly(CORNER_OFFSETS.map((v, i) => v + (i & 1 ? y : x))).fill({ color: 0x3cb371, alpha: 0.45 });
      g.poly(CORNER_OFFSETS.map((v, i) => (i & 1 ? y + v * 0.9 : x + v * 0.9))).stroke({ width: 2, color: 0x1e6b3a });
    }
  }

  /** Rules IDs of the drawn marks, for the browser tests. */
  get drawn(): { dzs: number; arrows: number; reach: boolean; choices: number } {
    return { dzs: this.markers.children.length, arrows: this.arrowCount, reach: this.reachKey !== '', choices: this.choicesKey ? this.choicesKey.split(',').length : 0 };
  }

  private arrowCount = 0;

  private drawMarks(dzs: readonly DzMark[]): void {
    const g = this.arrows.clear();
    this.arrowCount = 0;
    for (const d of dzs) {
      const a = scatterArrow(d.target, d.hex);
      if (!a) continue;
      this.arrowCount++;
      const t = centre(d.target);
      // The target hex on the Airborne Display: a hollow ring where the DZ was meant to be.
      g.circle(t.x, t.y, 6).stroke({ width: 2, color: 0xffffff, alpha: 0.9 });
      g.moveTo(a.shaft[0], a.shaft[1]).lineTo(a.shaft[2], a.shaft[3]).stroke({ width: 2.5, color: 0xffffff, alpha: 0.9 });
      g.poly(a.head).fill({ color: 0xffffff, alpha: 0.95 });
    }
    this.markers.removeChildren().forEach((c) => c.destroy({ children: true }));
    for (const d of dzs) {
      const { x, y } = centre(d.hex);
      const c = new Container();
      const w = d.status ? 44 : 34, h = 13;
      const box = new Graphics().roundRect(-w / 2, -h / 2, w, h, 3).fill({ color: 0xfff8e1 }).stroke({ width: d.main ? 2.5 : 1.2, color: 0x1d232a });
      const label = new BitmapText({ text: d.label, style: { fontFamily: 'sans-serif', fontSize: 8, fontWeight: '700', fill: 0x1d232a } });
      label.anchor.set(0, 0.5);
      label.position.set(-w / 2 + 3, 0);
      c.addChild(box, label);
      if (d.status) {
        const s = new Graphics().circle(w / 2 - 6, 0, 5).fill({ color: STATUS_COLOUR[d.status] ?? 0x555555 });
        const st = new BitmapText({ text: d.status, style: { fontFamily: 'sans-serif', fontSize: 7, fontWeight: '700', fill: 0xffffff } });
        st.anchor.set(0.5);
        st.position.set(w / 2 - 6, 0);
        c.addChild(s, st);
      }
      // Below the stack's centre, so the counters and the marker are both readable.
      c.position.set(x, y + 15);
      this.markers.addChild(c);
    }
  }

  private drawReach(dzs: readonly DzMark[]): void {
    const g = this.reach.clear();
    for (const d of dzs) {
      const segs = reachOutline(d.hex);
      for (let i = 0; i < segs.length; i += 4) g.moveTo(segs[i], segs[i + 1]).lineTo(segs[i + 2], segs[i + 3]);
    }
    if (dzs.length) g.stroke({ width: 2.5, color: 0x6a1b9a, alpha: 0.85 });
  }
}
