/**
 * Scenario artillery as the fire-support, movement, stacking and combat rules read it
 * (scenario.special.artillery, AW 31.9.2, 32.5, 33.5): which counters stand for artillery groups or
 * division HQs firing as groups, their mission points and range in the current GT (per-GT points such
 * as AW 32.5.2a's zero on July 18 AM), the period their points reset in, and the corps they may support.
 * A scenario without `special.artillery` falls back to the counters (GOSS 11.3.1 barrage factor).
 */
import type { ArtilleryGroup } from '../../data/schemas/scenarioRules';
import type { z } from 'zod';
import { turnTime } from '../sequence';
import { distance, type HexId } from '../hex';
import type { GameState, ScenarioBundle } from '../types';
import { special } from './scenarioArea';
import { unitIndex } from './unitIndex';

export type Group = z.infer<typeof ArtilleryGroup>;

const byUnit = new WeakMap<object, Map<string, Group>>();

function index(bundle: ScenarioBundle): Map<string, Group> {
  let m = byUnit.get(bundle.scenario);
  if (m) return m;
  m = new Map();
  for (const g of special(bundle).artillery?.groups ?? []) {
    if (g.mapCounter) m.set(g.mapCounter, g);
    for (const u of g.units ?? []) m.set(u, g);
  }
  byUnit.set(bundle.scenario, m);
  return m;
}

/** The scenario artillery entry a unit fires for (its map counter, or one of its listed units), or null. */
export function groupOfUnit(bundle: ScenarioBundle, unitId: string): Group | null {
  return index(bundle).get(unitId) ?? null;
}

/** Does the scenario define its artillery (then only the listed counters fire, with the listed points)? */
export function hasScenarioArtillery(bundle: ScenarioBundle): boolean {
  return !!special(bundle).artillery;
}

/** AW 31.9.2: the counter stands for an artillery group (MA 6, may not stack, move-or-fire, no offensive GA, 31.9.2c when attacked). */
export function actsAsGroup(bundle: ScenarioBundle, unitId: string): boolean {
  const g = groupOfUnit(bundle, unitId);
  return !!g && g.kind === 'group' && g.mapCounter === unitId;
}

/** AW 31.9.2b: a division HQ firing as an artillery group (MA 6, halved points after moving or a step loss). */
export function actsAsDivisionGroup(bundle: ScenarioBundle, unitId: string): boolean {
  const g = groupOfUnit(bundle, unitId);
  return !!g && g.kind === 'division' && g.mapCounter === unitId;
}

const todIndex = (t: string) => ['AM', 'PM', 'Night'].indexOf(t);

/** Mission points and range of a group in the current GT (`pointsAt` overrides, e.g. AW 32.5.2a). */
export function groupPointsNow(state: GameState, bundle: ScenarioBundle, g: Group): { points: number; range: number; note: string } {
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const at = g.pointsAt.find((p) => p.at.date === now.date && todIndex(p.at.time) === todIndex(now.time));
  return at ? { points: at.points, range: g.range, note: ` (${at.points} in the ${now.date} ${now.time} GT)` } : { points: g.points, range: g.range, note: '' };
}

/**
 * The period a firing unit's points are counted in: AW 32.5.1a "reset at the beginning of each GT",
 * AW 33.5.1a each player turn; Nebelwerfer once per game day (AW 32.5.2b), heavy Flak once per player turn (AW 32.5.2c).
 */
export function periodKey(state: GameState, bundle: ScenarioBundle, g: Group | null): string {
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const per = g?.firesOncePer === 'gameDay' ? 'gameDay' : g?.firesOncePer === 'playerTurn' || special(bundle).artillery?.resetEach === 'playerTurn' ? 'playerTurn' : 'gameTurn';
  if (per === 'gameDay') return `d${now.date}`;
  if (per === 'playerTurn') return `p${state.pos.turn}.${state.pos.playerTurn}`;
  return `t${state.pos.turn}`;
}

/** Kinds that fire at most once per period instead of spending a pool of points (AW 32.5.2b-c). */
export function firesOnce(g: Group | null): boolean {
  return !!g && (g.kind === 'nebelwerfer' || g.kind === 'heavyFlak');
}

function corpsUnits(bundle: ScenarioBundle, corpsIds: string[]): (unitId: string) => boolean {
  const corps = (special(bundle).corps ?? []).filter((c) => corpsIds.includes(c.id));
  return (id) => {
    const f = bundle.units.get(id)?.formation;
    return corps.some((c) => c.units.includes(id) || (!!f && c.formations.includes(f)));
  };
}

/**
 * AW 32.5.1: a group that supports only some corps may fire a mission only in support of their units.
 * reconstructed: "in support of" = the spotter belongs to one of those corps, or a unit of them is in
 * or adjacent to the target hex (an unobserved mission has no spotter).
 */
export function supportsMission(state: GameState, bundle: ScenarioBundle, g: Group | null, target: HexId, spotter?: string): boolean {
  if (!g || !g.supports.length) return true;
  const inCorps = corpsUnits(bundle, g.supports);
  if (spotter && inCorps(spotter)) return true;
  for (const u of unitIndex(state).live) if (u.side === g.side && distance(u.hex!, target) <= 1 && inCorps(u.id)) return true;
  return false;
}

/** Names of the corps a group supports, for messages. */
export function supportsText(bundle: ScenarioBundle, g: Group): string {
  const names = (special(bundle).corps ?? []).filter((c) => g.supports.includes(c.id)).map((c) => c.name);
  return names.length ? names.join(' or ') : g.supports.join(', ');
}
