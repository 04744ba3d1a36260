/**
 * The engine contract (docs/engine.md): newGame, legalActions, apply, view, replay, stateHash.
 * State is plain JSON, updated immutably with immer; static data lives in a ScenarioBundle
 * registered once per scenario and found again by id and data hash.
 */
import { asTable, flatUnitsJson, isTable, unitTable } from './unitTable';
import type { Draft } from 'immer';
import { produceFrozen } from './frozenProduce';
import { BoxedCache } from './boxCache';
import { Dice } from './rng';
import { canonicalJson, sha256Hex } from './hash';
import { tryParseHexRef } from './hex';
import {
  actionName, actorAt, admitted, allSegments, evalGuard, firstOfBoth, firstPos, gameTime, guardNames, guardText, nextPart, nextSegment, type GameTime,
  partLabel, phasingSide, posLabel, segmentAt, segmentsAdmitting, skipReason, stageAt, turnCount, type GuardEnv,
} from './sequence';
import {
  RuleViolation, addedRuleModules, addedRuleModulesVersion, type BoundaryInfo, type RuleContext, type RuleModule, type SequenceSubscriptions,
} from './rules/registry';
import { RULE_MODULES } from './rules';
import { normaliseAction } from './actions';
import { invariantChecksOn, newProblems } from './invariants';
import { bundleById, bundleOf, hasBundle, registerBundle } from './bundles';
import { redact, type StateView } from './rules/hidden';
import { noteSuccessor } from './rules/lineage';
import { carryIndex } from './rules/unitIndex';
import type {
  Action, ApplyResult, GameEvent, GameLog, GameState, NewGameOptions, Rejection, ScenarioBundle, SeqPos, Side, UnitState,
} from './types';

export { registerBundle, bundleOf, hasBundle };

const HANDLERS = new Map(RULE_MODULES.flatMap((m: RuleModule) => (m.handlers ?? []).map((h) => [h.type, h] as const)));

/** The built-in rule modules, then any added with addRuleModule (tests, modules a scenario turns on). */
function allModules(): readonly RuleModule[] {
  const extra = addedRuleModules();
  return extra.length ? [...RULE_MODULES, ...extra] : RULE_MODULES;
}

type Hook = NonNullable<RuleModule['hooks']>[number];
/** hooksFor's answers, valid while the added modules are unchanged (every segment entry and exit asks). */
const hookCache = { version: -1, byKey: new Map<string, readonly Hook[]>() };

function hooksFor(segmentId: string, kind: 'onEnter' | 'onExit' | 'onResume'): readonly Hook[] {
  const version = addedRuleModulesVersion();
  if (hookCache.version !== version) { hookCache.version = version; hookCache.byKey.clear(); }
  const key = `${kind}:${segmentId}`;
  let hooks = hookCache.byKey.get(key);
  if (!hooks) {
    hooks = allModules().flatMap((m) => (m.hooks ?? []).filter((h) => (h.segment === segmentId || h.segment === '*') && h[kind]));
    hookCache.byKey.set(key, hooks);
  }
  return hooks;
}

/** Custom guards (AW 42.0 "until the beaches are cleared"): the first module that registers the name decides. */
function guardEnv(d: Draft<GameState> | GameState, bundle: ScenarioBundle): GuardEnv {
  const state = d as GameState;
  let time: GameTime | undefined;
  return {
    seq: bundle.sequence,
    // Asked only by a time guard (AM, night, from a date…): most segments have none.
    get time() { return (time ??= gameTime(bundle.scenario, bundle.sequence, state.pos.turn)); },
    phasing: state.pos.part ? null : phasingSide(bundle.scenario, state.pos),
    custom: (name) => {
      for (const m of allModules()) { const g = m.guards?.[name]; if (g) return g(state, bundle); }
      return undefined;
    },
  };
}

/** Every step and custom guard the sequence names must exist, or the game would stop mid-turn on a typo. */
function checkSequence(bundle: ScenarioBundle): void {
  const seq = bundle.sequence;
  const steps = new Set(allModules().flatMap((m) => Object.keys(m.steps ?? {})));
  for (const { segment } of allSegments(seq)) {
    for (const st of segment.modelled ? segment.steps : []) {
      if (!steps.has(st)) throw new Error(`sequence ${seq.id}: segment ${segment.id} names step "${st}", which no rule module registers`);
    }
  }
  const guards = new Set(allModules().flatMap((m) => Object.keys(m.guards ?? {})));
  for (const g of guardNames(seq)) {
    if (!guards.has(g) && !seq.guards[g]) throw new Error(`sequence ${seq.id}: guard "${g}" is neither registered by a rule module nor declared in the file`);
  }
}

type Boundary = keyof SequenceSubscriptions;

/** Runs the modules subscribed to a turn, day or stage boundary. */
function boundary(kind: Boundary, d: Draft<GameState>, ctx: RuleContext, extra?: { stage: string; run: number }): GameEvent[] {
  const t = gameTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  const info: BoundaryInfo = { turn: t.turn, date: t.date, time: t.time, day: t.day, ...extra };
  const events: GameEvent[] = [];
  for (const m of allModules()) { const f = m.on?.[kind]; if (f) events.push(...f(d, ctx, info)); }
  return events;
}

/** A game turn begins: its event, the day's when it is the first GT of a game day (or of the game), and their subscribers. */
function startTurn(d: Draft<GameState>, ctx: RuleContext, events: GameEvent[]): void {
  const t = gameTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  events.push({ type: 'turnStarted', turn: d.pos.turn, date: t.date, time: t.time });
  const newDay = t.time === ctx.bundle.sequence.timesOfDay[0] || d.pos.turn === 0;
  if (newDay) events.push({ type: 'dayStarted', day: t.day, date: t.date });
  events.push(...boundary('turnStart', d, ctx));
  if (newDay) events.push(...boundary('dayStart', d, ctx));
}

/** Creates the initial state: units placed per the scenario setup, sequence at its first segment. */
export function newGame(bundle: ScenarioBundle, options: NewGameOptions): { state: GameState; events: GameEvent[] } {
  registerBundle(bundle);
  const { scenario, sequence } = bundle;
  checkSequence(bundle);
  const length = scenario.lengths.find((l) => l.id === options.length) ?? scenario.lengths[0];
  if (options.length && length.id !== options.length) throw new Error(`scenario ${scenario.id} has no length "${options.length}"`);
  const placed: UnitState[] = [];
  const fieldworks: Record<string, string> = {};
  for (const s of scenario.setup) {
    const def = bundle.units.get(s.unit);
    if (!def) throw new Error(`setup names unknown unit "${s.unit}"`);
    const r = tryParseHexRef(s.hex);
    if ('error' in r) throw new Error(`setup of ${s.unit}: ${r.error}`);
    placed.push({ id: s.unit, side: def.side, hex: r.hex, stepsLost: s.stepsLost, mpSpent: 0, markers: [] });
    if (s.fieldworks) fieldworks[r.hex] = s.fieldworks;
  }
  let state: GameState = {
    v: 2,
    scenario: scenario.id,
    dataHash: bundle.dataHash,
    seed: options.seed,
    length: length.id,
    n: 0,
    pos: firstPos(sequence, 0),
    lastTurn: turnCount(scenario, sequence, length.end) - 1,
    units: unitTable(placed),
    fieldworks,
    barrier: 0,
    over: null,
    players: options.players ?? {},
  };
  const dice = new Dice(options.seed, -1);
  const events: GameEvent[] = [];
  dice.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
  state = produceFrozen(state, (d) => {
    const ctx: RuleContext = { bundle, dice, side: null };
    startTurn(d, ctx, events);
    for (const m of allModules()) if (m.onNewGame) events.push(...m.onNewGame(d, ctx));
    // A decision at game start (AW 32.11.0 setup breakdowns) comes before the first segment and its automatic steps.
    if (d.pending) d.beforePlay = true;
    else events.push(...enterSegment(d, ctx));
  });
  dice.retire();
  return { state, events };
}

function segmentEvent(bundle: ScenarioBundle, pos: SeqPos): GameEvent {
  const { segment } = segmentAt(bundle.sequence, pos);
  return { type: 'segmentStarted', pos: { ...pos }, label: posLabel(bundle.scenario, bundle.sequence, pos), actor: actorAt(bundle.scenario, bundle.sequence, pos), case: segment.case };
}

/**
 * At the first segment of a stage: whether the stage runs before this GT (AW 3.2.2–3.2.3). A
 * `once` stage runs before the first GT whose guards hold; a looping stage before every such GT
 * until its `until` guard holds at the start of one (a scenario that starts after the condition
 * holds never runs it).
 */
function stageRuns(d: Draft<GameState>, ctx: RuleContext, events: GameEvent[]): boolean {
  const seq = ctx.bundle.sequence;
  const st = stageAt(seq, d.pos)!;
  const rec = d.stages?.[st.id];
  if (rec?.done) return false;
  const env = guardEnv(d, ctx.bundle);
  if (!st.when.every((g) => evalGuard(g, env))) return false;
  if (st.runs !== 'once' && evalGuard(st.runs.until, env)) {
    if (!d.stages) d.stages = {};
    d.stages[st.id] = { runs: rec?.runs ?? 0, done: true };
    events.push({ type: 'stageOver', stage: st.id, name: st.name, guard: guardText(st.runs.until, seq), runs: rec?.runs ?? 0, case: st.case });
    return false;
  }
  return true;
}

/**
 * Enters the segment at draft.pos and runs on until a side must act: starts stages, skips segments
 * whose guards fail (a `segmentSkipped` event each), passes segments whose rules are not built yet
 * (`notModelled`), runs hooks and steps, and passes automatic segments.
 */
function enterSegment(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { scenario, sequence } = ctx.bundle;
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 10000; guard++) {
    if (d.pos.part === 'stage' && d.pos.phase === 0 && d.pos.segment === 0 && !d.pos.actorStep) {
      const st = stageAt(sequence, d.pos)!;
      if (!stageRuns(d, ctx, events)) {
        d.pos = nextPart(sequence, d.pos)!;
        continue;
      }
      if (!d.stages) d.stages = {};
      const rec = (d.stages[st.id] ??= { runs: 0 });
      rec.runs += 1;
      events.push({ type: 'stageStarted', stage: st.id, name: st.name, run: rec.runs, case: st.case });
      events.push(...boundary('stageStart', d, ctx, { stage: st.id, run: rec.runs }));
    }
    const skip = skipReason(sequence, d.pos, guardEnv(d, ctx.bundle));
    if (skip) {
      // A skipped segment (AW 31.6: no Exploitation at Night) is never entered and runs no hooks:
      // an end-of-segment check there would demand actions no legal action can give.
      events.push({ type: 'segmentSkipped', pos: { ...d.pos }, label: posLabel(scenario, sequence, d.pos), guard: skip.guard, case: skip.case });
      if (!leave(d, ctx, events, false)) return events;
      continue;
    }
    const seg = segmentAt(sequence, d.pos).segment;
    events.push(segmentEvent(ctx.bundle, d.pos));
    if (!seg.modelled) {
      events.push({ type: 'notModelled', segment: seg.id, text: `not modelled yet: ${seg.case}`, case: seg.case });
      if (!leave(d, ctx, events, false)) return events;
      continue;
    }
    for (const h of hooksFor(seg.id, 'onEnter')) events.push(...h.onEnter!(d, ctx));
    for (const name of seg.steps) {
      for (const m of allModules()) { const f = m.steps?.[name]; if (f) { events.push(...f(d, ctx)); break; } }
    }
    if (d.over || actorAt(scenario, sequence, d.pos) !== null) return events;
    // An automatic segment that waits for the decision its hooks opened (the decision's answer goes on, applyNormalised).
    if (d.pending && seg.waitsForDecisions) return events;
    if (!leave(d, ctx, events, true)) return events;
  }
  throw new Error('sequence of play did not reach a player segment');
}

/**
 * Leaves the current segment (running its exit hooks when it was entered) for the next position:
 * ends the stage or the game turn when it was their last segment. Returns false when the game ended.
 */
function leave(d: Draft<GameState>, ctx: RuleContext, events: GameEvent[], entered = true): boolean {
  const { scenario, sequence } = ctx.bundle;
  const seg = segmentAt(sequence, d.pos).segment;
  if (entered) for (const h of hooksFor(seg.id, 'onExit')) events.push(...h.onExit!(d, ctx));
  const next = nextSegment(sequence, d.pos);
  if (d.pos.part === 'stage' && (!next || next.part !== 'stage' || next.stage !== d.pos.stage)) {
    const st = stageAt(sequence, d.pos)!;
    const rec = d.stages![st.id];
    if (st.runs === 'once') rec.done = true;
    events.push({ type: 'stageEnded', stage: st.id, name: st.name, run: rec.runs, case: st.case });
    events.push(...boundary('stageEnd', d, ctx, { stage: st.id, run: rec.runs }));
    // A module may end the game with the stage (a stage-alone scenario: the AW 41 night drops).
    if (d.over) return false;
  }
  if (next) {
    d.pos = next;
    return true;
  }
  // AW 3.3.7 / 31.4: the game turn (and after a Night GT the game day) ends.
  const t = gameTime(scenario, sequence, d.pos.turn);
  events.push({ type: 'turnEnded', turn: d.pos.turn, date: t.date, time: t.time, case: sequence.turnEnd.case });
  events.push(...boundary('turnEnd', d, ctx));
  if (t.time === sequence.timesOfDay[2]) {
    events.push({ type: 'dayEnded', day: t.day, date: t.date });
    events.push(...boundary('dayEnd', d, ctx));
  }
  // AW 31.4: Game Turn Indication Phase — after the last GT the game is over.
  if (d.pos.turn >= d.lastTurn) {
    d.over = { reason: `the last game turn (${d.lastTurn + 1}) has been played`, winner: null };
    for (const m of allModules()) if (m.onGameEnd) events.push(...m.onGameEnd(d, ctx));
    events.push({ type: 'gameOver', reason: d.over.reason, winner: d.over.winner });
    return false;
  }
  d.pos = firstPos(sequence, d.pos.turn + 1);
  startTurn(d, ctx, events);
  return true;
}

/**
 * The dispatcher's segment check (docs/engine.md "Sequence of play"): an action outside a pending
 * decision must be one the current segment admits, or one admitted anywhere.
 */
function outsideSegment(bundle: ScenarioBundle, pos: SeqPos, type: string): Rejection {
  const seq = bundle.sequence;
  const here = segmentAt(seq, pos).segment;
  const what = actionName(seq, type);
  const cap = what.charAt(0).toUpperCase() + what.slice(1);
  const where = segmentsAdmitting(seq, type);
  if (!where.length) return { code: 'no-decision', message: `${cap}: not an action of the ${here.name}, and no decision it answers is waiting`, case: here.case };
  const names = where.map((s) => s.name).join(' or the ');
  return { code: 'wrong-segment', message: `${cap}: only in the ${names}, not in the ${here.name}`, case: where.map((s) => s.case).join('; ') };
}

/** The side expected to act now, or null when the game is over. */
export function sideToAct(state: GameState): Side | null {
  if (state.over) return null;
  if (state.pending) return state.pending.side;
  const b = bundleOf(state);
  return actorAt(b.scenario, b.sequence, state.pos);
}

/**
 * Every legal action for `side` now. Empty when it is not that side's segment. `want` narrows it to some
 * action types (the panels skip map moves: every destination of every unit, ~1 s at campaign scale).
 */
export function legalActions(state: GameState, side: Side, want?: (type: string) => boolean): Action[] {
  if (sideToAct(state) !== side) return [];
  const bundle = bundleOf(state);
  // A pending decision (GameState.pending) admits only its own action types, and no endSegment.
  // Otherwise the segment's own action types (the same check apply's dispatcher makes).
  const only = state.pending?.accepts;
  const admits = only ? null : admitted(bundle.sequence, state.pos);
  // endSegment only when apply accepts it (overstacked, must attack, must leave… refuse it: endSegmentRefusal says why).
  const out: Action[] = only || (want && !want('endSegment')) || endSegmentRefusal(state) ? [] : [{ type: 'endSegment' }];
  // One push per action: spreading a campaign's ~100,000 moves as arguments overflows the stack.
  for (const h of HANDLERS.values()) if (h.legal && (only ? only.includes(h.type) : admits!.has(h.type)) && (!want || want(h.type))) for (const a of h.legal(state, side, bundle)) out.push(a);
  return out;
}

const END_SEGMENT: Action = { type: 'endSegment' };
/**
 * apply(state, endSegment), computed once per state: legalActions and the UI's reason keep it, and the
 * action itself uses the kept one (all are pure of the state). `apply` does not keep its own (`keep`
 * false): nothing asks a state that has a successor again, and a kept trial held its events and the
 * successor for as long as the state lived (issue 17).
 */
const endTrials = new BoxedCache<GameState, ApplyResult>('endTrial');
function tryEndSegment(state: GameState, keep = true): ApplyResult {
  let r = endTrials.get(state);
  if (!r) { r = applyNormalised(state, END_SEGMENT); if (keep) endTrials.set(state, r); }
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
 * without computing the others (the random-play property test asks one type at a time).
 */
export function legalActionsOf(state: GameState, side: Side, types: readonly string[]): Action[] {
  // legalActions itself, asked for these types: the segment's admission check is the same (a handler's
  // `legal` may leave it to the dispatcher, as the airborne ones do).
  return legalActions(state, side, (t) => types.includes(t));
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
  // is applied, recorded (ApplyResult.action) and what the PBEM dice derive from. The commonest actions,
  // already in that spelling, are taken as they are (actions/asSpelled.ts).
  const norm = normaliseAction(raw);
  if (!norm.ok) return { ok: false, state, events: [], error: norm.error };
  return norm.action.type === 'endSegment' ? tryEndSegment(state, false) : applyNormalised(state, norm.action);
}

/** apply() of an action already normalised. */
function applyNormalised(state: GameState, action: Action): ApplyResult {
  // A state from a structured clone or JSON (the opponent's worker) holds a plain object for its unit
  // table: made a table again here, before immer sees it (unitTable.ts `Table`).
  if (!isTable(state.units)) state = { ...state, units: asTable(state.units) };
  if (!hasBundle(state.scenario)) return rejected(state, 'no-scenario', `scenario "${state.scenario}" is not loaded`);
  if (state.over) return rejected(state, 'game-over', `the game is over: ${state.over.reason}`);
  const bundle = bundleOf(state);
  const side = sideToAct(state);
  // Seeded dice count the actions of play from 0 (`playFrom`): a game-start setup, which rolls no dice,
  // does not shift the rolls of the game that follows it.
  const dice = new Dice(diceSeed(state, action), state.n - (state.playFrom ?? 0));
  // Not `state` itself in the closures below: they share one scope, which the dice's roll callback holds (Dice.retire).
  const seed = state.seed;
  const ctx: RuleContext = { bundle, dice, side };
  const events: GameEvent[] = [];
  dice.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
  const handler = action.type === 'endSegment' ? null : HANDLERS.get(action.type);
  if (action.type !== 'endSegment' && !handler) return rejected(state, 'unknown-action', `no rule handles the action type "${action.type}"`);
  if (state.pending && !state.pending.accepts.includes(action.type) && !handler?.outsideDecisions) {
    return rejected(state, 'decision-pending', `waiting for the ${state.pending.side} player: ${state.pending.prompt}`, state.pending.case);
  }
  // The segment, not each handler, decides which actions it admits (a pending decision admits its own).
  if (handler && !state.pending && !handler.outsideDecisions && !admitted(bundle.sequence, state.pos).has(action.type)) {
    return { ok: false, state, events: [], error: outsideSegment(bundle, state.pos, action.type) };
  }
  let next: GameState;
  let preRolls = 0;
  let barrier = false;
  try {
    next = produceFrozen(state, (d) => {
      if (handler) {
        events.push(...handler.apply(d, action, ctx));
        // The decision an automatic segment waited for is closed: the sequence goes on (Segment.waitsForDecisions).
        // Asked only when this action closed a decision, not on every move of a replay.
        const seg = state.pending && !d.pending && !d.over && !d.beforePlay ? segmentAt(bundle.sequence, d.pos).segment : null;
        if (seg?.waitsForDecisions && actorAt(bundle.scenario, bundle.sequence, d.pos) === null) {
          for (const h of hooksFor(seg.id, 'onResume')) if (!d.pending) events.push(...h.onResume!(d, ctx));
          if (!d.pending && leave(d, ctx, events)) events.push(...enterSegment(d, ctx));
        }
      } else if (firstOfBoth(bundle.sequence, d.pos)) {
        // A segment both sides play in turn: the first side's endSegment hands over to the second.
        d.pos.actorStep = 1;
        events.push(segmentEvent(bundle, d.pos));
      } else if (leave(d, ctx, events)) events.push(...enterSegment(d, ctx));
      if (d.beforePlay && !d.pending) {
        // The pre-game steps (the AW 32.2.2 carpet bombing) roll the game's pre-game dice, as newGame does
        // when there is no setup: their results do not depend on the setup actions, and they are no
        // player's rolls (PBEM dice protocols cover only the players' own actions).
        const pre = new Dice(seed, -1);
        pre.onRoll = (roll) => events.push({ type: 'dieRolled', roll });
        // Hooks of this first entry still see `beforePlay` (e.g. the carpet bombing "prior to" the first GT).
        events.push(...enterSegment(d, { ...ctx, dice: pre }));
        preRolls = pre.rolls.length;
        pre.retire();
        delete d.beforePlay;
        d.playFrom = d.n + 1;
      }
      d.n += 1;
      // Undo stops at new information: a die roll, or the other side taking over (DEVELOPERS.md). Set in
      // this same draft, not a second produce: half the actions of a replay roll dice.
      if (dice.rolls.length > 0 || preRolls > 0 || sideToAct(d as GameState) !== side || events.some((e) => e.type === 'revealed')) {
        barrier = true;
        d.barrier = d.n;
      }
    });
  } catch (e) {
    dice.retire();
    if (e instanceof RuleViolation) return { ok: false, state, events: [], error: e.rejection };
    return rejected(state, 'internal', `the engine failed on this action: ${e instanceof Error ? e.message : String(e)}`);
  }
  dice.retire();
  // Tests and dev builds: an action that breaks an engine invariant is an engine bug, refused so the game stays at its last good state.
  if (invariantChecksOn()) {
    const bad = newProblems(state, next);
    if (bad.length) return rejected(state, 'internal', `the engine failed on this action: it would break ${bad.length === 1 ? 'an invariant' : `${bad.length} invariants`}: ${bad.slice(0, 3).join('; ')}`);
  }
  // Per-state caches that can derive this state's value from the previous one's (rules/lineage.ts).
  noteSuccessor(state, next);
  carryIndex(state, next);
  return { ok: true, state: next, events, barrier, rolls: dice.rolls, action };
}

/** The dice's seed: the game's, or with a PBEM dice key the material `diceMaterial` makes at the first roll (a scope of its own, see applyNormalised). */
function diceSeed(state: GameState, action: Action): string | (() => string) {
  return state.diceKey ? () => diceMaterial(state, action) : state.seed;
}

/**
 * PBEM dice (src/save/dice.ts): a roll is bound to the key, the state and the action's content, so
 * reloading repeats it and reordering actions cannot steer a known roll to a chosen combat. `action`
 * is the normalised action (issue 15): respelling a decision cannot re-roll it.
 */
function diceMaterial(state: GameState, action: Action): string {
  return `${state.diceKey}|${stateHash(state)}|${canonicalJson(action)}`;
}

/**
 * What `side` may see (docs/engine.md "Hidden information"): no seed, the other side's units in
 * owner-only boxes as anonymous counters, sealed facts as commitments (rules/hidden.ts `redact`).
 */
export function view(state: GameState, side: Side): StateView & { viewer: Side; label: string; actor: Side | null; phasing: Side; part: string } {
  const b = bundleOf(state);
  return { ...redact(state, side, b), viewer: side, label: posLabel(b.scenario, b.sequence, state.pos), actor: sideToAct(state), phasing: phasingSide(b.scenario, state.pos), part: partLabel(b.scenario, b.sequence, state.pos) };
}

/**
 * SHA-256 of the canonical JSON of the state: equal logs give equal hashes. The units are hashed as
 * the flat record `{ id: unit }` (unitTable.ts), so the chunks are not part of the hash.
 */
export function stateHash(state: GameState): string {
  return sha256Hex(canonicalJson(state, { from: state.units, json: () => flatUnitsJson(state.units) }));
}

/** Re-runs a log from its scenario. Stops at the first rejected action and says which. */
export function replay(log: GameLog): { ok: true; state: GameState; events: GameEvent[] } | { ok: false; index: number; error: string; state: GameState } {
  const bundle = bundleById(log.scenario);
  if (!bundle) throw new Error(`scenario "${log.scenario}" is not loaded`);
  if (log.dataHash && log.dataHash !== bundle.dataHash) {
    // Player text: no hashes (the save layer names versions and migrates older hotseat saves, src/save).
    throw new Error(`this game was recorded with another version of the rules data for scenario "${bundle.scenario.name ?? log.scenario}"`);
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
