/** Issue 17: the game log renders the latest entries only; a campaign-length log is not laid out whole after every action. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { GameEvent } from '../../engine';
import { LOG_PAGE, LogEntries } from './GameLog';

describe('the game log at campaign length', () => {
  it(`shows the latest ${LOG_PAGE} entries and a button for the earlier ones; a short log whole`, () => {
    const n = 2_500;
    const entries = Array.from({ length: n }, (_, k) => ({ action: k, event: { type: 'segmentSkipped', label: `n${k}.` } as unknown as GameEvent }));
    const render = (list: typeof entries, shown: number) => renderToStaticMarkup(createElement(LogEntries, {
      entries: list, shown, words: (e) => (e as unknown as { label: string }).label, picked: null, onEarlier: () => {}, onPick: () => {},
    }));
    const html = render(entries, LOG_PAGE);
    expect(html.match(/<li/g)).toHaveLength(LOG_PAGE);
    expect(html).toContain(`start="${n - LOG_PAGE + 1}"`);
    expect(html).toContain(`Show earlier entries (${(n - LOG_PAGE).toLocaleString('en')} not shown)`);
    expect(html).toContain(`>n${n - 1}.<`);
    expect(html).toContain(`>n${n - LOG_PAGE}.<`);
    expect(html).not.toContain(`>n${n - LOG_PAGE - 1}.<`);
    // After "Show earlier" twice: all of them, no button.
    const all = render(entries, 3 * LOG_PAGE);
    expect(all.match(/<li/g)).toHaveLength(n);
    expect(all).not.toContain('Show earlier');
    const short = render(entries.slice(0, 10), LOG_PAGE);
    expect(short.match(/<li/g)).toHaveLength(10);
    expect(short).not.toContain('Show earlier');
  });
});
