/**
 * How rule modules plug into the engine: each file in src/engine/rules/ exports handlers for the
 * action types of its area and hooks for the segments it runs. The engine dispatches; rule files
 * never import each other's internals.
 */
import type { Draft } from 'immer';
import type { Dice } from '../rng';
import { allSegments, segmentAt } from '../sequence';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../types';

export interface RuleContext {
  bundle: ScenarioBundle;
  dice: Dice;
  /** The side that submitted the action (the acting side for the current segment). */
  side: Side | null;
}

/** Thrown inside handlers to reject an action; apply() turns it into a Rejection, never an exception. */
export class RuleViolation extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
    this.name = 'RuleViolation';
  }
}

export function reject(code: string, message: string, ruleCase?: string): never {
  throw new RuleViolation({ code, message, case: ruleCase });
}

export interface ActionHandler {
  type: string;
  /**
   * Applies the action to the draft state and returns its events; calls reject() when illegal. `action`
   * is the canonical one: apply parsed it strictly with its type's schema (src/engine/actions), so the
   * handler reads it as `ActionOf<type>` and never parses it again.
   */
  apply(draft: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[];
  /** Every legal action of this type for `side` now (may be empty). */
  legal?(state: GameState, side: Side, bundle: ScenarioBundle): Action[];
  /** Not a game decision (a PBEM dice key): accepted while a decision of either side is pending. */
  outsideDecisions?: boolean;
}

export interface SegmentHook {
  /** Segment id (e.g. "fatigueRecovery") or "*" for every segment. */
  segment: string;
  onEnter?(draft: Draft<GameState>, ctx: RuleContext): GameEvent[];
  onExit?(draft: Draft<GameState>, ctx: RuleContext): GameEvent[];
  /**
   * In an automatic segment that waits for decisions (Segment.waitsForDecisions): runs when a decision
   * there closes, and may open the next one (a question that waited for another module's to close);
   * the sequence goes on when none is open after these hooks.
   */
  onResume?(draft: Draft<GameState>, ctx: RuleContext): GameEvent[];
}

export interface RuleModule {
  name: string;
  handlers?: ActionHandler[];
  hooks?: SegmentHook[];
  /**
   * Runs once in newGame before the first segment is entered (e.g. AW 1.2.6b works printed on the map).
   * A module that opens a pending decision here (AW 32.11.0 setup breakdowns) holds the game before
   * anything automatic happens (GameState.beforePlay); the first segment is entered when it closes.
   */
  onNewGame?(draft: Draft<GameState>, ctx: RuleContext): GameEvent[];
  /** AW 31.4: runs once when the last GT ends, after `over` is set (e.g. victory conditions may name the winner). */
  onGameEnd?(draft: Draft<GameState>, ctx: RuleContext): GameEvent[];
  // --- sequence of play v2 (src/engine/sequence.ts, docs/engine.md "Sequence of play") ---
  /** Turn, day and stage boundaries, instead of hooking whichever segment happens to come first or last. */
  on?: SequenceSubscriptions;
  /** Named automatic steps a segment lists in `steps` (run in the listed order on entry, after its hooks). */
  steps?: Record<string, StepFn>;
  /** Named custom guards the sequence data may use (e.g. "beachesCleared", AW 42.0). */
  guards?: Record<string, GuardFn>;
}

/** The game time a boundary event is about. */
export interface BoundaryInfo {
  turn: number;
  date: string;
  time: string;
  /** Game day of the scenario (1 = its first). */
  day: number;
  /** With stage events: the stage id and how many times it has run, this run included. */
  stage?: string;
  run?: number;
}

export type BoundaryFn = (draft: Draft<GameState>, ctx: RuleContext, at: BoundaryInfo) => GameEvent[];
export type StepFn = (draft: Draft<GameState>, ctx: RuleContext) => GameEvent[];
export type GuardFn = (state: GameState, bundle: ScenarioBundle) => boolean;

/**
 * Boundaries of the sequence of play. `turnStart` runs when a GT begins (before its stages and
 * phases; for the first GT before `onNewGame`), `turnEnd` after the last segment of its second
 * player turn (before the game ends), `dayStart` / `dayEnd` with the AM / Night GT's start / end,
 * `stageStart` / `stageEnd` around each run of a stage.
 */
export interface SequenceSubscriptions {
  turnStart?: BoundaryFn;
  turnEnd?: BoundaryFn;
  dayStart?: BoundaryFn;
  dayEnd?: BoundaryFn;
  stageStart?: BoundaryFn;
  stageEnd?: BoundaryFn;
}

const EXTRA_MODULES: RuleModule[] = [];
/** Bumped whenever EXTRA_MODULES changes, so callers can cache what they read from the modules. */
let extraVersion = 0;

/**
 * Adds a rule module after the built-in ones (tests, and modules a scenario turns on). Returns the
 * function that removes it again. Only the sequence-of-play parts (`on`, `steps`, `guards`, `hooks`)
 * are read from added modules; handlers are fixed when the engine loads.
 */
export function addRuleModule(m: RuleModule): () => void {
  EXTRA_MODULES.push(m);
  extraVersion++;
  return () => { const i = EXTRA_MODULES.indexOf(m); if (i >= 0) { EXTRA_MODULES.splice(i, 1); extraVersion++; } };
}

/** Changes whenever a module is added or removed (caches of hooks read from the modules key on it). */
export function addedRuleModulesVersion(): number {
  return extraVersion;
}

export function addedRuleModules(): readonly RuleModule[] {
  return EXTRA_MODULES;
}
// --- end of sequence of play v2 ---

/**
 * Rejects unless the game is in segment `id`: the one check every segment-bound action makes
 * ("<what> happens in the X Segment, not the Y"), with the case that places it there.
 */
export function requireSegment(ctx: RuleContext, pos: GameState['pos'], id: string, what: string, ruleCase: string): void {
  const seg = segmentAt(ctx.bundle.sequence, pos).segment;
  if (seg.id !== id) {
    const want = allSegments(ctx.bundle.sequence).find((s) => s.segment.id === id)?.segment.name ?? id;
    reject('wrong-segment', `${what} in the ${want}, not the ${seg.name}`, ruleCase);
  }
}
