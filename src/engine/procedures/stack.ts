/**
 * The procedure stack (GameState.procs): nested rules procedures as frames in the state, after Rally
 * the Troops' framework.js call / end. A procedure is defined once (`defineProcedure`): a `step`
 * that advances its frame and says what comes next — go on, wait for a decision, call another
 * procedure, or end with a result — and the decisions it accepts while it waits, each with its
 * legal choices (the pattern of `states.X = {prompt, actions}`).
 *
 *   overrun ──call──▶ fireMission ──call──▶ hits ──call──▶ retreat   (waits: fsRetreat)
 *   overrun ◀─resume─ fireMission ◀─resume─ hits ◀─{path}── retreat
 *
 * `runProcedures` steps the top frame until one waits or the stack is empty. The pending decision
 * (GameState.pending: side, kind, accepts, prompt, case) is written only here, from the top frame's
 * wait, so it is always the top frame's. An answer goes to the top frame's decision of that type
 * (`decisionHandlers`), then the stack runs on. The stack is absent from the state when empty.
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, ScenarioBundle, Side } from '../types';
import { reject, type ActionHandler, type RuleContext } from '../rules/registry';
import type { Frame, ProcName } from './frames';
import { normaliseAction } from '../actions';
import { canonicalJson } from '../hash';

/** A procedure's run: the draft, the context (dice, bundle) and the events emitted so far. */
export interface Run { d: Draft<GameState>; ctx: RuleContext; events: GameEvent[] }

/** A decision a frame waits for: the pending decision while it is the top frame. */
export interface Wait { side: Side; kind: string; prompt: string; case: string }

/** What a step says comes next: go on with the (same or new) top frame, wait, call a procedure, or end with a result. */
export type Step = 'next' | { wait: Wait } | { call: Frame } | { end: unknown };

type FrameOf<N extends ProcName> = Extract<Frame, { proc: N }>;

export interface Decision<F> {
  /** The case cited when this decision is answered while none is pending, and what it is called then (default: its type). */
  case: string;
  what?: string;
  legal(frame: F, state: GameState, bundle: ScenarioBundle): Action[];
  /** Applies the answer to the frame (may reject); the stack runs on afterwards. */
  apply(frame: Draft<F>, action: Action, run: Run): void;
}

export interface ProcedureDef<N extends ProcName = ProcName> {
  name: N;
  step(frame: Draft<FrameOf<N>>, run: Run): Step;
  decisions?: Record<string, Decision<FrameOf<N>>>;
}

const PROCS = new Map<string, ProcedureDef>();

/** Registers a procedure (each rules file defines its own at load). */
export function defineProcedure<N extends ProcName>(def: ProcedureDef<N>): ProcedureDef<N> {
  PROCS.set(def.name, def as unknown as ProcedureDef);
  return def;
}

/** The top frame (the procedure now running or waiting), or null. */
export function topFrame(state: GameState): Frame | null {
  const st = state.procs;
  return st?.length ? st[st.length - 1] : null;
}

/** The nearest frame of procedure `name` from the top, or null. */
export function frameOf<N extends ProcName>(state: GameState, name: N): FrameOf<N> | null {
  const st = state.procs ?? [];
  for (let i = st.length - 1; i >= 0; i--) if (st[i].proc === name) return st[i] as FrameOf<N>;
  return null;
}

/** Pushes a frame on the stack; `runProcedures` starts it. Returns the drafted frame. */
export function pushFrame<F extends Frame>(d: Draft<GameState>, frame: F): Draft<F> {
  const st = d.procs ?? (d.procs = []);
  st.push(frame as Draft<Frame>);
  return st[st.length - 1] as Draft<F>;
}

/** Pushes a frame and runs the stack (a procedure started by an action or a hook). */
export function startProcedure(run: Run, frame: Frame): void {
  pushFrame(run.d, frame);
  runProcedures(run);
}

/**
 * Steps the top frame until one waits for a decision (then GameState.pending is its wait) or the
 * stack is empty. An ended frame's result is handed to its caller in `$`.
 */
export function runProcedures(run: Run): void {
  const d = run.d;
  for (let guard = 0; guard < 1000; guard++) {
    const st = d.procs;
    // No procedure left, so no decision of one: the stack leaves the state.
    if (!st?.length) { if (st) { delete d.procs; d.pending = null; } return; }
    const f = st[st.length - 1];
    const def = PROCS.get(f.proc);
    if (!def) throw new Error(`no procedure "${f.proc}" is defined`);
    const r = def.step(f as never, run);
    if (r === 'next') continue;
    if ('wait' in r) { d.pending = { side: r.wait.side, kind: r.wait.kind, accepts: [r.wait.kind], prompt: r.wait.prompt, case: r.wait.case }; return; }
    if ('call' in r) { delete f.$; st.push(r.call as Draft<Frame>); continue; }
    st.pop();
    if (st.length) st[st.length - 1].$ = r.end === undefined ? null : r.end as never;
  }
  throw new Error('the procedure stack did not settle');
}

/**
 * The action handlers of a procedure's decisions: each answers the top frame's pending decision of
 * its type (refused when none is pending, or by the other side), then runs the stack on.
 */
export function decisionHandlers<N extends ProcName>(def: ProcedureDef<N>): ActionHandler[] {
  return Object.entries(def.decisions ?? {}).map(([type, dec]): ActionHandler => ({
    type,
    apply(d, action, ctx) {
      const f = topFrame(d as GameState);
      if (d.pending?.kind !== type || f?.proc !== def.name) reject('not-pending', `no ${dec.what ?? `${type} decision`} is pending`, dec.case);
      if (d.pending.side !== ctx.side) reject('not-your-decision', `the ${d.pending.side} player decides`, d.pending.case);
      const run: Run = { d, ctx, events: [] };
      d.pending = null;
      dec.apply(d.procs![d.procs!.length - 1] as never, action, run);
      runProcedures(run);
      return run.events;
    },
    legal(state, side, bundle) {
      const f = topFrame(state);
      if (state.pending?.kind !== type || state.pending.side !== side || f?.proc !== def.name) return [];
      return dec.legal(f as never, state, bundle);
    },
  }));
}

/**
 * Rejects an answer that is not one of the listed legal choices (the pattern for every finite
 * decision: legal() lists them all, apply() accepts exactly those). Both are compared in their one
 * spelling (`normaliseAction`): the answer arrives normalised, its unit sets sorted, while a legal()
 * may list a set in the order it found the units (a GOSS 13.3.2 defence of two full-strength units was
 * offered and then refused).
 */
export function requireListed(legal: Action[], action: Action, kind: string, c: string): void {
  // Mostly the answer is a listed choice as it was listed; the normalised comparison only when it is not.
  const plain = canonicalJson(action);
  if (legal.some((a) => canonicalJson(a) === plain)) return;
  const key = (a: Action) => { const n = normaliseAction(a); return canonicalJson(n.ok ? n.action : a); };
  const want = key(action);
  if (!legal.some((a) => key(a) === want)) reject('illegal-choice', `that ${kind} choice is not open now; legal: ${legal.slice(0, 6).map((a) => JSON.stringify(a)).join(' ')}${legal.length > 6 ? ' …' : ''}`, c);
}
