import { describe, expect, it } from 'vitest';
import { legalActions } from '../../game';
import { act, atDrop, b6, edit, fmt, hexOfTerrain, noGermans, ofType, playTo, refusal, segId, withDice } from './stage.fixture';
import { airborneState, type AirborneState } from './state';
import type { GameState } from '../../types';
import type { Draft } from 'immer';
import { dropUnit, mutUnit, putUnit, unitOf } from '../../unitTable';

const K = '6AB-K';
const ab = (d: Draft<GameState>) => (d.special as unknown as { airborne: AirborneState }).airborne;

/** DZ K landed in full (status `status`, clear hex, no Germans, 2 dummies), at the 1st Allied Movement Segment. */
function landedK(status: 'A' | 'B' | 'C' | 'D' | 'E' = 'B'): GameState {
  const b = b6();
  const hex = hexOfTerrain(b, 'C5521', 'clear');
  let s = edit(noGermans(atDrop(b)), (d) => { const z = ab(d).dzs[K]; z.hex = hex; z.status = status; z.drm = 0; });
  // Dummies: roll 3 under C adds 2, under B adds 1… force the container instead: 3 Coys + 2 dummies, all FoW on the DZ.
  s = act(withDice(s, [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' }).state;
  s = edit(s, (d) => { const p = ab(d).pools[K]; p.ids = ['a-8para-6ab', 'b-8para-6ab', 'c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2']; p.dummies = 2; p.size = 5; });
  for (let i = 0; i < 5; i++) s = act(withDice(s, [['d10', 0]], `k${i}`), { type: 'dropFow', dz: K }).state;
  return playTo(s, b, 'alliedMovement1');
}

describe('AW 41.3.5 regroup', { timeout: 30_000 }, () => {
  it('AW 41.3.5 on a status B DZ (regroup 6) a roll of 6 regroups: the identity is drawn from the container (percentile 21 of 5: the 2nd) and the Coy replaces the FoW counter', () => {
    const s0 = landedK('B');
    const hex = unitOf(s0, 'cw-fow-1').hex!;
    const { state, events } = act(withDice(s0, [['d10', 6], ['d100', 21]]), { type: 'regroup', unit: 'cw-fow-1' });
    expect(ofType(events, 'regroupRoll')[0]).toMatchObject({ number: 6, dz: 'B', leader: false, roll: 6, success: true, case: 'AW 41.3.5' });
    expect(ofType(events, 'fowRevealed')[0]).toMatchObject({ placeholder: 'cw-fow-1', unit: 'b-8para-6ab', dummy: false, pool: K, case: 'AW 41.3.5' });
    expect(unitOf(state, 'cw-fow-1')).toBeUndefined();
    expect(unitOf(state, 'b-8para-6ab')).toMatchObject({ hex, side: 'allied' });
    expect(airborneState(state).pools[K].ids).toEqual(['a-8para-6ab', 'c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2']);
    expect(airborneState(state).revealed).toEqual({ 'cw-fow-1': 'b-8para-6ab' });
  });
  it('AW 41.3.5 a uniform draw: with 3 left a percentile of 99 (the top remainder) is rolled again; then 04 draws the 2nd of 3', () => {
    let s = landedK('A');
    s = act(withDice(s, [['d10', 0], ['d100', 0]]), { type: 'regroup', unit: 'cw-fow-1' }).state; // a-8para
    s = act(withDice(s, [['d10', 0], ['d100', 0]], 'q'), { type: 'regroup', unit: 'cw-fow-2' }).state; // b-8para
    expect(airborneState(s).pools[K].ids).toEqual(['c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2']);
    const { events } = act(withDice(s, [['d10', 0], ['d100', 99], ['d100', 4]], 'r'), { type: 'regroup', unit: 'cw-fow-3' });
    expect(ofType(events, 'dieRolled').map((e) => (e.roll as { value: number }).value)).toEqual([0, 99, 4]);
    expect(ofType(events, 'fowRevealed')[0]).toMatchObject({ unit: null, dummy: true }); // index 4 mod 3 = 1: cw-dummy-1
    expect(airborneState(act(withDice(s, [['d10', 0], ['d100', 99], ['d100', 4]], 'r'), { type: 'regroup', unit: 'cw-fow-3' }).state).pools[K].ids).toEqual(['c-8para-6ab', 'cw-dummy-2']);
  });
  it('AW 41.3.5 a dummy revealed is removed from the map', () => {
    const s0 = landedK('B');
    const { state, events } = act(withDice(s0, [['d10', 0], ['d100', 3]]), { type: 'regroup', unit: 'cw-fow-2' });
    expect(ofType(events, 'fowRevealed')[0]).toMatchObject({ unit: null, dummy: true });
    expect(unitOf(state, 'cw-fow-2')).toBeUndefined();
    expect(unitOf(state, 'cw-dummy-1')).toBeUndefined();
    expect(airborneState(state).revealed).toEqual({ 'cw-fow-2': 'dummy' });
  });
  it('AW 41.3.5 a roll above the number fails: the counter stays FoW and may not try again this segment', () => {
    const s0 = landedK('B');
    const { state, events } = act(withDice(s0, [['d10', 7]]), { type: 'regroup', unit: 'cw-fow-1' });
    expect(ofType(events, 'regroupRoll')[0]).toMatchObject({ roll: 7, number: 6, success: false });
    expect(airborneState(state).fow['cw-fow-1']).toBeDefined();
    expect(refusal(state, { type: 'regroup', unit: 'cw-fow-1' })).toMatchObject({ code: 'regroup-tried', case: 'AW 41.3.5' });
    expect(legalActions(state, 'allied')).not.toContainEqual({ type: 'regroup', unit: 'cw-fow-1' });
    expect(legalActions(state, 'allied')).toContainEqual({ type: 'regroup', unit: 'cw-fow-2' });
  });
  it('AW 41.3.5 away from a DZ: with a leader only the number is 3; alone a FoW counter may not try', () => {
    const b = b6();
    let s = landedK('B');
    const away = hexOfTerrain(b, 'C5021', 'clear');
    s = edit(s, (d) => { mutUnit(d, 'cw-fow-1').hex = away; });
    expect(refusal(s, { type: 'regroup', unit: 'cw-fow-1' })).toMatchObject({ code: 'no-dz-or-leader', case: 'AW 41.3.5' });
    s = edit(s, (d) => { putUnit(d, { id: 'gale', side: 'allied', hex: away, stepsLost: 0, mpSpent: 0, markers: [] }); });
    const { events } = act(withDice(s, [['d10', 4]]), { type: 'regroup', unit: 'cw-fow-1' });
    expect(ofType(events, 'regroupRoll')[0]).toMatchObject({ number: 3, leader: true, dz: null, success: false });
  });
  it('AW 41.3.5 a leader on the DZ adds 1: status C (4) becomes 5', () => {
    let s = landedK('C');
    s = edit(s, (d) => { putUnit(d, { id: 'gale', side: 'allied', hex: unitOf(d, 'cw-fow-1').hex, stepsLost: 0, mpSpent: 0, markers: [] }); });
    const { events } = act(withDice(s, [['d10', 5], ['d100', 0]]), { type: 'regroup', unit: 'cw-fow-1' });
    expect(ofType(events, 'regroupRoll')[0]).toMatchObject({ number: 5, leader: true, dz: 'C', success: true });
  });
});

describe('AW 41.3.4 reorganisation', { timeout: 30_000 }, () => {
  function twoCoys(): GameState {
    let s = landedK('A');
    s = act(withDice(s, [['d10', 0], ['d100', 0]]), { type: 'regroup', unit: 'cw-fow-1' }).state; // a-8para
    s = act(withDice(s, [['d10', 0], ['d100', 0]], 'q'), { type: 'regroup', unit: 'cw-fow-2' }).state; // b-8para
    // AW 41.3.0: reorganisation comes first in a segment, so the regrouped Coys reform in the next one.
    expect(refusal(s, { type: 'reorganise', unit: '8para-6ab', coys: ['a-8para-6ab', 'b-8para-6ab'] })).toMatchObject({ code: 'order', case: 'AW 41.3.0' });
    // As at the start of the next Allied Movement Segment: the regroup attempts belong to an earlier one.
    return edit(s, (d) => { ab(d).regroupTried = {}; });
  }
  it('AW 41.3.4 two Coys of 8 Para stacked reform the Btn with one step lost', () => {
    const s0 = twoCoys();
    const hex = unitOf(s0, 'a-8para-6ab').hex;
    expect(legalActions(s0, 'allied')).toContainEqual({ type: 'reorganise', unit: '8para-6ab', coys: ['a-8para-6ab', 'b-8para-6ab'] });
    const { state, events } = act(s0, { type: 'reorganise', unit: '8para-6ab', coys: ['b-8para-6ab', 'a-8para-6ab'] });
    expect(unitOf(state, '8para-6ab')).toMatchObject({ hex, stepsLost: 1 });
    expect(unitOf(state, 'a-8para-6ab')).toBeUndefined();
    expect(ofType(events, 'reorganised')[0]).toMatchObject({ unit: '8para-6ab', stepsLost: 1, case: 'AW 41.3.4' });
  });
  it('AW 41.3.4 a lone Coy becomes a Btn only once every FoW unit has regrouped and the ES track is empty', () => {
    const s0 = twoCoys();
    expect(refusal(s0, { type: 'reorganise', unit: '8para-6ab', coys: ['a-8para-6ab'] })).toMatchObject({ code: 'lone-coy', case: 'AW 41.3.4' });
    const s1 = edit(s0, (d) => { ab(d).fow = {}; for (const id of ['cw-fow-3', 'cw-fow-4', 'cw-fow-5']) dropUnit(d, id); });
    expect(unitOf(act(s1, { type: 'reorganise', unit: '8para-6ab', coys: ['a-8para-6ab'] }).state, '8para-6ab').stepsLost).toBe(2);
  });
  it('AW 41.3.4 Coys of another Btn, or not stacked, are refused', () => {
    const s0 = twoCoys();
    expect(refusal(s0, { type: 'reorganise', unit: '9para-6ab', coys: ['a-8para-6ab', 'b-8para-6ab'] }).code).toBe('other-btn');
    const s1 = edit(s0, (d) => { mutUnit(d, 'b-8para-6ab').hex = hexOfTerrain(b6(), 'C5021', 'clear'); });
    expect(refusal(s1, { type: 'reorganise', unit: '8para-6ab', coys: ['a-8para-6ab', 'b-8para-6ab'] })).toMatchObject({ code: 'not-stacked', case: 'AW 41.3.4' });
  });
});

describe('AW 41.3.0 the order within the Allied Movement Segment', { timeout: 30_000 }, () => {
  it('AW 41.3.0 reorganisation, then FoW regroup, then movement: once a unit has moved no FoW unit may regroup', () => {
    const s0 = landedK('A');
    expect(legalActions(s0, 'allied').some((a) => a.type === 'regroup')).toBe(true);
    const s1 = edit(s0, (d) => { const key = `${d.pos.turn}:${segId(d as GameState, b6())}`; ab(d).moves = { seg: key, moved: ['x'] }; });
    expect(refusal(s1, { type: 'regroup', unit: 'cw-fow-1' })).toMatchObject({ code: 'order', case: 'AW 41.3.0' });
    expect(legalActions(s1, 'allied').some((a) => a.type === 'regroup')).toBe(false);
  });
});

describe('AW 41.3.1 FoW stacking', { timeout: 30_000 }, () => {
  it('AW 41.3.1 at the end of the Allied Movement Segment a hex keeps 4 FoW units: 5 moved together lose one; those still on their landing DZ are exempt', () => {
    const b = b6();
    const s0 = landedK('B');
    // All five on the DZ they landed on: exempt.
    const kept = act(s0, { type: 'endSegment' });
    expect(ofType(kept.events, 'unitEliminated')).toEqual([]);
    const away = hexOfTerrain(b, 'C5021', 'clear');
    const s1 = edit(s0, (d) => { for (let i = 1; i <= 5; i++) mutUnit(d, `cw-fow-${i}`).hex = away; });
    const { state, events } = act(s1, { type: 'endSegment' });
    expect(ofType(events, 'unitEliminated')).toEqual([expect.objectContaining({ unit: 'cw-fow-5', case: 'AW 41.3.1' })]);
    expect(airborneState(state).fow['cw-fow-5']).toMatchObject({ eliminated: true });
    expect(fmt(unitOf(state, 'cw-fow-4').hex!)).toBe(fmt(away));
  });
});
