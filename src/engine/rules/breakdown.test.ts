import { describe, expect, it } from 'vitest';
import { legalActions } from '../index';
import { movementOptions } from './movement';
import { detachedSteps } from './breakdown';
import type { GameState } from '../types';
import { mini, must, refused, edit, move, hx, ref, type MiniUnit } from '../../../tests/fixtures/mini';
import { dropUnit, unitList, unitOf } from '../unitTable';

const BD = { class: 'x-inf-coy', count: 3, values: '2-2-6' };
const COY = (id: string): MiniUnit => ({ id, side: 'allied', at: [5, 0], size: 'Co', steps: 1, extra: { generic: 'Inf Coy', class: 'x-inf-coy' } });

/** A 3-step Leg Bn with breakdown data at (1,1), three free generic Coys of its class in the counter mix, an enemy far away. */
function setup(o: { bn?: Partial<MiniUnit>; coys?: number } = {}) {
  const coys = Array.from({ length: o.coys ?? 3 }, (_, i) => COY(`coy-${i + 1}`));
  const { state, bundle } = mini({
    rows: ['cccccc', 'cccccc', 'cccccc', 'cccccc'],
    units: [
      { id: 'bn', side: 'allied', at: [1, 1], ma: 6, extra: { breakdown: BD }, ...o.bn },
      { id: 'other', side: 'allied', at: [4, 3] },
      { id: 'enemy', side: 'german', at: [5, 3] },
      ...coys,
    ],
  });
  // The generic Coys are in the counter mix, not on the map.
  const s = edit(state, (x) => { for (const c of coys) dropUnit(x, c.id); });
  return { state: s, bundle };
}

describe('GOSS 18 / AW 31.2.1 breakdown', () => {
  it('GOSS 18 / AW 31.2.1: a full-strength Bn breaks down into three Coys in its hex; the Bn leaves the map; every unit spends half its MA', () => {
    const { state, bundle } = setup();
    const s = must(state, { type: 'breakdown', unit: 'bn' });
    expect(unitOf(s, "bn")).toMatchObject({ hex: null, stepsLost: 3, detached: ['coy-1', 'coy-2', 'coy-3'] });
    for (const id of ['coy-1', 'coy-2', 'coy-3']) expect(unitOf(s, id)).toMatchObject({ hex: hx([1, 1]), stepsLost: 0, mpSpent: 3, side: 'allied' });
    // MA 6 halved: 3 MP left, three clear hexes at most.
    const o = movementOptions(s, bundle, 'coy-1');
    if ('error' in o) throw new Error(o.error.message);
    expect(Math.max(...o.destinations.map((d) => d.cost))).toBe(3);
    expect(refused(s, move('coy-1', [2, 1], [3, 1], [4, 1], [5, 1]))).toMatchObject({ code: 'over-ma' });
    must(s, move('coy-1', [2, 1], [3, 1], [4, 1]));
  });

  it('GOSS 18 (AW 38.8.2 "partially broken down"): detaching one Coy reduces the Bn by one step; it stays, with half its MA spent', () => {
    const { state, bundle } = setup();
    const s = must(state, { type: 'breakdown', unit: 'bn', coys: 1 });
    expect(unitOf(s, "bn")).toMatchObject({ hex: hx([1, 1]), stepsLost: 1, mpSpent: 3, detached: ['coy-1'] });
    expect(unitOf(s, 'coy-1')).toMatchObject({ hex: hx([1, 1]), mpSpent: 3 });
    expect(unitOf(s, 'coy-2')).toBeUndefined();
    expect(detachedSteps(s, bundle, 'bn')).toBe(1);
  });

  it('GOSS 18: steps carry over — a Bn with one step lost breaks into two Coys; supply markers go with the Coys', () => {
    const { state } = setup({ bn: { stepsLost: 1, markers: ['OhS'] } });
    const s = must(state, { type: 'breakdown', unit: 'bn' });
    expect(unitOf(s, "bn")).toMatchObject({ hex: null, stepsLost: 3, detached: ['coy-1', 'coy-2'] });
    expect(unitOf(s, 'coy-1').markers).toEqual(['OhS']);
    expect(unitOf(s, 'coy-3')).toBeUndefined();
    expect(refused(state, { type: 'breakdown', unit: 'bn', coys: 3 })).toMatchObject({ code: 'too-many-coys', case: 'GOSS 18' });
  });

  it('GOSS 18: a unit that has spent more than half its MA may not break down; one that spent half may, and has none left', () => {
    const { state, bundle } = setup();
    const moved = must(state, move('bn', [2, 1], [3, 1], [4, 1], [4, 2]));
    expect(refused(moved, { type: 'breakdown', unit: 'bn' })).toMatchObject({ code: 'bd-ma', case: 'GOSS 18, AW 31.2.1' });
    const half = must(state, move('bn', [2, 1], [3, 1], [4, 1]));
    const s = must(half, { type: 'breakdown', unit: 'bn' });
    expect(unitOf(s, 'coy-1').mpSpent).toBe(6);
    expect(movementOptions(s, bundle, 'coy-1')).toMatchObject({ destinations: [] });
  });

  it('GOSS 18 restrictions: Movement Segment only, Tac mode, not fatigued, red triangle, no breakdown data, free counters', () => {
    const { state, bundle } = setup({ coys: 2 });
    expect(refused(state, { type: 'breakdown', unit: 'bn' })).toMatchObject({ code: 'no-counters', case: 'GOSS 18, AW 18.2.0' });
    must(state, { type: 'breakdown', unit: 'bn', coys: 2 });
    expect(refused(edit(state, (x) => { unitOf(x, "bn").markers = ['PA']; }), { type: 'breakdown', unit: 'bn', coys: 1 })).toMatchObject({ code: 'not-tactical' });
    expect(refused(edit(state, (x) => { unitOf(x, "bn").markers = ['F1']; }), { type: 'breakdown', unit: 'bn', coys: 1 })).toMatchObject({ code: 'fatigued', case: 'GOSS 18' });
    expect(refused(state, { type: 'breakdown', unit: 'other' })).toMatchObject({ code: 'no-breakdown', case: 'GOSS 18' });
    expect(refused(state, { type: 'breakdown', unit: 'enemy' })).toMatchObject({ code: 'not-your-unit' });
    const red = setup({ bn: { extra: { mayNotBreakDown: true } } });
    expect(refused(red.state, { type: 'breakdown', unit: 'bn' })).toMatchObject({ code: 'may-not-break-down', case: 'GOSS 18.3.0, AW 18.2.0' });
    const later = must(state, { type: 'endSegment' });
    expect(refused(later, { type: 'breakdown', unit: 'bn', coys: 1 })).toMatchObject({ code: 'wrong-segment', case: 'AW 31.2.1e' });
    expect(bundle.units.get('coy-1')?.generic).toBe('Inf Coy');
  });
});

/** The same position in a later Movement Segment: nothing spent, nothing moved yet. */
const later = (s: GameState) => edit(s, (x) => { for (const u of unitList(x)) { u.mpSpent = 0; delete u.move; } });

describe('GOSS 18 recombination', () => {
  function broken() {
    const { state, bundle } = setup();
    const s = later(must(state, { type: 'breakdown', unit: 'bn' }));
    return { state: s, bundle };
  }
  it('GOSS 18: Coys in the same or an adjacent hex recombine; the Bn re-forms with their steps, costing half its MA; the Coys return to the counter mix', () => {
    const { state } = broken();
    // Two Coys step off east (1 MP each of their 3 left); the third stays.
    let s = must(state, move('coy-2', [2, 1]));
    s = must(s, move('coy-3', [2, 1]));
    // Each Coy spent 1 of 6 MP; half the MA (3) is left for the recombination.
    s = must(s, { type: 'recombine', unit: 'bn', coys: ['coy-1', 'coy-2', 'coy-3'], hex: ref([2, 1]) });
    expect(unitOf(s, "bn")).toMatchObject({ hex: hx([2, 1]), stepsLost: 0, mpSpent: 4 });
    expect(unitOf(s, "bn").detached).toBeUndefined();
    expect(unitOf(s, 'coy-1')).toBeUndefined();
    // 2 MP left: not enough to break down again this phase; next phase the counters are free for it again.
    expect(refused(s, { type: 'breakdown', unit: 'bn' })).toMatchObject({ code: 'bd-ma' });
    expect(unitOf(must(later(s), { type: 'breakdown', unit: 'bn' }), "bn").detached).toEqual(['coy-1', 'coy-2', 'coy-3']);
  });
  it('GOSS 18: one Coy rejoins a partially broken-down Bn on the map from an adjacent hex, restoring one step', () => {
    const { state } = setup();
    let s = later(must(state, { type: 'breakdown', unit: 'bn', coys: 1 }));
    s = must(s, move('coy-1', [1, 2]));
    s = must(s, { type: 'recombine', unit: 'bn', coys: ['coy-1'] });
    expect(unitOf(s, "bn")).toMatchObject({ hex: hx([1, 1]), stepsLost: 0 });
    expect(unitOf(s, 'coy-1')).toBeUndefined();
  });
  it('GOSS 18: Coys two hexes away may not recombine; a Coy of another Bn may not rejoin; the target hex must hold a Coy', () => {
    const { state } = broken();
    const s = must(state, move('coy-2', [2, 1], [3, 1]));
    expect(refused(s, { type: 'recombine', unit: 'bn', coys: ['coy-1', 'coy-2'] })).toMatchObject({ code: 'not-adjacent', case: 'GOSS 18' });
    expect(refused(s, { type: 'recombine', unit: 'bn', coys: ['coy-1'], hex: ref([0, 0]) })).toMatchObject({ code: 'bad-hex' });
    expect(refused(s, { type: 'recombine', unit: 'other', coys: ['coy-1'] })).toMatchObject({ code: 'not-its-coy' });
  });
  it('GOSS 18: legalActions lists every breakdown size and the recombinations, each accepted by apply', () => {
    const { state } = setup();
    const bd = legalActions(state, 'allied').filter((a) => a.type === 'breakdown');
    expect(bd).toEqual([1, 2, 3].map((k) => ({ type: 'breakdown', unit: 'bn', coys: k })));
    const s = later(must(state, { type: 'breakdown', unit: 'bn', coys: 2 }));
    const rc = legalActions(s, 'allied').filter((a) => a.type === 'recombine');
    expect(rc).toEqual([
      { type: 'recombine', unit: 'bn', coys: ['coy-1'] },
      { type: 'recombine', unit: 'bn', coys: ['coy-2'] },
      { type: 'recombine', unit: 'bn', coys: ['coy-1', 'coy-2'] },
    ]);
    for (const a of [...bd, ...rc]) must(a.type === 'breakdown' ? state : s, a);
    expect(legalActions(s, 'german').filter((a) => a.type === 'breakdown' || a.type === 'recombine')).toEqual([]);
  });
});


describe('GOSS 18.3.0 red square and GOSS 18 hybrids', () => {
  it('GOSS 18.3.0: a red-square Bn creates only one breakdown unit — two Coys are refused, one is detached, a second is refused while it is out', () => {
    const { state } = setup({ bn: { extra: { breakdown: BD, redSquare: true } } });
    expect(refused(state, { type: 'breakdown', unit: 'bn', coys: 2 })).toMatchObject({ code: 'red-square', case: 'GOSS 18.3.0' });
    expect(legalActions(state, 'allied').filter((a) => a.type === 'breakdown')).toEqual([{ type: 'breakdown', unit: 'bn', coys: 1 }]);
    // Without a count the red-square Bn detaches its one Coy and stays on the map with two steps.
    const s = later(must(state, { type: 'breakdown', unit: 'bn' }));
    expect(unitOf(s, "bn")).toMatchObject({ hex: hx([1, 1]), stepsLost: 1, detached: ['coy-1'] });
    expect(unitOf(s, 'coy-2')).toBeUndefined();
    const e = refused(s, { type: 'breakdown', unit: 'bn', coys: 1 });
    expect(e).toMatchObject({ code: 'red-square', case: 'GOSS 18.3.0' });
    expect(e.message).toContain('already has its one breakdown unit');
    // Once the Coy has rejoined, the Bn may create its one breakdown unit again.
    const back = later(must(s, { type: 'recombine', unit: 'bn', coys: ['coy-1'] }));
    expect(unitOf(must(back, { type: 'breakdown', unit: 'bn', coys: 1 }), "bn").detached).toEqual(['coy-1']);
  });

  /** A 3-step Mech hybrid Bn (GOSS 4.1.4): two AFV Coys and one armoured infantry Coy. */
  function hybrid(o: { stepsLost?: number; afv?: number } = {}) {
    const bd = {
      class: 'x-afv-coy', count: 3, values: '2-1-12',
      parts: [{ class: 'x-afv-coy', count: 2, values: '2-1-12' }, { class: 'x-ainf-coy', count: 1, values: '2-2-12' }],
    };
    const afv = Array.from({ length: o.afv ?? 2 }, (_, i): MiniUnit => ({ id: `afv-${i + 1}`, side: 'allied', at: [5, 0], size: 'Co', type: 'Arm', moveClass: 'mech', ma: 12, extra: { generic: 'AFV Coy', class: 'x-afv-coy' } }));
    const inf: MiniUnit = { id: 'ainf-1', side: 'allied', at: [5, 0], size: 'Co', moveClass: 'mech', ma: 12, extra: { generic: 'Arm Inf Coy', class: 'x-ainf-coy' } };
    const { state, bundle } = mini({
      rows: ['cccccc', 'cccccc', 'cccccc', 'cccccc'],
      units: [
        { id: 'hy', side: 'allied', at: [1, 1], type: 'Arm', moveClass: 'mech', ma: 12, stepsLost: o.stepsLost ?? 0, extra: { hybrid: true, breakdown: bd } },
        { id: 'enemy', side: 'german', at: [5, 3] },
        ...afv, inf,
      ],
    });
    return { state: edit(state, (x) => { for (const c of [...afv, inf]) dropUnit(x, c.id); }), bundle };
  }

  it('GOSS 18 / 4.1.4: a full-strength hybrid breaks into its AFV Coys and its infantry Coy, in the order of its data', () => {
    const { state } = hybrid();
    const s = must(state, { type: 'breakdown', unit: 'hy' });
    expect(unitOf(s, "hy")).toMatchObject({ hex: null, stepsLost: 3, detached: ['afv-1', 'afv-2', 'ainf-1'] });
    for (const id of ['afv-1', 'afv-2', 'ainf-1']) expect(unitOf(s, id)).toMatchObject({ hex: hx([1, 1]), mpSpent: 6 });
    // One Coy only: the first AFV Coy comes off; the hybrid is no longer at full strength.
    const one = later(must(state, { type: 'breakdown', unit: 'hy', coys: 1 }));
    expect(unitOf(one, "hy")).toMatchObject({ hex: hx([1, 1]), stepsLost: 1, detached: ['afv-1'] });
    expect(refused(one, { type: 'breakdown', unit: 'hy', coys: 1 })).toMatchObject({ code: 'hybrid-not-full', case: 'GOSS 18, 4.1.4' });
  });

  it('GOSS 18: a hybrid with a step lost may not break down; a short counter mix is refused naming the missing class', () => {
    const worn = hybrid({ stepsLost: 1 });
    const e = refused(worn.state, { type: 'breakdown', unit: 'hy', coys: 1 });
    expect(e).toMatchObject({ code: 'hybrid-not-full', case: 'GOSS 18, 4.1.4' });
    expect(legalActions(worn.state, 'allied').filter((a) => a.type === 'breakdown')).toEqual([]);
    const short = hybrid({ afv: 1 });
    const m = refused(short.state, { type: 'breakdown', unit: 'hy' });
    expect(m).toMatchObject({ code: 'no-counters', case: 'GOSS 18, AW 18.2.0' });
    expect(m.message).toContain('1 free 2-1-12 breakdown Coy (class x-afv-coy)');
    // One Coy needs only one AFV counter.
    expect(unitOf(must(short.state, { type: 'breakdown', unit: 'hy', coys: 1 }), 'afv-1').hex).toBe(hx([1, 1]));
  });
});
