/**
 * A game turn a side designates secretly once per game day (rules/hidden.ts sealed choices), as the
 * AW 3.3.3 / GOSS 3.5 rest GT and the AW 35.5.2 German low-fuel GT are:
 * - at the first segment of a game day that needs a designation, the side seals one of the day's GTs
 *   still to play;
 * - at the start of each of its player turns that day it is asked: reveal (this is the GT) or decline
 *   (the kind's pass action); on the day's last GT it must reveal, so every designation is checked
 *   against its commitment before the day ends; a reveal naming an earlier GT that was declined is
 *   accepted and reported (`broken`): the designation was not honoured then.
 * Each kind gives its texts, events and pass action; the effect is the kind's (`isDesignatedGt`).
 */
import type { Draft } from 'immer';
import { reject, type RuleModule } from './registry';
import { registerSealKind, requestSeal, sealOf } from './hidden';
import { turnTime } from '../sequence';
import type { Action, GameEvent, GameState, ScenarioBundle, Seal, Side } from '../types';

export interface DailySealedGt {
  /** The seal's and the question's kind, and the prefix of its keys (`<kind>:<date>`). */
  kind: string;
  /** The action that answers "not this GT" (its schema is in src/engine/actions). */
  passType: 'restPass' | 'fuelPass';
  case: string;
  /** What is designated, in the player's words ("rest GT"). */
  what: string;
  /** The side that designates on this game day, or null when none does (the rule is off, or not yet on that date). */
  side(bundle: ScenarioBundle, date: string): Side | null;
  /** Event types: the designated GT revealed on it; revealed after it was declined; declined. */
  events: { revealed: string; broken: string; declined: string };
}

export const sealedGtKey = (kind: string, date: string): string => `${kind}:${date}`;

/** The game turns of the game day of `turn` from `turn` on, within the scenario. */
function dayTurns(state: GameState, bundle: ScenarioBundle, turn: number): { turn: number; time: string }[] {
  const { scenario, sequence } = bundle;
  const date = turnTime(scenario, sequence, turn).date;
  const out: { turn: number; time: string }[] = [];
  for (let t = turn; t <= state.lastTurn; t++) {
    const tt = turnTime(scenario, sequence, t);
    if (tt.date !== date) break;
    out.push({ turn: t, time: tt.time });
  }
  return out;
}

const timeOfTurn = (bundle: ScenarioBundle, turn: number): string => turnTime(bundle.scenario, bundle.sequence, turn).time;

/** Is this game turn the GT `side` designated (and revealed) for the kind? */
export function isDesignatedGt(state: GameState, bundle: ScenarioBundle, kind: string, side: Side): boolean {
  if (!state.hidden) return false;
  const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const seal = state.hidden.seals[sealedGtKey(kind, t.date)];
  return !!seal && seal.owner === side && seal.revealed?.value === t.time;
}

/** Registers the kind's seal and returns its rule module (the questions and the pass action). */
export function dailySealedGt(k: DailySealedGt): RuleModule {
  registerSealKind({
    kind: k.kind,
    revealProblem(state, seal, value, bundle) {
      const now = timeOfTurn(bundle, state.pos.turn);
      const order = seal.options ?? [];
      // An earlier GT is accepted and reported by onReveal (the designation was not honoured then).
      if (value === now || order.indexOf(String(value)) < order.indexOf(now)) return null;
      return { code: 'not-yet', message: `the designated ${k.what} (${String(value)}) has not come yet: reveal it at the start of that GT` };
    },
    onReveal(d, seal, value, ctx) {
      const now = timeOfTurn(ctx.bundle, d.pos.turn);
      if (value === now) return [{ type: k.events.revealed, side: seal.owner, time: now, case: k.case }];
      return [{ type: k.events.broken, side: seal.owner, time: value, message: `the ${k.what} designated for ${String(value)} was not declared on that GT`, case: k.case }];
    },
  });

  function maybeAsk(d: Draft<GameState>, bundle: ScenarioBundle): GameEvent[] {
    if (d.pending || d.beforePlay || d.over) return [];
    const { scenario, sequence } = bundle;
    const t = turnTime(scenario, sequence, d.pos.turn);
    const side = k.side(bundle, t.date);
    if (!side) return [];
    const key = sealedGtKey(k.kind, t.date);
    const seal = sealOf(d as GameState, key);
    if (!seal) {
      const options = dayTurns(d as GameState, bundle, d.pos.turn).map((x) => x.time);
      requestSeal(d, {
        key, kind: k.kind, side, options, label: `${k.what} of ${t.date}`, case: k.case,
        prompt: `Secretly designate your ${k.what} of ${t.date} (${options.join(', ')}): the other side sees only that a choice was sealed`,
      });
      return [];
    }
    if (seal.revealed || seal.owner !== scenario.sides[d.pos.playerTurn] || seal.declined?.includes(d.pos.turn)) return [];
    const last = dayTurns(d as GameState, bundle, d.pos.turn).length === 1;
    d.pending = {
      side: seal.owner, kind: k.kind, accepts: last ? ['reveal'] : ['reveal', k.passType], case: k.case,
      prompt: last ? `Reveal your ${k.what} designation of ${t.date}: this is the day's last GT` : `Is this (${t.time}) your ${k.what}? Reveal the designation if it is, else continue`,
    };
    return [];
  }

  return {
    name: k.kind,
    hooks: [{ segment: '*', onEnter: (d, ctx) => maybeAsk(d, ctx.bundle) }],
    handlers: [{
      type: k.passType,
      apply(d, _action, ctx) {
        if (d.pending?.kind !== k.kind || !d.pending.accepts.includes(k.passType)) {
          reject('not-now', d.pending?.kind === k.kind ? `the ${k.what} must be revealed on the game day's last GT` : `no ${k.what} question is open`, k.case);
        }
        const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
        const seal = d.hidden!.seals[sealedGtKey(k.kind, t.date)] as Draft<Seal>;
        (seal.declined ??= []).push(d.pos.turn);
        d.pending = null;
        return [{ type: k.events.declined, side: seal.owner, time: t.time, case: k.case }];
      },
      legal(state) {
        return state.pending?.kind === k.kind && state.pending.accepts.includes(k.passType) ? [{ type: k.passType } as Action] : [];
      },
    }],
  };
}
