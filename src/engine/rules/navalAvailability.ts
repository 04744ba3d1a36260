/**
 * AW 11.9.0 naval unit availability (scenario.special.navalAvailability, data/modules/naval/*.json):
 * in the Naval Unit Assignment Segment of the game day's first GT (AW 3.3.2) the Allied side rolls
 * 1d10 for each type of naval unit for each task force; the Naval Unit Availability chart
 * (data/tables/naval.json) gives how many it has that GD. From July 1 the western TF rolls for DDs
 * only; from July 8 the eastern TF keeps at most 1 BB or monitor, 1 CA, 2 CL and 4 DD. The units
 * fire in the AM and PM GTs (GOSS 11.4), the western TF only for US forces and the eastern only for
 * CW forces (AW 11.9.1, the spotter's nationality), with their type's points and range from any full
 * sea hex; after each mission a unit checks its ammunition against ADV 4 and, failing, fires no more
 * that GD (fireSupport.ts, navalGunfire.ts). The rolls are automatic: the Allied player has no choice
 * in them. The day's units are open information (AW 11.9.0: recorded on the AP Record Track).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import { NavalAvailabilityTables, type NavalAvailabilityRule } from '../../data/schemas/navalAvailability';
import type { TimeOfDay } from '../../data/schemas/sequence';
import { compareTime, gameTime } from '../sequence';
import type { RuleModule } from './registry';
import { moduleDraft, moduleState } from './moduleState';
import { moduleOn, type Extension, type ShipDef } from './extensions';
import { navalTable } from './combatTables';

export const NAVAL_AVAILABILITY = 'navalAvailability';
const CASE = 'AW 11.9.0';
const KINDS = ['BB', 'MN', 'CA', 'CL', 'DD'] as const;
type Kind = (typeof KINDS)[number];
type At = { date: string; time: TimeOfDay };

function rule(bundle: ScenarioBundle): NavalAvailabilityRule | undefined {
  return (bundle.scenario.special as { navalAvailability?: NavalAvailabilityRule } | undefined)?.navalAvailability;
}
const on = (bundle: ScenarioBundle): boolean => !!rule(bundle) && moduleOn(bundle, NAVAL_AVAILABILITY);
const tables = (bundle: ScenarioBundle): NavalAvailabilityTables => bundle.moduleData![rule(bundle)!.tables] as NavalAvailabilityTables;
const nowOf = (s: GameState, bundle: ScenarioBundle): At => gameTime(bundle.scenario, bundle.sequence, s.pos.turn) as At;

/** `state.special.navalDay`: the game day's naval units by task force and type. */
interface NavalDay { date?: string; units?: Record<string, Partial<Record<Kind, number>>> }
const nd = (s: GameState): NavalDay => moduleState<NavalDay>(s, 'navalDay');

/** AW 11.9.0: the day's rolls, in the first Naval Unit Assignment Segment of each game day. */
function assign(d: Draft<GameState>, ctx: { bundle: ScenarioBundle; dice: { d10(label: string): number } }): GameEvent[] {
  const bundle = ctx.bundle;
  if (!on(bundle)) return [];
  const s = d as unknown as GameState;
  const now = nowOf(s, bundle);
  if (nd(s).date === now.date) return [];
  const t = tables(bundle);
  const chart = navalTable(bundle).availability.rows;
  const units: Record<string, Partial<Record<Kind, number>>> = {};
  const events: GameEvent[] = [];
  for (const tf of t.taskForces) {
    const limits = t.limits.filter((l) => l.tf === tf.id && compareTime(bundle.sequence, now, l.from) >= 0);
    const only = limits.find((l) => l.only)?.only;
    const got: Partial<Record<Kind, number>> = {};
    const rolls: Partial<Record<Kind, number>> = {};
    for (const k of KINDS) {
      if (only && !only.includes(k)) continue;
      const roll = ctx.dice.d10(`naval units: ${tf.name} ${k}`);
      rolls[k] = roll;
      const n = chart.find((r) => r.roll === roll)![tf.id][k] ?? 0;
      if (n) got[k] = n;
    }
    // AW 11.9.0: the most of a group of types the TF may have (rolled normally, then cut; the first listed type kept first).
    const cut: string[] = [];
    for (const l of limits) for (const cap of l.caps ?? []) {
      let left = cap.max;
      for (const k of cap.kinds) {
        const n = got[k] ?? 0;
        const keep = Math.min(n, left);
        left -= keep;
        if (keep < n) { cut.push(`${k} ${n} → ${keep}`); if (keep) got[k] = keep; else delete got[k]; }
      }
    }
    units[tf.id] = got;
    const list = KINDS.filter((k) => got[k]).map((k) => `${got[k]} ${k}`).join(', ') || 'none';
    events.push({ type: 'navalUnits', taskForce: tf.name, rolls, units: got, text: `${tf.name}: ${list}${cut.length ? ` (at most, from the date: ${cut.join(', ')})` : ''}`, case: CASE });
  }
  const st = moduleDraft<NavalDay>(d, 'navalDay');
  st.date = now.date;
  st.units = units;
  return events;
}

const shipCache = new WeakMap<object, ShipDef[]>();
/** The day's naval units as ships (ids "W-BB1", "E-DD3"), or none before the day's roll. Kept per record. */
function ships(state: GameState, bundle: ScenarioBundle): ShipDef[] | null {
  if (!on(bundle)) return null;
  const day = nd(state);
  if (!day.units || day.date !== nowOf(state, bundle).date) return [];
  let out = shipCache.get(day.units);
  if (!out) {
    out = [];
    const adv = navalTable(bundle).adv;
    const t = tables(bundle);
    for (const tf of t.taskForces) {
      const got = day.units[tf.id] ?? {};
      for (const k of KINDS) for (let i = 1; i <= (got[k] ?? 0); i++) {
        const ngs = { capacity: t.ngs.capacity, kindDrm: t.ngs.drm[k] ?? 0, weather: t.ngs.weather, case: 'GOSS 11.4' };
        out.push({ id: `${tf.id}-${k}${i}`, kind: k, available: 'eachAmPm', range: { fromSea: true }, source: tf.source, taskForce: { name: tf.name, supports: tf.supports }, adv, case: CASE, ngs });
      }
    }
    shipCache.set(day.units, out);
  }
  return out;
}

/** The day's naval units by task force (AW 11.9.0: recorded on the AP Record Track), each marked when its ammunition check failed; null without the module. */
export function navalRecord(state: GameState, bundle: ScenarioBundle): { taskForce: string; units: { id: string; kind: string; depleted: boolean }[] }[] | null {
  const list = ships(state, bundle);
  if (!list) return null;
  const date = nowOf(state, bundle).date;
  return tables(bundle).taskForces.map((tf) => ({
    taskForce: tf.name,
    units: list.filter((x) => x.id.startsWith(`${tf.id}-`)).map((x) => ({ id: x.id, kind: x.kind, depleted: (state.combat?.naval[`ship:${x.id}`] as { depleted?: string } | undefined)?.depleted === date })),
  }));
}

export const navalAvailability: Extension = {
  name: NAVAL_AVAILABILITY,
  cases: 'AW 11.9.0, 11.9.1',
  needs: [NAVAL_AVAILABILITY],
  data(scenario) {
    const r = (scenario.special as { navalAvailability?: NavalAvailabilityRule } | undefined)?.navalAvailability;
    return r ? [{ id: r.tables, schema: NavalAvailabilityTables }] : [];
  },
  ships,
};

export const navalAvailabilityRules: RuleModule = {
  name: NAVAL_AVAILABILITY,
  hooks: [{ segment: 'navalUnits', onEnter: assign }],
};
