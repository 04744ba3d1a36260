/**
 * Which German units move in the Airborne Assault Stage, and how (AW 41.6.1, 41.6.2, 41.10.0).
 *
 * 41.6.1, every German Movement Segment's start: a unit attacked in any way (incl. a PR retreat when
 * paratroops landed on it) or adjacent to an Allied unit (FoW included) moves two hexes; within two
 * hexes one. 41.6.2: the German player activates more units by group, as the scenario's data lists
 * them (`special.airborne.germanActivation`: the June 6 groups are the 21st Pz, with its ½d10 roll,
 * the MkIV cap, the Orne restriction and the Caen trigger, and the 91st/709th's six units); those move
 * their full MA in MP (germanMovement.ts). 41.10.0: every unit activated in the stage moves its full
 * MA, and the German activates two more within six hexes of a CW unit and two within six of a US unit.
 * Activation choices are German actions (`gActivate`); the ½d10 is rolled on entering the segment.
 */
import type { Draft } from 'immer';
import { distance, type HexId } from '../../hex/lattice';
import { ActivationGroup, GermanActivation } from '../../../data/schemas/airborne';
import { hexSet } from '../scenarioArea';
import { moduleOn } from '../extensions';
import { segmentAt } from '../../sequence';
import { reject, type ActionHandler, type RuleContext, type SegmentHook } from '../registry';
import type { ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, UnitState } from '../../types';
import { AIRBORNE, airborneData, airborneDraft, airborneState } from './state';
import { isFow } from './fow';
import { segKey } from './movement';
import { unitList, unitOf } from '../../unitTable';

export const CASE_ACT = 'AW 41.6.1';
export const CASE_ADD = 'AW 41.6.2';
export const CASE_ACT2 = 'AW 41.10.0';

export { ActivationGroup, GermanActivation };

/** B's part of the airborne state (AirborneState.german). */
export interface AbGermanState {
  /** AW 41.6.1: German units attacked in any manner in the stage (they are activated). */
  attacked?: string[];
  /** Every German unit activated in the stage so far (41.10.0 moves them all). */
  activated?: string[];
  /** The German Movement Segment the records below belong to (segment id). */
  seg?: string;
  /** AW 41.6.1: hexes each unit may move this segment (fixed at its start). */
  hexes?: Record<string, number>;
  /** Units moving their full MA in MP this segment: their group, the hex they began in, whom they must close on. */
  mp?: Record<string, { group: string; from: number; closerTo?: 'CW' | 'US' }>;
  /** Units that have moved this segment. */
  moved?: string[];
  /** The ½d10 rolls of this segment by group: the die and the number of units it gives. */
  rolls?: Record<string, { die: number; count: number }>;
  /** Groups triggered whole this segment (41.6.2 Caen). */
  triggered?: string[];
}

const live = (u: UnitState | undefined): u is UnitState => !!u && !u.eliminated && u.hex !== null;

/** AW 41.6.2: ½d10 rounded up; a 0 reads zero (GOSS 26.0), so no unit. */
export const halfD10 = (die: number): number => Math.ceil(die / 2);

/** CW or US: the Allied nationality group of a unit (AW 41.6.2 "CW airborne unit", "US airborne unit"). */
export function alliedGroup(bundle: ScenarioBundle, unitId: string): 'CW' | 'US' {
  return bundle.units.get(unitId)?.nationality === 'US' ? 'US' : 'CW';
}

/** Is the unit an airborne unit (para, glider, or a FoW counter)? */
export function isAirborne(bundle: ScenarioBundle, unitId: string, isFow: (id: string) => boolean): boolean {
  return !!bundle.units.get(unitId)?.airborne || isFow(unitId);
}

/** Distance from h to the nearest live Allied unit matching `pick`. */
export function nearest(state: GameState, h: HexId, pick: (u: UnitState) => boolean): number {
  let best = Infinity;
  for (const u of unitList(state)) if (live(u) && u.side === 'allied' && pick(u)) best = Math.min(best, distance(h, u.hex!));
  return best;
}

/** May the unit move at all (not static, an MA above 0)? */
function mobile(bundle: ScenarioBundle, id: string): boolean {
  const d = bundle.units.get(id);
  return !!d && d.moveClass !== 'static' && d.ma > 0;
}

/** AW 41.6.1: the hexes each German unit may move in this segment, from the position at its start. */
export function basicAllowances(state: GameState, bundle: ScenarioBundle, attacked: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  const hit = new Set(attacked);
  for (const u of unitList(state)) {
    if (!live(u) || u.side !== 'german' || !mobile(bundle, u.id)) continue;
    const d = nearest(state, u.hex!, () => true);
    const n = hit.has(u.id) || d <= 1 ? 2 : d <= 2 ? 1 : 0;
    if (n) out[u.id] = n;
  }
  return out;
}

const exclCache = new WeakMap<object, Map<ActivationGroup, Set<string>>>();

/** The units of a group's `excludeRegiments` and the Coys they detached (AW 41.6.2 note); cached per frozen units record. */
function excluded(state: GameState, bundle: ScenarioBundle, g: ActivationGroup): Set<string> {
  const frozen = Object.isFrozen(state.units);
  const hit = frozen ? exclCache.get(state.units)?.get(g) : undefined;
  if (hit) return hit;
  const out = new Set<string>();
  if (frozen) { let m = exclCache.get(state.units); if (!m) exclCache.set(state.units, (m = new Map())); m.set(g, out); }
  if (!g.excludeRegiments?.length) return out;
  for (const u of unitList(state)) {
    const d = bundle.units.get(u.id);
    if (d?.regiment && g.excludeRegiments.includes(d.regiment)) { out.add(u.id); for (const c of u.detached ?? []) out.add(c); }
  }
  return out;
}

/** Is the group triggered whole (41.6.2 Caen: a non-FoW unit of the division in or next to the place)? */
export function triggered(state: GameState, bundle: ScenarioBundle, g: ActivationGroup, isFow: (id: string) => boolean): boolean {
  const t = g.trigger;
  if (!t) return false;
  const place: HexId[] = [];
  for (const [h, name] of bundle.board.names) if (name === t.place) place.push(h);
  return unitList(state).some((u) => live(u) && u.side === 'allied' && !isFow(u.id)
    && bundle.units.get(u.id)?.formation === t.division && place.some((p) => distance(p, u.hex!) <= 1));
}

/** The hexes named `place` on the map. */
export function placeHexes(bundle: ScenarioBundle, place: string): HexId[] {
  const out: HexId[] = [];
  for (const [h, name] of bundle.board.names) if (name === place) out.push(h);
  return out.sort((a, b) => a - b);
}

/**
 * Why the unit may not be activated in the group now, or null. `chosen` lists the units the group has
 * activated this segment; `count` is how many it may (the roll, or the fixed number).
 */
export function activationProblem(state: GameState, bundle: ScenarioBundle, g: ActivationGroup, unitId: string,
  o: { chosen: readonly string[]; count: number; already: readonly string[]; isFow: (id: string) => boolean; whole: boolean }): string | null {
  const u = unitOf(state, unitId);
  const d = bundle.units.get(unitId);
  if (!live(u) || !d || u.side !== 'german') return `${unitId} is not a German unit on the map`;
  if (!mobile(bundle, unitId)) return `${d.designation} cannot move`;
  if (o.already.includes(unitId)) return `${d.designation} is already activated this segment`;
  if (g.formations && !g.formations.includes(d.formation ?? '')) return `${d.designation} is not of the ${g.name}`;
  if (excluded(state, bundle, g).has(unitId)) return `${d.designation} is attached elsewhere and may not be activated in the Airborne Assault Stage`;
  if (o.whole) return null;
  if (o.chosen.length >= o.count) return `the ${g.name} may activate ${o.count} unit${o.count === 1 ? '' : 's'} this segment`;
  if (g.within && nearest(state, u.hex!, (a) => alliedGroup(bundle, a.id) === g.within!.of) > g.within.hexes) {
    return `${d.designation} is not within ${g.within.hexes} hexes of a ${g.within.of} unit`;
  }
  if (g.classLimit && g.classLimit.classes.includes(d.class ?? '')) {
    const n = o.chosen.filter((id) => g.classLimit!.classes.includes(bundle.units.get(id)?.class ?? '')).length;
    if (n >= g.classLimit.max) return `at most ${g.classLimit.max} of these (${g.classLimit.classes.join(', ')}) may be activated this segment`;
  }
  if (g.restricted) {
    const area = hexSet(bundle, { riverSide: { river: g.restricted.river, from: g.restricted.from } });
    if (area.has(u.hex!) && !unitList(state).some((a) => live(a) && a.side === 'allied' && area.has(a.hex!))) {
      return `${g.name} units ${g.restricted.name} may be activated only when Allied units are ${g.restricted.name}`;
    }
  }
  return null;
}

/** The units a triggered group activates at once: the group's own eligible units, and the `alsoFormations` near the place. */
export function triggeredUnits(state: GameState, bundle: ScenarioBundle, g: ActivationGroup, isFow: (id: string) => boolean): string[] {
  const t = g.trigger!;
  const place = placeHexes(bundle, t.place);
  const out: string[] = [];
  for (const u of unitList(state)) {
    if (!live(u) || u.side !== 'german') continue;
    const d = bundle.units.get(u.id);
    if (!d) continue;
    if (!activationProblem(state, bundle, g, u.id, { chosen: [], count: Infinity, already: [], isFow, whole: true })) out.push(u.id);
    else if (t.alsoFormations.includes(d.formation ?? '') && mobile(bundle, u.id) && place.some((p) => distance(p, u.hex!) <= t.alsoWithin)) out.push(u.id);
  }
  return out.sort();
}

// --- The segment hooks and the German's activation choice ----------------------------------------

export const GERMAN_MOVE_SEGMENTS: Record<string, 'first' | 'second'> = { germanMovement1: 'first', germanMovement2: 'second' };

/** The scenario's activation groups (none when it lists none). */
export function activationGroups(bundle: ScenarioBundle): ActivationGroup[] {
  return airborneData(bundle).special.germanActivation?.groups ?? [];
}

/** The German segment now ('first' / 'second'), or null outside the German Movement Segments. */
export function germanSegment(state: GameState, bundle: ScenarioBundle): 'first' | 'second' | null {
  return GERMAN_MOVE_SEGMENTS[segmentAt(bundle.sequence, state.pos).segment.id] ?? null;
}

/** B's German record for the segment now (empty outside it). */
export function germanNow(state: GameState, bundle: ScenarioBundle): AbGermanState {
  const g = airborneState(state).german ?? {};
  return g.seg === segKey(state, bundle) ? g : { attacked: g.attacked, activated: g.activated };
}

export { markAttacked } from './state';

/** How many units the group may still activate this segment, given its roll or number. */
function groupCount(g: ActivationGroup, rec: AbGermanState): number {
  return 'fixed' in g.count ? g.count.fixed : rec.rolls?.[g.id]?.count ?? 0;
}

/** Units the group has activated this segment. */
function chosenOf(rec: AbGermanState, group: string): string[] {
  return Object.entries(rec.mp ?? {}).filter(([, v]) => v.group === group).map(([k]) => k).sort();
}

/** Why the German may not activate the unit in the group now, or null. */
export function gActivateProblem(state: GameState, bundle: ScenarioBundle, group: string, unitId: string): Rejection | null {
  const seg = germanSegment(state, bundle);
  const g = activationGroups(bundle).find((x) => x.id === group);
  if (!g) return { code: 'no-such-group', message: `this scenario has no German activation group "${group}"`, case: CASE_ADD };
  if (seg !== g.segment) return { code: 'wrong-segment', message: `the ${g.name} activates in the ${g.segment === 'first' ? '1st' : '2nd'} German Movement Segment`, case: g.case };
  const rec = germanNow(state, bundle);
  if (rec.triggered?.includes(g.id)) return { code: 'triggered', message: `the whole ${g.name} is activated already`, case: g.case };
  if (rec.moved?.includes(unitId)) return { code: 'moved', message: 'the unit has moved this segment', case: g.case };
  const why = activationProblem(state, bundle, g, unitId, {
    chosen: chosenOf(rec, g.id), count: groupCount(g, rec), already: Object.keys(rec.mp ?? {}), isFow: (id) => isFow(state, id), whole: false,
  });
  return why ? { code: 'not-eligible', message: why, case: g.case } : null;
}

/** Gives a unit its full MA this segment (AW 41.6.2, 41.10.0). */
function activateMp(rec: Draft<AbGermanState>, state: GameState, unitId: string, group: string, closerTo?: 'CW' | 'US'): void {
  (rec.mp ??= {})[unitId] = { group, from: unitOf(state, unitId).hex!, ...(closerTo ? { closerTo } : {}) };
  const act = (rec.activated ??= []);
  if (!act.includes(unitId)) { act.push(unitId); act.sort(); }
}

/** On entering a German Movement Segment: the 41.6.1 allowances, the triggers and the ½d10 rolls of 41.6.2; 41.10.0's full-MA units. */
function onEnterGerman(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
  const state = d as GameState;
  const seg = germanSegment(state, ctx.bundle)!;
  const a = airborneDraft(d);
  const prev = a.german ?? {};
  const rec: Draft<AbGermanState> = a.german = { attacked: prev.attacked ?? [], activated: prev.activated ?? [], seg: segKey(state, ctx.bundle), hexes: {}, mp: {}, moved: [], rolls: {}, triggered: [] };
  const events: GameEvent[] = [];
  if (seg === 'first') {
    rec.hexes = basicAllowances(state, ctx.bundle, rec.attacked ?? []);
    for (const id of Object.keys(rec.hexes)) if (!rec.activated!.includes(id)) rec.activated!.push(id);
    rec.activated!.sort();
    events.push({ type: 'germanActivated', units: Object.keys(rec.hexes).sort(), how: 'adjacent to or within two hexes of an Allied unit, or attacked', case: CASE_ACT });
  } else {
    // AW 41.10.0: every unit activated in the stage moves its full MA (attacked ones too, 41.6.1)
    const all = [...new Set([...(rec.activated ?? []), ...(rec.attacked ?? [])])].sort();
    for (const id of all) { const u = unitOf(state, id); if (u && !u.eliminated && u.hex !== null && mobile(ctx.bundle, id)) activateMp(rec, state, id, 'activated'); }
    events.push({ type: 'germanActivated', units: Object.keys(rec.mp ?? {}).sort(), how: 'activated earlier in the stage: full MA', case: CASE_ACT2 });
  }
  const isFowNow = (id: string) => isFow(state, id);
  for (const g of activationGroups(ctx.bundle)) {
    if (g.segment !== seg) continue;
    if (triggered(state, ctx.bundle, g, isFowNow)) {
      rec.triggered!.push(g.id);
      const units = triggeredUnits(state, ctx.bundle, g, isFowNow);
      for (const id of units) {
        const own = !g.formations || g.formations.includes(ctx.bundle.units.get(id)?.formation ?? '');
        activateMp(rec, state, id, g.id, own ? g.closerTo : undefined);
      }
      events.push({ type: 'germanActivated', group: g.id, units, how: `${g.trigger!.division} in or next to ${g.trigger!.place}: the whole group, no roll`, case: g.case });
      continue;
    }
    if ('roll' in g.count) {
      const die = ctx.dice.d10(`${g.case} activation of the ${g.name} (½d10 rounded up)`);
      rec.rolls![g.id] = { die, count: halfD10(die) };
      events.push({ type: 'germanActivationRoll', group: g.id, die, count: halfD10(die), case: g.case });
    }
  }
  return events;
}

export const activationHooks: SegmentHook[] = Object.keys(GERMAN_MOVE_SEGMENTS).map((segment) => ({ segment, onEnter: onEnterGerman }));

export const activationHandlers: ActionHandler[] = [{
  type: 'gActivate',
  apply(d, action, ctx) {
    const a = action as ActionOf<'gActivate'>;
    if (!moduleOn(ctx.bundle, AIRBORNE)) reject('not-in-scenario', 'this scenario has no Airborne Assault Stage', CASE_ADD);
    if (ctx.side !== 'german') reject('not-your-turn', 'the German player activates German units', CASE_ADD);
    const p = gActivateProblem(d as GameState, ctx.bundle, a.group, a.unit);
    if (p) reject(p.code, p.message, p.case);
    const g = activationGroups(ctx.bundle).find((x) => x.id === a.group)!;
    const rec = airborneDraft(d).german!;
    activateMp(rec, d as GameState, a.unit, g.id, g.closerTo);
    return [{ type: 'germanActivated', group: g.id, units: [a.unit], how: g.name, case: g.case }];
  },
  legal(state, side, bundle) {
    if (side !== 'german' || !moduleOn(bundle, AIRBORNE) || !germanSegment(state, bundle)) return [];
    const out: ActionOf<'gActivate'>[] = [];
    for (const g of activationGroups(bundle)) {
      for (const u of unitList(state)) {
        if (u.side === 'german' && u.hex !== null && !u.eliminated && !gActivateProblem(state, bundle, g.id, u.id)) out.push({ type: 'gActivate', group: g.id, unit: u.id });
      }
    }
    return out;
  },
}];
