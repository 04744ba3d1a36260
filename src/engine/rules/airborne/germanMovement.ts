/**
 * German movement in the Airborne Assault Stage (AW 41.6.1, 41.6.2, 41.10.0).
 *
 * Two ways to move. Units activated by 41.6.1 (attacked, or next to / within two hexes of an Allied
 * unit at the start of the segment) move one or two *hexes*: no terrain they could not enter in a
 * normal GT, and entering Marsh or Forest or crossing any stream or river other than through a road
 * or bridge hexside stops them. Units activated by 41.6.2 (21st Pz, the Caen trigger, 91st/709th)
 * and every activated unit in 41.10.0 move their full printed MA in *MP*, by the GOSS movement costs
 * (`movement-search.ts` stepCost, its halts), each cost doubled when the hex entered is within three
 * hexes of an Allied unit.
 *
 * Either way a German unit may try to enter a hex holding only Allied FoW units (41.3.2: they do not
 * block) after an offensive PR check (GOSS 4.4.1): a "0" displaces the FoW units one hex and the unit
 * enters and may go one hex more, free; another pass displaces them and the unit enters and stops; a
 * fail halts it where it is. Only the first such attempt of a move can earn the "0" bonus. Where the
 * displaced FoW units go is a fixed rule here (docs/errata.md): the adjacent hex nearest a DZ that
 * they could move into (AW 41.3.7 terrain and rivers), no German unit in it and not the hex the German
 * came from, the first clockwise from north on a tie; with none they are eliminated.
 */
import type { Draft } from 'immer';
import { NEIGHBOURS, distance, hexsideBetween, type HexId } from '../../hex/lattice';
import { formatHex, tryParseHexRef } from '../../hex/sheets';
import { NO_TERRAIN, terrainOf } from '../../board';
import { ANY_ROAD, FEATURE, WATER, tecOf } from '../terrain';
import { F_ENEMY, haltAt, sideView, stepCost, groundNow, ALL_MA, type MoverCtx } from '../movement-search';
import { enterFilter } from '../scenarioArea';
import { effectivePr } from '../combatPr';
import { prc } from '../../procedures/proficiency';
import type { Dice } from '../../rng';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../../types';
import { moduleOn, maAfterModules } from '../extensions';
import { reject, type ActionHandler } from '../registry';
import { RIVER, abStep, blownSides, nearestDz, riverBridge, type AbCtx, type StageMove } from './movement';
import { alliedGroup, germanNow, germanSegment, isAirborne } from './activation';
import { AIRBORNE, airborneDraft, dzHexes } from './state';
import { isFow } from './fow';
import { eliminateLanded } from './landing';
import { mutUnit, unitList, unitOf } from '../../unitTable';

export const CASE_GMOVE = 'AW 41.6.1';
export const CASE_GMP = 'AW 41.6.2';
export const CASE_GMOVE2 = 'AW 41.10.0';

/** The stage facts German movement reads (the same as the Allied side's). */
export type GCtx = Omit<AbCtx, 'second'>;

const live = (u: UnitState | undefined): u is UnitState => !!u && !u.eliminated && u.hex !== null;

const occCache = new WeakMap<object, Map<HexId, 'fow' | 'blocked'>>();

/** Allied occupancy by hex: only FoW units, or others (cached per frozen units record; drafts are read afresh). */
function alliedOcc(c: GCtx): Map<HexId, 'fow' | 'blocked'> {
  const frozen = Object.isFrozen(c.state.units);
  const hit = frozen ? occCache.get(c.state.units) : undefined;
  if (hit) return hit;
  const out = new Map<HexId, 'fow' | 'blocked'>();
  for (const u of unitList(c.state)) {
    if (!live(u) || u.side !== 'allied') continue;
    out.set(u.hex!, !c.isFow(u.id) || out.get(u.hex!) === 'blocked' ? 'blocked' : 'fow');
  }
  if (frozen) occCache.set(c.state.units, out);
  return out;
}

/** What stands in a hex for a German mover: nothing Allied, only FoW units, or other Allied units. */
export function alliedIn(c: GCtx, h: HexId): 'none' | 'fow' | 'blocked' {
  return alliedOcc(c).get(h) ?? 'none';
}

/** Distance to the nearest live Allied unit (Infinity when there is none). */
export function nearestAllied(state: GameState, h: HexId, pick: (u: UnitState) => boolean = () => true): number {
  let best = Infinity;
  for (const u of unitList(state)) if (live(u) && u.side === 'allied' && pick(u)) best = Math.min(best, distance(h, u.hex!));
  return best;
}

/** Is the hex within three hexes of an Allied unit (AW 41.6.2 doubled costs)? */
function nearAllied(c: GCtx, h: HexId): boolean {
  for (const a of alliedOcc(c).keys()) if (distance(a, h) <= 3) return true;
  return false;
}

/**
 * One hex-counted step a→b of a German unit (AW 41.6.1): null-free terrain check, the FoW hex and the
 * stop. Prohibited is what standard movement prohibits (the TEC for its class, sea and cliff sides,
 * water its class may not cross unless bridged; a blown bridge bridges nothing).
 */
export function gHexStep(c: GCtx, unitId: string, a: HexId, b: HexId): { error: Rejection } | { stop: string | null; fow: boolean } {
  const { bundle } = c;
  const t = bundle.board.terrain[b];
  if (t === NO_TERRAIN) return { error: { code: 'off-map', message: `${formatHex(b)} is not on the map`, case: CASE_GMOVE } };
  const def = bundle.units.get(unitId)!;
  const leg = def.moveClass !== 'mech';
  const tec = tecOf(bundle);
  if ((leg ? tec.leg[t] : tec.mech[t]) < 0) return { error: { code: 'prohibited-terrain', message: `${leg ? 'Leg' : 'Mech'} units may not enter ${terrainOf(bundle.board, b)} (${formatHex(b)})`, case: 'AW 41.6.1, GOSS 7 TEC' } };
  const side = hexsideBetween(a, b);
  const feats = bundle.board.sides.get(side) ?? 0;
  const routes = bundle.board.routes.get(side) ?? 0;
  const bridged = (feats & RIVER) ? riverBridge(bundle, c.blown, a, b) : (feats & FEATURE.bridge) !== 0 || (routes & ANY_ROAD) !== 0;
  if (feats & (FEATURE.sea | FEATURE.cliff)) return { error: { code: 'prohibited-terrain', message: `no unit crosses the hexside ${formatHex(a)}–${formatHex(b)}`, case: 'AW 41.6.1, GOSS 7 TEC' } };
  if ((feats & WATER) && !bridged) {
    const costs = leg ? tec.sideLeg : tec.sideMech;
    const cls = feats & FEATURE.majorRiver ? FEATURE.majorRiver : feats & FEATURE.river ? FEATURE.river : feats & FEATURE.canal ? FEATURE.canal : FEATURE.stream;
    if (costs[Math.log2(cls)] < 0 && !(feats & FEATURE.ford)) {
      return { error: { code: 'prohibited-terrain', message: `${leg ? 'Leg' : 'Mech'} units may not cross the hexside ${formatHex(a)}–${formatHex(b)} without a bridge`, case: 'AW 41.6.1, GOSS 7 TEC' } };
    }
  }
  const occ = alliedIn(c, b);
  if (occ === 'blocked') return { error: { code: 'enemy-hex', message: `${formatHex(b)} holds Allied units other than FoW units: German units may not enter it`, case: CASE_GMOVE } };
  const terrain = terrainOf(bundle.board, b);
  let stop: string | null = null;
  if (!(routes & ANY_ROAD) && (terrain === 'marsh' || terrain === 'forest')) stop = `entering ${terrain} off a road stops the unit`;
  else if ((feats & WATER) && !bridged) stop = 'crossing a stream or river other than through a road or bridge hexside stops the unit';
  return { stop, fow: occ === 'fow' };
}

/** A German move's checked plan: the path, its cost per hex (MP moves, ×2 half-MP) and whether it passes a FoW hex. */
export interface GPlan { path: HexId[]; costs: number[]; mp: boolean; /** The hex after the first FoW hex, free when a "0" earns it, or -1. */ freeAt: number }

/**
 * The MP move's search context: the GOSS step costs, with hexes holding only FoW units open to entry
 * (AW 41.3.2 "do not block"); FoW units put no surcharge or halt on the hexes next to them (docs/errata.md).
 */
function mpCtx(c: GCtx, unitId: string, via: 'road' | 'offroad'): MoverCtx {
  const u = unitOf(c.state, unitId);
  const def = c.bundle.units.get(unitId)!;
  const fowIds = unitList(c.state).filter((x) => live(x) && x.side !== u.side && c.isFow(x.id)).map((x) => x.id).sort();
  const base = sideView(c.state, c.bundle, u.side, fowIds);
  const flags = Uint8Array.from(base.flags);
  for (const h of base.enemyHexes) if (alliedIn(c, h) === 'fow') flags[h] &= ~F_ENEMY;
  return {
    state: c.state, bundle: c.bundle, tec: tecOf(c.bundle), view: { ...base, flags }, unit: u, def,
    leg: def.moveClass !== 'mech', mode: 'tactical', type: def.moveClass !== 'mech' ? 'offroad' : via,
    commando: false, enter: enterFilter(c.state, c.bundle, unitId), gens: null, observed: null,
    ground: groundNow(c.state, c.bundle, u.hex).ground,
  };
}

/** AW 41.6.2: the MP cost ×2 of entering b from a, doubled within three hexes of an Allied unit; -1 when not allowed. */
export function gMpCost(c: GCtx, mc: MoverCtx, a: HexId, b: HexId, why?: { reason?: string; case?: string; code?: string }): number {
  // blown bridges (AW 41.3.7b) bridge nothing: the standard costs then see an un-bridged river
  const side = hexsideBetween(a, b);
  if (c.blown.has(side)) { if (why) { why.reason = `the bridge ${formatHex(a)}–${formatHex(b)} was destroyed`; why.case = 'AW 41.3.7b'; why.code = 'bridge-blown'; } return -1; }
  if (alliedIn(c, b) === 'blocked') { if (why) { why.reason = `${formatHex(b)} holds Allied units other than FoW units`; why.case = CASE_GMOVE; why.code = 'enemy-hex'; } return -1; }
  const cost = stepCost(mc, a, b, why);
  if (cost < 0 || cost === ALL_MA) return -1;
  return nearAllied(c, b) ? cost * 2 : cost;
}

/**
 * Checks a German path before any roll. Hex moves: at most `hexes` hexes (one more after the first
 * FoW hex, the "0" bonus it may earn), stops last. MP moves: within `mp` half-MP (the hex after the
 * first FoW hex free), halts last. The rolls may stop the unit earlier (walkGerman).
 */
export function checkGermanPath(c: GCtx, unitId: string, path: readonly HexId[], allow: { hexes: number } | { mp: number; via?: 'road' | 'offroad' }): GPlan | { error: Rejection } {
  const u = unitOf(c.state, unitId);
  if (!live(u)) return { error: { code: 'not-on-map', message: `${unitId} is not on the map`, case: CASE_GMOVE } };
  if (!path.length) return { error: { code: 'bad-action', message: 'the path is empty', case: CASE_GMOVE } };
  const mp = 'mp' in allow;
  const mc = mp ? mpCtx(c, unitId, allow.via ?? 'offroad') : null;
  const costs: number[] = [];
  let prev = u.hex!;
  let fowAt = -1;
  let spent = 0;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (distance(prev, h) !== 1) return { error: { code: 'not-adjacent', message: `${formatHex(h)} is not adjacent to ${formatHex(prev)}`, case: CASE_GMOVE } };
    const free = fowAt >= 0 && i === fowAt + 1;
    let stop: string | null = null;
    if (mc) {
      const why: { reason?: string; case?: string; code?: string } = {};
      const cost = gMpCost(c, mc, prev, h, why);
      if (cost < 0) return { error: { code: why.code ?? 'prohibited', message: why.reason ?? `${formatHex(h)} cannot be entered`, case: why.case ?? CASE_GMP } };
      costs.push(free ? 0 : cost);
      spent += free ? 0 : cost;
      const halt = haltAt(mc, prev, h);
      if (halt) stop = halt.reason;
    } else {
      const s = gHexStep(c, unitId, prev, h);
      if ('error' in s) return s;
      stop = s.stop;
      costs.push(free ? 0 : 1);
      spent += free ? 0 : 1;
    }
    if (alliedIn(c, h) === 'fow') {
      if (effectivePr(c.state, c.bundle, unitId, 'off').pr === null) return { error: { code: 'no-pr', message: 'a unit without an offensive PR cannot make the PR check to enter a FoW hex', case: CASE_GMOVE } };
      if (fowAt < 0) fowAt = i;
    }
    if (stop && i < path.length - 1) return { error: { code: 'halted', message: `${stop} (${formatHex(h)}): it moves no further this segment`, case: mp ? 'GOSS 7.7' : CASE_GMOVE } };
    prev = h;
  }
  if ('mp' in allow) {
    if (spent > allow.mp) return { error: { code: 'over-ma', message: `the path costs ${spent / 2} MP (doubled within three hexes of an Allied unit); the unit has ${allow.mp / 2}`, case: CASE_GMP } };
  } else if (spent > allow.hexes) {
    return { error: { code: 'over-ma', message: `the unit may move ${allow.hexes} hex${allow.hexes === 1 ? '' : 'es'} this segment; this path enters ${spent}`, case: CASE_GMOVE } };
  }
  return { path: [...path], costs, mp, freeAt: fowAt >= 0 && fowAt + 1 < path.length ? fowAt + 1 : -1 };
}

/** AW 41.6.1 (fixed rule, docs/errata.md): where FoW units forced out of `h` by a German unit coming from `from` go, or null. */
export function fowDisplaceHex(c: GCtx, h: HexId, from: HexId): HexId | null {
  const ab: AbCtx = { ...c, second: false };
  let best: HexId | null = null;
  let bestD = Infinity;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n < 0 || n === from) continue;
    const s = abStep(ab, h, n);
    if ('error' in s) continue;
    if (unitList(c.state).some((u) => live(u) && u.side === 'german' && u.hex === n)) continue;
    const dz = nearestDz(c.dzs, n);
    if (dz < bestD) { best = n; bestD = dz; }
  }
  return best;
}

/**
 * Moves a German unit along a checked plan on the draft, rolling the offensive PR checks for FoW
 * hexes as it reaches them (AW 41.6.1). Returns the events; the unit ends where the rules stop it.
 */
export function walkGerman(d: Draft<GameState>, c: GCtx, dice: Pick<Dice, 'd10'>, unitId: string, plan: GPlan, ruleCase: string): GameEvent[] {
  const events: GameEvent[] = [];
  const u = unitOf(d, unitId);
  const start = u.hex!;
  let bonus = true;
  let extra = false;
  const entered: HexId[] = [];
  let halted: string | null = null;
  for (let i = 0; i < plan.path.length; i++) {
    const h = plan.path[i];
    const prev = entered.length ? entered[entered.length - 1] : start;
    // a free hex after a FoW hex is allowed only when the "0" bonus was earned there
    if (i === plan.freeAt && !extra) { halted = 'stopped after the FoW hex: only a "0" lets the unit go one hex further'; break; }
    extra = false;
    if (alliedIn(c, h) === 'fow') {
      const pr = effectivePr(d as GameState, c.bundle, unitId, 'off').pr ?? 0;
      const r = prc(dice as Dice, pr, 0, `AW 41.6.1 offensive PR check of ${unitId} to enter the FoW hex ${formatHex(h)}`);
      const zero = r.roll === 0 && bonus;
      bonus = false;
      events.push({ type: 'fowEntryCheck', unit: unitId, hex: formatHex(h), roll: r.roll, pr, pass: r.pass, zero, case: CASE_GMOVE });
      if (!r.pass) { halted = `failed its PR check to enter ${formatHex(h)}`; break; }
      events.push(...displaceFow(d, c, h, prev));
      entered.push(h);
      mutUnit(d, unitId).hex = h;
      if (!zero) { halted = `entered the FoW hex ${formatHex(h)} and stops`; break; }
      extra = true;
      continue;
    }
    entered.push(h);
    mutUnit(d, unitId).hex = h;
  }
  const to = entered.length ? entered[entered.length - 1] : start;
  mutUnit(d, unitId).hex = to;
  events.push({
    type: 'unitMoved', unit: unitId, from: formatHex(start), to: formatHex(to), path: entered.map(formatHex),
    ...(plan.mp ? { cost: plan.costs.slice(0, entered.length).reduce((a, b) => a + b, 0) / 2 } : { cost: entered.length, hexes: true as const }), case: ruleCase,
    ...(halted ? { halted } : {}),
  });
  return events;
}

/** AW 41.6.1: the FoW units in `h` displace one hex (fowDisplaceHex), or are eliminated when they cannot. */
export function displaceFow(d: Draft<GameState>, c: GCtx, h: HexId, from: HexId): GameEvent[] {
  const to = fowDisplaceHex({ ...c, state: d as GameState }, h, from);
  const ids = unitList(d).filter((u) => live(u as UnitState) && u.side === 'allied' && u.hex === h).map((u) => u.id).sort();
  if (to === null) {
    const events: GameEvent[] = [];
    for (const id of ids) events.push(...eliminateLanded(d, id, `forced out of ${formatHex(h)} with no hex to displace into`, CASE_GMOVE));
    return events;
  }
  for (const id of ids) mutUnit(d, id).hex = to;
  return [{ type: 'fowDisplaced', units: ids, from: formatHex(h), to: formatHex(to), case: CASE_GMOVE }];
}

/** Every end hex a hex-counted German unit may plan to (one path each, shortest first): for legalActions. */
export function gHexDestinations(c: GCtx, unitId: string, hexes: number): HexId[][] {
  const u = unitOf(c.state, unitId);
  if (!live(u) || hexes <= 0) return [];
  const out = new Map<HexId, HexId[]>();
  const walk = (path: HexId[]) => {
    const from = path.length ? path[path.length - 1] : u.hex!;
    for (let k = 0; k < 6; k++) {
      const n = NEIGHBOURS[from * 6 + k];
      if (n < 0 || n === u.hex || path.includes(n)) continue;
      const s = gHexStep(c, unitId, from, n);
      if ('error' in s) continue;
      const next = [...path, n];
      const had = out.get(n);
      if ((!had || had.length > next.length) && !('error' in checkGermanPath(c, unitId, next, { hexes }))) out.set(n, next);
      // one hex beyond the allowance only after a FoW hex (the "0" bonus); checkGermanPath filters
      if (!s.stop && next.length <= hexes) walk(next);
    }
  };
  walk([]);
  return [...out.values()].sort((a, b) => a.length - b.length || a[a.length - 1] - b[b.length - 1]);
}

/** Every hex an MP-moving German unit may plan to reach (Dijkstra over the doubled costs), with its path. */
export function gMpDestinations(c: GCtx, unitId: string, mp: number, via: 'road' | 'offroad' = 'offroad'): Map<HexId, { cost: number; path: HexId[] }> {
  const u = unitOf(c.state, unitId);
  const out = new Map<HexId, { cost: number; path: HexId[] }>();
  if (!live(u) || mp <= 0) return out;
  const mc = mpCtx(c, unitId, via);
  // AW 41.6.1: a FoW hex only for a unit with an offensive PR, which it must roll to enter (as checkGermanPath).
  const mayEnterFow = effectivePr(c.state, c.bundle, unitId, 'off').pr !== null;
  const best = new Map<HexId, number>([[u.hex!, 0]]);
  const prev = new Map<HexId, HexId>();
  const open = new Set<HexId>([u.hex!]);
  const done = new Set<HexId>();
  while (open.size) {
    let h = -1;
    for (const x of open) if (h < 0 || best.get(x)! < best.get(h)!) h = x;
    open.delete(h);
    done.add(h);
    const here = best.get(h)!;
    if (h !== u.hex && (haltAt(mc, prev.get(h)!, h) || alliedIn(c, h) === 'fow')) continue;
    for (let k = 0; k < 6; k++) {
      const n = NEIGHBOURS[h * 6 + k];
      if (n < 0) continue;
      const cost = gMpCost(c, mc, h, n);
      if (cost < 0 || (!mayEnterFow && alliedIn(c, n) === 'fow')) continue;
      const total = here + cost;
      if (total > mp) continue;
      if (!done.has(n) && (!best.has(n) || total < best.get(n)!)) { best.set(n, total); prev.set(n, h); open.add(n); }
    }
  }
  for (const [h, cost] of best) {
    if (h === u.hex) continue;
    const path: HexId[] = [];
    for (let x = h; x !== u.hex; x = prev.get(x)!) path.push(x);
    out.set(h, { cost, path: path.reverse() });
  }
  return out;
}

// --- The action -------------------------------------------------------------------------------

/** How the unit moves this segment: hexes (41.6.1), full MA in MP (41.6.2, 41.10.0), or not at all (why). */
export function gAllowance(state: GameState, bundle: ScenarioBundle, unitId: string): { hexes: number } | { mp: number; closerTo?: 'CW' | 'US'; from: HexId } | { error: Rejection } {
  const no = (code: string, message: string, c = CASE_GMOVE) => ({ error: { code, message, case: c } });
  if (!moduleOn(bundle, AIRBORNE)) return no('not-in-scenario', 'this scenario has no Airborne Assault Stage');
  const seg = germanSegment(state, bundle);
  if (!seg) return no('wrong-segment', 'German units move in the German Movement Segments of the Airborne Assault Stage');
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.side !== 'german' || u.eliminated || u.hex === null) return no('no-such-unit', `there is no German unit "${unitId}" on the map`);
  const rec = germanNow(state, bundle);
  if (rec.moved?.includes(unitId)) return no('moved', `${def.designation} has moved this segment`);
  const mp = rec.mp?.[unitId];
  if (mp) return { mp: 2 * maAfterModules(state, bundle, unitId).ma, from: mp.from, ...(mp.closerTo ? { closerTo: mp.closerTo } : {}) };
  const hexes = rec.hexes?.[unitId] ?? 0;
  if (hexes > 0) return { hexes };
  return no('not-activated', `${def.designation} is not activated: only units attacked, or next to or within two hexes of an Allied unit at the start of the segment, or activated by the German player, move`, seg === 'first' ? CASE_GMOVE : CASE_GMOVE2);
}

/** GCtx of the state now. */
function gCtx(state: GameState, bundle: ScenarioBundle): GCtx {
  return { state, bundle, dzs: dzHexes(state), isFow: (id) => isFow(state, id), blown: blownSides(state, bundle) };
}

/** AW 41.6.2: must the unit end closer to a CW / US airborne unit than it began, and does `end` do so? */
function closerProblem(state: GameState, bundle: ScenarioBundle, target: 'CW' | 'US', from: HexId, end: HexId): Rejection | null {
  const pick = (u: UnitState) => alliedGroup(bundle, u.id) === target && isAirborne(bundle, u.id, (id) => isFow(state, id));
  if (nearestAllied(state, end, pick) < nearestAllied(state, from, pick)) return null;
  return { code: 'not-closer', message: `activated units must end their movement closer to a ${target} airborne unit than they began it`, case: CASE_GMP };
}

/** How a German unit moves this segment, in words for the player: hexes (AW 41.6.1) or MP (AW 41.6.2, 41.10.0). */
export type GMoveAllowance = { hexes: number; case: string } | { mp: number; closerTo?: 'CW' | 'US'; case: string };

/** The unit's moves in the stage context `c`, one per legal path (the order legalActions offers them), or why it may not move. */
function gMovesOf(c: GCtx, unitId: string, side: Side | null): { error: Rejection } | { allowance: GMoveAllowance; moves: StageMove[] } {
  const { state, bundle } = c;
  const al = gAllowance(state, bundle, unitId);
  if ('error' in al) return al;
  if (side !== 'german') return { error: { code: 'not-your-turn', message: 'the German player moves German units in this segment', case: CASE_GMOVE } };
  const from = unitOf(state, unitId).hex!;
  const fowAt = (path: readonly HexId[]) => path.some((h) => alliedIn(c, h) === 'fow');
  if ('hexes' in al) {
    const moves = gHexDestinations(c, unitId, al.hexes).map((p): StageMove => {
      const end = p[p.length - 1];
      const s = gHexStep(c, unitId, p.length > 1 ? p[p.length - 2] : from, end);
      const stop = !('error' in s) && (s.stop !== null || s.fow);
      return { hex: end, action: { type: 'gMove', unit: unitId, path: p.map(formatHex) }, cost: p.length, stop, check: fowAt(p) };
    });
    return { allowance: { hexes: al.hexes, case: CASE_GMOVE }, moves };
  }
  const mc = mpCtx(c, unitId, 'offroad');
  const moves: StageMove[] = [];
  for (const [end, r] of gMpDestinations(c, unitId, al.mp)) {
    if (al.closerTo && closerProblem(state, bundle, al.closerTo, al.from, end)) continue;
    const prev = r.path.length > 1 ? r.path[r.path.length - 2] : from;
    moves.push({ hex: end, action: { type: 'gMove', unit: unitId, path: r.path.map(formatHex) }, cost: r.cost / 2, stop: !!haltAt(mc, prev, end) || alliedIn(c, end) === 'fow', check: fowAt(r.path) });
  }
  const mpCase = germanSegment(state, bundle) === 'second' ? CASE_GMOVE2 : CASE_GMP;
  return { allowance: { mp: al.mp / 2, ...(al.closerTo ? { closerTo: al.closerTo } : {}), case: mpCase }, moves };
}

/**
 * AW 41.6.1, 41.6.2, 41.10.0: the activated German unit's moves now — the same `gMove` actions
 * legalActions offers for it — or why it may not move (not activated, moved, not this segment). One
 * unit only: the map and the Decisions panel ask for the selected unit.
 */
export function gMoveOptions(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null): { error: Rejection } | { allowance: GMoveAllowance; moves: StageMove[] } {
  return gMovesOf(gCtx(state, bundle), unitId, side);
}

export const germanMoveHandlers: ActionHandler[] = [{
  type: 'gMove',
  apply(d, action, ctx) {
    const a = action as ActionOf<'gMove'>;
    if (ctx.side !== 'german') reject('not-your-turn', 'the German player moves German units in this segment', CASE_GMOVE);
    const state = d as GameState;
    const allow = gAllowance(state, ctx.bundle, a.unit);
    if ('error' in allow) reject(allow.error.code, allow.error.message, allow.error.case);
    const path = a.path.map((r) => { const p = tryParseHexRef(r); if ('error' in p) reject('bad-hex', p.error); return (p as { hex: HexId }).hex; });
    const c = gCtx(state, ctx.bundle);
    const al = allow as Exclude<typeof allow, { error: Rejection }>;
    const plan = checkGermanPath(c, a.unit, path, 'mp' in al ? { mp: al.mp, via: a.via ?? 'offroad' } : al);
    if ('error' in plan) reject(plan.error.code, plan.error.message, plan.error.case);
    if ('mp' in al && al.closerTo) {
      const p = closerProblem(state, ctx.bundle, al.closerTo, al.from, path[path.length - 1]);
      if (p) reject(p.code, p.message, p.case);
    }
    const rec = airborneDraft(d).german!;
    (rec.moved ??= []).push(a.unit);
    const seg = germanSegment(state, ctx.bundle);
    return walkGerman(d, { ...c, isFow: (id) => isFow(d as GameState, id) }, ctx.dice, a.unit, plan as GPlan, 'mp' in al ? (seg === 'second' ? CASE_GMOVE2 : CASE_GMP) : CASE_GMOVE);
  },
  legal(state, side, bundle) {
    if (side !== 'german' || !moduleOn(bundle, AIRBORNE) || !germanSegment(state, bundle)) return [];
    const c = gCtx(state, bundle);
    const out: Action[] = [];
    const rec = germanNow(state, bundle);
    const ids = [...new Set([...Object.keys(rec.hexes ?? {}), ...Object.keys(rec.mp ?? {})])].sort();
    for (const id of ids) {
      const o = gMovesOf(c, id, side);
      if (!('error' in o)) for (const m of o.moves) out.push(m.action);
    }
    return out;
  },
}];
