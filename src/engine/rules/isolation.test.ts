/**
 * GOSS 15.7 isolation and surrender in the standard sequence. Test scenario: Epsom's units and supply
 * sources on the standard sequence (the German formation-HQ leg left out, so GenS is the any-length
 * trace), all units off the map but a German unit ringed by six Allied units and a German unit on a
 * German supply source.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { BUILTIN, loadScenario } from '../../data/bundle';
import { newGame } from '../game';
import { gameTime } from '../sequence';
import { distance, hexesWithin, hexOfRulesId, neighbours, type HexId } from '../hex';
import { isLand } from '../board';
import type { Dice } from '../rng';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import { putUnit, unitList, unitOf } from '../unitTable';
import { inPlayArea } from './scenarioArea';
import { isolatedUnits, isolationRules, ISOLATED } from './isolation';
import { canObserve } from './observation';

function isoBundle(): ScenarioBundle {
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/epsom.json']) as Record<string, unknown> & { special: { logistics: { supply: { german: Record<string, unknown> } } } };
  scen.id = 'isolation-test';
  scen.sequence = 'standard';
  delete scen.special.logistics.supply.german.hqLeg;
  return loadScenario('isolation-test', { ...BUILTIN, scenarios: { 'data/scenarios/isolation-test.json': scen } });
}

const b = isoBundle();
const base = newGame(b, { seed: 'iso' }).state;
const G1 = 'iii-26-12ss', G2 = '8-ii-12ss', G3 = '26-16-12ss';
const PSS = hexOfRulesId('C4124');
const allied = unitList(base).filter((u) => u.side === 'allied' && u.hex !== null).slice(0, 12).map((u) => u.id);
const open = (h: HexId) => isLand(b.board, h) && inPlayArea(b, h) && neighbours(h).every((n) => isLand(b.board, n) && inPlayArea(b, n));
/** A hex `k` hexes from the German source whose six neighbours are on the map. */
const hexAt = (k: number): HexId => hexesWithin(PSS, k).filter((h) => distance(h, PSS) === k && open(h)).sort((x, y) => x - y)[0];

/** Only the listed units on the map: G2 on the source, G1 (and G3 beside it, when asked) ringed by Allied units. */
function pocket(x: HexId, opts: { g3?: boolean; markers?: string[]; turn?: number; playerTurn?: 0 | 1 } = {}): GameState {
  const ring = neighbours(x);
  return produce(base, (d) => {
    const keep = new Map<string, HexId>([[G1, x], [G2, PSS]]);
    if (opts.g3) keep.set(G3, x);
    ring.forEach((h, i) => keep.set(allied[i], h));
    for (const u of unitList(base)) {
      const at = keep.get(u.id);
      const rec = { ...unitOf(base, u.id), hex: at ?? null, eliminated: at === undefined ? true : u.eliminated, markers: at !== undefined && (u.id === G1 || u.id === G3) ? [...(opts.markers ?? [])] : [] };
      putUnit(d, rec);
    }
    if (opts.turn !== undefined) d.pos.turn = opts.turn;
    if (opts.playerTurn !== undefined) d.pos.playerTurn = opts.playerTurn;
  });
}

const dice = (...faces: number[]) => ({ rolls: [], d10: () => { const f = faces.shift(); if (f === undefined) throw new Error('no roll scripted'); return f; } }) as unknown as Dice;
function hook(i: number, s: GameState, d: Dice = dice()): { state: GameState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  const state = produce(s, (x) => { events = isolationRules.hooks![i].onEnter!(x, { bundle: b, dice: d, side: null }); });
  return { state, events };
}
const AM = 0, PM = 1;

describe('GOSS 15.7 isolation and surrender', () => {
  it('GOSS 15.7.0: no GenS path of any length and no friendly unit in GenS within 3 hexes: isolated; a friend in GenS 3 hexes away keeps it from being isolated', () => {
    const far = pocket(hexAt(5));
    expect(isolatedUnits(far, b, 'german')).toEqual(new Set([G1]));
    const near = pocket(hexAt(3));
    expect(isolatedUnits(near, b, 'german')).toEqual(new Set());
    expect(isolatedUnits(far, b, 'allied')).toEqual(new Set());
  });

  it('GOSS 15.7.0 / AW 3.3.5g (seed:004 L1663-1671): the Supply Determination Segment marks the phasing side\'s isolated units and clears the marker when the unit is no longer isolated; an isolated unit cannot spot', () => {
    let r = hook(0, pocket(hexAt(5), { playerTurn: 1 }));
    expect(r.events).toEqual([{ type: 'isolationChanged', unit: G1, isolated: true, case: 'GOSS 15.7.0' }]);
    expect(unitOf(r.state, G1).markers).toContain(ISOLATED);
    expect(canObserve(r.state, b, G1, neighbours(unitOf(r.state, G1).hex!)[0])).toMatchObject({ ok: false, case: 'GOSS 15.7' });
    // The other side's Supply Determination Segment does not touch it.
    expect(hook(0, pocket(hexAt(5), { playerTurn: 0 })).events).toEqual([]);
    r = hook(0, pocket(hexAt(3), { playerTurn: 1, markers: [ISOLATED] }));
    expect(r.events).toEqual([{ type: 'isolationChanged', unit: G1, isolated: false, case: 'GOSS 15.7.0' }]);
    expect(unitOf(r.state, G1).markers).not.toContain(ISOLATED);
  });

  it('GOSS 15.7.1 / AW 3.3.3 (seed:004 L1250): in the AM Surrender Segment each isolated OoS unit makes a defensive PRC; +2 per earlier AM check; +1 after a surrender within 2 hexes this GT; a failure removes it', () => {
    const x = hexAt(5);
    const pr1 = b.units.get(G1)!.prDef!, pr3 = b.units.get(G3)!.prDef!;
    // PM: no checks.
    expect(hook(1, pocket(x, { g3: true, markers: [ISOLATED, 'OoS'], turn: PM })).events).toEqual([]);
    // AM: G3 (26/16/12SS) checks before G1 (by id); it fails (9), so G1 checks with +1.
    const order = [G1, G3].sort();
    let r = hook(1, pocket(x, { g3: true, markers: [ISOLATED, 'OoS'], turn: AM }), dice(9, 0));
    const first = order[0], second = order[1];
    expect(r.events).toEqual([
      { type: 'surrenderCheck', unit: first, pr: first === G1 ? pr1 : pr3, drm: 0, roll: 9, surrendered: true, case: 'GOSS 15.7.1' },
      { type: 'surrenderCheck', unit: second, pr: second === G1 ? pr1 : pr3, drm: 1, roll: 0, surrendered: false, case: 'GOSS 15.7.1' },
    ]);
    expect(unitOf(r.state, first)).toMatchObject({ eliminated: true, hex: null });
    expect(unitOf(r.state, second).hex).toBe(x);
    // The next AM GT: the survivor checks with +2 for its earlier check.
    const next = produce(r.state, (d) => { d.pos.turn = AM + 3; });
    expect(gameTime(b.scenario, b.sequence, next.pos.turn).time).toBe('AM');
    r = hook(1, next, dice(0));
    expect(r.events).toEqual([{ type: 'surrenderCheck', unit: second, pr: second === G1 ? pr1 : pr3, drm: 2, roll: 0, surrendered: false, case: 'GOSS 15.7.1' }]);
    // Isolated but not OoS: no check.
    expect(hook(1, pocket(x, { markers: [ISOLATED], turn: AM })).events).toEqual([]);
  });
});
