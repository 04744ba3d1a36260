/**
 * Issue 15: an exception while React draws shows the recovery screen (export the game, open the last
 * good state, report) instead of a blank page. React's server renderer does not run error boundaries,
 * so the test drives the boundary as React does: the child throws, getDerivedStateFromError gives the
 * boundary's state, and its render (drawn with react-dom/server) is the recovery screen.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorBoundary, errorReport, lastGoodGame, withoutLastEntry } from './ErrorBoundary';
import { useGame } from '../store/game';
import { generatedGame } from '../save/testkit';

function Broken(): ReactElement {
  throw new Error('units[x] is undefined');
}

describe('error boundary (issue 15)', () => {
  it('an exception in a child renders the recovery screen with export, last good state and report, not a blank page', () => {
    const child = createElement(Broken);
    expect(() => renderToStaticMarkup(child)).toThrow('units[x] is undefined'); // without the boundary: nothing to show
    const game = generatedGame(40, 2, 'short');
    useGame.setState({ saved: game });
    const b = new ErrorBoundary({ children: child });
    let thrown: unknown;
    try { renderToStaticMarkup(b.render() as ReactElement); } catch (e) { thrown = e; }
    b.state = { ...b.state, ...ErrorBoundary.getDerivedStateFromError(thrown) };
    const html = renderToStaticMarkup(b.render() as ReactElement);
    expect(html).toContain('data-testid="recovery"');
    expect(html).toContain('Something went wrong drawing the screen');
    for (const id of ['recovery-export', 'recovery-last-good', 'recovery-menu', 'recovery-report']) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain('Error: units[x] is undefined');
    expect(html).not.toContain('disabled=""'); // a game is open: export and last good state are offered
    useGame.setState({ saved: null });
  });

  it('the last good state is the save one entry shorter, verified again; the report names the game without its seed', () => {
    const game = generatedGame(40, 2, 'short');
    const back = lastGoodGame(game)!;
    expect(back).not.toBeNull();
    expect(back.save.entries).toHaveLength(game.save.entries.length - 1);
    expect(back.save.head).toBe(game.save.entries.at(-1)!.prev);
    expect(back.state.n).toBeLessThanOrEqual(game.state.n);
    const twice = lastGoodGame(back)!;
    expect(twice.save.entries).toHaveLength(game.save.entries.length - 2);
    expect(withoutLastEntry({ ...game.save, entries: [] })).toBeNull();
    const report = errorReport(new Error('boom'), '\n    at Tracker', game);
    expect(report).toContain('boom');
    expect(report).toContain(`${game.save.header.scenario}, ${game.save.entries.length} entries`);
    expect(report).not.toContain(game.save.header.seed);
  });
});
