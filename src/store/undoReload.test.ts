/** Issue 16 item 11: undo history survives a reload (the store rebuilds it from the save's own entries). */
import { describe, expect, it } from 'vitest';
import { stateHash, type Action } from '../engine';
import { appendAction, loadSave, saveToText, undoStackOf, timeline } from '../save';
import { must, newTestGame } from '../save/testkit';
import { useGame } from './game';

const END: Action = { type: 'endSegment' };

describe('undo across a reload', { timeout: 60_000 }, () => {
  it('a hotseat game reopened from its file undoes its last moves one by one, to the very saves it had before each', () => {
    // Demo: Construction → Movement Segment, then two moves (no dice, same side: no information barrier).
    const g0 = must(appendAction(newTestGame(), END));
    const g1 = must(appendAction(g0, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }));
    const g2 = must(appendAction(g1, { type: 'move', unit: 'demo-kosb', path: ['C4721'] }));
    const loaded = loadSave(saveToText(g2.save));
    if (!loaded.ok) throw new Error(loaded.error);
    const stack = undoStackOf(loaded.game, timeline(loaded.game.save));
    expect(stack.length).toBeGreaterThanOrEqual(2);
    expect(saveToText(stack.at(-1)!.save)).toBe(saveToText(g1.save));
    expect(stack.at(-1)!.hash).toBe(g1.hash);
    expect(saveToText(stack.at(-2)!.save)).toBe(saveToText(g0.save));

    const store = useGame.getState();
    store.openSaved(loaded.game);
    expect(useGame.getState().canUndo()).toBe(true);
    useGame.getState().undo();
    expect(stateHash(useGame.getState().state!)).toBe(stateHash(g1.state));
    expect(useGame.getState().log!.actions).toHaveLength(2);
    useGame.getState().undo();
    expect(stateHash(useGame.getState().state!)).toBe(stateHash(g0.state));
    // Play goes on from the undone position, recorded on the reopened save's chain.
    expect(useGame.getState().dispatch({ type: 'move', unit: 'demo-kosb', path: ['C4720'] })).toBe(true);
    expect(saveToText(useGame.getState().saved!.save)).toBe(saveToText(g1.save));
    useGame.getState().leave();
  });

  it('a game reopened for replay, or a play-by-e-mail game, starts with no undo', () => {
    const g = must(appendAction(must(appendAction(newTestGame(), END)), { type: 'move', unit: 'demo-kosb', path: ['C4720'] }));
    const loaded = loadSave(saveToText(g.save));
    if (!loaded.ok) throw new Error(loaded.error);
    useGame.getState().openSaved(loaded.game, { replayFrom: 0 });
    expect(useGame.getState().canUndo()).toBe(false);
    useGame.getState().leave();
    const p = newTestGame('fast');
    expect(undoStackOf(p, timeline(p.save))).toEqual([]);
  });
});
