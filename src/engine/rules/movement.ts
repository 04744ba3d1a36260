/**
 * Movement (GOSS 7, AW 31.2.1, 31.5, 31.6, 31.8): marking PA / CR / Exploit and flipping artillery in
 * battery before anything moves, then moving units one at a time along paths of adjacent hexes.
 * The costs, halts and allowances are in movement-search.ts; this file holds the actions, their
 * legality and the queries the UI and the other rule modules call.
 */
import { isDraft } from 'immer';
import { areAdjacent, distance, formatHex, hexsideBetween, neighbours, tryParseHexRef, type HexId } from '../hex';
import { HEX_COUNT, NEIGHBOURS } from '../hex/lattice';
import { canObserve, losRange } from './observation';
import { segmentAt } from '../sequence';
import { reject, type RuleModule } from './registry';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import { tecOf } from './terrain';
import {
  ALL_MA, F_ENEMY, F_ENEMY_ADJ, allowance, groundExemptRoutes, groundNow, haltAt, isNight, isRoadStart, moveRecordNow, pathFrom, roadMarchRoutes, search, sideView, stepCost,
  type Allowance, type Halt, type MoveMode, type MoveType, type MoverCtx, type SideView,
} from './movement-search';
import {
  MARKER, hasMarker, isArtillery, isArtilleryGroup, isCommando, isHq, isInfantry, stepsLeft,
} from './unit-traits';
import { freeGroupHost, freeGroupProblem, hexStackViolation, stackViolations } from './stacking';
import { actsAsGroup } from './artilleryGroups';
import { enterFilter } from './scenarioArea';
import { genSCost, supplyRule } from './supply';
import { changedUnits, readUnits, unitIndex, unmodifiedBase } from './unitIndex';
import { predecessorOf } from './lineage';
import { BoxedCache } from '../boxCache';
import { isRestGT } from './restGT';
import { boxAt, isBox, locationName, locationOf } from './locations';
import { acrossBoundary, mayAct, moveLimits, tracksFarMp } from './extensions';
import { downBridgeSides, placedBridgeSides } from './placedBridges';
import { isMotorised, moveClassOf } from './motorised';
import { mutUnit, patchUnit, putUnit, unitIds, unitOf, unitTable, withUnits } from '../unitTable';

export type { MoveType, MoveMode, Halt, Allowance };

const MARKABLE = ['PA', 'CR', 'Exploit', 'IB'] as const;

/** Thrown as a value by the checks below: a rejection with its case. */
type Check = Rejection | null;
const no = (code: string, message: string, ruleCase?: string): Rejection => ({ code, message, case: ruleCase });

function segmentId(state: GameState, bundle: ScenarioBundle): string {
  return segmentAt(bundle.sequence, state.pos).segment.id;
}

function phasing(state: GameState, bundle: ScenarioBundle): Side {
  return bundle.scenario.sides[state.pos.playerTurn];
}

/** The movement mode a unit would use now, or a rejection saying why it may not move (AW 31.2.1, 31.5). */
export function moveMode(state: GameState, bundle: ScenarioBundle, unitId: string): { mode: MoveMode } | { error: Rejection } {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def) return { error: no('no-such-unit', `there is no unit "${unitId}"`) };
  const name = def.designation;
  if (u.hex === null || u.eliminated) {
    // Where the unit is (docs/engine.md "Locations"): a unit in an off-map box leaves it by the box's own moves.
    const loc = locationOf(u);
    return { error: no('not-on-map', isBox(loc) && boxAt(bundle, loc) ? `${name} is in ${locationName(bundle, loc)}, not on the map` : `${name} is not on the map`) };
  }
  if (u.side !== phasing(state, bundle)) return { error: no('not-your-unit', `${name} belongs to the other side`) };
  // The scenario's may-act filters (AW 1.2.6a fixed or inactive garrison; AW 33.7.1-33.7.2 inactive corps, Germans east of the boundary).
  const g = mayAct(state, bundle, unitId, 'move');
  if (g) return { error: g };
  if (def.moveClass === 'static' || def.ma <= 0) return { error: no('static', `${name} is static (MA 0) and cannot move`, 'GOSS 4.3.3') };
  const seg = segmentId(state, bundle);
  if (seg === 'exploitation') {
    if (!hasMarker(u, MARKER.EXPLOIT)) return { error: no('not-exploit', `only units marked Exploit move in the Exploitation Segment; ${name} is not`, 'AW 31.5') };
    return { mode: 'exploit' };
  }
  if (seg !== 'move') return { error: no('wrong-segment', `units move only in the Movement Segment (and Exploit units in the Exploitation Segment), not the ${segmentAt(bundle.sequence, state.pos).segment.name}`, 'AW 31.2.1e') };
  if (hasMarker(u, MARKER.BUILD)) return { error: no('building', `${name} is building a fieldwork and does nothing else until it is finished`, 'GOSS 17.3') };
  if (hasMarker(u, MARKER.DEMO)) return { error: no('demolition', `${name} tried a bridge demolition and may not move in this Movement Phase`, 'GOSS 17.3.2c') };
  if (hasMarker(u, MARKER.CR)) return { error: no('cr-may-not-move', `${name} is in combat reserve; CR units may not move`, 'AW 31.2.1') };
  if (hasMarker(u, MARKER.EXPLOIT)) return { error: no('exploit-may-not-move', `${name} is marked Exploit; it moves only after all GAs, in the Exploitation Segment`, 'AW 31.5') };
  return { mode: hasMarker(u, MARKER.PA) ? 'pa' : 'tactical' };
}

interface SegmentMoves { last: string | null; lastSeq: number; moved: Set<Side>; paMoved: Set<Side> }
const movesCache = new BoxedCache<object, { pos: GameState['pos']; moves: SegmentMoves }>('segmentMoves');

/** The seq of the last move in this segment (GOSS 7.1: units move one at a time; a free-stacked group, GOSS 6.2, as one). */
function lastMoveSeq(state: GameState, bundle: ScenarioBundle): number {
  return segmentMoves(state, bundle).lastSeq;
}

/**
 * Who has moved in this segment (GOSS 7.1, AW 31.2.1): the last mover, the sides with a move record,
 * and the sides whose PA units have moved. One pass over the units, cached per frozen state (legal
 * marks ask it for every unit); drafts are read without creating a proxy per unit (readUnits).
 */
export function segmentMoves(state: GameState, bundle: ScenarioBundle): SegmentMoves {
  const hit = movesCache.get(state.units);
  if (hit && hit.pos === state.pos) return hit.moves;
  // Looked up first: Object.isFrozen is O(properties) on the large units record.
  const frozen = !isDraft(state.units) && Object.isFrozen(state.units);
  const seg = segmentAt(bundle.sequence, state.pos).segment.id;
  const { turn, playerTurn } = state.pos;
  const now = (m: UnitState['move']): m is NonNullable<UnitState['move']> => !!m && m.turn === turn && m.playerTurn === playerTurn && m.segment === seg;
  const count = (out: SegmentMoves, u: UnitState) => {
    const m = u.move;
    if (!now(m)) return;
    out.moved.add(u.side);
    if (hasMarker(u, MARKER.PA)) out.paMoved.add(u.side);
    if (m.seq > out.lastSeq) { out.lastSeq = m.seq; out.last = u.id; }
  };
  const derived = frozen ? derivedMoves(state, count, now) : null;
  const out = derived ?? { last: null, lastSeq: -1, moved: new Set<Side>(), paMoved: new Set<Side>() };
  if (!derived) for (const u of readUnits(state.units)) count(out, u);
  if (frozen) movesCache.set(state.units, { pos: state.pos, moves: out });
  return out;
}

/**
 * The previous state's answer with the units the action changed counted in (issue 17: a move
 * changes one stack; each move counted every unit again), when the segment is the same and no
 * changed unit had a move of this segment before (moves only add; a record changed or removed is
 * counted whole). Null otherwise.
 */
function derivedMoves(state: GameState, count: (out: SegmentMoves, u: UnitState) => void, now: (m: UnitState['move']) => boolean): SegmentMoves | null {
  const p = predecessorOf(state);
  if (!p || p.top.pos !== state.pos) return null;
  const prev = movesCache.get(p.top.units as object);
  if (!prev || prev.pos !== state.pos) return null;
  const changed = changedUnits(p, state);
  if (!changed) return null;
  for (const [a] of changed) if (now(a.move)) return null;
  const out: SegmentMoves = { last: prev.moves.last, lastSeq: prev.moves.lastSeq, moved: new Set(prev.moves.moved), paMoved: new Set(prev.moves.paMoved) };
  for (const [, b] of changed) count(out, b);
  return out;
}

/** GOSS 7.1: the unit has moved (or overrun) this phase and another unit has moved since: its move is over. */
export function moveFinished(state: GameState, bundle: ScenarioBundle, u: UnitState): boolean {
  const rec = moveRecordNow(state, bundle, u);
  return !!rec && rec.seq !== lastMoveSeq(state, bundle);
}

/** Why the unit may not (start or continue to) move now, or null. */
function moveBlock(state: GameState, bundle: ScenarioBundle, unitId: string, mode: MoveMode): Check {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId)!;
  const rec = moveRecordNow(state, bundle, u);
  if (rec) {
    if (rec.halted) return no('halted', `${def.designation} halted this phase and may not move again`, 'GOSS 7.7');
    // The units of the last move share its seq: one unit, or the members of a free-stacked group (GOSS 6.2).
    if (rec.seq !== lastMoveSeq(state, bundle)) return no('move-finished', `${def.designation} finished its move when another unit began moving; units move one at a time`, 'GOSS 7.1');
  }
  // AW 31.2.1: PA-marked units move after all other movement.
  if (mode === 'tactical' && segmentMoves(state, bundle).paMoved.has(u.side)) {
    return no('pa-moved', 'PA units have begun moving; other units may no longer move this segment', 'AW 31.2.1');
  }
  return null;
}

function ctxFor(state: GameState, bundle: ScenarioBundle, unitId: string, mode: MoveMode, type: MoveType): MoverCtx {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId)!;
  return {
    state, bundle, tec: tecOf(bundle), view: sideView(state, bundle, u.side, ignoredBy(state, bundle, u)), unit: u, def,
    leg: moveClassOf(def, u) !== 'mech', mode, type, commando: isCommando(def),
    enter: enterFilter(state, bundle, unitId), gens: gensFor(state, bundle, u),
    observed: observedFor(state, bundle, u.side, type),
    ground: groundNow(state, bundle, u.hex).ground, bridges: nonEmpty(placedBridgeSides(state, bundle)), blown: nonEmpty(downBridgeSides(state, bundle)),
    limits: moveLimits(state, bundle, unitId),
    ...(isRestGT(state, bundle, u.side) ? { restGt: true } : {}),
  };
}

/** `ctx` for another movement type: only the type and the Leg road march's observation depend on it (each type a move may use is walked with one context). */
function retyped(ctx: MoverCtx, type: MoveType): MoverCtx {
  return ctx.type === type ? ctx : { ...ctx, type, observed: observedFor(ctx.state, ctx.bundle, ctx.unit.side, type) };
}

/** GOSS 7.6.1 step 2: only a Leg road march asks whether a hex is observed by the enemy. */
function observedFor(state: GameState, bundle: ScenarioBundle, side: Side, type: MoveType): MoverCtx['observed'] {
  return type === 'legroad' ? observedBy(state, bundle, side) : null;
}

/** A set, or undefined when it is empty: the search asks it per step (stepCost), mostly of no bridge at all. */
const nonEmpty = <T>(s: ReadonlySet<T>): ReadonlySet<T> | undefined => (s.size ? s : undefined);

/** GOSS 7.7.5 / AW 32.9: the side's GenS trace for the movement restriction, when the scenario traces supply. */
function gensFor(state: GameState, bundle: ScenarioBundle, u: UnitState): MoverCtx['gens'] {
  const rule = supplyRule(bundle, u.side);
  if (!rule || u.hex === null) return null;
  const cost = genSCost(state, bundle, u.side);
  return { cost, max: rule.maxAdjacentToEnemy, oos: hasMarker(u, MARKER.OOS), outside: (cost.get(u.hex) ?? Infinity) > rule.maxAdjacentToEnemy };
}

/** The movement types the unit may use now (GOSS 7.4, 7.10.1: Mech road movement starts on a road or dry clear hex; GOSS 7.6.2 Leg road march). */
function typesFor(state: GameState, bundle: ScenarioBundle, unitId: string, mode: MoveMode): MoveType[] {
  if (mode === 'pa') return ['pa'];
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId)!;
  const rec = moveRecordNow(state, bundle, u);
  if (rec && rec.type !== 'pa') return [rec.type];
  const gr = groundNow(state, bundle, u.hex);
  // GOSS 7.6.1 step 5 / 19.4: a move wholly along primary or secondary roads keeps the MA the ground condition would reduce.
  const main = (mech: boolean): MoveType[] => {
    const fx = gr.fx;
    const reduces = !!fx && (!!fx.maDivisor || (mech && !!fx.mechMa));
    return reduces && isRoadStart(bundle, u.hex!, gr.ground, groundExemptRoutes(tecOf(bundle))) ? ['mainroad'] : [];
  };
  if (moveClassOf(def, u) !== 'mech') return !rec && mode === 'tactical' && roadMarchStart(state, bundle, u) ? ['offroad', 'legroad', ...main(false)] : ['offroad', ...main(false)];
  const start = rec ? rec.from : u.hex!;
  // GOSS 6.7.0: an overstacked unit may not use Mech road movement (reconstructed: the stack it starts the move in).
  if (!rec && overstackedAt(state, bundle, u)) return ['offroad'];
  return isRoadStart(bundle, u.hex!, gr.ground) && (!rec || isRoadStart(bundle, start, gr.ground)) ? ['road', 'offroad', ...main(true)] : ['offroad', ...main(true)];
}

function overstackedAt(state: GameState, bundle: ScenarioBundle, u: UnitState): boolean {
  const v = hexStackViolation(state, bundle, u.hex!, u.side);
  return !!v && v.case !== 'AW 31.9.2a';
}

/**
 * GOSS 7.6.1 step 2 / 7.6.2: a Leg unit may road-march (+2 MA) when it is in GenS (no OhS / OoS marker),
 * has spent no MP, starts on a primary or secondary road, not adjacent to an enemy and not observed
 * by an enemy ground unit. (AW 31 has no command rules, so "in command" always holds.)
 */
function roadMarchStart(state: GameState, bundle: ScenarioBundle, u: UnitState): boolean {
  const tec = tecOf(bundle);
  const mask = roadMarchRoutes(tec);
  if (!mask || u.hex === null || u.mpSpent !== 0 || hasMarker(u, MARKER.OOS) || hasMarker(u, MARKER.OHS)) return false;
  const view = sideView(state, bundle, u.side);
  if (view.flags[u.hex] & F_ENEMY_ADJ) return false;
  let onRoad = false;
  for (const n of neighbours(u.hex)) if ((bundle.board.routes.get(hexsideBetween(u.hex, n)) ?? 0) & mask) { onRoad = true; break; }
  return onRoad && !observedBy(state, bundle, u.side)(u.hex);
}

const observedCache = new BoxedCache<GameState, Map<Side, (h: HexId) => boolean>>('observedBy');
/** Is hex `h` observed by a ground unit of `side`'s enemy (GOSS 8.2, the mover counted as moving)? Cached per state and side. */
export function observedBy(state: GameState, bundle: ScenarioBundle, side: Side): (h: HexId) => boolean {
  let m = observedCache.get(state);
  if (!m) { m = new Map(); observedCache.set(state, m); }
  const hit = m.get(side);
  if (hit) return hit;
  const enemies = readUnits(state.units).filter((e) => e.side !== side && e.hex !== null && !e.eliminated);
  const seen = new Map<HexId, boolean>();
  const f = (h: HexId): boolean => {
    const k = seen.get(h);
    if (k !== undefined) return k;
    let obs = false;
    for (const e of enemies) {
      // The observer's LOS range bounds every observation but the adjacent one (GOSS 8.1.2, 8.2.3).
      const dist = distance(e.hex!, h);
      if (dist > OBSERVE_REACH || (dist > 1 && dist > losRange(state, bundle, e.hex!))) continue;
      if (canObserve(state, bundle, e.id, h, { targetMoving: true }).ok) { obs = true; break; }
    }
    seen.set(h, obs);
    return obs;
  };
  m.set(side, f);
  return f;
}
/** No LOS in the AW map reaches farther (the highest vantage points, AW 1.2.8). */
const OBSERVE_REACH = 12;

export interface Destination {
  hex: HexId;
  /** Rules hex id (e.g. "C4522"). */
  ref: string;
  /** MP this move costs (PA: hexes entered). */
  cost: number;
  /** Path of hex refs from the unit's hex (exclusive) to the destination (inclusive): a ready `move` action path. */
  path: string[];
  type: MoveType;
  /** The halt the unit suffers on arrival (it may go no further this phase). */
  halt: Halt | null;
  /** Reached only by the minimum move (GOSS 7.3.0), spending all remaining MA. */
  minimumMove: boolean;
}

export interface MoveOptions {
  unit: string;
  mode: MoveMode;
  allowance: Allowance;
  destinations: Destination[];
}

/**
 * Every hex the unit can move to now, with cost, path and the halt it causes (for highlighting and
 * for legalActions). A rejection says why the unit cannot move at all.
 */
export function movementOptions(state: GameState, bundle: ScenarioBundle, unitId: string): MoveOptions | { error: Rejection } {
  const m = moveMode(state, bundle, unitId);
  if ('error' in m) return m;
  const block = moveBlock(state, bundle, unitId, m.mode);
  if (block) return { error: block };
  const best = new Map<HexId, Destination>();
  // At equal cost the type that leaves more of its allowance wins (a road march or a move along the
  // main roads in mud keeps the MA the unit would lose otherwise).
  const leftAt = new Map<HexId, number>();
  let allow: Allowance | null = null;
  for (const type of typesFor(state, bundle, unitId, m.mode)) {
    const r = reachFor(state, bundle, unitId, m.mode, type);
    // The allowance shown is the unit's own (a 'mainroad' allowance holds only along the main roads).
    if (type !== 'mainroad' || !allow) allow = r.allowance;
    const { reach, start, entry } = r;
    const here = unitOf(state, unitId).hex!;
    for (const h of reach.hexes) {
      if (h === start) {
        // GOSS 5.3.5: after a successful overrun the unit may end in the overrun hex if its defenders are gone (its entry was paid).
        if (entry !== null && !(r.ctx.view.flags[entry] & F_ENEMY) && !best.has(entry)) {
          best.set(entry, { hex: entry, ref: formatHex(entry), cost: 0, type, path: [formatHex(entry)], halt: null, minimumMove: false });
        }
        continue;
      }
      if (h === here) continue;
      const costX2 = reach.cost[h];
      const cost = type === 'pa' ? costX2 : costX2 / 2;
      const prev = best.get(h);
      const left = r.allowance.budget - r.allowance.spent - costX2;
      if (prev && (prev.cost < cost || (prev.cost === cost && (leftAt.get(h) ?? 0) >= left))) continue;
      leftAt.set(h, left);
      best.set(h, {
        hex: h, ref: formatHex(h), cost, type,
        path: (entry !== null ? [entry, ...pathFrom(reach, start, h)] : pathFrom(reach, start, h)).map(formatHex),
        halt: reach.halt[h] ? haltAt(r.ctx, reach.prev[h], h) : null,
        minimumMove: reach.minimum[h] === 1,
      });
    }
  }
  return { unit: unitId, mode: m.mode, allowance: allow!, destinations: [...best.values()].sort((a, b) => a.hex - b.hex) };
}

/** GOSS 7.3.0: the minimum move is for a unit that has neither moved nor spent MP this phase (an overrun, a breakdown, GOSS 18, spend MP). */
function isFresh(rec: ReturnType<typeof moveRecordNow>, u: UnitState): boolean {
  return (!rec || rec.hexes === 0) && u.mpSpent === 0;
}

function reachFor(state: GameState, bundle: ScenarioBundle, unitId: string, mode: MoveMode, type: MoveType) {
  const ctx = ctxFor(state, bundle, unitId, mode, type);
  const allow = allowance(ctx);
  const rec = moveRecordNow(state, bundle, ctx.unit);
  const entry = overrunEntry(state, bundle, ctx.unit);
  const start = entry ?? ctx.unit.hex!;
  const left = Math.max(0, allow.budget - allow.spent);
  const fresh = isFresh(rec, ctx.unit);
  const maxHexes = allow.hexLimit === undefined ? -1 : Math.max(0, allow.hexLimit - (rec?.hexes ?? 0));
  return { ctx, allowance: allow, start, entry, reach: search(ctx, start, left, fresh, maxHexes) };
}

/** GOSS 5.3.5: the units an Exploit unit overran successfully this phase (it ignores them for the rest of it). */
function ignoredBy(state: GameState, bundle: ScenarioBundle, u: UnitState): string[] | undefined {
  const rec = moveRecordNow(state, bundle, u);
  return rec?.ignore?.length && !rec.halted && hasMarker(u, MARKER.EXPLOIT) ? rec.ignore : undefined;
}

/**
 * GOSS 5.3.5: the hex a unit overran successfully this phase and has not moved on from: it has entered
 * it (the overrun paid its entry) and continues from there "ignoring the overrun units"; it may not end
 * its move stacked with them (if it stops short it stays in — goes back to — the hex it came from).
 * The overrun rules record the hex (`move.overrun`); a failed overrun halts the unit and takes its Exploit.
 */
export function overrunEntry(state: GameState, bundle: ScenarioBundle, u: UnitState): HexId | null {
  const rec = moveRecordNow(state, bundle, u);
  if (!rec || rec.overrun === undefined || rec.halted || state.pending || !hasMarker(u, MARKER.EXPLOIT)) return null;
  return rec.overrun;
}

/**
 * Legal destinations of one unit as flat arrays (the hot path the bench measures): hex ids and
 * costs ×2 of every reachable hex. Same search as movementOptions without building paths.
 */
export function legalDestinations(state: GameState, bundle: ScenarioBundle, unitId: string): { hexes: Int32Array; costX2: Int32Array } {
  const m = moveMode(state, bundle, unitId);
  if ('error' in m || moveBlock(state, bundle, unitId, m.mode)) return { hexes: new Int32Array(0), costX2: new Int32Array(0) };
  const merged = new Map<number, number>();
  for (const type of typesFor(state, bundle, unitId, m.mode)) {
    const { reach, start, entry, ctx } = reachFor(state, bundle, unitId, m.mode, type);
    const here = unitOf(state, unitId).hex!;
    for (const h of reach.hexes) {
      if (h === here) continue;
      if (h === start && (entry === null || ctx.view.flags[entry] & F_ENEMY)) continue;
      const c = reach.cost[h];
      const p = merged.get(h);
      if (p === undefined || c < p) merged.set(h, c);
    }
  }
  const hexes = new Int32Array(merged.size);
  const costX2 = new Int32Array(merged.size);
  let i = 0;
  for (const [h, c] of merged) { hexes[i] = h; costX2[i] = c; i++; }
  return { hexes, costX2 };
}

interface Walk { ok: true; cost: number; hexes: HexId[]; halt: Halt | null; type: MoveType; minimum: boolean; /** The cost of entering each hex of `hexes` (half-MP units). */ steps: number[] }

/** Walks a submitted path with one movement type; returns the outcome or the first violation. */
function walk(ctx: MoverCtx, refs: string[]): Walk | { ok: false; error: Rejection } {
  const { state, bundle, mode, type, def } = ctx;
  const allow = allowance(ctx);
  const rec = moveRecordNow(state, bundle, ctx.unit);
  const fresh = isFresh(rec, ctx.unit);
  const left = allow.budget - allow.spent;
  if (allow.hexLimit !== undefined && (rec?.hexes ?? 0) + refs.length > allow.hexLimit) {
    return { ok: false, error: no('lull-hexes', `during the lull ${def.designation} may move only ${allow.hexLimit} hex${allow.hexLimit > 1 ? 'es' : ''} this GT`, 'AW 34.10.1') };
  }
  let at = ctx.unit.hex!;
  let cost = 0;
  let halt: Halt | null = null;
  let minimum = false;
  const hexes: HexId[] = [];
  const steps: number[] = [];
  let first = 0;
  const entry = overrunEntry(state, bundle, ctx.unit);
  const r0 = tryParseHexRef(refs[0]);
  if (entry !== null && !('error' in r0) && r0.hex === entry) {
    // GOSS 5.3.5: the overrunner enters the overrun hex (paid by the overrun) and moves on from it.
    if (refs.length === 1 && (ctx.view.flags[entry] & F_ENEMY)) return { ok: false, error: no('overrun-stack', `${def.designation} may not end its move stacked with the units it overran in ${refs[0]}; it moves on or stays where it is`, 'GOSS 5.3.5') };
    at = entry; hexes.push(entry); steps.push(0); first = 1;
  }
  for (let i = first; i < refs.length; i++) {
    const ref = refs[i];
    const r = tryParseHexRef(ref);
    if ('error' in r) return { ok: false, error: no('bad-hex', r.error) };
    const h = r.hex;
    if (!areAdjacent(at, h)) return { ok: false, error: no('not-adjacent', `${ref} is not adjacent to ${formatHex(at)}: a unit moves hex by hex`, 'GOSS 7.1') };
    if (halt) return { ok: false, error: no('halted', `${def.designation} halts in ${formatHex(at)} (${halt.reason}) and may not continue to ${ref}`, halt.case) };
    const why: { reason?: string; case?: string; code?: string } = {};
    const step = stepCost(ctx, at, h, why);
    if (step === -1) {
      const code = why.code ? why.code : why.case === 'GOSS 7.1' && why.reason?.startsWith('the hex holds') ? 'enemy-hex' : why.case === 'GOSS 7.9.0' ? 'no-sliding' : why.reason?.includes('not on the playing') ? 'off-map' : type === 'road' ? 'not-road' : 'prohibited-terrain';
      return { ok: false, error: no(code, `${ref}: ${why.reason ?? 'prohibited'}`, why.case ?? 'GOSS 7 TEC') };
    }
    const oneHex = ctx.limits?.oneHexStep?.(at, h);
    if (oneHex && refs.length > 1) return { ok: false, error: no('one-hex', `${def.designation} ${oneHex.reason} on the way to ${ref}: it may move only that one hex`, oneHex.case) };
    const before = cost;
    if (mode === 'pa') {
      cost += 1;
      if (cost > left) return { ok: false, error: no('pa-limit', `${def.designation} is in PA mode and may move only ${allow.budget} hex${allow.budget > 1 ? 'es' : ''} this phase`, 'AW 31.2.1') };
    } else if (step === ALL_MA || cost + step > left) {
      // GOSS 7.3.0: one hex is always possible for a unit that has not moved, spending the whole MA.
      if (i === 0 && first === 0 && fresh && refs.length === 1) { cost = left; minimum = true; } else if (step === ALL_MA) {
        return { ok: false, error: no('constricted', `a Mech unit entering or leaving constricted terrain off-road spends its whole MA, so ${ref} can be its only hex this phase`, 'GOSS 7 TEC') };
      } else {
        const ma = allow.budget / 2;
        return { ok: false, error: no('over-ma', `${def.designation} would spend ${(allow.spent + cost + step) / 2} MP but has an MA of ${ma} this phase (${allow.parts.map((p) => p.text).join('; ')})`, allow.parts.length > 1 ? allow.parts[allow.parts.length - 1].case : 'GOSS 7.1') };
      }
    } else cost += step;
    halt = haltAt(ctx, at, h);
    hexes.push(h);
    steps.push(cost - before);
    at = h;
  }
  return { ok: true, cost, hexes, halt, type, minimum, steps };
}

/**
 * GOSS 6.2: why `ids` may not move (or overrun, GOSS 5.3.5) as one free-stacked group, or null: one
 * host and its free companies (stacking.ts `freeGroupProblem`), in one hex, having started the phase
 * together (same starting hex) and moved as one since (same hex, same overrun entry) — the engine
 * moves units one at a time, so that is how it knows a group that "moves as one".
 */
export function groupProblem(state: GameState, bundle: ScenarioBundle, ids: readonly string[]): Rejection | null {
  if (new Set(ids).size !== ids.length) return no('bad-group', 'a unit is named twice in the group', 'GOSS 6.2');
  const us = ids.map((id) => unitOf(state, id));
  if (us.some((u) => !u || u.hex === null || u.eliminated)) return no('no-such-unit', `not every unit of ${ids.join(', ')} is on the map`, 'GOSS 6.2');
  const where = (u: UnitState) => `${u.hex}|${moveRecordNow(state, bundle, u)?.from ?? u.hex}|${overrunEntry(state, bundle, u) ?? ''}`;
  if (us.some((u) => where(u) !== where(us[0]))) {
    return no('not-together', `${ids.map((id) => bundle.units.get(id)?.designation ?? id).join(', ')} did not start the phase together in one hex and move as one since: they move one at a time`, 'GOSS 6.2');
  }
  const why = freeGroupProblem(bundle, us);
  return why ? no('not-free-stacked', why, 'GOSS 6.2') : null;
}

/**
 * Checks a move action without applying it: the outcome (of `unit`), or the rejection with its case.
 * The action is the canonical one (`apply` parses every action strictly before a handler sees it).
 */
export function checkMove(state: GameState, bundle: ScenarioBundle, action: ActionOf<'move'>): Walk | { ok: false; error: Rejection } {
  if (action.with?.length) {
    // GOSS 6.2: a free-stacked group moves as one: every member walks the path, each with its own MA.
    const g = groupProblem(state, bundle, [action.unit, ...action.with]);
    if (g) return { ok: false, error: g };
    const { with: others, ...one } = action;
    for (const id of others) { const w = checkMove(state, bundle, { ...one, unit: id }); if (!w.ok) return w; }
    return checkMove(state, bundle, one);
  }
  const m = moveMode(state, bundle, action.unit);
  if ('error' in m) return { ok: false, error: m.error };
  const block = moveBlock(state, bundle, action.unit, m.mode);
  if (block) return { ok: false, error: block };
  let types = typesFor(state, bundle, action.unit, m.mode);
  if (action.via) {
    const leg = moveClassOf(bundle.units.get(action.unit)!, unitOf(state, action.unit)) !== 'mech';
    // For a Leg unit "road" asks for the road march (GOSS 7.6.2); for a Mech unit, Mech road movement (GOSS 7.10).
    const via: MoveType = leg && action.via === 'road' ? 'legroad' : action.via;
    if (!types.includes(via)) {
      if (via === 'road' && !moveRecordNow(state, bundle, unitOf(state, action.unit)) && overstackedAt(state, bundle, unitOf(state, action.unit))) return { ok: false, error: no('overstacked', `${bundle.units.get(action.unit)!.designation} is overstacked and may not use Mech road movement`, 'GOSS 6.7.0') };
      if (via === 'legroad') return { ok: false, error: no('not-road-march', 'a Leg road march starts on a primary or secondary road, in GenS, not adjacent to an enemy and unobserved, before the unit moves otherwise', 'GOSS 7.6.2') };
      if (via === 'mainroad') return { ok: false, error: no('not-main-road', 'only in wet (Mech) or mud ground, starting on a primary or secondary road, before the unit moves otherwise, does a move wholly along those roads keep the full MA', 'GOSS 7.6.1, 19.4') };
      return { ok: false, error: no('not-road', action.via === 'road' ? 'Mech road movement must start in a road hex or a clear hex, by a Mech unit that has not moved otherwise this phase' : 'this unit is using Mech road movement this phase', 'GOSS 7.10.1') };
    }
    types = [via];
  }
  let best: Walk | null = null;
  let firstError: Rejection | null = null;
  let ctx: MoverCtx | null = null;
  for (const t of types) {
    ctx = ctx ? retyped(ctx, t) : ctxFor(state, bundle, action.unit, m.mode, t);
    const w = walk(ctx, action.path);
    if (!w.ok) { if (!firstError || t === 'offroad') firstError = w.error; continue; }
    if (!best || w.cost < best.cost) best = w;
  }
  return best ?? { ok: false, error: firstError! };
}

function applyMove(d: GameState, bundle: ScenarioBundle, action: ActionOf<'move'>): GameEvent[] {
  // Everything is read from the state the move starts from (frozen: its cached views and traces).
  const base = unmodifiedBase(d);
  const all = checkMove(base, bundle, action);
  if (!all.ok) reject(all.error.code, all.error.message, all.error.case);
  const { with: others, ...one } = action;
  if (!others?.length) return moveOne(d, base, bundle, one, all);
  // GOSS 6.2: the members of a free-stacked group move as one (each walk checked before any moves; one seq for all).
  const walks = [one.unit, ...others].map((id) => checkMove(base, bundle, { ...one, unit: id }) as Walk);
  return [one.unit, ...others].flatMap((id, i) => moveOne(d, base, bundle, { ...one, unit: id }, walks[i]));
}

/** One unit's move: the walk `r` was checked against `base`, the state before the action. */
function moveOne(d: GameState, base: GameState, bundle: ScenarioBundle, action: Omit<ActionOf<'move'>, 'with'>, r: Walk): GameEvent[] {
  const { unit: id, path } = action;
  const u0 = unitOf(base, id);
  const def = bundle.units.get(id)!;
  const view = sideView(base, bundle, u0.side);
  const prevRec = moveRecordNow(base, bundle, u0);
  const from = u0.hex!;
  const seg = segmentId(base, bundle);
  let beyond6 = prevRec?.beyond6 ?? !near(view.enemyHexes, from, 6);
  // GOSS 20.3: the MP spent entering hexes more than six hexes from every enemy, when a module reads it.
  let far = 0;
  r.hexes.forEach((h, i) => { if (!near(view.enemyHexes, h, 6)) { beyond6 = true; far += r.steps[i]; } });
  const mp = r.type === 'pa' ? 0 : r.cost / 2;
  const mpFar = r.type === 'pa' || !tracksFarMp(bundle) ? undefined : (prevRec?.mpFar ?? 0) + far / 2;
  // The allowance does not depend on the move (AW 31.11 below compares the MP spent with it).
  const allow = allowance({ state: base, bundle, view, unit: u0, def, mode: r.type === 'pa' ? 'pa' : seg === 'exploitation' ? 'exploit' : 'tactical', leg: moveClassOf(def, u0) !== 'mech', type: r.type });
  const events: GameEvent[] = [];
  const to = r.hexes[r.hexes.length - 1];
  const mpSpent = u0.mpSpent + mp;
  let markers = u0.markers;
  // AW 31.2.1: artillery flips to its out-of-battery side before it moves.
  if (isArtillery(def) && !hasMarker(u0, MARKER.OOB)) { markers = [...markers, MARKER.OOB]; events.push({ type: 'markerPlaced', unit: id, marker: MARKER.OOB, case: 'AW 31.2.1' }); }
  // AW 31.11 (2): an OhS unit that uses more than half its MA becomes OoS.
  if (hasMarker(u0, MARKER.OHS) && r.type !== 'pa' && mpSpent * 2 > allow.budget / 2) {
    markers = [...markers.filter((m) => m !== MARKER.OHS), MARKER.OOS];
    events.unshift({ type: 'supplyChanged', unit: id, from: 'OhS', to: 'OoS', case: 'AW 31.11' });
  }
  // GOSS 3.5: in its side's rest GT a unit that moves more than half its MA takes one fatigue hit (once:
  // when its MP spent first passes half); exempt, a Mech road mover staying 6 hexes or more from the enemy.
  if (r.type !== 'pa' && seg !== 'exploitation' && isRestGT(base, bundle, u0.side) && u0.mpSpent * 2 <= allow.budget / 2 && mpSpent * 2 > allow.budget / 2) {
    const roadAway = r.type === 'road' && moveClassOf(def, u0) === 'mech' && [from, ...r.hexes].every((h) => !near(view.enemyHexes, h, 5));
    if (!roadAway) {
      // GOSS 14.0: two levels; a third hit has no further effect.
      const level = hasMarker(u0, MARKER.FATIGUE1) || hasMarker(u0, MARKER.FATIGUE2) ? 2 : 1;
      markers = [...markers.filter((m) => m !== MARKER.FATIGUE1 && m !== MARKER.FATIGUE2), level === 2 ? MARKER.FATIGUE2 : MARKER.FATIGUE1];
      events.push({ type: 'restFatigue', unit: id, level, case: 'GOSS 3.5' });
    }
  }
  // The unit is written whole, as a new record (issue 17): drafting it through the state would make a
  // proxy and a copy for the four fields a move sets, and everything is read from `base` and `u0`.
  const u: UnitState = {
    ...u0,
    move: {
      turn: base.pos.turn, playerTurn: base.pos.playerTurn, segment: seg, seq: d.n,
      from: prevRec ? prevRec.from : from,
      hexes: (prevRec?.hexes ?? 0) + r.hexes.length,
      mp: (prevRec?.mp ?? 0) + mp,
      type: r.type, halted: r.halt !== null, beyond6,
      ...(mpFar !== undefined ? { mpFar } : prevRec?.mpFar !== undefined ? { mpFar: prevRec.mpFar } : {}),
      ...(prevRec?.ignore ? { ignore: prevRec.ignore } : {}),
    },
    mpSpent,
    hex: to,
    markers,
  };
  putUnit(d, u);
  events.unshift({
    type: 'unitMoved', unit: id, from: formatHex(from), to: formatHex(to), path, cost: r.type === 'pa' ? r.hexes.length : mp,
    moveType: r.type, halt: r.halt, minimumMove: r.minimum, case: r.type === 'pa' ? 'AW 31.2.1' : seg === 'exploitation' ? 'AW 31.5' : 'GOSS 7.1',
  });
  return events;
}

function near(enemies: HexId[], h: HexId, r: number): boolean {
  for (const e of enemies) if (distance(e, h) <= r) return true;
  return false;
}

/** Why `unitId` may not take `marker` now, or null (AW 31.2.1, 31.5, 31.6, 31.11; GOSS 5.2, 5.3, 5.6, 5.8). */
export function checkMark(state: GameState, bundle: ScenarioBundle, unitId: string, marker: (typeof MARKABLE)[number]): Check {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def) return no('no-such-unit', `there is no unit "${unitId}"`);
  const n = def.designation;
  if (u.hex === null || u.eliminated) return no('not-on-map', `${n} is not on the map`);
  if (u.side !== phasing(state, bundle)) return no('not-your-unit', `${n} belongs to the other side`);
  if (segmentId(state, bundle) !== 'move') return no('wrong-segment', 'artillery is flipped and PA, CR and Exploit markers are placed in the Movement Segment', 'AW 31.2.1');
  if (segmentMoves(state, bundle).moved.has(u.side)) return no('marks-before-moving', 'flip artillery and place PA, CR and Exploit markers before moving any unit', 'AW 31.2.1');
  return markRefusal(state, bundle, u, def, marker, markScope(state, bundle, u.side));
}

/** What every mark of `side` now shares: read once per side by `legalMarks`, once per check by `checkMark`. */
interface MarkScope {
  night: boolean;
  restGT: boolean;
  view: SideView;
  /** Whether the side's stack in hex `h` is overstacked (GOSS 6.7.0). */
  overstacked: (h: HexId) => boolean;
  /**
   * `REFUSED` when no refusal's text is wanted (legalMarks asks only whether each mark is legal): each
   * check returns it instead of writing its reason.
   */
  quiet?: Rejection;
}

/** The mode markers a unit has (GOSS 5.0), for a refusal's text. */
const modesOf = (u: UnitState): string => [MARKER.PA, MARKER.CR, MARKER.EXPLOIT].filter((m) => hasMarker(u, m)).join(', ');

/** A refusal whose reason nobody reads (MarkScope.quiet). */
const REFUSED: Rejection = Object.freeze({ code: 'refused', message: 'refused' });

function markScope(state: GameState, bundle: ScenarioBundle, side: Side, all = false): MarkScope {
  let over: Set<HexId> | undefined;
  return {
    night: isNight(state, bundle),
    restGT: isRestGT(state, bundle, side),
    view: sideView(state, bundle, side),
    // For the whole side (`all`): the side's violations, kept per unit index, instead of one stack count
    // per unit (the same stackViolationOf per hex, so the same answer).
    overstacked: all
      ? (h) => (over ??= new Set(stackViolations(state, bundle, side).map((v) => v.hex))).has(h)
      : (h) => hexStackViolation(state, bundle, h, side) !== null,
    quiet: all ? REFUSED : undefined,
  };
}

/** Why the live unit `u` of the phasing side, before it moves, may not take `marker` (the checks after checkMark's preamble). */
function markRefusal(state: GameState, bundle: ScenarioBundle, u: UnitState, def: UnitDef, marker: (typeof MARKABLE)[number], scope: MarkScope): Check {
  const n = def.designation;
  const unitId = u.id;
  const { night, view } = scope;
  const adjacent = (view.flags[u.hex!] & F_ENEMY_ADJ) !== 0;
  // The modes only for a refusal's text: legalMarks asks this of every unit and marker (quiet, no text).
  const moded = hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT);
  switch (marker) {
    case 'IB':
      if (!isArtillery(def)) return scope.quiet ?? no('not-artillery', `${n} is not artillery`, 'AW 31.2.1');
      if (!hasMarker(u, MARKER.OOB)) return scope.quiet ?? no('already-in-battery', `${n} is already in battery`, 'AW 31.2.1');
      return null;
    case 'PA':
      if (night) return scope.quiet ?? no('night', 'units may not enter PA mode in a Night game turn', 'AW 31.6');
      if (scope.restGT) return scope.quiet ?? no('rest-gt', `${n}: no unit enters PA mode in its side's rest GT`, 'GOSS 3.5');
      if (moded) return scope.quiet ?? no('has-mode', `${n} is already marked ${modesOf(u)}`, 'GOSS 5.0');
      if (isHq(def) || isArtillery(def)) return scope.quiet ?? no('pa-not-allowed', `${n}: HQs and artillery may not enter PA mode`, 'GOSS 5.2.1');
      if (isMotorised(u)) return scope.quiet ?? no('transported', `${n} is carried by its division's transport and may not enter PA mode`, 'GOSS 5.2.1h, 7.12.3');
      if (hasMarker(u, MARKER.OOS)) return scope.quiet ?? no('oos', `${n} is out of supply and may not enter PA mode`, 'AW 31.11');
      { const line = acrossBoundary(state, bundle, unitId); if (line) return scope.quiet ?? no('restricted-area', `${n} is across the ${line.name} and may not enter PA mode until it moves back`, line.case); }
      if (hasMarker(u, MARKER.FATIGUE2)) return scope.quiet ?? no('fatigue', `${n} has fatigue 2 and may not enter PA mode`, 'GOSS 5.2.1');
      if (scope.overstacked(u.hex!)) return scope.quiet ?? no('overstacked', `${n} is overstacked and may not enter PA mode`, 'GOSS 6.7.0');
      if (!paCanReachEnemy(state, bundle, unitId)) return scope.quiet ?? no('pa-no-enemy', `${n} could not reach a hex adjacent to an enemy unit by PA movement`, 'GOSS 5.2.1');
      return null;
    case 'CR':
      if (moded) return scope.quiet ?? no('has-mode', `${n} is already marked ${modesOf(u)}`, 'GOSS 5.0');
      if (isMotorised(u)) return scope.quiet ?? no('transported', `${n} is carried by its division's transport and may not be combat reserve`, 'GOSS 7.12.5');
      if (def.size !== 'Bn' || !isInfantry(def)) return scope.quiet ?? no('cr-not-allowed', `only infantry battalions may enter combat reserve; ${n} is not one`, 'AW 31.2.1');
      if (stepsLeft(def, u) < 2) return scope.quiet ?? no('cr-steps', `${n} has fewer than 2 steps and may not enter combat reserve`, 'GOSS 5.8');
      if (adjacent) return scope.quiet ?? no('adjacent', `${n} is adjacent to an enemy unit and may not enter combat reserve`, 'GOSS 5.8');
      if (hasMarker(u, MARKER.OOS)) return scope.quiet ?? no('oos', `${n} is out of supply and may not enter combat reserve`, 'GOSS 5.8');
      if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return scope.quiet ?? no('fatigue', `${n} is fatigued and may not enter combat reserve`, 'GOSS 5.8');
      return null;
    case 'Exploit':
      if (night) return scope.quiet ?? no('night', 'units may not enter Exploit mode in a Night game turn', 'AW 31.6');
      if (scope.restGT) return scope.quiet ?? no('rest-gt', `${n}: no unit enters Exploit mode in its side's rest GT`, 'GOSS 3.5');
      if (moded) return scope.quiet ?? no('has-mode', `${n} is already marked ${modesOf(u)}`, 'GOSS 5.0');
      // GOSS 5.3.0f: a Leg unit carried by its division's transport may enter Exploit mode too.
      if (moveClassOf(def, u) !== 'mech') return scope.quiet ?? no('exploit-not-mech', `only Mech units (or Leg units on transport) may enter Exploit mode; ${n} is ${def.moveClass}`, 'AW 31.5');
      if (isArtilleryGroup(def) || actsAsGroup(bundle, unitId)) return scope.quiet ?? no('exploit-not-allowed', `${n}: artillery groups may not enter Exploit mode`, 'AW 31.9.2');
      if (adjacent) return scope.quiet ?? no('adjacent', `${n} is adjacent to an enemy unit and may not enter Exploit mode`, 'AW 31.2.1');
      if (hasMarker(u, MARKER.OOS)) return scope.quiet ?? no('oos', `${n} is out of supply and may not enter Exploit mode`, 'AW 31.11');
      if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return scope.quiet ?? no('fatigue', `${n} is fatigued and may not enter Exploit mode`, 'GOSS 5.3.1');
      return null;
  }
}

/**
 * Hex steps from each hex to the nearest hex adjacent to an enemy unit (a breadth-first search over
 * the lattice from those hexes), per side view. A PA move is counted in hexes (GOSS 5.2.1), so a unit
 * farther than its PA allowance from every such hex cannot reach one, whatever the terrain: the
 * panels ask this of every unit after every action (issue 17), and most units are far from the enemy.
 */
const enemyAdjSteps = new WeakMap<SideView, Int32Array>();
/** Steps up to `limit` (the largest PA allowance, the same for every view of a scenario); -1 beyond. */
function stepsToEnemyAdjacent(view: SideView, limit: number): Int32Array {
  let d = enemyAdjSteps.get(view);
  if (d) return d;
  d = new Int32Array(HEX_COUNT).fill(-1);
  const queue = new Int32Array(HEX_COUNT);
  // Locals: an imported binding is a getter call per read under vite's SSR loader (the bench, the tests).
  const flags = view.flags;
  const nb = NEIGHBOURS;
  const adj = F_ENEMY_ADJ;
  const count = HEX_COUNT;
  let tail = 0;
  for (let h = 0; h < count; h++) if (flags[h] & adj) { d[h] = 0; queue[tail++] = h; }
  for (let head = 0; head < tail; head++) {
    const h = queue[head];
    if (d[h] >= limit) continue;
    for (let k = 0; k < 6; k++) {
      const n = nb[h * 6 + k];
      if (n >= 0 && d[n] === -1) { d[n] = d[h] + 1; queue[tail++] = n; }
    }
  }
  enemyAdjSteps.set(view, d);
  return d;
}

function paCanReachEnemy(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  const u = unitOf(state, unitId);
  const view = sideView(state, bundle, u.side);
  if (view.flags[u.hex!] & F_ENEMY_ADJ) return true;
  // The largest PA allowance of any unit (AW 31.2.1) first: it needs no mover context.
  const most = tecOf(bundle).raw.pa.hexes;
  const steps = stepsToEnemyAdjacent(view, Math.max(most.ranger, most.leg, most.mech))[u.hex!];
  if (steps === -1) return false;
  const ctx = ctxFor(state, bundle, unitId, 'pa', 'pa');
  const allow = allowance(ctx);
  if (steps > allow.budget) return false;
  const r = search(ctx, u.hex!, allow.budget, true);
  return r.hexes.some((h) => (view.flags[h] & F_ENEMY_ADJ) !== 0);
}

/**
 * The `move` action to a destination of `movementOptions`, by its movement type (`via`: a Leg road
 * march or Mech road movement, GOSS 7.6.2 / 7.10; the main roads in wet or mud, GOSS 7.6.1 step 5),
 * for `with` the other members of a free-stacked group (GOSS 6.2).
 */
export function moveTo(unit: string, d: Pick<Destination, 'path' | 'type'>, others?: string[]): ActionOf<'move'> {
  const via = d.type === 'road' || d.type === 'legroad' ? 'road' : d.type === 'mainroad' ? 'mainroad' : undefined;
  return { type: 'move', unit, path: d.path, ...(via ? { via } : {}), ...(others ? { with: others } : {}) };
}

/** Legal moves of `side` now: one `move` action per unit and reachable hex, and every legal mark. */
function legalMoves(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  const out: Action[] = [];
  const seg = segmentId(state, bundle);
  if (seg !== 'move' && seg !== 'exploitation') return out;
  for (const id of unitIds(state)) {
    const u = unitOf(state, id);
    if (u.side !== side || u.hex === null || u.eliminated) continue;
    const o = movementOptions(state, bundle, id);
    if ('error' in o) continue;
    for (const d of o.destinations) out.push(moveTo(id, d));
  }
  // GOSS 6.2: a free-stacked group that moved (or overran, GOSS 5.3.5) together this phase goes on together
  // (apart, the first to move would end the others' move, GOSS 7.1). Groups that have not moved yet move unit by unit.
  const together = new Map<string, UnitState[]>();
  for (const u of unitIndex(state).live) {
    const rec = u.side === side ? moveRecordNow(state, bundle, u) : null;
    if (!rec || rec.halted) continue;
    const key = `${rec.seq}|${u.hex}`;
    const l = together.get(key);
    if (l) l.push(u); else together.set(key, [u]);
  }
  for (const us of together.values()) {
    const host = us.length > 1 ? freeGroupHost(bundle, us) : undefined;
    if (!host || groupProblem(state, bundle, us.map((u) => u.id))) continue;
    const others = us.filter((u) => u.id !== host).map((u) => u.id);
    const o = movementOptions(state, bundle, host);
    if ('error' in o) continue;
    for (const d of o.destinations) {
      const a = moveTo(host, d, others);
      if (checkMove(state, bundle, a).ok) out.push(a);
    }
  }
  return out;
}

function legalMarks(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  const out: Action[] = [];
  if (segmentId(state, bundle) !== 'move') return out;
  // What checkMark refuses for every unit of the side at once (AW 31.2.1: the phasing side marks, before moving any unit).
  if (side !== phasing(state, bundle) || segmentMoves(state, bundle).moved.has(side)) return out;
  // The live units in record order (the index's list: for…in over a 2,000-unit record is slow).
  // checkMark's preamble holds for each of them (on the map, the phasing side's, this segment, nothing
  // moved yet): only the per-unit checks run, with what the side shares read once.
  const scope = markScope(state, bundle, side, true);
  for (const u of unitIndex(state).live) {
    if (u.side !== side) continue;
    const def = bundle.units.get(u.id);
    if (!def) continue;
    for (const m of MARKABLE) if (!markRefusal(state, bundle, u, def, m, scope)) out.push({ type: 'mark', unit: u.id, marker: m });
  }
  return out;
}

export const movementRules: RuleModule = {
  name: 'movement',
  handlers: [
    {
      type: 'move',
      apply(draft, action, ctx) {
        return applyMove(draft as GameState, ctx.bundle, action as ActionOf<'move'>);
      },
      legal: legalMoves,
    },
    {
      type: 'mark',
      apply(draft, action, ctx) {
        const a = action as ActionOf<'mark'>;
        // Checked on the frozen state (nothing is written yet): its side view and stacking are cached there, as legalMarks sees them.
        const e = checkMark(unmodifiedBase(draft) as GameState, ctx.bundle, a.unit, a.marker);
        if (e) reject(e.code, e.message, e.case);
        const u = mutUnit(draft, a.unit);
        if (a.marker === 'IB') {
          u.markers = u.markers.filter((m) => m !== MARKER.OOB);
          return [{ type: 'markerRemoved', unit: u.id, marker: MARKER.OOB, case: 'AW 31.2.1' }];
        }
        u.markers.push(a.marker);
        return [{ type: 'markerPlaced', unit: u.id, marker: a.marker, case: a.marker === 'Exploit' ? 'AW 31.5' : 'AW 31.2.1' }];
      },
      legal: legalMarks,
    },
  ],
  hooks: [
    {
      // GOSS 5.8 / AW 31.2.1: CR markers are placed anew each friendly Movement Phase; last phase's come off.
      segment: 'move',
      onEnter(draft, ctx) {
        const side = ctx.bundle.scenario.sides[draft.pos.playerTurn];
        for (const u of readUnits(draft.units)) {
          if (u.side === side && u.markers.includes(MARKER.CR)) patchUnit(draft, u, { markers: u.markers.filter((m) => m !== MARKER.CR) });
        }
        return [];
      },
      onExit(draft, ctx) {
        // AW 32.7.1 / 33.7.1: a unit forced across its boundary must move back in its next Movement Phase.
        const side = ctx.bundle.scenario.sides[draft.pos.playerTurn];
        for (const u of readUnits(draft.units)) {
          const id = u.id;
          const line = u.side !== side || u.hex === null || u.eliminated ? null : acrossBoundary(draft as GameState, ctx.bundle, id);
          if (!line) continue;
          const o = movementOptions(draft as GameState, ctx.bundle, id);
          if ('error' in o) continue;
          // The units as they are now (not drafts), with this unit put in each destination in turn.
          const now = unitTable(readUnits(draft.units));
          if (o.destinations.some((d) => !acrossBoundary({ ...(draft as GameState), units: withUnits(now, [{ ...u, hex: d.hex }]) }, ctx.bundle, id))) {
            reject('must-leave', `${ctx.bundle.units.get(id)?.designation ?? id} is across the ${line.name} and must move back across it this Movement Phase`, line.case);
          }
        }
        for (const u of readUnits(draft.units)) if (u.mpSpent !== 0) patchUnit(draft, u, { mpSpent: 0 });
        return [];
      },
    },
    {
      // AW 31.5: the Exploit marker comes off once the unit has completed its exploit movement and overruns.
      segment: 'exploitation',
      onExit(draft, ctx) {
        const side = ctx.bundle.scenario.sides[draft.pos.playerTurn];
        const events: GameEvent[] = [];
        for (const r of readUnits(draft.units)) {
          const id = r.id;
          const exploit = r.side === side && r.markers.includes(MARKER.EXPLOIT);
          if (r.mpSpent === 0 && !exploit) continue;
          const patch: Partial<UnitState> = {};
          if (r.mpSpent !== 0) patch.mpSpent = 0;
          if (exploit) {
            patch.markers = r.markers.filter((m) => m !== MARKER.EXPLOIT);
            events.push({ type: 'markerRemoved', unit: id, marker: MARKER.EXPLOIT, case: 'AW 31.5' });
          }
          patchUnit(draft, r, patch);
        }
        return events;
      },
    },
  ],
};

/**
 * For the overrun (GOSS 5.3.5, combat engineer): MP ×1 an Exploit unit pays to overrun `target` from its
 * hex — +1 MP plus the entry cost of the hex, plus the adjacency surcharge when the hex is not MCT and
 * other enemy units are adjacent — and the MP it has left. Null when the target is not adjacent or
 * the terrain is prohibited to it.
 */
export function overrunCost(state: GameState, bundle: ScenarioBundle, unitId: string, target: HexId): { cost: number; left: number } | null {
  const u = unitOf(state, unitId);
  const def: UnitDef | undefined = bundle.units.get(unitId);
  if (!u || !def || u.hex === null) return null;
  // GOSS 5.3.5: after a successful overrun the unit may overrun again from the hex it entered.
  const from = overrunEntry(state, bundle, u) ?? u.hex;
  if (!areAdjacent(from, target)) return null;
  const ctx = ctxFor(state, bundle, unitId, 'exploit', 'offroad');
  const tec = ctx.tec;
  const t = bundle.board.moveTerrain[target]; // GOSS 7 TEC: a village costs its other terrain
  const base = ctx.leg ? tec.leg[t] : tec.mech[t];
  if (base < 0) return null;
  let cost = base + 2 * tec.raw.overrun.mp;
  const view = ctx.view;
  let otherAdjacent = false;
  // GOSS 5.3.5: the units the overrunner overran this phase cause no surcharge (their hex stays enemy-occupied in the view).
  const ignore = ignoredBy(state, bundle, u);
  const counts = (e: HexId) => !ignore || (unitIndex(state).byHex.get(e) ?? []).some((x) => x.side !== u.side && !ignore.includes(x.id));
  for (const e of view.enemyHexes) if (e !== target && distance(e, target) === 1 && counts(e)) otherAdjacent = true;
  if (otherAdjacent && view.coverAt(target) !== 2) cost += ctx.leg ? 2 * tec.raw.adjacentEnemy.leg : 2 * tec.raw.adjacentEnemy.mech;
  const allow = allowance(ctx);
  return { cost: cost / 2, left: (allow.budget - allow.spent) / 2 };
}

/** Reachable hexes as a map (the UI's first API; prefer movementOptions, which also gives halts). Includes the unit's hex at cost 0. */
export function reachable(state: GameState, bundle: ScenarioBundle, unitId: string): Map<HexId, { cost: number; prev: HexId; halt: Halt | null; path: HexId[] }> {
  const out = new Map<HexId, { cost: number; prev: HexId; halt: Halt | null; path: HexId[] }>();
  const u = unitOf(state, unitId);
  const o = movementOptions(state, bundle, unitId);
  if (!u || u.hex === null || 'error' in o) return out;
  out.set(u.hex, { cost: 0, prev: -1, halt: null, path: [] });
  for (const d of o.destinations) {
    const path = d.path.map((r) => { const x = tryParseHexRef(r); return 'error' in x ? -1 : x.hex; });
    out.set(d.hex, { cost: d.cost, prev: path.length > 1 ? path[path.length - 2] : u.hex, halt: d.halt, path });
  }
  return out;
}

/** The path (excluding the start) to `to` in a reachable() map. */
export function pathTo(reach: ReturnType<typeof reachable>, to: HexId): HexId[] {
  return reach.get(to)?.path ?? [];
}
