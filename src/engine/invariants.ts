/**
 * Engine invariants (issue 15, docs/engine.md "Invariants"): facts every state reached by legal play
 * keeps, whatever the rules applied. A broken one is an engine bug. `apply` runs the check after
 * every action when `setInvariantChecks(true)` (the unit tests' setup file, dev builds of the app):
 * an action that breaks one is refused as `internal`, so the game stays at its last good state.
 */
import { frameOf } from './procedures/stack';
import { bundleById } from './bundles';
import { isHex } from './hex';
import { onMap } from './board';
import { segmentAt } from './sequence';
import { ACTION_TYPES } from './actions';
import { detachedSteps } from './rules/breakdownSteps';
import type { GameState } from './types';
import { chunkOrderProblem, unitEntries, unitOf } from './unitTable';

const KNOWN_TYPES = new Set<string>(ACTION_TYPES);
const SIDES = new Set(['allied', 'german']);

/** Every invariant `state` breaks, in words (empty when it keeps them all). */
export function invariantProblems(state: GameState): string[] {
  const out: string[] = [];
  const bundle = bundleById(state.scenario);
  if (!bundle) return [`scenario "${state.scenario}" is not loaded`];
  if (!Number.isInteger(state.n) || state.n < 0) out.push(`n is ${state.n}`);
  if (state.barrier > state.n) out.push(`barrier ${state.barrier} is after n ${state.n}`);
  try { segmentAt(bundle.sequence, state.pos); } catch { out.push(`position ${JSON.stringify(state.pos)} is not in the sequence of play`); }
  if (state.pos.turn > state.lastTurn) out.push(`turn ${state.pos.turn} is after the last turn ${state.lastTurn}`);
  // The chunks list their units in the table's order (unitTable.ts: the unit lists are read that way).
  const order = chunkOrderProblem(state.units);
  if (order) out.push(order);
  const parentOf = new Map<string, string>();
  for (const [id, u] of unitEntries(state)) {
    const def = bundle.units.get(id);
    if (u.id !== id) { out.push(`unit record "${id}" names itself "${u.id}"`); continue; }
    if (!def) { out.push(`${id} is not a counter of the scenario`); continue; }
    if (u.side !== def.side) out.push(`${id} is on the ${u.side} side, its counter is ${def.side}`);
    // Step counts: 0..steps (GOSS 4.1); a fully broken-down Bn has them all out as Coys (GOSS 18).
    if (!Number.isInteger(u.stepsLost) || u.stepsLost < 0 || u.stepsLost > def.steps.length) out.push(`${id} has stepsLost ${u.stepsLost} (0..${def.steps.length})`);
    if (!(u.mpSpent >= 0) || !Number.isFinite(u.mpSpent)) out.push(`${id} has spent ${u.mpSpent} MP`);
    // Locations: a hex of the map, or off the map (null); an eliminated unit is off the map.
    if (u.hex !== null && !(isHex(u.hex) && onMap(bundle.board, u.hex))) out.push(`${id} is in hex ${u.hex}, not a hex of the map`);
    if (u.eliminated && u.hex !== null) out.push(`${id} is eliminated yet in hex ${u.hex}`);
    // Detached Coys (GOSS 18): each in play, of the Bn's side, of one Bn only; their steps are counted in the Bn's stepsLost.
    for (const c of u.detached ?? []) {
      const coy = unitOf(state, c);
      if (!coy) out.push(`${id} lists detached Coy ${c}, which is not in play`);
      else if (coy.side !== u.side) out.push(`${id} lists detached Coy ${c} of the other side`);
      if (parentOf.has(c)) out.push(`Coy ${c} is detached from both ${parentOf.get(c)} and ${id}`);
      parentOf.set(c, id);
    }
    if (u.detached?.length && u.stepsLost < detachedSteps(state, bundle, id)) out.push(`${id} has ${u.stepsLost} step(s) lost or out but ${detachedSteps(state, bundle, id)} out as Coys`);
  }
  // Pending decisions: one side, known action types, and the procedure they answer still there.
  const p = state.pending;
  if (p) {
    if (!SIDES.has(p.side)) out.push(`pending decision for side "${p.side}"`);
    if (!p.accepts?.length) out.push(`pending ${p.kind} accepts no action`);
    for (const t of p.accepts ?? []) if (!KNOWN_TYPES.has(t)) out.push(`pending ${p.kind} accepts unknown action type "${t}"`);
    if (state.over) out.push(`the game is over with a ${p.kind} decision pending`);
    const c = state.combat;
    // The procedure a decision answers is on the stack (src/engine/procedures): its frame, not a slot.
    if (/^fs[A-Z]/.test(p.kind) && !frameOf(state, 'fireMission')) out.push(`pending ${p.kind} without a fire mission`);
    if (/^ga[A-Z]/.test(p.kind) && !frameOf(state, 'groundAssault')) out.push(`pending ${p.kind} without a ground assault`);
    if (p.kind === 'overrunFs' && !frameOf(state, 'overrun')) out.push('pending overrunFs without an overrun');
    if (p.kind === 'gi' && !c?.gi?.length) out.push('pending gi without eligible units');
  } else if (state.beforePlay) out.push('beforePlay without the decision that holds the game');
  return out;
}

let checking = false;

/** Turns the check after every `apply` on or off (tests and dev builds: on; production: off). */
export function setInvariantChecks(on: boolean): void {
  checking = on;
}

export function invariantChecksOn(): boolean {
  return checking;
}

const seen = new WeakMap<GameState, string[]>();
function cached(state: GameState): string[] {
  let p = seen.get(state);
  if (!p) { p = invariantProblems(state); seen.set(state, p); }
  return p;
}

/**
 * The invariants `next` breaks that `prev` kept: the action's fault. (A state edited by hand in a
 * test may already break one; the check blames only what an action changes.)
 */
export function newProblems(prev: GameState, next: GameState): string[] {
  const before = new Set(cached(prev));
  return cached(next).filter((x) => !before.has(x));
}
