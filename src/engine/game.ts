/**
 * The engine contract (docs/engine.md): newGame, legalActions, apply, view, replay, stateHash.
 * State is plain JSON, updated immutably with immer; static data lives in a ScenarioBundle
 * registered once per scenario and found again by id and data hash.
 */
import { produce, type Draft } from 'immer';
import { Dice } from './rng';
import { canonicalJson, hashValue } from './hash';
import { tryParseHexRef } from './hex';
import { actorAt, isSkipped, nextSegment, phasingSide, posLabel, segmentAt, turnCount, turnTime } from './sequence';
import { RuleViolation, type RuleContext, type RuleModule } from './rules/registry';
import { RULE_MODULES } from './rules';
import { normaliseAction } from './actions';
import { invariantChecksOn, newProblems } from './invariants';
import { bundleById, bundleOf, hasBundle, registerBundle } from './bundles';
import type {
  Action, ApplyResult, GameEvent, GameLog, GameState, NewGameOptions, Rejection, ScenarioBundle, SeqPos, Side, UnitState,
} from './types';

export { registerBundle, bundleOf, hasBundle };

const HANDLERS = new Map(RULE_MODULES.flatMap((m: RuleModule) => (m.handlers ?? []).map((h) => [h.type, h] as const)));

function hooksFor(segmentId: string, kind: 'onEnter' | 'onExit') {
  return RULE_MODULES.flatMap((m) => (m.hooks ?? []).filter((h) => (h.segment === segmentId || h.segment === '*') && h[kind]));
}

/** Creates the initial state: units placed per the scenario setup, sequence at its first segment. */
export function newGame(bundle: ScenarioBundle, options: NewGameOptions): { state: GameState; events: GameEvent[] } {
  registerBundle(bundle);
  const { scenario, sequence } = bundle;
  const length = scenario.lengths.find((l) => l.id === options.length) ?? scenario.lengths[0];
  if (options.length && length.id !== options.length) throw new Error(`scenario ${scenario.id} has no length "${options.length}"`);
  const units: Record<string, UnitState> = {};
  const fieldworks: Record<string, string> = {};
  for (const s of scenario.setup) {
    const def = bundle.units.get(s.unit);
    if (!def) throw new Error(`setup names unknown unit "${s.unit}"`);
    const r = tryParseHexRef(s.hex);
    if ('error' in r) throw new Error(`setup of ${s.unit}: ${r.error}`);
    units[s.unit] = { id: s.unit, side: def.side, hex: r.hex, stepsLost: s.stepsLost, mpSpent: 0, markers: [] };
    if (s.fieldworks) fieldworks[r.hex] = s.fieldworks;
  }
  let state: GameState = {
    v: 1,
    scenario: scenario.id,
    dataHash: bundle.dataHash,
    seed: options.seed,
    length: length.id,
    n: 0,
    pos: { turn: 0, playerTurn: 0, phase: 0, segment: 0 },
    lastTurn: turnCount(scenario, sequence, length.end) - 1,
    units,
    fieldworks,
    barrier: 0,
    over: null,
    players: options.players ?? {},
  };
  const dice = new Dice(options.seed, -1);
  const events: GameEvent[] = [];
  dice.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
  state = produce(state, (d) => {
    const ctx: RuleContext = { bundle, dice, side: null };
    const t = turnTime(scenario, sequence, 0);
    events.push({ type: 'turnStarted', turn: 0, date: t.date, time: t.time });
    for (const m of RULE_MODULES) if (m.onNewGame) events.push(...m.onNewGame(d, ctx));
    // A decision at game start (AW 32.11.0 setup breakdowns) comes before the first segment and its automatic steps.
    if (d.pending) d.beforePlay = true;
    else events.push(...enterSegment(d, ctx));
  });
  return { state, events };
}

function segmentEvent(bundle: ScenarioBundle, pos: SeqPos): GameEvent {
  const { segment } = segmentAt(bundle.sequence, pos);
  return { type: 'segmentStarted', pos: { ...pos }, label: posLabel(bundle.scenario, bundle.sequence, pos), actor: actorAt(bundle.scenario, bundle.sequence, pos), case: segment.case };
}

/** Enters the segment at draft.pos: runs its hooks, and passes through automatic and skipped segments. */
function enterSegment(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { scenario, sequence } = ctx.bundle;
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 1000; guard++) {
    const skipped = isSkipped(scenario, sequence, d.pos);
    if (!skipped) {
      events.push(segmentEvent(ctx.bundle, d.pos));
      const seg = segmentAt(sequence, d.pos).segment;
      for (const h of hooksFor(seg.id, 'onEnter')) events.push(...h.onEnter!(d, ctx));
      if (d.over || actorAt(scenario, sequence, d.pos) !== null) return events;
    }
    // A skipped segment (AW 31.6: no Exploitation at Night) was never entered, so it runs no exit
    // hooks either: an end-of-segment check there would demand actions no legal action can give.
    if (!advance(d, ctx, events, !skipped)) return events;
  }
  throw new Error('sequence of play did not reach a player segment');
}

/** Leaves the current segment (running its exit hooks when it was entered); returns false when the game ended. */
function advance(d: Draft<GameState>, ctx: RuleContext, events: GameEvent[], entered = true): boolean {
  const { scenario, sequence } = ctx.bundle;
  const seg = segmentAt(sequence, d.pos).segment;
  if (entered) for (const h of hooksFor(seg.id, 'onExit')) events.push(...h.onExit!(d, ctx));
  const next = nextSegment(sequence, d.pos);
  if (next) {
    d.pos = next;
    return true;
  }
  // AW 31.4: Game Turn Indication Phase — after the last GT the game is over.
  if (d.pos.turn >= d.lastTurn) {
    d.over = { reason: `the last game turn (${d.lastTurn + 1}) has been played`, winner: null };
    for (const m of RULE_MODULES) if (m.onGameEnd) events.push(...m.onGameEnd(d, ctx));
    events.push({ type: 'gameOver', reason: d.over.reason, winner: d.over.winner });
    return false;
  }
  d.pos = { turn: d.pos.turn + 1, playerTurn: 0, phase: 0, segment: 0 };
  const t = turnTime(scenario, sequence, d.pos.turn);
  events.push({ type: 'turnStarted', turn: d.pos.turn, date: t.date, time: t.time });
  return true;
}

/** The side expected to act now, or null when the game is over. */
export function sideToAct(state: GameState): Side | null {
  if (state.over) return null;
  if (state.pending) return state.pending.side;
  const b = bundleOf(state);
  return actorAt(b.scenario, b.sequence, state.pos);
}

/** Every legal action for `side` now. Empty when it is not that side's segment. */
export function legalActions(state: GameState, side: Side): Action[] {
  if (sideToAct(state) !== side) return [];
  const bundle = bundleOf(state);
  // A pending decision (GameState.pending) admits only its own action types, and no endSegment.
  const only = state.pending?.accepts;
  // endSegment only when apply accepts it (overstacked, must attack, must leave… refuse it: endSegmentRefusal says why).
  const out: Action[] = only || endSegmentRefusal(state) ? [] : [{ type: 'endSegment' }];
  for (const h of HANDLERS.values()) if (h.legal && (!only || only.includes(h.type))) out.push(...h.legal(state, side, bundle));
  return out;
}

const END_SEGMENT: Action = { type: 'endSegment' };
/** apply(state, endSegment), computed once per state: legalActions, the UI's reason and the action itself share it (all are pure of the state). */
const endTrials = new WeakMap<GameState, ApplyResult>();
function tryEndSegment(state: GameState): ApplyResult {
  let r = endTrials.get(state);
  if (!r) { r = applyNormalised(state, END_SEGMENT); endTrials.set(state, r); }
  return r;
}

/**
 * Why `endSegment` is not available now (a decision pending, a stack overstacked, a unit that must
 * attack or leave…: the rule's rejection with its case), or null when apply accepts it.
 */
export function endSegmentRefusal(state: GameState): Rejection | null {
  if (state.over) return { code: 'game-over', message: `the game is over: ${state.over.reason}` };
  const r = tryEndSegment(state);
  return r.ok ? null : r.error;
}

/**
 * The legal actions of the given types only (e.g. `['assault']`): what legalActions lists of them,
 * without computing the others (the UI's per-type panels, the random-play property test).
 */
export function legalActionsOf(state: GameState, side: Side, types: readonly string[]): Action[] {
  if (sideToAct(state) !== side) return [];
  const bundle = bundleOf(state);
  const only = state.pending?.accepts;
  const out: Action[] = types.includes('endSegment') && !only && !endSegmentRefusal(state) ? [{ type: 'endSegment' }] : [];
  for (const t of types) {
    const h = HANDLERS.get(t);
    if (h?.legal && (!only || only.includes(t))) out.push(...h.legal(state, side, bundle));
  }
  return out;
}

/** The action types a handler may offer now (those the pending decision accepts, or all), endSegment first. */
export function offerableTypes(state: GameState): string[] {
  const only = state.pending?.accepts;
  return only ? [...only] : ['endSegment', ...[...HANDLERS.values()].filter((h) => h.legal).map((h) => h.type)];
}

function rejected(state: GameState, code: string, message: string, ruleCase?: string): ApplyResult {
  return { ok: false, state, events: [], error: { code, message, case: ruleCase } };
}

/**
 * Applies one action. Illegal or malformed actions are rejected with a reason; apply never throws
 * on them and never changes the given state.
 */
export function apply(state: GameState, raw: Action): ApplyResult {
  if (!raw || typeof raw !== 'object' || typeof (raw as { type?: unknown }).type !== 'string') {
    return rejected(state, 'bad-action', 'an action is a JSON object with a string "type"');
  }
  if (!hasBundle(state.scenario)) return rejected(state, 'no-scenario', `scenario "${state.scenario}" is not loaded`);
  if (state.over) return rejected(state, 'game-over', `the game is over: ${state.over.reason}`);
  // Issue 15: the action is parsed strictly and normalised to its one spelling; that spelling is what
  // is applied, recorded (ApplyResult.action) and what the PBEM dice derive from.
  const norm = normaliseAction(raw);
  if (!norm.ok) return { ok: false, state, events: [], error: norm.error };
  return norm.action.type === 'endSegment' ? tryEndSegment(state) : applyNormalised(state, norm.action);
}

/** apply() of an action already normalised. */
function applyNormalised(state: GameState, action: Action): ApplyResult {
  if (!hasBundle(state.scenario)) return rejected(state, 'no-scenario', `scenario "${state.scenario}" is not loaded`);
  if (state.over) return rejected(state, 'game-over', `the game is over: ${state.over.reason}`);
  const bundle = bundleOf(state);
  const side = sideToAct(state);
  // Seeded dice count the actions of play from 0 (`playFrom`): a game-start setup, which rolls no dice,
  // does not shift the rolls of the game that follows it.
  const dice = new Dice(state.diceKey ? () => diceMaterial(state, action) : state.seed, state.n - (state.playFrom ?? 0));
  const ctx: RuleContext = { bundle, dice, side };
  const events: GameEvent[] = [];
  dice.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
  const handler = action.type === 'endSegment' ? null : HANDLERS.get(action.type);
  if (action.type !== 'endSegment' && !handler) return rejected(state, 'unknown-action', `no rule handles the action type "${action.type}"`);
  if (state.pending && !state.pending.accepts.includes(action.type) && !handler?.outsideDecisions) {
    return rejected(state, 'decision-pending', `waiting for the ${state.pending.side} player: ${state.pending.prompt}`, state.pending.case);
  }
  let next: GameState;
  let preRolls = 0;
  try {
    next = produce(state, (d) => {
      if (handler) events.push(...handler.apply(d, action, ctx));
      else if (advance(d, ctx, events)) events.push(...enterSegment(d, ctx));
      if (d.beforePlay && !d.pending) {
        // The pre-game steps (the AW 32.2.2 carpet bombing) roll the game's pre-game dice, as newGame does
        // when there is no setup: their results do not depend on the setup actions, and they are no
        // player's rolls (PBEM dice protocols cover only the players' own actions).
        const pre = new Dice(state.seed, -1);
        pre.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
        // Hooks of this first entry still see `beforePlay` (e.g. the carpet bombing "prior to" the first GT).
        events.push(...enterSegment(d, { ...ctx, dice: pre }));
        preRolls = pre.rolls.length;
        delete d.beforePlay;
        d.playFrom = d.n + 1;
      }
      d.n += 1;
    });
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, state, events: [], error: e.rejection };
    return rejected(state, 'internal', `the engine failed on this action: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Tests and dev builds: an action that breaks an engine invariant is an engine bug, refused so the game stays at its last good state.
  if (invariantChecksOn()) {
    const bad = newProblems(state, next);
    if (bad.length) return rejected(state, 'internal', `the engine failed on this action: it would break ${bad.length === 1 ? 'an invariant' : `${bad.length} invariants`}: ${bad.slice(0, 3).join('; ')}`);
  }
  // Undo stops at new information: a die roll, or the other side taking over (DEVELOPERS.md).
  const barrier = dice.rolls.length > 0 || preRolls > 0 || sideToAct(next) !== side || events.some((e) => e.type === 'revealed');
  if (barrier) next = produce(next, (d) => { d.barrier = d.n; });
  return { ok: true, state: next, events, barrier, rolls: dice.rolls, action };
}

/**
 * PBEM dice (src/save/dice.ts): a roll is bound to the key, the state and the action's content, so
 * reloading repeats it and reordering actions cannot steer a known roll to a chosen combat. `action`
 * is the normalised action (issue 15): respelling a decision cannot re-roll it.
 */
function diceMaterial(state: GameState, action: Action): string {
  return `${state.diceKey}|${stateHash(state)}|${canonicalJson(action)}`;
}

/** What `side` may see. The introductory scenarios have no hidden units; the seed stays private. */
export function view(state: GameState, side: Side): Omit<GameState, 'seed'> & { viewer: Side; label: string; actor: Side | null; phasing: Side } {
  const b = bundleOf(state);
  const { seed: _seed, ...rest } = state;
  return { ...rest, viewer: side, label: posLabel(b.scenario, b.sequence, state.pos), actor: sideToAct(state), phasing: phasingSide(b.scenario, state.pos) };
}

/** SHA-256 of the canonical JSON of the state: equal logs give equal hashes. */
export function stateHash(state: GameState): string {
  return hashValue(state);
}

/** Re-runs a log from its scenario. Stops at the first rejected action and says which. */
export function replay(log: GameLog): { ok: true; state: GameState; events: GameEvent[] } | { ok: false; index: number; error: string; state: GameState } {
  const bundle = bundleById(log.scenario);
  if (!bundle) throw new Error(`scenario "${log.scenario}" is not loaded`);
  if (log.dataHash && log.dataHash !== bundle.dataHash) {
    throw new Error(`this log needs data version ${log.dataHash.slice(0, 12)}…, loaded is ${bundle.dataHash.slice(0, 12)}…`);
  }
  let { state, events } = newGame(bundle, log.options);
  events = [...events];
  for (let i = 0; i < log.actions.length; i++) {
    const r = apply(state, log.actions[i]);
    if (!r.ok) return { ok: false, index: i, error: r.error.message, state };
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state, events };
}
