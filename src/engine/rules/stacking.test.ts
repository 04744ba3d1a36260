import { describe, expect, it } from 'vitest';
import { hexStackViolation } from './stacking';
import { mini, must, refused, move, hx, ref, type MiniUnit, type XY } from '../../../tests/fixtures/mini';
import { unitOf } from '../unitTable';
import { segmentAt } from '../sequence';
import { apply } from '../game';

const END = { type: 'endSegment' } as const;
const A = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'allied', at, ...o });
const G = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'german', at, ...o });
const rows = ['cccccc', 'cccccc', 'cccccc'];

describe('GOSS 6 stacking limits', () => {
  it('GOSS 6.3.0: 2 Bn + 1 Co + 2 Z-steps fit a hex; a third Bn does not', () => {
    const ok = mini({ rows, units: [A('b1', [0, 0]), A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), A('z1', [0, 0], { size: 'Z' }), A('z2', [0, 0], { size: 'Z' })] });
    expect(hexStackViolation(ok.state, ok.bundle, hx([0, 0]), 'allied')).toBeNull();
    const bad = mini({ rows, units: [A('b1', [0, 0]), A('b2', [0, 0]), A('b3', [0, 0])] });
    expect(hexStackViolation(bad.state, bad.bundle, hx([0, 0]), 'allied')).toMatchObject({ case: 'GOSS 6.3.0', excess: 1 });
  });
  it('GOSS 6.3.0: a Co may replace a Bn (3 Co fit), but 2 Bn + 2 Co do not; a third Z-step does not', () => {
    const three = mini({ rows, units: [A('c1', [0, 0], { size: 'Co' }), A('c2', [0, 0], { size: 'Co' }), A('c3', [0, 0], { size: 'Co' })] });
    expect(hexStackViolation(three.state, three.bundle, hx([0, 0]), 'allied')).toBeNull();
    const four = mini({ rows, units: [A('b1', [0, 0]), A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), A('c2', [0, 0], { size: 'Co' })] });
    expect(hexStackViolation(four.state, four.bundle, hx([0, 0]), 'allied')).toMatchObject({ case: 'GOSS 6.3.0' });
    const z = mini({ rows, units: [A('z1', [0, 0], { size: 'Z' }), A('z2', [0, 0], { size: 'Z' }), A('z3', [0, 0], { size: 'Z' })] });
    expect(hexStackViolation(z.state, z.bundle, hx([0, 0]), 'allied')?.reason).toMatch(/3 Z-steps \(limit 2\)/);
  });
  it('GOSS 6.4.0: a constricted hex takes 1 Bn + 1 Co + 1 Z-step', () => {
    const { state, bundle } = mini({ rows, units: [A('b1', [0, 0]), A('b2', [0, 0])] });
    (bundle.board as unknown as { constricted: Set<number> }).constricted = new Set([hx([0, 0])]);
    expect(hexStackViolation(state, bundle, hx([0, 0]), 'allied')).toMatchObject({ case: 'GOSS 6.4.0' });
    delete (bundle.board as unknown as { constricted?: Set<number> }).constricted;
  });
  it('GOSS 6.2.2: a one-step Eng or AT company stacks free with an infantry battalion', () => {
    const { state, bundle } = mini({ rows, units: [A('b1', [0, 0]), A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), A('eng', [0, 0], { size: 'Co', type: 'Eng' })] });
    expect(hexStackViolation(state, bundle, hx([0, 0]), 'allied')).toBeNull();
  });
  it('GOSS 6.2.3: a US M5 Co is the free company of an Arm Cav Bn, not of an infantry Bn or a plain Recon Bn', () => {
    const US = { nationality: 'US' };
    const m5 = A('m5', [0, 0], { size: 'Co', type: 'Arm', moveClass: 'mech', extra: { ...US, m5: true, pureAfv: true } });
    const cav = A('cav', [0, 0], { type: 'Recon', moveClass: 'mech', extra: { ...US, armCav: true } });
    const ok = mini({ rows, units: [cav, A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), m5] });
    expect(hexStackViolation(ok.state, ok.bundle, hx([0, 0]), 'allied')).toBeNull();
    // The same stack with a Recon Bn that is not an Arm Cav squadron: the M5 Co counts, 2 Bn + 2 Co.
    const plain = mini({ rows, units: [A('rec', [0, 0], { type: 'Recon', moveClass: 'mech', extra: US }), A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), m5] });
    expect(hexStackViolation(plain.state, plain.bundle, hx([0, 0]), 'allied')).toMatchObject({ case: 'GOSS 6.3.0', excess: 1 });
    // An M5 Co takes the Arm Cav Bn's free slot: an Eng Co still stacks free with the infantry Bn.
    const both = mini({ rows, units: [cav, A('b2', [0, 0]), A('c1', [0, 0], { size: 'Co' }), m5, A('eng', [0, 0], { size: 'Co', type: 'Eng' })] });
    expect(hexStackViolation(both.state, both.bundle, hx([0, 0]), 'allied')).toBeNull();
  });
  it('GOSS 6.2.2: a 2-step hybrid Co hosts a free Eng Co; a 2-step Co that is not a hybrid does not', () => {
    const tk = (id: string) => A(id, [0, 0], { type: 'Arm', moveClass: 'mech', extra: { pureAfv: true } });
    const hy = A('hy', [0, 0], { size: 'Co', type: 'Arm', moveClass: 'mech', steps: 2, extra: { hybrid: true } });
    const eng = A('eng', [0, 0], { size: 'Co', type: 'Eng' });
    const ok = mini({ rows, units: [tk('t1'), tk('t2'), hy, eng] });
    expect(hexStackViolation(ok.state, ok.bundle, hx([0, 0]), 'allied')).toBeNull();
    const notHy = mini({ rows, units: [tk('t1'), tk('t2'), { ...hy, extra: {} }, eng] });
    expect(hexStackViolation(notHy.state, notHy.bundle, hx([0, 0]), 'allied')).toMatchObject({ case: 'GOSS 6.3.0', excess: 1 });
  });
  it('GOSS 6.2.1: a German AFV Co stacks free with a hybrid of its formation; a reduced hybrid Co is never itself free', () => {
    const F = { formation: '21Pz' };
    const hy = G('hy', [0, 0], { size: 'Co', type: 'Arm', moveClass: 'mech', steps: 2, extra: { ...F, hybrid: true } });
    const afv = G('afv', [0, 0], { size: 'Co', type: 'Arm', moveClass: 'mech', extra: { ...F, pureAfv: true } });
    const ok = mini({ rows, units: [G('b1', [0, 0]), G('b2', [0, 0]), hy, afv] });
    expect(hexStackViolation(ok.state, ok.bundle, hx([0, 0]), 'german')).toBeNull();
    // Another formation's AFV Co is not free with it.
    const other = mini({ rows, units: [G('b1', [0, 0]), G('b2', [0, 0]), hy, { ...afv, extra: { formation: '12SS', pureAfv: true } }] });
    expect(hexStackViolation(other.state, other.bundle, hx([0, 0]), 'german')).toMatchObject({ case: 'GOSS 6.3.0', excess: 1 });
    // A hybrid reduced to one step is still a hybrid, not an AFV Co: 2 Bn + 2 Co with a Mech host.
    const host = G('pg', [0, 0], { type: 'PzGd', moveClass: 'mech', extra: F });
    const red = mini({ rows, units: [host, G('b2', [0, 0]), G('c1', [0, 0], { size: 'Co' }), { ...hy, stepsLost: 1 }] });
    expect(hexStackViolation(red.state, red.bundle, hx([0, 0]), 'german')).toMatchObject({ case: 'GOSS 6.3.0', excess: 1 });
  });
  it('GOSS 6.0: units may move through an overstacked hex; stacking is checked only at the end of the phase', () => {
    const { state } = mini({ rows, units: [A('b1', [1, 0]), A('b2', [1, 0]), A('b3', [0, 0])] });
    const s = must(state, move('b3', [1, 0], [2, 0]));
    must(s, END);
  });
  it('GOSS 6.7.0: the Movement Segment cannot end with an overstacked hex; eliminating the excess resolves it', () => {
    const { state } = mini({ rows, units: [A('b1', [1, 0]), A('b2', [1, 0]), A('b3', [0, 0]), G('x', [5, 2])] });
    const s = must(state, move('b3', [1, 0]));
    const e = refused(s, END);
    expect(e).toMatchObject({ code: 'overstacked', case: 'GOSS 6.7.0' });
    expect(e.message).toContain(ref([1, 0]));
    expect(refused(s, { type: 'eliminateOverstack', unit: 'x' })).toMatchObject({ code: 'not-your-unit' });
    const fixed = must(s, { type: 'eliminateOverstack', unit: 'b3' });
    expect(unitOf(fixed, "b3")).toMatchObject({ eliminated: true, hex: null });
    must(fixed, END);
  });
  it('AW 31.9.2a: an artillery group may not end the phase stacked; relocating costs its mission points for the GT', () => {
    const grp = { size: 'Group' as const, type: 'Art', moveClass: 'mech' as const, steps: 1 };
    const { state } = mini({ rows, units: [A('grp', [2, 1], grp), A('inf', [1, 1]), G('x', [5, 2])] });
    const s = must(state, move('inf', [2, 1]));
    expect(refused(s, END)).toMatchObject({ code: 'overstacked', case: 'AW 31.9.2a' });
    expect(refused(s, { type: 'relocateGroup', unit: 'grp', hex: ref([5, 2]) })).toMatchObject({ code: 'bad-relocation', case: 'AW 31.9.2a' });
    const r = must(s, { type: 'relocateGroup', unit: 'grp', hex: ref([2, 2]) });
    expect(unitOf(r, "grp").hex).toBe(hx([2, 2]));
    expect(unitOf(r, "grp").markers).toContain('NoMissions');
    must(r, END);
  });
  it('AW 31.9.2a: a group left stacked when the Ground Assault Segment ends is relocated by the engine', () => {
    const grp = { size: 'Group' as const, type: 'Art', moveClass: 'mech' as const, steps: 1 };
    const { state, bundle } = mini({ rows, units: [A('a', [0, 0]), G('grp', [3, 1], grp), G('inf', [3, 1]), G('lone', [5, 0])] });
    const seg = (s: typeof state) => segmentAt(bundle.sequence, s.pos).segment.id;
    let s = state;
    const events: string[] = [];
    for (let i = 0; i < 20 && seg(s) !== 'groundAssault'; i++) s = must(s, END);
    expect(seg(s)).toBe('groundAssault');
    const r = apply(s, END);
    if (!r.ok) throw new Error(r.error.message);
    for (const e of r.events) if (e.type === 'groupRelocated') events.push(`${e.unit} ${e.case}`);
    expect(events).toEqual(['grp AW 31.9.2a']);
    expect(unitOf(r.state, 'grp').hex).not.toBe(hx([3, 1]));
    expect(unitOf(r.state, 'inf').hex).toBe(hx([3, 1]));
  });
  it('AW 31.9.2a: a group that cannot relocate (enemy or prohibited terrain all round) is eliminated', () => {
    const grp = { size: 'Group' as const, type: 'Art', moveClass: 'mech' as const, steps: 1 };
    const { state } = mini({ rows: ['sss', 'scs', 'sss'], units: [A('grp', [1, 1], grp), A('inf', [1, 1])] });
    const r = must(state, { type: 'relocateGroup', unit: 'grp' });
    expect(unitOf(r, "grp")).toMatchObject({ eliminated: true, hex: null });
  });
});
