import { describe, expect, test } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { newGame } from '../game';
import { hexOfRulesId, hexesWithin, neighbours, type HexId } from '../hex';
import { isLand, terrainOf } from '../board';
import type { GameState } from '../types';
import { isInfantry, traitsOf } from './unit-traits';
import * as combat from './combatTraits';
import { gaOdds } from './gaOdds';
import { unitList, unitOf, withUnits } from '../unitTable';

const goodwood = loadScenario('goodwood');
const epsom = loadScenario('epsom');
const cherbourg = loadScenario('cherbourg');
const def = (id: string) => (goodwood.units.get(id) ?? epsom.units.get(id) ?? cherbourg.units.get(id))!;

describe('one classification of counters (unit-traits.ts traitsOf)', () => {
  test('the combat rules read the same traits as movement and stacking (combatTraits re-exports unit-traits)', () => {
    for (const b of [goodwood, epsom]) {
      for (const d of b.units.values()) {
        expect(combat.isInfantry(d)).toBe(isInfantry(d));
        expect(combat.isArtillery(d)).toBe(traitsOf(d).artillery);
        expect(combat.isPureAfv(d)).toBe(traitsOf(d).pureAfv);
      }
    }
  });

  test('AW 31.2.1 / GOSS 13.8.3: panzergrenadier, MG, fortress and Sturm battalions are infantry (PzGd I/125/21, III/26/12SS, 1 Mx/15, Fest A/Ch, 7A Sturm)', () => {
    for (const id of ['i-125-21', 'i-192-21', 'iii-26-12ss', '1-mx-15', 'fest-a-ch', '7a-sturm-btn']) expect([id, isInfantry(def(id))]).toEqual([id, true]);
    for (const id of ['ii-125-21', 'i-26-12ss']) expect([id, isInfantry(def(id))]).toEqual([id, true]);
    expect(isInfantry(def('7-rtr-31'))).toBe(false);
  });

  test('GOSS 13.8.3 regimental integrity: I/125 (PzGd) and II/125 (Mot Inf) of the 21st Pz Div defending together give the defender 2 RIB (the combat rules counted only II/125 before: no bonus)', () => {
    let s = newGame(goodwood, { seed: 'rib' }).state;
    const occupied = (st: GameState, h: HexId) => unitList(st).some((u) => u.hex === h && !u.eliminated);
    // An empty land hex with empty land all around (no other unit joins the assault), C5020 or near it.
    const free = (h: HexId) => isLand(goodwood.board, h) && !occupied(s, h);
    const near = [hexOfRulesId('C5020'), ...hexesWithin(hexOfRulesId('C5020'), 4)];
    const target = near.find((h) => terrainOf(goodwood.board, h) === 'clear' && free(h) && neighbours(h).every(free))!;
    const from = neighbours(target)[0];
    s = { ...s, units: withUnits(s.units, [
      { ...unitOf(s, 'i-125-21'), hex: target, markers: [] },
      { ...unitOf(s, 'ii-125-21'), hex: target, markers: [] },
      { ...unitOf(s, '3-rtr-29-11'), hex: from, markers: ['TA'] },
    ]) };
    const r = gaOdds(s, goodwood, { hex: target, attackers: ['3-rtr-29-11'] });
    expect(r).toMatchObject({ ok: true });
    const rib = (r as { odds: { drms: { kind: string; defender: number }[] } }).odds.drms.find((x) => x.kind === 'RIB');
    expect(rib).toMatchObject({ defender: 2 });
  });
});
