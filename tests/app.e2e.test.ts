import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, internalText, shotPath, startHarness, type Harness } from './browser';

let h: Harness;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
});
afterAll(async () => { await h?.close(); });

describe('app shell in Chromium', () => {
  it('starts the demo scenario, renders the map, and the canvas is not blank', async () => {
    await page.goto(h.url);
    await page.getByTestId('scenario-list').waitFor();
    await page.locator('input[name=scenario][value="demo"]').check();
    await page.getByTestId('start-game').click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 30_000 });
    const png = await page.screenshot({ path: shotPath('app-map') });
    expect(await distinctColours(page, png)).toBeGreaterThan(5);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Construction Segment');
  });

  it('hovering and clicking a hex shows its rules ID in the inspector', async () => {
    const p = await page.evaluate(() => window.__map!.screenOf('C4622'));
    await page.mouse.move(p.x, p.y);
    await expect.poll(() => page.getByTestId('hover-hex').textContent()).toBe('Hex C4622');
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('inspector-hex').textContent()).toBe('C4622');
    expect(await page.getByTestId('inspector').textContent()).toContain('Terrain: city');
  });

  it('moves a unit through the UI, undoes it, and advances the segment', async () => {
    await page.getByTestId('end-segment').click();
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Movement Segment');
    const from = await page.evaluate(() => window.__map!.screenOf('C4719'));
    await page.mouse.click(from.x, from.y);
    await expect.poll(() => page.getByTestId('unit').first().textContent()).toContain('1 KOSB');
    const to = await page.evaluate(() => window.__map!.screenOf('C4720'));
    await page.mouse.click(to.x, to.y);
    await expect.poll(() => page.getByTestId('game-log').textContent()).toContain('1 KOSB/9/3 moved C4719 → C4720');
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('game-log').textContent()).not.toContain('moved C4719 → C4720');
    const png = await page.screenshot({ path: shotPath('app-move') });
    expect(await distinctColours(page, png)).toBeGreaterThan(5);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
    expect(consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });

  it('hotseat: when the other side must act, the board is hidden until that player reveals it', async () => {
    for (let i = 0; i < 3; i++) await page.getByTestId('end-segment').click(); // → defensive FS: the German acts
    await page.getByTestId('handover').waitFor();
    expect(await page.getByTestId('handover').textContent()).toContain('German to act');
    const png = await page.screenshot({ path: shotPath('app-handover') });
    expect(await distinctColours(page, png)).toBeGreaterThan(1);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
    await page.getByTestId('reveal').click();
    await expect.poll(() => page.getByTestId('actor').textContent()).toBe('German to act');
    expect(await page.getByTestId('handover').count()).toBe(0);
  });
});
