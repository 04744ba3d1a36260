import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, shotPath, startHarness, type Harness } from './browser';

// Issue 3: the six-sheet Normandy map renders; screenshots of the whole map and of Caen.
let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness('dist-e2e-map');
  page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => { await h?.close(); });

describe('Normandy map in Chromium', () => {
  it('browses the whole six-sheet map; the canvas is not blank', async () => {
    await page.goto(h.url);
    const browse = page.getByTestId('browse-normandy');
    expect(await browse.count()).toBe(1);
    await browse.click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    const png = await page.screenshot({ path: shotPath('map-normandy') });
    expect(await distinctColours(page, png)).toBeGreaterThan(6);
    expect(await page.getByTestId('attribution').textContent()).not.toBe('');
  });
  it('a close-up of Caen shows the city and its rules ID under the cursor', async () => {
    await page.evaluate(() => window.__map!.centerOn('C4522', 1.6));
    const p = await page.evaluate(() => window.__map!.screenOf('C4522'));
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('inspector-hex').textContent()).toBe('C4522');
    expect(await page.getByTestId('inspector').textContent()).toContain('city');
    const png = await page.screenshot({ path: shotPath('map-caen') });
    expect(await distinctColours(page, png)).toBeGreaterThan(6);
  });
});
