import { describe, expect, it } from 'vitest';
import tablesJson from '../../../../data/modules/airborne/tables.json';
import { AirborneTables } from '../../../data/schemas/airborne';
import { at, edit, fixture, fmt, hx, start, type UnitSpec } from '../combat.fixture';
import type { GameState, ScenarioBundle } from '../../types';
import { abAttackProblem, abTotals, airborneSide, resolveAirborneCombat, type AbCombatEnv } from './combat';
import { mutUnit } from '../../unitTable';

const T = AirborneTables.parse(tablesJson);
const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const COY = { size: 'Co' as const, steps: [[2, 2]] as [number, number][], pr: [7, 6] as [number, number] };
const LEADER = { size: 'Leader' as const, type: 'Leader', steps: [[0, 0]] as [number, number][], pr: [null, null] as [null, null] };
const FOW = { size: 'Co' as const, type: 'Inf', steps: [[0, 1]] as [number, number][], pr: [0, 6] as [number, number] };
const TANK = { type: 'Arm', moveClass: 'mech' as const, size: 'Co' as const, steps: [[3, 2]] as [number, number][], pr: [5, 4] as [number, number], extra: { armAttack: 2, armDefence: 2 } };
const ART = { type: 'Art', steps: [[2, 1], [1, 1]] as [number, number][], pr: [null, 6] as [null, number], extra: { range: 5 } };

function env(b: ScenarioBundle, s: GameState, fow: string[] = []): AbCombatEnv {
  return { state: s, bundle: b, tables: T, isFow: (id) => fow.includes(id) };
}

describe('AW 41.5.2 airborne combat resolution', () => {
  it('the higher total wins; a difference below the loser\'s PR is a 1-hex retreat, at least the loser\'s PR a retreat and a step, 0 no effect', () => {
    // Attacker 9 (PR 7), defender 8 (PR 4): 9+5 = 14 against 8+2 = 10, difference 4 — exactly the loser's PR 4.
    expect(resolveAirborneCombat({ total: 9, pr: 7 }, { total: 8, pr: 4 }, { attacker: 5, defender: 2 })).toEqual({
      attacker: { total: 9, roll: 5, final: 14 }, defender: { total: 8, roll: 2, final: 10 }, winner: 'attacker', diff: 4, loserPr: 4, result: 'retreatStep',
    });
    // 9+4 = 13 against 8+2 = 10: difference 3 < 4, retreat only.
    expect(resolveAirborneCombat({ total: 9, pr: 7 }, { total: 8, pr: 4 }, { attacker: 4, defender: 2 })).toMatchObject({ winner: 'attacker', diff: 3, result: 'retreat' });
    // 9+1 = 10 against 8+2 = 10: no effect.
    expect(resolveAirborneCombat({ total: 9, pr: 7 }, { total: 8, pr: 4 }, { attacker: 1, defender: 2 })).toMatchObject({ winner: null, diff: 0, loserPr: null, result: 'none' });
    // The defender wins: the attacker's PR (7) is the loser's. 9+0 = 9 against 8+9 = 17: difference 8 ≥ 7.
    expect(resolveAirborneCombat({ total: 9, pr: 7 }, { total: 8, pr: 4 }, { attacker: 0, defender: 9 })).toMatchObject({ winner: 'defender', diff: 8, loserPr: 7, result: 'retreatStep' });
    expect(resolveAirborneCombat({ total: 9, pr: 7 }, { total: 8, pr: 4 }, { attacker: 0, defender: 7 })).toMatchObject({ winner: 'defender', diff: 6, loserPr: 7, result: 'retreat' });
  });
});

describe('AW 41.5.1 airborne combat totals', () => {
  it('Steps 1–3 worked: two para Coys (2+2, PR 7) with a leader attack a German Bn (defence 4, PR 4) in a town: 4 + 4 + 1 = 9 against 4 + 2 + 2 = 8', () => {
    const b = fixture({ terrain: { [at(3, 3)]: 'town' }, units: [A('a', 2, 3, COY), A('b', 2, 3, COY), A('gale', 2, 3, LEADER), G('g', 3, 3, { steps: [[4, 4], [2, 2]], pr: [4, 4] })] });
    const s = start(b);
    const t = abTotals(env(b, s), { attackerSide: 'allied', hex: hx(3, 3), from: hx(2, 3), attackers: ['a', 'b'] });
    expect(t.attacker).toMatchObject({ strength: 4, lead: 'a', pr: 7, prAdd: 4, leader: 'gale', leaderAdd: 1, terrain: null, total: 9 });
    expect(t.defender).toMatchObject({ strength: 4, lead: 'g', pr: 4, prAdd: 2, leader: null, leaderAdd: 0, terrain: { drm: 2, why: 'town' }, total: 8 });
    expect(resolveAirborneCombat(t.attacker, t.defender, { attacker: 5, defender: 2 }).result).toBe('retreatStep');
  });

  it('AW 41.3.2 FoW units defend with 1 and PR 6 (+3); in a forced attack (AW 41.2.3b) a FoW unit attacks with 1 and PR 6', () => {
    const b = fixture({ units: [A('f1', 2, 3, FOW), A('f2', 2, 3, FOW), G('g', 3, 3, { pr: [5, 5] }), A('f3', 5, 5, FOW), G('h', 5, 5, { size: 'Co', steps: [[1, 1]], pr: [3, 3] })] });
    const s = start(b);
    const e = env(b, s, ['f1', 'f2', 'f3']);
    const def = airborneSide(e, { side: 'allied', role: 'defender', units: ['f1', 'f2'], at: hx(2, 3), target: hx(2, 3), from: hx(3, 3) });
    expect(def).toMatchObject({ strength: 2, pr: 6, prAdd: 3, total: 5 });
    expect(def.units.map((l) => l.value)).toEqual([1, 1]);
    const forced = abTotals(e, { attackerSide: 'allied', hex: hx(5, 5), from: hx(5, 5), attackers: ['f3'], forced: true });
    expect(forced.attacker).toMatchObject({ strength: 1, pr: 6, prAdd: 3, total: 4 });
    expect(forced.defender).toMatchObject({ strength: 1, pr: 3, prAdd: 2, terrain: null, total: 3 });
    expect(abAttackProblem(e, 'allied', { hex: hx(5, 5), attackers: ['f3'], forced: true }, null)).toBeNull();
  });

  it('AFVs double attack and defence stacked with infantry in a clear hex (the rule text, not the chart\'s "Def AFV" only: docs/errata.md); not in woods, not alone', () => {
    const b = fixture({
      terrain: { [at(6, 3)]: 'woods' },
      units: [A('t', 2, 3, TANK), A('i', 2, 3, COY), G('gt', 3, 3, TANK), G('gi', 3, 3, { size: 'Co', steps: [[1, 1]] }),
        G('wt', 6, 3, TANK), G('wi', 6, 3, { size: 'Co', steps: [[1, 1]] }), A('lone', 8, 3, TANK)],
    });
    const s = start(b);
    const t = abTotals(env(b, s), { attackerSide: 'allied', hex: hx(3, 3), from: hx(2, 3), attackers: ['i', 't'] });
    expect(t.attacker.units.find((l) => l.unit === 't')!.value).toBe(6);
    expect(t.attacker.strength).toBe(8);
    expect(t.defender.units.find((l) => l.unit === 'gt')!.value).toBe(4);
    expect(t.defender.strength).toBe(5);
    const woods = airborneSide(env(b, s), { side: 'german', role: 'defender', units: ['wt', 'wi'], at: hx(6, 3), target: hx(6, 3), from: hx(5, 3) });
    expect(woods.units.find((l) => l.unit === 'wt')!.value).toBe(2);
    expect(woods.terrain).toEqual({ drm: 1, why: 'woods' });
    const lone = airborneSide(env(b, s), { side: 'allied', role: 'attacker', units: ['lone'], at: hx(8, 3), target: hx(8, 4), from: hx(8, 3) });
    expect(lone.strength).toBe(3);
    // With the chart's reading (defending AFV only) the attacking tank would not double.
    const chart = { ...env(b, s), tables: { ...T, combat: { ...T.combat, afvDoubling: { ...T.combat.afvDoubling, sides: 'defender' as const } } } };
    expect(abTotals(chart, { attackerSide: 'allied', hex: hx(3, 3), from: hx(2, 3), attackers: ['i', 't'] }).attacker.strength).toBe(5);
  });

  it('defender terrain, one only: bocage +2 (the rule text, docs/errata.md), a WN +2, a StP or city +3, across a bridge +2 instead of woods +1', () => {
    const b = fixture({
      terrain: { [at(3, 1)]: 'bocage', [at(3, 5)]: 'city', [at(3, 7)]: 'woods', [at(7, 1)]: 'marsh' },
      hexsides: [{ a: at(2, 7), b: at(3, 7), features: ['river', 'bridge'] }],
      units: [G('boc', 3, 1), G('wn', 7, 3, { moveClass: 'static', ma: 0, extra: { fortification: { kind: 'WN', hex: fmt(hx(7, 3)), place: 'test', source: 'test: WN' } } }),
        G('stp', 7, 5, { moveClass: 'static', ma: 0, extra: { fortification: { kind: 'StP', hex: fmt(hx(7, 5)), place: 'test', source: 'test: StP' } } }), G('city', 3, 5), G('br', 3, 7), G('m', 7, 1), A('x', 0, 9)],
    });
    const s = start(b);
    const tr = (h: [number, number], from: [number, number]) => airborneSide(env(b, s), { side: 'german', role: 'defender', units: [], at: hx(...h), target: hx(...h), from: hx(...from) }).terrain;
    expect(tr([3, 1], [2, 1])).toEqual({ drm: 2, why: 'bocage' });
    expect(tr([7, 3], [6, 3])).toEqual({ drm: 2, why: 'a WN in the hex' });
    expect(tr([7, 5], [6, 5])).toEqual({ drm: 3, why: 'a StP in the hex' });
    expect(tr([3, 5], [2, 5])).toEqual({ drm: 3, why: 'city' });
    expect(tr([3, 7], [2, 7])).toEqual({ drm: 2, why: 'attacked across a bridge' });
    expect(tr([3, 7], [4, 7])).toEqual({ drm: 1, why: 'woods' });
    expect(tr([7, 1], [6, 1])).toEqual({ drm: 1, why: 'marsh' });
  });
});

describe('AW 41.5.0 airborne attack constraints', () => {
  const b = fixture({
    hexsides: [{ a: at(2, 5), b: at(3, 5), features: ['river'] }, { a: at(2, 7), b: at(3, 7), features: ['river', 'bridge'] }],
    units: [A('a', 2, 3, COY), A('b', 2, 4, COY), A('art', 2, 3, ART), A('f', 2, 3, FOW), A('gale', 2, 3, LEADER), G('g', 3, 3),
      A('r', 2, 5, COY), G('gr', 3, 5), A('br', 2, 7, COY), G('gb', 3, 7), A('far', 0, 0, COY)],
  });
  const s = start(b);
  const e = env(b, s, ['f']);
  const p = (attackers: string[], hex: [number, number], done = null as null | { seg: string; hexes: string[]; units: string[] }) => abAttackProblem(e, 'allied', { hex: hx(...hex), attackers }, done);

  it('from one hex only; no FoW attacker; no leader as an attacker; adjacent; the hex and the unit once per segment', () => {
    expect(p(['a'], [3, 3])).toBeNull();
    expect(p(['a', 'b'], [3, 3])).toMatchObject({ code: 'one-hex', case: 'AW 41.5.0' });
    expect(p(['a', 'f'], [3, 3])).toMatchObject({ code: 'fow-attack', case: 'AW 41.5.0, 41.3.2' });
    expect(p(['gale'], [3, 3])).toMatchObject({ code: 'leader' });
    expect(p(['far'], [3, 3])).toMatchObject({ code: 'not-adjacent' });
    expect(p(['a'], [2, 4])).toMatchObject({ code: 'no-enemy' });
    expect(p(['a'], [3, 3], { seg: 'x', hexes: [], units: ['a'] })).toMatchObject({ code: 'attacked', case: 'AW 41.5.0' });
    expect(p(['art'], [3, 3], { seg: 'x', hexes: [fmt(hx(3, 3))], units: ['a'] })).toMatchObject({ code: 'hex-attacked', case: 'AW 41.5.0' });
  });

  it('in-battery artillery adds its barrage strength from the attacking hex; out-of-battery artillery may not attack', () => {
    expect(p(['a', 'art'], [3, 3])).toBeNull();
    const t = abTotals(e, { attackerSide: 'allied', hex: hx(3, 3), from: hx(2, 3), attackers: ['a', 'art'] });
    expect(t.attacker.units.find((l) => l.unit === 'art')).toMatchObject({ value: 2 });
    // Artillery has no offensive PR: the para Coy leads.
    expect(t.attacker).toMatchObject({ strength: 4, lead: 'a', pr: 7 });
    const oob = edit(s, (d) => { mutUnit(d, "art").markers.push('OoB'); });
    expect(abAttackProblem(env(b, oob, ['f']), 'allied', { hex: hx(3, 3), attackers: ['art'] }, null)).toMatchObject({ code: 'out-of-battery', case: 'AW 41.5.1' });
  });

  it('no attack across an unbridged river; across a bridge it may', () => {
    expect(p(['r'], [3, 5])).toMatchObject({ code: 'unbridged-river', case: 'AW 41.5.0' });
    expect(p(['br'], [3, 7])).toBeNull();
    // AW 41.3.7b: a blown bridge no longer carries the attack.
    expect(abAttackProblem({ ...e, bridgeIntact: () => false }, 'allied', { hex: hx(3, 7), attackers: ['br'] }, null)).toMatchObject({ code: 'unbridged-river' });
  });
});
