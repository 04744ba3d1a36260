/**
 * Scenario geography as the rules read it (scenario.special, src/data/schemas/scenarioRules.ts):
 * hex sets and the play area (AW 32.0). Queries only; no actions. Movement and combat call:
 *   - `enterCheck(state, bundle, unitId, hex)` for each hex a unit would enter voluntarily
 *     (null = allowed, else a rejection: off the play area, or a scenario module's filter such as
 *     the AW 32.7.1 / 33.7.1 boundaries of corpsBoundary.ts);
 *   - `retreatLeavesPlay(bundle, hex)` when a retreat path leaves the area (the unit is removed, AW 32.0).
 * The scenario's general supply (AW 32.9, special.logistics) is traced by supply.ts (`inGenS`, `genSCost`).
 */
import { NEIGHBOURS, colOf, hexsideBetween, rowOf, tryParseHexRef, type HexId } from '../hex';
import { hexAt } from '../hex/lattice';
import { globalToSheet, sheetToGlobal, type SheetLetter } from '../hex/sheets';
import { isLand } from '../board';
import type { GameState, ScenarioBundle } from '../types';
import type { HexSet, ScenarioSpecial } from '../../data/schemas/scenarioRules';
import type { Rejection } from '../types';
import { acrossBoundary, enterFilters } from './extensions';

/** Per-game bookkeeping of the scenario modules (carpetBombing.ts, reinforcements.ts, victory.ts). */
export interface SpecialState {
  /** AW 32.2.2: hexes attacked by the carpet bombing (lattice ids), once it has run. */
  bombed?: number[];
  /** Indexes into special.reinforcements of the groups that have arrived (AW 32.12). */
  arrived?: number[];
  /** AW 31.4 / 32.13: the result, set when the game ends. */
  victory?: import('./victory').VictoryResult;
}

export function special(bundle: ScenarioBundle): ScenarioSpecial {
  return bundle.scenario.special ?? {};
}

const setCache = new WeakMap<object, Map<string, Set<HexId>>>();

function rectHexes(sheet: string, cols: [number, number], rows: [number, number]): HexId[] {
  const out: HexId[] = [];
  for (let c = Math.min(...cols); c <= Math.max(...cols); c++) {
    for (let r = Math.min(...rows); r <= Math.max(...rows); r++) {
      const [gc, gr] = sheetToGlobal(sheet as SheetLetter, c, r);
      out.push(hexAt(gc, gr));
    }
  }
  return out;
}

function refHex(ref: string): HexId {
  const r = tryParseHexRef(ref);
  if ('error' in r) throw new Error(`scenario hex set: ${r.error}`);
  return r.hex;
}

/** Hexes reachable from `from` over land without crossing a hexside of the named river, within `limit`. */
function riverSide(bundle: ScenarioBundle, river: string, from: HexId, limit: Set<HexId> | null): Set<HexId> {
  const out = new Set<HexId>([from]);
  const queue = [from];
  while (queue.length) {
    const h = queue.pop()!;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n < 0 || out.has(n) || !isLand(bundle.board, n) || (limit && !limit.has(n))) continue;
      if (bundle.board.sideNames.get(hexsideBetween(h, n)) === river) continue;
      out.add(n);
      queue.push(n);
    }
  }
  return out;
}

/** Resolves a HexSet of the scenario data to lattice ids (cached per bundle). River sides stay inside the play area. */
const objCache = new WeakMap<object, { bundle: ScenarioBundle; hexes: Set<HexId> }>();

export function hexSet(bundle: ScenarioBundle, set: HexSet): Set<HexId> {
  // Data hex sets are stable objects: look them up by identity first (JSON keys cost a stringify per call).
  const byObj = objCache.get(set);
  if (byObj && byObj.bundle === bundle) return byObj.hexes;
  let cache = setCache.get(bundle);
  if (!cache) setCache.set(bundle, (cache = new Map()));
  const key = JSON.stringify(set);
  const hit = cache.get(key);
  if (hit) { objCache.set(set, { bundle, hexes: hit }); return hit; }
  const out = new Set<HexId>();
  for (const h of set.hexes ?? []) out.add(refHex(h));
  for (const r of set.rects ?? []) for (const h of rectHexes(r.sheet, r.cols, r.rows)) out.add(h);
  if (set.riverSide) {
    const area = special(bundle).playArea;
    const limit = area && set !== area.hexes ? hexSet(bundle, area.hexes) : null;
    for (const h of riverSide(bundle, set.riverSide.river, refHex(set.riverSide.from), limit)) out.add(h);
  }
  if (set.minus) for (const h of hexSet(bundle, set.minus)) out.delete(h);
  cache.set(key, out);
  objCache.set(set, { bundle, hexes: out });
  return out;
}

/** AW 32.0: is the hex inside the scenario's playing area (every hex when the scenario has none)? */
export function inPlayArea(bundle: ScenarioBundle, h: HexId): boolean {
  const area = special(bundle).playArea;
  return !area || hexSet(bundle, area.hexes).has(h);
}

/** AW 32.0: a unit retreating out of the area may not re-enter play. */
export function retreatLeavesPlay(bundle: ScenarioBundle, h: HexId): boolean {
  const area = special(bundle).playArea;
  return !!area && area.retreatOutEliminates && !inPlayArea(bundle, h);
}

/** AW 32.0 and the scenario modules' entry filters (AW 32.7.1 boundaries…): null when the unit may voluntarily enter `h`, else why not. */
export function enterCheck(state: GameState, bundle: ScenarioBundle, unitId: string, h: HexId): Rejection | null {
  return enterFilter(state, bundle, unitId)?.(h) ?? null;
}

/**
 * enterCheck as a precomputed filter for one unit's movement search (null when the scenario has no play
 * area and no module filters the unit): the hot path asks it once per hex entered.
 */
export function enterFilter(state: GameState, bundle: ScenarioBundle, unitId: string): ((h: HexId) => Rejection | null) | null {
  const area = special(bundle).playArea ? hexSet(bundle, special(bundle).playArea!.hexes) : null;
  const modules = enterFilters(state, bundle, unitId);
  if (!area) return modules;
  const areaCase = `${bundle.scenario.case ?? 'AW 30'}.0`;
  return (h) => {
    if (!area.has(h)) return { code: 'outside-play-area', message: `${unitId} may not leave the scenario's playing area`, case: areaCase };
    return modules ? modules(h) : null;
  };
}

/** AW 32.7.1 / 33.7.1: the unit is across its line (forced there by retreat): no PA, no tactical assault, must move back. */
export function restrictedInside(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  return acrossBoundary(state, bundle, unitId) !== null;
}

/** Sheet row of a hex on the given sheet (e.g. 27 for C5027: "hex row xx27", AW 32.13), or null when off that sheet. */
export function sheetRow(h: HexId, sheet: string): number | null {
  const [, row] = globalToSheet(sheet as SheetLetter, colOf(h), rowOf(h));
  return Number.isInteger(row) && row >= 0 && row <= 99 ? row : null;
}
