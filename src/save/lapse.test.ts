/**
 * Issue 15 hole 4, the after-dice case: a strict commitment whose next action the dice make
 * unplayable. The demo scenario: the Allies commit to a ground assault and to ending the segment;
 * the assault's dice leave the attacker a GOSS 13.10.4 hit option to answer, so "end the segment"
 * cannot be played. The commitment lapses there (it does not block the game): the Allied player
 * answers the decision and plays on, and the German's browser accepts the file.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type Action } from '../engine';
import { refusal } from '../store/pbem';
import { appendAction, appendCommit, appendReveal, resolveCommitted } from './build';
import { saveToText } from './codec';
import { turnStatus } from './pbem';
import { fakeRandom, joinTest, must, newTestGame, testChain } from './testkit';
import { loadSave, type SavedGame } from './verify';
import { segmentAt } from '../engine/sequence';
import { bundleOf } from '../engine';

const END: Action = { type: 'endSegment' };
const seg = (g: SavedGame) => segmentAt(bundleOf(g.state).sequence, g.state.pos).segment.id;
const play = (g: SavedGame, a: Action) => must(appendAction(g, a));

describe('a strict commitment the dice make unplayable lapses instead of blocking the game (issue 15 hole 4)', { timeout: 60_000 }, () => {
  it('commit [assault, endSegment]; after the dice a hit option is pending: the assault is played, the rest lapses, the Allies answer and play on', () => {
    let g = joinTest(newTestGame('strict', 'short', 'lapse'), 'german', 'lapse');
    while (seg(g) !== 'move') g = play(g, END);
    g = play(g, { type: 'move', unit: 'demo-gds-1', path: ['C5020', 'C5021', 'C5022', 'C4922', 'C4923'] } as Action);
    g = play(g, { type: 'move', unit: 'demo-3rgr', path: ['C5020', 'C4920', 'C4921', 'C4922', 'C4923'] } as Action);
    while (seg(g) !== 'attackDesignation') g = play(g, END);
    for (const d of legalActions(g.state, 'allied').filter((a) => a.type === 'designate')) g = play(g, d);
    while (seg(g) !== 'groundAssault') g = play(g, END);
    const assault = legalActions(g.state, 'allied').find((a) => a.type === 'assault')!;
    expect(assault).toBeDefined();
    const before = g;
    // The commitment is playable when made: the assault is legal (endSegment after it depends on the dice).
    g = must(appendCommit(g, [assault, END], fakeRandom('lapse-salt')));
    g = must(appendReveal(g, 'german', testChain('lapse-german')));
    expect(turnStatus(g, 'allied').kind).toBe('resolve');
    const r = resolveCommitted(g, 'allied');
    expect(r).toMatchObject({ ok: true, lapsed: 1 });
    if (!r.ok) return;
    g = r.game;
    expect(g.save.entries.at(-1)).toMatchObject({ by: 'allied', kind: 'action', action: { type: 'assault' } });
    expect(g.state.pending).toMatchObject({ side: 'allied', kind: 'gaOption', case: 'GOSS 13.10.4' });
    // Not blocked: the status no longer asks to resolve, the app lets the Allied player act.
    expect(turnStatus(g, 'allied').kind).toBe('your-turn');
    expect(refusal(g, 'allied')).toBeNull();
    // The hit option rolls (a PRC): the Allies commit to it — the lapsed rest does not stand in the way — and the German reveals.
    const hold = { type: 'gaOption', option: 'hold' } as Action;
    expect(appendAction(g, hold)).toMatchObject({ ok: false, code: 'dice' });
    g = must(appendCommit(g, [hold], fakeRandom('lapse-salt-2')));
    expect(g.track.queue.allied ?? []).toEqual([]);
    g = must(appendReveal(g, 'german', testChain('lapse-german')));
    g = must(resolveCommitted(g, 'allied'));
    expect(g.save.entries.at(-1)).toMatchObject({ by: 'allied', kind: 'action', action: hold });
    // The whole file verifies from scratch (both browsers' loader).
    expect(loadSave(saveToText(g.save)).ok).toBe(true);
    void before;
  });
});
