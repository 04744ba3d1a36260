/**
 * Supply (AW 31.11 and the scenario's GenS rules, e.g. AW 32.9): in the Supply Determination
 * Segment each unit of the phasing side traces a path of any length from a friendly PSS — no enemy
 * units on it, at most N hexes of it adjacent to an enemy. Units that trace lose OhS/OoS; units that
 * cannot are marked OhS. OhS becomes OoS when the unit moves more than half its MA (movement.ts),
 * fires (fireSupport.ts), attacks, or defends at full strength (groundAssault.ts).
 */
import { colOf, neighbours, rowOf, tryParseHexRef, type HexId } from '../hex';
import { onMap, terrainOf } from '../board';
import { phasingSide } from '../sequence';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../types';
import type { RuleModule } from './registry';
import { combatRules } from './scenarioRules';
import { M, addMarker, dropMarker, enemyOf, has, live } from './combatTraits';

/** Supply sources of `side`: listed hexes and map-edge hexes on the listed sides. */
export function supplySources(bundle: ScenarioBundle, side: Side): HexId[] {
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

/**
 * Least number of enemy-adjacent hexes on any enemy-free path from a source to each hex (0-1 BFS);
 * a unit is in GenS when its hex is reachable within the scenario's limit (AW 32.9.1: two).
 */
export function genSCost(state: GameState, bundle: ScenarioBundle, side: Side): Map<HexId, number> {
  const enemy = new Set<HexId>();
  for (const u of Object.values(state.units)) if (u.side === enemyOf(side) && live(u)) enemy.add(u.hex!);
  const adjEnemy = (h: HexId) => neighbours(h).some((n) => enemy.has(n));
  const passable = (h: HexId) => onMap(bundle.board, h) && terrainOf(bundle.board, h) !== 'sea' && !enemy.has(h);
  const cost = new Map<HexId, number>();
  const dq: HexId[] = [];
  for (const s of supplySources(bundle, side)) {
    if (!passable(s)) continue;
    const c = adjEnemy(s) ? 1 : 0;
    if ((cost.get(s) ?? Infinity) > c) { cost.set(s, c); if (c === 0) dq.unshift(s); else dq.push(s); }
  }
  while (dq.length) {
    const h = dq.shift()!;
    const ch = cost.get(h)!;
    for (const n of neighbours(h)) {
      if (!passable(n)) continue;
      const w = adjEnemy(n) ? 1 : 0;
      if (ch + w < (cost.get(n) ?? Infinity)) { cost.set(n, ch + w); if (w === 0) dq.unshift(n); else dq.push(n); }
    }
  }
  return cost;
}

export function determineSupply(d: GameState, bundle: ScenarioBundle, side: Side): { unit: string; to: 'GenS' | 'OhS' }[] {
  const def = combatRules(bundle).supply?.[side];
  if (!def) return [];
  const cost = genSCost(d, bundle, side);
  const out: { unit: string; to: 'GenS' | 'OhS' }[] = [];
  for (const u of Object.values(d.units)) {
    if (u.side !== side || !live(u)) continue;
    const ok = (cost.get(u.hex!) ?? Infinity) <= def.maxAdjacentToEnemy;
    if (ok && (has(u, M.OHS) || has(u, M.OOS))) out.push({ unit: u.id, to: 'GenS' });
    if (!ok && !has(u, M.OHS) && !has(u, M.OOS)) out.push({ unit: u.id, to: 'OhS' });
  }
  return out;
}

export const supplyRules: RuleModule = {
  name: 'supply',
  hooks: [{
    segment: 'supply',
    onEnter(d, ctx) {
      const side = phasingSide(ctx.bundle.scenario, d.pos);
      const events: GameEvent[] = [];
      for (const ch of determineSupply(d as GameState, ctx.bundle, side)) {
        const u = d.units[ch.unit];
        if (ch.to === 'GenS') { dropMarker(u, M.OHS); dropMarker(u, M.OOS); }
        else addMarker(u, M.OHS);
        events.push({ type: 'supplyChanged', unit: ch.unit, to: ch.to, case: 'AW 31.11' });
      }
      return events;
    },
  }],
};
