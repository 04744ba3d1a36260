/**
 * What one victory check reads of a position (AW 31.4, 32.13, 33.13, 34.13), each part computed once
 * per check (issue 17). The end-of-game check runs on an immer draft, where no per-state cache answers:
 * each condition used to read the units through the draft's proxies again, and each condition "in
 * GenS" (asked once as a named condition and again in every outcome naming it) traced supply again.
 * A view reads the position's hex index once (`unitIndex`: no proxy per unit), keeps each side's units, occupied hexes
 * and GenS check, and traces supply at most once per side. The position must not change while a view
 * is used (one check of one state).
 */
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { HexId } from '../hex';
import { hexSet, special } from './scenarioArea';
import { genSCheck } from './supply';
import { unitIndex, type UnitIndex } from './unitIndex';

export interface VictoryView {
  state: GameState;
  bundle: ScenarioBundle;
  /** The side's units on the map, not eliminated, leaders left out (they hold nothing), by id. */
  live(side: Side): UnitState[];
  /** Hexes the side's `live` units occupy. */
  occupied(side: Side): ReadonlySet<HexId>;
  /** The sides with a unit (leaders included) in the hex: GOSS control by occupation. */
  sidesIn(h: HexId): ReadonlySet<Side> | undefined;
  /** Is the unit (one of `live`) in GenS (AW 31.11, 32.9, 33.9): one trace for the side, on the first question. */
  inGenS(u: UnitState): boolean;
}

const byId = (a: UnitState, b: UnitState) => a.id.localeCompare(b.id);

export function victoryView(state: GameState, bundle: ScenarioBundle): VictoryView {
  // The hex index of the position, taken once (on a draft it is built per call, not cached).
  let ix: UnitIndex | null = null;
  const index = () => (ix ??= unitIndex(state));
  const lives = new Map<Side, UnitState[]>();
  const occ = new Map<Side, Set<HexId>>();
  const gens = new Map<Side, (u: UnitState) => boolean>();
  const live = (side: Side) => {
    let l = lives.get(side);
    if (!l) lives.set(side, (l = index().live.filter((u) => u.side === side && bundle.units.get(u.id)?.size !== 'Leader').sort(byId)));
    return l;
  };
  return {
    state, bundle, live,
    occupied(side) {
      let o = occ.get(side);
      if (!o) occ.set(side, (o = new Set(live(side).map((u) => u.hex!))));
      return o;
    },
    sidesIn(h) {
      const here = index().byHex.get(h);
      return here ? new Set(here.map((u) => u.side)) : undefined;
    },
    inGenS(u) {
      let g = gens.get(u.side);
      if (!g) gens.set(u.side, (g = genSCheck(state, bundle, u.side)));
      return g(u);
    },
  };
}

/** A named victory hex set (special.victory.hexSets); hexSet keeps it per bundle. */
export function victoryHexSet(bundle: ScenarioBundle, name: string): ReadonlySet<HexId> {
  const sets = special(bundle).victory?.hexSets ?? {};
  if (!sets[name]) throw new Error(`victory condition names unknown hex set "${name}"`);
  return hexSet(bundle, sets[name].hexes);
}

const sorted = new WeakMap<ReadonlySet<HexId>, HexId[]>();
/** The same set in hex order (the order conditions list hexes in), sorted once. */
export function victoryHexes(bundle: ScenarioBundle, name: string): HexId[] {
  const set = victoryHexSet(bundle, name);
  let hs = sorted.get(set);
  if (!hs) sorted.set(set, (hs = [...set].sort((a, b) => a - b)));
  return hs;
}
