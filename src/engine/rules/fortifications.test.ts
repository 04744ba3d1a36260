/**
 * AW 34.5.0 / 34.11.2: the WN and StP of Festung Cherbourg (AW 4.5.9, 4.5.10): placed at the start,
 * their works, the arc of fire of their guns and of a StP in a GA, and the AW 34.3.0 naval suppression.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame } from '../game';
import { tryParseHexRef } from '../hex';
import { segmentAt } from '../sequence';
import type { Action, GameState, ScenarioBundle } from '../types';
import { artilleryPoints, fsPlan } from './fireSupport';
import { gaOdds } from './gaOdds';
import { bearing, inArc } from './emplacements';
import { at, edit, fixture, fmt, hx, start, toSegment, type UnitSpec } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

const cherbourg = loadScenario('cherbourg');
const hexOf = (id: string) => { const r = tryParseHexRef(id); if ('error' in r) throw new Error(r.error); return r.hex; };
function run(state: GameState, a: Action): GameState {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)} rejected: ${r.error.message}`);
  return r.state;
}
function until(bundle: ScenarioBundle, state: GameState, seg: string, playerTurn: 0 | 1): GameState {
  for (let i = 0; i < 500; i++) {
    if (segmentAt(bundle.sequence, state.pos).segment.id === seg && state.pos.playerTurn === playerTurn) return state;
    state = run(state, { type: 'endSegment' });
  }
  throw new Error(`never reached ${seg}`);
}

describe('AW 34.5.0, 34.11.2: the WN and StP of Festung Cherbourg', () => {
  const s0 = newGame(cherbourg, { seed: 'wn' }).state;
  const forts = [...cherbourg.units.values()].filter((d) => d.fortification && d.side === 'german');

  it('AW 34.11.2, 4.5.9a, 4.5.10: nine WN/StP (reconstructed) stand in their hexes from the start; a WN hex holds an ET-2, a StP hex the StP works', () => {
    expect(forts.map((d) => d.id).sort()).toEqual(['stp-fort-du-roule', 'stp-hamburg', 'stp-querqueville', 'wn-cap-levi', 'wn-la-glacerie', 'wn-landemer', 'wn-maupertus', 'wn-octeville', 'wn-tourlaville']);
    for (const d of forts) {
      const h = hexOf(d.fortification!.hex);
      expect(unitOf(s0, d.id).hex).toBe(h);
      expect(d.fortification!.source).toMatch(/^reconstructed:/);
      expect(s0.fieldworks[h]).toBe(d.fortification!.kind === 'StP' ? 'StP' : 'ET-2');
    }
    expect(cherbourg.scenario.special!.deployment!.notPlaced).toEqual([]);
    // AW 4.5.9a / 4.5.10a: PR 5 and 6, static, no offensive PR.
    expect(cherbourg.units.get('wn-octeville')).toMatchObject({ prDef: 5, prOff: null, moveClass: 'static' });
    expect(cherbourg.units.get('stp-fort-du-roule')).toMatchObject({ prDef: 6, prOff: null, moveClass: 'static' });
  });

  it('AW 34.3.0, 4.5.10b: a destroyer allocated to StP Hamburg silences its guns for the GT and is used for the GT', () => {
    let s = run(run(s0, { type: 'randomSetup' }), { type: 'finishSetup' });
    s = until(cherbourg, s, 'attackDesignation', 0);
    expect(artilleryPoints(s, cherbourg, 'stp-hamburg')).toMatchObject({ points: 1, range: 15, case: 'AW 4.5.10b' });
    for (const a of legalActions(s, 'allied').filter((x) => x.type === 'suppressWnStp')) expect(apply(s, a).ok).toBe(true);
    const r = apply(s, { type: 'suppressWnStp', ship: 'dd-1', unit: 'stp-hamburg' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'gunsSuppressed', ship: 'dd-1', unit: 'stp-hamburg', case: 'AW 34.3.0, 4.5.10b' }));
    expect(artilleryPoints(r.state, cherbourg, 'stp-hamburg').points).toBe(0);
    expect(apply(r.state, { type: 'suppressWnStp', ship: 'dd-2', unit: 'stp-hamburg' })).toMatchObject({ ok: false, error: { code: 'already' } });
    expect(apply(r.state, { type: 'suppressWnStp', ship: 'dd-1', unit: 'wn-landemer' })).toMatchObject({ ok: false, error: { code: 'ship-used' } });
    expect(apply(r.state, { type: 'suppressWnStp', ship: 'dd-2', unit: 'wn-octeville' })).toMatchObject({ ok: false, error: { code: 'no-guns' } });
    // The next GT the guns are back.
    const next = until(cherbourg, run(r.state, { type: 'endSegment' }), 'attackDesignation', 0);
    expect(next.pos.turn).toBe(s.pos.turn + 1);
    expect(artilleryPoints(next, cherbourg, 'stp-hamburg').points).toBe(1);
  }, 120_000);
});

describe('AW 4.5.10 StP and WN guns and arcs (fixture)', () => {
  const fort = (kind: 'WN' | 'StP', c: number, r: number, extra: Record<string, unknown> = {}) => ({
    moveClass: 'static' as const, ma: 0, type: 'Fest', size: 'Co' as const, pr: [null, kind === 'StP' ? 6 : 5] as [null, number], steps: [[0, kind === 'StP' ? 4 : 2]] as [number, number][],
    extra: { fortification: { kind, hex: fmt(hx(c, r)), place: 'test', source: 'test: fixture', ...extra } },
  });
  const ARC = { arc: { from: 0, to: 90, source: 'test: arc' }, artillery: { battery: 't', bf: 1, range: 6, defence: 1, source: 'test: guns' } };
  const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
  const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });

  it('AW 4.5.10b: the bearing is measured clockwise from map north', () => {
    expect(bearing(hx(5, 5), hx(5, 2))).toBe(0);
    expect(bearing(hx(5, 5), hx(5, 8))).toBe(180);
    expect(inArc({ from: 270, to: 90 }, hx(5, 5), hx(5, 2))).toBe(true);
    expect(inArc({ from: 270, to: 90 }, hx(5, 5), hx(5, 8))).toBe(false);
  });

  it('AW 4.5.10b: emplaced guns fire at a target inside the arc, not outside it', () => {
    const b = fixture({ modules: ['fortifications'], units: [G('stp', 5, 5, fort('StP', 5, 5, ARC)), A('n', 5, 2), A('s', 5, 8)] });
    const s = toSegment(start(b), b, 'offensiveFs', 1);
    expect(s.fieldworks[hx(5, 5)]).toBe('StP');
    expect(fsPlan(s, b, 'german', { target: hx(5, 2), artillery: [{ unit: 'stp', points: 1 }] }).ok).toBe(true);
    expect(fsPlan(s, b, 'german', { target: hx(5, 8), artillery: [{ unit: 'stp', points: 1 }] })).toMatchObject({ ok: false, code: 'outside-arc', case: 'AW 4.5.10b' });
    // Without the module the counter is no firer.
    const off = fixture({ units: [G('stp', 5, 5, fort('StP', 5, 5, ARC)), A('n', 5, 2)] });
    const s2 = toSegment(start(off), off, 'offensiveFs', 1);
    expect(s2.fieldworks[hx(5, 5)]).toBeUndefined();
    expect(fsPlan(s2, off, 'german', { target: hx(5, 2), artillery: [{ unit: 'stp', points: 1 }] })).toMatchObject({ ok: false, code: 'not-artillery' });
  });

  it('AW 4.5.10a: a StP assaulted through its arc gives the Fort shift (3); from outside its arc it is an ET-2 (2); a WN is an ET-2', () => {
    const b = fixture({ modules: ['fortifications'], units: [G('stp', 5, 5, fort('StP', 5, 5, ARC)), A('n', 5, 4), A('s', 5, 6), G('wn', 8, 5, fort('WN', 8, 5)), A('w', 8, 4)] });
    const s = edit(toSegment(start(b), b, 'groundAssault'), (d) => { for (const id of ['n', 's', 'w']) mutUnit(d, id).markers.push('TA'); });
    const dw = (hex: number, attackers: string[]) => {
      const o = gaOdds(s, b, { hex, attackers });
      if (!o.ok) throw new Error(o.message);
      return o.odds.shifts.find((x) => /defender in/.test(x.why));
    };
    expect(dw(hx(5, 5), ['n'])).toMatchObject({ why: 'defender in StP' });
    expect(dw(hx(5, 5), ['s'])).toMatchObject({ why: 'defender in ET-2' });
    expect(s.fieldworks[hx(8, 5)]).toBe('ET-2');
    expect(dw(hx(8, 5), ['w'])).toMatchObject({ why: 'defender in ET-2' });
  });
});
