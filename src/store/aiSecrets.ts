/**
 * The programmed opponent's sealed choices (docs/engine.md "Hidden information"): a GT designated in
 * secret once a game day (AW 3.3.3 / GOSS 3.5 rest GT, AW 35.5.2 low-fuel GT). The AI's worker sees no
 * secrets and keeps none, so the store answers these decisions for the AI's side the way a player's
 * browser does: the value and salt kept in this browser (store/secrets.ts), only the commitment in the
 * log; at each question, the reveal when the kept GT has come, else "not this GT".
 */
import type { Action, GameState, ScenarioBundle, Side } from '../engine';
import { turnTime } from '../engine/sequence';
import { questionSeal } from '../engine/query';
import { keptSecret, revealAction, sealChoice } from './secrets';
import { browserStorage, type SeatStorage } from './pbem';

/**
 * The GT the AI designates (reconstructed policy): its rest GT at Night, when it moves least (GOSS 3.5);
 * the GT it saves its fuel for in the morning, the start of its day's moves (AW 35.5.2); else the first.
 */
export function aiDesignation(kind: string, options: readonly string[]): string {
  if (kind === 'restGT' && options.includes('Night')) return 'Night';
  return options[0];
}

/** The AI side's answer to a sealed-choice decision it owes now, or null when the decision is not one. */
export function aiSealedAction(state: GameState, bundle: ScenarioBundle, side: Side, gameId: string, storage: SeatStorage | null = browserStorage()): Action | null {
  const p = state.pending;
  if (!p || p.side !== side) return null;
  const req = state.hidden?.request;
  if (p.kind === 'seal' && req) return sealChoice(gameId, side, req.key, aiDesignation(req.kind, req.options), storage);
  const seal = questionSeal(state);
  if (!seal) return null;
  const pass = p.accepts.find((a) => a !== 'reveal');
  const kept = keptSecret(gameId, side, seal.key, storage);
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn).time;
  if (kept && (kept.value === now || !pass)) return revealAction(gameId, side, seal.key, storage);
  return pass ? ({ type: pass } as Action) : null;
}
