/**
 * Issue 9, ground-assault side: the Epsom and Cherbourg special rules where attacks are designated
 * and resolved, on the real scenario bundles. Positions are built from the scenario start with units
 * placed by hand next to an enemy (test positions), then checked through the engine's own queries
 * (designationProblem, gaOdds) and actions (designate).
 */
import { describe, expect, test } from 'vitest';
import { play as run } from './helpers';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, newGame } from '../src/engine/game';
import { formatHex, hexOfRulesId, neighbours, type HexId } from '../src/engine/hex';
import { isLand } from '../src/engine/board';
import { segmentAt } from '../src/engine/sequence';
import type { Action, GameState, ScenarioBundle, UnitState } from '../src/engine/types';
import { designationProblem } from '../src/engine/rules/attackDesignation';
import { gaOdds } from '../src/engine/rules/gaOdds';
import { advOf } from '../src/engine/rules/ammoDepletion';
import { special } from '../src/engine/rules/scenarioArea';
import { gat } from '../src/engine/rules/combatTables';
import { gaResults } from '../src/engine/rules/gaTable';
import { Dice } from '../src/engine/rng';
import { unitList, unitOf, withUnits } from '../src/engine/unitTable';

const epsom = loadScenario('epsom');
const cherbourg = loadScenario('cherbourg');

function until(state: GameState, pred: (s: GameState) => boolean): GameState {
  for (let i = 0; i < 5000 && !state.over && !pred(state); i++) state = run(state, { type: 'endSegment' });
  return state;
}
const occupied = (s: GameState, h: HexId) => unitList(s).some((u) => u.hex === h && !u.eliminated);
/** The first empty land neighbour of `h` (a hex a unit may be placed in for a test position). */
function freeNeighbour(s: GameState, b: ScenarioBundle, h: HexId, not: HexId[] = []): HexId {
  const n = neighbours(h).find((x) => isLand(b.board, x) && !occupied(s, x) && !not.includes(x));
  if (n === undefined) throw new Error(`no free hex next to ${formatHex(h)}`);
  return n;
}
function place(s: GameState, moves: Record<string, HexId>, markers: Record<string, string[]> = {}): GameState {
  const next = new Map<string, UnitState>();
  const cur = (id: string) => next.get(id) ?? unitOf(s, id);
  for (const [id, h] of Object.entries(moves)) next.set(id, { ...cur(id), hex: h });
  for (const [id, m] of Object.entries(markers)) next.set(id, { ...cur(id), markers: [...cur(id).markers, ...m] });
  return { ...s, units: withUnits(s.units, next.values()) };
}

describe('Scenario 2: Epsom, offensive GA restrictions (AW 33.7.1, 33.7.2)', () => {
  test('AW 33.7.1 / 33.7.2 attack designation and assault: VIII Corps may not designate or assault before June 26 AM; Germans east of the 49th Div boundary may not either', () => {
    let state = until(newGame(epsom, { seed: 'e' }).state, (s) => segmentAt(epsom.sequence, s.pos).segment.id === 'attackDesignation' && s.pos.playerTurn === 0);
    const west = hexOfRulesId('C3122'); // iii-26-12ss, west of the boundary
    const east = hexOfRulesId('C3721'); // i-26-12ss, east of it
    const a1 = freeNeighbour(state, epsom, west);
    const a2 = freeNeighbour(state, epsom, west, [a1]);
    const a3 = freeNeighbour(state, epsom, east);
    // VIII Corps (3 RTR) and XXX Corps (6 DWR) next to iii/26 SS; a XXX Corps Btn next to i/26 SS.
    state = place(state, { '3-rtr-29-11': a1, '6-dwr-147-49': a2, '7-dwr-147-49': a3 });
    expect(designationProblem(state, epsom, unitOf(state, '3-rtr-29-11'), 'allied')).toMatchObject({ code: 'inactive', case: 'AW 33.7.1' });
    expect(designationProblem(state, epsom, unitOf(state, '6-dwr-147-49'), 'allied')).toBeNull();
    expect(designationProblem(state, epsom, unitOf(state, 'i-26-12ss'), 'german')).toMatchObject({ code: 'restricted', case: 'AW 33.7.2' });
    expect(designationProblem(state, epsom, unitOf(state, 'iii-26-12ss'), 'german')).toBeNull();

    const designations = legalActions(state, 'allied').filter((a) => a.type === 'designate').map((a) => (a as unknown as { units: string[] }).units[0]);
    expect(designations).toContain('6-dwr-147-49');
    expect(designations).not.toContain('3-rtr-29-11');
    const r = apply(state, { type: 'designate', units: ['3-rtr-29-11'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'inactive', case: 'AW 33.7.1' });

    // A VIII Corps unit carrying a TA marker anyway (a tampered position) is still refused at the assault.
    const forced = place(state, {}, { '3-rtr-29-11': ['TA'], '6-dwr-147-49': ['TA'] });
    expect(gaOdds(forced, epsom, { hex: west, attackers: ['3-rtr-29-11'] })).toMatchObject({ ok: false, code: 'inactive', case: 'AW 33.7.1' });
    expect(gaOdds(forced, epsom, { hex: west, attackers: ['6-dwr-147-49'] }).ok).toBe(true);
    const g = place(state, {}, { 'i-26-12ss': ['TA'] });
    expect(gaOdds(g, epsom, { hex: a3, attackers: ['i-26-12ss'] })).toMatchObject({ ok: false, code: 'restricted', case: 'AW 33.7.2' });
  }, 120_000);
});

describe('Scenario 3: Cherbourg, morale and ammunition in the ground assault (AW 1.2.6e, 34.7.3, 34.5.3)', () => {
  type Lf = { special: { cherbourg: { landefront: { turn: number; units: string[] }; cityHexCapturedTurn?: number | null } } };
  /** Landefront declared in the German Movement Segment of GT 1 (AW 1.2.6d), then a US Btn next to fest-a-ch (A3810) with a TA marker. */
  function landefront(): { state: GameState; target: HexId } {
    let { state } = newGame(cherbourg, { seed: 'lf' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    state = until(state, (s) => s.pos.playerTurn === 1 && s.pos.segment === 4);
    state = run(state, { type: 'declareLandefront' });
    const target = hexOfRulesId('A3810');
    // Outside the city hexes, so that the attacker itself does not trigger the −2 (AW 1.2.6e).
    const city = special(cherbourg).cherbourg!.city.hexes!.map((r) => hexOfRulesId(r));
    return { state: place(state, { '1-8-4': freeNeighbour(state, cherbourg, target, city) }, { '1-8-4': ['TA'] }), target };
  }
  const prDrm = (s: GameState, target: HexId) => {
    const o = gaOdds(s, cherbourg, { hex: target, attackers: ['1-8-4'] });
    if (!o.ok) throw new Error(o.message);
    return { pr: o.odds.drms.find((d) => d.kind === 'PR')!, lead: o.odds.leads.defenderPr!, shifts: o.odds.shifts };
  };

  test('AW 1.2.6e / 34.7.3 Cherbourg morale in the GA: the defending Landefront lead PR is −2 while a Cherbourg city hex is US occupied, 1 once A3609 fell; the breakdown names the case', () => {
    const { state, target } = landefront();
    const et = state.fieldworks[target] === 'ET-2' || state.fieldworks[target] === 'ET-3' ? 1 : 0;
    const before = prDrm(state, target);
    const printed = cherbourg.units.get(before.lead)!.prDef!;
    expect(before.pr.defender).toBe(Math.min(8, printed + et));
    expect(before.pr.case).toBe('GOSS 13.8.1');

    // A US unit in an empty Cherbourg city hex: every Landefront PR −2 (AW 1.2.6e).
    const city = special(cherbourg).cherbourg!.city.hexes!.map((r) => hexOfRulesId(r)).find((h) => !occupied(state, h))!;
    const inCity = place(state, { '2-8-4': city });
    const m2 = prDrm(inCity, target);
    const printed2 = cherbourg.units.get(m2.lead)!.prDef!;
    expect(m2.pr.defender).toBe(Math.min(8, Math.max(0, printed2 - 2) + et));
    expect(m2.pr.case).toBe('GOSS 13.8.1, AW 1.2.6e, 34.7.3');
    expect(m2.pr.why).toContain('Cherbourg morale -2');
    expect(m2.pr.value).toBe((m2.pr.attacker - m2.pr.defender) * 5);

    // A3609 captured by a US unit: PR reduced to one.
    const fallen = { ...inCity, special: { ...(inCity as GameState & Lf).special, cherbourg: { ...(inCity as GameState & Lf).special.cherbourg, cityHexCapturedTurn: inCity.pos.turn } } } as GameState;
    const m3 = prDrm(fallen, target);
    expect(m3.pr.defender).toBe(1 + et);
    expect(m3.pr.why).toContain('reduced to 1');
    // The US attacker is not a Landefront unit: its offensive PR is the printed one.
    expect(m3.pr.attacker).toBe(cherbourg.units.get('1-8-4')!.prOff);
  }, 120_000);

  test('AW 1.2.6e in the GA mandatory PRC (GOSS 13.10.1): the Landefront defender checks against its defensive PR −2 while a Cherbourg city hex is US occupied; the event names the case', () => {
    const lf = landefront();
    const city = special(cherbourg).cherbourg!.city.hexes!.map((r) => hexOfRulesId(r));
    // Not A3609 itself: its capture would reduce every Landefront PR to 1 instead.
    const cityHex = hexOfRulesId(special(cherbourg).cherbourg!.cityHex);
    let state = place(lf.state, { '2-8-4': city.find((x) => x !== cityHex && !occupied(lf.state, x))! });
    // On to the US Ground Assault Segment of GT 2; 1-8-4 keeps its TA marker (it stays adjacent).
    state = until(state, (s) => segmentAt(cherbourg.sequence, s.pos).segment.id === 'groundAssault' && s.pos.playerTurn === 0);
    expect(unitOf(state, '1-8-4').markers).toContain('TA');
    // The dice are fixed by the seed of the action that rolls them: the assault itself, or the
    // defender's line choice when there is one (GOSS 13.3.2).
    const assault: Action = { type: 'assault', hex: formatHex(lf.target), attackers: ['1-8-4'] };
    const trial = run(state, assault);
    const choose = trial.pending?.kind === 'gaDefend' ? legalActions(trial, 'german').find((a) => a.type === 'gaDefend')! : null;
    const rolling = choose ? trial : state;
    const line = choose ? (choose as unknown as { line: number }).line : undefined;
    const o = gaOdds(rolling, cherbourg, { hex: lf.target, attackers: ['1-8-4'], line, resolving: !!choose });
    if (!o.ok) throw new Error(o.message);
    // A seed whose two GA rolls give the defender a mandatory PRC (*) and the attacker no PRC and no
    // discretionary hit (the attacker's results come first and would wait for its choice).
    let seed = '';
    for (let i = 0; i < 50_000 && !seed; i++) {
      const d = new Dice(`m${i}`, rolling.n);
      const res = gaResults(gat(cherbourg), o.odds.column, d.d100('a') + o.odds.drm, d.d100('d') + o.odds.drm);
      if (res.onDefender.prc && !res.onAttacker.prc && res.onAttacker.disc === 0) seed = `m${i}`;
    }
    const r = apply({ ...rolling, seed }, choose ?? assault);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events.find((e) => e.type === 'gaResolved')).toMatchObject({ onDefender: expect.stringMatching(/^\*/) });
    const lead = o.odds.leads.defenderPr!;
    const et = state.fieldworks[lf.target] === 'ET-2' || state.fieldworks[lf.target] === 'ET-3' ? 1 : 0;
    const prc = r.events.find((e) => e.type === 'prc' && (e as { unit?: string }).unit === lead) as unknown as { pr: number; case: string; why: string };
    expect(prc.pr).toBe(Math.min(8, Math.max(0, cherbourg.units.get(lead)!.prDef! - 2) + et));
    expect(prc.case).toBe('GOSS 13.10.1, AW 1.2.6e, 34.7.3');
    expect(prc.why).toContain('Cherbourg morale -2');
  }, 120_000);

  test('GOSS 13.7.3 / AW 34.5.3: a defender whose HQ has ADV 0 gives the attacker one column; the Landefront ADV falls by one every 21 GTs (AW 1.2.6d)', () => {
    const { state, target } = landefront();
    const adv0 = (s: GameState) => prDrm(s, target).shifts.filter((x) => x.case === 'GOSS 13.7.3, AW 34.5.3');
    expect(advOf(state, cherbourg, 'german', 'fest-a-ch')).toBe(3);
    expect(adv0(state)).toEqual([]);
    // The same position 63 GTs after the declaration: 4 − 3 drops − 1 (more than three formations) = 0.
    const lf = (state as GameState & Lf).special.cherbourg.landefront;
    const late = { ...state, special: { ...(state as GameState & Lf).special, cherbourg: { ...(state as GameState & Lf).special.cherbourg, landefront: { ...lf, turn: state.pos.turn - 63 } } } } as GameState;
    expect(advOf(late, cherbourg, 'german', 'fest-a-ch')).toBe(0);
    expect(adv0(late)).toEqual([{ side: 'attacker', n: 1, why: 'a defender\'s superior HQ has ADV 0', case: 'GOSS 13.7.3, AW 34.5.3' }]);
    // The US side's ADV is 6 by date (AW 34.5.3a): a US defender never gives this shift.
    expect(advOf(late, cherbourg, 'allied')).toBe(6);
  }, 120_000);
});
