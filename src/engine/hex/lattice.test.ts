import { describe, expect, it } from 'vitest';
import { Grid } from 'honeycomb-grid';
import { AwHex } from './honeycomb';
import {
  areAdjacent, colOf, distance, hexAt, hexLine, hexesWithin, hexsideBetween, hexsideHexes, hexsideId,
  neighbours, rowOf, HEX_COUNT, type Direction,
} from './lattice';

const h = (c: number, r: number) => hexAt(c, r);

describe('AW grid: flat-top odd-q lattice (map-data.md §1.1)', () => {
  it('odd-q neighbour pairs from the rules are adjacent: (25,17)–(26,18), (62,16)–(63,15), (13,5)–(14,6)', () => {
    expect(areAdjacent(h(25, 17), h(26, 18))).toBe(true);
    expect(areAdjacent(h(62, 16), h(63, 15))).toBe(true);
    expect(areAdjacent(h(13, 5), h(14, 6))).toBe(true);
    expect(areAdjacent(h(44, 23), h(45, 23))).toBe(true);
  });
  it('the even-q reading of those pairs is not adjacent', () => {
    expect(areAdjacent(h(25, 17), h(26, 16))).toBe(false);
    expect(areAdjacent(h(62, 16), h(63, 17))).toBe(false);
  });
  it('negative columns use col & 1 parity: (-1,0) is adjacent to (-2,1) and (0,1), not (-2,-1)', () => {
    expect(areAdjacent(h(-1, 0), h(-2, 1))).toBe(true);
    expect(areAdjacent(h(-1, 0), h(0, 1))).toBe(true);
    expect(areAdjacent(h(-1, 0), h(-2, -1))).toBe(false);
  });
  it('every hex has 6 neighbours away from the edge, and adjacency is symmetric', () => {
    const a = h(40, 20);
    expect(neighbours(a)).toHaveLength(6);
    for (const n of neighbours(a)) expect(neighbours(n)).toContain(a);
  });
  it('distance agrees with honeycomb-grid and is symmetric', () => {
    const grid = new Grid(AwHex);
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
    for (let i = 0; i < 500; i++) {
      const a = rnd(HEX_COUNT);
      const b = rnd(HEX_COUNT);
      const d = distance(a, b);
      expect(d).toBe(distance(b, a));
      expect(d).toBe(grid.distance({ col: colOf(a), row: rowOf(a) }, { col: colOf(b), row: rowOf(b) }));
    }
  });
  it('hexesWithin(r) holds 1 + 3r(r+1) hexes, all within r', () => {
    const c = h(50, 30);
    const ring = hexesWithin(c, 3);
    expect(ring).toHaveLength(37);
    for (const x of ring) expect(distance(c, x)).toBeLessThanOrEqual(3);
  });
  it('hexLine runs from a to b through distance+1 contiguous hexes', () => {
    const a = h(10, 10);
    const b = h(17, 4);
    const { hexes } = hexLine(a, b);
    expect(hexes[0]).toBe(a);
    expect(hexes[hexes.length - 1]).toBe(b);
    expect(hexes).toHaveLength(distance(a, b) + 1);
    for (let i = 1; i < hexes.length; i++) expect(areAdjacent(hexes[i - 1], hexes[i])).toBe(true);
  });
  it('hexLine along a hexside reports the hexes on both sides', () => {
    // (10,10) to (12,10): straight along the spine between (11,9) and (11,10)
    const { hexes, alongside } = hexLine(h(10, 10), h(12, 10));
    expect([...hexes, ...alongside]).toEqual(expect.arrayContaining([h(11, 9), h(11, 10)]));
    expect(alongside).toHaveLength(1);
  });
  it('a hexside has one id, whichever hex names it', () => {
    for (const a of [h(44, 23), h(45, 23), h(-3, 5)]) {
      for (let d = 0; d < 6; d++) {
        const id = hexsideId(a, d as Direction);
        const [p, q] = hexsideHexes(id);
        expect([p, q]).toContain(a);
        expect(hexsideBetween(p, q)).toBe(id);
        expect(hexsideBetween(q, p)).toBe(id);
      }
    }
  });
});
