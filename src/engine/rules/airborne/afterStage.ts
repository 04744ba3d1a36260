/**
 * AW 41.12 after the Airborne Assault Stage: what stays in force in the normal game turns.
 *  - AW 41.3.3 FoW units in standard GTs: MA 3, may not observe or make an offensive GA, may not end
 *    farther from a DZ than they started (read per hex entered: see `fowMayEnter`).
 *  - AW 41.3.6 / 3.3.5g the Airborne Re-Group Segment: regroup with −1 per GD after the drop day
 *    (`regroupGdDrm`, used by the regroup of fow.ts' caller), and AW 41.2.3c the Extended Scatter track
 *    (`esTrack` procedure: lowest box first; box 1 lands on a DZ of its nationality, the Allied player's
 *    choice; the others move one box lower and roll against that box's elimination range).
 *  - AW 41.2.3: once every FoW unit has regrouped, the eliminated ones are revealed (`revealEliminated`).
 *  - AW 41.0 / 15.0: DZs stay on the map until the June 10 AM GT (the display's `dzsUntil`), and one a
 *    German unit entered is removed at the start of the next German player turn.
 */
import type { Draft } from 'immer';
import { distance, formatHex, hexOfRulesId, type HexId } from '../../hex';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, TimeOfDay } from '../../types';
import type { Act, Extension, MoveLimits } from '../extensions';
import { routesBetween, sideFeatures, terrainOf } from '../../board';
import { moduleOn } from '../extensions';
import type { RuleContext, SegmentHook, StepFn } from '../registry';
import { boxAt, boxRegistry, placeUnit } from '../locations';
import { compareTime, gameTime, segmentAt } from '../../sequence';
import { decisionHandlers, defineProcedure, pushFrame, requireListed, runProcedures, type Run } from '../../procedures/stack';
import type { EsTrackFrame } from '../../procedures/frames';
import { extendedScatterStep } from './scatter';
import { AIRBORNE, airborneData, airborneDraft, airborneState, divisionOf, type DzKey } from './state';
import { FOW_RATINGS, isFow, revealFow } from './fow';
import { blownSides } from './movement';
import { primaryLost } from './dzSupply';
import { mutUnit, unitList, unitOf } from '../../unitTable';

/** AW 41.2.3c: the ES track's box id → its number ("es-3" → 3), or null for any other box. */
export function esBoxNumber(bundle: ScenarioBundle, box: number | undefined): number | null {
  if (box === undefined) return null;
  const m = /^es-(\d)$/.exec(boxAt(bundle, box)?.def.id ?? '');
  return m ? Number(m[1]) : null;
}

/** C's sub-record of the airborne state (AirborneState imports it as a type). */
export interface AfterStageState {
  /** AW 41.2.3c: units placed on a DZ from ES box 1, which may not move voluntarily until they regroup. */
  esReturned?: Record<string, true>;
  /** AW 15.0: DZs a German unit entered, and in which player turn (turn × 2 + player turn), removed at the start of the next German player turn. */
  dzEntered?: { dz: DzKey; at: number }[];
  /** The date of the airborne drop (the Airborne Assault Stage's GT): AW 41.3.6 counts the GDs after it. */
  dropDate?: string;
}

function after(s: GameState): AfterStageState { return airborneState(s) as AfterStageState; }
function afterDraft(d: Draft<GameState>): Draft<AfterStageState> { return airborneDraft(d) as Draft<AfterStageState>; }

/** Is the game in the Airborne Assault Stage (its rules suspended from then on, AW 41.12)? */
export function inStage(s: GameState): boolean {
  return s.pos.part === 'stage';
}

/**
 * AW 41.3.6: the regroup DRM in the normal GTs, −1 per game day after the drop day (June 7: −1, June
 * 8: −2); 0 in the stage. The drop day is the date of the stage's GT (else the scenario's first day).
 */
export function regroupGdDrm(s: GameState, bundle: ScenarioBundle): number {
  if (inStage(s)) return 0;
  const t = gameTime(bundle.scenario, bundle.sequence, s.pos.turn);
  const drop = after(s).dropDate ?? bundle.scenario.start.date;
  return -Math.max(0, Math.round((Date.parse(t.date) - Date.parse(drop)) / 86400000));
}

/** The stage's start records the drop day (AW 41.3.6 counts the GDs after it). */
export function recordDropDate(d: Draft<GameState>, date: string): void {
  afterDraft(d).dropDate = date;
}

/** The nationality prefix of a FoW placeholder ("us-fow-3" → "us-fow"). */
const fowPrefix = (id: string) => id.replace(/-\d+$/, '');

/** AW 41.2.3c: the DZ hexes (on the map, not removed) of the unit's nationality. */
export function dzHexesFor(s: GameState, bundle: ScenarioBundle, unitId: string): HexId[] {
  const prefix = fowPrefix(unitId);
  const out: HexId[] = [];
  for (const z of Object.values(airborneState(s).dzs)) {
    if (z.hex === null || z.removed) continue;
    if (divisionOf(bundle, z.division).fow !== prefix) continue;
    if (!out.includes(z.hex)) out.push(z.hex);
  }
  return out.sort((a, b) => a - b);
}

/** Every unit on the ES track, lowest box first (AW 41.2.3c), then by id. */
export function esUnits(s: GameState, bundle: ScenarioBundle): { id: string; box: number }[] {
  const out: { id: string; box: number }[] = [];
  for (const u of unitList(s)) {
    if (u.eliminated || u.hex !== null) continue;
    const n = esBoxNumber(bundle, u.box);
    if (n !== null) out.push({ id: u.id, box: n });
  }
  return out.sort((a, b) => a.box - b.box || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function esBoxLoc(bundle: ScenarioBundle, n: number): number {
  const b = boxRegistry(bundle).byId.get(`es-${n}`);
  if (!b) throw new Error(`the scenario has no ES box es-${n}`);
  return b.loc;
}

export const esTrackProcedure = defineProcedure({
  name: 'esTrack',
  step(f, run) {
    const d = run.d;
    const { bundle, dice } = run.ctx;
    const t = airborneData(bundle).tables;
    while (f.queue.length) {
      const id = f.queue[0];
      const now = unitOf(d, id);
      const n = now && !now.eliminated && now.hex === null ? esBoxNumber(bundle, now.box) : null;
      if (n === null) { f.queue.shift(); delete f.chosen; continue; }
      const u = mutUnit(d, id);
      if (n === 1) {
        // A unit that starts in box 1 lands FoW side up on any DZ of its nationality (the owner's choice).
        const dzs = dzHexesFor(d as GameState, bundle, id);
        if (!dzs.length) {
          u.eliminated = true; u.hex = null; delete u.box;
          const rec = airborneDraft(d).fow[id] as { eliminated?: true } | undefined;
          if (rec) rec.eliminated = true;
          run.events.push({ type: 'unitEliminated', unit: id, why: 'no DZ of its nationality left on the map to rejoin', case: 'AW 41.2.3c' });
          f.queue.shift();
          continue;
        }
        const to = f.chosen ?? (dzs.length === 1 ? dzs[0] : undefined);
        if (to === undefined) return { wait: { side: 'allied', kind: 'esLand', prompt: `Place the FoW unit from ES box 1 on a DZ of its nationality (${dzs.map(formatHex).join(', ')})`, case: 'AW 41.2.3c' } };
        delete f.chosen;
        placeUnit(u as never, to);
        (afterDraft(d).esReturned ??= {})[id] = true;
        run.events.push({ type: 'esLanded', unit: id, hex: formatHex(to), case: 'AW 41.2.3c' });
        f.queue.shift();
        continue;
      }
      // Move one box lower, then 1d10 against that box's elimination range.
      placeUnit(u as never, esBoxLoc(bundle, n - 1));
      const roll = dice.d10(`AW 41.2.3c ES box ${n - 1} survival`);
      const r = extendedScatterStep(t, n, roll);
      if (r === 'eliminated') {
        u.eliminated = true; u.hex = null; delete u.box;
        const rec = airborneDraft(d).fow[id] as { eliminated?: true } | undefined;
        if (rec) rec.eliminated = true;
      }
      run.events.push({ type: 'esMoved', unit: id, from: `es-${n}`, to: `es-${n - 1}`, roll, eliminated: r === 'eliminated', case: 'AW 41.2.3c' });
      f.queue.shift();
    }
    run.events.push(...revealEliminated(d, run.ctx));
    return { end: null };
  },
  decisions: {
    esLand: {
      case: 'AW 41.2.3c',
      what: 'ES track landing',
      legal(f, state, bundle) {
        const id = f.queue[0];
        return id ? dzHexesFor(state, bundle, id).map((h): Action => ({ type: 'esLand', unit: id, hex: formatHex(h) })) : [];
      },
      apply(f, action, run) {
        const a = action as ActionOf<'esLand'>;
        requireListed(this.legal(f as EsTrackFrame, run.d as GameState, run.ctx.bundle), a, 'ES track landing', 'AW 41.2.3c');
        f.chosen = hexOfRulesId(a.hex);
      },
    },
  },
});

/** The Airborne Re-Group Segment's automatic step (AW 3.3.5g, 41.2.3c): the ES track moves. */
export const airborneEsTrack: StepFn = (d, ctx) => {
  if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
  const queue = esUnits(d as GameState, ctx.bundle).map((x) => x.id);
  if (!queue.length) return [];
  const run: Run = { d, ctx, events: [] };
  pushFrame(d, { proc: 'esTrack', queue });
  runProcedures(run);
  return run.events;
};

/**
 * AW 41.2.3: an eliminated FoW counter's identity stays secret until every FoW unit has regrouped;
 * then each is revealed (drawn from its container: its Coy goes to the eliminated units, a dummy is
 * removed). Returns the events (none while a FoW unit is still on the map or the ES track).
 */
export function revealEliminated(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const a = airborneState(d as GameState);
  const ids = Object.keys(a.fow).sort();
  if (!ids.length) return [];
  const alive = ids.some((id) => { const u = unitOf(d, id); return !a.fow[id].eliminated && u && !u.eliminated; });
  if (alive) return [];
  const events: GameEvent[] = [];
  for (const id of ids) events.push(...revealFow(d, ctx, id, { case: 'AW 41.2.3', why: 'every FoW unit has regrouped: an eliminated FoW unit is revealed' }).events);
  return events;
}

/** AW 41.3.3 / 41.2.3c: what a FoW unit (or one back from the ES track) may not do in the normal GTs. */
export function fowMayAct(s: GameState, _bundle: ScenarioBundle, unitId: string, act: Act) {
  if (inStage(s)) return null;
  if (act === 'move' && after(s).esReturned?.[unitId] && isFow(s, unitId)) {
    return { code: 'es-returned', message: 'a unit back from the Extended Scatter track may not move until it has regrouped', case: 'AW 41.2.3c' };
  }
  if (!isFow(s, unitId)) return null;
  if (act === 'observe') return { code: 'fow-observe', message: 'FoW units may not observe for fire support', case: 'AW 41.3.3' };
  if (act === 'offensiveGa') return { code: 'fow-attack', message: 'FoW units have an attack strength and offensive PR of zero: no offensive ground assault', case: 'AW 41.3.3' };
  return null;
}

/** The distance from `h` to the nearest DZ on the map (any DZ, AW 41.3.3), or null without one. */
export function dzDistance(s: GameState, h: HexId): number | null {
  let best: number | null = null;
  for (const z of Object.values(airborneState(s).dzs)) {
    if (z.hex === null || z.removed) continue;
    const dd = distance(h, z.hex);
    if (best === null || dd < best) best = dd;
  }
  return best;
}

/**
 * AW 41.3.3: a FoW unit may not end its move farther from a DZ (any DZ) than it started. Read per hex
 * entered: no hex farther than the start hex (a FoW unit with MA 3 has no room for a detour that ends
 * nearer; reconstructed, docs/errata.md).
 */
export function fowMayEnter(s: GameState, _bundle: ScenarioBundle, unitId: string) {
  if (inStage(s) || !isFow(s, unitId)) return null;
  const u = unitOf(s, unitId);
  if (!u || u.hex === null) return null;
  const limit = dzDistance(s, u.hex);
  if (limit === null) return null;
  return (h: HexId) => {
    const dd = dzDistance(s, h);
    return dd !== null && dd > limit ? { code: 'fow-farther', message: `a FoW unit may not move farther from a DZ (${formatHex(h)} is ${dd} hexes from the nearest, it started ${limit} away)`, case: 'AW 41.3.3' } : null;
  };
}

const ONE_HEX_TERRAIN: readonly string[] = ['marsh', 'bocage', 'forest'];

/**
 * AW 41.3.3: FoW units ignore movement halts, and move only one hex when they cross an unbridged river
 * or enter Marsh, Bocage or Forest not along a road; they generate no halts for enemy movers ("do not
 * inhibit movement of enemy units").
 */
export function fowMoveLimits(s: GameState, bundle: ScenarioBundle, unitId: string): MoveLimits | null {
  if (inStage(s) || !isFow(s, unitId)) return null;
  return {
    ignoreHalts: true,
    oneHexStep(from, to) {
      const f = sideFeatures(bundle.board, from, to);
      if ((f.includes('river') || f.includes('majorRiver') || f.includes('canal')) && !f.includes('bridge')) return { case: 'AW 41.3.3', reason: 'crosses an unbridged river' };
      const t = terrainOf(bundle.board, to);
      if (t && ONE_HEX_TERRAIN.includes(t) && !routesBetween(bundle.board, from, to).length) return { case: 'AW 41.3.3', reason: `enters ${t} off-road` };
      return null;
    },
  };
}

/** The `airborne` Extension's hooks for the normal GTs (module.ts spreads them in). */
export const afterStageExtension: Pick<Extension, 'mayAct' | 'mayEnter' | 'ma' | 'moveLimits' | 'noHalts' | 'blownBridges' | 'leadsOnlyAlone'> = {
  mayAct: fowMayAct,
  mayEnter: fowMayEnter,
  moveLimits: fowMoveLimits,
  noHalts: (s, _bundle, unitId) => !inStage(s) && isFow(s, unitId),
  ma(s, _bundle, unitId) {
    if (inStage(s) || !isFow(s, unitId)) return null;
    return { ma: FOW_RATINGS.ma, case: 'AW 41.3.3', text: `FoW unit: MA ${FOW_RATINGS.ma}` };
  },
  // AW 41.3.7b / 41.1.1: a bridge blown in the stage stays down in the normal GTs (the GOSS movement reads it).
  blownBridges: (s, bundle) => blownSides(s, bundle),
  // AW 41.3.3: a FoW unit "may not be the lead unit unless they are the only unit in the hex".
  leadsOnlyAlone: (s, _bundle, unitId) => !inStage(s) && isFow(s, unitId),
};

/** AW 41.0 / 15.0: removes a DZ marker (its record stays, with the case). */
function removeDz(d: Draft<GameState>, key: DzKey, why: string, c: string): GameEvent {
  const z = airborneDraft(d).dzs[key];
  z.removed = { case: c };
  return { type: 'dzRemoved', dz: key, hex: z.hex === null ? null : formatHex(z.hex), main: z.main, why, case: c };
}

/** The player turn a position is in, counted through the game (turn × 2 + player turn). */
const ptIndex = (s: GameState) => s.pos.turn * 2 + s.pos.playerTurn;

/** AW 15.0: at each segment's end in the normal GTs, note the DZs a German unit has entered. */
function noteGermanEntry(d: Draft<GameState>): void {
  if (inStage(d as GameState)) return;
  const a = airborneDraft(d);
  for (const z of Object.values(a.dzs)) {
    if (z.hex === null || z.removed) continue;
    const here = unitList(d).some((u) => u.hex === z.hex && u.side === 'german' && !u.eliminated);
    const rec = afterDraft(d);
    if (here && !(rec.dzEntered ??= []).some((e) => e.dz === z.key)) rec.dzEntered.push({ dz: z.key, at: ptIndex(d as GameState) });
  }
}

/**
 * AW 15.0: at the start of the next German player turn (its first segment entered), the DZs a German
 * unit entered are removed.
 */
function removeEnteredDzs(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const rec = afterDraft(d);
  const now = ptIndex(d as GameState);
  if (!rec.dzEntered?.length || ctx.bundle.scenario.sides[d.pos.playerTurn] !== 'german') return [];
  const due = rec.dzEntered.filter((e) => e.at < now);
  if (!due.length) return [];
  const out: GameEvent[] = [];
  for (const e of due) {
    const z = airborneDraft(d).dzs[e.dz];
    if (z && !z.removed) { const lost = primaryLost(d, ctx, e.dz); out.push(removeDz(d, e.dz, 'a German unit entered the DZ hex', 'AW 15.0'), ...lost); }
  }
  rec.dzEntered = rec.dzEntered.filter((e) => e.at >= now);
  return out;
}

/** AW 41.0 / 15.0: is the GT at `at` before the display's `dzsUntil` GT (June 10 AM), the DZs still on the map? */
export function beforeDzsUntil(bundle: ScenarioBundle, at: { date: string; time: TimeOfDay }): boolean {
  const until = airborneData(bundle).display.dzsUntil;
  return !until || compareTime(bundle.sequence, at, until) < 0;
}

/** AW 41.0 (L17743–17745): the DZs leave the map at the start of the display's `dzsUntil` GT (June 10 AM). */
export function dzsExpire(d: Draft<GameState>, ctx: RuleContext, date: string, time: string): GameEvent[] {
  // A turn boundary's time of day is one of the sequence's `timesOfDay` (validated at load).
  if (beforeDzsUntil(ctx.bundle, { date, time: time as TimeOfDay })) return [];
  const out: GameEvent[] = [];
  for (const z of Object.values(airborneState(d as GameState).dzs)) if (z.hex !== null && !z.removed) out.push(removeDz(d, z.key, 'the DZs stay on the map until the June 10 AM GT', 'AW 41.0'));
  return out;
}

/** Segment hooks: German entry into DZs (every segment's end), their removal at the German player turn's start, the ES reveal check. */
export const afterStageHooks: SegmentHook[] = [{
  segment: '*',
  onEnter(d, ctx) {
    if (!moduleOn(ctx.bundle, AIRBORNE) || inStage(d as GameState) || d.pos.part !== undefined) return [];
    // AW 15.0 "the beginning of the next German player turn": its first segment entered.
    return removeEnteredDzs(d, ctx);
  },
  onExit(d, ctx) {
    if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
    noteGermanEntry(d);
    const seg = segmentAt(ctx.bundle.sequence, d.pos).segment.id;
    // AW 41.2.3: the check runs at each segment's end (a regroup or an elimination may have been the last).
    return seg === 'airborneRegroup' || inStage(d as GameState) ? revealEliminated(d, ctx) : [];
  },
}];

export const afterStageHandlers = decisionHandlers(esTrackProcedure);
export const afterStageSteps: Record<string, StepFn> = { airborneEsTrack };
