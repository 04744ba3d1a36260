import { describe, expect, it } from 'vitest';
import { mini, hx, type MiniUnit, type XY } from '../../../../tests/fixtures/mini';
import { hexsideBetween } from '../../hex/lattice';
import { abAllowance, abDestinations, checkAbPath, type AbCtx } from './movement';
import { mutUnit, unitList, unitOf } from '../../unitTable';

const ROW = 'c'.repeat(12);

function ctx(o: { rows?: string[]; units: MiniUnit[]; dzs: XY[]; fow?: string[]; second?: boolean; blown?: [XY, XY][];
  hexsides?: { a: XY; b: XY; features: string[] }[]; routes?: { class: 'primary' | 'secondary' | 'trail' | 'railway'; path: XY[] }[] }): AbCtx {
  const { state, bundle } = mini({ rows: o.rows ?? [ROW, ROW, ROW, ROW, ROW, ROW], units: o.units, hexsides: o.hexsides, routes: o.routes });
  const fow = new Set(o.fow ?? []);
  return {
    state, bundle, dzs: o.dzs.map(hx), isFow: (id) => fow.has(id), second: !!o.second,
    blown: new Set((o.blown ?? []).map(([a, b]) => hexsideBetween(hx(a), hx(b)))),
  };
}
const path = (...p: XY[]) => p.map(hx);
const para: MiniUnit = { id: 'para', side: 'allied', at: [2, 2], size: 'Co' };
const fowU: MiniUnit = { id: 'fow', side: 'allied', at: [2, 2], size: 'Co' };
const far: MiniUnit = { id: 'far', side: 'german', at: [11, 5] };
const err = (r: ReturnType<typeof checkAbPath>) => ('error' in r ? r.error : null);

describe('AW 41.3.7 Allied movement in hexes', () => {
  it('AW 41.3.7 a regrouped airborne unit moves up to three hexes in any direction; four is refused', () => {
    const c = ctx({ units: [para, far], dzs: [[2, 2]] });
    expect(abAllowance(c, 'para').hexes).toBe(3);
    expect(err(checkAbPath(c, 'para', path([3, 2], [4, 2], [5, 2])))).toBeNull();
    expect(err(checkAbPath(c, 'para', path([3, 2], [4, 2], [5, 2], [6, 2])))).toMatchObject({ code: 'over-ma', case: 'AW 41.3.7' });
    // away from the DZ is fine for a non-FoW unit
    expect(err(checkAbPath(c, 'para', path([1, 2], [0, 2])))).toBeNull();
  });
  it('AW 41.3.7 a FoW unit moves up to two hexes, toward a DZ; away from every DZ is refused', () => {
    const c = ctx({ units: [fowU, far], dzs: [[6, 2]], fow: ['fow'] });
    expect(abAllowance(c, 'fow').hexes).toBe(2);
    expect(err(checkAbPath(c, 'fow', path([3, 2], [4, 2])))).toBeNull();
    expect(err(checkAbPath(c, 'fow', path([3, 2], [4, 2], [5, 2])))).toMatchObject({ code: 'over-ma' });
    expect(err(checkAbPath(c, 'fow', path([1, 2])))).toMatchObject({ code: 'fow-toward', case: 'AW 41.3.7' });
  });
  it('AW 41.3.7 note: a FoW unit on a DZ cannot move to another DZ, but may move toward a river bridge', () => {
    const c = ctx({
      units: [{ ...fowU, at: [2, 2] }, far], dzs: [[2, 2], [5, 2]], fow: ['fow'],
      hexsides: [{ a: [0, 2], b: [0, 3], features: ['river', 'bridge'] }],
    });
    expect(err(checkAbPath(c, 'fow', path([3, 2], [4, 2])))).toMatchObject({ code: 'fow-toward' });
    expect(err(checkAbPath(c, 'fow', path([1, 2], [0, 2])))).toBeNull();
  });
  it('AW 41.3.7 no unit ends its movement more than six hexes from a DZ', () => {
    const c = ctx({ units: [{ ...para, at: [5, 2] }, far], dzs: [[0, 2]] });
    expect(err(checkAbPath(c, 'para', path([6, 2])))).toBeNull();
    expect(err(checkAbPath(c, 'para', path([6, 2], [7, 2])))).toMatchObject({ code: 'far-from-dz', case: 'AW 41.3.7' });
  });
  it('AW 41.3.7 an un-bridged river hexside is not crossed; a bridge (or road) over it is; a blown bridge is not (AW 41.3.7b)', () => {
    const river = [{ a: [2, 2] as XY, b: [3, 2] as XY, features: ['river'] }];
    expect(err(checkAbPath(ctx({ units: [para, far], dzs: [[2, 2]], hexsides: river }), 'para', path([3, 2])))).toMatchObject({ code: 'unbridged-river', case: 'AW 41.3.7' });
    const bridged = [{ a: [2, 2] as XY, b: [3, 2] as XY, features: ['river', 'bridge'] }];
    expect(err(checkAbPath(ctx({ units: [para, far], dzs: [[2, 2]], hexsides: bridged }), 'para', path([3, 2])))).toBeNull();
    expect(err(checkAbPath(ctx({ units: [para, far], dzs: [[2, 2]], hexsides: bridged, blown: [[[2, 2], [3, 2]]] }), 'para', path([3, 2])))).toMatchObject({ code: 'unbridged-river' });
  });
  it('AW 41.3.7 entering Marsh or Forest, or crossing a stream, off a road or trail stops the unit; along a trail it goes on', () => {
    const rows = [ROW, ROW, 'ccmfcccccccc', ROW, ROW, ROW];
    const p = { ...para, at: [1, 2] as XY };
    const c2 = ctx({ rows, units: [p, far], dzs: [[2, 2]] });
    expect(err(checkAbPath(c2, 'para', path([2, 2])))).toBeNull();
    expect(err(checkAbPath(c2, 'para', path([2, 2], [3, 2])))).toMatchObject({ code: 'halted', case: 'AW 41.3.7' });
    const c3 = ctx({ rows, units: [p, far], dzs: [[2, 2]], routes: [{ class: 'trail', path: [[1, 2], [2, 2], [3, 2], [4, 2]] }] });
    expect(err(checkAbPath(c3, 'para', path([2, 2], [3, 2], [4, 2])))).toBeNull();
    const stream = [{ a: [2, 2] as XY, b: [3, 2] as XY, features: ['stream'] }];
    const c4 = ctx({ units: [para, far], dzs: [[2, 2]], hexsides: stream });
    expect(err(checkAbPath(c4, 'para', path([3, 2], [4, 2])))).toMatchObject({ code: 'halted' });
    expect(err(checkAbPath(c4, 'para', path([3, 2])))).toBeNull();
  });
  it('AW 41.3.7 a unit starting in Marsh without a road or trail may not move; with one it moves one hex along it', () => {
    const rows = [ROW, ROW, 'ccmccccccccc', ROW, ROW, ROW];
    const c = ctx({ rows, units: [para, far], dzs: [[2, 2]] });
    expect(abAllowance(c, 'para')).toMatchObject({ hexes: 0, case: 'AW 41.3.7' });
    expect(abDestinations(c, 'para')).toEqual([]);
    const c2 = ctx({ rows, units: [para, far], dzs: [[2, 2]], routes: [{ class: 'trail', path: [[2, 2], [3, 2], [4, 2]] }] });
    expect(abAllowance(c2, 'para').hexes).toBe(1);
    expect(err(checkAbPath(c2, 'para', path([3, 2])))).toBeNull();
    expect(err(checkAbPath(c2, 'para', path([1, 2])))).toMatchObject({ code: 'marsh-road' });
    expect(abDestinations(c2, 'para').map((w) => w.path)).toEqual([path([3, 2])]);
  });
  it('AW 41.8.0 in the 2nd Allied Movement Segment a unit starting in Marsh moves one hex, off-road too', () => {
    const rows = [ROW, ROW, 'ccmccccccccc', ROW, ROW, ROW];
    const c = ctx({ rows, units: [para, far], dzs: [[2, 2]], second: true });
    expect(abAllowance(c, 'para')).toMatchObject({ hexes: 1, case: 'AW 41.8.0' });
    expect(err(checkAbPath(c, 'para', path([1, 2])))).toBeNull();
    expect(abDestinations(c, 'para')).toHaveLength(6);
  });
});

describe('AW 41.3.7a movement and enemy units', () => {
  const g: MiniUnit = { id: 'g', side: 'german', at: [3, 2] };
  it('AW 41.3.7a re-grouped units may not enter enemy occupied hexes', () => {
    const c = ctx({ units: [para, g], dzs: [[2, 2]] });
    expect(err(checkAbPath(c, 'para', path([3, 2], [4, 2])))).toMatchObject({ code: 'enemy-hex', case: 'AW 41.3.7a' });
  });
  it('AW 41.3.7a a FoW unit able to move two hexes may pass through an enemy hex as its first hex, never end there nor enter one later', () => {
    const c = ctx({ units: [fowU, g], dzs: [[5, 2]], fow: ['fow'] });
    const r = checkAbPath(c, 'fow', path([3, 2], [4, 2]));
    expect(r).toEqual({ path: path([3, 2], [4, 2]), through: hx([3, 2]) });
    expect(err(checkAbPath(c, 'fow', path([3, 2])))).toMatchObject({ code: 'enemy-hex' });
    const c2 = ctx({ units: [{ ...fowU, at: [1, 2] }, g], dzs: [[5, 2]], fow: ['fow'] });
    expect(err(checkAbPath(c2, 'fow', path([2, 2], [3, 2])))).toMatchObject({ code: 'enemy-hex' });
    expect(abDestinations(c, 'fow').filter((w) => w.through !== null).map((w) => w.path[1])).toContain(hx([4, 2]));
  });
});

describe('AW 41.3.7 through apply on the night drop (6th Airborne)', async () => {
  const { b6, playTo, act, refusal, edit, withDice, ofType, hx, fmt, segId } = await import('./stage.fixture');
  const { legalActions } = await import('../../game');
  const { airborneState } = await import('./state');
  const bundle = b6();
  const s0 = playTo((await import('./stage.fixture')).start(bundle), bundle, 'alliedMovement1');

  it('AW 41.3.7 every offered abMove is accepted, moves the unit along its path, and a second move of it is refused', () => {
    const offers = legalActions(s0, 'allied').filter((a) => a.type === 'abMove') as { type: 'abMove'; unit: string; path: string[] }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers.filter((_, i) => i % 7 === 0)) {
      const r = act(s0, o);
      if (r.state.pending) continue; // a pass-through waits for the German
      // A German that passes its check (one German in the hex: no choice, checked at once) keeps the FoW unit in its hex.
      const blocked = r.events.some((e) => e.type === 'abPassBlocked');
      expect(fmt(unitOf(r.state, o.unit).hex!)).toBe(blocked ? fmt(unitOf(s0, o.unit).hex!) : o.path[o.path.length - 1]);
    }
    const o = offers.find((x) => x.path.length === 1)!;
    const s1 = act(s0, o).state;
    expect(refusal(s1, o)).toMatchObject({ code: 'moved', case: 'AW 41.3.7' });
    expect(refusal(s0, { type: 'abMove', unit: o.unit, path: ['C0101'] })).toMatchObject({ case: 'AW 41.3.7' });
  });

  it('AW 41.3.7a the German picks the checking unit: a failed defensive PR check lets the FoW unit through, a passed one keeps it in its hex', () => {
    const fow = Object.keys(airborneState(s0).fow).find((id) => unitOf(s0, id).hex !== null)!;
    const dz = Object.values(airborneState(s0).dzs).find((z) => z.hex !== null)!.hex!;
    // a clear line of hexes next to the DZ: the FoW unit, two Germans in the next hex, an empty hex beyond
    const line = [hx('C5622'), hx('C5722'), hx('C5822')];
    const germans = unitList(s0).filter((u) => u.side === 'german' && u.hex !== null).slice(0, 2).map((u) => u.id);
    const s = edit(s0, (d) => {
      for (const u of unitList(d)) if (u.hex !== null && line.includes(u.hex) && !germans.includes(u.id) && u.id !== fow) u.hex = null;
      mutUnit(d, fow).hex = line[0];
      for (const g of germans) mutUnit(d, g).hex = line[1];
      const a = (d.special as Record<string, { dzs: Record<string, { hex: number | null }> }>).airborne;
      for (const z of Object.values(a.dzs)) if (z.hex === dz) z.hex = line[2];
    });
    const path = [fmt(line[1]), fmt(line[2])];
    expect(legalActions(s, 'allied')).toContainEqual({ type: 'abMove', unit: fow, path });
    const s1 = act(s, { type: 'abMove', unit: fow, path }).state;
    expect(s1.pending).toMatchObject({ side: 'german', kind: 'abPassCheck', case: 'AW 41.3.7a' });
    expect(legalActions(s1, 'german').map((a) => (a as { unit: string }).unit).sort()).toEqual([...germans].sort());
    expect(refusal(s1, { type: 'abPassCheck', unit: 'nobody' })).toMatchObject({ case: 'AW 41.3.7a' });
    const fail = act(withDice(s1, [['d10', 9]]), { type: 'abPassCheck', unit: germans[0] });
    expect(ofType(fail.events, 'abPassCheck')[0]).toMatchObject({ roll: 9, pass: false });
    expect(unitOf(fail.state, fow).hex).toBe(line[2]);
    const pass = act(withDice(s1, [['d10', 0]]), { type: 'abPassCheck', unit: germans[1] });
    expect(ofType(pass.events, 'abPassBlocked')).toHaveLength(1);
    expect(unitOf(pass.state, fow).hex).toBe(line[0]);
    expect(segId(pass.state, bundle)).toBe('alliedMovement1');
  });
});
