/**
 * GOSS 23 leaders as the combat rules read them: which leader counters give the GOSS benefits, and
 * the −1 DRM a leader in the hex gives every proficiency check (GOSS 4.4.1, 13.10.1; GOSS 23.2.1:
 * "−1 to PRCs in its hex"; only one leader's bonus applies to any given action).
 *
 * A scenario may set the GOSS and AW leader rules aside (`special.leaderRules.goss: false`: AW 32.8.0
 * "Ignore all GOSS and AW rules pertaining to leaders"); its leaders then have only the abilities its
 * `special.leaders` lists (column shifts, MA and advance bonus with their formation: gaOdds.ts
 * `leaderShift`, groundAssault.ts `advanceOptions`, movement-search.ts `leaderMaBonus`).
 *
 * Reconstructed: the Leader Activation Segment (GOSS 23.1.0) is not modelled, so a leader on the map
 * counts as active (AW 23: leaders are activated on the GD they arrive; GOSS modules: a surviving
 * airborne leader is placed active).
 */
import type { HexId } from '../hex';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import { special } from './scenarioArea';
import { unitOf } from '../unitTable';

const leaderIds = new WeakMap<ScenarioBundle, string[]>();
/** The scenario's leader counters (GOSS 23), once per bundle: most scenarios have none, and then nothing is scanned. */
function leadersOf(bundle: ScenarioBundle): string[] {
  let ids = leaderIds.get(bundle);
  if (!ids) { ids = [...bundle.units.values()].filter((d) => d.size === 'Leader').map((d) => d.id); leaderIds.set(bundle, ids); }
  return ids;
}

/** Whether the GOSS and AW leader rules are in force in this scenario (AW 32.8.0 sets them aside). */
export function gossLeaderRules(bundle: ScenarioBundle): boolean {
  return special(bundle).leaderRules?.goss !== false;
}

/** The case that sets the leader rules aside, for texts that explain why a leader gives nothing. */
export function leaderRulesCase(bundle: ScenarioBundle): string | null {
  const r = special(bundle).leaderRules;
  return r && !r.goss ? r.case : null;
}

/**
 * A live `side` leader counter on the map in one of `hexes` that gives the GOSS leader benefits, or
 * null (none there, or the scenario ignores the GOSS leader rules).
 */
export function gossLeaderIn(state: GameState, bundle: ScenarioBundle, side: Side, hexes: readonly HexId[]): UnitState | null {
  if (!hexes.length || !gossLeaderRules(bundle)) return null;
  const ids = leadersOf(bundle);
  if (!ids.length) return null;
  for (const id of ids) {
    const u = unitOf(state, id);
    if (u && u.side === side && !u.eliminated && u.hex !== null && hexes.includes(u.hex)) return u;
  }
  return null;
}

/** GOSS 4.4.1 / 23.2.1: the leader DRM of a proficiency check made by `side` units in `hexes`. */
export interface LeaderDrm { drm: number; leader: string; case: string }

export function leaderPrcDrm(state: GameState, bundle: ScenarioBundle, side: Side, hexes: readonly HexId[]): LeaderDrm | null {
  const l = gossLeaderIn(state, bundle, side, hexes);
  if (!l) return null;
  // Only one leader's bonus applies to any given action (GOSS 23.2.1): −1, however many are there.
  return { drm: -1, leader: bundle.units.get(l.id)?.designation ?? l.id, case: 'GOSS 4.4.1, 23.2.1' };
}
