/**
 * Scenario GenS for AW 33.9 / 34.9 on top of the AW 32.9 trace (scenarioArea.inGenS): a path of any
 * length from a PSS, no enemy-occupied hex, at most two path hexes adjacent to an enemy unless
 * friendly-occupied (33.9.0), and — Epsom — unbridged Odon hexsides block the path, except that a
 * unit adjacent to the Odon is in GenS when a path reaches an adjacent hex on the north side
 * (33.9.1: its own first step may cross). Bridges are the map's and the AW 33.6.1 bridge markers.
 * partial: the HQ leg (formation HQ to subordinate at most 6 hexes, roads one-half) is not applied;
 * a unit is in GenS when the PSS path reaches it directly (docs/rules-coverage.md).
 */
import { NEIGHBOURS, hexsideBetween, type HexId } from '../hex';
import { isLand } from '../board';
import type { GameState, ScenarioBundle, Side } from '../types';
import { hexSet, inGenS, inPlayArea, special } from './scenarioArea';
import { HEXSIDE_FEATURES } from '../../data/schemas/map';

const BRIDGE = 1 << HEXSIDE_FEATURES.indexOf('bridge');
const MAJOR = (1 << HEXSIDE_FEATURES.indexOf('majorRiver')) | (1 << HEXSIDE_FEATURES.indexOf('canal'));
type WithBridges = { special?: { epsom?: { bridges?: number[] } } };

/** AW 33.6.1 bridge markers (hex ids): a marker bridges every Odon hexside of its hex. */
export function bridgeMarkers(state: GameState): number[] {
  return (state as GameState & WithBridges).special?.epsom?.bridges ?? [];
}

function blocks(state: GameState, bundle: ScenarioBundle, a: HexId, b: HexId): boolean {
  const side = hexsideBetween(a, b);
  const bits = bundle.board.sides.get(side) ?? 0;
  if (bits & BRIDGE) return false;
  const river = special(bundle).epsom?.odon.river;
  if (river && bundle.board.sideNames.get(side) === river) {
    const m = bridgeMarkers(state);
    return !(m.includes(a) || m.includes(b));
  }
  return (bits & MAJOR) !== 0;
}

export function inScenarioGenS(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  if (!special(bundle).epsom) return inGenS(state, bundle, unitId);
  const u = state.units[unitId];
  if (!u || u.hex === null || u.eliminated) return false;
  const rule = special(bundle).logistics?.supply?.[u.side];
  if (!rule) return true;
  const side: Side = u.side;
  const enemy = new Set<HexId>(), friend = new Set<HexId>();
  for (const x of Object.values(state.units)) if (x.hex !== null && !x.eliminated) (x.side === side ? friend : enemy).add(x.hex);
  const pss = hexSet(bundle, rule.pss);
  const adj = (h: HexId) => { if (friend.has(h)) return false; for (let d = 0; d < 6; d++) { const n = NEIGHBOURS[h * 6 + d]; if (n >= 0 && enemy.has(n)) return true; } return false; };
  const max = rule.maxPathHexesAdjacentToEnemy;
  const best = new Map<HexId, number>([[u.hex, adj(u.hex) ? 1 : 0]]);
  if (best.get(u.hex)! > max) return false;
  let frontier: HexId[] = [u.hex];
  while (frontier.length) {
    const next: HexId[] = [];
    for (const h of frontier) {
      if (pss.has(h)) return true;
      const k = best.get(h)!;
      for (let d = 0; d < 6; d++) {
        const n = NEIGHBOURS[h * 6 + d];
        if (n < 0 || enemy.has(n) || !isLand(bundle.board, n) || !inPlayArea(bundle, n)) continue;
        // AW 33.9.1: the unit's own hex may trace across the Odon to an adjacent north-side hex.
        if (h !== u.hex && blocks(state, bundle, h, n)) continue;
        const kn = k + (adj(n) ? 1 : 0);
        if (kn > max) continue;
        const prev = best.get(n);
        if (prev !== undefined && prev <= kn) continue;
        best.set(n, kn);
        next.push(n);
      }
    }
    frontier = next;
  }
  return false;
}
