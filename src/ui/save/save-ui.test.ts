/** Server-side render of the save UI pieces (no DOM needed): they render what the player must see. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChangesSummary, ReplayBar, TurnStatusBanner } from '.';
import { appendAction, appendAnchor, appendCommit, importTurn, newChain, saveToText, timeline } from '../../save';
import { fakeRandom, generatedGame, must, newTestGame } from '../../save/testkit';

describe('save UI', () => {
  it('the VCR bar shows its controls, the step count and phase bookmarks', () => {
    const g = generatedGame(120, 3, 'short');
    const html = renderToStaticMarkup(createElement(ReplayBar, { save: g.save, start: 5, onStep: () => {} }));
    for (const id of ['vcr-first', 'vcr-prev', 'vcr-play', 'vcr-next', 'vcr-last']) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain(`5 / ${g.save.entries.length}`);
    expect(html).toMatch(/Combat Phase/);
  });
  it('the summary lists moves and dice since my last turn', () => {
    const g = generatedGame(120, 3, 'short');
    const html = renderToStaticMarkup(createElement(ChangesSummary, { save: g.save, from: 10, timeline: timeline(g.save) }));
    expect(html).toContain('Since your last turn');
    expect(html).toMatch(/Dice/);
  });
  it('the status banner says when a file waits for the opponent\'s reveal, and what the dice mode promises', () => {
    const A = newChain(4, fakeRandom('a')); const B = newChain(4, fakeRandom('b'));
    let g = newTestGame('strict', 'short', 'ui', { side: 'allied', chain: A });
    g = must(appendAnchor(must(importTurn(null, saveToText(g.save), 'german')), 'german', B));
    g = must(appendAction(g, { type: 'endSegment' }));
    g = must(appendCommit(g, [{ type: 'roll', dice: '1d10', purpose: 'x' }], fakeRandom('s')));
    const html = renderToStaticMarkup(createElement(TurnStatusBanner, { game: g, me: 'allied' }));
    expect(html).toMatch(/Waiting for Rommel \(German\)&#x27;s reveal/);
    expect(html).toMatch(/Strict PBEM/);
    expect(renderToStaticMarkup(createElement(TurnStatusBanner, { game: newTestGame(), me: 'allied' }))).toMatch(/Hotseat: dice come from a local random seed/);
  });
});
