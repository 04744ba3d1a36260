import { describe, expect, it } from 'vitest';
import { mini, hx, type MiniUnit, type XY } from '../../../../tests/fixtures/mini';
import type { GameState } from '../../types';
import { checkGermanPath, gHexDestinations, gMpCost, gMpDestinations, walkGerman, type GCtx } from './germanMovement';
import { unitList, unitOf } from '../../unitTable';

const ROW = 'c'.repeat(12);

function ctx(o: { rows?: string[]; units: MiniUnit[]; dzs?: XY[]; fow?: string[]; hexsides?: { a: XY; b: XY; features: string[] }[];
  routes?: { class: 'primary' | 'secondary' | 'trail' | 'railway'; path: XY[] }[] }): GCtx {
  const { state, bundle } = mini({ rows: o.rows ?? [ROW, ROW, ROW, ROW, ROW, ROW], units: o.units, hexsides: o.hexsides, routes: o.routes });
  const fow = new Set(o.fow ?? []);
  return { state: structuredClone(state) as GameState, bundle, dzs: (o.dzs ?? [[11, 5]]).map(hx), isFow: (id) => fow.has(id), blown: new Set() };
}
const path = (...p: XY[]) => p.map(hx);
const err = (r: ReturnType<typeof checkGermanPath>) => ('error' in r ? r.error : null);
/** Dice that roll the given faces in order (the rolls a test needs, GOSS 26.0 faces 0-9). */
const dice = (...faces: number[]) => ({ d10: () => { const f = faces.shift(); if (f === undefined) throw new Error('no roll scripted'); return f; } });
const g: MiniUnit = { id: 'g', side: 'german', at: [2, 2] };
const fowA: MiniUnit = { id: 'fow', side: 'allied', at: [3, 2], size: 'Co' };

describe('AW 41.6.1 German movement in hexes', () => {
  it('AW 41.6.1 a German unit moves its hexes; one more is refused', () => {
    const c = ctx({ units: [g, { id: 'p', side: 'allied', at: [2, 0], size: 'Co' }] });
    expect(err(checkGermanPath(c, 'g', path([3, 2], [4, 2]), { hexes: 2 }))).toBeNull();
    expect(err(checkGermanPath(c, 'g', path([3, 2], [4, 2]), { hexes: 1 }))).toMatchObject({ code: 'over-ma', case: 'AW 41.6.1' });
  });
  it('AW 41.6.1 entering Marsh or Forest, or crossing a stream not through a road or bridge hexside, stops the unit', () => {
    const rows = [ROW, ROW, 'cccfcccccccc', ROW, ROW, ROW];
    const c = ctx({ rows, units: [g, { id: 'p', side: 'allied', at: [0, 5], size: 'Co' }] });
    expect(err(checkGermanPath(c, 'g', path([3, 2], [4, 2]), { hexes: 2 }))).toMatchObject({ code: 'halted' });
    const c2 = ctx({ units: [g, { id: 'p', side: 'allied', at: [0, 5], size: 'Co' }], hexsides: [{ a: [2, 2], b: [3, 2], features: ['stream'] }] });
    expect(err(checkGermanPath(c2, 'g', path([3, 2], [4, 2]), { hexes: 2 }))).toMatchObject({ code: 'halted' });
    const c3 = ctx({ units: [g, { id: 'p', side: 'allied', at: [0, 5], size: 'Co' }], hexsides: [{ a: [2, 2], b: [3, 2], features: ['stream', 'bridge'] }] });
    expect(err(checkGermanPath(c3, 'g', path([3, 2], [4, 2]), { hexes: 2 }))).toBeNull();
  });
  it('AW 41.6.1 a hex with any Allied unit other than FoW units may not be entered', () => {
    const c = ctx({ units: [g, { id: 'p', side: 'allied', at: [3, 2], size: 'Co' }, { ...fowA, at: [3, 2] }], fow: ['fow'] });
    expect(err(checkGermanPath(c, 'g', path([3, 2]), { hexes: 2 }))).toMatchObject({ code: 'enemy-hex', case: 'AW 41.6.1' });
  });
  it('AW 41.6.1 PR check "0": the FoW units displace one hex (toward a DZ), the German enters and goes one hex further, beyond its allowance', () => {
    const c = ctx({ units: [g, fowA], fow: ['fow'], dzs: [[3, 5]] });
    const plan = checkGermanPath(c, 'g', path([3, 2], [4, 2]), { hexes: 1 });
    expect(err(plan)).toBeNull();
    const ev = walkGerman(c.state as never, c, dice(0), 'g', plan as Exclude<typeof plan, { error: unknown }>, 'AW 41.6.1');
    expect(unitOf(c.state, "g").hex).toBe(hx([4, 2]));
    expect(unitOf(c.state, "fow").hex).not.toBe(hx([3, 2]));
    expect(unitOf(c.state, "fow").hex).toBe(hx([3, 3]));
    expect(ev.map((e) => e.type)).toEqual(['fowEntryCheck', 'fowDisplaced', 'unitMoved']);
  });
  it('AW 41.6.1 PR check passed without a "0": displace, enter and stop', () => {
    const c = ctx({ units: [g, fowA], fow: ['fow'], dzs: [[3, 5]] });
    const plan = checkGermanPath(c, 'g', path([3, 2], [4, 2]), { hexes: 2 });
    walkGerman(c.state as never, c, dice(3), 'g', plan as Exclude<typeof plan, { error: unknown }>, 'AW 41.6.1');
    expect(unitOf(c.state, "g").hex).toBe(hx([3, 2]));
    expect(unitOf(c.state, "fow").hex).toBe(hx([3, 3]));
  });
  it('AW 41.6.1 PR check failed (roll ≥ PR 5): the German halts in its current hex and the FoW units stay', () => {
    const c = ctx({ units: [g, fowA], fow: ['fow'], dzs: [[3, 5]] });
    const plan = checkGermanPath(c, 'g', path([3, 2]), { hexes: 2 });
    const ev = walkGerman(c.state as never, c, dice(5), 'g', plan as Exclude<typeof plan, { error: unknown }>, 'AW 41.6.1');
    expect(unitOf(c.state, "g").hex).toBe(hx([2, 2]));
    expect(unitOf(c.state, "fow").hex).toBe(hx([3, 2]));
    expect(ev[0]).toMatchObject({ type: 'fowEntryCheck', roll: 5, pr: 5, pass: false });
  });
  it('AW 41.6.1 a second FoW hex after a "0": the bonus is ignored, a "0" there only displaces and stops', () => {
    const c = ctx({ units: [g, fowA, { id: 'fow2', side: 'allied', at: [4, 2], size: 'Co' }], fow: ['fow', 'fow2'], dzs: [[3, 5]] });
    const plan = checkGermanPath(c, 'g', path([3, 2], [4, 2], [5, 2]), { hexes: 2 });
    walkGerman(c.state as never, c, dice(0, 0), 'g', plan as Exclude<typeof plan, { error: unknown }>, 'AW 41.6.1');
    expect(unitOf(c.state, "g").hex).toBe(hx([4, 2]));
  });
  it('AW 41.6.1 destinations list the bonus hex only through a FoW hex', () => {
    const c = ctx({ units: [g, fowA], fow: ['fow'], dzs: [[3, 5]] });
    const ends = gHexDestinations(c, 'g', 1).map((p) => p[p.length - 1]);
    expect(ends).toContain(hx([4, 2]));
    expect(ends).not.toContain(hx([0, 2]));
    expect(ends).toHaveLength(6 + 3);
  });
});

describe('AW 41.6.2 German movement in MP', () => {
  it('AW 41.6.2 MP costs double when the hex entered is within three hexes of an Allied unit', () => {
    const c = ctx({ units: [{ ...g, at: [0, 2] }, { id: 'p', side: 'allied', at: [8, 2], size: 'Co' }] });
    const reach = gMpDestinations(c, 'g', 2 * 6);
    // clear costs 1 MP (2 half-MP); from column 5 on the hexes are within 3 of the Allied unit
    expect(reach.get(hx([4, 2]))?.cost).toBe(8);
    expect(reach.get(hx([5, 2]))?.cost).toBe(12);
    expect(reach.has(hx([6, 2]))).toBe(false);
    expect(err(checkGermanPath(c, 'g', path([1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2]), { mp: 12 }))).toMatchObject({ code: 'over-ma', case: 'AW 41.6.2' });
  });
  it('AW 41.6.2 hexes holding only FoW units are open to an MP move (with the PR check), other Allied hexes are not', () => {
    const c = ctx({ units: [{ ...g, at: [0, 2] }, fowA, { id: 'p', side: 'allied', at: [3, 4], size: 'Co' }], fow: ['fow'] });
    expect(gMpDestinations(c, 'g', 24).has(hx([3, 2]))).toBe(true);
    expect(gMpDestinations(c, 'g', 24).has(hx([3, 4]))).toBe(false);
    expect(gMpCost(c, { state: c.state } as never, hx([3, 3]), hx([3, 4]))).toBe(-1);
  });
});

describe('AW 41.6.0 German movement through apply on the night drop (6th Airborne)', async () => {
  const { b6, act, refusal, withDice, ofType, segId, fmt, pastMerville } = await import('./stage.fixture');
  const { legalActions } = await import('../../game');
  const { airborneState } = await import('./state');
  const bundle = b6();
  const before = pastMerville(bundle);
  const entered = act(withDice(before, [['d10', 3]]), { type: 'endSegment' });
  const s0 = entered.state;

  it('AW 41.6.2 entering the 1st German Movement Segment rolls the 21st Pz ½d10: 3 → 2 units; AW 41.6.1 allowances are fixed then', () => {
    expect(segId(s0, bundle)).toBe('germanMovement1');
    expect(ofType(entered.events, 'germanActivationRoll')[0]).toMatchObject({ group: '21Pz', die: 3, count: 2, case: 'AW 41.6.2' });
    const g = airborneState(s0).german!;
    for (const [id, n] of Object.entries(g.hexes ?? {})) expect(n === 1 || n === 2, id).toBe(true);
  });

  it('AW 41.6.2 the German activates two 21st Pz units (never the 192/21), a third is refused; each moves its MA in MP and must end closer to a CW airborne unit', () => {
    const offers = legalActions(s0, 'german').filter((a) => a.type === 'gActivate') as { type: 'gActivate'; group: string; unit: string }[];
    expect(offers.length).toBeGreaterThan(2);
    expect(offers.every((o) => bundle.units.get(o.unit)!.formation === '21Pz' && bundle.units.get(o.unit)!.regiment !== '192/21')).toBe(true);
    let s = act(s0, offers[0]).state;
    s = act(s, offers[1]).state;
    expect(refusal(s, offers[2])).toMatchObject({ code: 'not-eligible', case: 'AW 41.6.2' });
    const moves = legalActions(s, 'german').filter((a) => a.type === 'gMove' && (a as { unit: string }).unit === offers[0].unit) as { type: 'gMove'; unit: string; path: string[] }[];
    expect(moves.length).toBeGreaterThan(0);
    const m = moves[moves.length - 1];
    const r = act(s, m);
    expect(ofType(r.events, 'unitMoved')[0]).toMatchObject({ unit: m.unit, case: 'AW 41.6.2' });
    expect(refusal(r.state, m)).toMatchObject({ code: 'moved' });
  });

  it('AW 41.6.1 a unit neither attacked nor near an Allied unit may not move', () => {
    const g = airborneState(s0).german!;
    const idle = unitList(s0).find((u) => u.side === 'german' && u.hex !== null && !g.hexes?.[u.id] && !g.mp?.[u.id]
      && bundle.units.get(u.id)!.moveClass !== 'static' && bundle.units.get(u.id)!.ma > 0)!;
    expect(legalActions(s0, 'german').filter((a) => a.type === 'gMove' && (a as { unit: string }).unit === idle.id)).toEqual([]);
    const next = bundle.board.hexes.find((h) => Math.abs(h - idle.hex!) === 1)!;
    expect(refusal(s0, { type: 'gMove', unit: idle.id, path: [fmt(next)] })).toMatchObject({ code: 'not-activated', case: 'AW 41.6.1' });
  });
});
