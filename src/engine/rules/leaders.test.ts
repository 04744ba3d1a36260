import { describe, expect, it } from 'vitest';
import { Dice } from '../rng';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import { gat } from './combatTables';
import { gaOdds, type GaDeclaration } from './gaOdds';
import { gaResults } from './gaTable';
import { frameOf } from '../procedures';
import { gossLeaderRules, leaderPrcDrm } from './leaders';
import { advanceOptions } from './groundAssault';
import { special } from './scenarioArea';
import { loadScenario } from '../../data/bundle';
import { act, at, edit, fixture, fmt, hx, segmentId, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
/** A GOSS 23 leader counter: no combat values, no PR. */
const LEADER = { size: 'Leader' as const, type: 'Leader', steps: [[0, 0]] as [number, number][], pr: [null, null] as [null, null], ma: 12, moveClass: 'mech' as const };
/** AW 32.8.0 as data: the GOSS and AW leader rules set aside. */
const NO_GOSS_LEADERS = { leaderRules: { goss: false, case: 'AW 32.8.0', source: 'test: AW 32.8.0-style' } };

const SPECIAL = { artillery: {
  resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
  groups: [{ id: 'ag', side: 'allied', name: 'test group', kind: 'group', points: 24, range: 7, mapCounter: 'ag', source: 'test: AW 32.5.2-style group' }],
} };
const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };

const prcOf = (events: GameEvent[]) => events.find((e) => e.type === 'prc');

/** The FS mission on the German stack at (3,4) with two hits and no AS, waiting for the target's first-hit choice. */
function fsTwoHits(b: ScenarioBundle): GameState {
  const s0 = toSegment(start(b), b, 'offensiveFs');
  const mission = { type: 'fireMission' as const, target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'ag', points: 16 }] };
  for (let i = 0; i < 5000; i++) {
    const s = act(withSeed(s0, `f${i}`), mission).state;
    const f = frameOf(s, 'fireMission');
    if (f && f.hits === 2 && f.as === 0 && s.pending?.kind === 'fsHits') return s;
  }
  throw new Error('no seed for a two-hit mission');
}
const seedD10 = (n: number, v: number): string => { for (let i = 0; i < 100000; i++) if (new Dice(`p${i}`, n).d10('x') === v) return `p${i}`; throw new Error('no seed'); };

describe('GOSS 4.4.1 / 23.2.1 a leader gives −1 DRM on proficiency checks in its hex', () => {
  const fsBundle = (withLeader: boolean, special: Record<string, unknown> = {}) => fixture({
    special: { ...SPECIAL, ...special },
    units: [A('ag', 0, 4, GROUP), A('spot', 2, 4), G('g', 3, 4), ...(withLeader ? [G('ldr', 3, 4, LEADER)] : [])],
  });

  it('GOSS 11.6.2a / 4.4.1: the FS hits PRC of a stack with a leader passes on a roll of 5 against PR 5 (5 − 1 < 5); the leader\'s own missing PR is not the lowest', () => {
    const s = fsTwoHits(fsBundle(true));
    const r = act(withSeed(s, seedD10(s.n, 5)), { type: 'fsHits', option: 'step' });
    expect(prcOf(r.events)).toEqual({ type: 'prc', pr: 5, roll: 5, drm: -1, pass: true, why: 'FS hits PRC, −1 DRM for leader ldr', case: 'GOSS 11.6.2a, GOSS 4.4.1, 23.2.1' });
    expect(unitOf(r.state, "g")).toMatchObject({ hex: hx(3, 4), stepsLost: 2 }); // passed: the second hit a step loss too, no retreat
  });

  it('GOSS 11.6.2a: without a leader the same roll of 5 against PR 5 fails and the stack retreats', () => {
    const s = fsTwoHits(fsBundle(false));
    const r = act(withSeed(s, seedD10(s.n, 5)), { type: 'fsHits', option: 'step' });
    expect(prcOf(r.events)).toEqual({ type: 'prc', pr: 5, roll: 5, pass: false, why: 'FS hits PRC', case: 'GOSS 11.6.2a' });
  });

  it('AW 32.8.0: where the scenario ignores the GOSS leader rules, a stacked leader gives no PRC DRM (roll 5 against PR 5 fails)', () => {
    const b = fsBundle(true, NO_GOSS_LEADERS);
    expect(gossLeaderRules(b)).toBe(false);
    const s = fsTwoHits(b);
    const r = act(withSeed(s, seedD10(s.n, 5)), { type: 'fsHits', option: 'step' });
    expect(prcOf(r.events)).toEqual({ type: 'prc', pr: 5, roll: 5, pass: false, why: 'FS hits PRC', case: 'GOSS 11.6.2a' });
  });

  it('GOSS 23.2.1: only a leader of the checking side in the checking units\' hex counts, and only one (−1 with two leaders)', () => {
    const b = fixture({ units: [G('g', 3, 4), G('l1', 3, 4, LEADER), G('l2', 3, 4, LEADER), A('al', 4, 4, LEADER), G('far', 6, 6, LEADER), A('a', 2, 4)] });
    const s = start(b);
    expect(leaderPrcDrm(s, b, 'german', [hx(3, 4)])).toEqual({ drm: -1, leader: 'l1', case: 'GOSS 4.4.1, 23.2.1' });
    expect(leaderPrcDrm(s, b, 'allied', [hx(2, 4)])).toBeNull(); // the Allied leader is in another hex
    expect(leaderPrcDrm(s, b, 'allied', [hx(3, 4)])).toBeNull(); // German leaders do not help Allied checks
    const dead = edit(s, (d) => { mutUnit(d, "l1").eliminated = true; mutUnit(d, "l1").hex = null; mutUnit(d, "l2").eliminated = true; mutUnit(d, "l2").hex = null; });
    expect(leaderPrcDrm(dead, b, 'german', [hx(3, 4)])).toBeNull();
  });

  it('GOSS 13.10.1: the defender\'s mandatory PRC is made with −1 DRM when a leader is stacked with its lead PR unit', () => {
    const b = fixture({ units: [A('a', 2, 4, { pr: [5, 5] }), G('g', 3, 4, { pr: [5, 4] }), G('ldr', 3, 4, LEADER)] });
    const s0 = edit(toSegment(start(b), b, 'groundAssault'), (d) => { mutUnit(d, "a").markers.push('TA'); });
    const decl: GaDeclaration = { hex: hx(3, 4), attackers: ['a'] };
    const o = gaOdds(s0, b, decl);
    if (!o.ok) throw new Error(o.message);
    // A seed whose GA dice give the defender a mandatory PRC and the attacker nothing, then a PRC roll of 4 (= PR 4).
    let seed = '';
    for (let i = 0; i < 200000 && !seed; i++) {
      const d = new Dice(`m${i}`, s0.n);
      const res = gaResults(gat(b), o.odds.column, d.d100('a') + o.odds.drm, d.d100('d') + o.odds.drm);
      if (res.onDefender.prc && res.onAttacker.result === '-' && d.d10('prc') === 4) seed = `m${i}`;
    }
    const r = act(withSeed(s0, seed), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a'] });
    expect(r.events.find((e) => e.type === 'prc' && e.unit === 'g')).toEqual({ type: 'prc', unit: 'g', pr: 4, roll: 4, drm: -1, pass: true, why: 'mandatory PRC, −1 DRM for leader ldr', case: 'GOSS 13.10.1, GOSS 4.4.1, 23.2.1' });
  });

  it('GOSS 12.0 / 4.4.1: the attacker adjustment PRC with a leader in the hex passes on a roll of 5 against PR 5', () => {
    const b = fixture({ units: [A('a', 2, 4), A('ldr', 2, 4, LEADER), G('g', 3, 4)] });
    let s = act(toSegment(start(b), b, 'attackDesignation'), { type: 'designate', units: ['a'] }).state;
    for (let i = 0; i < 10 && segmentId(s, b) !== 'attackerAdjustment'; i++) s = act(s, { type: 'endSegment' }).state;
    const r = act(withSeed(s, seedD10(s.n, 5)), { type: 'dropAttack', unit: 'a' });
    expect(prcOf(r.events)).toEqual({ type: 'prc', unit: 'a', pr: 5, roll: 5, drm: -1, pass: true, why: 'drop an attack designation outside MCT, −1 DRM for leader ldr', case: 'GOSS 12.0, GOSS 4.4.1, 23.2.1' });
    expect(unitOf(r.state, "a").markers).not.toContain('TA');
  });
});

describe('AW 32.8.0 Goodwood ignores the GOSS and AW leader rules: Wunsche has only his listed abilities', () => {
  const WUNSCHE = { combat: { leaders: [{ unit: 'wunsche', formation: '12SS', attackShift: 2, defenceShift: 1, advanceBonus: 1, source: 'test: AW 32.8.0-style' }] } };
  const ss = { extra: { formation: '12SS' } };
  const pz = { extra: { formation: '21Pz' } };
  const prOf = (b: ScenarioBundle, s: GameState) => {
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    return { pr: o.odds.drms.find((x) => x.kind === 'PR')!, shifts: o.odds.shifts.filter((x) => x.why.includes('wunsche')).map((x) => [x.side, x.n]) };
  };

  it('AW 32.8.0 / GOSS 13.8.1: Wunsche stacked with German defenders of another formation adds neither +1 lead PR nor a column; a GOSS leader would add the +1', () => {
    const units = [A('a', 2, 4), G('g', 3, 4, pz), G('wunsche', 3, 4, LEADER)];
    const aw = fixture({ rules: WUNSCHE, special: NO_GOSS_LEADERS, units });
    const r = prOf(aw, gaStateOf(aw));
    expect([r.pr.attacker, r.pr.defender, r.pr.value, r.shifts]).toEqual([5, 5, 0, []]);
    expect(r.pr.why).toBe('lead PR 5 vs 5');
    // The same counter where the GOSS leader rules apply: +1 defensive lead PR (GOSS 13.8.1, max 9).
    const goss = fixture({ units });
    const g = prOf(goss, gaStateOf(goss));
    expect([g.pr.defender, g.pr.value, g.pr.why]).toEqual([6, -5, 'lead PR 5 vs 6 (+1 defending leader (max 9))']);
  });

  it('AW 32.8.0: with 12th SS defenders Wunsche gives his one defensive column and still no lead PR', () => {
    const b = fixture({ rules: WUNSCHE, special: NO_GOSS_LEADERS, units: [A('a', 2, 4), G('g', 3, 4, ss), G('wunsche', 3, 4, LEADER)] });
    const r = prOf(b, gaStateOf(b));
    expect([r.pr.defender, r.shifts]).toEqual([5, [['defender', 1]]]);
  });

  it('AW 32.8.0: Wunsche adds one hex to the maximum advance of 12th SS units stacked with him only', () => {
    const b = fixture({ rules: WUNSCHE, special: NO_GOSS_LEADERS, units: [G('ss', 2, 4, ss), G('pz', 2, 4, pz), G('wunsche', 2, 4, LEADER), A('x', 9, 9)] });
    const s = edit(start(b), (d) => { mutUnit(d, "ss").markers.push('TA'); mutUnit(d, "pz").markers.push('TA'); });
    const frame = {
      proc: 'groundAssault' as const, hex: hx(3, 4), attackerSide: 'german' as const, defenderSide: 'allied' as const, attackers: ['ss', 'pz'], defenders: ['x'],
      stage: 'advance' as const, decl: { standoff: [], fullStrength: [] }, odds: null, rolls: null, att: null, def: null,
      defPath: [fmt(hx(4, 4)), fmt(hx(5, 4))], defGoneEarly: false, overrun: false,
    };
    expect(advanceOptions(s, b, frame).map((o) => [o.unit, o.max])).toEqual([['ss', 2], ['pz', 1]]); // TA 1, +1 for the 12th SS unit
  });

  it('AW 32.8.0: Goodwood sets the GOSS leader rules aside in its data', () => {
    const gw = loadScenario('goodwood');
    expect(gossLeaderRules(gw)).toBe(false);
    expect(special(gw).leaderRules).toMatchObject({ goss: false, case: 'AW 32.8.0' });
    expect(special(gw).leaders!.map((l) => l.unit)).toEqual(['wunsche']);
  });
});

function gaStateOf(b: ScenarioBundle): GameState {
  return edit(toSegment(start(b), b, 'groundAssault'), (d) => { mutUnit(d, "a").markers.push('TA'); });
}
