/**
 * Goodwood's special rules wired into movement, retreat and designation (issue 6): the play area
 * (AW 32.0), the 2 Cdn Div boundary (AW 32.7.1), carpet-bombed units (AW 32.2.2), Wunsche (AW 32.8.0)
 * and the GenS movement restriction (GOSS 7.7.5, AW 32.9), on the real scenario data.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { loadScenario } from '../../data/bundle';
import { apply, newGame } from '../game';
import { formatHex, hexOfRulesId, neighbours } from '../hex';
import { isLand } from '../board';
import type { GameEvent, GameState } from '../types';
import { checkMark, movementOptions } from './movement';
import { F_ENEMY_ADJ, F_HALT_ADJ, enemyWithin, sideView } from './movement-search';
import { genSCost, supplyRule } from './supply';
import { selfplayLogs } from '../../bench/scale';
import { hexSet, inPlayArea, special } from './scenarioArea';
import { doRetreat } from './retreat';
import { toSegment } from './combat.fixture';
import { airPointsPerDay, atmosphere } from './fireSupport';
import { mutUnit, putUnit, unitList, unitOf } from '../unitTable';

const b = loadScenario('goodwood');
// AW 32.11.0: the German setup (no breakdowns) is finished; the carpet bombing follows it.
const fresh = () => { const r = apply(newGame(b, { seed: 'wiring' }).state, { type: 'finishSetup' }); if (!r.ok) throw new Error(r.error.message); return r.state; };
const moveSeg = (s: GameState, pt: 0 | 1 = 0) => toSegment(s, b, 'move', pt);

describe('Goodwood special rules in movement and retreat', () => {
  it('AW 32.0 / 32.7.1: 14th Hussars (2 Cdn Div) may not leave the playing area nor cross the 2 Cdn Div boundary; both moves are refused with the case', () => {
    const s = moveSeg(fresh());
    const o = movementOptions(s, b, '14-h-2c');
    if ('error' in o) throw new Error(o.error.message);
    const east = hexSet(b, special(b).movement!.restrictions[0].mayNotEnter);
    expect(o.destinations.length).toBeGreaterThan(10);
    expect(o.destinations.every((d) => inPlayArea(b, d.hex) && !east.has(d.hex))).toBe(true);
    const from = unitOf(s, '14-h-2c').hex!;
    const out = neighbours(from).find((h) => isLand(b.board, h) && !inPlayArea(b, h))!;
    const r = apply(s, { type: 'move', unit: '14-h-2c', path: [formatHex(out)] });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['outside-play-area', 'AW 32.0']);
    const atLine = produce(s, (d) => { mutUnit(d, '14-h-2c').hex = hexOfRulesId('C4720'); });
    const r2 = apply(atLine, { type: 'move', unit: '14-h-2c', path: ['C4820'] });
    expect(!r2.ok && [r2.error.code, r2.error.case]).toEqual(['restricted-area', 'AW 32.7.1']);
  });

  it('AW 32.7.1: a 2 Cdn Div unit forced east of the boundary may not take PA, and the Movement Segment may not end while it can move back', () => {
    const s = produce(moveSeg(fresh()), (d) => { mutUnit(d, 'black-watch-5-2c').hex = hexOfRulesId('C4820'); });
    expect(checkMark(s, b, 'black-watch-5-2c', 'PA')).toMatchObject({ code: 'restricted-area', case: 'AW 32.7.1' });
    const r = apply(s, { type: 'endSegment' });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['must-leave', 'AW 32.7.1']);
    const back = apply(s, { type: 'move', unit: 'black-watch-5-2c', path: ['C4720'] });
    expect(back.ok).toBe(true);
  });

  it('AW 32.2.2: carpet-bombed units generate no movement halts (adjacent hexes keep the surcharge flag only), and their own MA is halved', () => {
    const s = fresh();
    const bombed = unitList(s).find((u) => u.markers.includes('AS-blue') && !u.eliminated)!;
    // leave the bombed unit alone in its neighbourhood
    const alone = produce(s, (d) => {
      for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.side === 'german' && u.hex !== null && u.hex !== bombed.hex && neighbours(u.hex).some((n) => neighbours(bombed.hex!).includes(n) || n === bombed.hex)) u.hex = null;
    });
    const free = neighbours(bombed.hex!).filter((n) => !unitList(alone).some((u) => u.side === 'german' && u.hex !== null && (u.hex === n || neighbours(n).includes(u.hex) && u.hex !== bombed.hex)));
    expect(free.length).toBeGreaterThan(0);
    const v = sideView(alone, b, 'allied');
    for (const n of free) expect([v.flags[n] & F_ENEMY_ADJ, v.flags[n] & F_HALT_ADJ]).toEqual([F_ENEMY_ADJ, 0]);
    const unbombed = produce(alone, (d) => { for (const u of unitList(d).map((x) => mutUnit(d, x.id))) u.markers = u.markers.filter((m) => m !== 'AS-blue'); });
    const v2 = sideView(unbombed, b, 'allied');
    for (const n of free) expect(v2.flags[n] & F_HALT_ADJ).toBe(F_HALT_ADJ);
    // German Movement Segment of July 18 AM: the bombed unit moves at half MA
    const g = moveSeg(s, 1);
    const mover = unitList(g).find((u) => u.markers.includes('AS-blue') && !u.eliminated && b.units.get(u.id)!.ma > 0 && !('error' in movementOptions(g, b, u.id)))!;
    const o = movementOptions(g, b, mover.id);
    if ('error' in o) throw new Error(o.error.message);
    expect(o.allowance.parts.map((p) => p.case)).toContain('AW 32.2.2');
  });

  it('AW 32.8.0: Wunsche adds 1 MP to the MA of a 12th SS unit he starts the phase stacked with', () => {
    const s = moveSeg(produce(fresh(), (d) => {
      putUnit(d, { id: 'wunsche', side: 'german', hex: unitOf(d, '12flak-12ss').hex, stepsLost: 0, mpSpent: 0, markers: [] });
    }), 1);
    const o = movementOptions(s, b, '12flak-12ss');
    if ('error' in o) throw new Error(o.error.message);
    expect(o.allowance.parts.find((p) => p.case === 'AW 32.8.0')?.text).toBe('stacked with Wunsche: +1 MA');
    expect(o.allowance.budget).toBe(2 * 13);
  });

  it('GOSS 7.7.5: an out-of-supply unit may not move adjacent to an enemy unit', () => {
    const s = moveSeg(fresh());
    const before = movementOptions(s, b, '3-rtr-29-11');
    const oos = produce(s, (d) => { mutUnit(d, '3-rtr-29-11').markers.push('OoS'); });
    const after = movementOptions(oos, b, '3-rtr-29-11');
    if ('error' in before || 'error' in after) throw new Error('no options');
    const v = sideView(s, b, 'allied');
    expect(before.destinations.some((d) => v.flags[d.hex] & F_ENEMY_ADJ)).toBe(true);
    expect(after.destinations.filter((d) => v.flags[d.hex] & F_ENEMY_ADJ)).toEqual([]);
  });

  it('GOSS 7.7.5 / AW 32.9: in the opponent\'s Goodwood game, no move into a hex without a GenS trace within 3 hexes of an enemy', () => {
    // The opponent's Goodwood game (tests/fixtures/selfplay), 15 actions in: the Allied Movement Segment.
    const log = selfplayLogs().find((l) => l.scenario === 'goodwood')!;
    let s = newGame(b, log.options).state;
    for (const a of log.actions.slice(0, 15)) { const r = apply(s, a); if (!r.ok) throw new Error(r.error.message); s = r.state; }
    const id = '13-18-h-27';
    expect(formatHex(unitOf(s, id).hex!)).toBe('C5221');
    const max = supplyRule(b, 'allied')!.maxAdjacentToEnemy;
    const cost = genSCost(s, b, 'allied');
    const v = sideView(s, b, 'allied');
    const to = hexOfRulesId('C5222');
    // The hex itself: no trace within the limit, an enemy within 3 hexes, nothing else in the way.
    expect(cost.get(to) ?? Infinity).toBeGreaterThan(max);
    expect(enemyWithin(v, to, 3)).toBe(true);
    const r = apply(s, { type: 'move', unit: id, path: ['C5222'] });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['out-of-supply', 'GOSS 7.7.5, AW 32.9']);
    // The same unit's legal destinations: none is a hex out of GenS within 3 hexes of an enemy.
    const o = movementOptions(s, b, id);
    if ('error' in o) throw new Error(o.error.message);
    const outOfGenS = o.destinations.filter((d) => (cost.get(d.hex) ?? Infinity) > max);
    expect(outOfGenS.filter((d) => enemyWithin(v, d.hex, 3))).toEqual([]);
    expect(o.destinations.map((d) => d.hex)).not.toContain(to);
  });

  it('AW 32.0: a stack that retreats out of the playing area is out of play (eliminated)', () => {
    const s = fresh();
    const id = 'fmr-6-2c';
    const out = neighbours(unitOf(s, id).hex!).find((h) => isLand(b.board, h) && !inPlayArea(b, h))!;
    const events: GameEvent[] = [];
    const after = produce(s, (d) => doRetreat({ d, bundle: b, events, lost: {} }, 'allied', [id], [out], 'GOSS 13.11'));
    expect(unitOf(after, id)).toMatchObject({ hex: null, eliminated: true });
    expect(events[0]).toMatchObject({ type: 'unitEliminated', unit: id, why: 'retreated out of the playing area', case: 'AW 32.0' });
  });

  it('AW 32.2.1 / 32.4.0: Allied air points 0 on July 18 AM and 32 per game day from July 18 PM; the atmosphere is POvr from July 19 (special.weather)', () => {
    const s = fresh();
    const at = (turn: number) => ({ ...s, pos: { ...s.pos, turn } });
    expect(airPointsPerDay(at(0), b, 'allied').points).toBe(0);
    expect(airPointsPerDay(at(1), b, 'allied').points).toBe(32);
    expect(airPointsPerDay(at(1), b, 'german').points).toBe(0);
    expect([0, 2, 3, 6].map((t) => atmosphere(at(t), b).value)).toEqual(['clear', 'clear', 'POvr', 'Ovr']);
  });
});
