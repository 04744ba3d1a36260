/**
 * AW 41.5.0–41.5.2, 41.2.3b, 41.2.3d through the engine: `abAttack` in the airborne combat segments,
 * the loser's step and retreat (the owner's choice of hex), the advance, the forced attack of a
 * landing unit and the airborne retreat. On the 6th Airborne night-drop scenario (map C), units placed
 * by hand in clear country south of Ouistreham; dice fixed by the seed (stage.fixture.ts `withDice`).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { legalActions } from '../../game';
import { Dice } from '../../rng';
import { neighbours } from '../../hex';
import { terrainOf } from '../../board';
import type { GameEvent, GameState } from '../../types';
import { act, b6, edit, fmt, hx, ofType, refusal, start, withDice } from './stage.fixture';
import { airborneDraft, airborneState } from './state';
import { startAirborneCombat } from './combatProcedure';
import { forcedAttack } from './combatBridge';
import { startAirborneRetreat, retreatHexes } from './retreat';
import { abEnv } from './combatEnv';
import { mutUnit, putUnit, unitOf } from '../../unitTable';

const B = b6();
const SEGMENTS = B.sequence.stages![0].phases[0].segments.map((s) => s.id);

/** The start state moved to an airborne stage segment, with units placed by hand (`id: hex`). */
function at(segment: string, place: Record<string, string>, extra?: (d: GameState) => void): GameState {
  const s0 = start(B);
  return edit(s0, (d) => {
    d.pos = { ...d.pos, part: 'stage', stage: 0, phase: 0, segment: SEGMENTS.indexOf(segment) };
    for (const [id, h] of Object.entries(place)) putUnit(d, { id, side: B.units.get(id)!.side, hex: hx(h), stepsLost: 0, mpSpent: 0, markers: [] });
    extra?.(d as GameState);
  });
}

/** A FoW placeholder of DZ 6AB-N's container (its identity never drawn in these tests). */
function fow(d: GameState, id: string): void {
  const a = ((d as unknown as { special: Record<string, unknown> }).special ??= {}) as Record<string, { fow?: Record<string, unknown>; pools?: Record<string, unknown> }>;
  const ab = (a.airborne ??= {});
  (ab.fow ??= {})[id] = { pool: '6AB-N' };
  (ab.pools ??= {})['6AB-N'] ??= { ids: ['a-8para-6ab', 'b-8para-6ab'], dummies: 0, landed: 1, size: 2 };
}

/** Dice that read the given faces in order (for a procedure started outside an action). */
class Faces extends Dice {
  constructor(private faces: number[]) { super('x', 0); }
  override d10(purpose: string): number { void purpose; const f = this.faces.shift(); if (f === undefined) throw new Error('no face left'); return f; }
}
function runWith(s: GameState, faces: number[], f: (d: GameState, ctx: { bundle: typeof B; dice: Dice; side: 'allied' }) => GameEvent[]): { state: GameState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  const state = produce(s, (d) => { events = f(d as GameState, { bundle: B, dice: new Faces(faces), side: 'allied' }); });
  return { state, events };
}

describe('AW 41.5 airborne combat through the engine', () => {
  it('the map around C4727 is clear, with no river hexside (what the tests below assume)', () => {
    for (const h of ['C4727', 'C4827', 'C4728', 'C4726', 'C4628']) expect(terrainOf(B.board, hx(h))).toBe('clear');
    expect(neighbours(hx('C4727')).map(fmt)).toEqual(['C4726', 'C4827', 'C4828', 'C4728', 'C4628', 'C4627']);
  });

  it('AW 41.5.1–41.5.2 worked: two para Coys (2+2, PR 6 → +3) and Gale (+1) = 8 against a German Coy (2, PR 5 → +3) = 5; rolls 5 and 1: 13 – 6 = 7 ≥ the loser\'s PR 5, it loses its one step; the attacker advances', () => {
    const s0 = withDice(at('alliedCombat1', { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4727', gale: 'C4727', 'inf-coy-126-1': 'C4827' }), [['d10', 5], ['d10', 1]]);
    expect(legalActions(s0, 'allied').filter((a) => a.type === 'abAttack')).toEqual([
      { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] },
      { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab'] },
      { type: 'abAttack', hex: 'C4827', attackers: ['b-8para-6ab'] },
    ]);
    const r = act(s0, { type: 'abAttack', hex: 'C4827', attackers: ['b-8para-6ab', 'a-8para-6ab'] });
    const c = ofType(r.events, 'abCombat')[0] as unknown as { attacker: Record<string, unknown>; defender: Record<string, unknown>; outcome: Record<string, unknown>; case: string };
    expect(c.attacker).toMatchObject({ strength: 4, lead: 'a-8para-6ab', pr: 6, prAdd: 3, leader: 'gale', leaderAdd: 1, total: 8 });
    expect(c.defender).toMatchObject({ strength: 2, lead: 'inf-coy-126-1', pr: 5, prAdd: 3, terrain: null, total: 5 });
    expect(c.outcome).toEqual({ attacker: { total: 8, roll: 5, final: 13 }, defender: { total: 5, roll: 1, final: 6 }, winner: 'attacker', diff: 7, loserPr: 5, result: 'retreatStep' });
    expect(unitOf(r.state, 'inf-coy-126-1').eliminated).toBe(true);
    expect(r.state.pending).toMatchObject({ side: 'allied', kind: 'abAdvance', case: 'AW 41.5.2' });
    expect(legalActions(r.state, 'allied')).toEqual([
      { type: 'abAdvance', units: [] }, { type: 'abAdvance', units: ['a-8para-6ab'] }, { type: 'abAdvance', units: ['b-8para-6ab'] },
      { type: 'abAdvance', units: ['a-8para-6ab', 'b-8para-6ab'] },
    ]);
    const r2 = act(r.state, { type: 'abAdvance', units: ['a-8para-6ab'] });
    expect(fmt(unitOf(r2.state, 'a-8para-6ab').hex!)).toBe('C4827');
    expect(r2.state.procs).toBeUndefined();
    expect(r2.state.pending).toBeNull();
    // AW 41.5.0: each unit attacks once per segment.
    const again = edit(r2.state, (d) => { putUnit(d, { id: 'inf-coy-126-b-1', side: 'german', hex: hx('C4728'), stepsLost: 0, mpSpent: 0, markers: [] }); });
    expect(refusal(again, { type: 'abAttack', hex: 'C4728', attackers: ['b-8para-6ab'] })).toMatchObject({ code: 'attacked', case: 'AW 41.5.0' });
  });

  it('AW 41.5.2 a difference below the loser\'s PR: the defender retreats one hex, the German choosing among the open hexes (AW 41.2.3d), then the attacker may advance', () => {
    // 8 against a German Bn 6 + 3 = 9: rolls 9 and 4, 17 – 13 = 4 < PR 5.
    const s0 = withDice(at('alliedCombat1', { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4727', gale: 'C4727', 'ii-726-716': 'C4827', 'c-8para-6ab': 'C4828' }), [['d10', 9], ['d10', 4]]);
    const r = act(s0, { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] });
    expect(ofType(r.events, 'abCombat')[0]).toMatchObject({ outcome: { winner: 'attacker', diff: 4, loserPr: 5, result: 'retreat' } });
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'abRetreat', case: 'AW 41.2.3d' });
    // Not into C4727 or C4828 (Allied units there).
    expect(legalActions(r.state, 'german')).toEqual(['C4826', 'C4926', 'C4927', 'C4726'].map((hex) => ({ type: 'abRetreat', hex })));
    expect(refusal(r.state, { type: 'abRetreat', hex: 'C4727' })).toMatchObject({ code: 'illegal-choice', case: 'AW 41.2.3d' });
    const r2 = act(r.state, { type: 'abRetreat', hex: 'C4826' });
    expect(fmt(unitOf(r2.state, 'ii-726-716').hex!)).toBe('C4826');
    expect(unitOf(r2.state, 'ii-726-716').stepsLost).toBe(0);
    expect(ofType(r2.events, 'airborneRetreated')[0]).toMatchObject({ units: ['ii-726-716'], from: 'C4827', to: 'C4826', case: 'AW 41.2.3d' });
    expect(r2.state.pending).toMatchObject({ side: 'allied', kind: 'abAdvance' });
  });

  it('AW 41.5.2 the defender wins: the attacking units retreat and the attacker\'s lead unit loses a step (the loser\'s PR is the attacker\'s offensive PR 6)', () => {
    // 8 against 9: rolls 0 and 6, 8 – 15 = 7 ≥ 6.
    const s0 = withDice(at('alliedCombat1', { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4727', 'gale': 'C4727', 'ii-726-716': 'C4827' }), [['d10', 0], ['d10', 6]]);
    const r = act(s0, { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] });
    expect(ofType(r.events, 'abCombat')[0]).toMatchObject({ outcome: { winner: 'defender', diff: 7, loserPr: 6, result: 'retreatStep' } });
    expect(unitOf(r.state, 'a-8para-6ab').eliminated).toBe(true);
    expect(ofType(r.events, 'unitEliminated')[0]).toMatchObject({ unit: 'a-8para-6ab' });
    expect(r.state.pending).toMatchObject({ side: 'allied', kind: 'abRetreat' });
    const r2 = act(r.state, { type: 'abRetreat', hex: 'C4628' });
    // The attacking unit retreats; the leader, who did not attack, stays (docs/errata.md).
    expect(fmt(unitOf(r2.state, 'b-8para-6ab').hex!)).toBe('C4628');
    expect(fmt(unitOf(r2.state, "gale").hex!)).toBe('C4727');
    expect(r2.state.pending).toBeNull();
  });

  it('AW 41.5.0, 41.3.2 refusals with their case: FoW units do not attack; the attack is from one hex; no attack across an unbridged river; only in the airborne combat segments', () => {
    const s0 = at('alliedCombat1', { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4726', 'cw-fow-1': 'C4727', 'ii-726-716': 'C4827', 'c-8para-6ab': 'C4722', 'i-744-711': 'C4721' }, (d) => fow(d, 'cw-fow-1'));
    expect(refusal(s0, { type: 'abAttack', hex: 'C4827', attackers: ['cw-fow-1'] })).toMatchObject({ code: 'fow-attack', case: 'AW 41.5.0, 41.3.2' });
    expect(refusal(s0, { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] })).toMatchObject({ code: 'one-hex', case: 'AW 41.5.0' });
    expect(refusal(s0, { type: 'abAttack', hex: 'C4721', attackers: ['c-8para-6ab'] })).toMatchObject({ code: 'unbridged-river', case: 'AW 41.5.0' });
    expect(legalActions(s0, 'allied').filter((a) => a.type === 'abAttack' && (a as { attackers: string[] }).attackers.includes('cw-fow-1'))).toEqual([]);
    const move = edit(s0, (d) => { d.pos.segment = SEGMENTS.indexOf('germanCombat1'); });
    expect(refusal(move, { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab'] })).toMatchObject({ code: 'not-your-unit', case: 'AW 41.5.0' });
    expect(legalActions(move, 'german').filter((a) => a.type === 'abAttack')).toContainEqual({ type: 'abAttack', hex: 'C4727', attackers: ['ii-726-716'] });
  });

  it('AW 41.4.1 an attack on the Merville battery while the Merville step has landed gets +2 (once), and the StP gives the defender +3', () => {
    const s0 = at('alliedCombat1', { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4727' }, (d) => {
      mutUnit(d, 'stp01-merville').hex = hx('C4827');
      airborneDraft(d as never).merville = { landed: true };
    });
    const r = act(withDice(s0, [['d10', 0], ['d10', 0]]), { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] });
    const c = ofType(r.events, 'abCombat')[0] as unknown as { attacker: { extra: unknown[]; total: number }; defender: { terrain: unknown } };
    expect(c.attacker.extra).toEqual([{ drm: 2, why: 'the Merville step has landed at the battery', case: 'AW 41.4.1' }]);
    expect(c.attacker.total).toBe(4 + 3 + 2);
    expect(c.defender.terrain).toEqual({ drm: 3, why: 'a StP in the hex' });
    expect(airborneState(r.state).merville).toEqual({ landed: true, attacked: 'assisted' });
  });

  it('AW 41.7.0 the German combat uses the same procedure: a FoW unit defends with 1 and PR 6 (+3); lost by 6 or more it is eliminated, its identity not revealed (AW 41.2.3)', () => {
    // German Bn 4 + ⌈4/2⌉ = 6 against the FoW unit 1 + 3 = 4: rolls 8 and 2, 14 – 6 = 8 ≥ 6.
    const s0 = withDice(at('germanCombat1', { 'ii-726-716': 'C4827', 'cw-fow-1': 'C4727' }, (d) => fow(d, 'cw-fow-1')), [['d10', 8], ['d10', 2]]);
    const r = act(s0, { type: 'abAttack', hex: 'C4727', attackers: ['ii-726-716'] });
    expect(ofType(r.events, 'abCombat')[0]).toMatchObject({ attacker: { total: 6, pr: 4 }, defender: { strength: 1, pr: 6, prAdd: 3, total: 4 }, outcome: { winner: 'attacker', diff: 8, result: 'retreatStep' } });
    expect(unitOf(r.state, 'cw-fow-1').eliminated).toBe(true);
    expect(airborneState(r.state).fow['cw-fow-1']).toEqual({ pool: '6AB-N', eliminated: true });
    expect(ofType(r.events, 'fowRevealed')).toEqual([]);
    expect(airborneState(r.state).pools['6AB-N'].ids).toEqual(['a-8para-6ab', 'b-8para-6ab']);
  });
});

describe('AW 41.2.3b forced attack of a landing unit (startAirborneCombat, the landing\'s combatBridge)', () => {
  it('a FoW unit landed among Germans attacks with 1 and PR 6: 1 + 3 + 7 = 11 against the German Coy 2 + 3 + 1 = 6: the German loses its step', () => {
    const s0 = at('airborneDrop', { 'cw-fow-1': 'C4827', 'inf-coy-126-1': 'C4827' }, (d) => fow(d, 'cw-fow-1'));
    const r = runWith(s0, [7, 1], (d, ctx) => forcedAttack(d as never, ctx as never, hx('C4827'), ['cw-fow-1'], true));
    expect(ofType(r.events, 'abCombat')[0]).toMatchObject({ forced: true, attacker: { strength: 1, pr: 6, total: 4 }, defender: { total: 5 }, outcome: { attacker: { final: 11 }, defender: { final: 6 }, diff: 5, loserPr: 5, result: 'retreatStep' } });
    // 11 – 6 = 5, the Coy's PR: it loses its one step; the FoW unit holds the hex.
    expect(unitOf(r.state, 'inf-coy-126-1').eliminated).toBe(true);
    expect(fmt(unitOf(r.state, 'cw-fow-1').hex!)).toBe('C4827');
    expect(r.state.procs).toBeUndefined();
  });

  it('no effect: the landed unit may not stay with the Germans and retreats out of the hex (reconstructed, docs/errata.md)', () => {
    const s0 = at('airborneDrop', { 'cw-fow-1': 'C4827', 'inf-coy-126-1': 'C4827', 'ii-726-716': 'C4727', 'i-744-711': 'C4828', 'iii-744-711': 'C4926', 'inf-coy-126-b-1': 'C4927', 'inf-coy-126-b-2': 'C4826' }, (d) => fow(d, 'cw-fow-1'));
    // 1 + 3 + 3 = 7 against 2 + 3 + 2 = 7; the only hex around free of Germans is C4726.
    const r = runWith(s0, [3, 2], (d, ctx) => forcedAttack(d as never, ctx as never, hx('C4827'), ['cw-fow-1'], true));
    expect(ofType(r.events, 'abCombat')[0]).toMatchObject({ outcome: { winner: null, result: 'none' } });
    expect(ofType(r.events, 'abForcedOut')[0]).toMatchObject({ units: ['cw-fow-1'], case: 'AW 41.2.3b' });
    expect(fmt(unitOf(r.state, 'cw-fow-1').hex!)).toBe('C4726');
  });

  it('the Germans that failed their PR check retreat first; if none is left, the landed unit stays and there is no combat', () => {
    const s0 = at('airborneDrop', { 'a-8para-6ab': 'C4827', 'inf-coy-126-1': 'C4827', 'b-8para-6ab': 'C4727', 'c-8para-6ab': 'C4828', 'gale': 'C4826' });
    const r = runWith(s0, [], (d, ctx) => startAirborneCombat(d as never, ctx as never, { hex: hx('C4827'), attackers: ['a-8para-6ab'], forced: true, retreatFirst: ['inf-coy-126-1'] }));
    // Three Allied hexes around: the German picks among the other three.
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'abRetreat' });
    expect(legalActions(r.state, 'german')).toEqual(['C4926', 'C4927', 'C4726'].map((hex) => ({ type: 'abRetreat', hex })));
    const r2 = act(r.state, { type: 'abRetreat', hex: 'C4926' });
    expect(fmt(unitOf(r2.state, 'inf-coy-126-1').hex!)).toBe('C4926');
    expect(ofType(r2.events, 'abCombatNone')[0]).toMatchObject({ hex: 'C4827', case: 'AW 41.2.3b' });
    expect(ofType(r2.events, 'abCombat')).toEqual([]);
    expect(fmt(unitOf(r2.state, 'a-8para-6ab').hex!)).toBe('C4827');
  });
});

describe('AW 41.2.3d airborne retreat', () => {
  // C4722: C4721 and C4622 lie across the Orne and its canal (no bridge); C4623 is city, C4823 a village.
  it('one hex into a hex free of enemy units; never across an unbridged river; the owner picks among the open hexes', () => {
    const s0 = at('germanCombat1', { 'ii-726-716': 'C4722', 'a-8para-6ab': 'C4822', 'b-8para-6ab': 'C4723' });
    expect(retreatHexes(abEnv(s0, B), 'german', hx('C4722'), []).map(fmt)).toEqual(['C4823', 'C4623']);
    const r = runWith(s0, [], (d, ctx) => startAirborneRetreat(d as never, ctx as never, { units: ['ii-726-716'], why: 'test' }));
    expect(legalActions(r.state, 'german')).toEqual([{ type: 'abRetreat', hex: 'C4823' }, { type: 'abRetreat', hex: 'C4623' }]);
  });

  it('one open hex: automatic; none: eliminated; non-SP artillery in battery is eliminated; a stack that would be overstacked goes on', () => {
    const one = at('germanCombat1', { 'ii-726-716': 'C4722', 'a-8para-6ab': 'C4822', 'b-8para-6ab': 'C4723', 'c-8para-6ab': 'C4623' });
    const r1 = runWith(one, [], (d, ctx) => startAirborneRetreat(d as never, ctx as never, { units: ['ii-726-716'], why: 'test' }));
    expect(fmt(unitOf(r1.state, 'ii-726-716').hex!)).toBe('C4823');
    const none = edit(one, (d) => { putUnit(d, { id: 'gale', side: 'allied', hex: hx('C4823'), stepsLost: 0, mpSpent: 0, markers: [] }); });
    const r2 = runWith(none, [], (d, ctx) => startAirborneRetreat(d as never, ctx as never, { units: ['ii-726-716'], why: 'test' }));
    expect(unitOf(r2.state, 'ii-726-716').eliminated).toBe(true);
    expect(ofType(r2.events, 'unitEliminated')[0]).toMatchObject({ unit: 'ii-726-716', case: 'AW 41.2.3d' });
    const art = at('germanCombat1', { 'iii-155-21': 'C4727', 'i-155-21': 'C4727' });
    const r3 = runWith(art, [], (d, ctx) => startAirborneRetreat(d as never, ctx as never, { units: ['i-155-21', 'iii-155-21'], why: 'test' }));
    expect(unitOf(r3.state, 'iii-155-21').eliminated).toBe(true);
    expect(unitOf(r3.state, 'i-155-21').eliminated).toBeFalsy();
    // Into C4823, where three German Bns already stand: overstacked, it goes on (not back into C4722).
    const full = at('germanCombat1', { 'ii-726-716': 'C4722', 'a-8para-6ab': 'C4822', 'b-8para-6ab': 'C4723', 'c-8para-6ab': 'C4623', 'i-744-711': 'C4823', 'ii-744-711': 'C4823', 'iii-744-711': 'C4823' });
    const r4 = runWith(full, [], (d, ctx) => startAirborneRetreat(d as never, ctx as never, { units: ['ii-726-716'], why: 'test' }));
    expect(ofType(r4.events, 'airborneRetreated').map((e) => e.to)).toEqual(['C4823']);
    expect(fmt(unitOf(r4.state, 'ii-726-716').hex!)).toBe('C4823');
    expect(r4.state.pending).toMatchObject({ side: 'german', kind: 'abRetreat', case: 'AW 41.2.3d' });
    const on = legalActions(r4.state, 'german').map((a) => (a as { hex: string }).hex);
    expect(on.length).toBeGreaterThan(1);
    expect(on).not.toContain('C4722');
    const r5 = act(r4.state, { type: 'abRetreat', hex: on[0] });
    expect(fmt(unitOf(r5.state, 'ii-726-716').hex!)).toBe(on[0]);
    expect(r5.state.pending).toBeNull();
  });
});

