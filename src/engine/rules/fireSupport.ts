/**
 * Fire support (AW 31.9, GOSS 11): one consolidated mission per target hex, its points from
 * artillery groups, division HQs, Nebelwerfer, heavy Flak (scenario), air and naval points, capped
 * by observation (8 / 16 / 24); volleys of 8; the FS table and DRMs; then the target's owner takes
 * the hits (the hit procedure, procedures/hits.ts: first hit as a step loss, or as a retreat) and
 * attack-designated units may advance into a vacated hex. Observation comes from rules/observation.ts through `FS_OBSERVATION`.
 * The defender's mission against an overrunner (GOSS 5.3.5) is the same mission with `overrun` set
 * (spotter in the overrun stack, artillery only, light or medium cap), started from rules/overrun.ts.
 */
import { areAdjacent, distance, formatHex, neighbour, neighbours, tryParseHexRef, type Direction, type HexId } from '../hex';
import { terrainOf, terrainsIn } from '../board';
import { segmentAt, turnTime } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { airObservation, canObserve, observerCapacity } from './observation';
import { fsTable, gaMods } from './combatTables';
import { combatOf, type ArtRecord } from './combatState';
import { combatRules } from './scenarioRules';
import { special } from './scenarioArea';
import { actsAsDivisionGroup, actsAsGroup, firesOnce, groupOfUnit, groupPointsNow, hasScenarioArtillery, periodKey, supportsMission, supportsText } from './artilleryGroups';
import {
  M, defOf, dropMarker, enemyOf, fatigue, fsPoints, fsRange, has, hasArmourSymbol, isArtGroup, isArtillery,
  isAttackDesignated, isFlak, isHeavyFlak, isHq, isNebelwerfer, isPureAfv, isZ, live, stepsLeft, swapMarker, unitsAt, withAs,
} from './combatTraits';
import { isNight } from './gaOdds';
import { clearIfEmpty } from './fieldworks';
import { stackViolationOf } from './stacking';
import { bundleOf } from '../bundles';
import { defineProcedure, pushFrame, runProcedures, type Run } from '../procedures/stack';
import { fsHitsFrame } from '../procedures/hits';
import { afterMission, depletionBlock, firesOncePerGtByMarker } from './ammoDepletion';
import { hasShips, navalPlan, recordShips } from './navalGunfire';
import { combatBan, emplacedGuns, mayAct, moduleGsAir, type GsAir } from './extensions';
import { gunsSuppressed, inArc } from './emplacements';
import { weatherNow } from './weather';
import { peekUnit, readUnits, unmodifiedBase } from './unitIndex';
import { mutUnit, patchUnit, unitOf } from '../unitTable';

/** The observation queries FS needs; rules/observation.ts (movement half of issue 5) provides them. */
export interface FsObservation {
  canObserve(state: GameState, bundle: ScenarioBundle, observer: string, target: HexId): { ok: boolean; reason: string; case: string };
  capacity(bundle: ScenarioBundle, unit: string): number;
}
// GOSS 8.1.2: the LOS range follows the GT's atmosphere (special.weather, e.g. AW 32.4.0 POvr on July 19).
export const FS_OBSERVATION: FsObservation = { canObserve: (s, b, o, t) => canObserve(s, b, o, t, { atmosphere: atmosphere(s, b, t).value }), capacity: observerCapacity };

export interface FsRequest {
  target: HexId;
  spotter?: string;
  artillery?: { unit: string; points?: number }[];
  air?: number;
  naval?: number;
  /** AW 33.3.0 / 34.3.0: the ships of the mission, when the scenario lists them (special.naval). */
  ships?: string[];
  /** GOSS 11.8.0 (AW 34.5.3): the order in which firing artillery units are ammo depleted (default: `artillery` order). */
  deplete?: string[];
  skipRemainder?: boolean;
  /**
   * GOSS 5.3.5: a defensive mission against an overrunner, the overrun hex given; the target is the
   * overrunner's hex and the spotter must be in the overrun stack. Artillery only, capped light or medium.
   */
  overrun?: HexId;
  /**
   * GOSS 5.3.5 chained overrun: the overrunners stand in `target`, the hex they overran before (their
   * counters are in the hex they came from): they are the target units, not the firer's own units there.
   */
  units?: string[];
}
export interface FsSource {
  kind: 'artillery' | 'air' | 'naval'; unit?: string; points: number; why: string; case: string;
  /** AW 11.9.0: a naval unit's ammunition check after the mission. */
  adv?: number;
  /** GOSS 11.4: a ship that fires a volley of its own, with these DRMs on top of the mission's (not in `volleys` or `total`). */
  volley?: { drm: number; why: string[] };
}
export interface FsDrm { group: string; value: number; why: string; case: string }
export interface FsPlan {
  target: string;
  level: 'unobserved' | 'observed' | 'observedPaEt';
  observation: string;
  cap: number;
  sources: FsSource[];
  total: number;
  volleys: number[];
  drms: FsDrm[];
  drmRaw: number;
  drm: number;
  nebelwerfer: boolean;
  /** Why the cap is what it is when not the plain AW 31.9.4 observation cap (GOSS 5.3.5 overrun missions). */
  capWhy?: string;
  /** AW 20.2.1 standard air: the GS missions a module planned, each its own volley (not in `volleys` or `total`). */
  gs?: GsAir;
}
export type FsPlanResult = { ok: true; plan: FsPlan } | { ok: false; code: string; message: string; case: string };

const fail = (code: string, message: string, c: string): FsPlanResult => ({ ok: false, code, message, case: c });

/**
 * AW 31.2.1b: the atmosphere of the current GT at `hex` (weather.ts: the AW 19.0 sector weather or the
 * AW 34.4.0 roll, else the fixed special.weather, e.g. AW 32.4.0), with its rain (AW 19.4) when known.
 * An FS mission reads it at its target hex.
 */
export function atmosphere(state: GameState, bundle: ScenarioBundle, hex?: HexId | null): { value: 'clear' | 'POvr' | 'Ovr' | 'storm'; rain: boolean } {
  const w = weatherNow(state, bundle, hex);
  const a = w.atmosphere;
  return { value: a === 'POvr' || a === 'Ovr' || a === 'storm' ? a : 'clear', rain: w.rain === true };
}

/** AW 31.9.1 / 32.2.1: the side's air points per game day now (special.airPoints by date; none when the scenario lists none). */
export function airPointsPerDay(state: GameState, bundle: ScenarioBundle, side: Side): { points: number; case: string } {
  const list = special(bundle).airPoints?.filter((a) => a.side === side);
  if (list?.length) {
    const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
    const order = (t: { date: string; time: string }) => `${t.date}|${['AM', 'PM', 'Night'].indexOf(t.time)}`;
    let cur = { points: 0, case: 'AW 31.9.1' };
    for (const a of list) if (order(a.from) <= order(now)) cur = { points: a.perGameDay, case: 'AW 31.9.1' };
    return cur;
  }
  return { points: 0, case: 'AW 31.9.1' };
}

/** Mission points a firing unit has left this GT (AW 31.9.2, 32.5; scenario data in special.artillery), and why. */
export function artilleryPoints(state: GameState, bundle: ScenarioBundle, id: string): { points: number; range: number; why: string; case: string } {
  const u = unitOf(state, id);
  const d = defOf(bundle, id);
  const g = groupOfUnit(bundle, id);
  const rec: ArtRecord | undefined = state.combat?.art[id];
  let points: number; let range: number; let why: string; let c = 'AW 31.9.2';
  const guns = emplacedGuns(bundle, id);
  if (guns) {
    // AW 4.5.10b: a WN's or StP's guns fire with the BF and range printed on the counter.
    points = guns.bf; range = guns.range; why = `${guns.kind} guns: barrage factor ${points}, range ${range}`; c = guns.case;
    if (gunsSuppressed(state, id)) { points = 0; why += ', silenced by a naval unit this GT (AW 34.3.0)'; }
  } else if (g && !g.usePrinted) {
    const p = groupPointsNow(state, bundle, g);
    points = p.points; range = p.range; c = g.source;
    why = g.kind === 'heavyFlak' ? `heavy Flak: ${points} point, range ${range}` : `${g.name}: ${g.points} mission points, range ${range}${p.note}`;
  } else {
    points = fsPoints(d); range = fsRange(d); why = `barrage factor ${points}, range ${range}${g ? ` (${g.name}: printed values)` : ''}`; c = g ? g.source : 'GOSS 11.3.1';
  }
  const division = isHq(d) || actsAsDivisionGroup(bundle, id);
  if (rec?.lost) { points = Math.max(0, points - rec.lost); why += `, −${rec.lost} lost for good`; }
  if (division && rec?.halved) { points = Math.ceil(points / 2); why += ', halved for good after a step loss (AW 31.9.2c)'; }
  if (division && u.move && u.move.turn === state.pos.turn) { points = Math.ceil(points / 2); why += ', halved: the HQ moved this GT (AW 31.9.2b)'; }
  if (fatigue(u) === 1) { points = Math.ceil(points / 2); why += ', halved by fatigue 1 (GOSS 14.2)'; }
  const period = periodKey(state, bundle, g);
  if (rec && (rec.period ?? `t${rec.turn}`) === period && !firesOnce(g)) { points = Math.max(0, points - rec.used); why += `, ${rec.used} already used this ${period.startsWith('p') ? 'player turn' : 'GT'}`; }
  if (has(u, M.NO_MISSIONS)) { points = 0; why += ', no mission points this GT after relocating (AW 31.9.2a)'; }
  return { points, range, why, case: c };
}

function isFirer(bundle: ScenarioBundle, id: string): boolean {
  const d = defOf(bundle, id);
  if (emplacedGuns(bundle, id)) return true;
  // A scenario that lists its artillery (AW 32.5, 33.5): the listed counters, plus ordinary artillery units.
  if (groupOfUnit(bundle, id)) return true;
  if (hasScenarioArtillery(bundle)) return (isArtillery(d) && !isHeavyFlak(d)) || isArtGroup(d);
  return isArtillery(d) || isArtGroup(d) || (isHq(d) && fsPoints(d) > 0) || (isHeavyFlak(d) && !!combatRules(bundle).heavyFlak);
}

/** GOSS 11.5 DRMs for the target hex, the defender's choices taken at their best for it. */
function drmsFor(state: GameState, bundle: ScenarioBundle, target: HexId, targetSide: Side, level: FsPlan['level'], spotter: string | undefined, nebelwerfer: boolean, targetUnits?: UnitState[]): FsDrm[] {
  const t = fsTable(bundle);
  const units = targetUnits ?? unitsAt(state, target, targetSide);
  const defs = units.map((u) => defOf(bundle, u.id));
  const out: FsDrm[] = [];
  const designated = units.some((u) => isAttackDesignated(u) || has(u, M.STRAT));
  // GOSS 11.5 "one only, defender's choice": a village hex also holds its other terrain (GOSS 7 TEC); the better DRM counts.
  const terr = terrainsIn(bundle.board, target).reduce((b, x) => ((t.terrain[x] ?? 0) < (t.terrain[b] ?? 0) ? x : b));
  const A = !designated && t.terrain[terr] ? { group: 'A', value: t.terrain[terr], why: `terrain: ${terr}${terr === 'bocage' ? ' (as village, AW 1.2.7b)' : terr === 'hedgerow' ? ' (as woods, AW 1.2.7b)' : ''}`, case: 'GOSS 11.5, AW 1.2.7b' } : null;
  const fw = state.fieldworks[target];
  const dwOk = !units.some((u) => isAttackDesignated(u) || has(u, M.STRAT) || has(u, M.EXPLOIT));
  const B = fw && dwOk && t.dw[fw] ? { group: 'B', value: t.dw[fw], why: `fieldworks: ${fw}`, case: 'GOSS 11.5, 17.3.3' } : null;
  const pure = defs.length > 0 && defs.every(isPureAfv);
  const mixed = !pure && defs.some(hasArmourSymbol);
  const C = pure ? { group: 'C', value: t.armour.pure, why: 'pure armour', case: 'GOSS 11.5' } : mixed ? { group: 'C', value: t.armour.mixed, why: 'mixed armour', case: 'GOSS 11.5' } : null;
  const abc = [A, B, C].filter((x): x is FsDrm => !!x);
  if (pure) {
    // Pure armour must take −3 plus at most one of A or B.
    out.push(C!);
    const best = [A, B].filter((x): x is FsDrm => !!x).sort((a, b) => a.value - b.value)[0];
    if (best) out.push(best);
  } else if (mixed) {
    out.push(...abc.sort((a, b) => a.value - b.value).slice(0, 2)); // mixed: at most two of A, B, C
  } else out.push(...abc);
  let steps = 0;
  units.forEach((u, i) => { const n = stepsLeft(defs[i], u); steps += isZ(defs[i]) ? n / 2 : n; });
  steps = Math.ceil(steps);
  const dens = t.density.find((x) => steps <= x.maxSteps)!;
  out.push({ group: 'D', value: dens.drm, why: `density: ${steps} step(s)`, case: 'GOSS 11.5' });
  if (isNight(state, bundle)) out.push({ group: 'E', value: t.other.night, why: 'night', case: 'GOSS 11.5, AW 31.6' });
  if (level === 'unobserved') out.push({ group: 'E', value: t.other.unobserved, why: 'unobserved mission', case: 'GOSS 11.5, AW 31.9.4' });
  if (spotter && bundle.board.vantage.has(unitOf(state, spotter).hex!) && !bundle.board.vantage.has(target)) out.push({ group: 'E', value: t.other.vantageSpotter, why: 'spotter on a vantage point', case: 'GOSS 11.5' });
  if (units.some((u) => has(u, M.STRAT))) out.push({ group: 'E', value: t.other.strat, why: 'target in Strat mode', case: 'GOSS 11.5' });
  if (nebelwerfer && !out.some((x) => x.group === 'A' || x.group === 'B' || x.group === 'C')) out.push({ group: 'E', value: t.other.nebelwerfer, why: 'Nebelwerfer, target without A/B/C DRMs (first volley)', case: 'GOSS 11.5, AW 32.5.2b' });
  return out;
}

/** GOSS 11 / AW 31.9: the mission a request describes, or the case that forbids it. Rolls nothing. */
export function fsPlan(state: GameState, bundle: ScenarioBundle, side: Side, req: FsRequest, obs: FsObservation = FS_OBSERVATION): FsPlanResult {
  const t = fsTable(bundle);
  const c = state.combat;
  const rules = combatRules(bundle);
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const day = now.time !== 'Night';
  const targetUnits = req.units && req.overrun !== undefined ? enteredUnits(state, req.units, enemyOf(side)) : undefined;
  if (!(targetUnits ?? unitsAt(state, req.target, enemyOf(side))).length) return fail('no-target', `${formatHex(req.target)} holds no enemy unit`, 'AW 31.9');
  const ban = combatBan(state, bundle);
  if (ban) return fail(ban.code, ban.message, ban.case ?? 'AW 31.9');
  if ((c?.fsTargets ?? []).includes(req.target)) return fail('one-mission', `${formatHex(req.target)} has already been the target of an FS mission this Combat Phase`, 'AW 31.9');
  if (req.overrun !== undefined) {
    if (!req.spotter || unitOf(state, req.spotter)?.hex !== req.overrun) return fail('overrun-spotter', `the spotter of a mission against an overrunner must be in the overrun stack in ${formatHex(req.overrun)}`, 'GOSS 5.3.5');
    // AW 31.5 / GOSS 5.3.5: the overrunner is open to artillery FS; GS attacks Exploit movers separately (GOSS 5.3.4c).
    if (req.air || req.naval || req.ships?.length) return fail('overrun-artillery-only', 'only artillery fires on an overrunner', 'GOSS 5.3.5, AW 31.5');
  }
  let level: FsPlan['level'] = 'unobserved';
  let observation = 'no spotter: unobserved';
  if (req.spotter) {
    const s = unitOf(state, req.spotter);
    if (!s || s.side !== side || !live(s)) return fail('bad-spotter', `${req.spotter} is not one of your units on the map`, 'GOSS 11.2.1');
    // The scenario's may-act filters (AW 33.7.1: an inactive corps does not observe for FS).
    const act = mayAct(state, bundle, req.spotter, 'observe');
    if (act) return fail(act.code, act.message, act.case ?? 'GOSS 11.2.1');
    const cap = obs.capacity(bundle, req.spotter);
    if ((c?.spotterUses[req.spotter] ?? 0) >= cap) return fail('spotter-used', `${defOf(bundle, req.spotter).designation} has observed for all the missions it may (${cap}) this phase`, 'AW 31.9');
    const o = obs.canObserve(state, bundle, req.spotter, req.target);
    if (!o.ok) return fail('not-observed', `${defOf(bundle, req.spotter).designation} cannot observe ${formatHex(req.target)}: ${o.reason}`, o.case);
    const fw = state.fieldworks[s.hex!];
    level = has(s, M.PA) || fw === 'ET-2' || fw === 'ET-3' ? 'observedPaEt' : 'observed';
    observation = o.reason;
    if (isNight(state, bundle)) {
      const adNear = [req.target, ...neighbours(req.target)].some((h) => unitsAt(state, h).some((u) => isAttackDesignated(u)));
      if (!adNear) { level = 'unobserved'; observation = 'night: no attack-designated units in or next to the target hex'; }
    }
  }
  // The target's weather (AW 19.2.2a sector), read once and only by the parts of the mission that need it.
  let targetAtm: ReturnType<typeof atmosphere> | undefined;
  const atmAtTarget = () => (targetAtm ??= atmosphere(state, bundle, req.target));
  // GOSS 8.3: with no ground spotter, an Allied mission by day against a target in open terrain near an Allied unit is observed from the air.
  if (!req.spotter && req.overrun === undefined) {
    const air = airObservation(state, bundle, side, req.target, atmAtTarget().value);
    if (air) { level = 'observed'; observation = air; }
  }
  let cap = level === 'unobserved' ? t.caps.unobserved : level === 'observed' ? t.caps.observed : t.caps.observedPaOrEt;
  let capWhy: string | undefined;
  if (req.overrun !== undefined) {
    // GOSS 5.3.5 / 11.2.4: medium if the overrun units are in an ET, Fort or Ft Area, else light; never heavy.
    // AW 31 drops the GOSS 11.2.4 capacities for the 31.9.4 caps: reconstructed, medium → the observed cap, light → the unobserved cap.
    const medium = OVERRUN_MEDIUM.includes(state.fieldworks[req.overrun] ?? '');
    const capped = medium ? t.caps.observed : t.caps.unobserved;
    if (capped < cap) cap = capped;
    capWhy = `defensive mission against an overrunner: ${medium ? `medium (overrun units in ${state.fieldworks[req.overrun]})` : 'light (overrun units not in an ET, Fort or Ft Area)'}, never heavy — cap ${cap} (reconstructed: AW 31.9.4 caps for the GOSS 11.2.4 capacities)`;
  }
  const sources: FsSource[] = [];
  let gs: GsAir | undefined;
  let nebelwerfer = false;
  const seen = new Set<string>();
  for (const a of req.artillery ?? []) {
    const u = unitOf(state, a.unit);
    if (!u || seen.has(a.unit)) return fail('bad-artillery', `${a.unit} is not a firing unit of yours (or is named twice)`, 'AW 31.9.2');
    seen.add(a.unit);
    const d = defOf(bundle, a.unit);
    if (u.side !== side || !live(u) || !isFirer(bundle, a.unit)) return fail('not-artillery', `${d.designation} cannot contribute mission points`, 'AW 31.9.2');
    if (has(u, M.OOS)) return fail('oos', `${d.designation} is out of supply and may not contribute FS mission points`, 'AW 31.11');
    if (fatigue(u) === 2) return fail('fatigue-2', `${d.designation} has fatigue 2 and cannot fire`, 'GOSS 14.2');
    const g = groupOfUnit(bundle, a.unit);
    // AW 33.5.2a one mission per GT (Ammo Depleted); GOSS 11.8.0 / AW 34.5.3 depleted artillery has no points.
    const act = mayAct(state, bundle, a.unit, 'fireSupport');
    if (act) return fail(act.code, act.message, act.case ?? 'AW 31.9');
    const dep = depletionBlock(state, bundle, a.unit);
    if (dep) return fail(dep.code, dep.message, dep.case ?? 'GOSS 11.8.0');
    const onceGt = firesOncePerGtByMarker(bundle, a.unit);
    const asGroup = isArtGroup(d) || actsAsGroup(bundle, a.unit);
    if (asGroup && u.move && u.move.turn === state.pos.turn && u.move.playerTurn === state.pos.playerTurn) return fail('moved', `${d.designation} moved this player turn and may not fire`, 'AW 31.9.2b');
    // AW 32.5.2b: Nebelwerfer "may be in or out of battery"; groups and HQs have no battery state (AW 31.9.2).
    if (isArtillery(d) && !asGroup && !isHq(d) && g?.kind !== 'nebelwerfer' && has(u, M.OOB) && !(d as { sp?: boolean }).sp) return fail('out-of-battery', `${d.designation} is out of battery`, 'GOSS 5.6');
    const fired = c?.nwDay[a.unit];
    if (firesOnce(g) && fired === periodKey(state, bundle, g)) return fail(g!.kind === 'nebelwerfer' ? 'nw-once' : 'flak-once', `${d.designation} has fired this ${g!.firesOncePer === 'gameDay' ? 'game day' : g!.firesOncePer === 'playerTurn' ? 'player turn' : 'GT'}; ${g!.name} fire once per ${g!.firesOncePer === 'gameDay' ? 'game day' : g!.firesOncePer === 'playerTurn' ? 'player turn' : 'GT'}`, g!.source);
    if (!g && !onceGt && isNebelwerfer(d) && fired === now.date) return fail('nw-once', `${d.designation} has fired today; Nebelwerfer fire once per game day`, 'AW 32.5.2b');
    if (!g && isHeavyFlak(d) && rules.heavyFlak && fired === `pt${state.pos.turn}.${state.pos.playerTurn}`) return fail('flak-once', `${d.designation} has fired this player turn`, rules.heavyFlak.source);
    if (!supportsMission(state, bundle, g, req.target, req.spotter)) return fail('not-supported', `${g!.name} supports only ${supportsText(bundle, g!)} units: the spotter or a unit in or next to ${formatHex(req.target)} must belong to them`, 'AW 32.5.1');
    const p = artilleryPoints(state, bundle, a.unit);
    // AW 4.5.10b: emplaced guns with an arc of fire fire only at targets inside it.
    const guns = emplacedGuns(bundle, a.unit);
    if (guns?.arc && !inArc(guns.arc, u.hex!, req.target)) return fail('outside-arc', `${formatHex(req.target)} lies outside the arc of fire of ${d.designation}`, guns.case);
    let range = p.range;
    if (neighbours(u.hex!).some((h) => unitsAt(state, h, enemyOf(side)).some((e) => isAttackDesignated(e) || !gaMods(bundle).oct.includes(terrainOf(bundle.board, h) ?? '')))) range = 1;
    if (distance(u.hex!, req.target) > range) return fail('out-of-range', `${formatHex(req.target)} is ${distance(u.hex!, req.target)} hexes from ${d.designation}; its range is ${range}${range === 1 ? ' (an adjacent enemy is attack designated or in the open)' : ''}`, 'GOSS 11.4');
    const pts = a.points ?? p.points;
    if (pts <= 0 || pts > p.points) return fail('no-points', `${d.designation} has ${p.points} mission point(s) available (${p.why})`, p.case);
    sources.push({ kind: 'artillery', unit: a.unit, points: pts, why: p.why, case: p.case });
    if (isNebelwerfer(d) || g?.kind === 'nebelwerfer') nebelwerfer = true;
  }
  if (req.air) {
    if (!day) return fail('air-night', 'air points are available in AM and PM GTs only', 'AW 31.9.1');
    const atm = atmAtTarget();
    // GOSS 19.3: no air points fly in a storm (the weather of the target's sector, AW 19.2.2a).
    if (atm.value === 'storm') return fail('air-storm', 'no air points in a storm', 'GOSS 19.3');
    if (level === 'unobserved') return fail('air-unobserved', 'air points may join only missions against an observed hex', 'AW 31.9.1');
    // AW 20.2.1 standard air: the module plans the GS missions from the sector's allocation.
    const mod = moduleGsAir(state, bundle, side, req.target, req.air, level);
    if (mod && 'code' in mod) return fail(mod.code, mod.message, mod.case ?? 'AW 20.2.1');
    if (mod) {
      gs = mod;
      sources.push({ kind: 'air', points: mod.missions.reduce((n, m) => n + m.points, 0), why: mod.why, case: mod.case });
    }
  }
  if (req.air && !gs) {
    const atm = atmAtTarget();
    if (req.air > t.air.maxPerMission) return fail('air-max', `at most ${t.air.maxPerMission} AP per mission`, 'AW 31.9.1');
    const ap = airPointsPerDay(state, bundle, side);
    const pool = ap.points;
    const used = c?.air[side]?.day === now.date ? c.air[side].used : 0;
    if (req.air > pool - used) return fail('air-pool', `only ${Math.max(0, pool - used)} AP left today`, ap.case);
    const per = t.air.apPerPoint[atm.value] ?? 1;
    sources.push({ kind: 'air', points: Math.floor(req.air / per), why: `${req.air} AP at ${per} AP per point (${atm.value})`, case: 'AW 31.9.1' });
  }
  // GOSS 19.3: no naval gunfire in a storm.
  if ((req.naval || req.ships?.length) && atmAtTarget().value === 'storm') return fail('naval-storm', 'no naval gunfire in a storm', 'GOSS 19.3');
  if (hasShips(bundle) && req.naval) return fail('naval-ships', 'this scenario gives naval gunfire by ship: name the ships of the mission (ships)', 'AW 33.3.0, AW 34.3.0');
  if (req.ships?.length) {
    if (!hasShips(bundle)) return fail('naval-none', 'this scenario has no naval units by ship', 'AW 31.9.3');
    const n = navalPlan(state, bundle, side, req.ships, req.target, day, level, t.naval.maxPerMission, req.spotter);
    if (!n.ok) return fail(n.code, n.message, n.case);
    for (const x of n.sources) sources.push({ kind: 'naval', unit: x.ship, points: x.points, why: x.why, case: x.case, ...(x.adv !== undefined ? { adv: x.adv } : {}), ...(x.volley ? { volley: x.volley } : {}) });
  }
  if (req.naval) {
    const nav = rules.naval[side];
    if (!day) return fail('naval-night', 'naval points are available in AM and PM GTs only', 'AW 31.9.3');
    if (!nav) return fail('naval-none', 'this scenario gives you no naval points', 'AW 31.9.3');
    if (level !== 'observedPaEt') return fail('naval-observer', 'naval points need a mission observed by a unit in PA mode or in an ET-2/3', 'AW 31.9.3');
    if (req.naval > t.naval.maxPerMission) return fail('naval-max', `at most ${t.naval.maxPerMission} naval points per mission`, 'AW 31.9.3');
    const used = c?.naval[side]?.turn === state.pos.turn ? c.naval[side].used : 0;
    if (req.naval > nav.points - used) return fail('naval-pool', `only ${nav.points - used} naval points left this GT`, 'AW 31.9.3');
    const from = nav.from.map((r) => tryParseHexRef(r)).filter((x): x is { hex: number } => !('error' in x)).map((x) => x.hex);
    const seaHexes = from.length ? from : Array.from(bundle.board.hexes).filter((h) => terrainOf(bundle.board, h) === 'sea');
    if (!seaHexes.some((h) => distance(h, req.target) <= nav.range)) return fail('naval-range', `${formatHex(req.target)} is beyond naval range ${nav.range}`, 'AW 31.9.3');
    sources.push({ kind: 'naval', points: req.naval, why: `${req.naval} naval points`, case: 'AW 31.9.3' });
  }
  // GOSS 11.4: each GS mission and each ship of the rolled naval units is a volley of its own, outside the artillery's volleys and cap.
  const total = sources.reduce((s, x) => s + ((gs && x.kind === 'air') || x.volley ? 0 : x.points), 0);
  if (total <= 0 && !gs && !sources.some((x) => x.volley)) return fail('no-points', 'the mission has no mission points', 'AW 31.9');
  if (total > cap) return fail('mission-cap', `${total} mission points exceed the cap of ${cap} for ${capWhy ? `a ${capWhy}` : `a${level === 'unobserved' ? 'n unobserved' : level === 'observed' ? 'n observed' : ' PA/ET-observed'} mission`}`, capWhy ? 'GOSS 5.3.5, AW 31.9.4' : 'AW 31.9.4');
  const volleys: number[] = [];
  for (let left = total; left > 0; left -= t.volleySize) volleys.push(Math.min(t.volleySize, left));
  if (req.skipRemainder && volleys.length > 1 && volleys[volleys.length - 1] < t.volleySize) volleys.pop();
  const drms = drmsFor(state, bundle, req.target, enemyOf(side), level, req.spotter, nebelwerfer, targetUnits);
  const drmRaw = drms.reduce((s, x) => s + x.value, 0);
  const drm = Math.max(-t.drmCap, Math.min(t.drmCap, drmRaw));
  return { ok: true, plan: { target: formatHex(req.target), level, observation, cap, sources, total, volleys, drms, drmRaw, drm, nebelwerfer, ...(capWhy ? { capWhy } : {}), ...(gs ? { gs } : {}) } };
}

/** GOSS 5.3.5 chained overrun: the live units of `side` among `ids` (the overrunners standing in the hex they overran). */
function enteredUnits(state: GameState, ids: string[], side: Side): UnitState[] {
  return ids.map((id) => unitOf(state, id)).filter((u) => !!u && u.side === side && live(u));
}

/** GOSS 5.3.5: the fieldworks that make the overrun units' mission medium (ET, Fort, Ft Area). */
const OVERRUN_MEDIUM = ['ET-2', 'ET-3', 'Fort', 'StP', 'Ft Area'];

/**
 * GOSS 5.3.5: the defensive missions `side` may fire at the overrunner in `target` from a spotter in
 * the overrun hex — one per spotter, its artillery gathered up to the cap — or none. Rolls nothing.
 */
export function overrunFsOffers(state: GameState, bundle: ScenarioBundle, side: Side, target: HexId, overrun: HexId, units?: string[]): FsRequest[] {
  const firers = readUnits(state.units).filter((u) => u.side === side && live(u) && isFirer(bundle, u.id)).map((u) => u.id);
  if (!firers.length) return [];
  const out: FsRequest[] = [];
  for (const s of unitsAt(state, overrun, side)) {
    const art: { unit: string; points: number }[] = [];
    for (const id of firers) {
      // A 1-point probe tells whether the unit may join and the cap; then as many points as fit.
      const probe = fsPlan(state, bundle, side, { target, spotter: s.id, artillery: [...art, { unit: id, points: 1 }], overrun, ...(units ? { units } : {}) });
      if (!probe.ok) continue;
      const pts = Math.min(artilleryPoints(state, bundle, id).points, probe.plan.cap - probe.plan.total + 1);
      art.push({ unit: id, points: pts });
    }
    if (art.length) out.push({ target, spotter: s.id, artillery: art, overrun, ...(units ? { units } : {}) });
  }
  return out;
}

/** GOSS 11.6.0: the FS table row for a final fire support value. */
export function fsResult(bundle: ScenarioBundle, fsv: number): { result: string; as: number; hits: number } {
  const rows = fsTable(bundle).results;
  const r = rows.find((x) => fsv >= x.min && fsv <= x.max) ?? (fsv < rows[0].min ? rows[0] : rows[rows.length - 1]);
  return { result: r.result, as: r.as, hits: r.hits };
}

// ---------- the mission ----------

const hexOf = (ref: string): HexId => { const r = tryParseHexRef(ref); if ('error' in r) reject('bad-hex', r.error); return r.hex; };

/**
 * Fires one mission (validated by `fsPlan`, rolled) and pushes its frame: the target's owner then takes
 * the hits (the hit procedure) when the stack runs (`runProcedures`, by the caller).
 */
export function startMission(run: Run, req: FsRequest): void {
  const { d, ctx, events } = run;
  const side = ctx.side!;
  const { bundle, dice } = ctx;
  // Planned on the state as the mission starts: the frozen one when nothing was written yet (its cached views).
  const before = unmodifiedBase(d) as GameState;
  const r = fsPlan(before, bundle, side, req);
  if (!r.ok) reject(r.code, r.message, r.case);
  const plan = r.plan;
  // The target units, taken before the mission's markers are written (asked after them, the unit index was rebuilt).
  const entered = req.units && req.overrun !== undefined;
  const targets = (entered ? enteredUnits(before, req.units!, enemyOf(side)) : unitsAt(before, req.target, enemyOf(side))).map((u) => u.id);
  const c = combatOf(d);
  const now = turnTime(bundle.scenario, bundle.sequence, d.pos.turn);
  c.fsTargets.push(req.target);
  if (req.spotter) c.spotterUses[req.spotter] = (c.spotterUses[req.spotter] ?? 0) + 1;
  for (const s of plan.sources) {
    if (s.kind === 'artillery') {
      const id = s.unit!;
      const g = groupOfUnit(bundle, id);
      const period = periodKey(d as GameState, bundle, g);
      const rec = c.art[id] ?? (c.art[id] = { lost: 0, halved: false, turn: d.pos.turn, used: 0, period });
      if ((rec.period ?? `t${rec.turn}`) !== period) { rec.turn = d.pos.turn; rec.period = period; rec.used = 0; }
      rec.used += s.points;
      // Read as it is now without drafting it; written (a new record) only when its supply changes.
      const u = peekUnit(d as GameState, id)!;
      const def = defOf(bundle, id);
      if (firesOnce(g)) c.nwDay[id] = period;
      else if (!g && isNebelwerfer(def)) c.nwDay[id] = now.date;
      else if (!g && isHeavyFlak(def)) c.nwDay[id] = `pt${d.pos.turn}.${d.pos.playerTurn}`;
      if (has(u, M.OHS)) { patchUnit(d, u, { markers: swapMarker(u.markers, M.OHS, M.OOS) }); events.push({ type: 'supplyChanged', unit: id, to: 'OoS', why: 'OhS unit contributed FS mission points', case: 'AW 31.11' }); }
    }
  }
  // The AP are spent, whatever becomes of them (AW 20.1.0: an aborted AP flies no other mission that GD).
  if (req.air) { const key = plan.gs?.pool ?? side; const a = c.air[key]; c.air[key] = { day: now.date, used: (a?.day === now.date ? a.used : 0) + req.air }; }
  if (req.naval) { const n = c.naval[side]; c.naval[side] = { turn: d.pos.turn, used: (n?.turn === d.pos.turn ? n.used : 0) + req.naval }; }
  let as = 0; let hits = 0;
  const volleys = plan.volleys.map((pts, i) => {
    const drm = i === 0 ? plan.drm : Math.max(-fsTable(bundle).drmCap, Math.min(fsTable(bundle).drmCap, plan.drmRaw - (plan.nebelwerfer ? plan.drms.filter((x) => x.why.startsWith('Nebelwerfer')).reduce((s, x) => s + x.value, 0) : 0)));
    const roll = dice.d10(`FS volley ${i + 1} on ${plan.target}`);
    const fsv = roll + pts + drm;
    const res = fsResult(bundle, fsv);
    as += res.as; hits += res.hits;
    return { points: pts, roll, drm, fsv, result: res.result };
  });
  // GOSS 11.4 NGS: each ship of the rolled naval units its own volley, its DRMs on top of the mission's (clamped the same).
  const shipVolleys = plan.sources.filter((x) => x.kind === 'naval' && x.volley).map((x) => {
    const drm = Math.max(-fsTable(bundle).drmCap, Math.min(fsTable(bundle).drmCap, plan.drmRaw + x.volley!.drm));
    const roll = dice.d10(`NGS volley of ${x.unit} on ${plan.target}`);
    const fsv = roll + x.points + drm;
    const res = fsResult(bundle, fsv);
    as += res.as; hits += res.hits;
    return { ship: x.unit!, points: x.points, roll, drm, fsv, result: res.result, ...(x.volley!.why.length ? { why: x.volley!.why } : {}) };
  });
  const gs = plan.gs ? flyGs(run, plan, req.target) : null;
  if (gs) { as += gs.as; hits += gs.hits; }
  events.push({ type: 'fsResolved', plan, volleys, as, hits, ...(shipVolleys.length ? { naval: shipVolleys } : {}), ...(gs ? { gs: gs.missions } : {}), case: 'GOSS 11.6' });
  const ships = plan.sources.filter((x) => x.kind === 'naval' && x.unit).map((x) => {
    // AW 11.9.0: a naval unit with an ADV checks its ammunition after the mission; above the ADV it is done for the GD.
    if (x.adv === undefined) return { id: x.unit!, points: x.points };
    const roll = dice.d10(`ammunition check: ${x.unit}`);
    const depleted = roll > x.adv;
    events.push({ type: 'navalAdCheck', ship: x.unit, roll, adv: x.adv, depleted, case: 'AW 11.9.0' });
    return { id: x.unit!, points: x.points, ...(depleted ? { depleted: now.date } : {}) };
  });
  if (ships.length) recordShips(d, ships);
  events.push(...afterMission(d, ctx, plan.sources.filter((x) => x.kind === 'artillery').map((x) => x.unit!), volleys.length, req.deplete ?? req.artillery?.map((a) => a.unit)));
  // GOSS 11.6.1: max 2 per unit (each target read without drafting it, written as a new record).
  if (as > 0) for (const id of targets) { const t = peekUnit(d as GameState, id)!; const m = withAs(t.markers, as); if (m) patchUnit(d, t, { markers: m }); }
  // GOSS 11.6.2: designation is read before the results drop it (the DW withdrawal open to designated targets).
  const designated = targets.length > 0 && targets.every((id) => isAttackDesignated(peekUnit(d as GameState, id)!));
  pushFrame(d, { proc: 'fireMission', target: req.target, firingSide: side, targetSide: enemyOf(side), units: targets, hits, as, stage: 'hits', ...(designated ? { designated } : {}), ...(req.overrun !== undefined ? { overrun: true } : {}), ...(entered ? { entered: true } : {}), ...(gs?.scattered.length ? { scattered: gs.scattered } : {}) });
}

/** The hex next to `h` in scatter direction `dir` (0 north, clockwise), or null off the lattice. */
function neighbourInDirection(h: HexId, dir: number): HexId | null {
  const n = neighbour(h, (dir % 6) as Direction);
  return n >= 0 ? n : null;
}

/** GOSS 20.7.1 (range-1 Flak points, reconstructed subset): Flak units and HQs. */
export function isFlakCapable(bundle: ScenarioBundle, id: string): boolean {
  const d = defOf(bundle, id);
  return isFlak(d) || isHq(d);
}

/** A GS mission's volley that scattered onto another hex (GOSS 20.2.3): the hits its owner takes there. */
interface Scattered { hex: HexId; side: Side; units: string[]; hits: number }

/**
 * GOSS 20.2 / AW 20.1.0, 20.2.1: flies the plan's GS missions, each its own volley: the abort roll
 * per AP when the force has one, the AP that fly adjusted for the weather, then the mission error
 * roll (GOSS 20.2.3): on target the volley joins the mission's results; scattered it strikes whoever
 * is in the hex it lands on, unless that hex is empty or holds a Flak-capable unit.
 */
function flyGs(run: Run, plan: FsPlan, target: HexId): { as: number; hits: number; missions: GameEvent[]; scattered: Scattered[] } {
  const { d, ctx } = run;
  const { bundle, dice } = ctx;
  const gs = plan.gs!;
  const t = fsTable(bundle);
  let as = 0, hits = 0;
  const missions: GameEvent[] = [];
  const scattered: Scattered[] = [];
  gs.missions.forEach((m, i) => {
    const label = `GS mission ${i + 1} on ${plan.target}`;
    let flying = m.ap;
    const aborts: number[] = [];
    if (gs.abortMax !== undefined) {
      for (let k = 0; k < m.ap; k++) { const r = dice.d10(`${label}: abort roll, AP ${k + 1}`); aborts.push(r); if (r <= gs.abortMax) flying--; }
    }
    const points = Math.floor(flying / gs.divisor) * gs.pointsPerAp;
    const out: GameEvent = { type: 'gsMission', mission: i + 1, ap: m.ap, ...(aborts.length ? { abortRolls: aborts, flying } : {}), points, case: gs.case } as GameEvent;
    missions.push(out);
    const o = out as unknown as Record<string, unknown>;
    if (points <= 0) { o.outcome = 'aborted'; o.why = aborts.length ? 'every AP aborted (AW 20.1.0)' : 'no AP left after the weather'; return; }
    const errRoll = dice.d10(`${label}: mission error`);
    const errDrm = gs.error.drms.reduce((n, x) => n + x.value, 0);
    const err = errRoll + errDrm;
    o.error = { roll: errRoll, drms: gs.error.drms, modified: err };
    if (err >= gs.error.abortMin) { o.outcome = 'aborted'; o.why = `mission error ${err}: aborted (${gs.error.case})`; return; }
    let hex = target;
    let drm = plan.drm;
    let owner: Side | null = null;
    if (err === gs.error.scatter) {
      // GOSS 20.2.3: 1d10 for the direction, 0 north and clockwise from it; higher rolls are rolled again.
      let dir = dice.d10(`${label}: scatter direction`);
      while (dir >= gs.error.directions) dir = dice.d10(`${label}: scatter direction`);
      const to = neighbourInDirection(target, dir);
      o.scatter = { direction: dir, hex: to === null ? null : formatHex(to) };
      const there = to === null ? [] : unitsAt(d as GameState, to);
      if (to === null || !there.length || there.some((u) => isFlakCapable(bundle, u.id))) {
        o.outcome = 'aborted'; o.why = to === null || !there.length ? 'scattered onto an empty hex: aborted' : 'scattered onto a hex with Flak: aborted'; return;
      }
      hex = to; owner = there[0].side;
      const ds = drmsFor(d as GameState, bundle, to, owner, plan.level, undefined, false);
      drm = Math.max(-t.drmCap, Math.min(t.drmCap, ds.reduce((n, x) => n + x.value, 0)));
    }
    const roll = dice.d10(`${label}: volley`);
    const fsv = roll + points + drm;
    const res = fsResult(bundle, fsv);
    o.volley = { points, roll, drm, fsv, result: res.result, hex: formatHex(hex) };
    if (owner === null) { o.outcome = 'on target'; as += res.as; hits += res.hits; return; }
    o.outcome = 'scattered';
    const units = unitsAt(d as GameState, hex).map((u) => u.id);
    if (res.as > 0) for (const id of units) { const u = peekUnit(d as GameState, id)!; const mk = withAs(u.markers, res.as); if (mk) patchUnit(d, u, { markers: mk }); }
    if (res.hits > 0) scattered.push({ hex, side: owner, units, hits: res.hits });
  });
  return { as, hits, missions, scattered };
}

/**
 * GOSS 11.6: the fire mission procedure, after its dice: the target's owner takes the hits (the hit
 * procedure), then a hex emptied by them is vacated (GOSS 11.7). A defensive mission against an
 * overrunner returns to the overrun (GOSS 5.3.5), which goes on or ends.
 */
export const fireMissionProcedure = defineProcedure({
  name: 'fireMission',
  step(f, run) {
    if (f.stage === 'hits') {
      f.stage = f.scattered?.length ? 'scatter' : 'end';
      return { call: fsHitsFrame({ side: f.targetSide, hex: f.target, units: [...f.units], hits: f.hits, ...(f.designated ? { designated: true } : {}), ...(f.entered ? { entered: true } : {}) }) };
    }
    if (f.stage === 'scatter') {
      // GOSS 20.2.3: a scattered GS volley hits whoever is in the hex it landed on, one hex at a time.
      const s = f.scattered!.shift()!;
      if (!f.scattered!.length) { f.stage = 'end'; delete f.scattered; }
      return { call: fsHitsFrame({ side: s.side, hex: s.hex, units: s.units.filter((id) => unitsAt(run.d as GameState, s.hex).some((u) => u.id === id)), hits: s.hits }) };
    }
    if (!f.entered && !unitsAt(run.d as GameState, f.target, f.targetSide).length) { combatOf(run.d).fsVacated.push(f.target); clearIfEmpty(run.d, f.target, run.events, 'all occupants retreated or eliminated by FS', run.ctx.bundle); }
    run.events.push({ type: 'fsEnded', target: formatHex(f.target), case: 'GOSS 11.6' });
    return { end: null };
  },
});

/**
 * AW 31.2.2c / GOSS 11.7: attack-designated units adjacent to a hex vacated by FS may advance into it
 * (once per phase): every one of them may go in. Offered: each unit alone, each adjacent stack, and
 * all of them together — every group within the stacking limit of the hex (GOSS 6.0).
 */
export function fsAdvanceOptions(state: GameState, side: Side, bundle: ScenarioBundle = bundleOf(state)): Action[] {
  const c = state.combat;
  if (!c || c.fsAdvanced) return [];
  const out: Action[] = [];
  for (const h of c.fsVacated) {
    if (unitsAt(state, h).length) continue;
    const us = readUnits(state.units).filter((u) => u.side === side && live(u) && isAttackDesignated(u) && areAdjacent(u.hex!, h));
    const groups: UnitState[][] = us.map((u) => [u]);
    const byHex = new Map<HexId, UnitState[]>();
    for (const u of us) byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u]);
    for (const g of byHex.values()) if (g.length > 1) groups.push(g);
    if (byHex.size > 1) groups.push(us);
    for (const g of groups) {
      if (g.length > 1 && stackViolationOf(bundle, h, side, g)) continue;
      out.push({ type: 'fsAdvance', hex: formatHex(h), units: g.map((u) => u.id) });
    }
  }
  return out;
}

function fsSegment(state: GameState, bundle: ScenarioBundle): boolean {
  const id = segmentAt(bundle.sequence, state.pos).segment.id;
  return id === 'defensiveFs' || id === 'offensiveFs';
}

export const fireSupportRules: RuleModule = {
  name: 'fireSupport',
  handlers: [
    {
      type: 'fireMission',
      apply(d, action, ctx) {
        const a = action as ActionOf<'fireMission'>;
        if (!fsSegment(d as GameState, ctx.bundle)) reject('wrong-segment', 'FS missions are fired in the FS Mission Segments', 'AW 31.2.2b-c');
        const run: Run = { d, ctx, events: [] };
        startMission(run, { ...a, target: hexOf(a.target) });
        runProcedures(run);
        return run.events;
      },
      legal(state, side, bundle) {
        if (!fsSegment(state, bundle) || state.pending) return [];
        // One offer per observable target hex with the firers in range (the UI adjusts the points).
        const out: Action[] = [];
        const targets = new Set<HexId>();
        for (const u of readUnits(state.units)) if (u.side !== side && live(u)) targets.add(u.hex!);
        const firers = readUnits(state.units).filter((u) => u.side === side && live(u) && isFirer(bundle, u.id)).map((u) => u.id);
        for (const t of targets) {
          // Offer each firer at no more than the unobserved cap (AW 31.9.4), so a 16-point group is not excluded by the cap.
          const small = (id: string) => ({ unit: id, points: Math.max(1, Math.min(artilleryPoints(state, bundle, id).points, fsTable(bundle).caps.unobserved)) });
          const art = firers.filter((id) => fsPlan(state, bundle, side, { target: t, artillery: [small(id)] }).ok).map(small);
          if (!art.length) continue;
          const spotter = readUnits(state.units).find((u) => u.side === side && live(u) && fsPlan(state, bundle, side, { target: t, spotter: u.id, artillery: art.slice(0, 1) }).ok)?.id;
          const req = { target: t, spotter, artillery: art.slice(0, 1) };
          if (fsPlan(state, bundle, side, req).ok) out.push({ type: 'fireMission', target: formatHex(t), ...(spotter ? { spotter } : {}), artillery: req.artillery });
        }
        return out;
      },
    },
    {
      type: 'fsAdvance',
      apply(d, action, ctx) {
        const a = action as ActionOf<'fsAdvance'>;
        if (segmentAt(ctx.bundle.sequence, d.pos).segment.id !== 'offensiveFs') reject('wrong-segment', 'advances after FS happen in the offensive FS segment', 'AW 31.2.2c');
        const c = combatOf(d);
        if (c.fsAdvanced) reject('advanced-already', 'units may advance after FS only once per phase', 'GOSS 11.7');
        const h = hexOf(a.hex);
        if (!c.fsVacated.includes(h) || unitsAt(d as GameState, h).length) reject('not-vacated', `${a.hex} was not emptied by an FS mission`, 'GOSS 11.7');
        const events: GameEvent[] = [];
        for (const id of a.units) {
          const now = unitOf(d, id);
          if (!now || now.side !== ctx.side || !live(now) || !isAttackDesignated(now) || !areAdjacent(now.hex!, h)) reject('cannot-advance', `${id} is not an attack-designated unit of yours next to ${a.hex}`, 'GOSS 11.7');
          const u = mutUnit(d, id);
          const from = u.hex!;
          u.hex = h;
          dropMarker(u, M.TA); // TA units lose TA and cannot attack; PA units keep PA (GOSS 11.7)
          events.push({ type: 'advanced', unit: id, from: formatHex(from), path: [a.hex], case: 'GOSS 11.7, AW 31.2.2c' });
        }
        c.fsAdvanced = true;
        return events;
      },
      legal(state, side, bundle) {
        if (segmentAt(bundle.sequence, state.pos).segment.id !== 'offensiveFs' || state.pending) return [];
        return fsAdvanceOptions(state, side, bundle);
      },
    },
  ],
};
