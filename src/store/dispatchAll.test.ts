/**
 * The store plays a group of actions (a stack's move: one move per unit) as one store update and one
 * undo step (issue 17: the map laid the stack out again, and rebuilt the counters' draw list, after each
 * unit's move; the panels and the map now see the group's end state only).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sideToAct, stateHash, type Action } from '../engine';
import { movementOptions, moveTo } from '../engine/query';
import { newTestGame } from '../save/testkit';
import { useGame } from './game';
import { unitList } from '../engine/unitTable';

const st = () => useGame.getState();

/** The demo at its Movement Segment, with one move for each of two acting units. */
function twoMoves(): Action[] {
  st().openSaved(newTestGame());
  expect(st().dispatch({ type: 'endSegment' })).toBe(true);
  const s = st().state!;
  const side = sideToAct(s);
  const moves: Action[] = [];
  for (const u of unitList(s)) {
    if (u.side !== side || u.hex === null || moves.length === 2) continue;
    const o = movementOptions(s, st().bundle!, u.id);
    if (!('error' in o) && o.destinations.length) moves.push(moveTo(u.id, o.destinations[0]));
  }
  expect(moves).toHaveLength(2);
  return moves;
}

afterEach(() => st().leave());

describe('dispatchAll: a group of actions as one step', { timeout: 60_000 }, () => {
  it('AW 31 two units moved as one group: one store update, both moves in the log, one undo takes both back', () => {
    const moves = twoMoves();
    const before = st().state!;
    const n0 = st().log!.actions.length;
    let updates = 0;
    const unsub = useGame.subscribe(() => { updates++; });
    expect(st().dispatchAll(moves)).toBe(true);
    unsub();
    expect(updates).toBe(1);
    expect(st().log!.actions).toHaveLength(n0 + 2);
    expect(st().state!.n).toBe(before.n + 2);
    expect(st().error).toBeNull();
    st().undo();
    expect(stateHash(st().state!)).toBe(stateHash(before));
    expect(st().log!.actions).toHaveLength(n0);
  });

  it('a refused action stops the group: the moves before it stay played, its reason is shown, one store update', () => {
    const [first] = twoMoves();
    const before = st().state!;
    let updates = 0;
    const unsub = useGame.subscribe(() => { updates++; });
    // The same move twice: the unit is no longer where the second one starts.
    expect(st().dispatchAll([first, first])).toBe(false);
    unsub();
    expect(updates).toBe(1);
    expect(st().state!.n).toBe(before.n + 1);
    expect(st().error).toMatch(/\S/);
    st().undo();
    expect(stateHash(st().state!)).toBe(stateHash(before));
  });
});
