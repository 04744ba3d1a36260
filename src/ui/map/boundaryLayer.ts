/**
 * The printed boundary lines as a map overlay, off until the "Boundaries" toggle: the AW 9.2.0 Army
 * Group boundary and the AW 19.2.2a weather boundary (data/map/overlays.json, boundaryPaths.ts).
 * One Graphics, built on first show; dashed lines in two colours so the two stay apart where they
 * share a course.
 */
import { Container, Graphics } from 'pixi.js';
import { mapOverlays, overlayPolyline } from './boundaryPaths';

const STYLE: Record<string, { color: number; width: number; offset: number }> = {
  'army-group-boundary': { color: 0xb00020, width: 4, offset: 0 },
  'weather-boundary': { color: 0x1d4ed8, width: 3, offset: 6 },
};

export class BoundaryLayer {
  readonly root = new Container({ isRenderGroup: true });
  private g: Graphics | null = null;

  constructor() {
    this.root.eventMode = 'none';
    this.root.visible = false;
  }

  setVisible(on: boolean): void {
    if (on && !this.g) this.build();
    this.root.visible = on;
  }

  private build(): void {
    const g = new Graphics();
    for (const o of mapOverlays().overlays) {
      const s = STYLE[o.id] ?? { color: 0x111111, width: 3, offset: 0 };
      const pts = overlayPolyline(o);
      // Stroked twice: in world width for close-ups, and as a 1-pixel line, because at the fit zoom
      // (about 0.15) the world width is under a pixel and parts of the line would drop out.
      for (const stroke of [{ width: s.width }, { pixelLine: true }]) {
        dashes(g, pts, s.offset);
        g.stroke({ ...stroke, color: s.color, alpha: 0.85 });
      }
    }
    this.g = g;
    this.root.addChild(g);
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}

/** Dashes of 18 px every 30 px along the polyline, shifted sideways by `offset` so a shared course shows both lines. */
function dashes(g: Graphics, pts: number[], offset: number): void {
  for (let i = 2; i < pts.length; i += 2) {
    const [x0, y0, x1, y1] = [pts[i - 2] + offset, pts[i - 1], pts[i] + offset, pts[i + 1]];
    const len = Math.hypot(x1 - x0, y1 - y0);
    for (let d = 0; d < len; d += 30) {
      const e = Math.min(len, d + 18);
      g.moveTo(x0 + ((x1 - x0) * d) / len, y0 + ((y1 - y0) * d) / len).lineTo(x0 + ((x1 - x0) * e) / len, y0 + ((y1 - y0) * e) / len);
    }
  }
}
