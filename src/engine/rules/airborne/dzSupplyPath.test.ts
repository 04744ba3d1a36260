/**
 * AW 15.0 airborne GenS from the primary DZ (dzSupplyPath.ts): the HQ within one hex of the DZ, its
 * units within 6 Leg or Mech MP by a GOSS 15.2.1 path, the HQ kept near its DZ, and the period (after
 * the Airborne Assault Stage, until the DZs leave the map with the first corps HQ on June 10 AM). On the
 * test-only long 6th Airborne scenario; the hexes C4832–C5532 are a row of clear hexes (1 Leg MP each).
 */
import { describe, expect, it } from 'vitest';
import type { Draft } from 'immer';
import { apply, newGame } from '../../game';
import type { GameState } from '../../types';
import { gameTime, segmentAt } from '../../sequence';
import { distance, hexsideHexes, neighbours } from '../../hex';
import { mutUnit, putUnit, unitList, unitOf } from '../../unitTable';
import { determineSupply, inGenS } from '../supply';
import { reachable } from '../movement';
import { edit, fmt, hx, longBundle } from './stage.fixture';
import { airborneDraft } from './state';
import { AB_PATH_MP, abGenS, abGenSAnyLength, divisionGenS, dzSupplyInForce, hqMayEnter } from './dzSupplyPath';
import { isolatedUnits } from '../isolation';
import { PATH_ENEMY_ADJACENT, passedOn, supplyPathCosts } from '../supplyPathMp';
import { SIDE_BIT, terrainOf } from '../../board';

const B = longBundle();
const PT = B.sequence.playerTurn;
const MOVE = PT.findIndex((p) => p.id === 'movement');
const MOVE_SEG = PT[MOVE].segments.findIndex((s) => s.id === 'move');
const GERMANS = ['i-980-272', 'i-981-272'];

function turnOf(date: string, time: string): number {
  for (let t = 1; t < 60; t++) {
    const g = gameTime(B.scenario, B.sequence, t);
    if (g.date === date && g.time === time) return t;
  }
  throw new Error(`no GT ${date} ${time}`);
}

/**
 * The Allied Movement Segment of the GT `date` `time`, every German off the map; DZ N (the 6th AB's main
 * DZ) on C4832, DZ K on C5332; `units` placed (the Germans listed in GERMANS on the German side, `cw-fow-*`
 * as FoW counters of DZ N's container).
 */
function at(date: string, time: string, units: Record<string, string>, more?: (d: Draft<GameState>) => void): GameState {
  const s0 = newGame(B, { seed: 't' }).state;
  return edit(s0, (d) => {
    d.pos = { turn: turnOf(date, time), playerTurn: 0, phase: MOVE, segment: MOVE_SEG };
    for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.side === 'german' && u.hex !== null) { u.hex = null; u.eliminated = true; }
    const a = airborneDraft(d as never);
    a.dropDate = '1944-06-06';
    a.dzs['6AB-N'].hex = hx('C4832'); a.dzs['6AB-N'].status = 'B';
    a.dzs['6AB-K'].hex = hx('C5332'); a.dzs['6AB-K'].status = 'C';
    for (const [id, where] of Object.entries(units)) {
      if (id.startsWith('cw-fow-')) a.fow[id] = { pool: '6AB-N' };
      putUnit(d, { id, side: GERMANS.includes(id) ? 'german' : 'allied', hex: hx(where), stepsLost: 0, mpSpent: 0, markers: [] });
    }
    more?.(d);
  });
}

const sorted = (s: ReadonlySet<string>) => [...s].sort();
/** The 6th AB HQ's AW 15.0 path costs (half MPs), Leg unless `leg` is false, with at most `maxAdj` enemy-adjacent hexes. */
const pathCosts = (s: GameState, leg = true, maxAdj = PATH_ENEMY_ADJACENT) => supplyPathCosts(s, B, '6ab-hq', { leg, mp: AB_PATH_MP, maxEnemyAdjacent: maxAdj });

describe('AW 15.0 airborne GenS from the primary DZ', () => {
  it('AW 15.0 (seed L2713–2731, L3132–3137) the 6th AB HQ on its main DZ N supplies its units within 6 Leg MP: a Bn 6 clear hexes away is in GenS, one 8 away (and next to none in GenS) is not (OhS at the determination); a FoW counter of its container and the Mech recce (by a Mech path) too', () => {
    const s = at('1944-06-07', 'AM', { '6ab-hq': 'C4832', '7para-6ab': 'C5432', '12para-6ab': 'C5632', 'cw-fow-1': 'C5332', '6ab-armd-recce': 'C5232', 'i-980-272': 'C4820' });
    expect(AB_PATH_MP).toBe(6);
    const leg = pathCosts(s);
    expect(leg[hx('C5432')]).toBe(2 * 6);
    expect(leg[hx('C5532')]).toBe(-1);
    expect(leg[hx('C5632')]).toBe(-1);
    expect(sorted(divisionGenS(s, B, '6AB'))).toEqual(['6ab-armd-recce', '6ab-hq', '7para-6ab', 'cw-fow-1']);
    // The core asks the module first (supply.ts inGenS, determineSupply through Extension.genS).
    expect(inGenS(s, B, '7para-6ab')).toBe(true);
    expect(inGenS(s, B, '12para-6ab')).toBe(false);
    expect(pathCosts(s, false)[hx('C5232')]).toBeGreaterThanOrEqual(0);
    expect(determineSupply(s, B, 'allied')).toEqual([{ unit: '12para-6ab', to: 'OhS' }]);
    // A unit outside the airborne divisions is not the module's to decide.
    expect(abGenS(s, B, 'i-980-272')).toBeNull();
  });

  it('GOSS 15.2.3 a unit in GenS passes it to an adjacent unit of the same HQ, once: the Bn 7 MP away next to a traced Bn is in GenS, the one next to it only is not; never across an unbridged river, across a bridge yes', () => {
    const s = at('1944-06-07', 'AM', { '6ab-hq': 'C4832', '7para-6ab': 'C5432', '12para-6ab': 'C5532', '13para-6ab': 'C5632' });
    expect(pathCosts(s)[hx('C5532')]).toBe(-1);
    expect(sorted(divisionGenS(s, B, '6AB'))).toEqual(['12para-6ab', '6ab-hq', '7para-6ab']);
    // Rivers: a land hexside of a river (not a stream) with and without a bridge, on the map.
    const riverSides = [...B.board.sides].filter(([, f]) => (f & (SIDE_BIT.river | SIDE_BIT.majorRiver | SIDE_BIT.canal)) !== 0).map(([side, f]) => ({ side, f, hexes: hexsideHexes(side) }))
      .filter((x) => x.hexes.every((h) => terrainOf(B.board, h) !== null && terrainOf(B.board, h) !== 'sea'));
    const open = riverSides.find((x) => !(x.f & SIDE_BIT.bridge) && !(B.board.routes.get(x.side) ?? 0))!;
    const bridged = riverSides.find((x) => (x.f & SIDE_BIT.bridge) !== 0)!;
    const pair = (x: { hexes: number[] }) => {
      const t = at('1944-06-07', 'AM', {}, (d) => {
        putUnit(d, { id: '7para-6ab', side: 'allied', hex: x.hexes[0], stepsLost: 0, mpSpent: 0, markers: [] });
        putUnit(d, { id: '12para-6ab', side: 'allied', hex: x.hexes[1], stepsLost: 0, mpSpent: 0, markers: [] });
      });
      return passedOn(t, B, [unitOf(t, '7para-6ab')], [unitOf(t, '12para-6ab')]);
    };
    expect(pair(open)).toEqual([]);
    expect(pair(bridged)).toEqual(['12para-6ab']);
  });

  it('AW 15.0 "Main DZ to AB Div HQ 1 hex": the HQ one hex from DZ N supplies its units from there; two hexes away it supplies nobody, itself included', () => {
    const one = at('1944-06-07', 'AM', { '6ab-hq': 'C4932', '12para-6ab': 'C5532' });
    expect(sorted(divisionGenS(one, B, '6AB'))).toEqual(['12para-6ab', '6ab-hq']);
    const two = at('1944-06-07', 'AM', { '6ab-hq': 'C5032', '12para-6ab': 'C5532' });
    expect(distance(hx('C5032'), hx('C4832'))).toBe(2);
    expect(sorted(divisionGenS(two, B, '6AB'))).toEqual([]);
    expect(inGenS(two, B, '6ab-hq')).toBe(false);
    expect(determineSupply(two, B, 'allied').map((x) => x.unit).sort()).toEqual(['12para-6ab', '6ab-hq']);
  });

  it('AW 15.0 a division whose primary DZ was removed is on-hand for the rest of the game day: none of its units traces; the next day it traces from the new primary DZ (K), not from the old main DZ', () => {
    const lost = (d: Draft<GameState>) => {
      const a = airborneDraft(d as never) as unknown as { onHand?: Record<string, string>; primary?: Record<string, string> };
      a.onHand = { '6AB': '1944-06-07' };
      a.primary = { '6AB': '6AB-K' };
    };
    const today = at('1944-06-07', 'PM', { '6ab-hq': 'C5332', '7para-6ab': 'C5432' }, lost);
    expect(sorted(divisionGenS(today, B, '6AB'))).toEqual([]);
    const next = at('1944-06-08', 'AM', { '6ab-hq': 'C5332', '7para-6ab': 'C5432' }, lost);
    expect(sorted(divisionGenS(next, B, '6AB'))).toEqual(['6ab-hq', '7para-6ab']);
    const atOldMain = at('1944-06-08', 'AM', { '6ab-hq': 'C4832', '7para-6ab': 'C4932' }, lost);
    expect(sorted(divisionGenS(atOldMain, B, '6AB'))).toEqual([]);
  });

  it('GOSS 15.2.1 the HQ → unit path never enters an enemy-occupied hex and may enter a movement-halt hex but not go on from it: a German on C5031 makes its clear neighbours halts, and the Bn on C5230 (4.5 MP away) loses GenS', () => {
    const units = { '6ab-hq': 'C4832', '7para-6ab': 'C5230' };
    const free = at('1944-06-07', 'AM', units);
    expect(pathCosts(free)[hx('C5230')]).toBe(9);
    expect(divisionGenS(free, B, '6AB').has('7para-6ab')).toBe(true);
    const held = at('1944-06-07', 'AM', { ...units, 'i-980-272': 'C5031' });
    const c = pathCosts(held);
    expect(c[hx('C5031')]).toBe(-1);
    // C5032 is next to the German (a halt hex in clear terrain, AW 31.8b): the path enters it, as before…
    expect(c[hx('C5032')]).toBe(pathCosts(free)[hx('C5032')]);
    // …but goes no farther that way: the way round is longer than 6 MP.
    expect(c[hx('C5230')]).toBe(-1);
    expect(divisionGenS(held, B, '6AB').has('7para-6ab')).toBe(false);
  });

  it('GOSS 15.2.1 at most two path hexes adjacent to an enemy, the unit\'s own hex counted and the HQ\'s not: a Bn in bocage (MCT, no halt) next to a German traces; with a limit of none it would not', () => {
    const s = at('1944-06-07', 'AM', { '6ab-hq': 'C4832', '7para-6ab': 'C4532', 'i-980-272': 'C4432' });
    expect(PATH_ENEMY_ADJACENT).toBe(2);
    expect(distance(hx('C4432'), hx('C4532'))).toBe(1);
    expect(pathCosts(s)[hx('C4532')]).toBe(8);
    expect(pathCosts(s, true, 0)[hx('C4532')]).toBe(-1);
    expect(pathCosts(s, true, 1)[hx('C4532')]).toBe(8);
    expect(divisionGenS(s, B, '6AB').has('7para-6ab')).toBe(true);
  });

  it('AW 15.0 "Airborne HQ must remain within one hex of their assigned primary DZ": the HQ on DZ N may move one hex off it, not two (refused with the case)', () => {
    const s = at('1944-06-07', 'AM', { '6ab-hq': 'C4832' });
    expect(segmentAt(B.sequence, s.pos).segment.id).toBe('move');
    const filter = hqMayEnter(s, B, '6ab-hq')!;
    expect(filter(hx('C4932'))).toBeNull();
    expect(filter(hx('C5032'))).toMatchObject({ code: 'ab-hq-from-dz', case: 'AW 15.0' });
    const reach = reachable(s, B, '6ab-hq');
    expect(reach.has(hx('C4932'))).toBe(true);
    expect([...reach.keys()].filter((h) => distance(h, hx('C4832')) > 1).map(fmt)).toEqual([]);
    const r = apply(s, { type: 'move', unit: '6ab-hq', path: ['C4932', 'C5032'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ case: 'AW 15.0' });
    // Other units of the division are not held to the DZ.
    expect(hqMayEnter(s, B, '7para-6ab')).toBeNull();
  });

  it('AW 3.3.5g / GOSS 15.0 (seed L1663) the Supply Determination Segment marks the units that cannot trace OhS, HQs left out: with the HQ two hexes from DZ N the Bn goes OhS (its own HQ unmarked); a Bn that traces again loses its OhS', () => {
    const ADMIN = PT.findIndex((p) => p.id === 'administrative');
    const AIR = PT[ADMIN].segments.findIndex((x) => x.id === 'airResupply');
    const cut = at('1944-06-07', 'AM', { '6ab-hq': 'C5032', '7para-6ab': 'C4932', '12para-6ab': 'C5132' }, (d) => {
      d.pos = { ...d.pos, phase: ADMIN, segment: AIR };
      mutUnit(d, '12para-6ab').markers.push('OhS');
    });
    expect(segmentAt(B.sequence, cut.pos).segment.id).toBe('airResupply');
    const r = apply(cut, { type: 'endSegment' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events.filter((e) => e.type === 'notModelled' && e.segment === 'supplyDetermination')).toEqual([]);
    expect(r.events.filter((e) => e.type === 'supplyChanged')).toEqual([{ type: 'supplyChanged', unit: '7para-6ab', to: 'OhS', case: 'GOSS 15.0' }]);
    expect(unitList(r.state).find((u) => u.id === '6ab-hq')!.markers).not.toContain('OhS');
    // The HQ back on its DZ: the Bns trace, and the one marked OhS before is in GenS again.
    const back = edit(cut, (d) => { mutUnit(d, '6ab-hq').hex = hx('C4832'); });
    const r2 = apply(back, { type: 'endSegment' });
    if (!r2.ok) throw new Error(r2.error.message);
    expect(r2.events.filter((e) => e.type === 'supplyChanged')).toEqual([{ type: 'supplyChanged', unit: '12para-6ab', to: 'GenS', case: 'GOSS 15.0' }]);
  });

  it('AW 15.0 / 41.0 the airborne supply runs from the stage\'s end until the DZs leave the map with the first corps HQ (June 10 AM); in the stage, from then on, and before any DZ is on the map the module decides nothing', () => {
    const before = at('1944-06-09', 'Night', { '6ab-hq': 'C4832', '7para-6ab': 'C5532' });
    expect(dzSupplyInForce(before, B)).toBe(true);
    expect(abGenS(before, B, '7para-6ab')).toBe(false);
    const after = at('1944-06-10', 'AM', { '6ab-hq': 'C4832', '7para-6ab': 'C5532' });
    expect(dzSupplyInForce(after, B)).toBe(false);
    expect(abGenS(after, B, '7para-6ab')).toBeNull();
    expect(hqMayEnter(after, B, '6ab-hq')).toBeNull();
    const stage = newGame(B, { seed: 't' }).state;
    expect(stage.pos.part).toBe('stage');
    expect(dzSupplyInForce(stage, B)).toBe(false);
    // A game that starts after the drop (no stage played) with DZs on the map: in force; with none on the map: not.
    const later = edit(before, (d) => { delete airborneDraft(d as never).dropDate; });
    expect(dzSupplyInForce(later, B)).toBe(true);
    const noDz = edit(later, (d) => { for (const z of Object.values(airborneDraft(d as never).dzs)) z.hex = null; });
    expect(dzSupplyInForce(noDz, B)).toBe(false);
  });

  it('GOSS 15.7.0 with AW 15.0: an airborne unit out of GenS (8 MP from its HQ) has a path of any length and is not isolated; ringed by Germans it has none and, with no unit in GenS within 3 hexes, is isolated', () => {
    const far = at('1944-06-07', 'AM', { '6ab-hq': 'C4832', '12para-6ab': 'C5632' });
    expect(abGenS(far, B, '12para-6ab')).toBe(false);
    expect(abGenSAnyLength(far, B, '12para-6ab')).toBe(true);
    expect(isolatedUnits(far, B, 'allied')).toEqual(new Set());
    // Six German units of the scenario around C5632.
    const germans = unitList(newGame(B, { seed: 't' }).state).filter((u) => u.side === 'german').slice(0, 6).map((u) => u.id);
    const boxed = at('1944-06-07', 'AM', { '6ab-hq': 'C4832', '12para-6ab': 'C5632' }, (d) => {
      neighbours(hx('C5632')).forEach((h, i) => putUnit(d, { id: germans[i], side: 'german', hex: h, stepsLost: 0, mpSpent: 0, markers: [] }));
    });
    expect(abGenSAnyLength(boxed, B, '12para-6ab')).toBe(false);
    expect(isolatedUnits(boxed, B, 'allied')).toEqual(new Set(['12para-6ab']));
  });
});

