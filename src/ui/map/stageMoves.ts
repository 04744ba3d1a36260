/**
 * The Airborne Assault Stage's moves on the map (AW 41.3.7, 41.6, 41.8.0, 41.10.0). In an Allied
 * airborne movement segment or a German movement segment of the stage, the selected stack's units
 * move by `abMove` / `gMove`, counted in hexes (or MP) by the airborne module, not by GOSS movement:
 * the map highlights the hexes every moving unit of the stack may end in, and a click on one moves
 * them there (one action per unit, one undo step), as in the Movement Segment (interaction.ts).
 *
 * One unit at a time from the engine's query (abMoveOptions / gMoveOptions), cached per state: the
 * map's reach, its click and the Decisions panel share them; nothing here asks for a side's moves.
 */
import type { Action, GameState, Rejection, ScenarioBundle } from '../../engine';
import { sideToAct } from '../../engine';
import { abMoveOptions, gMoveOptions, germanSegment, ALLIED_MOVE_SEGMENTS, type StageMove } from '../../engine/query';
import { segmentAt } from '../../engine/sequence';
import { movableUnits, type ReachInfo } from './reach';

export type StageKind = 'abMove' | 'gMove';

/** Which stage move the segment now is made of, or null (no airborne module, another segment, a decision pending). */
export function stageMoveKind(state: GameState, bundle: ScenarioBundle): StageKind | null {
  if (!bundle.scenario.modules?.includes('airborne') || state.pos.part !== 'stage' || state.pending) return null;
  if (ALLIED_MOVE_SEGMENTS.includes(segmentAt(bundle.sequence, state.pos).segment.id)) return 'abMove';
  return germanSegment(state, bundle) ? 'gMove' : null;
}

/** One unit's moves now: why it may not move, or its allowance in words and its moves (every legal path). */
export type UnitStageMoves = { error: Rejection } | { allowance: string; moves: StageMove[] };

const cache = new WeakMap<GameState, Map<string, UnitStageMoves>>();

/** The unit's stage moves now (cached per state), or null outside a stage movement segment. */
export function unitStageMoves(state: GameState, bundle: ScenarioBundle, unitId: string): UnitStageMoves | null {
  const kind = stageMoveKind(state, bundle);
  if (!kind) return null;
  let m = cache.get(state);
  if (!m) cache.set(state, (m = new Map()));
  let r = m.get(unitId);
  if (!r) {
    const side = sideToAct(state);
    if (kind === 'abMove') {
      const o = abMoveOptions(state, bundle, unitId, side);
      r = 'error' in o ? o : { allowance: `${o.allowance.why} (${o.allowance.case})`, moves: o.moves };
    } else {
      const o = gMoveOptions(state, bundle, unitId, side);
      r = 'error' in o ? o : {
        allowance: 'hexes' in o.allowance
          ? `moves ${o.allowance.hexes} hex${o.allowance.hexes === 1 ? '' : 'es'} (${o.allowance.case})`
          : `moves ${o.allowance.mp} MP, costs doubled within three hexes of an Allied unit${o.allowance.closerTo ? `, ending closer to a ${o.allowance.closerTo} airborne unit` : ''} (${o.allowance.case})`,
        moves: o.moves,
      };
    }
    m.set(unitId, r);
  }
  return r;
}

/**
 * The move a click on `hex` makes for the unit: the one without a PR check on the way if there is
 * one (a FoW unit passing through an enemy hex, AW 41.3.7a, goes around when it can), else the shortest.
 */
function bestPerHex(moves: readonly StageMove[]): Map<number, StageMove> {
  const out = new Map<number, StageMove>();
  for (const m of moves) {
    const had = out.get(m.hex);
    if (!had || (had.check && !m.check) || (had.check === m.check && m.cost < had.cost)) out.set(m.hex, m);
  }
  return out;
}

/** Per movable unit of the stack in `hex` (all but `held`), its best move to each hex; null outside a stage movement segment. */
export function stageByUnit(state: GameState, bundle: ScenarioBundle, hex: number, held: readonly string[] = []): Map<string, Map<number, StageMove>> | null {
  if (!stageMoveKind(state, bundle)) return null;
  const out = new Map<string, Map<number, StageMove>>();
  for (const id of movableUnits(state, hex, held)) {
    const o = unitStageMoves(state, bundle, id);
    if (o && !('error' in o) && o.moves.length) out.set(id, bestPerHex(o.moves));
  }
  return out;
}

/**
 * The map's reach for the selected stack in a stage movement segment: the hexes every unit that can
 * move may end in, with the highest cost among them (hexes, or MP) and whether the move stops there
 * (or needs a PR check, AW 41.3.7a / 41.6.1). Null outside those segments or when nothing can move.
 */
export function stageReach(state: GameState, bundle: ScenarioBundle, hex: number, held: readonly string[] = []): Map<number, ReachInfo> | null {
  const per = stageByUnit(state, bundle, hex, held);
  if (!per?.size) return null;
  let out: Map<number, ReachInfo> | null = null;
  for (const dests of per.values()) {
    if (!out) { out = new Map([...dests].map(([h, m]) => [h, { cost: m.cost, halt: m.stop || m.check }])); continue; }
    for (const [h, v] of out) {
      const m = dests.get(h);
      if (!m) out.delete(h);
      else out.set(h, { cost: Math.max(v.cost, m.cost), halt: v.halt || m.stop || m.check });
    }
  }
  return out;
}

/** The actions that move the stack in `from` (all but `held`) to `to`, one per unit; null when some unit cannot go there. */
export function stageMovesTo(state: GameState, bundle: ScenarioBundle, from: number, to: number, held: readonly string[] = []): Action[] | null {
  const per = stageByUnit(state, bundle, from, held);
  if (!per?.size || ![...per.values()].every((d) => d.has(to))) return null;
  return [...per.values()].map((d) => d.get(to)!.action);
}
