/**
 * What one planning pass of the opponent reads: the bundle, its side's posture and influence maps,
 * the thinking level, and a work counter. Everything here is derived from the state, the scenario
 * data and data/ai, so equal states give equal plans.
 */
import { bundleOf, apply } from '../engine/game';
import type { Action, GameState, ScenarioBundle, Side } from '../engine/types';
import type { HexId } from '../engine/hex';
import { postureFor, type SidePosture } from './posture';
import { defOf, stackViolationOf, unitIndex, live } from '../engine/query';
import { isManoeuvre, staticMaps, stateMaps, type StateMaps, type StaticMaps } from './influence';
import { unitOf } from '../engine/unitTable';

/** "normal" looks at every candidate; "fast" ("think faster") caps the candidates and lookahead per decision. */
export type AiLevel = 'normal' | 'fast';

export interface AiOptions {
  level?: AiLevel;
  /**
   * Wall-clock safety net per side-turn in ms (default 3000 normal, 1000 fast). Decisions do not
   * depend on the clock while within it, so games replay exactly; past it the remaining decisions
   * of the turn take the fast path (reported as `degraded`).
   */
  budgetMs?: number;
  /** Clock for the budget (tests inject one); defaults to performance.now. */
  now?: () => number;
}

export interface AiCtx {
  bundle: ScenarioBundle;
  side: Side;
  posture: SidePosture;
  st: StaticMaps;
  level: AiLevel;
  /** Candidate caps of the level. */
  caps: { movers: number; destinations: number; assaults: number; missions: number; tries: number };
  degraded: boolean;
  deadline: number;
  now: () => number;
}

const CAPS = {
  normal: { movers: 400, destinations: 400, assaults: 60, missions: 12, tries: 4 },
  fast: { movers: 60, destinations: 60, assaults: 16, missions: 4, tries: 2 },
};

export function makeCtx(state: GameState, side: Side, opts: AiOptions = {}): AiCtx {
  const bundle = bundleOf(state);
  const posture = postureFor(bundle, side);
  const level = opts.level ?? 'normal';
  const now = opts.now ?? (() => performance.now());
  const budget = opts.budgetMs ?? (level === 'fast' ? 1000 : 3000);
  return { bundle, side, posture, st: staticMaps(bundle, side, posture), level, caps: CAPS[level], degraded: false, deadline: now() + budget, now };
}

/** Switches to the fast caps once the wall-clock budget is spent (the only clock-dependent choice). */
export function checkBudget(ctx: AiCtx): void {
  if (!ctx.degraded && ctx.level !== 'fast' && ctx.now() > ctx.deadline) {
    ctx.degraded = true;
    ctx.caps = CAPS.fast;
  }
}

const mapsCache = new WeakMap<GameState, Map<string, StateMaps>>();

export function mapsOf(ctx: AiCtx, state: GameState): StateMaps {
  let m = mapsCache.get(state);
  if (!m) mapsCache.set(state, (m = new Map()));
  const hit = m.get(ctx.side);
  if (hit) return hit;
  const out = stateMaps(state, ctx.bundle, ctx.side, ctx.st, ctx.posture);
  m.set(ctx.side, out);
  return out;
}

/** Applies an action on a scratch state (the engine is pure): the next state, or null when refused. */
export function tryApply(state: GameState, action: Action): GameState | null {
  const r = apply(state, action);
  return r.ok ? r.state : null;
}

/**
 * After a move of our own unit nothing of the enemy changes: the next state's maps are the previous
 * ones with the unit's strength moved from one hex to the other (saves a full recomputation per move).
 */
export function carryMaps(ctx: AiCtx, prev: GameState, next: GameState, from: number, to: number, def: number, att: number): void {
  const m = mapsOf(ctx, prev);
  const friendDef = m.friendDef.slice();
  const friendAtt = m.friendAtt.slice();
  friendDef[from] -= def; friendDef[to] += def;
  friendAtt[from] -= att; friendAtt[to] += att;
  let c = mapsCache.get(next);
  if (!c) mapsCache.set(next, (c = new Map()));
  c.set(ctx.side, { ...m, friendDef, friendAtt });
}

/**
 * Would moving `units` into `h` overstack it (GOSS 6)? Read on a copy of the state with the units
 * moved, not by applying the decision (that would roll the procedure's next dice).
 */
export function wouldOverstack(ctx: AiCtx, state: GameState, units: string[], h: HexId): boolean {
  // The hex's stack from the shared index, with the movers added: no copy of the whole units record.
  const stack = (unitIndex(state).byHex.get(h) ?? []).filter((x) => !units.includes(x.id));
  for (const id of units) { const u = unitOf(state, id); if (u && live(u)) stack.push({ ...u, hex: h }); }
  return stackViolationOf(ctx.bundle, h, ctx.side, stack) !== null;
}


/** Is the unit one of the side's counterattack force (posture `counterattack.types`, a manoeuvre unit)? */
export function isCounterattacker(ctx: AiCtx, id: string): boolean {
  const ca = ctx.posture.counterattack;
  return !!ca && ca.types.includes(defOf(ctx.bundle, id).type) && isManoeuvre(ctx.bundle, id);
}

/**
 * Would `units` leaving `from` empty a fortified hex (IP, ET-2, ET-3) of the side that keeps its
 * fieldworks (posture `keepFieldworks`)? Then they do not leave it by choice (issue 16 item 12).
 */
export function leavesFortEmpty(ctx: AiCtx, state: GameState, units: string[], from: HexId): boolean {
  if (!ctx.posture.keepFieldworks || !state.fieldworks[from]) return false;
  const stay = (unitIndex(state).byHex.get(from) ?? []).filter((x) => x.side === ctx.side && live(x) && !units.includes(x.id));
  // A combat unit leaves the works to combat units only (an HQ or a battery alone does not hold them).
  const combat = units.some((id) => isManoeuvre(ctx.bundle, id));
  return !stay.some((x) => !combat || isManoeuvre(ctx.bundle, x.id));
}
