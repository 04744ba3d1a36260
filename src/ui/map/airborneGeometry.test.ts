import { describe, expect, it } from 'vitest';
import { hexOfRulesId } from '../../engine/hex';
import { centre } from './geometry';
import { DZ_REACH, outlineSegments, reachOutline, scatterArrow } from './airborneGeometry';

describe('airborne map marks (AW 41.1.2, 41.3.7)', () => {
  const dz = hexOfRulesId('C5317');
  it('AW 41.3.7: the 6-hex reach outline of a DZ is the rim of the 127 hexes within 6 (6 × 13 edges)', () => {
    expect(DZ_REACH).toBe(6);
    expect(reachOutline(dz).length / 4).toBe(6 * (2 * 6 + 1));
    // One hex alone: its six edges, each of side length 24 px (flat-top radius).
    const one = outlineSegments([dz]);
    expect(one.length / 4).toBe(6);
    for (let i = 0; i < one.length; i += 4) expect(Math.hypot(one[i + 2] - one[i], one[i + 3] - one[i + 1])).toBeCloseTo(24, 5);
  });
  it('AW 41.1.2: the scatter arrow runs from the target hex towards the placed hex; none when the DZ did not move', () => {
    expect(scatterArrow(dz, dz)).toBeNull();
    const to = hexOfRulesId('C5316');
    const a = scatterArrow(dz, to)!;
    const c0 = centre(dz), c1 = centre(to);
    expect(a.shaft.slice(0, 2)).toEqual([c0.x, c0.y]);
    // The tip stops 10 px short of the placed hex's centre, on the line between the centres.
    expect(Math.hypot(a.head[0] - c1.x, a.head[1] - c1.y)).toBeCloseTo(10, 5);
  });
});
