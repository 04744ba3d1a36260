/**
 * Counters on the map: one small container per unit, stacked with an offset; rebuilt only for
 * units whose hex or values changed. (Counter art with NATO symbols replaces the face drawing
 * when src/ui/counters lands.)
 */
import { Container, Graphics, Text } from 'pixi.js';
import type { GameState, ScenarioBundle } from '../../engine';
import { centre } from './geometry';
import { SIDE_COLOURS } from './palette';

const SIZE = 30;

function drawCounter(bundle: ScenarioBundle, id: string, stepsLost: number): Container {
  const def = bundle.units.get(id)!;
  const c = new Container();
  const g = new Graphics();
  g.roundRect(-SIZE / 2, -SIZE / 2, SIZE, SIZE, 3).fill(SIDE_COLOURS[def.side]).stroke({ width: 1, color: 0x222222 });
  if (stepsLost > 0) g.rect(-SIZE / 2, SIZE / 2 - 4, SIZE, 4).fill(0xc0392b);
  c.addChild(g);
  const v = def.steps[Math.min(stepsLost, def.steps.length - 1)];
  const name = new Text({ text: def.designation, style: { fontFamily: 'sans-serif', fontSize: 6, fill: 0x111111 } });
  name.anchor.set(0.5, 0);
  name.position.set(0, -SIZE / 2 + 1);
  const vals = new Text({ text: `${v.attack}-${v.defence}-${def.ma}`, style: { fontFamily: 'sans-serif', fontSize: 8, fontWeight: '700', fill: 0x111111 } });
  vals.anchor.set(0.5, 1);
  vals.position.set(0, SIZE / 2 - 2);
  c.addChild(name, vals);
  return c;
}

export class UnitsLayer {
  readonly root = new Container();
  private sprites = new Map<string, { c: Container; key: string }>();

  constructor(private bundle: ScenarioBundle) {}

  update(state: GameState): void {
    const seen = new Set<string>();
    const stackIndex = new Map<number, number>();
    for (const id of Object.keys(state.units)) {
      const u = state.units[id];
      if (u.hex === null || u.eliminated) continue;
      seen.add(id);
      const key = `${u.stepsLost}`;
      let s = this.sprites.get(id);
      if (!s || s.key !== key) {
        if (s) s.c.destroy({ children: true });
        s = { c: drawCounter(this.bundle, id, u.stepsLost), key };
        this.sprites.set(id, s);
        this.root.addChild(s.c);
      }
      const k = stackIndex.get(u.hex) ?? 0;
      stackIndex.set(u.hex, k + 1);
      const { x, y } = centre(u.hex);
      s.c.position.set(x + k * 3, y - k * 3);
      s.c.zIndex = k;
    }
    for (const [id, s] of this.sprites) {
      if (!seen.has(id)) { s.c.destroy({ children: true }); this.sprites.delete(id); }
    }
  }
}
