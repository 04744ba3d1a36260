/**
 * Issue 16 item 12 figures for the German opponent in Goodwood: does it counterattack (German ground
 * assaults, GOSS 13, in its own player turns) and does it keep its fortified hexes (IP, ET-2, ET-3,
 * GOSS 17) unless a combat result forces it out? Read from a self-play game action by action
 * (`playGame`'s `onAction`), so the figures need no second replay.
 */
import { formatHex } from '../engine/hex';
import { live } from '../engine/query';
import { sideToAct } from '../engine/game';
import type { Action, GameState, Side } from '../engine/types';
import { playGame, type GameResult } from './selfplay';
import type { AiOptions } from './planner';
import { unitIds, unitOf } from '../engine/unitTable';

export interface FortLeft {
  hex: string;
  fieldworks: string;
  /** Game turn (1-based) and the action that emptied the hex. */
  turn: number;
  action: Action['type'];
}

export interface HoldFigures {
  seed: string;
  /** German ground assaults per game turn (index 0 = GT 1). */
  gaByTurn: number[];
  /** Fortified hexes the side emptied by its own choice (a move, a mark, …: no combat result owed). */
  leftVoluntarily: FortLeft[];
  /** Fortified hexes emptied while answering a combat result (retreat, step loss, elimination). */
  leftForced: FortLeft[];
  result: GameResult;
}

/** Fortified hexes (hex id → fieldworks) holding a live unit of `side`. */
function heldForts(state: GameState, side: Side): Map<string, string> {
  const out = new Map<string, string>();
  const occupied = new Set<number>();
  for (const id of unitIds(state)) { const u = unitOf(state, id); if (u.side === side && live(u)) occupied.add(u.hex!); }
  for (const [h, f] of Object.entries(state.fieldworks)) if (occupied.has(Number(h))) out.set(h, f);
  return out;
}

/**
 * Watches one game for `side`: its GAs by game turn, and every fortified hex it held before an
 * action and not after. A hex emptied by an action of the enemy, or by the side's answer to a pending
 * decision (the hits, retreats and options a combat result imposes, GOSS 11.6, 13.10), is forced;
 * one emptied by the side's own action with nothing pending (a move out) or by its advance after
 * combat (GOSS 13.11) is voluntary.
 */
export function holdWatcher(side: Side) {
  const gaByTurn: number[] = [];
  const leftVoluntarily: FortLeft[] = [];
  const leftForced: FortLeft[] = [];
  const onAction = (prev: GameState, action: Action, next: GameState) => {
    const actor = sideToAct(prev);
    const turn = prev.pos.turn;
    if (action.type === 'assault' && actor === side && !prev.pending) gaByTurn[turn] = (gaByTurn[turn] ?? 0) + 1;
    const before = heldForts(prev, side);
    if (!before.size) return;
    const after = heldForts(next, side);
    for (const [h, f] of before) {
      if (after.has(h)) continue;
      const rec = { hex: formatHex(Number(h)), fieldworks: f, turn: turn + 1, action: action.type };
      // An advance after combat (GOSS 13.11) is the side's choice, not a result imposed on it.
      if (actor === side && (!prev.pending || prev.pending.kind === 'gaAdvance')) leftVoluntarily.push(rec);
      else leftForced.push(rec);
    }
  };
  return { onAction, gaByTurn, leftVoluntarily, leftForced };
}

/** One seeded Goodwood AI-vs-AI game of `turns` game turns with the German figures. */
export function goodwoodHoldGame(seed: string, turns = 2, ai: AiOptions = { budgetMs: 600_000 }): HoldFigures {
  const w = holdWatcher('german');
  const result = playGame({ scenario: 'goodwood', seed, length: 'short', players: { allied: 'ai', german: 'ai' }, maxTurns: turns, ai, onAction: w.onAction });
  const gaByTurn = Array.from({ length: turns }, (_, i) => w.gaByTurn[i] ?? 0);
  return { seed, gaByTurn, leftVoluntarily: w.leftVoluntarily, leftForced: w.leftForced, result };
}
