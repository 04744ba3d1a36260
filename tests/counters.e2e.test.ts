import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctColours, shotPath, startHarness, type Harness } from './browser';

// Issue 4: the counter sheet of scenario 1, screenshotted; counter art on the map.
let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-counters'); });
afterAll(async () => { await h?.close(); });

describe('counter sheet in Chromium', () => {
  it('opens the Goodwood counter sheet, filters by side, and shows a counter inspector', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(h.url);
    await page.getByTestId('sheet-goodwood').click();
    await page.getByTestId('counter-sheet').waitFor();
    expect(await page.getByTestId('counter-sheet').textContent()).toContain('counters');
    const png = await page.screenshot({ path: shotPath('counter-sheet-goodwood') });
    expect(await distinctColours(page, png)).toBeGreaterThan(10);
    await page.getByTestId('sheet-side').selectOption('german');
    const first = page.locator('[data-testid=counter-sheet] button[aria-pressed]').first();
    await first.click();
    await page.getByTestId('counter-inspector').waitFor();
    expect(await page.getByTestId('counter-inspector').textContent()).toMatch(/seed:004|reconstructed/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
