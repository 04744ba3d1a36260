/**
 * The movement cost model and the reachable-hex search (GOSS 7, AW 31.2.1, 31.5, 31.6, 31.8).
 * One step function decides every hex-to-hex move, so the search (highlighting, legalActions)
 * and the validation of a submitted path cannot disagree. Costs are half-MP integers; hexes are
 * lattice ids; per-search scratch lives in flat typed arrays.
 */
import { HEX_COUNT, NEIGHBOURS, distance, hexsideBetween, type HexId } from '../hex/lattice';
import { NO_TERRAIN, SIDE_BIT } from '../board';
import { segmentAt, turnTime } from '../sequence';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import { TERRAIN } from '../../data/schemas/map';
import { changedUnits, unitIndex } from './unitIndex';
import { derivedCaches, predecessorOf, sameExcept } from './lineage';
import { isDraft } from 'immer';
import { actsAsDivisionGroup, actsAsGroup } from './artilleryGroups';
import { extensionsOf, generatesHalts, maHalvings, maSteps, paHexSteps, type MoveLimits } from './extensions';
import { special } from './scenarioArea';
import { motorisedMa } from './motorised';
import { weatherNow } from './weather';
import {
  tecOf, COVER_MCT, COVER_OCT, FEATURE, ROUTE, WATER, ANY_ROAD, MAJOR_ROAD, type Tec, type TecTable,
} from './terrain';
import {
  MARKER, hasMarker, isArtilleryGroup, isCommando, isHqArtilleryGroup, isPureAfv, isRanger, isArtillery, isHq,
} from './unit-traits';
import { unitOf } from '../unitTable';
import { BoxedCache } from '../boxCache';

/**
 * How a unit moves: off-road (Leg units pay road costs along roads, GOSS 7.6.2), Mech road movement
 * (GOSS 7.10), PA hex counting (GOSS 5.2.3), Leg road march (GOSS 7.6.1 step 2: +2 MA wholly along
 * primary/secondary roads, never adjacent to an enemy, never observed), and a move wholly along
 * primary/secondary roads that the ground condition does not reduce (GOSS 7.6.1 step 5, 19.4).
 */
export type MoveType = 'offroad' | 'road' | 'pa' | 'legroad' | 'mainroad';
/** Which rule set the current segment applies: tactical movement (AW 31.2.1e), PA movement, exploit movement (AW 31.5). */
export type MoveMode = 'tactical' | 'pa' | 'exploit';

export interface Halt { case: string; reason: string }

export const ALL_MA = -2;
const TERRAIN_BOCAGE_HEDGEROW = new Set(['bocage', 'hedgerow']);

/** Per-side occupancy and adjacency facts of one state, shared by every search of that side. */
export interface SideView {
  side: Side;
  /**
   * Per hex bit flags: F_ENEMY, F_ENEMY_ADJ, F_NON_AFV_ADJ, F_WORKS_ADJ, F_HALT_ADJ — what the enemy's units
   * and works make of each hex. A friendly move changes none of them, so one array serves every state
   * of a side's movement (issue 17: derivedView shares it instead of copying it per action). Friendly
   * occupancy is not among them: ask `friendly`.
   */
  flags: Uint8Array;
  /** A unit of the side stands in the hex (GOSS 7.10 / AW 31.2.1 friendly-occupied road surcharge). */
  friendly: (h: HexId) => boolean;
  /** Covering terrain for a unit of this side in a hex: 0 open, 1 OCT, 2 MCT (AW 1.2.7a, 1.2.8, 31.6 applied). */
  coverAt: (h: HexId) => number;
  /** Hexes of enemy-held ET-3s and Forts (GOSS 7.9.0 no sliding). */
  noSlide: HexId[];
  /** Enemy unit hexes (for distance checks). */
  enemyHexes: HexId[];
  night: boolean;
}

/** An enemy unit stands in the hex. */
export const F_ENEMY = 1;
/** The hex is adjacent to an enemy unit. */
export const F_ENEMY_ADJ = 4;
/** The hex is adjacent to an enemy that is not a pure AFV (GOSS 7.8.0 waiver needs only pure AFVs adjacent). */
export const F_NON_AFV_ADJ = 8;
/** The hex is adjacent to an enemy in an ET or to an enemy Fort (GOSS 7.7.3). */
export const F_WORKS_ADJ = 16;
/** The hex is adjacent to an enemy unit that generates movement halts (AW 32.2.2: carpet-bombed units do not). */
export const F_HALT_ADJ = 32;
/** The bits above: what a view's flags say (the rest are private to this file). */
export const VIEW_BITS = F_ENEMY | F_ENEMY_ADJ | F_NON_AFV_ADJ | F_WORKS_ADJ | F_HALT_ADJ;
/**
 * Friendly occupancy kept in the flags of a view built whole, read only through that view's `friendly`
 * (a derived view shares the flags, whose OWN bits are then the first view's: it asks the unit index).
 */
const OWN = 128;

const views = new BoxedCache<GameState, Map<string, SideView>>('sideViews');

export function isNight(state: GameState, bundle: ScenarioBundle): boolean {
  return turnTime(bundle.scenario, bundle.sequence, state.pos.turn).time === 'Night';
}

function onBoard(bundle: ScenarioBundle, h: HexId): boolean {
  return h >= 0 && bundle.board.terrain[h] !== NO_TERRAIN;
}

/** Constricted hexes, when the map provides them (map-data.md §3.5: RR embankments are hand-flagged). */
function constrictedOf(bundle: ScenarioBundle): Uint8Array | null {
  const c = (bundle.board as unknown as { constricted?: Uint8Array | Set<number> }).constricted;
  if (!c) return null;
  if (c instanceof Uint8Array) return c;
  const a = new Uint8Array(HEX_COUNT);
  for (const h of c) a[h] = 1;
  return a;
}

export function isConstricted(bundle: ScenarioBundle, h: HexId): boolean {
  const c = constrictedOf(bundle);
  return !!c && c[h] === 1;
}

/** The per-state map of side views (frozen states: in the state's derived caches, which `lineage` hands on). */
function viewsOf(state: GameState): Map<string, SideView> {
  if (isDraft(state) || !Object.isFrozen(state)) {
    let m = views.get(state);
    if (!m) { m = new Map(); views.set(state, m); }
    return m;
  }
  const c = derivedCaches(state);
  let m = c.get(VIEWS) as Map<string, SideView> | undefined;
  if (!m) c.set(VIEWS, (m = new Map()));
  return m;
}
const VIEWS = 'sideView';
/** Top-level state keys a derived view may see changed: the units (patched) and the action counters. */
const DERIVABLE = new Set(['units', 'n', 'barrier']);

/**
 * The view of `side` derived from the previous state's (issue 17), when the action changed nothing but
 * units of `side` standing outside every fieldworks hex: such a change leaves every flag as it was (the
 * enemy's hexes, halts and adjacency, the works and the night; cover does not read friendly units), so
 * the previous view is shared with this state's friendly occupancy. Else null (the view is built whole).
 */
function derivedView(state: GameState, side: Side): SideView | null {
  const p = predecessorOf(state);
  if (!p) return null;
  const prev = (p.caches.get(VIEWS) as Map<string, SideView> | undefined)?.get(side);
  if (!prev || !sameExcept(p, state, DERIVABLE)) return null;
  const changed = changedUnits(p, state);
  if (!changed) return null;
  const works = state.fieldworks;
  const inWorks = (u: UnitState) => u.hex !== null && !u.eliminated && works[u.hex] !== undefined;
  for (const [a, b] of changed) if (a.side !== side || b.side !== side || inWorks(a) || inWorks(b)) return null;
  return { ...prev, friendly: friendlyOf(state, side) };
}

/**
 * Whether a unit of `side` stands in a hex, for a derived view (a frozen state: its unit index is kept):
 * the index's stacks for the first few questions (a submitted move's check asks a handful), then a
 * map-sized array built once (a search asks thousands).
 */
function friendlyOf(state: GameState, side: Side): (h: HexId) => boolean {
  let asked = 0;
  let at: Uint8Array | null = null;
  return (h) => {
    if (at) return at[h] === 1;
    if (++asked > FEW) {
      at = new Uint8Array(HEX_COUNT);
      for (const u of unitIndex(state).live) if (u.side === side && u.hex !== null) at[u.hex] = 1;
      return at[h] === 1;
    }
    for (const u of unitIndex(state).byHex.get(h) ?? []) if (u.side === side) return true;
    return false;
  };
}
const FEW = 16;

/** The occupancy view of `side` (cached per immutable state object). */
export function sideView(state: GameState, bundle: ScenarioBundle, side: Side, ignore?: readonly string[]): SideView {
  const m = viewsOf(state);
  // GOSS 5.3.5: an overrunner ignores the units it overran for the rest of the phase (a view of its own).
  const key = ignore?.length ? `${side}|${ignore.join(',')}` : side;
  const hit = m.get(key);
  if (hit) return hit;
  const derived = key === side ? derivedView(state, side) : null;
  if (derived) { m.set(key, derived); return derived; }
  const tec = tecOf(bundle);
  const flags = new Uint8Array(HEX_COUNT);
  const enemyHexes: HexId[] = [];
  const enemyOnVantage: HexId[] = [];
  const noSlide: HexId[] = [];
  // The scenario modules may stop units generating halts (AW 32.2.2: carpet-bombed units, even in an ET).
  const haltFilter = extensionsOf(bundle).some((e) => e.noHalts);
  const halting = new Set<HexId>();
  // A local: an imported binding is a getter call per read under vite's SSR loader (the bench, the tests).
  const nb = NEIGHBOURS;
  for (const u of unitIndex(state).live) {
    if (u.hex === null) continue;
    if (u.side === side) { flags[u.hex] |= OWN; continue; }
    const def = bundle.units.get(u.id);
    if (!(flags[u.hex] & F_ENEMY)) enemyHexes.push(u.hex);
    flags[u.hex] |= F_ENEMY;
    // The hex stays enemy-occupied (never entered), but ignored units cause no surcharge or halt.
    if (ignore && ignore.includes(u.id)) continue;
    const afv = def ? isPureAfv(def) : false;
    const halts = !haltFilter || generatesHalts(state, bundle, u.id);
    if (halts) halting.add(u.hex);
    const bits = (afv ? F_ENEMY_ADJ : F_ENEMY_ADJ | F_NON_AFV_ADJ) | (halts ? F_HALT_ADJ : 0);
    for (let d = 0; d < 6; d++) {
      const n = nb[u.hex * 6 + d];
      if (n < 0) continue;
      flags[n] |= bits;
    }
  }
  for (const h of enemyHexes) if (bundle.board.vantage.has(h)) enemyOnVantage.push(h);
  // GOSS 7.7.3: enemy units in an ET (not IP) or an enemy Fort (even empty) halt movers next to them.
  for (const key in state.fieldworks) {
    const h = Number(key);
    const fw = state.fieldworks[key];
    const row = tec.raw.fieldworks[fw];
    if (!row) continue;
    const held = (flags[h] & F_ENEMY) !== 0 && halting.has(h);
    // reconstructed: an empty Fort belongs to the Germans (every AW Fort is German), so it halts Allied movers only.
    const emptyFort = fw === 'Fort' && !held && !(flags[h] & OWN) && side !== 'german';
    if (!(held || emptyFort)) continue;
    if (row.halt) for (let d = 0; d < 6; d++) { const n = NEIGHBOURS[h * 6 + d]; if (n >= 0) flags[n] |= F_WORKS_ADJ; }
    if (row.noSlide && (emptyFort || (held && noSlideGarrison(state, bundle, h, side)))) noSlide.push(h);
  }
  const night = isNight(state, bundle);
  // Covering terrain is computed per hex on first use (255 = not yet): a search touches a few hundred hexes, not the map.
  // The array itself is made on the first question (most views, a mark's or a move check's, ask a few hexes or none).
  let cover: Uint8Array | null = null;
  // The works, not the state: views derived from this one share this closure (derivedView), and a closure
  // holding the state kept the state this view was built on alive for as long as the line of views
  // lasted (issue 17). A derived view has the same works (sameExcept).
  const works = state.fieldworks;
  const coverAt = (h: HexId): number => {
    cover ??= new Uint8Array(HEX_COUNT).fill(255);
    const known = cover[h];
    if (known !== 255) return known;
    const t0 = bundle.board.terrain[h];
    if (t0 === NO_TERRAIN) return (cover[h] = 0);
    // GOSS 7 TEC: a village hex also holds its other terrain; the better cover of the two counts.
    const t1 = bundle.board.moveTerrain[h];
    let c = 0;
    for (const t of t1 === t0 ? [t0] : [t0, t1]) {
      let ct = tec.cover[t];
      // AW 1.2.7a / 1.2.8: bocage and hedgerow lose MCT next to an enemy on a vantage point, or within half the LOS of an enemy-held high vantage point.
      if (ct === COVER_MCT && enemyOnVantage.length && TERRAIN_BOCAGE_HEDGEROW.has(terrainName(t))) {
        for (const v of enemyOnVantage) {
          const dist = distance(v, h);
          if (dist === 1 || dist * 2 <= (bundle.board.vantage.get(v) ?? 0)) { ct = COVER_OCT; break; }
        }
      }
      c = Math.max(c, ct);
    }
    const fw = works[h];
    if (fw && tec.raw.fieldworks[fw]) c = Math.max(c, coverCodeOf(tec.raw.fieldworks[fw].cover));
    // GOSS 8.2 (night): open counts as OCT and OCT as MCT, except next to an enemy ET, Fort or Ft Area.
    if (night && !(flags[h] & F_WORKS_ADJ) && c < COVER_MCT) c += 1;
    return (cover[h] = c);
  };
  const friendly = (h: HexId): boolean => (flags[h] & OWN) !== 0;
  const v: SideView = { side, flags, friendly, coverAt, noSlide, enemyHexes, night };
  m.set(key, v);
  return v;
}

function coverCodeOf(c: 'open' | 'OCT' | 'MCT'): number {
  return c === 'MCT' ? COVER_MCT : c === 'OCT' ? COVER_OCT : 0;
}

function terrainName(code: number): string {
  return TERRAIN[code] ?? '';
}

/** GOSS 7.9.0: an ET-3 blocks sliding only with a non-HQ, non-Art step inside. */
function noSlideGarrison(state: GameState, bundle: ScenarioBundle, h: HexId, side: Side): boolean {
  for (const u of unitIndex(state).byHex.get(h) ?? []) {
    if (u.side === side) continue;
    const d = bundle.units.get(u.id);
    if (d && !isHq(d) && !isArtillery(d)) return true;
  }
  return false;
}

/** Everything one unit's search needs. */
export interface MoverCtx {
  state: GameState;
  bundle: ScenarioBundle;
  tec: Tec;
  view: SideView;
  unit: UnitState;
  def: UnitDef;
  leg: boolean;
  mode: MoveMode;
  type: MoveType;
  commando: boolean;
  /** AW 32.0 / 32.7.1: hexes the unit may not enter voluntarily (scenarioArea.enterFilter), or none. */
  enter?: ((h: HexId) => { code: string; message: string; case?: string } | null) | null;
  /** GOSS 7.7.5 / AW 32.9: the side's GenS trace and limit, when the scenario traces supply. */
  gens?: { cost: ReadonlyMap<HexId, number>; max: number; oos: boolean; outside: boolean } | null;
  /** Leg road march (GOSS 7.6.1 step 2): is the hex observed by an enemy ground unit? */
  observed?: ((h: HexId) => boolean) | null;
  /** The ground condition now (GOSS 19.4, AW 32.4.0): 'dry' when the scenario says nothing. */
  ground?: string;
  /** Hexsides bridged by bridges placed in play (AW 32.6.1, 33.6.1: placedBridges.ts). */
  bridges?: ReadonlySet<number>;
  /** Hexsides whose bridge is down: blown in the airborne stage (AW 41.3.7b, extensions.ts `blownBridges`) or demolished in play (GOSS 17.3.2b/c): placedBridges.ts `downBridgeSides`. */
  blown?: ReadonlySet<number>;
  /** AW 41.3.3: the scenario modules' limits on this unit's move (extensions.ts `moveLimits`). */
  limits?: MoveLimits | null;
  /** GOSS 3.5 (3.5.3): the side's rest GT: no moving directly from a hex adjacent to an enemy to another hex adjacent to an enemy. */
  restGt?: boolean;
}

export type GroundEffects = NonNullable<TecTable['ground']>['conditions'][string];

/**
 * The ground condition now at `hex` and its effects from the TEC (GOSS 7.6.1 step 5, 19.4; AW 31.2.1b),
 * or null when it has none. A move reads it where the unit starts (AW 19.2.2a sectors; reconstructed:
 * the ground's MA change is made once, to the allowance).
 */
export function groundNow(state: GameState, bundle: ScenarioBundle, hex?: HexId | null): { ground: string; fx: GroundEffects | null } {
  const ground = weatherNow(state, bundle, hex).ground;
  return { ground, fx: groundEffects(bundle, ground) };
}

/** What a ground condition does to movement (the TEC's `ground`), or null when nothing. */
export function groundEffects(bundle: ScenarioBundle, ground: string): GroundEffects | null {
  return tecOf(bundle).raw.ground?.conditions[ground] ?? null;
}

/** Route bits of the roads a move must follow wholly to escape the ground condition (tec.ground.exemptRoads). */
export function groundExemptRoutes(tec: Tec): number {
  let mask = 0;
  for (const r of tec.raw.ground?.exemptRoads ?? []) mask |= ROUTE[r];
  return mask;
}

/** The hex the unit's movement began from this phase. */
function paStart(c: MoverCtx): HexId | null {
  return moveRecordNow(c.state, c.bundle, c.unit)?.from ?? c.unit.hex;
}

/** GOSS 7.10.1: Mech road movement may use clear hexes as roads only in these ground conditions (dry). */
function clearAsRoad(tec: Tec, ground: string | undefined): boolean {
  const g = tec.raw.ground;
  return !g || g.clearAsRoadIn.includes(ground ?? 'dry');
}

/** Route bits of the roads a Leg road march may follow (tec.legRoadMarch.roads), 0 when the table has no road march. */
export function roadMarchRoutes(tec: Tec): number {
  const lr = tec.raw.legRoadMarch;
  let mask = 0;
  if (lr) for (const r of lr.roads) mask |= ROUTE[r];
  return mask;
}

/** Does a road cross the hexside a→b? Returns the route bits. */
function routesOf(bundle: ScenarioBundle, side: number): number {
  return bundle.board.routes.get(side) ?? 0;
}

/** A hex from which Mech road movement may start (GOSS 7.10.1): a road hex, or a clear hex in dry weather. */
export function isRoadStart(bundle: ScenarioBundle, h: HexId, ground?: string, roads = ANY_ROAD): boolean {
  const tec = tecOf(bundle);
  if (roads === ANY_ROAD && tec.mechRoad[bundle.board.moveTerrain[h]] >= 0 && clearAsRoad(tec, ground)) return true;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n >= 0 && routesOf(bundle, hexsideBetween(h, n)) & roads) return true;
  }
  return false;
}

/**
 * Cost ×2 of entering `to` from adjacent `from` (−1 prohibited, ALL_MA = only as a whole-MA move).
 * `why` receives the reason of a prohibition when given.
 */
export function stepCost(c: MoverCtx, from: HexId, to: HexId, why?: { reason?: string; case?: string; code?: string }): number {
  const { bundle, tec, view } = c;
  // GOSS 7 TEC: a village costs what the other terrain in its hex costs (board.moveTerrain).
  const t = bundle.board.moveTerrain[to];
  if (t === NO_TERRAIN) { if (why) { why.reason = 'that hex is not on the playing area'; why.case = 'GOSS 7.1'; } return -1; }
  if ((view.flags[to] & F_ENEMY)) { if (why) { why.reason = 'the hex holds enemy units; a unit may never enter an enemy-occupied hex (overruns are made in the Exploitation Segment)'; why.case = 'GOSS 7.1'; } return -1; }
  if (c.enter) { const e = c.enter(to); if (e) { if (why) { why.reason = e.message; why.case = e.case; why.code = e.code; } return -1; } }
  if (c.gens && !c.commando && gensBlocks(c, from, to, why)) return -1;
  // GOSS 3.5.3: in the side's rest GT no unit slides from one enemy-adjacent hex to another.
  if (c.restGt && (view.flags[from] & F_ENEMY_ADJ) && (view.flags[to] & F_ENEMY_ADJ)) {
    if (why) { why.reason = 'in its side\'s rest GT a unit may not move directly from a hex adjacent to an enemy to another hex adjacent to an enemy'; why.case = 'GOSS 3.5'; why.code = 'rest-gt-slide'; }
    return -1;
  }
  for (const f of view.noSlide) {
    if (distance(from, f) === 1 && distance(to, f) === 1) {
      if (why) { why.reason = 'a unit may not move directly from a hex adjacent to an enemy-held ET-3 or Fort to another hex adjacent to it'; why.case = 'GOSS 7.9.0'; }
      return -1;
    }
  }
  const side = hexsideBetween(from, to);
  // A bridge placed in play (AW 32.6.1, 33.6.1) counts as the map's bridge.
  let feats = bundle.board.sides.get(side) ?? 0;
  let routes = routesOf(bundle, side);
  // (The two sets are absent when empty, ctxFor: most steps look at neither.)
  const placed = c.bridges !== undefined && c.bridges.has(side);
  if (placed) feats |= SIDE_BIT.bridge;
  // GOSS 17.3.2b/c: a demolished bridge (and the road crossing the water there) bridges nothing.
  if (c.blown !== undefined && !placed && (feats & WATER) && c.blown.has(side)) { feats &= ~SIDE_BIT.bridge; routes = 0; }
  let cost: number;
  if (c.type === 'mainroad') {
    // GOSS 7.6.1 step 5 / 19.4: wholly along primary or secondary roads, so the ground condition does not reduce the MA.
    const main = routes & groundExemptRoutes(tec);
    if (!main) { if (why) { why.reason = `a move that keeps its full MA in ${c.ground} ground runs wholly along primary or secondary roads`; why.case = 'GOSS 7.6.1, 19.4'; why.code = 'not-main-road'; } return -1; }
    cost = c.leg ? offroadCost(c, from, to, t, feats, main, why) : mechRoadCost(tec, t, feats, main);
    if (cost < 0) return cost;
    if (!c.leg && view.friendly(to)) cost += 2 * tec.raw.friendlyOccupiedRoad.mp;
  } else if (c.type === 'road') {
    if (!(routes & ANY_ROAD) && !clearAsRoad(tec, c.ground)) {
      if (why) { why.reason = `in ${c.ground} ground Mech road movement follows roads only (clear hexes count as roads in dry weather)`; why.case = 'GOSS 7.10.1'; }
      return -1;
    }
    cost = mechRoadCost(tec, t, feats, routes);
    // Clear-as-road steps are not on a road: constricted terrain keeps its whole-MA cost (non-road movement only).
    if (cost >= 0 && !(routes & ANY_ROAD)) { const con = constrictedOf(bundle); const emb = bundle.board.embankments; if ((con && (con[from] || con[to])) || emb.has(from) || emb.has(to)) cost = -1; }
    if (cost < 0) { if (why) { why.reason = 'Mech road movement follows road hexsides, or enters clear hexes at 1.5 MP in dry weather'; why.case = 'GOSS 7.10.1'; } return -1; }
    // AW 31.2.1: tactical road movement pays one extra MP entering a hex already occupied by a friendly unit.
    if (view.friendly(to)) cost += 2 * tec.raw.friendlyOccupiedRoad.mp;
  } else if (c.type === 'legroad') {
    // GOSS 7.6.1 step 2: wholly along primary or secondary roads, never adjacent to an enemy, never seen by an enemy ground unit.
    if (!(routes & roadMarchRoutes(tec))) { if (why) { why.reason = 'a Leg road march moves wholly along primary or secondary roads'; why.case = 'GOSS 7.6.2'; why.code = 'not-road-march'; } return -1; }
    if (view.flags[to] & F_ENEMY_ADJ) { if (why) { why.reason = 'a Leg road march never enters a hex adjacent to an enemy unit'; why.case = 'GOSS 7.6.2'; why.code = 'not-road-march'; } return -1; }
    if (c.observed && c.observed(to)) { if (why) { why.reason = 'a Leg road march never enters a hex an enemy ground unit observes'; why.case = 'GOSS 7.6.2'; why.code = 'not-road-march'; } return -1; }
    cost = offroadCost(c, from, to, t, feats, routes, why);
    if (cost < 0) return cost;
  } else if (c.type === 'pa') {
    cost = offroadCost(c, from, to, t, feats, routes, why);
    if (cost < 0 && cost !== ALL_MA) return -1;
    // GOSS 5.2.3 / 19.4: in mud a Mech unit's PA move is 1 hex unless it runs entirely along primary or secondary roads.
    if (!c.leg && c.ground && (tec.raw.ground?.conditions[c.ground]?.paMechHexes ?? Infinity) < tec.raw.pa.hexes.mech && !(routes & groundExemptRoutes(tec)) && from !== paStart(c)) {
      if (why) { why.reason = `in ${c.ground} a Mech unit in PA moves 1 hex unless its whole PA move runs along primary or secondary roads`; why.case = 'GOSS 5.2.3, 19.4'; why.code = 'pa-mud'; }
      return -1;
    }
    return 0;
  } else {
    cost = offroadCost(c, from, to, t, feats, routes, why);
    if (cost < 0) return cost;
  }
  if ((view.flags[to] & F_ENEMY_ADJ) && !surchargeWaived(c, to)) cost += c.leg ? 2 * tec.raw.adjacentEnemy.leg : 2 * tec.raw.adjacentEnemy.mech;
  return cost;
}

function mechRoadCost(tec: Tec, t: number, feats: number, routes: number): number {
  if (routes & ANY_ROAD) {
    let best = -1;
    const clear = t === tec.clearCode || tec.mechRoad[t] >= 0;
    for (let i = 0; i < 4; i++) {
      if (!(routes & (1 << i))) continue;
      const v = clear ? tec.roadMech[i] : tec.roadMechNonClear[i];
      if (v >= 0 && (best < 0 || v < best)) best = v;
    }
    return best; // GOSS 7.10: a road crossing a watercourse has a bridge; no hexside cost.
  }
  if (feats & (WATER | FEATURE.cliff | FEATURE.sea)) return -1;
  return tec.mechRoad[t];
}

function offroadCost(c: MoverCtx, from: HexId, to: HexId, t: number, feats: number, routes: number, why?: { reason?: string; case?: string; code?: string }): number {
  const { tec, leg, bundle } = c;
  // GOSS 7.6.2: a Leg unit pays 1 MP per hex entered along any road and ignores stream and river costs at the bridge.
  if (leg && routes & ANY_ROAD) {
    let best = -1;
    for (let i = 0; i < 4; i++) if (routes & (1 << i) && tec.roadLeg[i] >= 0 && (best < 0 || tec.roadLeg[i] < best)) best = tec.roadLeg[i];
    if (best >= 0) return best;
  }
  const base = leg ? tec.leg[t] : tec.mech[t];
  if (base < 0) {
    if (why) { why.reason = `${leg ? 'Leg' : 'Mech'} units may not enter ${terrainName(t)}`; why.case = 'GOSS 7 TEC'; }
    return -1;
  }
  let cost = base;
  if (feats) {
    const side = hexsideCost(tec, leg, feats, routes);
    if (side < 0) {
      if (why) { why.reason = `${leg ? 'Leg' : 'Mech'} units may not cross that hexside (${describeSide(feats)}) there`; why.case = 'GOSS 7 TEC'; }
      return -1;
    }
    cost += side;
  }
  const con = constrictedOf(bundle);
  const emb = bundle.board.embankments;
  if (((con && (con[from] || con[to])) || emb.has(from) || emb.has(to)) && !(routes & ANY_ROAD)) {
    // GOSS 7 TEC: entering or leaving a constricted hex off-road costs Leg +1, Mech the whole MA; an RR
    // embankment (AW 1.2.1a) counts as constricted for movement only, with no penalty along its railway.
    const m = tec.raw.constricted.mech;
    if (leg) cost += 2 * tec.raw.constricted.leg;
    else if (m === 'allMA') return ALL_MA;
    else cost += 2 * m;
  }
  return cost;
}

function hexsideCost(tec: Tec, leg: boolean, feats: number, routes: number): number {
  const costs = leg ? tec.sideLeg : tec.sideMech;
  const idx = (f: number) => Math.log2(f);
  if (feats & (FEATURE.sea | FEATURE.cliff)) return -1;
  let cost = 0;
  if (feats & FEATURE.bluff) cost += Math.max(0, costs[idx(FEATURE.bluff)]);
  if (feats & WATER) {
    const bridged = (feats & FEATURE.bridge) !== 0 || (routes & ANY_ROAD) !== 0;
    const major = (feats & FEATURE.majorRiver) !== 0;
    const cls = major ? FEATURE.majorRiver : feats & FEATURE.river ? FEATURE.river : feats & FEATURE.canal ? FEATURE.canal : FEATURE.stream;
    let w: number;
    if (bridged) w = costs[idx(FEATURE.bridge)];
    else if (feats & FEATURE.ford && !major) w = costs[idx(FEATURE.ford)];
    else w = costs[idx(cls)];
    if (w < 0) return -1;
    cost += w;
  }
  return cost;
}

function describeSide(feats: number): string {
  return Object.entries(FEATURE).filter(([, b]) => feats & b).map(([k]) => k).join(', ');
}

/** GOSS 7.8.0 / AW 31.5: when entering a hex adjacent to an enemy costs nothing extra. */
function surchargeWaived(c: MoverCtx, to: HexId): boolean {
  const mct = c.view.coverAt(to) === COVER_MCT;
  if (!mct) return false;
  if (c.mode === 'exploit') return true; // AW 31.5: Exploit units pay it only in a hex without MCT
  if (c.commando) return true; // GOSS 7.12.4: CDO entering MCT
  if (((c.view.flags[to] & (F_ENEMY_ADJ | F_NON_AFV_ADJ)) === F_ENEMY_ADJ)) {
    // GOSS 7.8.0: only pure AFVs adjacent, hex MCT, and no road linking the hex to theirs.
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[to * 6 + d];
      if (n >= 0 && (c.view.flags[n] & F_ENEMY) && routesOf(c.bundle, hexsideBetween(to, n)) & ANY_ROAD) return false;
    }
    return true;
  }
  return false;
}

/**
 * GOSS 7.7.5 / AW 32.9 "units may not purposely move out of supply": no entering a hex without a GenS
 * trace within 3 hexes of an enemy, unless the unit is already cut off and moves closer to a source;
 * an OoS unit may not move adjacent to an enemy. (CDOs are exempt: the caller skips them.)
 */
function gensBlocks(c: MoverCtx, from: HexId, to: HexId, why?: { reason?: string; case?: string; code?: string }): boolean {
  const g = c.gens!;
  if (g.oos && (c.view.flags[to] & F_ENEMY_ADJ)) {
    if (why) { why.reason = 'an out-of-supply unit may not move adjacent to an enemy unit'; why.case = 'GOSS 7.7.5'; why.code = 'oos-adjacent'; }
    return true;
  }
  const ct = g.cost.get(to) ?? Infinity;
  if (ct <= g.max) return false;
  if (g.outside && ct < (g.cost.get(from) ?? Infinity)) return false;
  if (!enemyWithin(c.view, to, 3)) return false;
  if (why) { why.reason = 'GenS cannot be traced to that hex and it is within 3 hexes of an enemy: units may not move out of supply'; why.case = 'GOSS 7.7.5, AW 32.9'; why.code = 'out-of-supply'; }
  return true;
}

/** The halt a unit suffers on entering `to`, or null (AW 31.8, GOSS 7.7.3, GOSS 5.2.3). */
export function haltAt(c: MoverCtx, from: HexId, to: HexId): Halt | null {
  const { view } = c;
  // AW 41.3.3: FoW units are not required to stop at movement halts.
  if (c.limits?.ignoreHalts) return null;
  if (c.mode === 'pa' && (view.flags[to] & F_HALT_ADJ)) return { case: 'AW 31.8a', reason: 'a unit in PA mode halts on moving adjacent to an enemy unit' };
  if ((view.flags[to] & F_HALT_ADJ) && view.coverAt(to) !== COVER_MCT) return { case: 'AW 31.8b', reason: 'the hex is adjacent to an enemy unit and has no movement covering terrain' };
  if ((view.flags[to] & F_WORKS_ADJ)) return { case: 'GOSS 7.7.3', reason: 'the hex is adjacent to an enemy unit in an entrenchment or Fort' };
  if (c.mode === 'pa' && !c.leg) {
    const name = terrainName(c.bundle.board.moveTerrain[to]);
    const road = routesOf(c.bundle, hexsideBetween(from, to)) & ANY_ROAD;
    const mud = c.ground ? c.tec.raw.ground?.conditions[c.ground]?.paMechHexes : undefined;
    if (mud !== undefined && mud < c.tec.raw.pa.hexes.mech && !(routesOf(c.bundle, hexsideBetween(from, to)) & groundExemptRoutes(c.tec))) {
      return { case: 'GOSS 5.2.3, 19.4', reason: `in ${c.ground} a Mech unit in PA moves ${mud} hex off the primary and secondary roads` };
    }
    if (!road && (c.tec.raw.pa.mechStop.includes(name) || isConstricted(c.bundle, to))) {
      return { case: 'GOSS 5.2.3', reason: `a Mech unit in PA movement stops on entering ${name || 'constricted terrain'} off-road` };
    }
  }
  return null;
}

/** The unit's movement record of the current phase, if it moved in this segment. */
export function moveRecordNow(state: GameState, bundle: ScenarioBundle, u: UnitState): NonNullable<UnitState['move']> | null {
  const m = u.move;
  if (!m) return null;
  const seg = segmentAt(bundle.sequence, state.pos).segment.id;
  return m.turn === state.pos.turn && m.playerTurn === state.pos.playerTurn && m.segment === seg ? m : null;
}

export interface Allowance {
  /** MP allowance ×2 for the phase (tactical, exploit) or hexes (PA). */
  budget: number;
  /** Already spent ×2 (MP) or hexes entered (PA). */
  spent: number;
  /** How the allowance was computed, each step with its case (for the UI). */
  parts: { case: string; text: string }[];
  /** AW 34.10.1 lull: at most this many hexes entered this phase, whatever the MP. */
  hexLimit?: number;
}

/** Hexes within `r` of an enemy unit at the start of the phase (AW 31.6): the unit's start hex counts. */
export function enemyWithin(view: SideView, h: HexId, r: number): boolean {
  for (const e of view.enemyHexes) if (distance(h, e) <= r) return true;
  return false;
}

/**
 * MA for the phase (GOSS 7.6.1 order, AW 31.5, 31.6, 31.9.2b, 31.11), ×2. Rounds every division up (GOSS 1.5).
 */
export function allowance(c: Pick<MoverCtx, 'state' | 'bundle' | 'view' | 'unit' | 'def' | 'mode' | 'leg'> & { type?: MoveType }): Allowance {
  const { unit: u, def, bundle, view, state } = c;
  const tec = tecOf(bundle);
  const parts: Allowance['parts'] = [];
  const rec = moveRecordNow(state, bundle, u);
  const gfx = tec.raw.ground ? groundNow(state, bundle, u.hex) : null;
  if (c.mode === 'pa') {
    const ranger = isRanger(def) || isCommando(def);
    let hexes = ranger ? tec.raw.pa.hexes.ranger : c.leg ? tec.raw.pa.hexes.leg : tec.raw.pa.hexes.mech;
    parts.push({ case: 'AW 31.2.1', text: `PA movement: ${hexes} hex${hexes > 1 ? 'es' : ''} (${ranger ? 'ranger/commando' : c.leg ? 'Leg' : 'Mech'})` });
    // GOSS 5.2.3 / 19.4: Leg rangers and commandos move 1 PA hex in mud (Mech: 1 hex off the main roads, in the search).
    const cdo = gfx?.fx?.paCdoHexes;
    if (ranger && c.leg && cdo !== undefined && cdo < hexes) { hexes = cdo; parts.push({ case: 'GOSS 5.2.3, 19.4', text: `${gfx!.ground} ground: ${hexes} PA hex` }); }
    // The scenario modules' PA limits (AW 35.5.2 low fuel).
    for (const m of paHexSteps(state, bundle, u.id, hexes)) if (m.ma < hexes) { hexes = m.ma; parts.push({ case: m.case, text: m.text }); }
    return { budget: hexes, spent: rec?.hexes ?? 0, parts };
  }
  let ma = def.ma;
  parts.push({ case: 'GOSS 7.1', text: `printed MA ${def.ma}` });
  // GOSS 7.12.3b: a Leg unit carried by its division's transport moves at the transport's MA.
  const carried = motorisedMa(bundle, u);
  if (carried) { ma = carried.ma; parts.push({ case: carried.case, text: `carried by the division's transport: MA ${ma}` }); }
  let hexLimit: number | undefined;
  // The scenario modules' MA steps (AW 34.7.2 German MA by atmosphere and time of day; AW 34.10.1 lull).
  for (const m of maSteps(state, bundle, u.id, ma)) {
    if (m.ma !== ma) { ma = m.ma; parts.push({ case: m.case, text: m.text }); }
    if (m.hexLimit !== undefined) { hexLimit = m.hexLimit; parts.push({ case: m.case, text: m.text }); }
  }
  if (isArtilleryGroup(def) || isHqArtilleryGroup(def) || actsAsGroup(bundle, u.id) || actsAsDivisionGroup(bundle, u.id)) {
    ma = tec.raw.artilleryGroupMa.ma;
    parts.push({ case: 'AW 31.9.2b', text: `artillery group MA ${ma}` });
  }
  const lb = leaderMaBonus(state, bundle, u, def, rec ? rec.from : u.hex);
  if (lb) { ma += lb.bonus; parts.push({ case: lb.case, text: `stacked with ${lb.leader}: +${lb.bonus} MA` }); }
  if (c.type === 'legroad' && tec.raw.legRoadMarch) {
    ma += tec.raw.legRoadMarch.ma;
    parts.push({ case: 'GOSS 7.6.2', text: `Leg road march (primary/secondary roads, unobserved, never adjacent): +${tec.raw.legRoadMarch.ma} MA` });
  }
  // GOSS 7.6.1 step 5 / 19.4 (AW 31.2.1b): the ground condition, after halving and quartering; a move
  // wholly along primary or secondary roads (a Leg road march, or the 'mainroad' type) keeps its MA.
  const ground = (x: number): number => {
    const fx = gfx?.fx;
    if (!fx || c.type === 'mainroad' || c.type === 'legroad') return x;
    const cs = 'GOSS 7.6.1, 19.4';
    if (fx.mechMa && !c.leg) { x = Math.max(0, x + fx.mechMa); parts.push({ case: cs, text: `${gfx!.ground} ground: Mech MA ${fx.mechMa}, ${x} (not when moving wholly along primary or secondary roads)` }); }
    if (fx.maDivisor) { x = Math.ceil(x / fx.maDivisor); parts.push({ case: cs, text: `${gfx!.ground} ground: MA ÷${fx.maDivisor}, ${x} (not when moving wholly along primary or secondary roads)` }); }
    return x;
  };
  if (c.mode === 'exploit') {
    const div = tec.raw.exploit.printedMaDivisor;
    ma = Math.ceil(ma / div);
    parts.push({ case: 'AW 31.5', text: `Exploit movement: half the printed MA, ${ma}` });
    ma = ground(ma);
    return { budget: ma * 2, spent: u.mpSpent * 2, parts, ...(hexLimit !== undefined ? { hexLimit } : {}) };
  }
  const halving: string[] = [];
  if (hasMarker(u, MARKER.OOS)) { halving.push('AW 31.11'); parts.push({ case: 'AW 31.11', text: 'out of supply: MA halved' }); }
  for (const h of maHalvings(state, bundle, u.id)) { halving.push(h.case); parts.push(h); }
  if (hasMarker(u, MARKER.FATIGUE1)) { halving.push('GOSS 7.6.1c'); parts.push({ case: 'GOSS 7.6.1c', text: 'fatigue 1: MA halved' }); }
  if (view.night) {
    const startHex = rec ? rec.from : u.hex;
    if (startHex !== null && !enemyWithin(view, startHex, tec.raw.night.halfMaUnlessEnemyWithin)) {
      halving.push('AW 31.6');
      parts.push({ case: 'AW 31.6', text: `night, no enemy within ${tec.raw.night.halfMaUnlessEnemyWithin} hexes at the start of the phase: MA halved` });
    }
  }
  if (hasMarker(u, MARKER.FATIGUE2) || halving.length >= 2) {
    ma = Math.ceil(ma / 4);
    parts.push({ case: 'GOSS 7.6.1d', text: `two halving conditions or fatigue 2: MA quartered to ${ma}` });
  } else if (halving.length === 1) {
    ma = Math.ceil(ma / 2);
    parts.push({ case: halving[0], text: `MA ${ma} (halved, rounded up)` });
  }
  ma = ground(ma);
  return { budget: ma * 2, spent: u.mpSpent * 2, parts, ...(hexLimit !== undefined ? { hexLimit } : {}) };
}

/** AW 32.8: a scenario leader adds its MA bonus to units of its formation it starts the phase stacked with. */
function leaderMaBonus(state: GameState, bundle: ScenarioBundle, u: UnitState, def: UnitDef, start: HexId | null): { bonus: number; leader: string; case: string } | null {
  if (start === null) return null;
  for (const l of special(bundle).leaders ?? []) {
    if (l.unit === u.id || !l.stackedWith.maBonus || def.formation !== l.formation) continue;
    const lu = unitOf(state, l.unit);
    if (lu && !lu.eliminated && lu.side === u.side && lu.hex === start) return { bonus: l.stackedWith.maBonus, leader: bundle.units.get(l.unit)?.designation ?? l.unit, case: 'AW 32.8.0' };
  }
  return null;
}

export interface Reach {
  /** cost ×2 from the unit's hex (MP) or hexes (PA); -1 unreachable. Indexed by hex id. */
  cost: Int32Array;
  prev: Int32Array;
  /** 1 where the unit halts on entering (it may end there but not go on). */
  halt: Uint8Array;
  /** 1 where the hex is reached only by the minimum move (GOSS 7.3.0), spending the whole MA. */
  minimum: Uint8Array;
  /** Reached hexes in the order they were settled. */
  hexes: HexId[];
}

/** Binary min-heap of (key, hex) on typed arrays. */
class Heap {
  private k = new Int32Array(256);
  private v = new Int32Array(256);
  size = 0;
  push(key: number, val: number): void {
    if (this.size === this.k.length) {
      const k = new Int32Array(this.size * 2); k.set(this.k); this.k = k;
      const v = new Int32Array(this.size * 2); v.set(this.v); this.v = v;
    }
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.k[p] <= key) break;
      this.k[i] = this.k[p]; this.v[i] = this.v[p]; i = p;
    }
    this.k[i] = key; this.v[i] = val;
  }
  /** Pops the minimum; returns its value, the key goes to `lastKey`. */
  lastKey = 0;
  pop(): number {
    const top = this.v[0];
    this.lastKey = this.k[0];
    const n = --this.size;
    const key = this.k[n]; const val = this.v[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.k[c + 1] < this.k[c]) c++;
      if (this.k[c] >= key) break;
      this.k[i] = this.k[c]; this.v[i] = this.v[c]; i = c;
    }
    this.k[i] = key; this.v[i] = val;
    return top;
  }
}

const SCRATCH = {
  cost: new Int32Array(HEX_COUNT).fill(-1),
  prev: new Int32Array(HEX_COUNT).fill(-1),
  halt: new Uint8Array(HEX_COUNT),
  minimum: new Uint8Array(HEX_COUNT),
  done: new Uint8Array(HEX_COUNT),
  depth: new Int32Array(HEX_COUNT),
  touched: [] as HexId[],
  heap: new Heap(),
};

/**
 * Every hex the unit can still reach this phase with movement type c.type: Dijkstra over half-MPs
 * (PA: breadth-first over hexes). `budget` and `spent` come from allowance(); `fresh` says the unit has
 * not moved this phase, so the minimum move (GOSS 7.3.0) is available. `maxHexes` ≥ 0 caps the hexes
 * entered (AW 34.10.1 lull: one hex; exact for one hex, the cheapest path otherwise).
 */
export function search(c: MoverCtx, start: HexId, left: number, fresh: boolean, maxHexes = -1): Reach {
  const NB = NEIGHBOURS; // read once: under vite's SSR loader (tests, bench) each read of an import is a getter call
  // Scratch arrays are reused between searches (no per-call allocation of map-sized arrays); the
  // previous search's hexes are reset, so a Reach is valid until the next search starts.
  const { cost, prev, halt, minimum, done, depth } = SCRATCH;
  for (const h of SCRATCH.touched) { cost[h] = -1; prev[h] = -1; halt[h] = 0; minimum[h] = 0; done[h] = 0; }
  SCRATCH.touched.length = 0;
  const touched = SCRATCH.touched;
  const hexes: HexId[] = [];
  const pa = c.type === 'pa';
  cost[start] = 0;
  touched.push(start);
  const heap = SCRATCH.heap;
  heap.size = 0;
  heap.push(0, start);
  const limits = c.limits?.oneHexStep ? c.limits : undefined; // AW 41.3.3 (a FoW unit's module): absent for nearly every unit
  while (heap.size) {
    const h = heap.pop();
    const here = heap.lastKey;
    if (done[h] || here !== cost[h]) continue;
    done[h] = 1;
    hexes.push(h);
    if (h !== start && halt[h]) continue;
    if (maxHexes >= 0 && (h === start ? 0 : depth[h]) >= maxHexes) continue;
    for (let d = 0; d < 6; d++) {
      const n = NB[h * 6 + d];
      if (n < 0 || done[n]) continue;
      const step = stepCost(c, h, n);
      if (step === -1) continue;
      // AW 41.3.3: a step the unit may take only as its whole move (one hex).
      const oneHex = limits !== undefined && limits.oneHexStep!(h, n) !== null;
      if (oneHex && h !== start) continue;
      let total: number;
      let isMin = false;
      if (pa) total = here + 1;
      else if (step === ALL_MA) { if (!(fresh && h === start)) continue; total = left; isMin = true; }
      else total = here + step;
      if (total > left) {
        // GOSS 7.3.0: a unit that has not moved may always move one hex, spending its whole MA.
        if (fresh && h === start && !pa) { total = left; isMin = true; } else continue;
      }
      if (cost[n] === -1 || total < cost[n]) {
        if (cost[n] === -1) touched.push(n);
        cost[n] = total;
        prev[n] = h;
        if (maxHexes >= 0) depth[n] = h === start ? 1 : depth[h] + 1;
        minimum[n] = isMin ? 1 : 0;
        halt[n] = oneHex || haltAt(c, h, n) ? 1 : 0;
        heap.push(total, n);
      }
    }
  }
  return { cost, prev, halt, minimum, hexes };
}

export function pathFrom(r: Reach, start: HexId, to: HexId): HexId[] {
  const out: HexId[] = [];
  for (let h = to; h !== start && h !== -1; h = r.prev[h]) out.push(h);
  return out.reverse();
}

export function isStartFresh(rec: NonNullable<UnitState['move']> | null): boolean {
  return !rec || rec.hexes === 0;
}

export { onBoard, ROUTE, MAJOR_ROAD };
