/**
 * Step losses, fatigue and elimination (GOSS 4.1.3, 4.2, 13.10.3, 14; AW 31.9.2c), shared by fire
 * support, ground assault, overrun and ground interdiction.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, UnitState } from '../types';
import { combatOf } from './combatState';
import {
  defOf, fatigue, fsPoints, isArtGroup, isArtillery, isHq, isLeader, isZ, setFatigue, stepsLeft,
} from './combatTraits';
import * as traits from './unit-traits';
import { mutUnit, unitOf } from '../unitTable';

export interface LossCtx {
  d: Draft<GameState>;
  bundle: ScenarioBundle;
  events: GameEvent[];
  /** Step losses per unit in this GA or FS mission (GOSS 4.2.1a). */
  lost: Record<string, number>;
}

export function eliminate(ctx: LossCtx, unit: UnitState, why: string, c: string): void {
  const u = mutUnit(ctx.d, unit.id);
  u.eliminated = true;
  u.hex = null;
  u.markers = [];
  ctx.events.push({ type: 'unitEliminated', unit: u.id, why, case: c });
}

/** One step off one unit. Artillery groups lose a mission point instead, Division HQs half their points (AW 31.9.2c). */
export function takeStep(ctx: LossCtx, unit: UnitState, why: string, c: string): void {
  const u = mutUnit(ctx.d, unit.id);
  const def = defOf(ctx.bundle, u.id);
  ctx.lost[u.id] = (ctx.lost[u.id] ?? 0) + 1;
  const combat = combatOf(ctx.d);
  if (isArtGroup(def)) {
    const rec = combat.art[u.id] ?? (combat.art[u.id] = { lost: 0, halved: false, turn: -1, used: 0 });
    rec.lost += 1;
    ctx.events.push({ type: 'stepLost', unit: u.id, why: `${why}: one mission point lost for good`, case: 'AW 31.9.2c' });
    if (rec.lost >= fsPoints(def)) eliminate(ctx, u, 'losses equal its original mission points', 'AW 31.9.2c');
    return;
  }
  u.stepsLost += 1;
  ctx.events.push({ type: 'stepLost', unit: u.id, why, case: c });
  if (isHq(def) && fsPoints(def) > 0) {
    const rec = combat.art[u.id] ?? (combat.art[u.id] = { lost: 0, halved: false, turn: -1, used: 0 });
    if (!rec.halved) { rec.halved = true; ctx.events.push({ type: 'missionPointsHalved', unit: u.id, case: 'AW 31.9.2c' }); }
  }
  if (stepsLeft(def, u as UnitState) <= 0) eliminate(ctx, u, 'no steps left', 'GOSS 4.2');
}

function liveUnits(ctx: LossCtx, ids: string[]): UnitState[] {
  return ids.map((id) => unitOf(ctx.d, id)).filter((u) => u && !u.eliminated && u.hex !== null && !isLeader(defOf(ctx.bundle, u.id)));
}

export interface AllocateOpts {
  ignoreMax: boolean;
  /** Units that take the first losses, in order (GOSS 13.10.3: lead PR, lead Arm/AT, Eng). */
  priority?: string[];
  /** GOSS 4.1.3: each mandatory loss of a Co+ unit also kills one Z-step of the side. */
  mandatory?: boolean;
  why: string;
  case: string;
}

/**
 * Takes up to n step losses from `ids`: priority units first, then equalised (GOSS 4.2.1), HQs and
 * artillery last; at most one per unit unless ignoreMax. Z-steps absorb nothing while a Co or Bn is
 * left. Returns the hits that could not be taken.
 */
export function allocateSteps(ctx: LossCtx, ids: string[], n: number, o: AllocateOpts): number {
  let left = n;
  while (left > 0) {
    const us = liveUnits(ctx, ids);
    if (!us.length) return left;
    const big = us.filter((u) => !isZ(defOf(ctx.bundle, u.id)));
    const pool = (big.length ? big : us).filter((u) => o.ignoreMax || (ctx.lost[u.id] ?? 0) < 1);
    if (!pool.length) return left;
    const rank = (u: UnitState) => {
      const d = defOf(ctx.bundle, u.id);
      const p = o.priority?.indexOf(u.id) ?? -1;
      return [ctx.lost[u.id] ?? 0, isHq(d) ? 2 : isArtillery(d) ? 1 : 0, p < 0 ? 99 : p, -stepsLeft(d, u)];
    };
    pool.sort((a, b) => {
      const ra = rank(a); const rb = rank(b);
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
      return a.id.localeCompare(b.id);
    });
    const u = pool[0];
    const wasBig = !isZ(defOf(ctx.bundle, u.id));
    takeStep(ctx, u, o.why, o.case);
    left -= 1;
    if (o.mandatory && wasBig) {
      const z = liveUnits(ctx, ids).find((x) => isZ(defOf(ctx.bundle, x.id)));
      if (z) eliminate(ctx, z, 'a Z-step dies with each mandatory step loss of its side', 'GOSS 4.1.3');
    }
  }
  zStepsAlone(ctx, ids);
  return 0;
}

/** GOSS 4.1.3: Z-steps left without a Co or Bn of their side are eliminated. */
export function zStepsAlone(ctx: LossCtx, ids: string[]): void {
  const us = liveUnits(ctx, ids);
  if (us.length && us.every((u) => isZ(defOf(ctx.bundle, u.id)))) for (const z of us) eliminate(ctx, z, 'Z-step left without a Co or Bn', 'GOSS 4.1.3');
}

/** Fatigue hits on every unit (GOSS 14.1: a third level has no further effect). */
export function fatigueAll(ctx: LossCtx, ids: string[], n: number, c: string): void {
  if (n <= 0) return;
  for (const x of liveUnits(ctx, ids)) {
    const u = mutUnit(ctx.d, x.id);
    const before = fatigue(u);
    setFatigue(u, before + n);
    ctx.events.push({ type: 'fatigued', unit: u.id, level: fatigue(u as UnitState), case: c });
  }
}

/**
 * Remaining hits after a retreat or a failed check (GOSS 13.10.4, 11.6.2): 'capped' = step losses up
 * to Max step loss, then at most 2 fatigue, then step losses ignoring Max; 'cappedIgnore' = the same
 * but the rest is ignored; 'free' = `fatigueChoice` fatigue hits (≤2) and the rest as step losses
 * without Max step loss.
 */
export function absorb(ctx: LossCtx, ids: string[], hits: number, mode: 'free' | 'capped' | 'cappedIgnore', c: string, fatigueChoice = 0): void {
  if (hits <= 0) return;
  if (mode === 'free') {
    const f = Math.min(2, fatigueChoice, hits);
    fatigueAll(ctx, ids, f, c);
    allocateSteps(ctx, ids, hits - f, { ignoreMax: true, why: 'discretionary hit taken as a step loss', case: c });
    return;
  }
  let left = allocateSteps(ctx, ids, hits, { ignoreMax: false, why: 'hit taken as a step loss (up to Max step loss)', case: c });
  const f = Math.min(2, left);
  fatigueAll(ctx, ids, f, c);
  left -= f;
  if (mode === 'capped' && left > 0) allocateSteps(ctx, ids, left, { ignoreMax: true, why: 'hit taken as a step loss beyond Max step loss', case: c });
}

/**
 * Takes `n` steps from `ids`: one at a time from the unit with the most steps left (GOSS 4.2.1
 * equalised losses), HQs last, Z-steps only when no Co or Bn is left (GOSS 4.1.3); no Max step
 * loss, artillery groups lose steps like any unit. reconstructed: AW 32.2.2 says "step losses" for
 * the carpet-bombed hex without an allocation order. The counters are classified by unit-traits.ts,
 * as the carpet bombing always has (issue 14 item 6 unifies the two trait files).
 */
export function takeStepsMostFirst(ctx: LossCtx, ids: string[], n: number, why: string, c: string): void {
  const { d, bundle } = ctx;
  for (let k = 0; k < n; k++) {
    const us = ids.map((id) => unitOf(d, id)).filter((u) => !u.eliminated && u.hex !== null);
    if (!us.length) return;
    const big = us.filter((u) => !traits.isZStep(bundle.units.get(u.id)!));
    const pool = big.length ? big : us;
    pool.sort((a, b) => {
      const da = bundle.units.get(a.id)!, db = bundle.units.get(b.id)!;
      return (traits.isHq(da) ? 1 : 0) - (traits.isHq(db) ? 1 : 0) || traits.stepsLeft(db, b as UnitState) - traits.stepsLeft(da, a as UnitState) || a.id.localeCompare(b.id);
    });
    const u = mutUnit(d, pool[0].id);
    u.stepsLost += 1;
    ctx.lost[u.id] = (ctx.lost[u.id] ?? 0) + 1;
    ctx.events.push({ type: 'stepLost', unit: u.id, why, case: c });
    if (traits.stepsLeft(bundle.units.get(u.id)!, u as UnitState) <= 0) {
      u.eliminated = true;
      u.hex = null;
      u.markers = [];
      ctx.events.push({ type: 'unitEliminated', unit: u.id, why: `${why}: no steps left`, case: c });
    }
  }
}
