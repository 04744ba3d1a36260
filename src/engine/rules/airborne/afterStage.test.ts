/**
 * AW 41.12 after the stage: the Airborne Re-Group Segment (AW 3.3.5g) with the ES track (41.2.3c) and
 * the regroup DRM (41.3.6), the reveal of eliminated FoW units once all have regrouped (41.2.3), FoW
 * units in the normal GTs (41.3.3), DZ removal (AW 41.0, 15.0). On a test-only scenario: the 6th
 * Airborne night drop with a longer length (to June 10 AM) and no stage-alone ending.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame } from '../../game';
import type { GameEvent, GameState } from '../../types';
import { boxRegistry } from '../locations';
import { act, edit, fmt, hx, longBundle, ofType, withDice } from './stage.fixture';
import { airborneDraft, airborneState } from './state';
import { regroupChance } from './regroup';
import { riverBridges } from './movement';
import { gaOdds } from '../gaOdds';
import { divisionOnHand, primaryDz } from './dzSupply';
import { reachable } from '../movement';
import { blownBridgeSides } from '../extensions';
import { downBridgeSides, standingBridge } from '../placedBridges';
import { distance, hexsideHexes } from '../../hex';
import { terrainOf } from '../../board';
import { segmentAt } from '../../sequence';
import { esUnits, fowMayAct, fowMayEnter, fowMoveLimits, regroupGdDrm, afterStageExtension } from './afterStage';
import { dropUnit, mutUnit, putUnit, unitList, unitOf } from '../../unitTable';

const B = longBundle();
const PT = B.sequence.playerTurn;
const ADMIN = PT.findIndex((p) => p.id === 'administrative');
const seg = (phase: number, id: string) => PT[phase].segments.findIndex((s) => s.id === id);
const box = (id: string) => boxRegistry(B).byId.get(id)!.loc;

/**
 * The game at GT `turn` (3 = June 7 AM), Allied player turn, in the Ammo Replenishment Segment's second
 * part (the German's), so that one endSegment enters the Airborne Re-Group Segment; DZs N and K on the
 * map, and FoW placeholders of DZ N's container where given (`es-n` for an ES box, or a hex).
 */
function beforeRegroup(turn: number, fow: Record<string, string>, more?: (d: GameState) => void): GameState {
  const s0 = newGame(B, { seed: 't' }).state;
  return edit(s0, (d) => {
    d.pos = { turn, playerTurn: 0, phase: ADMIN, segment: seg(ADMIN, 'ammoReplenishment'), actorStep: 1 };
    const a = airborneDraft(d as never);
    a.dzs['6AB-N'].hex = hx('C4727'); a.dzs['6AB-N'].status = 'B';
    a.dzs['6AB-K'].hex = hx('C4730'); a.dzs['6AB-K'].status = 'C';
    a.dropDate = '1944-06-06';
    a.pools['6AB-N'] = { ids: ['a-8para-6ab', 'b-8para-6ab', 'c-8para-6ab', 'cw-dummy-1'], dummies: 1, landed: Object.keys(fow).length, size: 4 };
    for (const [id, where] of Object.entries(fow)) {
      a.fow[id] = { pool: '6AB-N' };
      putUnit(d, where.startsWith('es-')
        ? { id, side: 'allied', hex: null, box: box(where), stepsLost: 0, mpSpent: 0, markers: [] }
        : { id, side: 'allied', hex: hx(where), stepsLost: 0, mpSpent: 0, markers: [] });
    }
    more?.(d as GameState);
  });
}

describe('AW 3.3.5g / 41.2.3c the ES track in the Airborne Re-Group Segment', () => {
  it('lowest box first: the unit that started in box 1 lands FoW side up on a DZ of its nationality (the Allied player\'s choice of N or K); the others move one box lower and roll: box 2 never eliminates, box 5 on a 0', () => {
    const s0 = beforeRegroup(3, { 'cw-fow-1': 'es-1', 'cw-fow-2': 'es-3', 'cw-fow-3': 'es-6' });
    expect(esUnits(s0, B)).toEqual([{ id: 'cw-fow-1', box: 1 }, { id: 'cw-fow-2', box: 3 }, { id: 'cw-fow-3', box: 6 }]);
    const r = act(s0, { type: 'endSegment' });
    expect(B.sequence.playerTurn[r.state.pos.phase].segments[r.state.pos.segment].id).toBe('airborneRegroup');
    expect(r.state.pending).toMatchObject({ side: 'allied', kind: 'esLand', case: 'AW 41.2.3c' });
    expect(legalActions(r.state, 'allied')).toEqual([{ type: 'esLand', unit: 'cw-fow-1', hex: 'C4727' }, { type: 'esLand', unit: 'cw-fow-1', hex: 'C4730' }]);
    const r2 = act(withDice(r.state, [['d10', 0], ['d10', 0]]), { type: 'esLand', unit: 'cw-fow-1', hex: 'C4730' });
    expect(fmt(unitOf(r2.state, 'cw-fow-1').hex!)).toBe('C4730');
    expect(ofType(r2.events, 'esMoved')).toEqual([
      { type: 'esMoved', unit: 'cw-fow-2', from: 'es-3', to: 'es-2', roll: 0, eliminated: false, case: 'AW 41.2.3c' },
      { type: 'esMoved', unit: 'cw-fow-3', from: 'es-6', to: 'es-5', roll: 0, eliminated: true, case: 'AW 41.2.3c' },
    ]);
    expect(unitOf(r2.state, 'cw-fow-2').box).toBe(box('es-2'));
    expect(unitOf(r2.state, 'cw-fow-3').eliminated).toBe(true);
    expect(airborneState(r2.state).fow['cw-fow-3']).toEqual({ pool: '6AB-N', eliminated: true });
    // Its identity stays hidden: two FoW units are still out.
    expect(ofType(r2.events, 'fowRevealed')).toEqual([]);
    expect(r2.state.pending).toBeNull();
    // AW 41.2.3c: the unit back from box 1 may not move voluntarily until it regroups.
    expect(fowMayAct(r2.state, B, 'cw-fow-1', 'move')).toMatchObject({ code: 'es-returned', case: 'AW 41.2.3c' });
    expect(fowMayAct(r2.state, B, 'cw-fow-2', 'move')).toBeNull();
  });

  it('a survival roll other than 0 keeps the unit in box 5; with one DZ of its nationality the box-1 unit lands there without a choice', () => {
    const s0 = beforeRegroup(3, { 'cw-fow-1': 'es-1', 'cw-fow-3': 'es-6' }, (d) => { airborneDraft(d as never).dzs['6AB-K'].removed = { case: 'test' }; });
    const r = act(withDice(s0, [['d10', 7]]), { type: 'endSegment' });
    expect(fmt(unitOf(r.state, 'cw-fow-1').hex!)).toBe('C4727');
    expect(ofType(r.events, 'esLanded')).toEqual([{ type: 'esLanded', unit: 'cw-fow-1', hex: 'C4727', case: 'AW 41.2.3c' }]);
    expect(ofType(r.events, 'esMoved')).toEqual([{ type: 'esMoved', unit: 'cw-fow-3', from: 'es-6', to: 'es-5', roll: 7, eliminated: false, case: 'AW 41.2.3c' }]);
    expect(r.state.pending).toBeNull();
  });
});

describe('AW 41.2.3 eliminated FoW units are revealed once every FoW unit has regrouped', () => {
  it('while one FoW unit is out nothing is drawn; when none is left, each eliminated one is drawn from its container at the Re-Group Segment\'s end', () => {
    const out = beforeRegroup(3, { 'cw-fow-1': 'C4827', 'cw-fow-2': 'C4828' }, (d) => {
      mutUnit(d, 'cw-fow-2').eliminated = true; mutUnit(d, 'cw-fow-2').hex = null;
      (airborneDraft(d as never).fow['cw-fow-2'] as { eliminated?: true }).eliminated = true;
    });
    const r1 = act(act(out, { type: 'endSegment' }).state, { type: 'endSegment' });
    expect(ofType(r1.events, 'fowRevealed')).toEqual([]);
    // cw-fow-1 regrouped meanwhile (its record gone, as fow.ts revealFow leaves it): the eliminated one is drawn.
    const all = edit(out, (d) => { delete airborneDraft(d as never).fow['cw-fow-1']; dropUnit(d, 'cw-fow-1'); });
    const r2 = act(all, { type: 'endSegment' });
    const r3 = act(r2.state, { type: 'endSegment' });
    const rev = ofType(r3.events, 'fowRevealed');
    expect(rev).toHaveLength(1);
    expect(rev[0]).toMatchObject({ placeholder: 'cw-fow-2', pool: '6AB-N' });
    expect(airborneState(r3.state).fow['cw-fow-2']).toBeUndefined();
    expect(airborneState(r3.state).pools['6AB-N'].ids).toHaveLength(3);
    const drawn = rev[0].unit as string | null;
    if (drawn) expect(unitOf(r3.state, drawn).eliminated).toBe(true);
  });
});

describe('AW 41.3.6 regroup in the normal GTs', () => {
  it('−1 DRM per GD after the drop: June 7 −1, June 8 −2; none in the stage', () => {
    expect(regroupGdDrm(beforeRegroup(3, {}), B)).toBe(-1);
    expect(regroupGdDrm(beforeRegroup(5, {}), B)).toBe(-1);
    expect(regroupGdDrm(beforeRegroup(6, {}), B)).toBe(-2);
    expect(regroupGdDrm(newGame(B, { seed: 't' }).state, B)).toBe(0);
    expect(airborneState(newGame(B, { seed: 't' }).state).dropDate).toBe('1944-06-06');
  });
  it('AW 41.3.6 worked: a FoW unit on DZ N (status B, regroup number 6) regroups on 7 or less on June 7, 8 or less on June 8; the roll is made in the Re-Group Segment', () => {
    expect(regroupChance(beforeRegroup(3, { 'cw-fow-1': 'C4727' }), B, 'cw-fow-1')).toEqual({ number: 7, dz: 'B', leader: false });
    expect(regroupChance(beforeRegroup(6, { 'cw-fow-1': 'C4727' }), B, 'cw-fow-1')).toEqual({ number: 8, dz: 'B', leader: false });
    const s0 = act(beforeRegroup(3, { 'cw-fow-1': 'C4727' }), { type: 'endSegment' }).state;
    const r = act(withDice(s0, [['d10', 7], ['d100', null]]), { type: 'regroup', unit: 'cw-fow-1' });
    expect(ofType(r.events, 'fowRevealed')).toHaveLength(1);
    expect(airborneState(r.state).fow['cw-fow-1']).toBeUndefined();
  });
  it('the Airborne Re-Group Segment is modelled: the Allied player acts in it (regroup admitted), the ES track moved on entry', () => {
    const r = act(beforeRegroup(3, {}), { type: 'endSegment' });
    expect(ofType(r.events, 'notModelled')).toEqual([]);
    expect(r.state.pos).toMatchObject({ phase: ADMIN, segment: seg(ADMIN, 'airborneRegroup') });
    expect(apply(r.state, { type: 'abAttack', hex: 'C4827', attackers: ['x'] })).toMatchObject({ ok: false, error: { code: 'wrong-segment' } });
  });
});

describe('AW 41.3.3 FoW units in the normal GTs', () => {
  const s = beforeRegroup(3, { 'cw-fow-1': 'C4929' });
  it('MA 3; no observing, no offensive GA', () => {
    expect(afterStageExtension.ma!(s, B, 'cw-fow-1', 6)).toEqual({ ma: 3, case: 'AW 41.3.3', text: 'FoW unit: MA 3' });
    expect(fowMayAct(s, B, 'cw-fow-1', 'observe')).toMatchObject({ code: 'fow-observe', case: 'AW 41.3.3' });
    expect(fowMayAct(s, B, 'cw-fow-1', 'offensiveGa')).toMatchObject({ code: 'fow-attack', case: 'AW 41.3.3' });
    expect(fowMayAct(s, B, 'a-8para-6ab', 'observe')).toBeNull();
  });
  it('ignores movement halts, generates none for enemy movers, and moves only one hex when it crosses an unbridged river (or enters marsh, bocage or forest off-road)', () => {
    const l = fowMoveLimits(s, B, 'cw-fow-1')!;
    expect(l.ignoreHalts).toBe(true);
    expect(l.oneHexStep!(hx('C4722'), hx('C4721'))).toEqual({ case: 'AW 41.3.3', reason: 'crosses an unbridged river' });
    expect(l.oneHexStep!(hx('C4727'), hx('C4827'))).toBeNull();
    expect(fowMoveLimits(s, B, 'a-8para-6ab')).toBeNull();
    expect(afterStageExtension.noHalts!(s, B, 'cw-fow-1')).toBe(true);
    expect(afterStageExtension.noHalts!(s, B, 'a-8para-6ab')).toBe(false);
  });
  it('may not move farther from a DZ than it started (any DZ): from C4929, 2 from DZ K (C4730)', () => {
    const f = fowMayEnter(s, B, 'cw-fow-1')!;
    expect(f(hx('C4830'))).toBeNull();
    expect(f(hx('C4928'))).toBeNull();
    expect(f(hx('C5028'))).toMatchObject({ code: 'fow-farther', case: 'AW 41.3.3' });
    expect(fowMayEnter(s, B, 'a-8para-6ab')).toBeNull();
  });
});

describe('AW 41.0 / 15.0 DZ removal', () => {
  it('AW 15.0: a German unit that entered a DZ hex removes it at the start of the next German player turn', () => {
    let s = beforeRegroup(3, {}, (d) => { mutUnit(d, 'ii-726-716').hex = hx('C4727'); });
    let removed: unknown[] = [];
    for (let i = 0; i < 40 && !removed.length; i++) {
      const r = act(s, { type: 'endSegment' });
      s = r.state;
      removed = ofType(r.events, 'dzRemoved');
      if (!removed.length) expect(s.pos.playerTurn).toBe(0);
    }
    expect(removed).toEqual([{ type: 'dzRemoved', dz: '6AB-N', hex: 'C4727', main: true, why: 'a German unit entered the DZ hex', case: 'AW 15.0' }]);
    expect(s.pos).toMatchObject({ turn: 3, playerTurn: 1 });
    expect(airborneState(s).dzs['6AB-N'].removed).toEqual({ case: 'AW 15.0' });
    expect(airborneState(s).dzs['6AB-K'].removed).toBeUndefined();
  });
  it('AW 41.0: the DZs leave the map at the start of the June 10 AM GT', () => {
    // June 9 Night (GT 11), German player turn, its last segment.
    const last = PT.length - 1;
    let s = edit(beforeRegroup(11, {}), (d) => { d.pos = { turn: 11, playerTurn: 1, phase: last, segment: PT[last].segments.length - 1 }; });
    const r = act(s, { type: 'endSegment' });
    s = r.state;
    expect(ofType(r.events, 'dzRemoved').map((e) => e.dz)).toEqual(['6AB-N', '6AB-K']);
    expect(ofType(r.events, 'dzRemoved')[0]).toMatchObject({ case: 'AW 41.0' });
  });
});

describe('AW 41.3.7b blown bridges in the normal GTs', () => {
  it('AW 41.3.7b a bridge blown in the stage stays down: the GOSS movement of a later GT no longer crosses it (Extension blownBridges)', () => {
    const MOVE = PT.findIndex((p) => p.id === 'movement');
    const side = riverBridges(B, new Set()).find((x) => { const [a, b] = hexsideHexes(x); return B.board.moveTerrain[a] !== undefined && terrainOf(B.board, a) === 'clear' && terrainOf(B.board, b) === 'clear'; })!;
    const [a, b] = hexsideHexes(side);
    const at = (blown: number[]) => edit(beforeRegroup(3, {}), (d) => {
      d.pos = { turn: 3, playerTurn: 0, phase: MOVE, segment: seg(MOVE, 'move') };
      for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.side === 'german' && u.hex !== null && distance(u.hex, a) <= 8) { u.hex = null; u.eliminated = true; }
      putUnit(d, { id: 'a-8para-6ab', side: 'allied', hex: a, stepsLost: 0, mpSpent: 0, markers: [] });
      if (blown.length) airborneDraft(d as never).bridges = { blown };
    });
    expect(segmentAt(B.sequence, at([]).pos).segment.id).toBe('move');
    // The Coy on C4427 crosses the bridge to C4526 in one hex; blown, it must go round by the next bridge.
    expect([fmt(a), fmt(b)]).toEqual(['C4427', 'C4526']);
    expect(reachable(at([]), B, 'a-8para-6ab').get(b)?.path.map(fmt)).toEqual(['C4526']);
    const down = at([side]);
    expect(blownBridgeSides(down, B).has(side)).toBe(true);
    expect(reachable(down, B, 'a-8para-6ab').get(b)?.path.map(fmt)).toEqual(['C4428', 'C4527', 'C4526']);
    // Nothing blown: the hook adds nothing.
    expect(blownBridgeSides(at([]), B).size).toBe(0);
    // The one set of downed bridges (GOSS 17.3.2 demolished + AW 41.3.7b blown): retreats (retreat.ts)
    // and the GA's river hexside (gaOdds.ts) ask standingBridge, the GenS trace (supply.ts) reads the set.
    expect(standingBridge(at([]), B, a, b)).toBe(true);
    expect(standingBridge(down, B, a, b)).toBe(false);
    expect(downBridgeSides(down, B).has(side)).toBe(true);
    const both = edit(down, (d) => { (d.special as { bridges?: { demolished?: number[] } }).bridges = { demolished: [side + 1] }; });
    expect([...downBridgeSides(both, B)].sort((x, y) => x - y)).toEqual([side, side + 1]);
  });
});

describe('AW 41.3.3 a FoW unit leads only if alone', () => {
  it('AW 41.3.3 a FoW unit (PR 6) defending with a regrouped Coy: the Coy leads; alone, the FoW unit leads', () => {
    const both = beforeRegroup(3, { 'cw-fow-1': 'C4929' }, (d) => {
      putUnit(d, { id: 'a-8para-6ab', side: 'allied', hex: hx('C4929'), stepsLost: 0, mpSpent: 0, markers: [] });
      mutUnit(d, 'ii-726-716').hex = hx('C4928'); mutUnit(d, 'ii-726-716').markers = ['TA'];
    });
    const o = gaOdds(both, B, { hex: hx('C4929'), attackers: ['ii-726-716'] }, 'german');
    expect(o).toMatchObject({ ok: true });
    expect((o as { odds: { leads: { defenderPr: string } } }).odds.leads.defenderPr).toBe('a-8para-6ab');
    // Named by the defender, the FoW unit still does not lead while the Coy may.
    const named = gaOdds(both, B, { hex: hx('C4929'), attackers: ['ii-726-716'], leadPr: { defender: 'cw-fow-1' } }, 'german');
    expect((named as { odds: { leads: { defenderPr: string } } }).odds.leads.defenderPr).toBe('a-8para-6ab');
    const alone = edit(both, (d) => { mutUnit(d, 'a-8para-6ab').hex = null; });
    expect((gaOdds(alone, B, { hex: hx('C4929'), attackers: ['ii-726-716'] }, 'german') as { odds: { leads: { defenderPr: string } } }).odds.leads.defenderPr).toBe('cw-fow-1');
  });
});

describe('AW 15.0 primary DZs after the stage', () => {
  it('AW 15.0 the primary DZ (6th AB N) removed: the division is on-hand for the rest of the GD; at the next AM GT the Allied player selects K or V as the new primary DZ', () => {
    let s = beforeRegroup(3, { 'cw-fow-1': 'C4929' }, (d) => {
      mutUnit(d, 'ii-726-716').hex = hx('C4727');
      putUnit(d, { id: 'a-8para-6ab', side: 'allied', hex: hx('C4730'), stepsLost: 0, mpSpent: 0, markers: [] });
      airborneDraft(d as never).dzs['6AB-V'].hex = hx('C5030');
    });
    expect(primaryDz(s, '6AB')).toBe('6AB-N');
    let events: GameEvent[] = [];
    for (let i = 0; i < 40 && !ofType(events, 'dzRemoved').length; i++) { const r = act(s, { type: 'endSegment' }); s = r.state; events = r.events; }
    expect(ofType(events, 'dzPrimaryLost')).toEqual([{ type: 'dzPrimaryLost', dz: '6AB-N', division: '6AB', case: 'AW 15.0' }]);
    expect(ofType(events, 'supplyChanged').map((e) => [e.unit, e.to, e.case])).toEqual([['a-8para-6ab', 'OhS', 'AW 15.0'], ['cw-fow-1', 'OhS', 'AW 15.0']]);
    expect(unitOf(s, 'a-8para-6ab').markers).toContain('OhS');
    expect(primaryDz(s, '6AB')).toBeNull();
    expect(divisionOnHand(s, B, '6AB')).toBe(true);
    // On to the next AM GT (June 8 AM): the choice comes before any player segment.
    for (let i = 0; i < 400 && !s.pending; i++) s = act(s, { type: 'endSegment' }).state;
    expect(s.pos.turn).toBe(6);
    expect(divisionOnHand(s, B, '6AB')).toBe(false);
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'dzPrimary', case: 'AW 15.0' });
    expect(legalActions(s, 'german')).toEqual([]);
    expect(legalActions(s, 'allied')).toEqual([{ type: 'dzPrimary', dz: '6AB-K' }, { type: 'dzPrimary', dz: '6AB-V' }]);
    expect(apply(s, { type: 'dzPrimary', dz: '6AB-N' })).toMatchObject({ ok: false });
    const r = act(s, { type: 'dzPrimary', dz: '6AB-V' });
    expect(ofType(r.events, 'dzPrimaryChosen')).toEqual([{ type: 'dzPrimaryChosen', division: '6AB', dz: '6AB-V', hex: 'C5030', how: 'selected', case: 'AW 15.0' }]);
    expect(primaryDz(r.state, '6AB')).toBe('6AB-V');
    expect(r.state.pending).toBeNull();
  });
  it('AW 15.0 with one DZ of the division left it becomes the primary DZ without a choice; a DZ that was not primary removes no supply', () => {
    let s = beforeRegroup(3, {}, (d) => { mutUnit(d, 'ii-726-716').hex = hx('C4730'); });
    let events: GameEvent[] = [];
    for (let i = 0; i < 40 && !ofType(events, 'dzRemoved').length; i++) { const r = act(s, { type: 'endSegment' }); s = r.state; events = r.events; }
    expect(ofType(events, 'dzRemoved').map((e) => e.dz)).toEqual(['6AB-K']);
    expect(ofType(events, 'dzPrimaryLost')).toEqual([]);
    expect(primaryDz(s, '6AB')).toBe('6AB-N');
    // N lost too, with K gone: at the next AM GT no DZ is left.
    s = edit(s, (d) => { mutUnit(d, 'ii-726-716').hex = hx('C4727'); });
    const seen: GameEvent[] = [];
    for (let i = 0; i < 400 && s.pos.turn < 7; i++) { const r = act(s, { type: 'endSegment' }); s = r.state; seen.push(...r.events); }
    expect(ofType(seen, 'dzPrimaryChosen')).toEqual([{ type: 'dzPrimaryChosen', division: '6AB', dz: null, hex: null, how: 'no DZ left', case: 'AW 15.0' }]);
  });
});

describe('AW 41.12.0 standard GTs', () => {
  it('AW 41.12.0 from June 6 AM the stage rules are suspended but 41.2.3a (ES), 41.3.3 and 41.3.6 stay: a FoW unit has MA 3 and regroups with −1 on June 7; stage actions are refused', () => {
    const s = beforeRegroup(3, { 'cw-fow-1': 'C4929' });
    expect(afterStageExtension.ma!(s, B, 'cw-fow-1', 6)).toMatchObject({ ma: 3, case: 'AW 41.3.3' });
    expect(regroupGdDrm(s, B)).toBe(-1);
    expect(apply(s, { type: 'abMove', unit: 'cw-fow-1', path: ['C4930'] })).toMatchObject({ ok: false });
    expect(apply(s, { type: 'dropFow', dz: '6AB-N' })).toMatchObject({ ok: false });
    // In the stage the normal-GT hooks are off (the stage's own movement and ratings apply).
    const inStage = edit(s, (d) => { d.pos = { ...d.pos, part: 'stage' } as typeof d.pos; });
    expect(afterStageExtension.ma!(inStage, B, 'cw-fow-1', 6)).toBeNull();
    expect(regroupGdDrm(inStage, B)).toBe(0);
  });
});
