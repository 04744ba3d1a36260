/**
 * The counters of a scenario (issue 4): the unit sets its roster names, resolved through
 * src/data/unitNames.ts. Loaded with the app bundle; needs nothing outside the repository.
 */
import { UnitsFile, type UnitDef } from '../../data/schemas/unit';
import { findRosterScenario, scenarioRoster, type ScenarioRoster } from '../../data/unitNames';

const FILES = import.meta.glob('../../../data/units/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

let sets: Map<string, UnitDef[]> | null = null;
export function unitSets(): Map<string, UnitDef[]> {
  if (!sets) {
    sets = new Map();
    for (const json of Object.values(FILES)) {
      const r = UnitsFile.safeParse(json);
      if (r.success) sets.set(r.data.id, r.data.units);
    }
  }
  return sets;
}

export interface ScenarioCounters { roster: ScenarioRoster; units: UnitDef[]; byId: Map<string, UnitDef> }

/** Counters in play in scenario `id` (roster id or alias: goodwood/aw32/scenario1, epsom, cherbourg), in roster order. */
export function scenarioCounters(id: string): ScenarioCounters | null {
  const s = findRosterScenario(id);
  if (!s) return null;
  const pool = s.unitSets.flatMap((k) => unitSets().get(k) ?? []);
  const roster = scenarioRoster(s, pool);
  const byId = new Map(pool.map((u) => [u.id, u]));
  return { roster, units: roster.ids.map((i) => byId.get(i)!).filter(Boolean), byId };
}
