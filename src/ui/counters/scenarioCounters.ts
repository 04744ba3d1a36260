/**
 * The counters of a scenario (issue 4): the unit sets its roster names, resolved through
 * src/data/unitNames.ts. Loaded with the app bundle; needs nothing outside the repository.
 */
import { UnitsFile, type UnitDef } from '../../data/schemas/unit';
import { findRosterScenario, scenarioRoster, type ScenarioRoster } from '../../data/unitNames';
import { unitSetIds, unitSetJson } from '../../data/bundle';

/** One unit set of data/units, parsed and validated the first time a scenario's counters ask for it. */
const parsed = new Map<string, UnitDef[] | null>();
function unitSet(id: string): UnitDef[] | null {
  if (!parsed.has(id)) {
    const r = UnitsFile.safeParse(unitSetJson(id));
    parsed.set(id, r.success ? r.data.units : null);
  }
  return parsed.get(id)!;
}

/** Every unit set of data/units by id (parses them all: the counter tests, not the app's start). */
export function unitSets(): Map<string, UnitDef[]> {
  const sets = new Map<string, UnitDef[]>();
  for (const id of unitSetIds()) {
    const u = unitSet(id);
    if (u) sets.set(id, u);
  }
  return sets;
}

export interface ScenarioCounters { roster: ScenarioRoster; units: UnitDef[]; byId: Map<string, UnitDef> }

/** Counters in play in scenario `id` (roster id or alias: goodwood/aw32/scenario1, epsom, cherbourg), in roster order. */
export function scenarioCounters(id: string): ScenarioCounters | null {
  const s = findRosterScenario(id);
  if (!s) return null;
  const pool = s.unitSets.flatMap((k) => unitSet(k) ?? []);
  const roster = scenarioRoster(s, pool);
  const byId = new Map(pool.map((u) => [u.id, u]));
  return { roster, units: roster.ids.map((i) => byId.get(i)!).filter(Boolean), byId };
}
