import { describe, expect, it } from 'vitest';
import type { Draft } from 'immer';
import { legalActions } from '../../game';
import { areAdjacent, formatHex } from '../../hex';
import { act, b6, edit, fmt, hexOfTerrain, hx, noGermans, ofType, playTo, refusal, start, withDice } from './stage.fixture';
import { airborneState, type AirborneState, type DzState } from './state';
import { mervilleDrm } from './glider';
import type { GameState } from '../../types';
import { mutUnit, unitList, unitOf } from '../../unitTable';

const N = '6AB-N';
const ab = (d: Draft<GameState>) => (d.special as unknown as { airborne: AirborneState }).airborne;

let cached: GameState | null = null;
/** The Glider Landing Segment of the 6th AB night drop (drop played with any dice). */
function atGliders(): GameState {
  cached ??= playTo(start(b6(), 'g'), b6(), 'gliderLanding');
  return cached;
}
function dzN(s: GameState, hex: number, status: DzState['status'], drm = 0): GameState {
  return edit(noGermans(s), (d) => { const z = ab(d).dzs[N]; z.hex = hex; z.status = status; z.drm = drm; });
}

describe('AW 41.4.2 glider landing', { timeout: 30_000 }, () => {
  it('AW 41.4.2 the −3 DRM: the 6th AB HQ rolls 2 under status A → −1, row 0: no scatter; it may then displace one hex or stay', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5317', 'clear');
    const { state, events } = act(withDice(dzN(atGliders(), clear, 'A'), [['d10', 2]]), { type: 'landGlider', unit: '6ab-hq' });
    expect(ofType(events, 'unitScatter')[0]).toMatchObject({ roll: 2, modified: -1, result: 'NS', case: 'AW 41.4.2' });
    expect(unitOf(state, '6ab-hq').hex).toBe(clear);
    const offers = legalActions(state, 'allied').filter((a) => a.type === 'gliderDisplace');
    expect(offers[0]).toEqual({ type: 'gliderDisplace', unit: '6ab-hq' });
    const to = (offers[1] as { hex: string }).hex;
    expect(areAdjacent(hx(to), clear)).toBe(true);
    const s2 = act(state, offers[1]).state;
    expect(fmt(unitOf(s2, '6ab-hq').hex!)).toBe(to);
    expect(refusal(s2, { type: 'gliderDisplace', unit: '6ab-hq' })).toMatchObject({ code: 'no-displace', case: 'AW 41.4.2' });
  });
  it('AW 41.4.2 gliders ignore ES: status E with DRM +3, roll 9 reads ES, taken as S6 (a ring-6 percentile follows)', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5317', 'clear');
    const { events } = act(withDice(dzN(atGliders(), clear, 'E', 3), [['d10', 9], ['d100', null], ['d10', 0]]), { type: 'landGlider', unit: '6ab-hq' });
    expect(ofType(events, 'unitScatter')[0]).toMatchObject({ modified: 9, result: 'S6' });
    expect(ofType(events, 'dieRolled')[1]).toMatchObject({ roll: expect.objectContaining({ dice: '2d10', purpose: expect.stringContaining('ring 6') }) });
    expect(ofType(events, 'extendedScatter')).toEqual([]);
  });
  it('AW 41.4.2 glider landing terrain: in marsh a 7 eliminates (a para unit would go to the ES track)', () => {
    const b = b6();
    const marsh = hexOfTerrain(b, 'C5317', 'marsh');
    const { state, events } = act(withDice(dzN(atGliders(), marsh, 'A'), [['d10', 0], ['d10', 7]]), { type: 'landGlider', unit: '6ab-hq' });
    expect(ofType(events, 'landingTerrain')[0]).toMatchObject({ terrain: 'marsh', roll: 7, result: 'eliminated', case: 'AW 41.4.2' });
    expect(unitOf(state, '6ab-hq').eliminated).toBe(true);
  });
  it('AW 41.4.2 landing among Germans who pass their PR check: the AT battery that landed there is eliminated', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5317', 'clear');
    const base = atGliders();
    const inf = [...b.units.values()].find((u) => u.side === 'german' && u.type === 'Inf' && u.size === 'Bn' && u.prDef !== null && unitOf(base, u.id))!;
    const s0 = edit(dzN(base, clear, 'A'), (d) => { mutUnit(d, inf.id).hex = clear; });
    const { state, events } = act(withDice(s0, [['d10', 0], ['d10', 0]]), { type: 'landGlider', unit: '4al-at-6ab' });
    expect(ofType(events, 'prCheck')[0]).toMatchObject({ unit: inf.id, roll: 0, pass: true, case: 'AW 41.4.2, 41.2.3b' });
    expect(unitOf(state, '4al-at-6ab').eliminated).toBe(true);
    expect(ofType(events, 'unitEliminated')[0]).toMatchObject({ unit: '4al-at-6ab', case: 'AW 41.4.2' });
  });
  it('AW 41.4.0 every glider unit lands before the segment ends', () => {
    expect(refusal(atGliders(), { type: 'endSegment' })).toMatchObject({ code: 'gliders-waiting', case: 'AW 41.4.0' });
  });
});

describe('AW 41.4.1 Merville battery (C5614)', { timeout: 30_000 }, () => {
  it('AW 41.4.1 the Merville step lands on C5614 without scatter on 0–2; 3–9 eliminates it', () => {
    const ok = act(withDice(atGliders(), [['d10', 2]]), { type: 'landGlider', unit: 'merville-9para' });
    expect(fmt(unitOf(ok.state, 'merville-9para').hex!)).toBe('C5614');
    expect(ofType(ok.events, 'mervilleLanding')[0]).toMatchObject({ roll: 2, landed: true, case: 'AW 41.4.1' });
    expect(ofType(ok.events, 'unitScatter')).toEqual([]);
    const lost = act(withDice(atGliders(), [['d10', 3]]), { type: 'landGlider', unit: 'merville-9para' });
    expect(unitOf(lost.state, 'merville-9para').eliminated).toBe(true);
  });
  function atCombat(): GameState {
    let s = act(withDice(atGliders(), [['d10', 0]]), { type: 'landGlider', unit: 'merville-9para' }).state;
    s = playTo(s, b6(), 'alliedCombat1');
    return s;
  }
  it('AW 41.4.1 in the 1st Allied Combat Segment other attackers on the battery get +2 (for the airborne combat procedure); alone, the step must attack', () => {
    const s = atCombat();
    const battery = unitOf(s, 'stp01-merville').hex!;
    expect(mervilleDrm(s, b6(), battery)).toBe(2);
    expect(mervilleDrm(s, b6(), hx('C5317'))).toBe(0);
    expect(legalActions(s, 'allied')).toContainEqual(expect.objectContaining({ type: 'mervilleAttack' }));
    expect(refusal(s, { type: 'endSegment' })).toMatchObject({ code: 'merville-must-attack', case: 'AW 41.4.1' });
  });
  it('AW 41.4.1 roll 1: the guns are destroyed and the step moves to an adjacent hex free of Germans', () => {
    const s = atCombat();
    const from = unitOf(s, 'merville-9para').hex!;
    const { state, events } = act(withDice(s, [['d10', 1]]), { type: 'mervilleAttack' });
    expect(ofType(events, 'batteryGunsDestroyed')[0]).toMatchObject({ unit: 'stp01-merville', roll: 1, case: 'AW 41.4.1' });
    expect(airborneState(state).merville).toEqual({ landed: true, attacked: 'destroyed' });
    const to = unitOf(state, 'merville-9para').hex!;
    expect(areAdjacent(from, to)).toBe(true);
    expect(unitList(state).some((u) => u.hex === to && u.side === 'german')).toBe(false);
    expect(act(state, { type: 'endSegment' }).state).toBeDefined();
    expect(formatHex(from)).toBe('C5614');
  });
  it('AW 41.4.1 the Allied player names the adjacent hex free of Germans it moves to: one offer per such hex, each accepted; a German-held or distant hex is refused', () => {
    const s = atCombat();
    const offers = legalActions(s, 'allied').filter((a) => a.type === 'mervilleAttack') as { type: 'mervilleAttack'; hex: string }[];
    expect(offers.length).toBeGreaterThan(1);
    for (const o of offers) {
      const h = hx(o.hex);
      expect(areAdjacent(unitOf(s, 'merville-9para').hex!, h)).toBe(true);
      expect(unitList(s).some((u) => u.hex === h && u.side === 'german' && !u.eliminated)).toBe(false);
    }
    const last = offers[offers.length - 1];
    const { state } = act(withDice(s, [['d10', 1]]), last);
    expect(formatHex(unitOf(state, 'merville-9para').hex!)).toBe(last.hex);
    expect(refusal(s, { type: 'mervilleAttack', hex: 'C5616' })).toMatchObject({ code: 'bad-hex', case: 'AW 41.4.1' });
  });
  it('AW 41.4.1 roll 3: the Merville step is eliminated', () => {
    const { state } = act(withDice(atCombat(), [['d10', 3]]), { type: 'mervilleAttack' });
    expect(unitOf(state, 'merville-9para').eliminated).toBe(true);
    expect(airborneState(state).merville).toEqual({ landed: true, attacked: 'eliminated' });
  });
});
