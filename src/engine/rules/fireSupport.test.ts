import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../game';
import { Dice } from '../rng';
import type { GameState, ScenarioBundle } from '../types';
import { fsPlan, fsResult } from './fireSupport';
import { frameOf } from '../procedures';
import { neighbours } from '../hex';
import { act, at, edit, fixture, fmt, hx, landefront, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };
/** Scenario artillery as data (special.artillery, AW 32.5): a group of 24 points, range 7, and a division HQ firing as a group; 10 Allied air points a day. */
const SPECIAL = { airPoints: [{ side: 'allied', from: { date: '1944-07-18', time: 'AM' }, perGameDay: 10, source: 'test: air points' }], artillery: {
  resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
  groups: [
    { id: 'ag', side: 'allied', name: 'test group', kind: 'group', points: 24, range: 7, mapCounter: 'ag', source: 'test: AW 32.5.2-style group' },
    { id: 'hq', side: 'allied', name: 'test division', kind: 'division', points: 6, range: 6, mapCounter: 'hq', source: 'test: division HQ as group' },
  ],
} };
const RULES = (x: Record<string, unknown> = {}) => ({ combat: {
  naval: { allied: { points: 8, range: 20, from: [at(0, 0)], source: 'test: naval points' } },
  ...x,
} });

function base(extra: UnitSpec[] = [], terrain: Record<string, string> = {}, rules = RULES(), special: Record<string, unknown> = {}): ScenarioBundle {
  return fixture({ terrain, rules, special: { ...SPECIAL, ...special }, units: [A('ag', 0, 4, GROUP), A('spot', 2, 4), G('g', 3, 4), ...extra] });
}
const offFs = (b: ScenarioBundle) => toSegment(start(b), b, 'offensiveFs');
function seedD10(n: number, want: number[]): string {
  for (let i = 0; i < 100000; i++) {
    const d = new Dice(`f${i}`, n);
    if (want.every((w) => d.d10('x') === w)) return `f${i}`;
  }
  throw new Error('no seed');
}

describe('AW 31.9 fire support missions', () => {
  it('GOSS 8.3 air observation: with no spotter, an Allied day mission against a target in open terrain within 6 hexes (clear) of an Allied unit in GenS is observed (cap 16); not in woods, not beyond 6 hexes of a ground unit, not when those units are OhS', () => {
    const b = base([G('open', 5, 7), G('wood', 6, 4)], { [at(6, 4)]: 'woods' });
    const s = offFs(b);
    const air = fsPlan(s, b, 'allied', { target: hx(5, 7), artillery: [{ unit: 'ag', points: 16 }] });
    expect(air).toMatchObject({ ok: true, plan: { level: 'observed', cap: 16 } });
    expect(air.ok && air.plan.observation).toMatch(/^air observation \(clear\): target in open terrain within 6 hexes of spot/);
    expect(air.ok && air.plan.drms.some((x) => x.why === 'unobserved mission')).toBe(false);
    expect(fsPlan(s, b, 'allied', { target: hx(6, 4), artillery: [{ unit: 'ag', points: 8 }] })).toMatchObject({ ok: true, plan: { level: 'unobserved', cap: 8 } });
    // The only Allied ground unit 7+ hexes away (the artillery group counter does not count): unobserved.
    const far = edit(s, (d) => { mutUnit(d, "spot").hex = hx(0, 0); });
    expect(fsPlan(far, b, 'allied', { target: hx(5, 7), artillery: [{ unit: 'ag', points: 8 }] })).toMatchObject({ ok: true, plan: { level: 'unobserved' } });
    // The Allied units near the target out of supply (OhS): no air observation.
    const ohs = edit(s, (d) => { mutUnit(d, "spot").markers.push('OhS'); mutUnit(d, "ag").markers.push('OhS'); });
    expect(fsPlan(ohs, b, 'allied', { target: hx(5, 7), artillery: [{ unit: 'ag', points: 8 }] })).toMatchObject({ ok: true, plan: { level: 'unobserved' } });
  });

  it('AW 31.9.4 mission caps: 16 observed, 24 observed from PA or ET-2/3, 8 unobserved (with the −4 DRM)', () => {
    // The far target stands in woods: no air observation (GOSS 8.3 needs open terrain), so its mission is unobserved.
    const b = base([G('far', 5, 7)], { [at(5, 7)]: 'woods' });
    const s = offFs(b);
    const plan = (req: Parameters<typeof fsPlan>[3]) => fsPlan(s, b, 'allied', req);
    expect(plan({ target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] })).toMatchObject({ ok: true, plan: { level: 'observed', cap: 16, volleys: [8, 8] } });
    expect(plan({ target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag', points: 17 }] })).toMatchObject({ ok: false, code: 'mission-cap', case: 'AW 31.9.4' });
    const pa = edit(s, (d) => { mutUnit(d, "spot").markers.push('PA'); });
    expect(fsPlan(pa, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag', points: 20 }] })).toMatchObject({ ok: true, plan: { level: 'observedPaEt', cap: 24, volleys: [8, 8, 4] } });
    expect(fsPlan(pa, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag', points: 20 }], skipRemainder: true })).toMatchObject({ ok: true, plan: { volleys: [8, 8] } });
    const un = plan({ target: hx(5, 7), artillery: [{ unit: 'ag', points: 8 }] });
    expect(un.ok && [un.plan.level, un.plan.cap, un.plan.drms.find((x) => x.why === 'unobserved mission')?.value]).toEqual(['unobserved', 8, -4]);
    expect(plan({ target: hx(5, 7), artillery: [{ unit: 'ag', points: 9 }] })).toMatchObject({ ok: false, code: 'mission-cap' });
  });
  it('AW 31.9 one consolidated mission per target hex; a spotter Coy observes once, a Btn twice', () => {
    const b = base([G('g2', 3, 5)]);
    let s = offFs(b);
    s = withSeed(s, seedD10(s.n, [0]));
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 4 }] }).state;
    const again = apply(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 4 }] });
    expect(!again.ok && [again.error.code, again.error.case]).toEqual(['one-mission', 'AW 31.9']);
  });
  it('GOSS 11.5 DRMs: terrain (bocage as village −2, AW 1.2.7b), ET-2 −2, density, pure armour −3 plus one of A/B', () => {
    const b = base([G('tk', 3, 6, { type: 'Arm', size: 'Co', steps: [[4, 4], [2, 2]], extra: { pureAfv: true, armAttack: 4, armDefence: 4 } }), A('spot2', 2, 6)],
      { [at(3, 4)]: 'bocage', [at(3, 6)]: 'woods' });
    const s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'ET-2'; d.fieldworks[hx(3, 6)] = 'ET-2'; mutUnit(d, "spot").markers.push('TA'); mutUnit(d, "spot2").markers.push('TA'); });
    const p = fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] });
    // the observers are attack designated (MCT targets are observed only so, GOSS 8.2.1); the targets are not, so A and B apply
    expect(p.ok && p.plan.drms.map((x) => [x.group, x.value])).toEqual([['A', -2], ['B', -2], ['D', 0]]);
    const t = fsPlan(s, b, 'allied', { target: hx(3, 6), spotter: 'spot2', artillery: [{ unit: 'ag', points: 8 }] });
    // pure armour: −3 and the better of A (woods −1) / B (ET-2 −2); density 2 steps −1
    expect(t.ok && t.plan.drms.map((x) => [x.group, x.value])).toEqual([['C', -3], ['B', -2], ['D', -1]]);
  });
  it('GOSS 11.6.0 FS table: FSV ≤7 nothing, 8 AS, 10 one hit, 14 two, 22 AS3, ≥23 four', () => {
    const b = base();
    expect([7, 8, 10, 12, 14, 17, 20, 22, 23, 40].map((v) => fsResult(b, v).result)).toEqual(['-', 'AS', '1', 'AS1', '2', 'AS2', '3', 'AS3', '4', '4']);
  });
  it('AW 31.9.1 air points: AM/PM only, observed targets, max 8 per mission, 2 AP per point in partial overcast', () => {
    const b = base([], {}, RULES(), { weather: [{ from: { date: '1944-07-18', time: 'AM' }, atmosphere: 'POvr', ground: 'dry', source: 'test: weather' }] });
    const s = offFs(b);
    const p = fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', air: 8 });
    expect(p.ok && p.plan.sources).toEqual([{ kind: 'air', points: 4, why: '8 AP at 2 AP per point (POvr)', case: 'AW 31.9.1' }]);
    expect(fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', air: 9 })).toMatchObject({ ok: false, code: 'air-max' });
    const night = fixture({ start: { date: '1944-07-18', time: 'Night' }, rules: RULES(), units: [A('ag', 0, 4, GROUP), A('spot', 2, 4), G('g', 3, 4)] });
    const ns = edit(offFs(night), (d) => { mutUnit(d, "spot").markers.push('TA'); });
    expect(fsPlan(ns, night, 'allied', { target: hx(3, 4), spotter: 'spot', air: 2 })).toMatchObject({ ok: false, code: 'air-night' });
  });
  it('AW 31.9.3 naval points need an observer in PA mode or an ET-2/3', () => {
    const b = base();
    const s = offFs(b);
    expect(fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', naval: 4 })).toMatchObject({ ok: false, code: 'naval-observer', case: 'AW 31.9.3' });
    const pa = edit(s, (d) => { mutUnit(d, "spot").markers.push('PA'); });
    expect(fsPlan(pa, b, 'allied', { target: hx(3, 4), spotter: 'spot', naval: 8 })).toMatchObject({ ok: true, plan: { total: 8 } });
    expect(fsPlan(pa, b, 'allied', { target: hx(3, 4), spotter: 'spot', naval: 9 })).toMatchObject({ ok: false, code: 'naval-max' });
  });
  it('AW 31.9.2b: an artillery group that moved this player turn may not fire; a division HQ that moved fires at half strength', () => {
    const b = base([A('hq', 1, 6, { size: 'HQ', type: 'HQ', moveClass: 'mech', pr: [null, 6], steps: [[0, 3], [0, 2]] })]);
    const s = offFs(b);
    const moved = edit(s, (d) => {
      const m = { turn: d.pos.turn, playerTurn: d.pos.playerTurn, segment: 'move', seq: 1, from: hx(0, 3), hexes: 1, mp: 1, type: 'offroad' as const, halted: false, beyond6: false };
      mutUnit(d, "ag").move = { ...m }; mutUnit(d, "hq").move = { ...m };
    });
    expect(fsPlan(moved, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'ag' }] })).toMatchObject({ ok: false, code: 'moved', case: 'AW 31.9.2b' });
    const hq = fsPlan(moved, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'hq' }] });
    expect(hq.ok && hq.plan.total).toBe(3);
  });
  it('AW 32.5.2b Nebelwerfer fire once per game day and add +1 on the first volley against a target without A/B/C DRMs', () => {
    const b = base([A('nw', 1, 4, { type: 'NW', steps: [[6, 1]], extra: { range: 5 } })]);
    let s = offFs(b);
    const p = fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'nw' }] });
    expect(p.ok && p.plan.drms.find((x) => x.group === 'E')).toMatchObject({ value: 1, case: 'GOSS 11.5, AW 32.5.2b' });
    s = act(withSeed(s, seedD10(s.n, [0])), { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'nw' }] }).state;
    s = edit(s, (d) => { d.combat!.fsTargets = []; });
    expect(fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'spot', artillery: [{ unit: 'nw' }] })).toMatchObject({ ok: false, code: 'nw-once' });
  });
  it('GOSS 11.6.2b first hit as a retreat: 1 AS, retreat 1 hex, the other hits halved (3 → 1 step)', () => {
    const b = base();
    let s = offFs(b);
    s = withSeed(s, seedD10(s.n, [6, 2])); // FSV 14 → 2 hits, FSV 10 → 1 hit
    const r = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] });
    expect(r.events.find((e) => e.type === 'fsResolved')).toMatchObject({ hits: 3, as: 0 });
    s = r.state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'fsHits' });
    expect(legalActions(s, 'german')).toEqual([{ type: 'fsHits', option: 'step' }, { type: 'fsHits', option: 'retreat' }]);
    s = act(s, { type: 'fsHits', option: 'retreat' }).state;
    while (s.pending?.kind === 'fsRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(unitOf(s, "g").hex).not.toBe(hx(3, 4));
    expect(unitOf(s, "g").stepsLost).toBe(1);
    expect(unitOf(s, "g").markers.filter((m) => m === 'AS')).toHaveLength(1);
    expect(s.pending).toBeNull();
  });
  it('GOSS 11.6.2a first hit as a step loss, PRC passed: the second hit is a step loss too and the unit stays', () => {
    const b = base();
    let s = offFs(b);
    const n = s.n;
    let seed = '';
    for (let i = 0; i < 100000 && !seed; i++) { const d1 = new Dice(`h${i}`, n); const d2 = new Dice(`h${i}`, n + 1); if (d1.d10('v') === 6 && d2.d10('p') < 5) seed = `h${i}`; }
    s = act(withSeed(s, seed), { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    s = act(s, { type: 'fsHits', option: 'step' }).state;
    expect(unitOf(s, "g")).toMatchObject({ stepsLost: 2, hex: hx(3, 4) });
  });
  it('GOSS 11.6.2a ET-3 removal as the first hit: non-designated targets give up the ET-3 instead of a step; no automatic PRC pass after it (PRC passed: one step, the unit stays)', () => {
    const b = base([], {}, RULES());
    let s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'ET-3'; mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [5, 5])); // FSV 5+8−3 = 10 twice → 2 hits
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    expect(frameOf(s, 'fireMission')).toMatchObject({ hits: 2, as: 0 });
    expect(legalActions(s, 'german')).toEqual([{ type: 'fsHits', option: 'step' }, { type: 'fsHits', option: 'step', removeEt3: true }, { type: 'fsHits', option: 'retreat' }]);
    const r = act(withSeed(s, seedD10(s.n, [4])), { type: 'fsHits', option: 'step', removeEt3: true }); // PRC 4 < PR 5 passes
    expect(r.events.filter((e) => e.type === 'fieldworksRemoved' || e.type === 'prc')).toEqual([
      { type: 'fieldworksRemoved', hex: fmt(hx(3, 4)), fieldworks: 'ET-3', why: 'given up to cancel the first FS numerical hit', case: 'GOSS 11.6.2a' },
      // the ET-3 was just used: the PRC is rolled (no automatic pass)
      { type: 'prc', pr: 5, roll: 4, pass: true, why: 'FS hits PRC', case: 'GOSS 11.6.2a' },
    ]);
    expect(r.state.fieldworks[hx(3, 4)]).toBeUndefined();
    expect(unitOf(r.state, "g")).toMatchObject({ hex: hx(3, 4), stepsLost: 1 }); // only the second hit is a step
    expect(r.state.pending).toBeNull();
  });
  it('GOSS 11.6.2a ET-3 removal, PRC failed: 1 AS, retreat 1 hex, the last hit a step loss; the empty hex keeps no works', () => {
    const b = base([], {}, RULES());
    let s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'ET-3'; mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [7, 5])); // FSV 12 → AS1, FSV 10 → 1: 1 AS + 2 hits
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    expect(frameOf(s, 'fireMission')).toMatchObject({ hits: 2, as: 1 });
    const r = act(withSeed(s, seedD10(s.n, [5])), { type: 'fsHits', option: 'step', removeEt3: true }); // PRC 5 fails
    expect(r.events.find((e) => e.type === 'prc')).toMatchObject({ pr: 5, roll: 5, pass: false });
    s = r.state;
    while (s.pending?.kind === 'fsRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(unitOf(s, "g").hex).not.toBe(hx(3, 4));
    expect(unitOf(s, "g").stepsLost).toBe(1);
    expect(unitOf(s, "g").markers.filter((m) => m === 'AS')).toHaveLength(2);
    expect(s.fieldworks[hx(3, 4)]).toBeUndefined();
    expect(s.combat!.retreatedAfterFs).toEqual(['g']); // GOSS 6.7.0: remembered for a later GA (gaOdds.ts)
  });
  it('GOSS 11.6.2a / 17.4.1 / AW 1.2.7b: no ET-3 removal for attack-designated targets or an ET-2 outside bocage; a bocage ET-2 counts as an ET-3', () => {
    const b = base([G('g2', 3, 6)], { [at(3, 6)]: 'bocage' }, RULES());
    let s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'ET-2'; d.fieldworks[hx(3, 6)] = 'ET-2'; mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [7]));
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    expect(legalActions(s, 'german').some((a) => 'removeEt3' in a)).toBe(false);
    const no = apply(s, { type: 'fsHits', option: 'step', removeEt3: true });
    expect(!no.ok && [no.error.code, no.error.message, no.error.case]).toEqual(['no-et3', `${fmt(hx(3, 4))} holds no ET-3 (an ET-2 outside bocage) to give up for the first hit`, 'GOSS 11.6.2a, AW 1.2.7b']);
    const des = edit(s, (d) => { d.fieldworks[hx(3, 4)] = 'ET-3'; mutUnit(d, "g").markers.push('TA'); });
    const no2 = apply(des, { type: 'fsHits', option: 'step', removeEt3: true });
    expect(!no2.ok && [no2.error.code, no2.error.case]).toEqual(['no-et3', 'GOSS 11.6.2a, 17.4.1']);
    const ret = apply(edit(s, (d) => { d.fieldworks[hx(3, 4)] = 'ET-3'; }), { type: 'fsHits', option: 'retreat', removeEt3: true });
    expect(!ret.ok && [ret.error.code, ret.error.case]).toEqual(['et3-not-retreat', 'GOSS 11.6.2a']);
    // the bocage ET-2 (AW 1.2.7b) goes for the first hit, and is not replaced
    let bo = act(s, { type: 'fsHits', option: 'step' }).state;
    bo = edit(bo, (d) => { d.combat!.fsTargets = []; d.combat!.spotterUses = {}; mutUnit(d, "spot").hex = hx(2, 6); });
    bo = withSeed(bo, seedD10(bo.n, [7]));
    bo = act(bo, { type: 'fireMission', target: fmt(hx(3, 6)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    expect(frameOf(bo, 'fireMission')).toMatchObject({ hits: 1 });
    expect(legalActions(bo, 'german')).toContainEqual({ type: 'fsHits', option: 'step', removeEt3: true });
    const r = act(bo, { type: 'fsHits', option: 'step', removeEt3: true });
    expect(r.events.find((e) => e.type === 'fieldworksRemoved')).toMatchObject({ fieldworks: 'ET-2', case: 'GOSS 11.6.2a, AW 1.2.7b' });
    expect(r.state.fieldworks[hx(3, 6)]).toBeUndefined();
    expect(unitOf(r.state, "g2").stepsLost).toBe(0);
  });
  it('GOSS 11.6.2a / AW 1.2.6b: an ET-3 given up on a Landefront hex leaves the printed ET-2 at once, whose automatic PRC pass then applies (reconstructed reading); the printed ET-2 alone cannot be given up', () => {
    const b = fixture({ rules: RULES(), special: { ...SPECIAL, ...landefront([at(3, 4)]) }, modules: ['landefront'], units: [A('ag', 0, 4, GROUP), A('spot', 2, 4), G('g', 3, 4, { fieldworks: 'ET-3' })] });
    let s = edit(offFs(b), (d) => { mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [5, 5])); // FSV 10 twice → 2 hits
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    expect(frameOf(s, 'fireMission')).toMatchObject({ hits: 2 });
    const r = act(s, { type: 'fsHits', option: 'step', removeEt3: true });
    expect(r.events.filter((e) => e.type === 'fieldworksRemoved' || e.type === 'prc')).toEqual([
      { type: 'fieldworksRemoved', hex: fmt(hx(3, 4)), fieldworks: 'ET-3', left: 'ET-2', why: 'given up to cancel the first FS numerical hit; the Landefront ET-2 stays (may not be destroyed)', case: 'GOSS 11.6.2a, AW 1.2.6b' },
      { type: 'prc', pass: true, why: 'automatic pass in an ET-2', case: 'GOSS 11.6.2a' },
    ]);
    expect(r.state.fieldworks[hx(3, 4)]).toBe('ET-2');
    expect(unitOf(r.state, "g")).toMatchObject({ hex: hx(3, 4), stepsLost: 1 });
    // a second mission on the printed ET-2: it cannot cancel the first hit
    let t = edit(r.state, (d) => { d.combat!.fsTargets = []; d.combat!.spotterUses = {}; });
    t = withSeed(t, seedD10(t.n, [7]));
    t = act(t, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    expect(legalActions(t, 'german').some((a) => 'removeEt3' in a)).toBe(false);
    const no = apply(t, { type: 'fsHits', option: 'step', removeEt3: true });
    expect(!no.ok && [no.error.code, no.error.case]).toEqual(['no-et3', 'AW 1.2.6b']);
  });
  it('GOSS 11.6.2b / 17.4.1: attack-designated targets in a DW may withdraw into it instead of the 1-hex retreat (3 hits: 1 AS, stays, 1 step), also when no retreat hex is open; others may not', () => {
    const b = base([], {}, RULES());
    let s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'IP'; mutUnit(d, "g").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [6, 2])); // FSV 14 → 2 hits, FSV 10 → 1 (designated targets get no DW DRM)
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    expect(frameOf(s, 'fireMission')).toMatchObject({ hits: 3, designated: true });
    s = act(s, { type: 'fsHits', option: 'retreat' }).state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'fsRetreat' });
    expect(legalActions(s, 'german')).toContainEqual({ type: 'fsRetreat', path: [], withdraw: true });
    const r = act(s, { type: 'fsRetreat', path: [], withdraw: true });
    expect(r.events.find((e) => e.type === 'withdrewIntoDw')).toEqual({ type: 'withdrewIntoDw', units: ['g'], hex: fmt(hx(3, 4)), fieldworks: 'IP', why: 'the attack-designated targets withdraw into the DW in their hex instead of retreating', case: 'GOSS 11.6.2, 17.4.1' });
    expect(unitOf(r.state, "g")).toMatchObject({ hex: hx(3, 4), stepsLost: 1 }); // (3 − 1) / 2 = 1 hit
    expect(unitOf(r.state, "g").markers).toContain('AS');
    expect(unitOf(r.state, "g").markers).not.toContain('TA');
    expect(r.state.fieldworks[hx(3, 4)]).toBe('IP');
    // boxed in by friendly-to-the-firer units: option b only through the DW
    const ring = (fw: boolean) => {
      const bb = fixture({ rules: RULES(), special: SPECIAL, units: [A('ag', 0, 4, GROUP), A('spot', 2, 4), G('g', 3, 4, fw ? { fieldworks: 'IP' } : {}),
        ...neighbours(hx(3, 4)).filter((h) => h !== hx(2, 4)).map((h, i): UnitSpec => A(`r${i}`, 0, 0, { hex: fmt(h) }))] });
      let t = edit(offFs(bb), (d) => { mutUnit(d, "g").markers.push('TA'); });
      t = withSeed(t, seedD10(t.n, [6, 2]));
      return act(t, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    };
    expect(legalActions(ring(true), 'german')).toEqual([{ type: 'fsHits', option: 'step' }, { type: 'fsHits', option: 'retreat' }]);
    expect(legalActions(ring(false), 'german')).toEqual([{ type: 'fsHits', option: 'step' }]);
    const no = apply(ring(false), { type: 'fsHits', option: 'retreat' });
    expect(!no.ok && [no.error.code, no.error.case]).toEqual(['cannot-retreat', 'GOSS 11.6.2b']);
  });
  it('GOSS 11.6.2: a target that was not attack designated may not withdraw into its DW', () => {
    const b = base([], {}, RULES());
    let s = edit(offFs(b), (d) => { d.fieldworks[hx(3, 4)] = 'IP'; mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [7, 3])); // IP −1: FSV 14 → 2 hits, 10 → 1
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] }).state;
    s = act(s, { type: 'fsHits', option: 'retreat' }).state;
    expect(s.pending?.kind).toBe('fsRetreat');
    expect(legalActions(s, 'german').some((a) => 'withdraw' in a)).toBe(false);
    const no = apply(s, { type: 'fsRetreat', path: [], withdraw: true });
    expect(!no.ok && [no.error.code, no.error.message, no.error.case]).toEqual(['no-withdrawal', 'only attack-designated targets may withdraw into a DW instead of retreating', 'GOSS 11.6.2']);
  });
  it('AW 31.2.2c / GOSS 11.7: attack-designated units may advance into a hex emptied by FS; TA units lose TA', () => {
    const b = base([G('z', 3, 3, { size: 'Z', steps: [[1, 1]] })]);
    let s = edit(offFs(b), (d) => { mutUnit(d, "spot").markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [9]));
    // FSV 17 → AS2 on a lone Z-step (1 step): eliminated
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 3)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    while (s.pending) s = act(s, legalActions(s, s.pending.side)[0]).state;
    expect(unitOf(s, "z").eliminated).toBe(true);
    const adv = legalActions(s, 'allied').filter((x) => x.type === 'fsAdvance');
    expect(adv).toEqual([{ type: 'fsAdvance', hex: fmt(hx(3, 3)), units: ['spot'] }]);
    s = act(s, adv[0]).state;
    expect(unitOf(s, "spot").hex).toBe(hx(3, 3));
    expect(unitOf(s, "spot").markers).not.toContain('TA');
  });
  it('GOSS 11.7 / AW 31.2.2c: every adjacent attack-designated unit may advance into the hex FS emptied — legalActions offers each unit, each stack and all together; two advance at once', () => {
    const next = neighbours(hx(3, 3)).find((h) => h !== hx(2, 4) && h !== hx(3, 4) && h !== hx(0, 4))!;
    const b = base([G('z', 3, 3, { size: 'Z', steps: [[1, 1]] }), A('a2', 0, 0, { hex: fmt(next) }), A('a3', 0, 0, { hex: fmt(next), size: 'Co', steps: [[3, 3]] })]);
    let s = edit(offFs(b), (d) => { for (const id of ['spot', 'a2', 'a3']) mutUnit(d, id).markers.push('TA'); });
    s = withSeed(s, seedD10(s.n, [9]));
    // FSV 17 → AS2 on a lone Z-step (1 step): eliminated
    s = act(s, { type: 'fireMission', target: fmt(hx(3, 3)), spotter: 'spot', artillery: [{ unit: 'ag', points: 8 }] }).state;
    while (s.pending) s = act(s, legalActions(s, s.pending.side)[0]).state;
    expect(unitOf(s, "z").eliminated).toBe(true);
    const h = fmt(hx(3, 3));
    expect(legalActions(s, 'allied').filter((x) => x.type === 'fsAdvance')).toEqual([
      { type: 'fsAdvance', hex: h, units: ['spot'] }, { type: 'fsAdvance', hex: h, units: ['a2'] }, { type: 'fsAdvance', hex: h, units: ['a3'] },
      { type: 'fsAdvance', hex: h, units: ['a2', 'a3'] }, { type: 'fsAdvance', hex: h, units: ['spot', 'a2', 'a3'] },
    ]);
    const r = act(s, { type: 'fsAdvance', hex: h, units: ['spot', 'a2'] });
    expect(r.events.filter((e) => e.type === 'advanced').map((e) => (e as unknown as { unit: string }).unit)).toEqual(['a2', 'spot']); // a set of units: the normalised action lists them sorted (issue 15 canonical actions)
    expect([unitOf(r.state, "spot").hex, unitOf(r.state, "a2").hex, unitOf(r.state, "a3").hex]).toEqual([hx(3, 3), hx(3, 3), next]);
    expect(unitOf(r.state, "spot").markers).not.toContain('TA');
    // Once per phase (GOSS 11.7): a3 may not follow.
    expect(legalActions(r.state, 'allied').filter((x) => x.type === 'fsAdvance')).toEqual([]);
    expect(apply(r.state, { type: 'fsAdvance', hex: h, units: ['a3'] })).toMatchObject({ ok: false, error: { code: 'advanced-already', case: 'GOSS 11.7' } });
  });
});

export type { GameState };
