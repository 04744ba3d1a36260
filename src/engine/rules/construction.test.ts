/**
 * Fieldwork construction (GOSS 17.3.3, AW 31.10.0: all construction rules but ET-3s; AW 1.2.7c bocage).
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame } from '../game';
import { normaliseAction } from '../actions';
import { segmentAt } from '../sequence';
import type { GameState, ScenarioBundle } from '../types';
import { checkMove } from './movement';
import { designationProblem } from './attackDesignation';
import { act, at, edit, fixture, fmt, hx, start, toSegment, type UnitSpec } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const ENG = { type: 'Eng', size: 'Co' as const, steps: [[2, 2]] as [number, number][], extra: { engineer: true } };
const ENG2 = { type: 'Eng', size: 'Co' as const, steps: [[3, 3], [2, 2]] as [number, number][], extra: { engineer: true } };
const COY = { size: 'Co' as const, steps: [[2, 2]] as [number, number][] };
const far = G('far', 11, 9);

function at0(b: ScenarioBundle): GameState {
  return toSegment(start(b), b, 'construction', 0);
}
/** The next Allied Construction Segment (the next GT). */
function nextConstruction(s: GameState, b: ScenarioBundle): GameState {
  return toSegment(act(s, { type: 'endSegment' }).state, b, 'construction', 0);
}

describe('GOSS 17.3.3 fieldwork construction (AW 31.10.0)', () => {
  it('GOSS 17.3.3: a 3-step battalion starts an IP; it does nothing else that GT, and the IP is finished in its next Construction Segment', () => {
    const b = fixture({ units: [A('a', 3, 4), far] });
    const s = at0(b);
    const offer = { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a'] };
    expect(legalActions(s, 'allied')).toContainEqual(offer);
    const r = act(s, offer as never);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'constructionStarted', work: 'IP', case: 'GOSS 17.3.3, AW 31.10.0' }));
    expect(r.state.fieldworks[hx(3, 4)]).toBeUndefined();
    const mv = toSegment(r.state, b, 'move', 0);
    expect(checkMove(mv, b, { type: 'move', unit: 'a', path: [fmt(hx(3, 5))] })).toMatchObject({ ok: false, error: { code: 'building', case: 'GOSS 17.3' } });
    const ad = toSegment(r.state, b, 'attackDesignation', 0);
    expect(designationProblem(ad, b, unitOf(ad, "a"), 'allied')).toMatchObject({ code: 'building' });
    const cc = toSegment(r.state, b, 'constructionCompletion', 0);
    expect(cc.fieldworks[hx(3, 4)]).toBeUndefined();
    const next = nextConstruction(r.state, b);
    expect(next.pos.turn).toBe(s.pos.turn + 1);
    expect(next.fieldworks[hx(3, 4)]).toBe('IP');
    expect(unitOf(next, "a").markers).not.toContain('Build');
  });

  it('GOSS 17.3.3 quick construction: an Eng step and another step finish an IP in the same GT\'s Construction Completion Segment; two Eng steps then an ET-2 the same way', () => {
    const b = fixture({ units: [A('e', 3, 4, ENG), A('a', 3, 4), A('e2', 6, 4, ENG2), far] });
    const s = act(at0(b), { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a', 'e'] }).state;
    expect(toSegment(s, b, 'constructionCompletion', 0).fieldworks[hx(3, 4)]).toBe('IP');
    const withIp = edit(at0(b), (d) => { d.fieldworks[hx(6, 4)] = 'IP'; });
    const r = act(withIp, { type: 'construct', hex: fmt(hx(6, 4)), work: 'ET-2', units: ['e2'] });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'constructionStarted', work: 'ET-2', done: 'in the Construction Completion Segment of this GT' }));
    expect(toSegment(r.state, b, 'constructionCompletion', 0).fieldworks[hx(6, 4)]).toBe('ET-2');
  });

  it('GOSS 17.3.3: an ET-2 needs a finished IP (not in a village), one Eng step and one other step, and is never started in an observed hex', () => {
    const b = fixture({ terrain: { [at(6, 4)]: 'village' }, units: [A('e', 3, 4, ENG), A('a', 3, 4), A('lone', 3, 6), A('ve', 6, 4, ENG), A('va', 6, 4), far] });
    const s = at0(b);
    expect(apply(s, { type: 'construct', hex: fmt(hx(3, 4)), work: 'ET-2', units: ['a', 'e'] })).toMatchObject({ ok: false, error: { code: 'needs-ip' } });
    expect(apply(s, { type: 'construct', hex: fmt(hx(3, 6)), work: 'IP', units: ['lone'] }).ok).toBe(true);
    const v = apply(s, { type: 'construct', hex: fmt(hx(6, 4)), work: 'ET-2', units: ['va', 've'] });
    expect(v.ok && v.events).toContainEqual(expect.objectContaining({ type: 'constructionStarted', work: 'ET-2', done: 'in the next GT\'s Construction Segment' }));
    const ip = edit(s, (d) => { d.fieldworks[hx(3, 6)] = 'IP'; });
    expect(apply(ip, { type: 'construct', hex: fmt(hx(3, 6)), work: 'ET-2', units: ['lone'] })).toMatchObject({ ok: false, error: { code: 'too-few' } });
    // An enemy next to the hex observes it (GOSS 8: adjacent units always observe).
    const seen = fixture({ units: [A('e', 3, 4, ENG), A('a', 3, 4), G('g', 4, 4)] });
    const o = edit(at0(seen), (d) => { d.fieldworks[hx(3, 4)] = 'IP'; });
    expect(apply(o, { type: 'construct', hex: fmt(hx(3, 4)), work: 'ET-2', units: ['a', 'e'] })).toMatchObject({ ok: false, error: { code: 'observed', case: 'GOSS 17.3.3, AW 31.10.0' } });
    expect(apply(o, { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a', 'e'] })).toMatchObject({ ok: false, error: { code: 'has-works' } });
  });

  it('AW 31.10.0: ET-3s may not be built; no construction outside the Construction Segment', () => {
    expect(normaliseAction({ type: 'construct', hex: 'A1010', work: 'ET-3', units: ['a'] }).ok).toBe(false);
    const b = fixture({ units: [A('a', 3, 4), far] });
    const mv = toSegment(start(b), b, 'move', 0);
    expect(apply(mv, { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a'] })).toMatchObject({ ok: false, error: { code: 'wrong-segment' } });
  });

  it('GOSS 17.3: the work is lost when a builder has lost a step before it is finished', () => {
    const b = fixture({ units: [A('a', 3, 4), far] });
    const s = act(at0(b), { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a'] }).state;
    const hit = edit(s, (d) => { mutUnit(d, "a").stepsLost = 1; });
    const r = apply(toSegment(hit, b, 'constructionCompletion', 0), { type: 'endSegment' });
    expect(r.ok).toBe(true);
    const next = nextConstruction(hit, b);
    expect(next.fieldworks[hx(3, 4)]).toBeUndefined();
    expect(unitOf(next, "a").markers).not.toContain('Build');
  });

  it('AW 1.2.7c: in bocage one Eng step, or a two-step unit, places an IP at once and may still move; a one-step Coy may not', () => {
    const bocage = { [at(3, 4)]: 'bocage', [at(6, 4)]: 'bocage', [at(8, 4)]: 'bocage' };
    const b = fixture({ terrain: bocage, units: [A('a', 3, 4), A('e', 6, 4, ENG), A('c', 8, 4, COY), far] });
    const s = at0(b);
    const r = act(s, { type: 'construct', hex: fmt(hx(3, 4)), work: 'IP', units: ['a'] });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'fieldworksBuilt', work: 'IP', case: 'AW 1.2.7c' }));
    expect(r.state.fieldworks[hx(3, 4)]).toBe('IP');
    expect(unitOf(r.state, "a").markers).not.toContain('Build');
    expect(act(s, { type: 'construct', hex: fmt(hx(6, 4)), work: 'IP', units: ['e'] }).state.fieldworks[hx(6, 4)]).toBe('IP');
    expect(apply(s, { type: 'construct', hex: fmt(hx(8, 4)), work: 'IP', units: ['c'] })).toMatchObject({ ok: false, error: { code: 'too-few' } });
    const mv = toSegment(r.state, b, 'move', 0);
    expect(checkMove(mv, b, { type: 'move', unit: 'a', path: [fmt(hx(3, 5))] }).ok).toBe(true);
    // AW 1.2.7c: an ET-2 in bocage needs no IP.
    const e2 = fixture({ terrain: bocage, units: [A('e', 3, 4, ENG), A('x', 3, 4), far] });
    expect(apply(at0(e2), { type: 'construct', hex: fmt(hx(3, 4)), work: 'ET-2', units: ['e', 'x'] }).ok).toBe(true);
  });
});

describe('AW 31.10.0 construction in the three scenarios', () => {
  it('AW 31.10.0: the first Allied Construction Segment of Goodwood, Epsom and Cherbourg offers fieldwork construction, and apply accepts the offer', () => {
    for (const id of ['goodwood', 'epsom', 'cherbourg']) {
      const b = loadScenario(id);
      let s = newGame(b, { seed: 'fw' }).state;
      // Cherbourg: the German setup (AW 34.11.2) at random; Goodwood: the setup breakdowns (AW 32.11.0) as they stand.
      if (id === 'cherbourg') s = act(s, { type: 'randomSetup' }).state;
      if (id !== 'epsom') s = act(s, { type: 'finishSetup' }).state;
      for (let i = 0; i < 200 && !(segmentAt(b.sequence, s.pos).segment.id === 'construction' && s.pos.playerTurn === 0); i++) s = act(s, { type: 'endSegment' }).state;
      const offers = legalActions(s, 'allied').filter((a) => a.type === 'construct');
      expect(offers.length, id).toBeGreaterThan(0);
      expect(apply(s, offers[0]).ok, id).toBe(true);
    }
  }, 240_000);
});

describe('GOSS 17.3.0 bridge construction (AW 34.6.0: all bridge rules but collapse)', () => {
  const special = (construction: boolean) => ({ bridges: { demolition: false, hastyDemolition: false, construction, heavyBridgesAndCollapse: false, special: [], case: 'AW 34.6.0', source: 'test: fixture' } });
  const river = [{ a: at(3, 4), b: at(4, 4), features: ['river'] }];

  it('GOSS 17.3.0: two Eng steps bridge a river in 2 GTs; the bridge then carries a Mech unit across', () => {
    const b = fixture({ hexsides: river, special: special(true), units: [A('e', 3, 4, ENG2), A('m', 3, 4, { moveClass: 'mech', type: 'Mot Inf', ma: 12 }), A('e1', 6, 6, ENG), far] });
    const s = at0(b);
    const offer = { type: 'construct', hex: fmt(hx(3, 4)), work: 'bridge', units: ['e'], to: fmt(hx(4, 4)) };
    expect(legalActions(s, 'allied')).toContainEqual(offer);
    const r = act(s, offer as never);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'constructionStarted', work: 'bridge', gts: 2, case: 'GOSS 17.3.0' }));
    const mv0 = toSegment(r.state, b, 'move', 0);
    expect(checkMove(mv0, b, { type: 'move', unit: 'm', path: [fmt(hx(4, 4))] }).ok).toBe(false);
    const t1 = nextConstruction(r.state, b);
    const t2 = nextConstruction(t1, b);
    expect(t2.pos.turn).toBe(s.pos.turn + 2);
    const mv = toSegment(t2, b, 'move', 0);
    expect(checkMove(mv, b, { type: 'move', unit: 'm', path: [fmt(hx(4, 4))] }).ok).toBe(true);
    expect(unitOf(mv, "e").markers).not.toContain('Build');
  });

  it('GOSS 17.3.0: not where the scenario forbids bridging (AW 32.6.0, 33.6.0), not by non-engineers, not across dry land', () => {
    const off = fixture({ hexsides: river, special: special(false), units: [A('e', 3, 4, ENG2), far] });
    expect(apply(at0(off), { type: 'construct', hex: fmt(hx(3, 4)), work: 'bridge', units: ['e'], to: fmt(hx(4, 4)) })).toMatchObject({ ok: false, error: { code: 'no-bridging' } });
    const b = fixture({ hexsides: river, special: special(true), units: [A('e', 3, 4, ENG2), A('a', 3, 4), far] });
    const s = at0(b);
    expect(apply(s, { type: 'construct', hex: fmt(hx(3, 4)), work: 'bridge', units: ['a'], to: fmt(hx(4, 4)) })).toMatchObject({ ok: false, error: { code: 'not-engineer' } });
    expect(apply(s, { type: 'construct', hex: fmt(hx(3, 4)), work: 'bridge', units: ['e'], to: fmt(hx(3, 5)) })).toMatchObject({ ok: false, error: { code: 'no-water' } });
  });
});
