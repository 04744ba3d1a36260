/**
 * Resolves the unit strings of the scenario rules ("I/981/272 Inf Btn", "1x 88Flak Coy",
 * "9NW Bde (all six Btns)", "11th Arm Div") to counter ids of data/units.
 *
 * - Step losses "(-N)" and "(one step each)" are setup state, not identity: they are stripped and
 *   returned as `stepLosses` (AW 32.11.0).
 * - "Nx <type>" takes N distinct unused counters of that generic type, in counter order, so every
 *   "1x 88Flak Coy" of a scenario gets its own counter (88flak-coy-1, -2, …).
 * - Formation-level strings are read through the `groups` table of the roster file.
 * - Anything else must match exactly one counter's `names` (the spellings the rules use).
 * A resolver is stateful: one per scenario, so no counter is given out twice.
 */
import type { UnitDef } from './schemas/unit';
import rosterJson from '../../data/units/rosters/aw-scenarios-1-3.json';

export interface GroupSelector {
  ids?: string[];
  formations?: string[];
  regiments?: string[];
  class?: string;
  except?: string[];
  exceptRegiments?: string[];
  generics?: { name: string; count: number }[];
  /** Expected number of counters; checked when given. */
  count?: number;
  why?: string;
}

export interface RosterName { name: string; where?: string; context?: string; line?: number; note?: string; why?: string }
export interface RosterScenario {
  id: string;
  case: string;
  name: string;
  aliases: string[];
  unitSets: string[];
  german: RosterName[];
  allied: RosterName[];
  alliedExtras: RosterName[];
}
export interface Roster { format: string; source: string; scenarios: RosterScenario[]; groups: Record<string, GroupSelector> }
export const ROSTER = rosterJson as Roster;

export interface Resolution {
  raw: string;
  /** The string after stripping step losses and prefixes. */
  name: string;
  ids: string[];
  /** How many counters the string names. */
  expected: number;
  stepLosses: number;
  /** Why the string did not resolve (empty ids), or how a group was read. */
  reason?: string;
}

const LOSSES = /\s*;?\s*\(-(\d+)\)\s*$/;

export function cleanName(raw: string): { name: string; stepLosses: number } {
  let name = raw.replace(/\s+/g, ' ').trim();
  let stepLosses = 0;
  for (let m = LOSSES.exec(name); m; m = LOSSES.exec(name)) {
    stepLosses += Number(m[1]);
    name = name.slice(0, m.index).trim();
  }
  if (/\(one step each\)$/i.test(name)) { name = name.replace(/\s*\(one step each\)$/i, ''); stepLosses = -1; }
  name = name.replace(/^attached:\s*/i, '');
  return { name, stepLosses };
}

/** Numeric-aware order so generic pools hand out 88flak-coy-2 before 88flak-coy-10. */
const byId = (a: UnitDef, b: UnitDef) => a.id.localeCompare(b.id, 'en', { numeric: true });

export function createResolver(units: Iterable<UnitDef>, groups: Record<string, GroupSelector> = ROSTER.groups) {
  const all = [...units];
  const byIdMap = new Map(all.map((u) => [u.id, u]));
  const used = new Set<string>();
  const nameIndex = new Map<string, UnitDef[]>();
  for (const u of all) for (const n of u.names ?? []) {
    const k = n.toLowerCase();
    nameIndex.set(k, [...(nameIndex.get(k) ?? []), u]);
  }

  function take(list: UnitDef[], n: number): string[] | null {
    const free = list.filter((u) => !used.has(u.id)).sort(byId);
    if (free.length < n) return null;
    return free.slice(0, n).map((u) => u.id);
  }

  function select(sel: GroupSelector): { ids: string[]; reason?: string } {
    const ids: string[] = [];
    for (const id of sel.ids ?? []) {
      if (!byIdMap.has(id)) return { ids: [], reason: `group names counter ${id}, which is in no loaded unit set` };
      ids.push(id);
    }
    if (sel.formations || sel.regiments) {
      let list = all.filter((u) =>
        (!sel.formations || sel.formations.includes(u.formation ?? '')) &&
        (!sel.regiments || sel.regiments.includes(u.regiment ?? '')) &&
        (!sel.class || u.class === sel.class) &&
        !(sel.except ?? []).includes(u.id) &&
        !(sel.exceptRegiments ?? []).includes(u.regiment ?? ''));
      if (sel.class && sel.count) {
        const t = take(list, sel.count);
        if (!t) return { ids: [], reason: `fewer than ${sel.count} unused ${sel.class} counters in ${sel.formations?.join(', ')}` };
        list = list.filter((u) => t.includes(u.id));
      }
      if (!list.length) return { ids: [], reason: `no counters of ${[...(sel.formations ?? []), ...(sel.regiments ?? [])].join(', ')} in the loaded unit sets` };
      ids.push(...list.sort(byId).map((u) => u.id));
    }
    for (const g of sel.generics ?? []) {
      const t = take(all.filter((u) => u.generic && (u.names ?? []).some((n) => n.toLowerCase() === g.name.toLowerCase())), g.count);
      if (!t) return { ids: [], reason: `fewer than ${g.count} unused "${g.name}" counters` };
      ids.push(...t);
    }
    return { ids };
  }

  function resolve(raw: string, context?: string): Resolution {
    const { name, stepLosses } = cleanName(raw);
    const out = (ids: string[], expected: number, reason?: string): Resolution => {
      const clash = ids.find((id) => used.has(id));
      if (clash) return { raw, name, ids: [], expected, stepLosses, reason: `counter ${clash} is already used in this scenario` };
      ids.forEach((id) => used.add(id));
      return { raw, name, ids, expected, stepLosses, reason };
    };
    const group = (context && groups[`${context}: ${name}`]) || groups[name];
    if (group) {
      const r = select(group);
      const expected = group.count ?? r.ids.length;
      if (!r.ids.length) return { raw, name, ids: [], expected, stepLosses, reason: r.reason };
      if (group.count !== undefined && r.ids.length !== group.count)
        return { raw, name, ids: [], expected, stepLosses, reason: `group gives ${r.ids.length} counters, the rules name ${group.count}` };
      return out(r.ids, expected, group.why);
    }
    const generic = /^(\d+)x\s+(.+)$/i.exec(name);
    if (generic) {
      const n = Number(generic[1]);
      const type = generic[2].toLowerCase();
      const pool = all.filter((u) => (u.names ?? []).some((s) => s.toLowerCase() === type));
      if (!pool.length) return { raw, name, ids: [], expected: n, stepLosses, reason: `no counter type "${generic[2]}"` };
      const t = take(pool, n);
      if (!t) return { raw, name, ids: [], expected: n, stepLosses, reason: `only ${pool.filter((u) => !used.has(u.id)).length} unused "${generic[2]}" counters for ${n}` };
      return out(t, n);
    }
    const hits = nameIndex.get(name.toLowerCase()) ?? [];
    if (hits.length === 1) return out([hits[0].id], 1);
    if (hits.length > 1) return { raw, name, ids: [], expected: 1, stepLosses, reason: `ambiguous: ${hits.map((u) => u.id).join(', ')}` };
    return { raw, name, ids: [], expected: 1, stepLosses, reason: 'no counter has this name' };
  }

  return { resolve, used: () => new Set(used) };
}

export function findRosterScenario(id: string): RosterScenario | undefined {
  const k = id.toLowerCase();
  return ROSTER.scenarios.find((s) => s.id === k || s.aliases.includes(k)) ??
    ROSTER.scenarios.find((s) => k.startsWith(s.id) || s.aliases.some((a) => k.startsWith(a)));
}

export interface ScenarioRoster {
  scenario: RosterScenario;
  /** Counter ids in play, German first, in the order the rules list them. */
  ids: string[];
  resolutions: { side: 'german' | 'allied'; entry: RosterName; resolution: Resolution }[];
  unresolved: { side: 'german' | 'allied'; entry: RosterName; resolution: Resolution }[];
}

/** Every counter a scenario uses: its German setup and reinforcement strings and its Allied OOB. */
export function scenarioRoster(scenario: RosterScenario, units: Iterable<UnitDef>): ScenarioRoster {
  const r = createResolver(units);
  const resolutions: ScenarioRoster['resolutions'] = [];
  for (const entry of scenario.german) resolutions.push({ side: 'german', entry, resolution: r.resolve(entry.name, entry.context) });
  for (const entry of [...scenario.allied, ...scenario.alliedExtras]) resolutions.push({ side: 'allied', entry, resolution: r.resolve(entry.name, entry.context) });
  return {
    scenario,
    ids: resolutions.flatMap((x) => x.resolution.ids),
    resolutions,
    unresolved: resolutions.filter((x) => x.resolution.ids.length !== x.resolution.expected || !x.resolution.ids.length),
  };
}
