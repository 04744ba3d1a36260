/**
 * What a ground assault or fire mission is worth, read from the engine's own previews (gaOdds /
 * fsPlan) and tables: expected hits on each side over every roll, no dice rolled, nothing changed.
 */
import { gat, gaResults, gaOdds, type GaBreakdown, type GaDeclaration, fsResult, type FsPlan } from '../engine/query';
import type { GameState, ScenarioBundle, Side } from '../engine/types';

export interface GaExpectation {
  /** Expected steps the defender loses (mandatory hits 1, discretionary hits 0.5, mandatory PRC 0.2). */
  defLoss: number;
  attLoss: number;
  /** Probability that the defender takes at least one discretionary hit (it may retreat and leave the hex). */
  pDefenderShaken: number;
  odds: GaBreakdown;
}

const gaCache = new WeakMap<object, Map<string, { defLoss: number; attLoss: number; shaken: number }>>();

/** Expected results on a column with a net DRM: each side's 2d10 (00–99) plus the DRM (GOSS 13.9). */
export function columnExpectation(bundle: ScenarioBundle, column: string, drm: number): { defLoss: number; attLoss: number; shaken: number } {
  const t = gat(bundle);
  let m = gaCache.get(t);
  if (!m) gaCache.set(t, (m = new Map()));
  const key = `${column}|${drm}`;
  const hit = m.get(key);
  if (hit) return hit;
  let defLoss = 0; let attLoss = 0; let shaken = 0;
  for (let r = 0; r < 100; r++) {
    const res = gaResults(t, column, r + drm, r + drm);
    const d = res.onDefender; const a = res.onAttacker;
    defLoss += d.mand + 0.5 * d.disc + (d.prc ? 0.2 : 0);
    attLoss += a.mand + 0.5 * a.disc + (a.prc ? 0.2 : 0);
    if (d.disc > 0 || d.prc) shaken += 1;
  }
  const out = { defLoss: defLoss / 100, attLoss: attLoss / 100, shaken: shaken / 100 };
  m.set(key, out);
  return out;
}

export function gaExpectation(state: GameState, bundle: ScenarioBundle, decl: GaDeclaration, side?: Side): GaExpectation | null {
  const r = gaOdds(state, bundle, decl, side);
  if (!r.ok) return null;
  const e = columnExpectation(bundle, r.odds.column, r.odds.drm);
  return { defLoss: e.defLoss, attLoss: e.attLoss, pDefenderShaken: e.shaken, odds: r.odds };
}

/** Expected hits (and AS markers, worth a third of a hit) of a planned mission: 1d10 + points + DRM per volley (GOSS 11.6). */
export function fsExpectation(bundle: ScenarioBundle, plan: FsPlan): number {
  let total = 0;
  plan.volleys.forEach((pts, i) => {
    const drm = i === 0 ? plan.drm : plan.drm;
    for (let roll = 0; roll < 10; roll++) {
      const r = fsResult(bundle, roll + pts + drm);
      total += (r.hits + r.as / 3) / 10;
    }
  });
  // AW 20.2.1 / GOSS 20.2: each GS mission is a volley of its own that reaches the target only when its
  // AP survive the abort roll and the mission error roll is on target (a scatter counted as a miss).
  const gs = plan.gs;
  if (gs) {
    const errDrm = gs.error.drms.reduce((n, x) => n + x.value, 0);
    let onTarget = 0;
    for (let roll = 0; roll < 10; roll++) { const e = roll + errDrm; if (e < gs.error.abortMin && e !== gs.error.scatter) onTarget += 0.1; }
    const survive = gs.abortMax === undefined ? 1 : (9 - gs.abortMax) / 10;
    for (const m of gs.missions) {
      // The AP that fly after the abort rolls, on average (each survives with `survive`), and their points.
      const pts = Math.floor((m.ap * survive) / gs.divisor) * gs.pointsPerAp;
      if (pts <= 0) continue;
      for (let roll = 0; roll < 10; roll++) {
        const r = fsResult(bundle, roll + pts + plan.drm);
        total += (onTarget * (r.hits + r.as / 3)) / 10;
      }
    }
  }
  return total;
}
