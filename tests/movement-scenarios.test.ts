/**
 * Issue 9 movement hooks, in the scenarios' own terms: the real Epsom and Cherbourg bundles.
 * AW 33.7.1-33.7.2 (who may move), AW 1.2.6a (the Cherbourg garrison), AW 34.7.2 (German MA by
 * weather) and AW 34.10.1 (the lull) reach the legal destinations, `legalActions` and `apply`.
 */
import { describe, expect, test } from 'vitest';
import { run, until } from './fixtures/segments';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, newGame } from '../src/engine/game';
import { distance, formatHex, neighbours } from '../src/engine/hex';
import { garrisonMoveCheck } from '../src/engine/rules/landefront';
import { supplyRule } from '../src/engine/rules/supply';
import { movementOptions } from '../src/engine/rules/movement';
import type { GameState, ScenarioBundle } from '../src/engine/types';
import { unitIds, unitList, unitOf } from '../src/engine/unitTable';

const epsom = loadScenario('epsom');
const goodwood = loadScenario('goodwood');
const cherbourg = loadScenario('cherbourg');

const moves = (state: GameState, side: 'allied' | 'german', unit: string) => legalActions(state, side).filter((a) => a.type === 'move' && a.unit === unit);
function options(state: GameState, bundle: ScenarioBundle, unit: string) {
  const o = movementOptions(state, bundle, unit);
  if ('error' in o) throw new Error(o.error.message);
  return o;
}

describe('AW 33.7 movement restrictions in Epsom', () => {
  test('AW 33.7.1: VIII Corps units may not move before June 26 AM; XXX Corps units may', () => {
    const state = until(epsom, newGame(epsom, { seed: 'm' }).state, 'move', 0);
    expect(movementOptions(state, epsom, '3-rtr-29-11')).toMatchObject({ error: { code: 'inactive', case: 'AW 33.7.1' } });
    expect(moves(state, 'allied', '3-rtr-29-11')).toEqual([]);
    const to = options(state, epsom, '6-dwr-147-49').destinations[0];
    expect(moves(state, 'allied', '6-dwr-147-49').length).toBeGreaterThan(0);
    const near = [...epsom.board.terrain.keys()].find((h) => distance(h, unitOf(state, '3-rtr-29-11').hex!) === 1 && !unitList(state).some((u) => u.hex === h))!;
    const r = apply(state, { type: 'move', unit: '3-rtr-29-11', path: [formatHex(near)] });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'inactive', case: 'AW 33.7.1' });
    expect(apply(state, { type: 'move', unit: '6-dwr-147-49', path: to.path }).ok).toBe(true);
  }, 120_000);
  test('AW 33.7.2: Germans east of the 49th Div boundary do not move; west of it (and 12th SS Pz Coys) they do', () => {
    const state = until(epsom, newGame(epsom, { seed: 'm' }).state, 'move', 1);
    expect(movementOptions(state, epsom, 'i-26-12ss')).toMatchObject({ error: { code: 'restricted', case: 'AW 33.7.2' } });
    expect(moves(state, 'german', 'i-26-12ss')).toEqual([]);
    expect(movementOptions(state, epsom, 'iii-26-12ss')).toHaveProperty('destinations');
    expect(movementOptions(state, epsom, '5-ii-12ss')).toHaveProperty('destinations');
  }, 120_000);
});

describe('AW 1.2.6a, 34.7.2, 34.10.1 movement in Cherbourg', () => {
  const start = () => run(run(newGame(cherbourg, { seed: 'mv' }).state, { type: 'randomSetup' }), { type: 'finishSetup' });
  test('AW 1.2.6a: the garrison does not move until the Landefront; then only inside the perimeter', () => {
    let state = until(cherbourg, start(), 'move', 1);
    expect(movementOptions(state, cherbourg, 'fest-a-ch')).toMatchObject({ error: { code: 'garrison-inactive', case: 'AW 1.2.6a' } });
    expect(moves(state, 'german', '152-30-ch')).toEqual([]);
    state = run(state, { type: 'declareLandefront' });
    // A mobile garrison unit that set up inside the reconstructed perimeter.
    const g = cherbourg.scenario.special!.cherbourg!.garrisonUnits.find((id) => cherbourg.units.get(id)!.ma > 0 && garrisonMoveCheck(state, cherbourg, id, unitOf(state, id).hex!) === null && 'destinations' in movementOptions(state, cherbourg, id))!;
    const o = options(state, cherbourg, g);
    expect(o.destinations.length).toBeGreaterThan(0);
    // Every destination is inside the (reconstructed) perimeter, and the bound bites: next to the destinations lie hexes the garrison may not enter.
    expect(o.destinations.every((d) => garrisonMoveCheck(state, cherbourg, g, d.hex) === null)).toBe(true);
    const beyond = o.destinations.flatMap((d) => neighbours(d.hex)).filter((h) => garrisonMoveCheck(state, cherbourg, g, h)?.code === 'garrison-perimeter');
    expect(beyond.length).toBeGreaterThan(0);
    expect(o.destinations.map((d) => d.hex)).not.toContain(beyond[0]);
    expect(apply(state, { type: 'move', unit: g, path: o.destinations[0].path }).ok).toBe(true);
  }, 120_000);
  test('AW 34.7.2: on June 19 (partial overcast, AM) German Leg units lose 1 MA and Mech units 2; at Night they move with their full MA', () => {
    let state = until(cherbourg, start(), 'move', 1, 0);
    const legId = unitIds(state).find((id) => cherbourg.units.get(id)!.moveClass === 'leg' && cherbourg.units.get(id)!.formation === '709' && unitOf(state, id).hex !== null)!;
    const mechId = unitIds(state).find((id) => cherbourg.units.get(id)!.moveClass === 'mech' && !cherbourg.scenario.special!.cherbourg!.garrisonUnits.includes(id) && cherbourg.units.get(id)!.formation !== 'Ch' && cherbourg.units.get(id)!.side === 'german' && unitOf(state, id).hex !== null && !cherbourg.units.get(id)!.type.match(/Art|HQ/))!;
    const l = options(state, cherbourg, legId).allowance;
    expect(l.budget).toBe(2 * (cherbourg.units.get(legId)!.ma - 1));
    expect(l.parts.map((p) => p.case)).toContain('AW 34.7.2');
    const m = options(state, cherbourg, mechId).allowance;
    expect(m.budget).toBe(2 * (cherbourg.units.get(mechId)!.ma - 2));
    state = until(cherbourg, state, 'move', 1, 2);
    expect(options(state, cherbourg, mechId).allowance.parts.map((p) => p.case)).not.toContain('AW 34.7.2');
  }, 120_000);
  test('AW 34.10.1 lull: Allied units move one hex; German units up to one-third of their printed MA', () => {
    let state = until(cherbourg, start(), 'construction', 0, 3);
    state = run(state, { type: 'declareLull' });
    state = until(cherbourg, state, 'move', 0, 3);
    const us = unitIds(state).find((id) => unitOf(state, id).side === 'allied' && unitOf(state, id).hex !== null && 'destinations' in movementOptions(state, cherbourg, id) && options(state, cherbourg, id).destinations.length > 0)!;
    const o = options(state, cherbourg, us);
    expect(o.allowance.hexLimit).toBe(1);
    expect(o.destinations.every((d) => d.path.length === 1)).toBe(true);
    const two = o.destinations.map((d) => d.hex).flatMap((h) => neighbours(h).map((n) => [h, n] as const)).find(([, n]) => n !== unitOf(state, us).hex && !o.destinations.some((d) => d.hex === n) && !unitList(state).some((u) => u.hex === n))!;
    const r = apply(state, { type: 'move', unit: us, path: [formatHex(two[0]), formatHex(two[1])] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'lull-hexes', case: 'AW 34.10.1' });
    // Units that start adjacent to an enemy only move closer to their GenS source (reconstructed: hexes to the nearest PSS hex).
    const sources = supplyRule(cherbourg, 'allied')!.sources;
    const toSource = (h: number) => Math.min(...sources.map((x) => distance(h, x)));
    const enemyAt = new Set(unitList(state).filter((u) => u.side === 'german' && u.hex !== null && !u.eliminated).map((u) => u.hex!));
    const front = unitIds(state).filter((id) => unitOf(state, id).side === 'allied' && unitOf(state, id).hex !== null && neighbours(unitOf(state, id).hex!).some((n) => enemyAt.has(n)) && 'destinations' in movementOptions(state, cherbourg, id));
    expect(front.length).toBeGreaterThan(0);
    let refusedOne = false;
    for (const id of front) {
      const h = unitOf(state, id).hex!;
      for (const d of options(state, cherbourg, id).destinations) expect(toSource(d.hex)).toBeLessThan(toSource(h));
      const away = neighbours(h).find((n) => !enemyAt.has(n) && toSource(n) >= toSource(h) && cherbourg.board.terrain[n] !== 255 && !unitList(state).some((u) => u.hex === n));
      if (!away) continue;
      const rr = apply(state, { type: 'move', unit: id, path: [formatHex(away)] });
      if (!rr.ok && rr.error.code === 'lull-adjacent') { expect(rr.error.case).toBe('AW 34.10.1'); refusedOne = true; }
    }
    expect(refusedOne).toBe(true);
    state = until(cherbourg, state, 'move', 1, 3);
    const de = unitIds(state).find((id) => unitOf(state, id).side === 'german' && unitOf(state, id).hex !== null && cherbourg.units.get(id)!.ma === 12 && 'destinations' in movementOptions(state, cherbourg, id))!;
    expect(options(state, cherbourg, de).allowance.budget).toBe(2 * 4);
  }, 120_000);
});

describe('GOSS 18 breakdown with the scenario counter mix (Goodwood)', () => {
  test('GOSS 18 / AW 18.2.0: a British infantry Btn breaks into three generic CW Inf Coys (2-2-6) in its hex and recombines next Movement Phase', () => {
    let state = until(goodwood, newGame(goodwood, { seed: 'bd' }).state, 'move', 0);
    // A Btn alone in its hex, so its three Coys stack legally (GOSS 6: 2 units + 1 Coy).
    const alone = (id: string) => unitList(state).filter((u) => u.hex === unitOf(state, id).hex && !u.eliminated).length === 1;
    const pick = legalActions(state, 'allied').find((a) => a.type === 'breakdown' && a.coys === 3 && goodwood.units.get(String(a.unit))!.breakdown?.class === 'cw-inf-coy' && alone(String(a.unit))) as { unit: string } | undefined;
    const bn = pick!.unit;
    const hex = unitOf(state, bn).hex;
    state = run(state, { type: 'breakdown', unit: bn });
    const coys = unitOf(state, bn).detached!;
    expect(coys).toEqual(['cw-inf-coy-1', 'cw-inf-coy-2', 'cw-inf-coy-3']);
    for (const c of coys) {
      expect(unitOf(state, c).hex).toBe(hex);
      expect(goodwood.units.get(c)).toMatchObject({ designation: 'Inf Coy', size: 'Co', ma: 6, steps: [{ attack: 2, defence: 2 }] });
    }
    expect(unitOf(state, bn).hex).toBeNull();
    // A German Btn in its own Movement Segment: the spare counters of its class are used.
    state = until(goodwood, state, 'move', 1);
    const de = legalActions(state, 'german').find((a) => a.type === 'breakdown' && a.coys === 1 && alone(String(a.unit))) as { type: 'breakdown'; unit: string; coys: number } | undefined;
    expect(de).toBeDefined();
    const after = run(state, de!);
    expect(unitOf(after, de!.unit).detached).toHaveLength(1);
    state = until(goodwood, state, 'move', 0, 1);
    expect(legalActions(state, 'allied')).toContainEqual({ type: 'recombine', unit: bn, coys: coys, });
    state = run(state, { type: 'recombine', unit: bn, coys });
    expect(unitOf(state, bn)).toMatchObject({ hex, stepsLost: 0 });
  }, 120_000);
});
