/**
 * AW 41.5.0–41.5.2 airborne combat (also 41.7.0, 41.9.0, 41.11.0, and as called by the landing's
 * forced attack, 41.2.3b, and Merville, 41.4.1): not the Ground Assault Table but its own procedure —
 * each side's strength (GOSS 13.0 current CS with the airborne exceptions), + ½ its lead unit's PR
 * rounded up, + 1 for a leader, the defender's one terrain modifier, + 1d10 each; the higher total
 * wins and the difference against the loser's PR decides retreat or retreat and a step.
 *
 * Pure queries of (state, bundle, tables): they read units with `readUnits`, so they work on a frozen
 * state and on a draft alike. Numbers come from data/modules/airborne/tables.json `combat`.
 */
import { areAdjacent, formatHex, type HexId } from '../../hex';
import { sideFeatures, terrainOf } from '../../board';
import type { AirborneTables } from '../../../data/schemas/airborne';
import type { UnitDef } from '../../../data/schemas/unit';
import type { GameState, Rejection, ScenarioBundle, Side, UnitState } from '../../types';
import { M, csAtt, csDef, defOf, enemyOf, fatigue, fsPoints, has, isArtillery, isInfantry, isLeader, isPureAfv } from '../combatTraits';
import { effectivePr } from '../combatPr';
import { combatBan } from '../extensions';
import { readUnits } from '../unitIndex';
import { tecOf } from '../terrain';
import { TERRAIN, HEXSIDE_FEATURES } from '../../../data/schemas/map';
import { unitOf } from '../../unitTable';

/** What the combat reads beyond the state: the tables, which counters are FoW, whether a bridge still stands. */
export interface AbCombatEnv {
  state: GameState;
  bundle: ScenarioBundle;
  tables: AirborneTables;
  /** AW 41.2.2: a FoW counter on the map (its identity unknown to both sides: only the FoW ratings apply). */
  isFow(unitId: string): boolean;
  /** AW 41.3.7b: a bridge on hexside a|b that was blown no longer counts (default: the map's bridges stand). */
  bridgeIntact?(a: HexId, b: HexId): boolean;
}

/** One unit's contribution to its side's strength (Step 1), with why. */
export interface AbLine { unit: string; value: number; why: string[] }

/** One side's total before the die (Steps 1–3). */
export interface AbSide {
  side: Side;
  role: 'attacker' | 'defender';
  units: AbLine[];
  /** Step 1: the sum, rounded up. */
  strength: number;
  /** Step 2: the lead PR unit (the best PR: a higher one only adds, and only makes the loser's threshold higher). */
  lead: string | null;
  pr: number;
  prAdd: number;
  /** Step 3: the one leader that counts, +1. */
  leader: string | null;
  leaderAdd: number;
  /** Step 3: the defender's one terrain modifier (the highest that applies). */
  terrain: { drm: number; why: string } | null;
  /** Other DRMs (AW 41.4.1 Merville +2). */
  extra: { drm: number; why: string; case: string }[];
  total: number;
}

export type AbResult = 'none' | 'retreat' | 'retreatStep';

/** AW 41.5.2: the two totals with their dice, the winner, the difference and what the loser suffers. */
export interface AbOutcome {
  attacker: { total: number; roll: number; final: number };
  defender: { total: number; roll: number; final: number };
  winner: 'attacker' | 'defender' | null;
  diff: number;
  /** The loser's PR the difference is compared with (its lead unit's, as used in Step 2). */
  loserPr: number | null;
  result: AbResult;
}

/**
 * AW 41.5.1 Step 4 and 41.5.2: add each side's 1d10; the higher total wins; a difference of 0 has
 * no effect, one below the loser's PR makes it retreat one hex, one at least the loser's PR makes
 * it retreat and lose a step.
 */
export function resolveAirborneCombat(att: Pick<AbSide, 'total' | 'pr'>, def: Pick<AbSide, 'total' | 'pr'>, rolls: { attacker: number; defender: number }): AbOutcome {
  const a = att.total + rolls.attacker;
  const d = def.total + rolls.defender;
  const winner = a > d ? 'attacker' : d > a ? 'defender' : null;
  const diff = Math.abs(a - d);
  const loserPr = winner === 'attacker' ? def.pr : winner === 'defender' ? att.pr : null;
  const result: AbResult = winner === null ? 'none' : diff >= loserPr! ? 'retreatStep' : 'retreat';
  return {
    attacker: { total: att.total, roll: rolls.attacker, final: a },
    defender: { total: def.total, roll: rolls.defender, final: d },
    winner, diff, loserPr, result,
  };
}

/** The WN / StP a counter is (de-wn.json `fortification.kind`), or null. */
export function workOf(d: UnitDef): 'WN' | 'StP' | null {
  const k = (d as UnitDef & { fortification?: { kind?: string } | null }).fortification?.kind;
  return k === 'WN' || k === 'StP' ? k : null;
}

/** A unit that never moves (a WN or StP, MA 0 static): it does not retreat (reconstructed, docs/errata.md). */
export function isStatic(d: UnitDef): boolean {
  return workOf(d) !== null || d.moveClass === 'static';
}

/** AW 41.5.2: artillery in battery, other than SP, is eliminated when it must retreat. */
export function inBatteryNonSp(d: UnitDef, u: UnitState): boolean {
  return isArtillery(d) && !has(u, M.OOB) && !d.sp;
}

export function liveAt(state: GameState, h: HexId, side?: Side): UnitState[] {
  return readUnits(state.units).filter((u) => u.hex === h && !u.eliminated && (!side || u.side === side));
}

const WATER_CROSSING = ['river', 'majorRiver', 'canal'] as const;

/** Is there a standing bridge on hexside a|b? */
export function bridgeOn(env: AbCombatEnv, a: HexId, b: HexId): boolean {
  return sideFeatures(env.bundle.board, a, b).includes('bridge') && (env.bridgeIntact?.(a, b) ?? true);
}

/** AW 41.2.3d / 41.5.0: a river (not a stream) on hexside a|b with no standing bridge. */
export function unbridgedRiver(env: AbCombatEnv, a: HexId, b: HexId): boolean {
  const f = sideFeatures(env.bundle.board, a, b);
  return WATER_CROSSING.some((w) => f.includes(w)) && !bridgeOn(env, a, b);
}

/** Prohibited terrain for Leg units (the TEC: sea, and any terrain or hexside it marks prohibited). */
export function prohibitedHex(bundle: ScenarioBundle, h: HexId): boolean {
  const t = terrainOf(bundle.board, h);
  if (!t || t === 'sea') return true;
  return tecOf(bundle).leg[TERRAIN.indexOf(t)] < 0;
}
/** A prohibited hexside other than water (rivers are crossed at intact bridges only: `unbridgedRiver`). */
export function prohibitedSide(bundle: ScenarioBundle, a: HexId, b: HexId): boolean {
  const tec = tecOf(bundle);
  return sideFeatures(bundle.board, a, b).some((f) => f === 'sea' || (!WATER.includes(f) && tec.sideLeg[HEXSIDE_FEATURES.indexOf(f)] < 0));
}
const WATER: readonly string[] = ['stream', 'river', 'majorRiver', 'canal', 'bridge', 'ford'];

function unitLine(env: AbCombatEnv, u: UnitState, role: 'attacker' | 'defender', stack: readonly UnitState[], hexTerrain: string | null): AbLine {
  const c = env.tables.combat;
  const d = defOf(env.bundle, u.id);
  const why: string[] = [];
  let value: number;
  if (env.isFow(u.id)) {
    value = role === 'defender' ? c.fow.defence : c.fow.attack;
    why.push(role === 'defender' ? 'FoW unit defends with 1 (AW 41.5.1)' : `FoW unit attacks with ${value} (AW 41.2.3b)`);
    return { unit: u.id, value, why };
  }
  if (role === 'attacker' && isArtillery(d)) {
    value = fsPoints(d);
    why.push(`in-battery artillery attacks with its barrage strength ${value} (AW 41.5.0, 41.5.1)`);
  } else {
    value = role === 'attacker' ? csAtt(d, u) : csDef(d, u);
  }
  // AW 41.5.1: AFVs double with any infantry in a clear hex (Locations and Villages allowed).
  const doubles = c.afvDoubling.sides === 'both' || role === 'defender';
  if (doubles && isPureAfv(d) && hexTerrain && c.afvDoubling.terrain.includes(hexTerrain as never)
    && stack.some((o) => o.id !== u.id && !env.isFow(o.id) && isInfantry(defOf(env.bundle, o.id)))) {
    value *= c.afvDoubling.factor;
    why.push(`AFV ×${c.afvDoubling.factor}: stacked with infantry in a clear hex (AW 41.5.1)`);
  }
  // GOSS 13.0 current combat strength: out of supply and fatigue (GOSS 13.6.1, 14.2).
  let halves = 0; let quarter = false;
  if (has(u, M.OOS)) { halves++; why.push('out of supply ×½ (AW 31.11)'); }
  const f = fatigue(u);
  if (f === 1) { halves++; why.push('fatigue 1 ×½ (GOSS 14.2)'); }
  if (f === 2) { quarter = true; why.push('fatigue 2 ×¼ (GOSS 14.2)'); }
  if (quarter || halves >= 2) value /= 4; else if (halves) value /= 2;
  return { unit: u.id, value, why };
}

/** The PR the unit fights with here: the FoW 6, else its offensive (attacker) or defensive (defender) PR. */
export function combatPrOf(env: AbCombatEnv, id: string, role: 'attacker' | 'defender'): number | null {
  if (env.isFow(id)) return env.tables.combat.fow.pr;
  return effectivePr(env.state, env.bundle, id, role === 'attacker' ? 'off' : 'def').pr;
}

/**
 * AW 41.5.1 Steps 1–3 for one side. `units`: the attacking units (attacker) or every unit in the hex
 * (defender); `at`: the side's hex (its leader and its AFVs' infantry are looked for there);
 * `target`/`from`: the defending hex and the hex the attack comes from (a bridge between them).
 */
export function airborneSide(env: AbCombatEnv, o: {
  side: Side; role: 'attacker' | 'defender'; units: string[]; at: HexId; target: HexId; from: HexId; forced?: boolean;
  extra?: AbSide['extra'];
}): AbSide {
  const c = env.tables.combat;
  const stack = liveAt(env.state, o.at, o.side);
  const hexTerrain = terrainOf(env.bundle.board, o.at);
  const fighting = o.units.map((id) => unitOf(env.state, id)).filter((u) => u && !u.eliminated && !isLeader(defOf(env.bundle, u.id)));
  const units = fighting.map((u) => unitLine(env, u, o.role, stack, hexTerrain));
  const strength = Math.ceil(units.reduce((s, l) => s + l.value, 0) - 1e-9);
  let lead: string | null = null; let pr = 0;
  for (const u of fighting) {
    const p = combatPrOf(env, u.id, o.role);
    if (p !== null && (lead === null || p > pr)) { lead = u.id; pr = p; }
  }
  const prAdd = Math.ceil(pr / c.leadPr.divide);
  const leaderUnit = stack.find((u) => isLeader(defOf(env.bundle, u.id)));
  const leader = leaderUnit?.id ?? null;
  const leaderAdd = leader ? c.leader.drm : 0;
  let terrain: AbSide['terrain'] = null;
  if (o.role === 'defender') {
    const works = new Set(stack.map((u) => workOf(defOf(env.bundle, u.id))).filter(Boolean));
    for (const row of c.defenderTerrain) {
      const byTerrain = hexTerrain && row.terrain.includes(hexTerrain as never);
      const byWork = row.works.find((w) => works.has(w));
      if ((byTerrain || byWork) && (!terrain || row.drm > terrain.drm)) terrain = { drm: row.drm, why: byWork && !byTerrain ? `a ${byWork} in the hex` : `${hexTerrain}` };
    }
    if (o.from !== o.target && bridgeOn(env, o.from, o.target) && (!terrain || c.bridge.drm > terrain.drm)) terrain = { drm: c.bridge.drm, why: 'attacked across a bridge' };
  }
  const extra = o.extra ?? [];
  const total = strength + prAdd + leaderAdd + (terrain?.drm ?? 0) + extra.reduce((s, x) => s + x.drm, 0);
  return { side: o.side, role: o.role, units, strength, lead, pr, prAdd, leader, leaderAdd, terrain, extra, total };
}

/** Who fought, and where, in the current airborne combat segment (AW 41.5.0: each hex and each unit once). */
export interface AbSegmentRecord { seg: string; hexes: string[]; units: string[] }

export interface AbAttackDecl { hex: HexId; attackers: string[]; forced?: boolean }

const fail = (code: string, message: string, c: string): Rejection => ({ code, message, case: c });

/**
 * AW 41.5.0 (41.2.3b when `forced`): may `side` make this attack now? Null when it may, else why
 * not, with the case. `done`: the segment's record (hexes attacked, units that attacked).
 */
export function abAttackProblem(env: AbCombatEnv, side: Side, decl: AbAttackDecl, done: AbSegmentRecord | null): Rejection | null {
  const { state, bundle } = env;
  const C = 'AW 41.5.0';
  if (!decl.attackers.length) return fail('no-attackers', 'name at least one attacking unit', C);
  if (new Set(decl.attackers).size !== decl.attackers.length) return fail('bad-action', 'a unit is named twice', C);
  const ban = combatBan(state, bundle);
  if (ban) return ban;
  const target = formatHex(decl.hex);
  let from: HexId | null = null;
  for (const id of decl.attackers) {
    const u = unitOf(state, id);
    const d = bundle.units.get(id);
    if (!u || !d) return fail('no-such-unit', `no unit ${id}`, C);
    if (u.side !== side) return fail('not-your-unit', `${d.designation} belongs to the other side`, C);
    if (u.eliminated || u.hex === null) return fail('not-on-map', `${d.designation} is not on the map`, C);
    if (from === null) from = u.hex;
    else if (u.hex !== from) return fail('one-hex', 'all attackers must attack from one hex: units from different hexes may not attack the same hex', C);
    if (isLeader(d)) return fail('leader', `${d.designation} is a leader: it adds +1 to the stack it is with and does not attack itself`, 'AW 41.5.1');
    if (env.isFow(id) && !decl.forced) return fail('fow-attack', 'FoW units may not attack (they defend normally)', 'AW 41.5.0, 41.3.2');
    if (!decl.forced && done?.units.includes(id)) return fail('attacked', `${d.designation} has already attacked this segment`, C);
    if (isArtillery(d) && has(u, M.OOB)) return fail('out-of-battery', `${d.designation} is out of battery: out-of-battery artillery may not attack`, 'AW 41.5.1');
  }
  if (!liveAt(state, decl.hex, enemyOf(side)).length) return fail('no-enemy', `${target} holds no enemy unit`, C);
  if (!decl.forced && done?.hexes.includes(target)) return fail('hex-attacked', `${target} was already attacked this segment`, C);
  if (decl.forced) {
    if (from !== decl.hex) return fail('not-in-hex', 'only the units in the hex take part in the attack', 'AW 41.2.3b');
    return null;
  }
  if (!areAdjacent(from!, decl.hex)) return fail('not-adjacent', `the attackers are not adjacent to ${target}`, C);
  if (prohibitedHex(bundle, decl.hex) || prohibitedSide(bundle, from!, decl.hex)) return fail('prohibited-terrain', `no attack into or across prohibited terrain (${target})`, C);
  if (unbridgedRiver(env, from!, decl.hex)) return fail('unbridged-river', `no attack across an unbridged river hexside into ${target}`, C);
  return null;
}

/** AW 41.5.1 Steps 1–3 for a declared attack: both sides' totals before the dice. */
export function abTotals(env: AbCombatEnv, o: { attackerSide: Side; hex: HexId; from: HexId; attackers: string[]; forced?: boolean; extra?: AbSide['extra'] }): { attacker: AbSide; defender: AbSide } {
  const defSide = enemyOf(o.attackerSide);
  const defenders = liveAt(env.state, o.hex, defSide).map((u) => u.id);
  return {
    attacker: airborneSide(env, { side: o.attackerSide, role: 'attacker', units: o.attackers, at: o.from, target: o.hex, from: o.from, forced: o.forced, extra: o.extra }),
    defender: airborneSide(env, { side: defSide, role: 'defender', units: defenders, at: o.hex, target: o.hex, from: o.from }),
  };
}
