/**
 * The opponent's entry points: `playSide` (a generator of actions for as long as the side is to
 * act), `planTurn` (runs it to the end) and `chooseAction` (its first action). Every action goes
 * through the engine's apply; a refused action falls back to a legal one, so the opponent can never
 * break a rule nor stall the game.
 */
import { apply, bundleOf, legalActions, legalActionsOf, sideToAct } from '../engine/game';
import { unitList } from '../engine/unitTable';
import { segmentAt } from '../engine/sequence';
import type { Action, ActionOf, GameEvent, GameState, Side } from '../engine/types';
import { checkBudget, makeCtx, type AiCtx, type AiOptions } from './context';
import { adjustments, designations, fsSegment, loneAssaults, nextAssault } from './combat';
import { decide } from './decisions';
import { moveSegment } from './movement';
import { counterattackMoves } from './counterattack';
import { aiRng } from './rng';
import { AIRBORNE_SEGMENTS, airborneAction } from './airborne';

export type { AiOptions, AiLevel } from './context';

export interface AiStep {
  action: Action;
  state: GameState;
  events: GameEvent[];
  /** 0–1 through the side's player turn (by segment), for a progress bar. */
  progress: number;
  label: string;
}

/** The segment plan for the current state, as a generator fed with each new state. */
function* segmentPlan(ctx: AiCtx, start: GameState): Generator<Action, void, GameState> {
  let state = start;
  if (state.pending) {
    const a = decide(ctx, state);
    if (a) yield a;
    return;
  }
  const seg = segmentAt(ctx.bundle.sequence, state.pos).segment.id;
  switch (seg) {
    case 'move':
    case 'exploitation': {
      // AW 35.5.2: before moving, the day's full-MA exemption for the formation with the most Mech units in play.
      const exempt = fuelExemption(ctx, state);
      if (exempt) state = yield exempt;
      yield* moveSegment(ctx, state, counterattackMoves);
      break;
    }
    case 'attackDesignation':
      for (const a of designations(ctx, state)) state = yield a;
      break;
    case 'defensiveFs':
      yield* fsSegment(ctx, state, false);
      break;
    case 'offensiveFs':
      yield* fsSegment(ctx, state, true);
      break;
    case 'attackerAdjustment':
      for (const a of adjustments(ctx, state)) state = yield a;
      break;
    case 'groundAssault':
      for (let guard = 0; guard < 100; guard++) {
        const a = nextAssault(ctx, state);
        if (!a) break;
        state = yield a;
        if (state.pending) return;
      }
      break;
    default:
      // AW 41: the Airborne Assault Stage's segments, one action at a time from the state.
      if (AIRBORNE_SEGMENTS.has(seg)) {
        for (let guard = 0; guard < 400; guard++) {
          const a = airborneAction(ctx, state, seg);
          if (!a) break;
          state = yield a;
          if (state.pending) return;
        }
      }
      break; // segments the opponent has nothing to do in (construction, …): end them
  }
}

/** AW 35.5.2: the single exemption (one formation or unit) naming the most Mech units of the side in play, or null when none is open. */
function fuelExemption(ctx: AiCtx, state: GameState): Action | null {
  const options = legalActionsOf(state, ctx.side, ['fuelExempt']) as ActionOf<'fuelExempt'>[];
  if (!options.length) return null;
  const mech = new Map<string, number>();
  for (const u of unitList(state)) {
    const def = ctx.bundle.units.get(u.id);
    if (u.side !== ctx.side || u.hex === null || u.eliminated || def?.moveClass !== 'mech') continue;
    const key = def.independent ? `unit:${u.id}` : `formation:${def.formation ?? ''}`;
    mech.set(key, (mech.get(key) ?? 0) + 1);
  }
  const weight = (a: ActionOf<'fuelExempt'>) => a.formations.reduce((n, f) => n + (mech.get(`formation:${f}`) ?? 0), 0) + a.units.reduce((n, id) => n + (mech.get(`unit:${id}`) ?? 0), 0);
  return options.reduce((best, a) => (weight(a) > weight(best) ? a : best));
}

/** Order of preference among legal actions when the plan's action was refused (e.g. endSegment on an overstack or an idle designated unit). */
const FALLBACK = ['relocateGroup', 'eliminateOverstack', 'assault', 'giDone', 'gaAdvance'];

function fallback(state: GameState, side: Side, refused: Set<string>): Action | null {
  const legal = legalActions(state, side).filter((a) => a.type !== 'roll' && !refused.has(JSON.stringify(a)));
  if (!legal.length) {
    // GOSS 13.4: a designated unit that can attack only alone (legalActions lists whole stacks).
    const lone = loneAssaults(bundleOf(state), state, side).filter((a) => !refused.has(JSON.stringify(a)));
    return lone[0] ?? null;
  }
  for (const t of FALLBACK) { const a = legal.find((x) => x.type === t); if (a) return a; }
  const end = legal.find((a) => a.type === 'endSegment');
  if (end) return end;
  const others = legal.filter((a) => a.type !== 'move' && a.type !== 'mark');
  return aiRng(state, side, 'fallback').pick(others.length ? others : legal);
}

function posKey(state: GameState): string {
  const p = state.pos;
  // Stages and game-turn phases (sequence v2) have positions of their own; player turns keep the old key.
  return `${p.turn}.${p.playerTurn}.${p.phase}.${p.segment}${p.part ? `.${p.part}${p.stage ?? ''}` : ''}${p.actorStep ? '.2' : ''}|${state.pending?.kind ?? ''}`;
}

function progressOf(ctx: AiCtx, state: GameState): { progress: number; label: string } {
  const pt = ctx.bundle.sequence.playerTurn;
  const total = pt.reduce((s, ph) => s + ph.segments.length, 0);
  let i = 0;
  for (let k = 0; k < state.pos.phase && k < pt.length; k++) i += pt[k].segments.length;
  i += state.pos.segment;
  const seg = segmentAt(ctx.bundle.sequence, state.pos).segment;
  return { progress: Math.min(1, i / Math.max(1, total)), label: state.pending ? state.pending.prompt : seg.name };
}

/**
 * Plays `side` from `start` for as long as it is the side to act, yielding each applied action with
 * the state after it. Deterministic: equal states and options give equal actions.
 */
export function* playSide(start: GameState, side: Side, opts: AiOptions = {}): Generator<AiStep, GameState, void> {
  let state = start;
  if (state.over || sideToAct(state) !== side) return state;
  const ctx = makeCtx(state, side, opts);
  let count = 0;
  while (!state.over && sideToAct(state) === side && count < 3000) {
    const key = posKey(state);
    const gen = segmentPlan(ctx, state);
    let r = gen.next(state);
    const refused = new Set<string>();
    for (;;) {
      checkBudget(ctx);
      let action: Action = r.done ? { type: 'endSegment' } : r.value;
      let res = apply(state, action);
      while (!res.ok) {
        refused.add(JSON.stringify(action));
        const fb = fallback(state, side, refused);
        if (!fb) throw new Error(`the opponent found no legal action at ${key}: ${res.error.message}`);
        action = fb;
        res = apply(state, action);
      }
      state = res.state;
      count++;
      yield { action, state, events: res.events, ...progressOf(ctx, state) };
      // A new segment, a decision, or the other side: plan afresh from the new state.
      if (r.done || refused.size || state.over || sideToAct(state) !== side || posKey(state) !== key || state.pending) break;
      r = gen.next(state);
    }
  }
  return state;
}

export interface TurnPlan {
  actions: Action[];
  state: GameState;
  events: GameEvent[];
  ms: number;
  degraded: boolean;
}

/** Plays the side until the other side is to act (or the game ends): the actions and the state after them. */
export function planTurn(state: GameState, side: Side, opts: AiOptions = {}): TurnPlan {
  const now = opts.now ?? (() => performance.now());
  const t0 = now();
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  const gen = playSide(state, side, opts);
  let last = state;
  for (let r = gen.next(); !r.done; r = gen.next()) {
    actions.push(r.value.action);
    events.push(...r.value.events);
    last = r.value.state;
  }
  return { actions, state: last, events, ms: now() - t0, degraded: false };
}

/** The opponent's next action for `side`, or null when it is not that side's move. */
export function chooseAction(state: GameState, side: Side, opts: AiOptions = {}): Action | null {
  const r = playSide(state, side, opts).next();
  return r.done ? null : r.value.action;
}
