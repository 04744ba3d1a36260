/**
 * Extension points: the named places where an optional rule module changes what the core rules
 * decide. A module (landefront.ts, corpsActivation.ts, …) registers an `Extension` under its name;
 * a scenario turns modules on by listing their names in `scenario.modules` (data/scenarios/*.json,
 * checked at load by src/data/bundle.ts); the core rules fold over the extensions of the scenario's
 * modules and never import a module. The refusal a hook returns carries its own text and case (from
 * the module or the scenario data), so the core rule never words a variant's rule.
 *
 * Each hook is a pure query of (state, bundle, …). Folds run the scenario's modules in the order the
 * scenario lists them.
 */
import type { HexId } from '../hex';
import type { GameState, Rejection, ScenarioBundle, Side } from '../types';
import type { ZodType } from 'zod';
import type { ScenarioFile } from '../../data/schemas/scenario';

/** What a unit does, for the may-act filters (the activities AW 33.7.1 lists). */
export type Act = 'move' | 'construction' | 'observe' | 'fireSupport' | 'offensiveGa';

/** Per-unit filter on each hex it would enter voluntarily: null when it may, else why not. */
export type EnterFilter = (h: HexId) => Rejection | null;

/** One step of a unit's movement allowance (shown beside the allowance with its case). */
export interface MaStep { ma: number; hexLimit?: number; case: string; text: string }

/** A change to a unit's proficiency ratings (GOSS 4.4), with why. */
export interface PrChange { delta: number; setTo: number | null; why: string[]; case: string; label: string }

/** The weather of a game turn (GOSS 19, AW 31.2.1b): atmosphere, ground condition and, when known, rain (AW 19.4). */
export interface Weather { atmosphere: string; ground: string; rain?: boolean }

/**
 * AW 41.3.3: a unit that ignores movement halts, and steps (`oneHexStep` gives the reason) it may take
 * only as its whole move, one hex (crossing an unbridged river, entering marsh off-road…).
 */
export interface MoveLimits { ignoreHalts?: boolean; oneHexStep?(from: HexId, to: HexId): { case: string; reason: string } | null }

/** A line a unit was forced across (AW 32.7.1): it must move back, no PA, no tactical assault meanwhile. */
export interface Boundary { name: string; case: string }

export interface Extension {
  /** The name a scenario lists in `modules`. */
  name: string;
  /** The rule cases the module implements (for the coverage table and the load-time check message). */
  cases: string;
  /** The `scenario.special` blocks the module reads; the loader refuses a scenario that lists the module without them. */
  needs?: string[];
  /**
   * The module's data files the scenario needs, by id, each with its schema: validated at load into
   * `bundle.moduleData`. From data/modules/* unless `dir` is `maps` (data/map: a map overlay file).
   */
  data?(scenario: ScenarioFile): { id: string; schema: ZodType; dir?: 'maps' }[];
  /** May the unit do `act` now? (AW 33.7.1 inactive corps, AW 1.2.6a fixed or inactive garrison.) */
  mayAct?(state: GameState, bundle: ScenarioBundle, unitId: string, act: Act): Rejection | null;
  /** Hexes the unit may not enter voluntarily (AW 32.7.1 boundaries, AW 1.2.6a perimeter, AW 34.10.1 lull). */
  mayEnter?(state: GameState, bundle: ScenarioBundle, unitId: string): EnterFilter | null;
  /** The boundary the unit is across (forced there), or null. */
  acrossBoundary?(state: GameState, bundle: ScenarioBundle, unitId: string): Boundary | null;
  /** The unit's MA after this module (AW 34.7.2 weather, AW 34.10.1 lull), or null when unchanged. */
  ma?(state: GameState, bundle: ScenarioBundle, unitId: string, ma: number): MaStep | null;
  /** The unit's PA movement in hexes after this module (AW 35.5.2 low fuel: one hex), or null when unchanged. */
  paHexes?(state: GameState, bundle: ScenarioBundle, unitId: string, hexes: number): MaStep | null;
  /** A factor on the MA with its reason (AW 32.2.2 halved), or null. */
  maHalved?(state: GameState, bundle: ScenarioBundle, unitId: string): { case: string; text: string } | null;
  /** The unit generates no movement halts (AW 32.2.2). */
  noHalts?(state: GameState, bundle: ScenarioBundle, unitId: string): boolean;
  /** How the unit's own move differs (AW 41.3.3 FoW units), or null. */
  moveLimits?(state: GameState, bundle: ScenarioBundle, unitId: string): MoveLimits | null;
  /** A change of the unit's PRs (AW 1.2.6e morale), or null. */
  pr?(state: GameState, bundle: ScenarioBundle, unitId: string): PrChange | null;
  /** Why no combat may start now (AW 34.10.1 lull), or null. */
  combatBan?(state: GameState, bundle: ScenarioBundle): Rejection | null;
  /** The unit's ammunition depletion value after this module (AW 1.2.6d Landefront ADV). */
  adv?(state: GameState, bundle: ScenarioBundle, side: Side, unitId: string | undefined, adv: number | null): number | null;
  /** The weather of the current GT when the module decides it (AW 34.4.0 rolled weather; AW 19.0 by the sector of `hex`), or null. */
  weather?(state: GameState, bundle: ScenarioBundle, hex?: HexId | null): Weather | null;
  /** The unit fires one FS mission per GT and then carries `marker` until the GT ends (AW 33.5.2a), or null. */
  firesOncePerGt?(bundle: ScenarioBundle, unitId: string): { marker: string; case: string } | null;
  /** Hexsides whose bridge is down (AW 41.3.7b blown bridges): movement reads them as un-bridged. */
  blownBridges?(state: GameState, bundle: ScenarioBundle): ReadonlySet<number>;
  /** The unit may lead a ground assault only when no other unit of its side there may (AW 41.3.3 FoW units). */
  leadsOnlyAlone?(state: GameState, bundle: ScenarioBundle, unitId: string): boolean;
  /** The counter's emplaced guns fire FS missions (AW 4.5.10b WN/StP artillery), or null. */
  emplacedGuns?(bundle: ScenarioBundle, unitId: string): EmplacedGuns | null;
  /** The game days a reinforcement group (its index in special.reinforcements) arrives after its listed GT (AW 35.3.1 random arrival; negative: early), or null when the module does not move it. */
  arrivalShift?(state: GameState, bundle: ScenarioBundle, group: number): number | null;
  /** Whether the unit can trace GenS when this module decides it (AW 15.0 airborne divisions from their primary DZ), or null (the scenario's supply rule decides). */
  genS?(state: GameState, bundle: ScenarioBundle, unitId: string): boolean | null;
  /** Whether a unit whose GenS the module decides has a GenS path of any length (GOSS 15.7.0 isolation), or null when the module does not decide it. */
  genSAnyLength?(state: GameState, bundle: ScenarioBundle, unitId: string): boolean | null;
  /**
   * The GS missions `ap` air points fly in an FS mission against `target` when the module decides air
   * support (AW 20.2.1 standard air: the sector's GS allocation), a refusal, or null (the scenario's
   * AW 31.9.1 air points).
   */
  gsAir?(state: GameState, bundle: ScenarioBundle, side: Side, target: HexId, ap: number, level: 'unobserved' | 'observed' | 'observedPaEt'): GsAir | Rejection | null;
  /** The module reads the MP movers spend more than six hexes from every enemy (GOSS 20.3): movement keeps `move.mpFar`. */
  farMp?: boolean;
  /**
   * Ground interdiction when the module decides it (GOSS 20.3 with the AW 20.3.0 GI values): the GI
   * attacks the German mover `unitId` is open to after its move and their DRMs, or null when the module
   * does not decide GI (then AW 31.7). With `attacks: 0` the unit is not open to GI.
   */
  gi?(state: GameState, bundle: ScenarioBundle, unitId: string): GiDecision | null;
  /** The naval units the Allied side has now when the module decides them (AW 11.9.0: rolled each game day), or null. */
  ships?(state: GameState, bundle: ScenarioBundle): ShipDef[] | null;
}

/**
 * A naval unit that may fire FS missions (AW 11.9.0; AW 33.3.0 and 34.3.0 name theirs in
 * special.naval): its points (absent: its type's, data/tables/naval.json), when it may fire, its range,
 * and for the rolled units the forces it supports (AW 11.9.1) and its ammunition check (ADV).
 */
export interface ShipDef {
  id: string;
  kind: 'BB' | 'MN' | 'CA' | 'CL' | 'DD';
  points?: number;
  available: 'oncePerGameDayAmOrPm' | 'eachAmPm';
  range: { within: number; of: string } | { fromSea: true };
  source: string;
  /** The task force's name and the nationalities whose units it supports (AW 11.9.1). */
  taskForce?: { name: string; supports: readonly string[] };
  /** AW 11.9.0: after each mission it fires in, 1d10 above this bars it for the rest of the game day. */
  adv?: number;
  case?: string;
  /**
   * GOSS 11.2.4 / 11.4 / 11.5 naval gunfire (the AW 11.9.0 rolled units): the ship sets a mission may
   * carry by observation, and the ship fires a volley of its own with its type's DRM and the NGS weather
   * DRMs. Absent: the AW 31.9.3 introductory naval points (a PA/ET observer, 8 points, pooled volleys).
   */
  ngs?: { capacity: Record<'unobserved' | 'observed' | 'observedPaOrEt', readonly (readonly string[])[]>; kindDrm: number; weather: readonly { atmosphere: string; rain: boolean; drm: number }[]; case: string };
}

/** GI attacks on one mover as a module decides them (GOSS 20.3). */
export interface GiDecision { attacks: number; why: string; drms: { value: number; why: string }[]; case: string }

/**
 * GS missions planned by a module (AW 20.2.1, GOSS 20.2): the core fire-support procedure rolls them
 * as the plan says, each mission its own volley, and books the AP against `pool` (combat.air).
 */
export interface GsAir {
  /** The AP pool the mission draws on (its key in combat.air) and what to call it. */
  pool: string;
  poolName: string;
  ap: number;
  /** The missions: committed AP each, and the points they fly with before any abort. */
  missions: { ap: number; points: number }[];
  /** 1d10 at most this aborts an AP before it flies (AW 20.1.0 German AP); absent: no abort roll. */
  abortMax?: number;
  /** AP that fly count 1/divisor (weather), rounded down, and each counts `pointsPerAp`. */
  divisor: number;
  pointsPerAp: number;
  /** GOSS 20.2.3 mission error: 1d10 + DRMs, `abortMin`+ aborts, `scatter` scatters. */
  error: { drms: { value: number; why: string }[]; abortMin: number; scatter: number; directions: number; case: string };
  why: string;
  case: string;
}

/** AW 4.5.10b: a WN's or StP's guns: barrage factor, range, arc of fire (compass degrees, clockwise). */
export interface EmplacedGuns { bf: number; range: number; arc: { from: number; to: number } | null; kind: string; case: string }

const catalogue = new Map<string, Extension>();

/** Registers a module's extension under its name (done once by rules/index.ts for every module). */
export function registerExtension(ext: Extension): void {
  const had = catalogue.get(ext.name);
  if (had && had !== ext) throw new Error(`two rule modules named "${ext.name}"`);
  catalogue.set(ext.name, ext);
}

/** The registered extension of that name, if any (the data loader checks scenario module lists with it). */
export function extensionNamed(name: string): Extension | undefined {
  return catalogue.get(name);
}

const active = new WeakMap<ScenarioBundle, Extension[]>();

/** The extensions a scenario turns on, in the order it lists them. */
export function extensionsOf(bundle: ScenarioBundle): Extension[] {
  const hit = active.get(bundle);
  if (hit) return hit;
  const out = (bundle.scenario.modules ?? []).map((name) => {
    const e = catalogue.get(name);
    if (!e) throw new Error(`scenario ${bundle.scenario.id} turns on rule module "${name}", which is not registered`);
    return e;
  });
  active.set(bundle, out);
  return out;
}

const NO_SIDES: ReadonlySet<number> = new Set();

/** The hexsides whose bridge a scenario module says is down (AW 41.3.7b), empty when none. */
export function blownBridgeSides(state: GameState, bundle: ScenarioBundle): ReadonlySet<number> {
  // One module's set is returned as it is (the module caches it per frozen state); a new set only
  // when two modules down bridges.
  let out: ReadonlySet<number> = NO_SIDES;
  for (const e of extensionsOf(bundle)) {
    const s = e.blownBridges?.(state, bundle);
    if (!s?.size) continue;
    out = out.size ? new Set([...out, ...s]) : s;
  }
  return out;
}

/** The first answer of the scenario's modules (in the order it lists them) to `ask`, or null when none answers. */
function firstAnswer<T>(bundle: ScenarioBundle, ask: (e: Extension) => T | null | undefined): T | null {
  for (const e of extensionsOf(bundle)) {
    const r = ask(e);
    if (r !== undefined && r !== null) return r;
  }
  return null;
}

/** Does a module of the scenario fill the hook `key` (then asking it per unit or mission is worth it)? */
function hasHook(bundle: ScenarioBundle, key: keyof Extension): boolean {
  return extensionsOf(bundle).some((e) => e[key] !== undefined);
}

/** The game days a module moves a reinforcement group's arrival by (0 when none does). */
export function arrivalShift(state: GameState, bundle: ScenarioBundle, group: number): number {
  return firstAnswer(bundle, (e) => e.arrivalShift?.(state, bundle, group)) ?? 0;
}

const farMpOn = new WeakMap<ScenarioBundle, boolean>();
/** Does a module of the scenario read the MP movers spend far from the enemy (GOSS 20.3)? Once per bundle. */
export function tracksFarMp(bundle: ScenarioBundle): boolean {
  let on = farMpOn.get(bundle);
  if (on === undefined) farMpOn.set(bundle, (on = extensionsOf(bundle).some((e) => e.farMp)));
  return on;
}

/** The first module's GI decision for a mover (GOSS 20.3), or null when no module decides GI (AW 31.7). */
export function moduleGi(state: GameState, bundle: ScenarioBundle, unitId: string): GiDecision | null {
  return firstAnswer(bundle, (e) => e.gi?.(state, bundle, unitId));
}

/** The naval units a module gives the Allied side now (AW 11.9.0), or null when no module decides them. */
export function moduleShips(state: GameState, bundle: ScenarioBundle): ShipDef[] | null {
  return firstAnswer(bundle, (e) => e.ships?.(state, bundle));
}

/** Does a module of the scenario decide the naval units? */
export function anyModuleShips(bundle: ScenarioBundle): boolean {
  return hasHook(bundle, 'ships');
}

/** Does a module of the scenario decide GI (then AW 31.7 is off)? */
export function anyModuleGi(bundle: ScenarioBundle): boolean {
  return hasHook(bundle, 'gi');
}

/** The first module's GS missions for an FS mission's air points (AW 20.2.1), a refusal, or null (the AW 31.9.1 air points). */
export function moduleGsAir(state: GameState, bundle: ScenarioBundle, side: Side, target: HexId, ap: number, level: 'unobserved' | 'observed' | 'observedPaEt'): GsAir | Rejection | null {
  return firstAnswer(bundle, (e) => e.gsAir?.(state, bundle, side, target, ap, level));
}

/** The first module's answer on the unit's GenS path of any length (GOSS 15.7.0), or null when no module decides it. */
export function moduleGenSAnyLength(state: GameState, bundle: ScenarioBundle, unitId: string): boolean | null {
  return firstAnswer(bundle, (e) => e.genSAnyLength?.(state, bundle, unitId));
}

/** Does any module of the scenario decide some units' GenS (then moduleGenS is worth asking per unit)? */
export function anyModuleGenS(bundle: ScenarioBundle): boolean {
  return hasHook(bundle, 'genS');
}

/** The first module's answer on the unit's GenS (AW 15.0), or null when no module decides it. */
export function moduleGenS(state: GameState, bundle: ScenarioBundle, unitId: string): boolean | null {
  return firstAnswer(bundle, (e) => e.genS?.(state, bundle, unitId));
}

/** Does any module of the scenario bar units from leading (then leadsOnlyAlone is worth asking per unit)? */
export function anyLeadsOnlyAlone(bundle: ScenarioBundle): boolean {
  return hasHook(bundle, 'leadsOnlyAlone');
}

/** Does a scenario module let the unit lead only when nothing else may (AW 41.3.3)? */
export function leadsOnlyAlone(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  for (const e of extensionsOf(bundle)) if (e.leadsOnlyAlone?.(state, bundle, unitId)) return true;
  return false;
}

/** The first refusal of a may-act filter, or null. */
export function mayAct(state: GameState, bundle: ScenarioBundle, unitId: string, act: Act): Rejection | null {
  for (const e of extensionsOf(bundle)) {
    const r = e.mayAct?.(state, bundle, unitId, act);
    if (r) return r;
  }
  return null;
}

/** The scenario modules' entry filters for one unit combined, or null when none applies. */
export function enterFilters(state: GameState, bundle: ScenarioBundle, unitId: string): EnterFilter | null {
  const fs: EnterFilter[] = [];
  for (const e of extensionsOf(bundle)) {
    const f = e.mayEnter?.(state, bundle, unitId);
    if (f) fs.push(f);
  }
  if (!fs.length) return null;
  if (fs.length === 1) return fs[0];
  return (h) => {
    for (const f of fs) { const r = f(h); if (r) return r; }
    return null;
  };
}

/** The boundary the unit is across (forced there), or null. */
export function acrossBoundary(state: GameState, bundle: ScenarioBundle, unitId: string): Boundary | null {
  for (const e of extensionsOf(bundle)) {
    const b = e.acrossBoundary?.(state, bundle, unitId);
    if (b) return b;
  }
  return null;
}

/** The MA steps of the scenario's modules, each applied to the previous MA. */
export function maSteps(state: GameState, bundle: ScenarioBundle, unitId: string, ma: number): MaStep[] {
  const out: MaStep[] = [];
  for (const e of extensionsOf(bundle)) {
    const s = e.ma?.(state, bundle, unitId, ma);
    if (s) { out.push(s); ma = s.ma; }
  }
  return out;
}

/** The modules' changes to the unit's PA movement in hexes, in order (each `ma` is the hexes after it). */
export function paHexSteps(state: GameState, bundle: ScenarioBundle, unitId: string, hexes: number): MaStep[] {
  const out: MaStep[] = [];
  for (const e of extensionsOf(bundle)) {
    const s = e.paHexes?.(state, bundle, unitId, hexes);
    if (s) { out.push(s); hexes = s.ma; }
  }
  return out;
}

/** The reasons a module halves the unit's MA. */
export function maHalvings(state: GameState, bundle: ScenarioBundle, unitId: string): { case: string; text: string }[] {
  const out: { case: string; text: string }[] = [];
  for (const e of extensionsOf(bundle)) { const h = e.maHalved?.(state, bundle, unitId); if (h) out.push(h); }
  return out;
}

/** Does the unit generate movement halts (no module says it does not)? */
export function generatesHalts(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  return !extensionsOf(bundle).some((e) => e.noHalts?.(state, bundle, unitId));
}

/** The first module's move limits for the unit (AW 41.3.3), or null. */
export function moveLimits(state: GameState, bundle: ScenarioBundle, unitId: string): MoveLimits | null {
  for (const e of extensionsOf(bundle)) { const l = e.moveLimits?.(state, bundle, unitId); if (l) return l; }
  return null;
}

/** The PR changes the scenario's modules make for the unit. */
export function prChanges(state: GameState, bundle: ScenarioBundle, unitId: string): PrChange[] {
  const out: PrChange[] = [];
  for (const e of extensionsOf(bundle)) { const c = e.pr?.(state, bundle, unitId); if (c) out.push(c); }
  return out;
}

/** Why no combat may start now, or null. */
export function combatBan(state: GameState, bundle: ScenarioBundle): Rejection | null {
  for (const e of extensionsOf(bundle)) {
    const r = e.combatBan?.(state, bundle);
    if (r) return r;
  }
  return null;
}

/** The ADV folded through the modules that change it. */
export function advFold(state: GameState, bundle: ScenarioBundle, side: Side, unitId: string | undefined, base: number | null): number | null {
  let adv = base;
  for (const e of extensionsOf(bundle)) if (e.adv) adv = e.adv(state, bundle, side, unitId, adv);
  return adv;
}

/** Does any module change ADVs (so a side's ADV can matter without an ADV table)? */
export function changesAdv(bundle: ScenarioBundle): boolean {
  return extensionsOf(bundle).some((e) => !!e.adv);
}

/** The weather a module decides for the current GT (in the sector of `hex`, AW 19.2.2a), or null (the scenario's fixed weather then applies). */
export function moduleWeather(state: GameState, bundle: ScenarioBundle, hex?: HexId | null): Weather | null {
  for (const e of extensionsOf(bundle)) {
    const w = e.weather?.(state, bundle, hex);
    if (w) return w;
  }
  return null;
}

/** The once-per-GT fire limit a module puts on the unit (AW 33.5.2a), or null. */
export function oncePerGt(bundle: ScenarioBundle, unitId: string): { marker: string; case: string } | null {
  for (const e of extensionsOf(bundle)) {
    const r = e.firesOncePerGt?.(bundle, unitId);
    if (r) return r;
  }
  return null;
}

/** The unit's emplaced guns (AW 4.5.10b), when a module gives them, or null. */
export function emplacedGuns(bundle: ScenarioBundle, unitId: string): EmplacedGuns | null {
  for (const e of extensionsOf(bundle)) {
    const r = e.emplacedGuns?.(bundle, unitId);
    if (r) return r;
  }
  return null;
}

/** Does the scenario turn the module on? (For a module's own handlers and segment hooks.) */
export function moduleOn(bundle: ScenarioBundle, name: string): boolean {
  return (bundle.scenario.modules ?? []).includes(name);
}

/** The unit's MA after the scenario modules' MA steps, and the hex limit one of them sets (AW 34.10.1). */
export function maAfterModules(state: GameState, bundle: ScenarioBundle, unitId: string): { ma: number; hexLimit: number | null; case: string } {
  let ma = bundle.units.get(unitId)?.ma ?? 0;
  let hexLimit: number | null = null;
  let c = 'GOSS 7';
  for (const s of maSteps(state, bundle, unitId, ma)) { ma = s.ma; c = s.case; if (s.hexLimit !== undefined) hexLimit = s.hexLimit; }
  return { ma, hexLimit, case: c };
}
