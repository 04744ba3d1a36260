/**
 * The standard air rules (AW 20.0 with GOSS 20; scenario.special.airPower, data/modules/air/*.json):
 * - AW 3.3.1 / 20.1.0–20.1.1 Air Allocation Segment (AM GT): each force finds its AP for the game day;
 *   the German AP all go to GS missions (AW 20.1.0: they may fly nothing else), the Allied player
 *   assigns the US and the CW AP to GS and GI missions in their force's northern and southern air
 *   sectors (AW 20.1.1a; `allocateAir`, a pending decision; every AP assigned, at most 32 GI AP a
 *   sector, AW 20.3.0). The AP serve the AM and PM GTs of the day. The allocation is open
 *   information: AW 3.3.1 records it on the AP markers of the map's AP Record Track.
 * - AW 20.2.1 / 11.4.3 GS missions: an FS mission's air points come from the GS AP of the air sector
 *   its target is in (the German AP from the whole pool), at most 3 AP a GS mission after the weather
 *   (US 4 from August 1), 2 points an AP, each GS mission its own volley (GOSS 11.4, 20.2); one GS
 *   mission joins an observed FS mission, two a mission observed by a unit in PA mode or an ET
 *   (GOSS 11.2.4 medium and heavy, reconstructed).
 * - AW 20.1.0: each German AP rolls 1d10 before it flies, 0–8 aborts; GOSS 20.2.3: each GS mission
 *   rolls the mission error (9+ aborts, 8 scatters onto a neighbouring hex). The core fire-support
 *   procedure rolls them as the plan this module returns says (extensions.ts `GsAir`).
 * - AW 3.3.2 / 20.3.0 Ground Interdiction Value Segment (AM and PM GTs): each air sector with GI AP
 *   rolls its Leg and Mech GI values on the GOSS 20.3 table (the AP after the sector's weather pick
 *   the column). GOSS 20.3: a German unit that spent more MP more than six hexes from every enemy than
 *   a multiple of its class's value (by at least 1) is open to that many GI attacks when its move is
 *   complete (the AW 31.7 decision at the end of the Movement Segment, rules/interdiction.ts), each on
 *   the AW 31.7 attack table with the GOSS 20.3 DRMs. This replaces AW 31.7 in the scenario.
 * Not yet: SI and air supply missions, carpet bombing's halving of the AP (AW 20.8.6), the air effort
 * increases (AW 20.1.1c) and the Strategic Map sectors (AW 20.1.1b).
 */
import type { Draft } from 'immer';
import type { ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../types';
import { AirTables, type AirForce, type AirPowerRule, type AirSector } from '../../data/schemas/air';
import { OverlaysFile } from '../../data/schemas/overlays';
import type { TimeOfDay } from '../../data/schemas/sequence';
import { compareTime, gameTime } from '../sequence';
import { formatHex, hexesWithin, rulesIdsOf, type HexId } from '../hex';
import { terrainOf } from '../board';
import { reject, type RuleModule } from './registry';
import { moduleDraft, moduleState } from './moduleState';
import { moduleOn, type Extension, type GiDecision, type GsAir } from './extensions';
import { sideOfLine } from './weatherSectors';
import { atmosphere, isFlakCapable } from './fireSupport';
import { defOf, enemyOf, has, isPureAfv, live, M, unitsAt } from './combatTraits';
import { moveClassOf } from './motorised';
import { readUnits } from './unitIndex';
import { unitOf } from '../unitTable';

export const AIR_POWER = 'airPower';
const CASE = 'AW 20.1.1';
type At = { date: string; time: TimeOfDay };

function rule(bundle: ScenarioBundle): AirPowerRule | undefined {
  return (bundle.scenario.special as { airPower?: AirPowerRule } | undefined)?.airPower;
}
/** The module's tables (validated at load). */
export function airTables(bundle: ScenarioBundle): AirTables {
  return bundle.moduleData![rule(bundle)!.tables] as AirTables;
}
/** Does the scenario use the standard air rules? */
export const airPowerOn = (bundle: ScenarioBundle): boolean => !!rule(bundle) && moduleOn(bundle, AIR_POWER);
const nowOf = (s: GameState, bundle: ScenarioBundle): At => gameTime(bundle.scenario, bundle.sequence, s.pos.turn) as At;
const overlaysId = (map: string): string => `${map}-overlays`;

// ---------- air sectors (AW 20.1.1a) ----------

const NO_SECTOR = 255;
const sectorMaps = new WeakMap<ScenarioBundle, { sides: Uint8Array; sector: Uint8Array }>();

/** The air sector of a hex (AW 20.1.1a), or null off the Battlefield Map's sheets. Computed per hex once per bundle. */
export function airSectorOf(bundle: ScenarioBundle, hex: HexId): AirSector | null {
  const t = airTables(bundle);
  let m = sectorMaps.get(bundle);
  if (!m) {
    const overlays = bundle.moduleData![overlaysId(bundle.scenario.map)] as OverlaysFile;
    const sides = sideOfLine(overlays, t.sectors.boundary.overlay, t.sectors.boundary.onLine === 'west' ? 0 : 1);
    m = { sides, sector: new Uint8Array(sides.length).fill(NO_SECTOR - 1) };
    sectorMaps.set(bundle, m);
  }
  let i = m.sector[hex];
  if (i === NO_SECTOR - 1) {
    i = NO_SECTOR;
    const id = rulesIdsOf(hex)[0];
    const r = id ? /^([A-Z][0-9]?)-?\d\d(\d\d)$/.exec(id) : null;
    if (r) {
      const ns = t.sectors.northSouth;
      const half = ns.northSheets.includes(r[1]) ? 'north' : ns.rowSheets.includes(r[1]) ? (Number(r[2]) <= ns.lastNorthRow ? 'north' : 'south') : null;
      const of = m.sides[hex] === 0 ? 'west' : 'east';
      const k = half ? t.sectors.list.findIndex((s) => s.half === half && s.of === of) : -1;
      if (k >= 0) i = k;
    }
    m.sector[hex] = i;
  }
  return i === NO_SECTOR ? null : t.sectors.list[i];
}

// ---------- the game day's AP and their allocation ----------

/** The force's AP for the game day (AW 20.1.0: the scenario's figure from its date on). */
export function forceAp(bundle: ScenarioBundle, force: string, now: At): number {
  let ap = 0;
  for (const p of rule(bundle)!.points) if (p.force === force && compareTime(bundle.sequence, now, p.from) >= 0) ap = p.perGameDay;
  return ap;
}

/** One force's allocation of the day: GS AP by sector (`all` for a force that flies battlefield-wide) and GI AP by sector. */
export interface ForceAllocation { ap: number; gs: Record<string, number>; gi: Record<string, number> }
/** `state.special.air`: the game day's allocation by force; a force still to assign is absent. */
interface AirState { date?: string; forces?: Record<string, ForceAllocation> }
const as_ = (s: GameState): AirState => moduleState<AirState>(s, 'air');
const asd = (d: Draft<GameState>): Draft<AirState> => moduleDraft<AirState>(d, 'air');

const ALL = 'all';
/** The combat.air key of a GS pool: the force and its sector. */
const poolKey = (force: string, sector: string): string => `gs:${force}:${sector}`;

/** The force's allocation of today, or null (not assigned yet, or assigned on another day). */
export function allocationOf(state: GameState, bundle: ScenarioBundle, force: string): ForceAllocation | null {
  const a = as_(state);
  return a.date === nowOf(state, bundle).date ? a.forces?.[force] ?? null : null;
}

/** The GS AP of a pool used today (combat.air, booked by the fire-support procedure). */
function usedToday(state: GameState, bundle: ScenarioBundle, key: string): number {
  const r = state.combat?.air[key];
  return r && r.day === nowOf(state, bundle).date ? r.used : 0;
}

/** The Allied forces still to assign their AP today (in the table's order), each with its AP. */
function unassigned(state: GameState, bundle: ScenarioBundle): { force: AirForce; ap: number }[] {
  const a = as_(state);
  const now = nowOf(state, bundle);
  if (a.date !== now.date) return [];
  return airTables(bundle).forces.filter((f) => !f.gsOnly && !a.forces?.[f.id] && forceAp(bundle, f.id, now) > 0).map((f) => ({ force: f, ap: forceAp(bundle, f.id, now) }));
}

/** AW 3.3.1: the Air Allocation Segment: the GS-only forces assign automatically; the others are asked. */
function allocationSegment(d: Draft<GameState>, ctx: { bundle: ScenarioBundle }): GameEvent[] {
  const bundle = ctx.bundle;
  if (!airPowerOn(bundle)) return [];
  const s = d as unknown as GameState;
  const now = nowOf(s, bundle);
  const st = asd(d);
  st.date = now.date;
  st.forces = {};
  const events: GameEvent[] = [];
  for (const f of airTables(bundle).forces) {
    const ap = forceAp(bundle, f.id, now);
    if (!f.gsOnly) continue;
    st.forces[f.id] = { ap, gs: { [ALL]: ap }, gi: {} };
    events.push({ type: 'airAllocated', force: f.id, side: f.side, ap, gs: { [ALL]: ap }, gi: {}, text: `${f.name}: ${ap} AP, all to GS missions (AW 20.1.0)`, case: 'AW 20.1.0' });
  }
  // Another module's question opened on entering the segment (a sealed GT of the day) comes first: the
  // allocation is asked when it closes (onResume), the segment waiting for both.
  if (!d.pending) askNext(d, bundle);
  return events;
}

/** Opens the allocation question of the next Allied force still to assign, or closes it. */
function askNext(d: Draft<GameState>, bundle: ScenarioBundle): void {
  if (d.pending && d.pending.kind !== 'airAllocation') return;
  const next = unassigned(d as unknown as GameState, bundle)[0];
  if (!next) { if (d.pending?.kind === 'airAllocation') d.pending = null; return; }
  const sectors = airTables(bundle).sectors.list.filter((x) => x.force === next.force.id).map((x) => x.name);
  d.pending = {
    side: next.force.side, kind: 'airAllocation', accepts: ['allocateAir'], case: CASE,
    prompt: `Assign the ${next.ap} ${next.force.name} AP of today to GS and GI missions in the ${sectors.join(' and ')}`,
  };
}

function allocate(d: Draft<GameState>, a: ActionOf<'allocateAir'>, ctx: { bundle: ScenarioBundle; side: Side | null }): GameEvent[] {
  const bundle = ctx.bundle;
  if (!airPowerOn(bundle)) reject('not-in-scenario', 'this scenario does not use the standard air rules', 'AW 20.0');
  const s = d as unknown as GameState;
  if (d.pending?.kind !== 'airAllocation') reject('not-now', 'air points are assigned in the Air Allocation Segment of the AM GT', 'AW 3.3.1');
  const t = airTables(bundle);
  const open = unassigned(s, bundle);
  const which = open.find((x) => x.force.id === a.force);
  if (!which) reject('not-open', `${a.force} has no AP to assign now`, CASE);
  const { force, ap } = which!;
  if (ctx.side !== force.side) reject('wrong-side', `the ${force.name} AP are the ${force.side} player's to assign`, CASE);
  const own = new Set(t.sectors.list.filter((x) => x.force === force.id).map((x) => x.id));
  let total = 0;
  for (const [kind, rec] of [['GS', a.gs], ['GI', a.gi]] as const) {
    for (const [sector, n] of Object.entries(rec)) {
      if (!own.has(sector)) reject('not-own-sector', `${sector} is not a ${force.name} air sector: only ${force.name} AP may be assigned to its sectors`, 'AW 20.1.1a');
      if (kind === 'GI' && n > t.gi.maxPerSector) reject('gi-max', `at most ${t.gi.maxPerSector} AP may be assigned to GI missions in one sector`, 'AW 20.3.0');
      total += n;
    }
  }
  if (total !== ap) reject('all-ap', `all ${ap} ${force.name} AP must be assigned (${total} given)`, 'AW 20.1.1');
  const clean = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).filter(([, n]) => n > 0).sort(([x], [y]) => (x < y ? -1 : 1)));
  const alloc: ForceAllocation = { ap, gs: clean(a.gs), gi: clean(a.gi) };
  const st = asd(d);
  st.forces = { ...(st.forces ?? {}), [force.id]: alloc };
  const name = (id: string) => t.sectors.list.find((x) => x.id === id)!.name;
  const list = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${n} in the ${name(k)}`).join(', ') || 'none';
  askNext(d, bundle);
  return [{ type: 'airAllocated', force: force.id, side: force.side, ap, gs: alloc.gs, gi: alloc.gi, text: `${force.name}: ${ap} AP — GS ${list(alloc.gs)}; GI ${list(alloc.gi)}`, case: CASE }];
}

/**
 * Allocations offered for the open force: all to GS shared between its sectors in proportion to its
 * side's units there (first), all to GS in each sector alone (the busiest first), and the GI maximum
 * in the northern sector with the rest to GS. Any other split is accepted when sent (`allocateAir`).
 */
function allocationOptions(state: GameState, bundle: ScenarioBundle, side: Side): ActionOf<'allocateAir'>[] {
  if (state.pending?.kind !== 'airAllocation' || state.pending.side !== side) return [];
  const open = unassigned(state, bundle)[0];
  if (!open) return [];
  const t = airTables(bundle);
  const sectors = t.sectors.list.filter((x) => x.force === open.force.id);
  const contact = new Map<string, number>(sectors.map((x) => [x.id, 0]));
  for (const u of readUnits(state.units)) {
    if (u.side !== side || !live(u) || u.hex === null) continue;
    const sec = airSectorOf(bundle, u.hex);
    if (sec && contact.has(sec.id)) contact.set(sec.id, contact.get(sec.id)! + 1);
  }
  const byContact = [...sectors].sort((x, y) => contact.get(y.id)! - contact.get(x.id)!);
  const ap = open.ap;
  const out: ActionOf<'allocateAir'>[] = [];
  const add = (gs: Record<string, number>, gi: Record<string, number>) => {
    const strip = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).filter(([, n]) => n > 0));
    out.push({ type: 'allocateAir', force: open.force.id, gs: strip(gs), gi: strip(gi) });
  };
  const weight = byContact.reduce((n, x) => n + contact.get(x.id)!, 0);
  if (weight > 0 && byContact.length > 1) {
    const gs: Record<string, number> = {};
    let left = ap;
    byContact.forEach((x, i) => { const n = i === byContact.length - 1 ? left : Math.round((ap * contact.get(x.id)!) / weight); gs[x.id] = n; left -= n; });
    add(gs, {});
  }
  for (const x of byContact) add({ [x.id]: ap }, {});
  const north = sectors.find((x) => x.half === 'north');
  if (north) { const gi = Math.min(t.gi.maxPerSector, ap); add({ [north.id]: ap - gi }, { [north.id]: gi }); }
  const seen = new Set<string>();
  return out.filter((x) => { const k = JSON.stringify(x); return !seen.has(k) && !!seen.add(k); });
}

/**
 * `side`'s Flak-capable units within `range` of `hex` (GOSS 20.7.1, reconstructed: Flak units and HQs),
 * read from the hexes around it (the unit index), not by scanning every unit: fire-support plans ask it
 * for each air probe.
 */
function flakAround(state: GameState, bundle: ScenarioBundle, side: Side, hex: HexId, range: number): number {
  let n = 0;
  for (const h of hexesWithin(hex, range)) for (const u of unitsAt(state, h, side)) if (isFlakCapable(bundle, u.id)) n++;
  return n;
}

// ---------- GS missions (AW 20.2.1, GOSS 20.2) ----------

/** The most AP after the weather a GS mission of the force may fly now (AW 20.2.1, 11.4.3). */
function maxAp(bundle: ScenarioBundle, force: string, now: At): number {
  let best: { ap: number; rank: number } | null = null;
  for (const m of airTables(bundle).gs.maxAp) {
    if (m.force !== null && m.force !== force) continue;
    if (m.from && compareTime(bundle.sequence, now, m.from) < 0) continue;
    const rank = (m.force ? 2 : 0) + (m.from ? 1 : 0);
    if (!best || rank >= best.rank) best = { ap: m.ap, rank };
  }
  return best?.ap ?? 0;
}

/** The GS missions `ap` AP fly against `target` for `side`, or why they may not (the extension hook). */
function gsAir(state: GameState, bundle: ScenarioBundle, side: Side, target: HexId, ap: number, level: 'unobserved' | 'observed' | 'observedPaEt'): GsAir | Rejection | null {
  if (!airPowerOn(bundle)) return null;
  const t = airTables(bundle);
  const now = nowOf(state, bundle);
  const gsOnly = t.forces.find((f) => f.side === side && f.gsOnly);
  let force: AirForce;
  let sectorId: string;
  let poolName: string;
  if (gsOnly) {
    force = gsOnly; sectorId = ALL; poolName = `${force.name} GS AP`;
  } else {
    const sec = airSectorOf(bundle, target);
    const f = sec && t.forces.find((x) => x.id === sec.force);
    if (!sec || !f) return { code: 'air-no-sector', message: `${formatHex(target)} is in no air sector`, case: 'AW 20.1.1a' };
    if (f.side !== side) return { code: 'air-sector', message: `${formatHex(target)} is in the ${sec.name}: only ${f.name} AP fly there`, case: 'AW 20.1.1a' };
    force = f; sectorId = sec.id; poolName = `GS AP of the ${sec.name}`;
  }
  const alloc = allocationOf(state, bundle, force.id);
  // A GS-only force that has not been through an AM allocation yet today (a game that starts later in the day) has all its AP on GS.
  const assigned = alloc ? alloc.gs[sectorId] ?? 0 : force.gsOnly ? forceAp(bundle, force.id, now) : 0;
  if (!alloc && !force.gsOnly) return { code: 'air-unallocated', message: `no ${force.name} AP were assigned to missions today (the Air Allocation Segment of the AM GT)`, case: 'AW 3.3.1' };
  const key = poolKey(force.id, sectorId);
  const left = assigned - usedToday(state, bundle, key);
  if (ap > left) return { code: 'air-pool', message: `only ${Math.max(0, left)} ${poolName} left today`, case: CASE };
  const atm = atmosphere(state, bundle, target).value;
  const divisor = t.gs.weatherDivisor[atm] ?? 1;
  const flying = Math.floor(ap / divisor);
  if (flying < 1) return { code: 'air-weather', message: `in ${atm} ${divisor} AP count as one: commit at least ${divisor}`, case: 'GOSS 19.3' };
  const most = maxAp(bundle, force.id, now);
  const allowed = level === 'observedPaEt' ? t.gs.missions.observedPaOrEt : level === 'observed' ? t.gs.missions.observed : 0;
  const needed = Math.ceil(flying / most);
  if (needed > allowed) {
    return { code: 'air-max', message: `at most ${allowed * most} AP (after the weather) in ${allowed} GS mission${allowed === 1 ? '' : 's'} of ${most} AP join this FS mission`, case: 'AW 20.2.1, GOSS 11.2.4' };
  }
  const missions: { ap: number; points: number }[] = [];
  let rest = ap;
  for (let i = 0; i < needed; i++) {
    const m = i === needed - 1 ? rest : most * divisor;
    rest -= m;
    missions.push({ ap: m, points: Math.floor(m / divisor) * t.gs.pointsPerAp });
  }
  // GOSS 20.2.3 mission error DRMs, read once for the mission.
  const e = t.error;
  const drms: { value: number; why: string }[] = [];
  const terr = terrainOf(bundle.board, target);
  if (terr && e.terrain[terr]) drms.push({ value: e.terrain[terr], why: `target in ${terr}` });
  if (e.atmosphere[atm]) drms.push({ value: e.atmosphere[atm], why: atm });
  const flak = flakAround(state, bundle, enemyOf(side), target, e.flakRange);
  if (flak) drms.push({ value: Math.min(e.flakMax, flak * e.perFlak), why: `${flak} enemy Flak-capable unit${flak > 1 ? 's' : ''} in range` });
  if (unitsAt(state, target, enemyOf(side)).some((u) => has(u, M.STRAT))) drms.push({ value: e.strat, why: 'target in Strat mode' });
  const div = divisor > 1 ? ` (${atm}: ${divisor} AP count as one)` : '';
  return {
    pool: key, poolName, ap, missions, ...(force.abortMax !== undefined ? { abortMax: force.abortMax } : {}), divisor, pointsPerAp: t.gs.pointsPerAp,
    error: { drms, abortMin: e.abortMin, scatter: e.scatter, directions: e.scatterDirections, case: 'GOSS 20.2.3' },
    why: `${ap} ${force.name} AP in ${missions.length} GS mission${missions.length > 1 ? 's' : ''}${div}, ${t.gs.pointsPerAp} points an AP`,
    case: 'AW 20.2.1',
  };
}

// ---------- ground interdiction (AW 20.3.0, GOSS 20.3) ----------

/** One sector's GI values of the GT: the AP that fly after the weather, the die, and the Leg / Mech MP values (null: none). */
export interface GiValue { ap: number; roll: number; leg: number | null; mech: number | null }
interface GiState { turn: number; bySector: Record<string, GiValue> }
const giOf = (s: GameState): GiState | undefined => (as_(s) as AirState & { gi?: GiState }).gi;

const sampleHexes = new WeakMap<ScenarioBundle, Map<string, HexId>>();
/** A hex of each air sector on the board, to read the sector's weather by (the air sectors lie within the AW 19.2.2a weather sectors: one line parts both). */
function sectorHex(bundle: ScenarioBundle, sector: string): HexId | null {
  let m = sampleHexes.get(bundle);
  if (!m) {
    m = new Map();
    for (const h of bundle.board.hexes) { const sec = airSectorOf(bundle, h); if (sec && !m.has(sec.id)) m.set(sec.id, h); }
    sampleHexes.set(bundle, m);
  }
  return m.get(sector) ?? null;
}

/** AW 3.3.2 / 20.3.0: the Ground Interdiction Value Segment: each sector with GI AP rolls its values. */
function giValueSegment(d: Draft<GameState>, ctx: { bundle: ScenarioBundle; dice: { d10(label: string): number } }): GameEvent[] {
  const bundle = ctx.bundle;
  if (!airPowerOn(bundle)) return [];
  const s = d as unknown as GameState;
  const t = airTables(bundle);
  const now = nowOf(s, bundle);
  const st = asd(d) as Draft<AirState & { gi?: GiState }>;
  delete st.gi;
  if (!t.gi.times.includes(now.time)) return [];
  const bySector: Record<string, GiValue> = {};
  const out: string[] = [];
  for (const sec of t.sectors.list) {
    const assigned = allocationOf(s, bundle, sec.force)?.gi[sec.id] ?? 0;
    if (!assigned) continue;
    const h = sectorHex(bundle, sec.id);
    const atm = atmosphere(s, bundle, h).value;
    if (atm === 'storm') { out.push(`${sec.name}: no GI in a storm (GOSS 19.3)`); continue; }
    const ap = Math.floor(assigned / (t.gs.weatherDivisor[atm] ?? 1));
    let col = -1;
    t.gi.columns.forEach((c, i) => { if (ap >= c) col = i; });
    if (col < 0) { out.push(`${sec.name}: ${ap} GI AP fly${atm !== 'clear' ? ` (${atm})` : ''}, too few for a GI value`); continue; }
    const roll = ctx.dice.d10(`GI value: ${sec.name}`);
    const row = t.gi.rows.find((r) => roll <= r.max) ?? t.gi.rows[t.gi.rows.length - 1];
    const [leg, mech] = row.cells[col];
    bySector[sec.id] = { ap, roll, leg, mech };
    out.push(`${sec.name}: ${ap} AP${atm !== 'clear' ? ` (${atm})` : ''}, rolled ${roll}: Leg ${leg ?? '–'}, Mech ${mech ?? '–'}`);
  }
  st.gi = { turn: s.pos.turn, bySector };
  return out.length ? [{ type: 'giValues', sectors: out, case: 'AW 20.3.0' }] : [];
}

/** The GI values of the sector this GT, or null (none rolled). */
export function giValueOf(state: GameState, sector: string): GiValue | null {
  const g = giOf(state);
  return g && g.turn === state.pos.turn ? g.bySector[sector] ?? null : null;
}

/** GOSS 20.3: the GI attacks a German mover is open to now, with their DRMs. */
function gi(state: GameState, bundle: ScenarioBundle, unitId: string): GiDecision | null {
  if (!airPowerOn(bundle)) return null;
  const t = airTables(bundle);
  const u = unitOf(state, unitId);
  const none = (why: string): GiDecision => ({ attacks: 0, why, drms: [], case: 'GOSS 20.3' });
  if (!u || u.hex === null || !u.move) return none('has not moved');
  const sec = airSectorOf(bundle, u.hex);
  const v = sec ? giValueOf(state, sec.id) : null;
  if (!sec || !v) return none('no GI value in its air sector this GT');
  const def = defOf(bundle, unitId);
  const mech = moveClassOf(def, u) === 'mech';
  const value = mech ? v.mech : v.leg;
  const far = u.move.mpFar ?? 0;
  if (value === null || far <= value) return none(value === null ? `no ${mech ? 'Mech' : 'Leg'} GI value in the ${sec.name}` : `${far} MP far from the enemy, not above the ${sec.name}'s ${mech ? 'Mech' : 'Leg'} GI value ${value}`);
  const attacks = Math.floor((far - 1) / value);
  const a = t.gi.attack;
  const drms: { value: number; why: string }[] = [];
  if (isPureAfv(def)) drms.push({ value: a.pureAfv, why: 'pure AFV' });
  // The mover's own Flak counts with its side's around it.
  const flak = flakAround(state, bundle, u.side, u.hex, a.flakRange);
  if (flak) drms.push({ value: flak * a.perFlak, why: `${flak} Flak point${flak > 1 ? 's' : ''} in range` });
  if (atmosphere(state, bundle, u.hex).value !== 'clear') drms.push({ value: a.notClear, why: 'atmosphere not clear' });
  if (has(u, M.STRAT)) drms.push({ value: a.strat, why: 'Strat mode' });
  else if (mech && (u.move.type === 'road' || u.move.type === 'mainroad')) drms.push({ value: a.mechRoad, why: 'Mech road movement' });
  return { attacks, why: `${far} MP far from the enemy against the ${sec.name}'s ${mech ? 'Mech' : 'Leg'} GI value ${value}: ${attacks} attack${attacks > 1 ? 's' : ''}`, drms, case: 'GOSS 20.3' };
}

/** What the AP Record Track shows (AW 3.3.1): each force's AP of the day, where they went and what is left. */
export interface AirRecord { force: string; name: string; side: Side; ap: number; assigned: boolean; /** AW 20.3.0: the most GI AP one sector takes (0: the force flies no GI). */ giMax: number; pools: { sector: string; name: string; gs: number; gsLeft: number; gi: number }[] }
export function airRecord(state: GameState, bundle: ScenarioBundle): AirRecord[] | null {
  if (!airPowerOn(bundle)) return null;
  const t = airTables(bundle);
  const now = nowOf(state, bundle);
  return t.forces.map((f) => {
    const alloc = allocationOf(state, bundle, f.id);
    const sectors = f.gsOnly ? [{ id: ALL, name: 'battlefield' }] : t.sectors.list.filter((x) => x.force === f.id);
    return {
      force: f.id, name: f.name, side: f.side, ap: alloc?.ap ?? forceAp(bundle, f.id, now), assigned: !!alloc, giMax: f.gsOnly ? 0 : t.gi.maxPerSector,
      pools: sectors.map((x) => {
        const gs = alloc?.gs[x.id] ?? 0;
        return { sector: x.id, name: x.name, gs, gsLeft: Math.max(0, gs - usedToday(state, bundle, poolKey(f.id, x.id))), gi: alloc?.gi[x.id] ?? 0 };
      }),
    };
  });
}

export const airPower: Extension = {
  name: AIR_POWER,
  cases: 'AW 20.0, 20.1.0, 20.1.1, 20.2.1, 11.4.3; GOSS 20.2',
  needs: [AIR_POWER],
  data(scenario) {
    const r = (scenario.special as { airPower?: AirPowerRule } | undefined)?.airPower;
    if (!r) return [];
    return [{ id: r.tables, schema: AirTables }, { id: overlaysId(scenario.map), schema: OverlaysFile, dir: 'maps' }];
  },
  gsAir,
  farMp: true,
  gi,
};

export const airPowerRules: RuleModule = {
  name: AIR_POWER,
  hooks: [
    { segment: 'airAllocation', onEnter: allocationSegment, onResume: (d, ctx) => { if (airPowerOn(ctx.bundle)) askNext(d, ctx.bundle); return []; } },
    { segment: 'groundInterdictionValue', onEnter: giValueSegment },
  ],
  handlers: [{
    type: 'allocateAir',
    apply: (d, a, ctx) => allocate(d, a as ActionOf<'allocateAir'>, ctx),
    legal: (state, side, bundle) => allocationOptions(state, bundle, side),
  }],
};
