import { describe, expect, it } from 'vitest';
import { canObserve, lineOfSight, losRange, missionObservation, observersOf } from './observation';
import { mini, edit, hx, type MiniUnit, type XY } from '../../../tests/fixtures/mini';
import { unitOf } from '../unitTable';

const A = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'allied', at, ...o });
const G = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'german', at, ...o });
const row = (s: string) => [s, s.replace(/./g, 'c'), s.replace(/./g, 'c')];

describe('GOSS 8.1 line of sight and range', () => {
  it('GOSS 8.1.2: LOS range is 1 by default, 2 from a town or city, 3 from a vantage point, the printed value from a high vantage point', () => {
    const { state, bundle } = mini({ rows: ['ctcc', 'cccc'], vantage: [{ at: [2, 0], los: 3 }, { at: [3, 0], los: 6 }], units: [A('a', [0, 1])] });
    expect([0, 1, 2, 3].map((c) => losRange(state, bundle, hx([c, 0])))).toEqual([1, 2, 3, 6]);
  });
  it('GOSS 8.1.2 / 8.2.3: an enemy in open terrain is observed within LOS range, not beyond it', () => {
    const { state, bundle } = mini({ rows: row('tcccc'), units: [A('obs', [0, 0]), A('plain', [0, 1]), G('x', [2, 0])] });
    expect(canObserve(state, bundle, 'obs', hx([2, 0]))).toMatchObject({ ok: true, case: 'GOSS 8.2.3' });
    expect(canObserve(state, bundle, 'plain', hx([2, 0]))).toMatchObject({ ok: false, case: 'GOSS 8.1.2' });
  });
  it('GOSS 8.1.1: a town between observer and target blocks LOS; rough on the line costs 1 hex of range', () => {
    const { state, bundle } = mini({ rows: ['cctcc', 'ccccc'], vantage: [{ at: [0, 0], los: 3 }], units: [A('o', [0, 0])] });
    // From a vantage point LOS passes over towns; only vantage hexes block it.
    expect(lineOfSight(bundle, hx([0, 0]), hx([3, 0])).clear).toBe(true);
    const flat = mini({ rows: ['tctcc', 'ccccc'], units: [A('o', [0, 0])] });
    expect(lineOfSight(flat.bundle, hx([0, 0]), hx([3, 0]))).toMatchObject({ clear: false, blockedBy: hx([2, 0]) });
    const rough = mini({ rows: ['crcc', 'cccc'], vantage: [{ at: [0, 0], los: 3 }], units: [A('o', [0, 0]), G('x', [3, 0])] });
    expect(canObserve(rough.state, rough.bundle, 'o', hx([3, 0]))).toMatchObject({ ok: false, case: 'GOSS 8.1.2' });
    expect(canObserve(rough.state, rough.bundle, 'o', hx([2, 0]))).toMatchObject({ ok: true });
    void state;
  });
});

describe('GOSS 8.2 covering terrain and who observes whom', () => {
  it('GOSS 8.2.2: a target in OCT (village) is not observed by an adjacent observer unless attack designated', () => {
    const { state, bundle } = mini({ rows: ['cv', 'cc'], units: [A('o', [0, 0]), G('x', [1, 0])] });
    expect(canObserve(state, bundle, 'o', hx([1, 0]))).toMatchObject({ ok: false, case: 'GOSS 8.2.2' });
    const ta = edit(state, (s) => { unitOf(s, "o").markers = ['TA']; });
    expect(canObserve(ta, bundle, 'o', hx([1, 0]))).toMatchObject({ ok: true, case: 'GOSS 8.2.3' });
    expect(canObserve(state, bundle, 'o', hx([1, 0]), { targetMoving: true })).toMatchObject({ ok: true });
  });
  it('GOSS 8.2.1: a target in MCT is observed from a town, city or vantage point only when attack designated', () => {
    const { state, bundle } = mini({ rows: ['tw', 'cc'], units: [A('o', [0, 0]), G('x', [1, 0])] });
    expect(canObserve(state, bundle, 'o', hx([1, 0]))).toMatchObject({ ok: false, case: 'GOSS 8.2.1' });
    const ad = edit(state, (s) => { unitOf(s, "x").markers = ['PA']; });
    expect(canObserve(ad, bundle, 'o', hx([1, 0]))).toMatchObject({ ok: true });
  });
  it('AW 1.2.7a: bocage is only OCT against an adjacent vantage-point observer', () => {
    const { state, bundle } = mini({ rows: ['cb', 'cc'], vantage: [{ at: [0, 0], los: 3 }], units: [A('o', [0, 0]), G('x', [1, 0])] });
    // OCT: observed from a vantage point when moving, not when static and not attack designated.
    expect(canObserve(state, bundle, 'o', hx([1, 0]), { targetMoving: true })).toMatchObject({ ok: true, case: 'GOSS 8.2.2' });
    expect(canObserve(state, bundle, 'o', hx([1, 0]))).toMatchObject({ ok: false, case: 'GOSS 8.2.2' });
  });
  it('GOSS 4.1.3: Z-steps cannot spot', () => {
    const { state, bundle } = mini({ rows: ['cc', 'cc'], units: [A('z', [0, 0], { size: 'Z' }), G('x', [1, 0])] });
    expect(canObserve(state, bundle, 'z', hx([1, 0]))).toMatchObject({ ok: false, case: 'GOSS 4.1.3' });
  });
  it('AW 31.6: at night LOS is 1 and open counts as OCT', () => {
    const { state, bundle } = mini({ rows: row('tccc'), time: 'Night', units: [A('o', [0, 0]), A('adj', [1, 0]), G('x', [2, 0])] });
    expect(losRange(state, bundle, hx([0, 0]))).toBe(1);
    expect(canObserve(state, bundle, 'o', hx([2, 0]))).toMatchObject({ ok: false, case: 'AW 31.6' });
    expect(canObserve(state, bundle, 'adj', hx([2, 0]))).toMatchObject({ ok: false, case: 'AW 31.6' });
  });
});

describe('AW 31.9 observers and mission observation', () => {
  it('AW 31.9: a Coy observes one FS mission, a Btn two', () => {
    const { state, bundle } = mini({ rows: row('cccc'), units: [A('bn', [0, 0]), A('co', [2, 1], { size: 'Co' }), G('x', [1, 0])] });
    expect(observersOf(state, bundle, 'allied', hx([1, 0])).map((o) => [o.unit, o.capacity])).toEqual([['bn', 2], ['co', 1]]);
    expect(observersOf(state, bundle, 'allied', hx([1, 0]), { bn: 1, co: 1 }).map((o) => o.unit)).toEqual(['bn']);
    expect(observersOf(state, bundle, 'allied', hx([1, 0]), { bn: 2, co: 1 })).toEqual([]);
  });
  it('AW 31.9.4: observed by a unit in PA mode or an ET-2/3 lifts the mission to the 24-point level', () => {
    const { state, bundle } = mini({ rows: row('cccc'), units: [A('bn', [0, 0]), G('x', [1, 0])] });
    expect(missionObservation(state, bundle, 'allied', hx([1, 0])).level).toBe('observed');
    const pa = edit(state, (s) => { unitOf(s, "bn").markers = ['PA']; });
    expect(missionObservation(pa, bundle, 'allied', hx([1, 0])).level).toBe('observedPaEt');
    const et = edit(state, (s) => { s.fieldworks[hx([0, 0])] = 'ET-2'; });
    expect(missionObservation(et, bundle, 'allied', hx([1, 0])).level).toBe('observedPaEt');
  });
  it('AW 31.6: at night every FS mission is unobserved unless attack-designated units are in or adjacent to the target hex', () => {
    const { state, bundle } = mini({ rows: row('cccc'), time: 'Night', units: [A('bn', [0, 0]), G('x', [1, 0])] });
    expect(missionObservation(state, bundle, 'allied', hx([1, 0]))).toMatchObject({ level: 'unobserved', case: 'AW 31.6' });
    const ta = edit(state, (s) => { unitOf(s, "bn").markers = ['TA']; });
    expect(missionObservation(ta, bundle, 'allied', hx([1, 0]))).toMatchObject({ level: 'observed', case: 'AW 31.6' });
  });
  it('GOSS 8.3: Allied air observation by day sees open terrain within 6 hexes of a friendly ground unit', () => {
    const { state, bundle } = mini({ rows: ['cccccccccc', 'cccccccccc'], units: [A('bn', [0, 0]), G('x', [5, 0]), G('y', [9, 0])] });
    expect(missionObservation(state, bundle, 'allied', hx([5, 0]))).toMatchObject({ level: 'observed', air: true, case: 'GOSS 8.3' });
    expect(missionObservation(state, bundle, 'allied', hx([9, 0])).level).toBe('unobserved');
    expect(missionObservation(state, bundle, 'german', hx([0, 0])).level).toBe('unobserved');
  });
});
