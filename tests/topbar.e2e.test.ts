/**
 * Issue 16 item 11: the top bar shows the scenario's whole name at any window width (it wrapped
 * nowhere and was cut with an ellipsis in the 340 px sidebar), on a line of its own, broken between
 * words only (squeezed beside the buttons it read "Oper / ation Good / wood"), and nothing in the bar overflows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './browser';

let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-topbar'); });
afterAll(async () => { await h?.close(); });

describe('top bar title', () => {
  for (const vp of [{ width: 1600, height: 1000 }, { width: 900, height: 700 }, { width: 700, height: 600 }]) {
    it(`${vp.width}×${vp.height}: "The Battle for Cherbourg (Scenario 3)" is shown whole, not cut, and the bar does not overflow`, async () => {
      const page = await h.browser.newPage({ viewport: vp });
      try {
        await page.goto(h.url);
        await page.getByTestId('scenario-list').waitFor();
        await page.locator('input[name=scenario][value="cherbourg"]').check();
        await page.getByTestId('start-game').click();
        const title = page.getByTestId('top-title');
        await title.waitFor();
        expect(await title.textContent()).toBe('The Battle for Cherbourg (Scenario 3)');
        const m = await page.evaluate(() => {
          const t = document.querySelector('[data-testid=top-title]') as HTMLElement;
          const nav = t.closest('nav') as HTMLElement;
          const r = t.getBoundingClientRect();
          const buttons = [...nav.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
          return {
            cut: t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1,
            overflow: nav.scrollWidth > nav.clientWidth + 1,
            overlap: buttons.some((b) => b.left < r.right - 1 && b.right > r.left + 1 && b.top < r.bottom - 1 && b.bottom > r.top + 1),
            ellipsis: getComputedStyle(t).textOverflow === 'ellipsis' && getComputedStyle(t).whiteSpace === 'nowrap',
            // A word split over two lines has two boxes ("Oper / ation" when the name was squeezed beside the buttons).
            brokenWords: (() => {
              const text = t.firstChild as Text;
              const out: string[] = [];
              for (const m of text.data.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(text, m.index);
                range.setEnd(text, m.index + m[0].length);
                if (range.getClientRects().length > 1) out.push(m[0]);
              }
              return out;
            })(),
          };
        });
        expect(m).toEqual({ cut: false, overflow: false, overlap: false, ellipsis: false, brokenWords: [] });
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
