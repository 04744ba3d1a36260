/**
 * Retreats after fire support and ground assault (GOSS 11.6.3, 13.11): a stack moves as one, each
 * hex farther from the start, never into enemy or prohibited hexes, choosing at each step by the
 * five priorities; the owner picks only among ties. Also the step lost for entering open ground next
 * to the enemy.
 */
import { distance, formatHex, neighbours, type HexId } from '../hex';
import { onMap, routesBetween, sideFeatures, terrainOf, terrainsIn } from '../board';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import { gaMods } from './combatTables';
import {
  M, addMarker, asCount, defOf, dropMarker, enemyOf, formation, has, isArtillery, isHq, isZ,
} from './combatTraits';
import { takeStep, type LossCtx } from './losses';
import { readUnits } from './unitIndex';
import { localUnits, type LocalUnits } from './combatLocal';
import { retreatLeavesPlay } from './scenarioArea';
import { standingBridge } from './placedBridges';
import { mutUnit, patchUnit, unitOf } from '../unitTable';

type TecLoose = { terrain?: Record<string, { leg?: number | null; mech?: number | null }> };

function prohibited(bundle: ScenarioBundle, h: HexId, cls: 'leg' | 'mech'): boolean {
  const t = terrainOf(bundle.board, h);
  if (!t || t === 'sea') return true;
  const row = (bundle.tables.tec as TecLoose | undefined)?.terrain?.[t];
  return row ? row[cls] === null : false;
}

function classes(bundle: ScenarioBundle, units: string[]): { leg: boolean; mech: boolean } {
  const cs = units.map((id) => defOf(bundle, id).moveClass);
  return { leg: cs.some((c) => c !== 'mech'), mech: cs.includes('mech') };
}

/**
 * What one retreat search reads of the units: those around the start (one pass, rules/combatLocal.ts)
 * and the side's HQs anywhere (GOSS 13.11.2 priority 2). Retreats are searched on immer drafts during
 * a GA or FS resolution, where the shared hex index would be rebuilt for every hex looked at.
 */
interface Near { units: LocalUnits; hqs: UnitState[]; state: GameState }

function nearOf(state: GameState, bundle: ScenarioBundle, side: Side, from: HexId, want: number): Near {
  const hqs: UnitState[] = [];
  for (const u of readUnits(state.units)) {
    if (u.side !== side || u.hex === null || u.eliminated) continue;
    const d = bundle.units.get(u.id);
    if (d && isHq(d)) hqs.push(u);
  }
  // A path of `want` hexes, whose hexes and their neighbours are looked at.
  return { units: localUnits(state, from, want + 1), hqs, state };
}

/** GOSS 13.11: can the stack step from a to b, and must it stop there? */
function step(near: Near, bundle: ScenarioBundle, side: Side, units: string[], a: HexId, b: HexId): { ok: boolean; stop: boolean } {
  if (!onMap(bundle.board, b) || near.units.at(b, enemyOf(side)).length) return { ok: false, stop: false };
  const cl = classes(bundle, units);
  if ((cl.leg && prohibited(bundle, b, 'leg')) || (cl.mech && prohibited(bundle, b, 'mech'))) return { ok: false, stop: false };
  const f = sideFeatures(bundle.board, a, b);
  const river = f.includes('river') || f.includes('canal');
  const major = f.includes('majorRiver');
  // The map's bridges and those placed in play (AW 32.6.1, 33.6.1), not those demolished (GOSS 17.3.2b/c).
  const bridge = standingBridge(near.state, bundle, a, b);
  if (cl.mech && (river || major) && !bridge && !(river && f.includes('ford'))) return { ok: false, stop: false };
  if (cl.leg && major && !bridge) return { ok: false, stop: false };
  let stop = cl.leg && river && !bridge;
  // AW 32.0: a stack retreating out of the playing area stops there and is out of play.
  if (retreatLeavesPlay(bundle, b)) return { ok: true, stop: true };
  const road = routesBetween(bundle.board, a, b).length > 0;
  // GOSS 7 TEC: a village's other terrain in hex counts as well.
  if (cl.mech && !road && terrainsIn(bundle.board, b).some((t) => gaMods(bundle).mechStops.includes(t))) stop = true;
  return { ok: true, stop };
}

function covering(bundle: ScenarioBundle, state: GameState, h: HexId): boolean {
  const t = terrainOf(bundle.board, h);
  return (!!t && gaMods(bundle).oct.includes(t)) || !!state.fieldworks[h];
}

function hqDistance(near: Near, bundle: ScenarioBundle, units: string[], h: HexId): number | null {
  const f = units.map((id) => formation(defOf(bundle, id))).find(Boolean);
  let best: number | null = null;
  for (const u of near.hqs) {
    const id = u.id;
    if (u.hex === null || units.includes(id)) continue;
    const d = defOf(bundle, id);
    if (f && formation(d) && formation(d) !== f) continue;
    const k = distance(h, u.hex);
    if (best === null || k < best) best = k;
  }
  return best;
}

/** GOSS 13.11.2 priorities, applied to the candidates of one step: one left → forced; several → next; none → skip. */
function prioritise(state: GameState, near: Near, bundle: ScenarioBundle, side: Side, units: string[], from: HexId, cands: HexId[]): HexId[] {
  const here = hqDistance(near, bundle, units, from);
  const tests: ((h: HexId) => boolean)[] = [
    (h) => !neighbours(h).some((n) => near.units.at(n, enemyOf(side)).length > 0),
    (h) => { const k = hqDistance(near, bundle, units, h); return here !== null && k !== null && k < here; },
    (h) => covering(bundle, state, h),
    (h) => routesBetween(bundle.board, from, h).length > 0,
    (h) => near.units.at(h, side).filter((u) => !isZ(defOf(bundle, u.id))).length + units.length <= 3,
  ];
  let set = cands;
  for (const t of tests) {
    if (set.length <= 1) break;
    const kept = set.filter(t);
    if (kept.length) set = kept;
  }
  return set;
}

/**
 * Every retreat path the priorities allow for a stack, `want` hexes long where possible; only the
 * longest achievable paths are legal (a shorter path may not be chosen to dodge hexes, GOSS 13.11).
 */
export function retreatPaths(state: GameState, bundle: ScenarioBundle, side: Side, from: HexId, units: string[], want: number): HexId[][] {
  const out: HexId[][] = [];
  if (want <= 0) return out;
  const near = nearOf(state, bundle, side, from, want);
  const walk = (at: HexId, path: HexId[]) => {
    if (path.length >= want) { out.push(path); return; }
    const cands: HexId[] = [];
    const stops = new Set<HexId>();
    for (const n of neighbours(at)) {
      if (distance(from, n) !== path.length + 1 || path.includes(n)) continue;
      const s = step(near, bundle, side, units, at, n);
      if (!s.ok) continue;
      cands.push(n);
      if (s.stop) stops.add(n);
    }
    if (!cands.length) { out.push(path); return; }
    for (const n of prioritise(state, near, bundle, side, units, at, cands)) {
      if (stops.has(n)) out.push([...path, n]);
      else walk(n, [...path, n]);
    }
  };
  walk(from, []);
  const max = Math.max(0, ...out.map((p) => p.length));
  return out.filter((p) => p.length === max && max > 0);
}

/**
 * Whether the stack has a retreat of at least one hex: `retreatPaths(…, 1)` is not empty exactly when
 * one neighbour may be entered (the priorities only choose among those). Without listing and ranking
 * the paths: the hit procedure asks it at every GA and FS hit decision (issue 17).
 */
export function canRetreat(state: GameState, bundle: ScenarioBundle, side: Side, from: HexId, units: string[]): boolean {
  const near = nearOf(state, bundle, side, from, 1);
  for (const n of neighbours(from)) if (step(near, bundle, side, units, from, n).ok) return true;
  return false;
}

/** Enemies that make open ground costly to enter (GOSS 13.11: not HQs, OoB towed art, Z-steps or AS-marked units). */
function dangerousEnemyAdjacent(state: GameState, bundle: ScenarioBundle, side: Side, h: HexId): boolean {
  const near = localUnits(state, h, 1);
  return neighbours(h).some((n) => near.at(n, enemyOf(side)).some((u) => {
    const d = defOf(bundle, u.id);
    return !isHq(d) && !isZ(d) && asCount(u) === 0 && !(isArtillery(d) && has(u, M.OOB));
  }));
}

/**
 * Moves the stack along `path` (GOSS 11.6.3, 13.11): entering a non-MCT hex next to the enemy costs
 * one step ignoring Max step loss (not counted against the hits). PA / TA / Exploit marks drop.
 */
export function doRetreat(ctx: LossCtx, side: Side, units: string[], path: HexId[], c: string): void {
  const { d, bundle } = ctx;
  const mct = gaMods(bundle).mct;
  const from = units.map((id) => unitOf(d, id)).find((u) => u && u.hex !== null)?.hex ?? null;
  for (const h of path) {
    for (const id of units) {
      const u = unitOf(d, id);
      if (!u || u.eliminated || u.hex === null) continue;
      mutUnit(d, id).hex = h;
    }
    if (retreatLeavesPlay(bundle, h)) {
      // AW 32.0: units that retreat out of the playing area may not re-enter play (counted as eliminated).
      for (const id of units) {
        const u = unitOf(d, id);
        if (!u || u.eliminated || u.hex === null) continue;
        patchUnit(d, u, { hex: null, eliminated: true, markers: [] });
        ctx.events.push({ type: 'unitEliminated', unit: id, hex: formatHex(h), why: 'retreated out of the playing area', case: `${bundle.scenario.case ?? 'AW 30'}.0` });
      }
      break;
    }
    if (!terrainsIn(bundle.board, h).some((t) => mct.includes(t)) && d.fieldworks[h] !== 'ET-3' && dangerousEnemyAdjacent(d as GameState, bundle, side, h)) {
      const u = units.map((id) => unitOf(d, id)).find((x) => x && !x.eliminated && x.hex !== null && !isZ(defOf(bundle, x.id)));
      if (u) takeStep({ ...ctx, lost: {} }, u, `retreat into open ground next to the enemy at ${formatHex(h)}`, `${c}, 13.11`);
    }
  }
  for (const id of units) {
    const now = unitOf(d, id);
    if (!now || now.eliminated) continue;
    const u = mutUnit(d, id);
    dropMarker(u, M.PA); dropMarker(u, M.TA); dropMarker(u, M.EXPLOIT);
    if (path.length > 1 && isArtillery(defOf(bundle, id))) addMarker(u, M.OOB);
  }
  ctx.events.push({ type: 'retreated', units, from: from === null ? null : formatHex(from), path: path.map(formatHex), case: c });
}
