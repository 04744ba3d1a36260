/**
 * The secret rest game turn (AW 3.3.3 Command Segment: "The Axis side secretly designates which GT will
 * be the Axis rest GT", seed:004 L1230–1232; GOSS 3.5: each side has one rest GT per game day, the
 * Allies always at Night, the Axis designates secretly). A sealed choice (rules/hidden.ts), turned on
 * by a scenario with `rules.secretRest: {side, source}`:
 * - at the first segment of each game day the designating side seals one of the day's GTs still to play;
 * - at the start of each of its player turns that day it is asked: reveal (this is the rest GT) or
 *   decline (`restPass`); on the day's last GT it must reveal, so every designation is checked
 *   against its commitment before the day ends; a reveal naming an earlier GT that was declined is
 *   accepted and reported (`restBroken`): the designation was not honoured;
 * - the effect, while the revealed rest GT lasts: the side's units may not enter PA or Exploit mode
 *   (GOSS 3.5; checked in movement.ts `checkMark`). The rest-GT fatigue costs of GOSS 3.5 are not
 *   modelled yet (docs/rules-coverage.md).
 */
import { reject, type RuleModule } from './registry';
import { registerSealKind, requestSeal, sealOf } from './hidden';
import { turnTime } from '../sequence';
import { SecretRestRule } from '../../data/schemas/hidden';
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Seal, Side } from '../types';

const RULE_CASE = 'AW 3.3.3, GOSS 3.5';
const KIND = 'restGT';

const parsed = new WeakMap<ScenarioBundle, SecretRestRule | null>();

/** The scenario's `rules.secretRest`, validated (null when the scenario does not use it). */
export function secretRestRule(bundle: ScenarioBundle): SecretRestRule | null {
  let r = parsed.get(bundle);
  if (r === undefined) {
    const raw = bundle.scenario.rules.secretRest;
    if (raw === undefined) r = null;
    else {
      const p = SecretRestRule.safeParse(raw);
      if (!p.success) throw new Error(`scenario ${bundle.scenario.id}: rules.secretRest: ${p.error.issues[0]?.message}`);
      r = p.data;
    }
    parsed.set(bundle, r);
  }
  return r;
}

export const restKey = (date: string) => `restGT:${date}`;

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

/** GOSS 3.5: is this game turn `side`'s revealed rest GT? */
export function isRestGT(state: GameState, bundle: ScenarioBundle, side: Side): boolean {
  if (!state.hidden) return false;
  const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const seal = state.hidden.seals[restKey(t.date)];
  return !!seal && seal.owner === side && seal.revealed?.value === t.time;
}

function timeOfTurn(bundle: ScenarioBundle, turn: number): string {
  return turnTime(bundle.scenario, bundle.sequence, turn).time;
}

registerSealKind({
  kind: KIND,
  revealProblem(state, seal, value, bundle) {
    const now = timeOfTurn(bundle, state.pos.turn);
    const order = seal.options ?? [];
    // An earlier GT is accepted and reported by onReveal (the designation was not honoured then).
    if (value === now || order.indexOf(String(value)) < order.indexOf(now)) return null;
    return { code: 'not-yet', message: `the designated rest GT (${String(value)}) has not come yet: reveal it at the start of that GT` };
  },
  onReveal(d, seal, value, ctx) {
    const now = timeOfTurn(ctx.bundle, d.pos.turn);
    if (value === now) return [{ type: 'restGT', side: seal.owner, time: now, case: RULE_CASE }];
    return [{ type: 'restBroken', side: seal.owner, time: value, message: `the rest GT designated for ${String(value)} was not declared on that GT`, case: RULE_CASE }];
  },
});

function maybeAsk(d: Draft<GameState>, bundle: ScenarioBundle, rule: SecretRestRule): GameEvent[] {
  if (d.pending || d.beforePlay || d.over) return [];
  const { scenario, sequence } = bundle;
  const t = turnTime(scenario, sequence, d.pos.turn);
  const key = restKey(t.date);
  const seal = sealOf(d as GameState, key);
  if (!seal) {
    const options = dayTurns(d as GameState, bundle, d.pos.turn).map((x) => x.time);
    requestSeal(d, {
      key, kind: KIND, side: rule.side, options, label: `rest GT of ${t.date}`, case: RULE_CASE,
      prompt: `Secretly designate your rest GT of ${t.date} (${options.join(', ')}): the other side sees only that a choice was sealed`,
    });
    return [];
  }
  if (seal.revealed || seal.owner !== scenario.sides[d.pos.playerTurn] || seal.declined?.includes(d.pos.turn)) return [];
  const last = dayTurns(d as GameState, bundle, d.pos.turn).length === 1;
  d.pending = {
    side: seal.owner, kind: KIND, accepts: last ? ['reveal'] : ['reveal', 'restPass'], case: RULE_CASE,
    prompt: last ? `Reveal your rest GT designation of ${t.date}: this is the day's last GT` : `Is this (${t.time}) your rest GT? Reveal the designation if it is, else continue`,
  };
  return [];
}

export const restGTRules: RuleModule = {
  name: 'restGT',
  hooks: [{
    segment: '*',
    onEnter(d, ctx) {
      const rule = secretRestRule(ctx.bundle);
      return rule ? maybeAsk(d, ctx.bundle, rule) : [];
    },
  }],
  handlers: [{
    type: 'restPass',
    apply(d, _action, ctx) {
      if (d.pending?.kind !== KIND || !d.pending.accepts.includes('restPass')) {
        reject('not-now', d.pending?.kind === KIND ? 'the rest GT must be revealed on the game day\'s last GT' : 'no rest GT question is open', RULE_CASE);
      }
      const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
      const seal = d.hidden!.seals[restKey(t.date)] as Draft<Seal>;
      (seal.declined ??= []).push(d.pos.turn);
      d.pending = null;
      return [{ type: 'restDeclined', side: seal.owner, time: t.time, case: RULE_CASE }];
    },
    legal(state) {
      return state.pending?.kind === KIND && state.pending.accepts.includes('restPass') ? [{ type: 'restPass' }] : [];
    },
  }],
};
