/**
 * How rule modules plug into the engine: each file in src/engine/rules/ exports handlers for the
 * action types of its area and hooks for the segments it runs. The engine dispatches; rule files
 * never import each other's internals.
 */
import type { Draft } from 'immer';
import type { Dice } from '../rng';
import { segmentAt } from '../sequence';
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
  /** Applies the action to the draft state and returns its events; calls reject() when illegal. */
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
}

/**
 * Rejects unless the game is in segment `id`: the one check every segment-bound action makes
 * ("<what> happens in the X Segment, not the Y"), with the case that places it there.
 */
export function requireSegment(ctx: RuleContext, pos: GameState['pos'], id: string, what: string, ruleCase: string): void {
  const seg = segmentAt(ctx.bundle.sequence, pos).segment;
  if (seg.id !== id) {
    const want = ctx.bundle.sequence.playerTurn.flatMap((p) => p.segments).find((s) => s.id === id)?.name ?? id;
    reject('wrong-segment', `${what} in the ${want}, not the ${seg.name}`, ruleCase);
  }
}
