/**
 * Supply (AW 31.11 and the scenario's GenS rules, e.g. AW 32.9): in the Supply Determination
 * Segment each unit of the phasing side traces a path of any length from a friendly PSS — no enemy
 * units on it, at most N hexes of it adjacent to an enemy (AW 33.9 / 34.9: through a formation HQ,
 * rules/scenarioSupply.ts). Units that trace lose OhS/OoS; units that
 * cannot are marked OhS. OhS becomes OoS when the unit moves more than half its MA (movement.ts),
 * fires (fireSupport.ts), attacks, or defends at full strength (groundAssault.ts).
 */
import { isDraft, type Draft } from 'immer';
import { HEX_COUNT, NEIGHBOURS, colOf, hexsideBetween, rowOf, tryParseHexRef, type HexId } from '../hex';
import { hexSet, inPlayArea, special } from './scenarioArea';
import { changedUnits, unitIndex } from './unitIndex';
import { predecessorOf } from './lineage';
import { BoxedCache } from '../boxCache';
import { onMap } from '../board';
import { phasingSide } from '../sequence';
import type { GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { RuleModule } from './registry';
import { combatRules } from './scenarioRules';
import { M, addMarker, dropMarker, enemyOf, has, live } from './combatTraits';
import { readUnits } from './unitIndex';
import { hasHqLeg, scenarioSupplyTrace } from './scenarioSupply';
import { landMask, leastAdjacentCosts, type HexCosts } from './supplyPath';
import { boxSupply, isBox, unitsByBox } from './locations';
import { downBridgeSides, placedBridgeSides, placedBridgesKey } from './placedBridges';
import { EDGE_BRIDGE, EDGE_MAJOR, hexsideTable } from './hexsideTable';
import { isHq } from './unit-traits';
import { anyModuleGenS, moduleGenS } from './extensions';
import { mutUnit, unitOf } from '../unitTable';

/** How a side traces GenS: its sources, the path limit, and where paths may go. */
export interface SupplyRule {
  sources: HexId[];
  /** At most this many path hexes adjacent to an enemy (AW 32.9.1: two). */
  maxAdjacentToEnemy: number;
  /** Path hexes must be in this set (the scenario's play area, AW 32.0), or anywhere on the map when null. */
  area: Set<HexId> | null;
  /** Paths cross a major river or canal only at a bridge (reconstructed: GOSS supply paths follow movement). */
  bridgesOnly: boolean;
  source: string;
}

/**
 * The side's GenS rule: scenario.special.logistics (AW 32.9: PSS as a hex set, path limits) when the
 * scenario has it, else rules.combat.supply (listed hexes and map edges). Null = no supply rule
 * (every unit is in GenS).
 */
export function supplyRule(bundle: ScenarioBundle, side: Side): SupplyRule | null {
  // Once per scenario and side: the bundle never changes, and the sources of map edges scan every hex (issue 17).
  let bySide = rules.get(bundle);
  if (!bySide) rules.set(bundle, (bySide = new Map()));
  if (!bySide.has(side)) bySide.set(side, buildSupplyRule(bundle, side));
  return bySide.get(side)!;
}

const rules = new WeakMap<ScenarioBundle, Map<Side, SupplyRule | null>>();

function buildSupplyRule(bundle: ScenarioBundle, side: Side): SupplyRule | null {
  const sp = special(bundle);
  const log = sp.logistics?.supply?.[side];
  if (log) {
    return {
      sources: [...hexSet(bundle, log.pss)].filter((h) => inPlayArea(bundle, h)),
      maxAdjacentToEnemy: log.maxPathHexesAdjacentToEnemy,
      area: sp.playArea ? hexSet(bundle, sp.playArea.hexes) : null,
      bridgesOnly: true,
      source: log.source,
    };
  }
  const def = combatRules(bundle).supply?.[side];
  if (!def) return null;
  return { sources: supplySources(bundle, side), maxAdjacentToEnemy: def.maxAdjacentToEnemy, area: null, bridgesOnly: false, source: def.source };
}

/** Supply sources of `side` in rules.combat.supply: listed hexes and map-edge hexes on the listed sides. */
export function supplySources(bundle: ScenarioBundle, side: Side): HexId[] {
  let bySide = sourcesOf.get(bundle);
  if (!bySide) sourcesOf.set(bundle, (bySide = new Map()));
  if (!bySide.has(side)) bySide.set(side, edgeSources(bundle, side));
  return [...bySide.get(side)!];
}

const sourcesOf = new WeakMap<ScenarioBundle, Map<Side, HexId[]>>();

function edgeSources(bundle: ScenarioBundle, side: Side): HexId[] {
  const def = combatRules(bundle).supply?.[side];
  if (!def) return [];
  const out = new Set<HexId>();
  for (const r of def.hexes) { const x = tryParseHexRef(r); if (!('error' in x) && onMap(bundle.board, x.hex)) out.add(x.hex); }
  if (def.edges.length) {
    // Map-edge hexes: the westernmost / easternmost hex of each row, the northernmost / southernmost of each column.
    const rowMin = new Map<number, number>(); const rowMax = new Map<number, number>();
    const colMin = new Map<number, number>(); const colMax = new Map<number, number>();
    for (const h of bundle.board.hexes) {
      const c = colOf(h); const r = rowOf(h);
      rowMin.set(r, Math.min(rowMin.get(r) ?? c, c)); rowMax.set(r, Math.max(rowMax.get(r) ?? c, c));
      colMin.set(c, Math.min(colMin.get(c) ?? r, r)); colMax.set(c, Math.max(colMax.get(c) ?? r, r));
    }
    for (const h of bundle.board.hexes) {
      const c = colOf(h); const r = rowOf(h);
      const at = { W: rowMin.get(r) === c, E: rowMax.get(r) === c, N: colMin.get(c) === r, S: colMax.get(c) === r };
      if (def.edges.some((e) => at[e])) out.add(h);
    }
  }
  return [...out];
}

const traces = new BoxedCache<object, Map<string, ReadonlyMap<HexId, number>>>('gensTraces');

/**
 * The one GenS trace (AW 31.11, 32.9): the least number of enemy-adjacent hexes on any enemy-free path
 * from a source to each hex (0-1 BFS; the unit's own hex counts). A unit is in GenS when its hex's cost
 * is within the rule's limit. Cached per frozen state and side.
 */
export function genSCost(state: GameState, bundle: ScenarioBundle, side: Side): ReadonlyMap<HexId, number> {
  // Bridges placed in play (AW 32.6.1, 33.6.1) open river crossings: they are part of every cache key.
  const bk = placedBridgesKey(state, bundle);
  const sideKey = bk ? `${side}|${bk}` : side;
  const hit = traces.get(state.units)?.get(sideKey);
  if (hit) return hit;
  const frozen = !isDraft(state.units) && Object.isFrozen(state.units);
  const rule = supplyRule(bundle, side);
  let cost: ReadonlyMap<HexId, number> = new Map<HexId, number>();
  // The trace reads only the enemy's hexes (below): when the action that made this state changed no
  // enemy unit (a friendly move, a marker), the previous state's trace for the same key is this one's,
  // without listing and sorting the enemy hexes again for the memo's key (rules/lineage.ts).
  const inherited = frozen && rule ? inheritedTrace(state, sideKey, enemyOf(side)) : undefined;
  if (inherited) cost = inherited;
  else if (rule) {
    const enemy = new Set<HexId>();
    for (const u of unitIndex(state).live) if (u.side === enemyOf(side)) enemy.add(u.hex!);
    // The trace reads only the enemy's hexes: a friendly move or a marker change leaves it as it was,
    // so the last few traces per side are kept by the set of enemy hexes (most moves in a replay
    // and every lookahead of the moving side reuse one).
    const key = `${sideKey}:${[...enemy].sort((a, b) => a - b).join(',')}`;
    const memo = memoOf(bundle);
    const known = memo.get(key);
    if (known) cost = known;
    else {
      cost = traceGenS(bundle, rule, enemy, placedBridgeSides(state, bundle), downBridgeSides(state, bundle));
      memo.set(key, cost);
      if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!);
    }
  }
  if (frozen) {
    let m = traces.get(state.units);
    if (!m) traces.set(state.units, (m = new Map()));
    m.set(sideKey, cost);
  }
  return cost;
}

/** The previous state's trace under `key`, when no unit of `enemy` changed since (else undefined). */
function inheritedTrace(state: GameState, key: string, enemy: Side): ReadonlyMap<HexId, number> | undefined {
  const p = predecessorOf(state);
  const prev = p && traces.get(p.top.units as object)?.get(key);
  if (!prev) return undefined;
  const changed = changedUnits(p, state);
  if (!changed) return undefined;
  for (const [a, b] of changed) if (a.side === enemy || b.side === enemy) return undefined;
  return prev;
}

const MEMO_SIZE = 8;
const memos = new WeakMap<ScenarioBundle, Map<string, ReadonlyMap<HexId, number>>>();
function memoOf(bundle: ScenarioBundle): Map<string, ReadonlyMap<HexId, number>> {
  let m = memos.get(bundle);
  if (!m) memos.set(bundle, (m = new Map()));
  return m;
}

/** The trace of `genSCost` from the rule's sources, around the enemy hexes (counts up to the limit + 1, to tell "just outside"). */
export function traceGenS(bundle: ScenarioBundle, rule: SupplyRule, enemy: Set<HexId>, bridges: ReadonlySet<number> = new Set(), blown: ReadonlySet<number> = new Set()): HexCosts {
  const land = landMask(bundle.board, rule.area);
  const T = hexsideTable(bundle);
  // Where a path may go (land of the area, no enemy) and the enemy's neighbours, as masks over the lattice.
  const pass = land.slice(); const adjacent = new Uint8Array(HEX_COUNT);
  for (const e of enemy) {
    pass[e] = 0;
    for (let d = 0; d < 6; d++) { const n = NEIGHBOURS[e * 6 + d]; if (n >= 0) adjacent[n] = 1; }
  }
  return leastAdjacentCosts(rule.sources, {
    adj: adjacent,
    pass,
    // The static features from the bundle's table (issue 17); bridges blown or placed in play by side id.
    ...(rule.bridgesOnly ? {
      crosses: (a: HexId, b: HexId, d: number) => {
        const e = T[a * 6 + d];
        if (!(e & EDGE_MAJOR)) return true;
        const hs = hexsideBetween(a, b);
        return ((e & EDGE_BRIDGE) !== 0 && !blown.has(hs)) || bridges.has(hs);
      },
    } : {}),
    cap: rule.maxAdjacentToEnemy + 1,
  });
}

/** AW 31.11 / 32.9: can the unit trace GenS now? (true when the scenario has no supply rule) */
export function inGenS(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  const u = unitOf(state, unitId);
  if (!u || u.eliminated) return false;
  // A unit in an off-map box has the supply its box declares (docs/engine.md "Locations").
  if (u.hex === null) return isBox(u.box) && boxSupply(bundle, u.box) === 'GenS';
  // A scenario module may decide it (AW 15.0: airborne divisions trace from their primary DZ).
  const m = moduleGenS(state, bundle, unitId);
  if (m !== null) return m;
  const rule = supplyRule(bundle, u.side);
  if (!rule) return true;
  // AW 33.9 / 34.9: through a formation HQ (rules/scenarioSupply.ts).
  if (hasHqLeg(bundle, u.side)) return scenarioSupplyTrace(state, bundle, u.side).units.has(unitId);
  return (genSCost(state, bundle, u.side).get(u.hex) ?? Infinity) <= rule.maxAdjacentToEnemy;
}

/**
 * `inGenS` for many units of one side from one trace (AW 31.11, 32.9, 33.9): victory conditions ask per
 * unit, and on a draft nothing is cached, so each unit used to trace again (issue 17). The trace runs on
 * the first question; the state must not change while the check is used. It takes the unit's record as
 * the caller read it (victoryView.ts reads a draft's units without drafting each one).
 */
export function genSCheck(state: GameState, bundle: ScenarioBundle, side: Side): (u: UnitState) => boolean {
  const rule = supplyRule(bundle, side);
  const mods = anyModuleGenS(bundle);
  let inside: ((u: { id: string; hex: HexId }) => boolean) | null = null;
  const trace = () => {
    if (hasHqLeg(bundle, side)) { const units = scenarioSupplyTrace(state, bundle, side).units; return (u: { id: string }) => units.has(u.id); }
    const cost = genSCost(state, bundle, side);
    return (u: { hex: HexId }) => (cost.get(u.hex) ?? Infinity) <= rule!.maxAdjacentToEnemy;
  };
  return (u) => {
    if (u.hex === null || u.eliminated) return false;
    if (u.side !== side) return inGenS(state, bundle, u.id);
    if (mods) { const m = moduleGenS(state, bundle, u.id); if (m !== null) return m; }
    if (!rule) return true;
    return (inside ??= trace())({ id: u.id, hex: u.hex });
  };
}

/**
 * The supply changes of `side`'s units now: GenS where a unit traces (its OhS / OoS marker cleared), OhS
 * where it does not and has neither marker. `hqs: false` leaves HQs out (GOSS 15.0 in the standard
 * sequence: "Allied units (not HQs)"; an HQ's own OhS is GOSS 15.5.1).
 */
export function determineSupply(d: GameState, bundle: ScenarioBundle, side: Side, hqs = true): { unit: string; to: 'GenS' | 'OhS' }[] {
  const rule = supplyRule(bundle, side);
  const mods = anyModuleGenS(bundle);
  if (!rule && !mods) return [];
  const hq = rule && hasHqLeg(bundle, side) ? scenarioSupplyTrace(d, bundle, side).units : null;
  const cost = !rule || hq ? null : genSCost(d, bundle, side);
  const out: { unit: string; to: 'GenS' | 'OhS' }[] = [];
  const skipped = (id: string): boolean => { if (hqs) return false; const def = bundle.units.get(id); return def !== undefined && isHq(def); };
  for (const u of readUnits(d.units)) {
    if (u.side !== side || !live(u)) continue;
    if (skipped(u.id)) continue;
    // A scenario module may decide it (AW 15.0 airborne divisions); with no supply rule every other unit is in GenS.
    const ok = (mods ? moduleGenS(d, bundle, u.id) : null) ?? (hq ? hq.has(u.id) : cost ? (cost.get(u.hex!) ?? Infinity) <= rule!.maxAdjacentToEnemy : true);
    if (ok && (has(u, M.OHS) || has(u, M.OOS))) out.push({ unit: u.id, to: 'GenS' });
    if (!ok && !has(u, M.OHS) && !has(u, M.OOS)) out.push({ unit: u.id, to: 'OhS' });
  }
  // Units in off-map boxes: the box's declared supply rule (none: not traced, markers kept).
  if (bundle.boxGraphs?.length) for (const [loc, units] of unitsByBox(d)) {
    const s = boxSupply(bundle, loc);
    if (!s) continue;
    for (const u of units) {
      if (u.side !== side || skipped(u.id)) continue;
      if (s === 'GenS' && (has(u, M.OHS) || has(u, M.OOS))) out.push({ unit: u.id, to: 'GenS' });
      if (s === 'OoS' && !has(u, M.OHS) && !has(u, M.OOS)) out.push({ unit: u.id, to: 'OhS' });
    }
  }
  return out;
}

/** Applies determineSupply's changes for the phasing side, each with its case. */
function markSupply(d: Draft<GameState>, bundle: ScenarioBundle, hqs: boolean, c: string): GameEvent[] {
  const side = phasingSide(bundle.scenario, d.pos);
  const events: GameEvent[] = [];
  for (const ch of determineSupply(d as GameState, bundle, side, hqs)) {
    const u = mutUnit(d, ch.unit);
    if (ch.to === 'GenS') { dropMarker(u, M.OHS); dropMarker(u, M.OOS); }
    else addMarker(u, M.OHS);
    events.push({ type: 'supplyChanged', unit: ch.unit, to: ch.to, case: c });
  }
  return events;
}

export const supplyRules: RuleModule = {
  name: 'supply',
  hooks: [
    // AW 31.11: the introductory sequence's segment (HQs and subordinates).
    { segment: 'supply', onEnter: (d, ctx) => markSupply(d, ctx.bundle, true, 'AW 31.11') },
    // AW 3.3.5g / GOSS 15.0: the standard and intermediate sequences' segment, units but not HQs (the
    // Isolated marker: rules/isolation.ts). Not yet: HQ on-hand supply (15.5.1), extended paths (15.2.4).
    { segment: 'supplyDetermination', onEnter: (d, ctx) => markSupply(d, ctx.bundle, false, 'GOSS 15.0') },
  ],
};
