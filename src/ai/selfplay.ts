/**
 * Headless games for the self-play runner (scripts/selfplay.mjs), the tests and the bench: the
 * opponent against itself or against a random-legal-move player, with the result, the steps each
 * side lost and the time of every side-turn.
 */
import { apply, legalActions, newGame, sideToAct } from '../engine/game';
import { loadScenario } from '../data/bundle';
import { evaluateVictory, defOf } from '../engine/query';
import type { Action, GameState, Side } from '../engine/types';
import { playSide, type AiOptions } from './planner';
import { playIndex, rngFrom } from './rng';
import { loneAssaults } from './combat';
import { unitList } from '../engine/unitTable';

export type Player = 'ai' | 'random';

export interface GameResult {
  seed: string;
  winner: Side | 'draw' | null;
  level: string;
  text: string;
  reason: string;
  /** Steps lost (step losses + steps of eliminated units) and units eliminated per side. */
  stepsLost: Record<Side, number>;
  stepsTotal: Record<Side, number>;
  eliminated: Record<Side, number>;
  /** Wall-clock ms of each AI side-turn (one entry per uninterrupted run of AI actions in a player turn). */
  sideTurnMs: Record<Side, number[]>;
  actions: Action[];
  finalState: GameState;
  turnsPlayed: number;
  /** Set when the game could not go on: no legal action for the side to act (an engine dead end). */
  stuck?: string;
}

export interface GameSpec {
  scenario: string;
  seed: string;
  length?: string;
  players: Record<Side, Player>;
  ai?: AiOptions;
  /** Stop after this many game turns (the result is then evaluated on the position reached). */
  maxTurns?: number;
  /** Called after every applied action with the state before and after it (figures such as germanHold.ts). */
  onAction?: (prev: GameState, action: Action, next: GameState) => void;
}

/** A player that picks uniformly among legal actions (endSegment weighted so segments end). */
export function randomAction(state: GameState, side: Side): Action {
  const legal = legalActions(state, side).filter((a) => a.type !== 'roll');
  const rng = rngFrom(`random|${state.seed}|${playIndex(state)}|${side}`);
  const end = legal.find((a) => a.type === 'endSegment');
  if (end && rng.next() < 0.35) return end;
  const others = legal.filter((a) => a.type !== 'endSegment');
  return others.length ? rng.pick(others) : (end ?? legal[0]);
}

function losses(state: GameState, side: Side, bundle: ReturnType<typeof loadScenario>) {
  let lost = 0; let total = 0; let elim = 0;
  for (const u of unitList(state)) {
    if (u.side !== side) continue;
    const n = defOf(bundle, u.id).steps.length;
    total += n;
    // GOSS 18: each detached breakdown Coy is one of the parent's steps, in its stepsLost but not lost: the Coy's
    // own record counts it (eliminated or reduced).
    if (u.eliminated) { lost += n; elim++; } else lost += u.stepsLost - (u.detached?.length ?? 0);
  }
  return { lost, total, elim };
}

export function playGame(spec: GameSpec): GameResult {
  const bundle = loadScenario(spec.scenario);
  let { state } = newGame(bundle, { seed: spec.seed, length: spec.length });
  // Losses count from the start of play: the pre-game carpet bombing (AW 32.2.2) is the scenario's, not the
  // players'. After a game-start setup (AW 32.11.0) it runs when the setup ends, so the baseline waits for it.
  const baseline = (s: GameState) => ({ allied: losses(s, 'allied', bundle), german: losses(s, 'german', bundle) });
  let start = state.beforePlay ? null : baseline(state);
  const actions: Action[] = [];
  const sideTurnMs: Record<Side, number[]> = { allied: [], german: [] };
  let randomCount = 0;
  let stuck: string | undefined;
  for (let guard = 0; guard < 50_000 && !state.over; guard++) {
    if (!start && !state.beforePlay) start = baseline(state);
    if (spec.maxTurns !== undefined && state.pos.turn >= spec.maxTurns) break;
    const side = sideToAct(state)!;
    if (spec.players[side] === 'ai') {
      const t0 = performance.now();
      let moved = false;
      try {
        for (const step of playSide(state, side, spec.ai)) {
          actions.push(step.action);
          spec.onAction?.(state, step.action, step.state);
          state = step.state;
          moved = true;
          if (spec.maxTurns !== undefined && state.pos.turn >= spec.maxTurns) break;
        }
      } catch (e) {
        if (!(e instanceof Error) || !e.message.startsWith('the opponent found no legal action')) throw e;
        stuck = e.message;
        break;
      }
      sideTurnMs[side].push(performance.now() - t0);
      if (!moved) throw new Error(`the opponent made no move for ${side} at action ${state.n}`);
    } else {
      // Random player: at most 12 non-end actions per segment, so games finish.
      let a = randomAction(state, side);
      // A setup at game start (AW 32.11.0 breakdowns) is finished as it stands, as the AI does: the
      // random player plays random moves, not random setups (random breakdowns of most German Bns
      // left the 5-GT Allied AI short of Troarn and Vaucelles in 3 of 10 games).
      if (state.pending?.kind === 'setup' && state.beforePlay) a = { type: 'finishSetup' };
      if (a.type !== 'endSegment' && !state.pending && ++randomCount > 12) a = { type: 'endSegment' };
      let r = apply(state, a);
      if (!r.ok) {
        // Anything but a move first; then moves too (a unit across its boundary must move back, AW 32.7.1).
        const all = legalActions(state, side).filter((x) => x.type !== 'roll');
        const legal = [...all.filter((x) => x.type !== 'move' && x.type !== 'mark'), ...all.filter((x) => x.type === 'move')];
        for (const x of legal) { r = apply(state, x); if (r.ok) { a = x; break; } }
        // GOSS 13.4: a designated unit that can attack only alone (legalActions lists whole stacks).
        if (!r.ok) for (const x of loneAssaults(bundle, state, side)) { r = apply(state, x); if (r.ok) { a = x; break; } }
      }
      if (!r.ok) { stuck = `no legal action for the random ${side} player: ${r.error.message}`; break; }
      if (a.type === 'endSegment') randomCount = 0;
      actions.push(a);
      spec.onAction?.(state, a, r.state);
      state = r.state;
    }
  }
  const v = state.special?.victory ?? evaluateVictory(state, bundle);
  const end = { allied: losses(state, 'allied', bundle), german: losses(state, 'german', bundle) };
  const s0 = start ?? end;
  return {
    seed: spec.seed,
    winner: state.over ? state.over.winner : (v?.winner ?? 'draw'),
    level: v?.level ?? 'none',
    text: v?.text ?? '',
    reason: state.over?.reason ?? `stopped after ${spec.maxTurns} game turns`,
    stepsLost: { allied: end.allied.lost - s0.allied.lost, german: end.german.lost - s0.german.lost },
    stepsTotal: { allied: end.allied.total, german: end.german.total },
    eliminated: { allied: end.allied.elim - s0.allied.elim, german: end.german.elim - s0.german.elim },
    sideTurnMs,
    actions,
    finalState: state,
    turnsPlayed: state.pos.turn + 1,
    ...(stuck ? { stuck } : {}),
  };
}
