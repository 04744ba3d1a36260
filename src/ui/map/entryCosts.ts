/**
 * Terrain-only movement costs (GOSS 7 TEC) for the hex inspector: what Leg, Mech (off-road) and
 * Mech road movement (GOSS 7.10) pay to enter a hex from each neighbour. Computed by the engine's
 * own step function (`stepCost` in movement-search.ts, the one every move is validated with) on an
 * empty map, so the inspector cannot disagree with the rules engine. The situational surcharges
 * are left out on purpose and named in the UI: adjacent enemy (GOSS 7.8.0), friendly-occupied hex
 * on a road (AW 31.2.1), night allowance (AW 31.6), supply limits (GOSS 7.7.5) and halts (AW 31.8).
 */
import tecJson from '../../../data/tables/tec.json';
import type { Board } from '../../engine/board';
import { NO_TERRAIN, sideFeatures, routesBetween } from '../../engine/board';
import { DIRECTIONS, HEX_COUNT, NEIGHBOURS, type HexId } from '../../engine/hex/lattice';
import type { GameState, ScenarioBundle, UnitState } from '../../engine';
import type { UnitDef } from '../../data/schemas/unit';
import { stepCost, ALL_MA, type MoverCtx, type SideView, type MoveType, tecOf } from '../../engine/query';

/** MP to enter, null when prohibited (with the engine's reason), 'allMA' for a whole-MA move. */
export type EntryCost = { mp: number } | { prohibited: string } | { allMA: true };

export interface EntryRow {
  dir: (typeof DIRECTIONS)[number];
  from: HexId;
  /** Hexside features and routes crossed (rivers, bridges, roads…). */
  side: string[];
  leg: EntryCost;
  mech: EntryCost;
  mechRoad: EntryCost;
}

// Browsing a map has no scenario bundle: the map's own board plus the committed TEC stand in for one.
// tecOf caches per `tables` object, so it must be one object for the app's lifetime.
const BUILTIN_TABLES = { tec: tecJson };
const browseBundles = new WeakMap<Board, ScenarioBundle>();

function bundleFor(board: Board, bundle: ScenarioBundle | null): ScenarioBundle {
  if (bundle && bundle.board === board) return bundle;
  let b = browseBundles.get(board);
  if (!b) browseBundles.set(board, (b = { board, tables: BUILTIN_TABLES } as unknown as ScenarioBundle));
  return b;
}

const EMPTY_FLAGS = new Uint8Array(HEX_COUNT);
const EMPTY_VIEW: SideView = { side: 'allied', flags: EMPTY_FLAGS, friendly: () => false, coverAt: () => 0, noSlide: [], enemyHexes: [], night: false };

function one(b: ScenarioBundle, leg: boolean, type: MoveType, from: HexId, to: HexId): EntryCost {
  // stepCost reads the unit, its definition and the game state only through the view, `enter`
  // and `gens`, which are empty here (entryCosts.test.ts fails if that ever changes).
  const c: MoverCtx = {
    state: null as unknown as GameState, unit: null as unknown as UnitState, def: null as unknown as UnitDef,
    bundle: b, tec: tecOf(b), view: EMPTY_VIEW, leg, mode: 'tactical', type, commando: false, enter: null, gens: null,
  };
  const why: { reason?: string; case?: string } = {};
  const v = stepCost(c, from, to, why);
  if (v === ALL_MA) return { allMA: true };
  if (v < 0) return { prohibited: why.reason ? `${why.reason}${why.case ? ` (${why.case})` : ''}` : 'prohibited' };
  return { mp: v / 2 };
}

/** Entry costs into `to` from each on-map neighbour, N clockwise; empty for a hex no unit may enter. */
export function entryCosts(board: Board, bundle: ScenarioBundle | null, to: HexId): EntryRow[] {
  if (to < 0 || board.terrain[to] === NO_TERRAIN) return [];
  const b = bundleFor(board, bundle);
  const rows: EntryRow[] = [];
  for (let d = 0; d < 6; d++) {
    const from = NEIGHBOURS[to * 6 + d];
    if (from < 0 || board.terrain[from] === NO_TERRAIN) continue;
    rows.push({
      dir: DIRECTIONS[d], from,
      side: [...sideFeatures(board, from, to), ...routesBetween(board, from, to)],
      leg: one(b, true, 'offroad', from, to),
      mech: one(b, false, 'offroad', from, to),
      mechRoad: one(b, false, 'road', from, to),
    });
  }
  return rows;
}

export function formatCost(c: EntryCost): string {
  if ('mp' in c) return String(c.mp);
  if ('allMA' in c) return 'all MA';
  return '—';
}
