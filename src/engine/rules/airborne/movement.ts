/**
 * Allied airborne movement in the Airborne Assault Stage (AW 41.3.7, 41.3.7a, 41.8.0): counted in
 * hexes, not MP. FoW units move up to two hexes and only toward a DZ or a river bridge (never from
 * one DZ to another); every other airborne unit, leaders included, up to three. Nobody ends more
 * than six hexes from a DZ or crosses an unbridged river; a unit starting in Marsh moves only one
 * hex along a road or trail (41.8.0: in the 2nd segment one hex in any way); entering Marsh or
 * Forest, or crossing a stream, off a road or trail stops the unit. Movement halts are ignored;
 * regrouped units never enter an enemy hex, a FoW unit able to move two hexes may try to pass
 * through one as its first hex (41.3.7a: the German's defensive PR check decides, germanMovement's
 * procedure `abPass`).
 *
 * Pure queries over (state, bundle) and the stage facts the caller gives (`AbCtx`), so the tests run
 * on hand-made maps and the handlers pass the airborne state.
 */
import type { Draft } from 'immer';
import { NEIGHBOURS, distance, hexsideBetween, hexsideHexes, type HexId } from '../../hex/lattice';
import { formatHex, hexOfRulesId, tryParseHexRef } from '../../hex/sheets';
import { NO_TERRAIN, terrainOf } from '../../board';
import { segmentAt } from '../../sequence';
import { FEATURE, ROUTE, tecOf } from '../terrain';
import { moduleOn } from '../extensions';
import { reject, type ActionHandler } from '../registry';
import { effectivePr } from '../combatPr';
import { prc } from '../../procedures/proficiency';
import { decisionHandlers, defineProcedure, startProcedure, type Run } from '../../procedures/stack';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../../types';
import { moduleState } from '../moduleState';
import { AIRBORNE, airborneData, airborneDraft, airborneState, dzHexes } from './state';
import { isFow } from './fow';
import { mutUnit, unitList, unitOf } from '../../unitTable';

export const CASE_MOVE = 'AW 41.3.7';
export const CASE_ENEMY = 'AW 41.3.7a';
export const CASE_MOVE2 = 'AW 41.8.0';

/** Roads and trails (AW 41.3.7 "road or trail"); a railway is neither. */
export const ROAD_OR_TRAIL = ROUTE.primary | ROUTE.secondary | ROUTE.trail;
/** River hexsides (AW 41.3.7 "un-bridged river hexside"; 41.3.7b "a bridge over a river (not streams)"). */
export const RIVER = FEATURE.river | FEATURE.majorRiver | FEATURE.canal;

/** What the stage knows that the map does not: where the DZs are, which units are FoW, which bridges are blown. */
export interface AbCtx {
  state: GameState;
  bundle: ScenarioBundle;
  /** Hexes of the DZs on the map (AW 41.3.7: no unit ends more than six hexes from one). */
  dzs: readonly HexId[];
  isFow(unitId: string): boolean;
  /** Hexside ids of bridges destroyed in the stage (AW 41.3.7b). */
  blown: ReadonlySet<number>;
  /** The 2nd Allied Movement Segment (AW 41.8.0: a unit starting in Marsh may move one hex off-road). */
  second: boolean;
}

const live = (u: UnitState | undefined): u is UnitState => !!u && !u.eliminated && u.hex !== null;

const enemyCache = new WeakMap<object, Map<string, Set<HexId>>>();

/** Hexes holding a live unit of the other side (cached per frozen units record). */
export function enemyHexes(state: GameState, side: 'allied' | 'german'): Set<HexId> {
  const frozen = Object.isFrozen(state.units);
  const hit = frozen ? enemyCache.get(state.units)?.get(side) : undefined;
  if (hit) return hit;
  const out = new Set<HexId>();
  for (const u of unitList(state)) if (live(u) && u.side !== side) out.add(u.hex!);
  if (frozen) { let m = enemyCache.get(state.units); if (!m) enemyCache.set(state.units, (m = new Map())); m.set(side, out); }
  return out;
}

/** Is the hexside between a and b a river hexside crossed by a bridge (a mapped bridge or a road) that is still standing? */
export function riverBridge(bundle: ScenarioBundle, blown: ReadonlySet<number>, a: HexId, b: HexId): boolean {
  const side = hexsideBetween(a, b);
  const feats = bundle.board.sides.get(side) ?? 0;
  if (!(feats & RIVER)) return false;
  const bridged = (feats & FEATURE.bridge) !== 0 || ((bundle.board.routes.get(side) ?? 0) & (ROAD_OR_TRAIL | ROUTE.railway)) !== 0;
  return bridged && !blown.has(side);
}

const bridgeCache = new WeakMap<object, number[]>();

/** Every standing river bridge hexside (AW 41.3.7b), by hexside id (the map's, cached per board). */
export function riverBridges(bundle: ScenarioBundle, blown: ReadonlySet<number>): number[] {
  let all = bridgeCache.get(bundle.board);
  if (!all) {
    all = [];
    for (const [side, feats] of bundle.board.sides) {
      if (!(feats & RIVER)) continue;
      const [a, b] = hexsideHexes(side);
      if (riverBridge(bundle, new Set(), a, b)) all.push(side);
    }
    all.sort((x, y) => x - y);
    bridgeCache.set(bundle.board, all);
  }
  return blown.size ? all.filter((x) => !blown.has(x)) : all;
}

/** Distance from a hex to a hexside: 0 when the hex borders it. */
export function distanceToSide(h: HexId, side: number): number {
  const [a, b] = hexsideHexes(side);
  return Math.min(distance(h, a), distance(h, b));
}

export function nearestDz(dzs: readonly HexId[], h: HexId): number {
  let best = Infinity;
  for (const z of dzs) best = Math.min(best, distance(h, z));
  return best;
}

/** The unit's allowance in hexes this segment, and how a Marsh start limits it (AW 41.3.7, 41.8.0). */
export interface AbAllowance { hexes: number; alongRoadOnly: boolean; case: string; why: string }

export function abAllowance(c: AbCtx, unitId: string): AbAllowance {
  const u = unitOf(c.state, unitId);
  const fow = c.isFow(unitId);
  const base: AbAllowance = fow
    ? { hexes: 2, alongRoadOnly: false, case: CASE_MOVE, why: 'a FoW unit moves up to two hexes' }
    : { hexes: 3, alongRoadOnly: false, case: CASE_MOVE, why: 'an airborne unit moves up to three hexes' };
  if (!live(u) || terrainOf(c.bundle.board, u.hex!) !== 'marsh') return base;
  if (c.second) return { hexes: 1, alongRoadOnly: false, case: CASE_MOVE2, why: 'a unit starting the 2nd Allied Movement Segment in a Marsh hex moves one hex' };
  const h = u.hex!;
  let road = false;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n >= 0 && (c.bundle.board.routes.get(hexsideBetween(h, n)) ?? 0) & ROAD_OR_TRAIL) road = true;
  }
  return road
    ? { hexes: 1, alongRoadOnly: true, case: CASE_MOVE, why: 'a unit starting in a Marsh hex with a road or trail moves one hex along it' }
    : { hexes: 0, alongRoadOnly: true, case: CASE_MOVE, why: 'a unit starting in a Marsh hex without a road or trail may not move' };
}

/** One step a→b: null when it may be taken, else why not; `stop` when the unit moves no further after it. */
export function abStep(c: AbCtx, a: HexId, b: HexId): { error: Rejection } | { stop: string | null } {
  const { bundle } = c;
  const t = bundle.board.terrain[b];
  if (t === NO_TERRAIN) return { error: { code: 'off-map', message: `${formatHex(b)} is not on the map`, case: CASE_MOVE } };
  const tec = tecOf(bundle);
  if (tec.leg[t] < 0) return { error: { code: 'prohibited-terrain', message: `airborne units may not enter ${terrainOf(bundle.board, b)} (${formatHex(b)})`, case: 'AW 41.3.7, GOSS 7 TEC' } };
  const side = hexsideBetween(a, b);
  const feats = bundle.board.sides.get(side) ?? 0;
  const routes = bundle.board.routes.get(side) ?? 0;
  if (feats & (FEATURE.sea | FEATURE.cliff)) return { error: { code: 'prohibited-terrain', message: `no unit crosses the hexside ${formatHex(a)}–${formatHex(b)}`, case: 'AW 41.3.7, GOSS 7 TEC' } };
  if ((feats & RIVER) && !riverBridge(bundle, c.blown, a, b)) {
    return { error: { code: 'unbridged-river', message: `the river hexside ${formatHex(a)}–${formatHex(b)} has no standing bridge: units may not cross an un-bridged river hexside`, case: CASE_MOVE } };
  }
  const onRoad = (routes & ROAD_OR_TRAIL) !== 0;
  const terrain = terrainOf(bundle.board, b);
  if (!onRoad && (terrain === 'marsh' || terrain === 'forest')) return { stop: `entering ${terrain} off a road or trail stops the unit` };
  if (!onRoad && (feats & FEATURE.stream)) return { stop: 'crossing a stream off a road or trail stops the unit' };
  return { stop: null };
}

/** A checked path: the hexes entered, and the enemy hex a FoW unit tries to pass through (AW 41.3.7a), if any. */
export interface AbWalk { path: HexId[]; through: HexId | null }

/** Why the path is illegal for the unit now, or the checked walk. The path lists the hexes entered, in order. */
export function checkAbPath(c: AbCtx, unitId: string, path: readonly HexId[]): AbWalk | { error: Rejection } {
  const u = unitOf(c.state, unitId);
  if (!live(u)) return { error: { code: 'not-on-map', message: `${unitId} is not on the map`, case: CASE_MOVE } };
  if (!path.length) return { error: { code: 'bad-action', message: 'the path is empty', case: CASE_MOVE } };
  const fow = c.isFow(unitId);
  const allow = abAllowance(c, unitId);
  if (path.length > allow.hexes) return { error: { code: 'over-ma', message: `${allow.why}; this path enters ${path.length}`, case: allow.case } };
  const enemy = enemyHexes(c.state, u.side);
  let through: HexId | null = null;
  let prev = u.hex!;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (distance(prev, h) !== 1) return { error: { code: 'not-adjacent', message: `${formatHex(h)} is not adjacent to ${formatHex(prev)}`, case: CASE_MOVE } };
    if (allow.alongRoadOnly && !((c.bundle.board.routes.get(hexsideBetween(prev, h)) ?? 0) & ROAD_OR_TRAIL)) {
      return { error: { code: 'marsh-road', message: allow.why, case: allow.case } };
    }
    const s = abStep(c, prev, h);
    if ('error' in s) return s;
    if (enemy.has(h)) {
      if (!fow) return { error: { code: 'enemy-hex', message: 're-grouped units may not enter enemy occupied hexes', case: CASE_ENEMY } };
      if (i !== 0 || allow.hexes < 2) return { error: { code: 'enemy-hex', message: 'a FoW unit may pass through an enemy hex only as the first hex it enters, and only when it may move two hexes', case: CASE_ENEMY } };
      if (i === path.length - 1) return { error: { code: 'enemy-hex', message: 'FoW units may not end their movement in an enemy occupied hex', case: CASE_ENEMY } };
      through = h;
    }
    if (s.stop && i < path.length - 1) return { error: { code: 'halted', message: `${s.stop} (${formatHex(h)}): it moves no further this segment`, case: CASE_MOVE } };
    prev = h;
  }
  const end = path[path.length - 1];
  if (nearestDz(c.dzs, end) > 6) return { error: { code: 'far-from-dz', message: `${formatHex(end)} is more than six hexes from every DZ: units may not end their movement there`, case: CASE_MOVE } };
  if (fow) {
    const bad = fowTowardProblem(c, u.hex!, path);
    if (bad) return { error: bad };
  }
  return { path: [...path], through };
}

/**
 * AW 41.3.7: a FoW unit moves toward a DZ or toward a bridge hexside it will try to blow; "a FoW unit
 * cannot leave one DZ and move to another DZ". Read as: some one target — a DZ, unless the unit starts
 * on a DZ, or a standing river bridge — is strictly nearer after every hex entered (docs/errata.md).
 */
export function fowTowardProblem(c: AbCtx, start: HexId, path: readonly HexId[]): Rejection | null {
  const onDz = c.dzs.includes(start);
  const approaches = (dist: (h: HexId) => number): boolean => {
    let d = dist(start);
    for (const h of path) { const n = dist(h); if (n >= d) return false; d = n; }
    return true;
  };
  if (!onDz) for (const z of c.dzs) if (approaches((h) => distance(h, z))) return null;
  // a bridge it could still reach to try in the stage: two Allied Movement Segments of two hexes (docs/errata.md)
  for (const side of riverBridges(c.bundle, c.blown)) if (distanceToSide(start, side) <= 4 && approaches((h) => distanceToSide(h, side))) return null;
  return {
    code: 'fow-toward',
    message: onDz
      ? 'a FoW unit on a DZ may only move toward a river bridge it will try to blow: it cannot leave one DZ for another'
      : 'a FoW unit must move toward a DZ or toward a river bridge it will try to blow, every hex nearer to it',
    case: CASE_MOVE,
  };
}

/** Every legal path of the unit now, one per end hex (passing through an enemy hex listed apart), shortest first. */
export function abDestinations(c: AbCtx, unitId: string): AbWalk[] {
  const u = unitOf(c.state, unitId);
  if (!live(u)) return [];
  const allow = abAllowance(c, unitId);
  const out = new Map<string, AbWalk>();
  const walk = (path: HexId[]) => {
    if (path.length) {
      const r = checkAbPath(c, unitId, path);
      if (!('error' in r)) {
        const key = `${path[path.length - 1]}|${r.through ?? ''}`;
        const had = out.get(key);
        if (!had || had.path.length > path.length) out.set(key, r);
      }
    }
    if (path.length >= allow.hexes) return;
    const from = path.length ? path[path.length - 1] : u.hex!;
    if (path.length) {
      const s = abStep(c, path.length > 1 ? path[path.length - 2] : u.hex!, from);
      if ('error' in s || s.stop) return;
    }
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[from * 6 + d];
      if (n < 0 || n === u.hex || path.includes(n)) continue;
      walk([...path, n]);
    }
  };
  walk([]);
  return [...out.values()].sort((a, b) => a.path.length - b.path.length || a.path[a.path.length - 1] - b.path[b.path.length - 1]);
}

// --- One unit's moves: what legalActions offers, and what the map shows for the selected unit -------

/**
 * One stage move of a unit (AW 41.3.7, 41.6): the hex it ends in, the action that makes it, what it
 * costs (hexes entered, or MP for a German MP move), whether the move stops the unit there (Marsh,
 * Forest, a stream, a FoW hex), and whether it needs a PR check on the way (passing through an enemy
 * hex, AW 41.3.7a; entering a FoW hex, AW 41.6.1).
 */
export interface StageMove { hex: HexId; action: Action; cost: number; stop: boolean; check: boolean }

/** The unit's moves in the stage context `c`, one per legal path, or why it may not move now. */
function abMovesOf(c: AbCtx, unitId: string, side: Side | null): { error: Rejection } | { allowance: AbAllowance; moves: StageMove[] } {
  const p = abMoverProblem(c.state, c.bundle, unitId, side);
  if (p) return { error: p };
  const from = unitOf(c.state, unitId).hex!;
  const moves = abDestinations(c, unitId).map((w): StageMove => {
    const end = w.path[w.path.length - 1];
    const s = abStep(c, w.path.length > 1 ? w.path[w.path.length - 2] : from, end);
    return { hex: end, action: { type: 'abMove', unit: unitId, path: w.path.map(formatHex) }, cost: w.path.length, stop: !('error' in s) && s.stop !== null, check: w.through !== null };
  });
  return { allowance: abAllowance(c, unitId), moves };
}

/**
 * AW 41.3.7, 41.8.0: the Allied airborne unit's moves now — the same `abMove` actions legalActions
 * offers for it — or why it may not move (its rule case). One unit only: the map and the Decisions
 * panel ask for the selected unit, never for the whole side after every action.
 */
export function abMoveOptions(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null): { error: Rejection } | { allowance: AbAllowance; moves: StageMove[] } {
  return abMovesOf(stageCtx(state, bundle), unitId, side);
}

// --- The actions (AW 41.3.7, 41.3.7a, 41.8.0) ---------------------------------------------------

/** B's record of the Allied Movement Segment in progress (AirborneState.moves). */
export interface AbMovesState {
  /** "<turn>:<segment id>" of the segment the list belongs to. */
  seg?: string;
  /** Units that have moved (or tried to blow a bridge) this segment. */
  moved?: string[];
}

export const ALLIED_MOVE_SEGMENTS = ['alliedMovement1', 'alliedMovement2'];

/** "<turn>:<segment id>": the key of the segment now (per-segment records). */
export function segKey(state: GameState, bundle: ScenarioBundle): string {
  return `${state.pos.turn}:${segmentAt(bundle.sequence, state.pos).segment.id}`;
}

/**
 * Hexside ids of the river bridges down: blown in the stage (AW 41.3.7b), and the Bénouville
 * hexside when the Pegasus mission left both its bridges destroyed (AW 41.1.1).
 */
export function blownSides(state: GameState, bundle: ScenarioBundle): ReadonlySet<number> {
  const a = airborneState(state);
  // The GOSS movement asks once per unit it searches for (afterStage.ts `blownBridges`): one set per (frozen) state.
  const raw = moduleState<object>(state, AIRBORNE);
  const hit = blownCache.get(raw);
  if (hit) return hit;
  const out = new Set<number>(a.bridges?.blown ?? []);
  if (a.pegasus && a.pegasus.orne === 'destroyed' && a.pegasus.canal === 'destroyed') {
    const { tables } = airborneData(bundle);
    const h = hexOfRulesId(tables.pegasus.hex);
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n >= 0 && riverBridge(bundle, new Set(), h, n)) out.add(hexsideBetween(h, n));
    }
  }
  if (Object.isFrozen(raw)) blownCache.set(raw, out);
  return out;
}
const blownCache = new WeakMap<object, ReadonlySet<number>>();

/** The stage context of the state now. */
export function stageCtx(state: GameState, bundle: ScenarioBundle): AbCtx {
  return {
    state, bundle, dzs: dzHexes(state), isFow: (id) => isFow(state, id), blown: blownSides(state, bundle),
    second: segmentAt(bundle.sequence, state.pos).segment.id === 'alliedMovement2',
  };
}

/** Has the unit moved (or tried a bridge) this segment? A revealed FoW counter's Coy has if its counter had. */
export function movedNow(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  const m = airborneState(state).moves;
  if (!m || m.seg !== segKey(state, bundle)) return false;
  const moved = m.moved ?? [];
  if (moved.includes(unitId)) return true;
  const rev = airborneState(state).revealed ?? {};
  return moved.some((ph) => rev[ph] === unitId);
}

/** Marks units as having moved this segment. */
export function markMoved(d: Draft<GameState>, bundle: ScenarioBundle, ...ids: string[]): void {
  const a = airborneDraft(d);
  const key = segKey(d as GameState, bundle);
  if (!a.moves || a.moves.seg !== key) a.moves = { seg: key, moved: [] };
  for (const id of ids) if (!a.moves.moved!.includes(id)) a.moves.moved!.push(id);
}

/** Why the unit may not move now, or null (the path aside). */
export function abMoverProblem(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null): Rejection | null {
  if (!moduleOn(bundle, AIRBORNE)) return { code: 'not-in-scenario', message: 'this scenario has no Airborne Assault Stage', case: CASE_MOVE };
  if (!ALLIED_MOVE_SEGMENTS.includes(segmentAt(bundle.sequence, state.pos).segment.id)) return { code: 'wrong-segment', message: 'airborne units move in the Allied Movement Segments of the Airborne Assault Stage', case: CASE_MOVE };
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def) return { code: 'no-such-unit', message: `there is no unit "${unitId}"`, case: CASE_MOVE };
  if (side !== 'allied' || u.side !== 'allied') return { code: 'not-your-unit', message: 'only the Allied player moves airborne units in this segment', case: CASE_MOVE };
  if (!def.airborne && !isFow(state, unitId)) return { code: 'not-airborne', message: `${def.designation} is not an airborne unit`, case: CASE_MOVE };
  if (!live(u)) return { code: 'not-on-map', message: `${def.designation} is not on the map`, case: CASE_MOVE };
  if (movedNow(state, bundle, unitId)) return { code: 'moved', message: `${def.designation} has already moved (or tried a bridge) this segment`, case: CASE_MOVE };
  return null;
}

function parsePath(refs: readonly string[]): HexId[] {
  return refs.map((r) => {
    const p = tryParseHexRef(r);
    if ('error' in p) reject('bad-hex', p.error);
    return (p as { hex: HexId }).hex;
  });
}

/** Puts a FoW / airborne unit at the end of its path and says so. */
function moveTo(d: Draft<GameState>, unitId: string, path: readonly HexId[], why: string): GameEvent {
  const from = unitOf(d, unitId).hex!;
  mutUnit(d, unitId).hex = path[path.length - 1];
  // The stage counts hexes, not MP (AW 41.3.7): the log says so (`hexes`).
  return { type: 'unitMoved', unit: unitId, from: formatHex(from), to: formatHex(path[path.length - 1]), path: path.map(formatHex), cost: path.length, hexes: true, case: why };
}

/** AW 41.3.7a: the German units in the hex a FoW unit tries to pass through that can make a defensive PR check. */
function passCheckers(state: GameState, h: HexId): string[] {
  return unitList(state).filter((u) => live(u) && u.side === 'german' && u.hex === h).map((u) => u.id).sort();
}

/** AW 41.3.7a: the German unit's defensive PR check; a fail lets the FoW unit through, a pass keeps it where it is. */
function resolvePass(run: Run, unitId: string, path: readonly HexId[], checker: string): void {
  const { d, ctx } = run;
  const pr = effectivePr(d as GameState, ctx.bundle, checker, 'def').pr ?? 0;
  const r = prc(ctx.dice, pr, 0, `AW 41.3.7a defensive PR check of ${checker} against a FoW unit passing through ${formatHex(path[0])}`);
  run.events.push({ type: 'abPassCheck', unit: unitId, checker, hex: formatHex(path[0]), roll: r.roll, pr, pass: r.pass, case: CASE_ENEMY });
  if (r.pass) run.events.push({ type: 'abPassBlocked', unit: unitId, hex: formatHex(path[0]), case: CASE_ENEMY });
  else run.events.push(moveTo(d, unitId, path, CASE_ENEMY));
}

export const abPassProcedure = defineProcedure({
  name: 'abPass',
  step(f) {
    if (f.$ === 'done') return { end: null };
    return { wait: { side: 'german', kind: 'abPassCheck', prompt: `A FoW unit tries to pass through ${formatHex(f.path[0])}: pick the German unit that makes the defensive PR check`, case: CASE_ENEMY } };
  },
  decisions: {
    abPassCheck: {
      case: CASE_ENEMY,
      what: 'choice of the German unit checking a FoW unit passing through',
      legal: (f, state) => passCheckers(state, f.path[0]).map((unit) => ({ type: 'abPassCheck', unit })),
      apply(f, action, run) {
        const a = action as ActionOf<'abPassCheck'>;
        if (!passCheckers(run.d as GameState, f.path[0]).includes(a.unit)) reject('illegal-choice', `${a.unit} is not a German unit in ${formatHex(f.path[0])}`, CASE_ENEMY);
        resolvePass(run, f.unit, f.path, a.unit);
        f.$ = 'done';
      },
    },
  },
});

export const abMoveHandlers: ActionHandler[] = [
  {
    type: 'abMove',
    apply(d, action, ctx) {
      const a = action as ActionOf<'abMove'>;
      const state = d as GameState;
      const p = abMoverProblem(state, ctx.bundle, a.unit, ctx.side);
      if (p) reject(p.code, p.message, p.case);
      const path = parsePath(a.path);
      const w = checkAbPath(stageCtx(state, ctx.bundle), a.unit, path);
      if ('error' in w) reject(w.error.code, w.error.message, w.error.case);
      const walk = w as AbWalk;
      markMoved(d, ctx.bundle, a.unit);
      if (walk.through === null) return [moveTo(d, a.unit, walk.path, stageCtx(state, ctx.bundle).second ? CASE_MOVE2 : CASE_MOVE)];
      const run: Run = { d, ctx, events: [] };
      const checkers = passCheckers(state, walk.through);
      // one German unit there: nothing to choose
      if (checkers.length === 1) { resolvePass(run, a.unit, walk.path, checkers[0]); return run.events; }
      startProcedure(run, { proc: 'abPass', unit: a.unit, path: walk.path });
      return run.events;
    },
    legal(state, side, bundle) {
      if (side !== 'allied' || !moduleOn(bundle, AIRBORNE)) return [];
      if (!ALLIED_MOVE_SEGMENTS.includes(segmentAt(bundle.sequence, state.pos).segment.id)) return [];
      const c = stageCtx(state, bundle);
      const out: Action[] = [];
      for (const u of unitList(state)) {
        if (u.side !== 'allied') continue;
        const o = abMovesOf(c, u.id, side);
        if (!('error' in o)) for (const m of o.moves) out.push(m.action);
      }
      return out;
    },
  },
  ...decisionHandlers(abPassProcedure),
];
