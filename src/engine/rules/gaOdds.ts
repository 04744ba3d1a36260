/**
 * Ground assault steps 1–6 (GOSS 13.3–13.8): who fights, the GAV with every multiplier, the ratio
 * column, column shifts and DRMs, as a breakdown that names the case of every number. Pure: it
 * reads the state and rolls nothing, so the UI's odds preview and the resolution share it.
 */
import { areAdjacent, distance, formatHex, neighbours, type HexId } from '../hex';
import { SIDE_BIT, sideBits, terrainOf, terrainsIn } from '../board';
import { turnTime } from '../sequence';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import type { GaModifiersTable, GroundAssaultTable } from '../../data/schemas/tables';
import { gaMods, gat } from './combatTables';
import { localUnits, type LocalUnits } from './combatLocal';
import { effectivePr } from './combatPr';
import { anyLeadsOnlyAlone, combatBan, changesAdv, leadsOnlyAlone, mayAct } from './extensions';
import { advOf } from './ammoDepletion';
import { special } from './scenarioArea';
import { actsAsGroup } from './artilleryGroups';
import { stackViolationOf } from './stacking';
import { isConstricted } from './movement-search';
import { combatRules } from './scenarioRules';
import { gossLeaderRules } from './leaders';
import { standingBridge } from './placedBridges';
import { dugIn } from './works';
import { gaWorks } from './emplacements';
import {
  M, armAtt, armDef, asCount, atDef, csAtt, csDef, defOf, enemyOf, fatigue, formation, has, hasArmourSymbol, hexTerrains, isCommando,
  isArtGroup, isArtillery, isEngineer, isHq, isInfantry, isLeader, isPersonnel, isPureAfv, isZ, live, regiment, stepsLeft,
  training,
} from './combatTraits';
import { unitOf } from '../unitTable';

export interface GaDeclaration {
  hex: HexId;
  attackers: string[];
  /** GOSS 13.3.2: the defender's terrain line (defaults to the hardest available). */
  line?: number;
  /** GOSS 13.5.2: standoff units of either side. */
  standoff?: string[];
  /** GOSS 13.5.3 / AW 31.11: OhS defenders fighting at full CS (they go OoS afterwards). */
  fullStrength?: string[];
  leadPr?: { attacker?: string; defender?: string };
  /** GOSS 5.3.5: an overrun uses no CR bonus. */
  overrun?: boolean;
  /**
   * GOSS 5.3.5: an overrun from the hex the overrunners overran successfully this phase (they stand
   * there; their counters are still in the hex they came from): adjacency, hexsides and terrain are read from it.
   */
  from?: HexId;
  /** Set while the engine resolves an assault it already accepted (skips the once-per-segment checks). */
  resolving?: boolean;
}

export interface Mult { x: number; why: string; case: string }
export interface UnitLine { unit: string; designation: string; cs: number; mults: Mult[]; factor: number; value: number }
export interface Shift { side: 'attacker' | 'defender'; n: number; why: string; case: string }
export interface Drm { kind: 'PR' | 'CR' | 'RIB' | 'Arm/AT'; attacker: number; defender: number; per: number; value: number; why: string; case: string }

export interface GaBreakdown {
  hex: string;
  line: number;
  lineOptions: number[];
  terrain: string;
  attackers: UnitLine[];
  defenders: UnitLine[];
  /** Units in the hex that retreated there after an earlier GA: take results, add nothing (GOSS 13.3). */
  passengers: string[];
  gavAttacker: number;
  gavDefender: number;
  ratio: number;
  baseLabel: string;
  offLeft: boolean;
  shifts: Shift[];
  netShift: number;
  column: string;
  columnLabel: string;
  resultSet: string;
  drms: Drm[];
  drmRaw: number;
  drm: number;
  leads: { attackerPr: string | null; defenderPr: string | null; attackerArm: string | null; defenderArm: string | null };
  crUsed: string[];
  supportHexes: string[];
  /** Attacker hexes (for retreat and advance). */
  attackerHexes: string[];
}

export type OddsResult = { ok: true; odds: GaBreakdown } | { ok: false; code: string; message: string; case: string };

interface Ctx {
  state: GameState; bundle: ScenarioBundle; mods: GaModifiersTable; table: GroundAssaultTable; night: boolean;
  /** The defending hex is MCT (GOSS 13.6.1d) / marsh (GOSS 13.6.1). */
  defMct: boolean; defMarsh: boolean;
}

const fail = (code: string, message: string, c: string): OddsResult => ({ ok: false, code, message, case: c });

const RIVER_BITS = SIDE_BIT.river | SIDE_BIT.canal;

function crossing(state: GameState, bundle: ScenarioBundle, a: HexId, b: HexId): { river: boolean; major: boolean; bridge: boolean; ford: boolean; stream: boolean } {
  const f = sideBits(bundle.board, a, b);
  return {
    // Bridges placed in play count (AW 32.6.1, 33.6.1), demolished ones not (GOSS 17.3.2b/c).
    river: (f & RIVER_BITS) !== 0, major: (f & SIDE_BIT.majorRiver) !== 0, bridge: standingBridge(state, bundle, a, b), ford: (f & SIDE_BIT.ford) !== 0, stream: (f & SIDE_BIT.stream) !== 0,
  };
}

/** GOSS 13.3.2: the lines the defender may choose from the terrain in the hex. */
export function lineOptions(bundle: ScenarioBundle, h: HexId): { line: number; terrain: string }[] {
  const mods = gaMods(bundle);
  const out: { line: number; terrain: string }[] = [];
  for (const t of hexTerrains(bundle, h, mods.alsoClear)) {
    const line = mods.terrainLine[t];
    if (line && !out.some((o) => o.line === line)) out.push({ line, terrain: t });
  }
  return out.sort((a, b) => b.line - a.line);
}

export function isNight(state: GameState, bundle: ScenarioBundle): boolean {
  return turnTime(bundle.scenario, bundle.sequence, state.pos.turn).time === 'Night';
}

function isMct(mods: GaModifiersTable, bundle: ScenarioBundle, h: HexId, state?: GameState): boolean {
  // GOSS 7 TEC: a village in MCT (its other terrain in hex) is MCT.
  if (terrainsIn(bundle.board, h).some((t) => mods.mct.includes(t))) return true;
  const fw = state?.fieldworks[h];
  return fw === 'ET-3' || fw === 'StP' || fw === 'Fort';
}

/** GOSS 13.6.1d: pure AFVs covered by personnel units among a side's participants. */
function uncoveredAfvs(bundle: ScenarioBundle, units: UnitState[]): Set<string> {
  const afv = units.filter((u) => isPureAfv(defOf(bundle, u.id)));
  const pers = units.filter((u) => { const d = defOf(bundle, u.id); return isPersonnel(d) && !isZ(d) && !isHq(d); });
  if (pers.some((u) => defOf(bundle, u.id).size === 'Bn')) return new Set();
  const covered = pers.length;
  return new Set(afv.slice(covered).map((u) => u.id));
}

function allPureAfv(bundle: ScenarioBundle, us: UnitState[]): boolean {
  for (const u of us) if (!isPureAfv(defOf(bundle, u.id))) return false;
  return true;
}

/** Per-unit GAV multiplier (GOSS 13.6.1): halvings collapse to ×¼ when two or more apply; never below ¼. */
function combine(halves: Mult[], quarters: Mult[], set: Mult | null): { factor: number; mults: Mult[] } {
  if (set) return { factor: set.x, mults: [set] };
  const mults = [...halves, ...quarters];
  if (quarters.length || halves.length >= 2) return { factor: 0.25, mults: [...mults, { x: 0.25, why: 'never below ¼: two or more halvings, or a quartering, give ×¼', case: 'GOSS 13.6.1' }] };
  return { factor: halves.length ? 0.5 : 1, mults };
}

function lineFor(ctx: Ctx, u: UnitState, role: 'attacker' | 'defender', decl: GaDeclaration, caExempt: boolean, uncovered: Set<string>, artHalved: string | null): UnitLine {
  const { bundle } = ctx;
  const d = defOf(bundle, u.id);
  const cs = role === 'attacker' ? csAtt(d, u) : csDef(d, u);
  const halves: Mult[] = [];
  const quarters: Mult[] = [];
  let set: Mult | null = null;
  const defHex = decl.hex;
  const defMarsh = ctx.defMarsh;
  if (role === 'attacker') {
    const c = crossing(ctx.state, bundle, u.hex!, defHex);
    if (c.major && c.bridge) quarters.push({ x: 0.25, why: 'across a major river by bridge', case: 'GOSS 13.6.1' });
    else if (c.river && d.moveClass !== 'mech') halves.push({ x: 0.5, why: 'Leg across a river (bridge or ford do not help)', case: 'GOSS 13.6.1' });
    else if (c.river) halves.push({ x: 0.5, why: 'Mech across a river at a bridge or ford', case: 'GOSS 13.6.1' });
    if (defMarsh || terrainOf(bundle.board, u.hex!) === 'marsh') {
      if (d.moveClass === 'mech') quarters.push({ x: 0.25, why: 'Mech into or out of marsh', case: 'GOSS 13.6.1' });
      else halves.push({ x: 0.5, why: 'Leg into or out of marsh', case: 'GOSS 13.6.1' });
    }
    if (uncovered.has(u.id) && !caExempt && (ctx.defMct || defMarsh)) halves.push({ x: 0.5, why: 'pure AFV without combined arms into MCT or marsh', case: 'GOSS 13.6.1d' });
    if (has(u, M.OOS) || has(u, M.OHS)) halves.push({ x: 0.5, why: has(u, M.OHS) ? 'OhS unit attacking goes OoS at once: CS halved' : 'out of supply', case: 'AW 31.11' });
  } else {
    if (artHalved === u.id) halves.push({ x: 0.5, why: 'artillery in a defending stack', case: 'GOSS 13.6.1' });
    if (uncovered.has(u.id) && !caExempt && (ctx.defMct || defMarsh)) halves.push({ x: 0.5, why: 'pure AFV in MCT or marsh without combined arms', case: 'GOSS 13.6.1d' });
    if (has(u, M.OOS)) halves.push({ x: 0.5, why: 'out of supply', case: 'AW 31.11' });
    else if (has(u, M.OHS) && !(decl.fullStrength ?? []).includes(u.id)) halves.push({ x: 0.5, why: 'OhS defending at half CS to stay OhS', case: 'AW 31.11, GOSS 13.5.3' });
    if (d.moveClass === 'mech' && defMarsh) quarters.push({ x: 0.25, why: 'Mech in a marsh hex', case: 'GOSS 13.6.1' });
    if (has(u, M.AD) && isArtillery(d)) set = { x: 0, why: 'ammo-depleted artillery defends at CS 1', case: 'GOSS 13.6.1c' };
  }
  const f = fatigue(u);
  if (f === 1) halves.push({ x: 0.5, why: 'fatigue 1', case: 'GOSS 14.2' });
  if (f === 2) quarters.push({ x: 0.25, why: 'fatigue 2', case: 'GOSS 14.2' });
  if ((decl.standoff ?? []).includes(u.id)) halves.push({ x: 0.5, why: 'standoff', case: 'GOSS 13.5.2' });
  const { factor, mults } = combine(halves, quarters, set);
  const value = set ? 1 : cs * factor;
  return { unit: u.id, designation: d.designation, cs, mults, factor: set ? 1 / Math.max(cs, 1) : factor, value };
}

/** Eligibility of the declared attackers (GOSS 13.4, AW 31.9.2c); null when all may attack. */
/** `near`: the units around the target (gaOdds' one pass), which holds every attacker's hex (all adjacent by then). */
function checkAttackers(ctx: Ctx, decl: GaDeclaration, atk: UnitState[], side: Side, near: LocalUnits): OddsResult | null {
  const { bundle, state } = ctx;
  if (!atk.length) return fail('no-attackers', 'name at least one attacking unit', 'GOSS 13.4');
  // AW 34.10.1: no combat (assaults and overruns) during the lull.
  const ban = combatBan(state, bundle);
  if (ban) return fail(ban.code, ban.message, ban.case ?? 'GOSS 13.4');
  const hexes = new Set<number>();
  for (const u of atk) {
    const d = defOf(bundle, u.id);
    if (u.side !== side) return fail('not-your-unit', `${d.designation} belongs to the other side`, 'GOSS 13.4');
    if (!live(u)) return fail('not-on-map', `${d.designation} is not on the map`, 'GOSS 13.4');
    if (!areAdjacent(u.hex!, decl.hex)) return fail('not-adjacent', `${d.designation} is not adjacent to ${formatHex(decl.hex)}`, 'GOSS 13.4');
    if (!decl.overrun && !has(u, M.TA) && !has(u, M.PA)) return fail('not-designated', `${d.designation} is not attack designated (TA or PA)`, 'GOSS 13.4');
    if (isArtGroup(d) || isHq(d)) return fail('no-offensive-ga', `${d.designation}: artillery groups and division HQs may not make an offensive GA`, 'AW 31.9.2c');
    // AW 33.7.1 / 33.7.2: inactive VIII Corps units, and Germans east of the 49th Div boundary, make no offensive GA.
    const ep = mayAct(state, bundle, u.id, 'offensiveGa');
    if (ep) return fail(ep.code, ep.message, ep.case ?? 'GOSS 13.4');
    if (isArtillery(d)) return fail('artillery-attack', `${d.designation}: artillery with a range may not attack`, 'GOSS 13.4');
    if (isLeader(d)) return fail('leader-attack', `${d.designation}: a leader adds its shift, it does not attack`, 'GOSS 23.2');
    if (fatigue(u) === 2) return fail('fatigue-2', `${d.designation} has fatigue 2 and may not attack`, 'GOSS 14.2');
    if (!decl.resolving && (state.combat?.attackers ?? []).includes(u.id)) return fail('attacked-already', `${d.designation} has already attacked this segment`, 'GOSS 13.1');
    const c = crossing(state, bundle, u.hex!, decl.hex);
    if (c.major && (d.moveClass === 'mech' || !c.bridge)) return fail('major-river', `${d.designation} may not attack across the major river here`, 'GOSS 13.4');
    if (c.river && d.moveClass === 'mech' && !c.bridge && !c.ford && !(decl.standoff ?? []).includes(u.id)) return fail('river-mech', `${d.designation}: Mech units attack across a river only at a bridge or ford`, 'GOSS 13.4');
    if (terrainOf(bundle.board, decl.hex) === 'sea') return fail('prohibited', 'units may not attack into a sea hex', 'GOSS 13.4');
    hexes.add(u.hex!);
  }
  if (hexes.size > 1 && !atk.every((u) => has(u, M.PA) || decl.overrun)) return fail('multi-hex-ta', 'a multi-hex ground assault needs every attacker in PA; a TA stack attacks alone', 'GOSS 13.4, 5.1.2');
  for (const u of atk) {
    const d = defOf(bundle, u.id);
    if (isZ(d) && !atk.some((o) => o.hex === u.hex && !isZ(defOf(bundle, o.id)))) return fail('z-alone', `${d.designation}: a Z-step attacks only alongside a Co or Bn from its hex`, 'GOSS 4.1.3');
    // GOSS 13.4: a German RE unit attacks only stacked with a non-RE unit or a leader.
    if (d.re && d.side === 'german' && !near.at(u.hex!, side).some((o) => o.id !== u.id && (isLeader(defOf(bundle, o.id)) ? gossLeaderRules(bundle) : !defOf(bundle, o.id).re))) {
      return fail('re-alone', `${d.designation} is an RE unit: it attacks only stacked with a non-RE unit or a leader`, 'GOSS 13.4');
    }
  }
  const over = constrictedAttackExcess(bundle, decl.hex, atk);
  if (over) return fail('constricted-attack', over, 'GOSS 13.4');
  return null;
}

/**
 * GOSS 13.4: into a constricted hex at most 2 units, at most 1 of them a Bn, attack from each adjacent
 * hex — why `atk` breaks that, or null. Leaders do not count; the free-stacking exception is not
 * applied (reconstructed: no free-stacked group is modelled as one attacker).
 */
export function constrictedAttackExcess(bundle: ScenarioBundle, target: HexId, atk: readonly UnitState[]): string | null {
  if (!isConstricted(bundle, target)) return null;
  for (const h of new Set(atk.map((u) => u.hex!))) {
    const from = atk.filter((u) => u.hex === h && !isLeader(defOf(bundle, u.id)));
    const bns = from.filter((u) => defOf(bundle, u.id).size === 'Bn').length;
    if (from.length > 2 || bns > 1) return `into the constricted hex ${formatHex(target)} at most 2 units, at most 1 of them a battalion, attack from each hex (${from.length} from ${formatHex(h)}, ${bns} battalion${bns === 1 ? '' : 's'})`;
  }
  return null;
}

function leadPr(state: GameState, bundle: ScenarioBundle, units: UnitState[], role: 'attacker' | 'defender', standoff: string[], named?: string): UnitState | null {
  // AW 1.2.6e: the PRs as modified by Cherbourg morale (combatPr.ts), read once per unit.
  const pr = (u: UnitState) => effectivePr(state, bundle, u.id, role === 'attacker' ? 'off' : 'def').pr ?? -1;
  const ok = (u: UnitState, p: number) => { const d = defOf(bundle, u.id); return !standoff.includes(u.id) && !isZ(d) && !isLeader(d) && p >= 0; };
  // AW 41.3.3: a unit a module bars (a FoW unit) leads only when no other unit may.
  const barred = (u: UnitState) => leadsOnlyAlone(state, bundle, u.id);
  const pool = anyLeadsOnlyAlone(bundle) && units.some(barred) && units.some((u) => !barred(u) && ok(u, pr(u))) ? units.filter((u) => !barred(u)) : units;
  if (named) { const u = pool.find((x) => x.id === named); if (u && ok(u, pr(u))) return u; }
  // The highest PR, non-HQ units first (an HQ leads only when nothing else may), ties by id.
  let best: UnitState | null = null; let bestPr = -1; let bestHq = true;
  for (const u of pool) {
    const p = pr(u);
    if (!ok(u, p)) continue;
    const hq = isHq(defOf(bundle, u.id));
    if (best === null || (bestHq && !hq) || (hq === bestHq && (p > bestPr || (p === bestPr && u.id.localeCompare(best.id) < 0)))) { best = u; bestPr = p; bestHq = hq; }
  }
  return best;
}

/** GOSS 13.8.3 regimental integrity: per regiment 2–3 bonuses, a regiment with one eligible unit gives none. */
function ribCount(bundle: ScenarioBundle, units: UnitState[], maxRgts: number, perMin: number, perMax: number, cap: number): { n: number; units: string[] } {
  const by = new Map<string, string[]>();
  for (const u of units) {
    const d = defOf(bundle, u.id);
    const r = regiment(d);
    if (!r || isZ(d) || isEngineer(d) || !isInfantry(d) || (d as unknown as { attached?: boolean }).attached) continue;
    if (has(u, M.OOS) || fatigue(u) > 0 || has(u, M.EXPLOIT) || has(u, M.STRAT)) continue;
    const l = by.get(r);
    if (l) l.push(u.id); else by.set(r, [u.id]);
  }
  const rgts = [...by.values()].filter((l) => l.length >= perMin).sort((a, b) => b.length - a.length).slice(0, maxRgts);
  let n = 0; const used: string[] = [];
  for (const l of rgts) { const k = Math.min(perMax, l.length); n += k; used.push(...l.slice(0, k)); }
  return { n: Math.min(cap, n), units: used };
}

function leaderShift(ctx: Ctx, role: 'attacker' | 'defender', side: Side, hexes: HexId[], participants: UnitState[]): Shift[] {
  const out: Shift[] = [];
  for (const l of combatRules(ctx.bundle).leaders) {
    const lu = unitOf(ctx.state, l.unit);
    if (!live(lu) || lu.side !== side || !hexes.includes(lu.hex!)) continue;
    const withFormation = participants.some((p) => p.hex === lu.hex && (!l.formation || formation(defOf(ctx.bundle, p.id)) === l.formation));
    if (!withFormation) continue;
    const n = role === 'attacker' ? l.attackShift : l.defenceShift;
    if (n) out.push({ side: role, n, why: `leader ${defOf(ctx.bundle, l.unit).designation}`, case: `${l.source.replace(/^seed:004 /, 'seed:004 ')}` });
  }
  return out;
}

/** GOSS 13.3–13.8 for a declared assault: a full breakdown, or the case that forbids it. */
export function gaOdds(state: GameState, bundle: ScenarioBundle, decl: GaDeclaration, attackerSide?: Side): OddsResult {
  const mods = gaMods(bundle);
  const table = gat(bundle);
  const ctx: Ctx = {
    state, bundle, mods, table, night: isNight(state, bundle),
    defMct: isMct(mods, bundle, decl.hex, state), defMarsh: terrainOf(bundle.board, decl.hex) === 'marsh',
  };
  // One pass over the units near the target (rules/combatLocal.ts) answers every adjacency question
  // below: supporting hexes are 2 away, combat reserves at most 4 (3 from an attacker).
  const near = localUnits(state, decl.hex, 4);
  const crUnits: UnitState[] = [];
  const leaderUnits: UnitState[] = [];
  for (const u of near.live) {
    if (u.markers.includes(M.CR)) crUnits.push(u);
    else if (bundle.units.get(u.id)?.size === 'Leader') leaderUnits.push(u);
  }
  // Attackers as read in the pass above (on a draft: plain current values, no proxy per unit and marker list).
  const atk0 = decl.attackers.map((id) => near.live.find((u) => u.id === id) ?? unitOf(state, id));
  if (atk0.some((u) => !u)) return fail('no-such-unit', `unknown attacker in ${decl.attackers.join(', ')}`, 'GOSS 13.4');
  // GOSS 5.3.5: a chained overrun is made from the hex the overrunners entered (copies: the state keeps their counters' hex).
  const from = decl.from;
  const atk: UnitState[] = from === undefined || !decl.overrun ? atk0 : atk0.map((u) => (live(u) ? { ...u, hex: from } : u));
  const side = attackerSide ?? atk[0]?.side;
  if (!side) return fail('no-attackers', 'name at least one attacking unit', 'GOSS 13.4');
  const defSide = enemyOf(side);
  const inHex = near.at(decl.hex, defSide).filter((u) => !isLeader(defOf(bundle, u.id)));
  if (!inHex.length) return fail('no-defender', `${formatHex(decl.hex)} holds no enemy unit`, 'GOSS 13.3');
  const bad = checkAttackers(ctx, decl, atk, side, near);
  if (bad) return bad;
  // GOSS 6.7.0: only units within the stacking limit fight — from an overstacked hex, the attackers
  // named must fit it (a hex within the limit may attack with any of its units).
  const overAtt = new Set<HexId>();
  for (const h of new Set(atk.map((u) => u.hex!))) {
    if (!stackViolationOf(bundle, h, side, near.stack(h))) continue;
    overAtt.add(h);
    const v = stackViolationOf(bundle, h, side, atk.filter((u) => u.hex === h));
    if (v) return fail('overstacked-attackers', `only units within the stacking limit fight: the attackers from ${v.ref} exceed it (${v.reason}), so name fewer`, 'GOSS 6.7.0');
  }
  const c = state.combat;
  if (!decl.overrun && !decl.resolving && (c?.attackedHexes ?? []).includes(decl.hex)) return fail('hex-attacked', `${formatHex(decl.hex)} has already been attacked this segment`, 'GOSS 13.1');
  let passengers = inHex.filter((u) => (c?.retreatedAfterGa ?? []).includes(u.id));
  // GOSS 6.7.0: only units within the limit fight. Reconstructed: in a hex overstacked by FS retreats
  // (GOSS 11.6.3) the units that retreated in are the excess, as GA retreaters are (13.11).
  if (c?.retreatedAfterFs?.length && stackViolationOf(bundle, decl.hex, defSide, inHex.filter((u) => !passengers.includes(u)))) {
    passengers = inHex.filter((u) => passengers.includes(u) || c.retreatedAfterFs!.includes(u.id));
  }
  const defenders = inHex.filter((u) => !passengers.includes(u));
  if (!defenders.length) return fail('only-retreaters', `${formatHex(decl.hex)} holds only units that retreated after a GA this phase`, 'GOSS 13.3');
  const opts = lineOptions(bundle, decl.hex);
  const chosen = decl.line === undefined ? opts[0] : opts.find((o) => o.line === decl.line);
  if (!chosen) return fail('bad-line', `line ${decl.line} is not available in ${formatHex(decl.hex)} (${opts.map((o) => o.line).join(', ')})`, 'GOSS 13.3.2');
  const standoff = decl.standoff ?? [];
  if (standoff.length) {
    if (chosen.line === 1) return fail('standoff-line-1', 'no standoff when the defender uses line 1', 'GOSS 13.5.2');
    for (const id of standoff) {
      const u = atk.find((x) => x.id === id) ?? defenders.find((x) => x.id === id);
      if (!u) return fail('standoff-unit', `${id} does not take part in this GA`, 'GOSS 13.5.2');
      const d = defOf(bundle, id);
      if ((u.side === side ? armAtt(d) : armDef(d)) <= 0) return fail('standoff-arm', `${d.designation} has no Arm factor and cannot stand off`, 'GOSS 13.5.2');
    }
    if (atk.every((u) => standoff.includes(u.id)) || defenders.every((u) => standoff.includes(u.id))) return fail('standoff-all', 'each side keeps at least one unit out of standoff', 'GOSS 13.5.2');
  }
  for (const id of decl.fullStrength ?? []) {
    const u = defenders.find((x) => x.id === id);
    if (!u || !has(u, M.OHS)) return fail('full-strength', `${id} is not an OhS defender`, 'GOSS 13.5.3');
  }

  // Step 4: GAV (GOSS 13.6).
  const attArt: string | null = null;
  const arts = defenders.filter((u) => isArtillery(defOf(bundle, u.id)));
  let defArt: string | null = null;
  const defArtHalved = new Set<string>();
  if (arts.length && arts.length < defenders.length) arts.forEach((u) => defArtHalved.add(u.id));
  else if (arts.length) defArt = arts.slice().sort((a, b) => csDef(defOf(bundle, a.id), a) - csDef(defOf(bundle, b.id), b))[0].id;
  const unA = uncoveredAfvs(bundle, atk);
  const unD = uncoveredAfvs(bundle, defenders);
  // GOSS 13.6.1d: AFV-only against AFV-only needs no combined arms.
  const caExempt = defenders.length > 0 && allPureAfv(bundle, defenders) && allPureAfv(bundle, atk);
  const attackers = atk.map((u) => lineFor(ctx, u, 'attacker', decl, caExempt, unA, attArt));
  const defLines = defenders.map((u) => lineFor(ctx, u, 'defender', decl, caExempt, unD, defArtHalved.has(u.id) ? u.id : defArt));
  const round = (x: number) => Math.ceil(x - 1e-9);
  const gavAttacker = round(attackers.reduce((s, l) => s + l.value, 0));
  const gavDefender = round(defLines.reduce((s, l) => s + l.value, 0));
  const line = table.lines.find((l) => l.line === chosen.line);
  if (!line) return fail('table-line', `the GAT has no line ${chosen.line}`, 'GOSS 13.3.2');
  const loneZ = defenders.length === 1 && isZ(defOf(bundle, defenders[0].id)) && defLines[0].cs === 0;
  const ratio = gavDefender === 0 ? Infinity : gavAttacker / gavDefender;
  let idx = -1;
  line.ratios.forEach((r, i) => { if (ratio + 1e-9 >= r.ratio) idx = i; });
  const offLeft = idx < 0 && !loneZ;
  if (loneZ) idx = line.ratios.length - 1; // GOSS 4.1.3e
  if (idx < 0) idx = 0;
  const baseLabel = line.ratios[idx].label;

  // Step 5: column shifts (GOSS 13.7).
  const shifts: Shift[] = [];
  const A = (n: number, why: string, cs: string) => shifts.push({ side: 'attacker', n, why, case: cs });
  const D = (n: number, why: string, cs: string) => shifts.push({ side: 'defender', n, why, case: cs });
  const attHexes = [...new Set(atk.map((u) => u.hex!))];
  if (!decl.overrun && atk.every((u) => has(u, M.PA))) A(1, 'attackers in PA', 'GOSS 13.7.3, 5.2.4');
  const defAs = Math.min(2, Math.max(0, ...defenders.map(asCount)));
  if (defAs) A(defAs, `${defAs} AS on the defending stack`, 'GOSS 11.6.1');
  if (defenders.some((u) => has(u, M.CR))) A(1, 'a defender is in combat reserve', 'GOSS 13.7.3');
  // GOSS 6.7.0: an overstacked side suffers one unfavourable shift.
  if (stackViolationOf(bundle, decl.hex, defSide, near.stack(decl.hex))) A(1, 'the defending hex is overstacked', 'GOSS 6.7.0, 13.7.3');
  if (defenders.some((u) => has(u, M.EXPLOIT))) A(1, 'a defender is in Exploit mode', 'GOSS 5.3.5c');
  if (defenders.some((u) => has(u, M.STRAT))) A(2, 'a defender is in Strat mode', 'GOSS 5.5.6');
  if (defenders.some((u) => training(defOf(bundle, u.id)) !== 'vet')) A(1, 'a raw or green defender', 'GOSS 4.5');
  // GOSS 13.7.3: a defender whose superior HQ has ADV 0 (AW 34.5.3 side ADV by date; AW 1.2.6d Landefront ADV).
  const sp = special(bundle);
  if ((sp.ammoDepletion || changesAdv(bundle)) && defenders.some((u) => advOf(state, bundle, defSide, u.id) === 0)) A(1, 'a defender\'s superior HQ has ADV 0', 'GOSS 13.7.3, AW 34.5.3');
  shifts.push(...leaderShift(ctx, 'attacker', side, attHexes, atk));
  if (bundle.board.vantage.has(decl.hex)) D(1, 'defender on a vantage point', 'GOSS 13.7.4');
  const attAs = Math.min(2, attHexes.reduce((s, h) => s + Math.max(0, ...atk.filter((u) => u.hex === h).map(asCount)), 0));
  if (attAs) D(attAs, `${attAs} AS on the attacking stacks`, 'GOSS 11.6.1');
  if (ctx.night) D(1, 'night game turn', 'GOSS 13.7.4, AW 31.6');
  if (overAtt.size) D(1, 'an attacking stack is overstacked', 'GOSS 6.7.0, 13.7.4');
  // AW 4.5.10a: a StP assaulted only from outside its arc of fire counts as an ET-2.
  const fw = gaWorks(state, bundle, decl.hex, attHexes);
  if (fw && mods.dwShifts[fw]) D(mods.dwShifts[fw], `defender in ${fw}`, 'GOSS 13.7.4, 17.3.3');
  if (atk.some((u) => training(defOf(bundle, u.id)) === 'raw')) D(2, 'a raw attacker', 'GOSS 4.5');
  else if (atk.some((u) => training(defOf(bundle, u.id)) === 'green')) D(1, 'a green attacker', 'GOSS 4.5');
  if (atk.some((u) => has(u, M.EXPLOIT))) D(1, 'attackers in Exploit mode', 'GOSS 13.7.4n');
  shifts.push(...leaderShift(ctx, 'defender', defSide, [decl.hex], defenders));
  // Engineers (GOSS 13.7.3): each attacking stack with an unfatigued Eng and another unit — or with a
  // Commando, which needs no companion — first cancels one DW shift; then, against a town or city
  // with no defending Eng, each further such stack gives +1 (max 3 town, 4 city).
  const engStacks = attHexes.filter((h) => {
    const st = atk.filter((u) => u.hex === h);
    return st.some((u) => isCommando(defOf(bundle, u.id))) || (st.length >= 2 && st.some((u) => isEngineer(defOf(bundle, u.id)) && fatigue(u) === 0));
  }).length;
  const dwCancel = fw && mods.dwShifts[fw] ? Math.min(engStacks, mods.dwShifts[fw]) : 0;
  if (dwCancel) A(dwCancel, `${dwCancel} attacking stack(s) with engineers against a DW`, 'GOSS 13.7.3');
  const urban = terrainOf(bundle.board, decl.hex);
  const urbanMax = urban === 'town' ? 3 : urban === 'city' ? 4 : 0;
  if (urbanMax && engStacks > dwCancel && !defenders.some((u) => isEngineer(defOf(bundle, u.id)))) {
    const n = Math.min(engStacks - dwCancel, urbanMax);
    A(n, `${n} further attacking stack(s) with engineers against a ${urban} without defending engineers (max ${urbanMax})`, 'GOSS 13.7.3');
  }
  // Adjacent supporting hexes (GOSS 13.7.4a).
  const supportHexes: string[] = [];
  const seen = new Set<number>();
  for (const ah of attHexes) {
    const attMct = isMct(mods, bundle, ah, state);
    for (const h of neighbours(ah)) {
      if (h === decl.hex || seen.has(h)) continue;
      if (attMct && !areAdjacent(h, decl.hex)) continue;
      const us = near.at(h, defSide);
      const qualifies = us.some((u) => { const d = defOf(bundle, u.id); return !isZ(d) && !isHq(d) && !isLeader(d) && !isArtGroup(d) && !actsAsGroup(bundle, u.id) && stepsLeft(d, u) > 0 && (!isArtillery(d) || !has(u, M.OOB)); });
      if (!qualifies) continue;
      if ((c?.defendedHexes ?? []).includes(h) && !(c?.defendedOffLeft ?? []).includes(h)) continue;
      if ((c?.supportUsed ?? []).includes(h)) continue;
      seen.add(h);
      const n = 1 + (bundle.board.vantage.has(h) ? 1 : 0) - Math.max(0, ...us.map(asCount));
      if (n > 0) { D(n, `adjacent supporting hex ${formatHex(h)}`, 'GOSS 13.7.4a'); supportHexes.push(formatHex(h)); }
    }
  }
  const netShift = shifts.reduce((s, x) => s + (x.side === 'attacker' ? x.n : -x.n), 0);
  const fIdx = Math.max(0, Math.min(line.ratios.length - 1, idx + netShift));
  const column = line.ratios[fIdx].column;
  const resultSet = table.resultSets.find((s) => s.columns.includes(column))!.id;

  // Step 6: DRMs (GOSS 13.8).
  const drms: Drm[] = [];
  const lpA = leadPr(state, bundle, atk, 'attacker', standoff, decl.leadPr?.attacker);
  const lpD = leadPr(state, bundle, defenders, 'defender', standoff, decl.leadPr?.defender);
  // GOSS 13.8.1 / 23.2.1: +1 lead PR for a GOSS leader taking part. A scenario leader whose abilities the scenario
  // lists instead (AW 32.8.0 Wunsche: only the shifts, MP and advance) gives none (rules/leaders.ts).
  const gossLeaders = gossLeaderRules(bundle);
  const leaderIn = (s: Side, hs: HexId[]) => gossLeaders && leaderUnits.some((u) => u.side === s && hs.includes(u.hex!));
  const epA = lpA ? effectivePr(state, bundle, lpA.id, 'off') : null;
  const epD = lpD ? effectivePr(state, bundle, lpD.id, 'def') : null;
  let prA = epA?.pr ?? 0;
  let prD = epD?.pr ?? 0;
  const prNotes: string[] = [];
  const prCases = ['GOSS 13.8.1'];
  for (const [who, ep] of [['attacker', epA], ['defender', epD]] as const) {
    if (ep?.note) { prNotes.push(`${who} ${ep.printed} → ${ep.pr}, ${ep.note}`); if (!prCases.includes(ep.case!)) prCases.push(ep.case!); }
  }
  if (lpD && dugIn(fw)) { prD = Math.min(8, prD + 1); prNotes.push(`+1 defender in an ${fw === 'StP' || fw === 'Fort' ? 'Fort' : 'ET'} (max 8)`); }
  if (lpD && leaderIn(defSide, [decl.hex])) { prD = Math.min(9, prD + 1); prNotes.push('+1 defending leader (max 9)'); }
  if (lpA && leaderIn(side, attHexes)) { prA = Math.min(9, prA + 1); prNotes.push('+1 attacking leader (max 9)'); }
  drms.push({ kind: 'PR', attacker: prA, defender: prD, per: mods.drmPer.pr, value: (prA - prD) * mods.drmPer.pr, why: `lead PR ${prA} vs ${prD}${prNotes.length ? ` (${prNotes.join('; ')})` : ''}`, case: prCases.join(', ') });
  const crUsed: string[] = [];
  if (!decl.overrun) {
    const crOf = (s: Side, parts: UnitState[]) => crUnits.filter((u) => {
      if (u.side !== s || parts.includes(u) || u.hex === decl.hex) return false;
      const f = formation(defOf(bundle, u.id));
      return parts.some((p) => distance(p.hex!, u.hex!) <= 3 && (!f || !formation(defOf(bundle, p.id)) || formation(defOf(bundle, p.id)) === f));
    }).slice(0, mods.maxCr);
    const crD = crOf(defSide, defenders);
    const crA = crOf(side, atk);
    crUsed.push(...crD.map((u) => u.id), ...crA.map((u) => u.id));
    if (crA.length || crD.length) drms.push({ kind: 'CR', attacker: crA.length, defender: crD.length, per: mods.drmPer.cr, value: (crA.length - crD.length) * mods.drmPer.cr, why: 'combat reserve units within 3 hexes', case: 'GOSS 13.8.2' });
  }
  const ribA = ribCount(bundle, atk, mods.ribMax.attackerRgts, mods.ribMax.perRgtMin, mods.ribMax.perRgtMax, mods.ribMax.attacker);
  // GOSS 13.8.3: adjacent defending Bns with 2+ steps count for the defender's RIB (not across a major river).
  const ribDefenders = defenders.slice();
  for (const h of neighbours(decl.hex)) {
    for (const u of near.at(h, defSide)) {
      const d = defOf(bundle, u.id);
      if (d.size === 'Bn' && stepsLeft(d, u) >= 2 && !(sideBits(bundle.board, h, decl.hex) & SIDE_BIT.majorRiver)) ribDefenders.push(u);
    }
  }
  const ribD = ribCount(bundle, ribDefenders, mods.ribMax.defenderRgts, mods.ribMax.perRgtMin, mods.ribMax.perRgtMax, mods.ribMax.defender);
  if (ribA.n || ribD.n) drms.push({ kind: 'RIB', attacker: ribA.n, defender: ribD.n, per: mods.drmPer.rib, value: (ribA.n - ribD.n) * mods.drmPer.rib, why: 'regimental integrity', case: 'GOSS 13.8.3' });
  const arm = armAt(ctx, decl, atk, defenders, standoff, unA, unD, chosen.terrain, fw);
  if (arm) drms.push(arm.drm);
  const drmRaw = drms.reduce((s, d) => s + d.value, 0);
  const drm = Math.max(-mods.drmCap, Math.min(mods.drmCap, drmRaw));
  return {
    ok: true,
    odds: {
      hex: formatHex(decl.hex), line: chosen.line, lineOptions: opts.map((o) => o.line), terrain: chosen.terrain,
      attackers, defenders: defLines, passengers: passengers.map((u) => u.id), gavAttacker, gavDefender, ratio: gavDefender === 0 ? 999 : Math.round(ratio * 1000) / 1000,
      baseLabel, offLeft, shifts, netShift, column, columnLabel: line.ratios[fIdx].label, resultSet, drms, drmRaw, drm,
      leads: { attackerPr: lpA?.id ?? null, defenderPr: lpD?.id ?? null, attackerArm: arm?.leadA ?? null, defenderArm: arm?.leadD ?? null },
      crUsed, supportHexes, attackerHexes: attHexes.map(formatHex),
    },
  };
}

/** GOSS 13.8.4 Armor/AT bonus. */
function armAt(ctx: Ctx, decl: GaDeclaration, atk: UnitState[], def: UnitState[], standoff: string[], unA: Set<string>, unD: Set<string>, terrain: string, fw: string | undefined):
  { drm: Drm; leadA: string | null; leadD: string | null } | null {
  const { bundle, mods, night } = ctx;
  const best = (us: UnitState[], f: (d: UnitDef) => number, un: Set<string>) => {
    let u: UnitState | null = null; let v = 0;
    for (const x of us) {
      if (standoff.includes(x.id) || un.has(x.id) || has(x, M.AD)) continue;
      const k = f(defOf(bundle, x.id));
      if (k > v) { v = k; u = x; }
    }
    return { u, v };
  };
  const aArm = best(atk, armAtt, unA);
  const aAt = best(atk, atDef, unA);
  const dArm = best(def, armDef, unD);
  const dAt = best(def, atDef, unD);
  const tm = mods.armTerrain[terrain] ?? { mod: 0, max: 5 };
  const gtCap = night ? mods.armGtCap.night : mods.armGtCap.day;
  const stream = atk.some((u) => (sideBits(bundle.board, u.hex!, decl.hex) & SIDE_BIT.stream) !== 0) ? -1 : 0;
  const dwMod = fw ? mods.armDw[fw] ?? 0 : 0;
  const anyAfvInClear = atk.some((u) => hasArmourSymbol(defOf(bundle, u.id)) && terrainOf(bundle.board, u.hex!) === 'clear');
  let who: 'attacker' | 'defender' | null = null; let n = 0; let why = '';
  const cap = (x: number, max: number) => Math.max(0, Math.min(x, max, gtCap));
  if (aArm.v > 0 && dArm.v > 0) {
    const diff = aArm.v - dArm.v;
    if (diff > 0) { who = 'attacker'; n = cap(diff + tm.mod + stream, tm.max); why = `Arm ${aArm.v} vs Arm ${dArm.v}, ${terrain} ${tm.mod}`; }
    else if (diff < 0) {
      const t = anyAfvInClear ? (mods.armTerrain.clear ?? tm) : tm;
      who = 'defender'; n = cap(-diff + t.mod, t.max); why = `Arm ${aArm.v} vs Arm ${dArm.v}, ${anyAfvInClear ? 'clear (an attacking AFV is in clear)' : terrain} ${t.mod}`;
    }
  } else if (aArm.v > 0 && dAt.v > 0) {
    if (dAt.v > aArm.v) { who = 'defender'; n = cap(dAt.v - aArm.v, 99); why = `AT ${dAt.v} over Arm ${aArm.v} (no terrain)`; }
    else if (aArm.v > dAt.v) { who = 'attacker'; n = cap(aArm.v - dAt.v + tm.mod + dwMod + stream, tm.max); why = `Arm ${aArm.v} vs AT ${dAt.v}, ${terrain} ${tm.mod}${fw ? `, ${fw} ${dwMod}` : ''}`; }
  } else if (aArm.v > 0) {
    who = 'attacker'; n = cap(aArm.v + tm.mod + dwMod + stream, tm.max); why = `Arm ${aArm.v} against no Arm or AT, ${terrain} ${tm.mod}${fw ? `, ${fw} ${dwMod}` : ''}`;
  } else if (dArm.v > 0) {
    const off = best(def, armAtt, unD);
    if (off.v > aAt.v) { who = 'defender'; n = cap(off.v - aAt.v + tm.mod + stream, tm.max); why = `defender's offensive Arm ${off.v} vs AT ${aAt.v}, ${terrain} ${tm.mod}`; }
  }
  if (!who || n <= 0) return (aArm.v || dArm.v || dAt.v) ? { drm: { kind: 'Arm/AT', attacker: 0, defender: 0, per: mods.drmPer.arm, value: 0, why: why || 'no Arm/AT bonus', case: 'GOSS 13.8.4' }, leadA: aArm.u?.id ?? null, leadD: (dArm.u ?? dAt.u)?.id ?? null } : null;
  const lead = who === 'attacker' ? aArm.v : Math.max(dArm.v, dAt.v);
  const oppHexes = who === 'attacker' ? [decl.hex] : atk.filter((u) => hasArmourSymbol(defOf(bundle, u.id))).map((u) => u.hex!);
  const oppArmour = (who === 'attacker' ? def : atk).some((u) => hasArmourSymbol(defOf(bundle, u.id)));
  const heavy = lead >= 5 && oppArmour && oppHexes.some((h) => !isMct(mods, bundle, h, ctx.state));
  const per = heavy ? mods.drmPer.armHeavy : mods.drmPer.arm;
  const a = who === 'attacker' ? n : 0; const d = who === 'defender' ? n : 0;
  return { drm: { kind: 'Arm/AT', attacker: a, defender: d, per, value: (a - d) * per, why: `${why}${heavy ? '; ×15: lead factor ≥5 against armour outside MCT' : ''}`, case: 'GOSS 13.8.4' }, leadA: aArm.u?.id ?? null, leadD: (dArm.u ?? dAt.u)?.id ?? null };
}
