import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctColours, shotPath, startHarness, type Harness } from './browser';

// Issue 4: the counter sheet of scenario 1, screenshotted; counter art on the map.
// Issue 18: the counter sheets of a D-Day set (the AW 38.8.2 German June 6 setup), of a Cobra set (AW 37) and of the
// D-Day split scenario 6A (AW 38.10.1).
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

  it.each([
    // D-Day (AW 38): the German June 6 placement, 195 counters; the 716th Infantry Division held the Calvados coast.
    ['dday', 'german', '716'],
    // Cobra (AW 37): 1,127 counters; the US VII Corps carried the breakthrough, the 30th Infantry Division among them.
    ['cobra', 'allied', '30ID'],
    // D-Day split, 21st Army Group (AW 38.10.1): the 12SS arrives on map C's east edge (AW 38.9.2).
    ['aw38-6a', 'german', '12SS'],
  ])('opens the %s counter sheet, shows a formation of the %s side and inspects a counter', async (id, side, formation) => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(h.url);
    await page.getByTestId(`sheet-${id}`).click();
    await page.getByTestId('counter-sheet').waitFor();
    expect(await page.getByTestId('counter-sheet').textContent()).toContain('counters');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByTestId('sheet-side').selectOption(side);
    await page.getByTestId('sheet-formation').selectOption(formation);
    const first = page.locator('[data-testid=counter-sheet] button[aria-pressed]').first();
    await first.click();
    await page.getByTestId('counter-inspector').waitFor();
    expect(await page.getByTestId('counter-inspector').textContent()).toMatch(/seed:004|reconstructed/);
    const png = await page.screenshot({ path: shotPath(`counter-sheet-${id}`) });
    expect(await distinctColours(page, png)).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
