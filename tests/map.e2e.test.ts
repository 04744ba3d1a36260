import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, internalText, shotPath, startHarness, type Harness } from './browser';

// Issue 3: the six-sheet Normandy map renders; screenshots of the whole map and of Caen; legend,
// sheet, hex-ID and boundary toggles; the inspector's TEC entry costs.
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
    // Zoomed out to the whole map, the terrain is one pre-rendered texture (built after the first frame).
    await page.waitForFunction(() => window.__marks?.overview, null, { timeout: 10_000 });
    expect(await page.evaluate(() => window.__map!.terrainDrawnAs())).toBe('overview');
    const png = await page.screenshot({ path: shotPath('map-normandy') });
    expect(await distinctColours(page, png)).toBeGreaterThan(6);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
    expect(await page.getByTestId('attribution').textContent()).not.toBe('');
  });
  it('a close-up of Caen shows the city and its rules ID under the cursor', async () => {
    await page.evaluate(() => window.__map!.centerOn('C4522', 1.6));
    expect(await page.evaluate(() => window.__map!.terrainDrawnAs())).toBe('chunks');
    const p = await page.evaluate(() => window.__map!.screenOf('C4522'));
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('inspector-hex').textContent()).toBe('C4522');
    expect(await page.getByTestId('inspector').textContent()).toContain('city');
    const png = await page.screenshot({ path: shotPath('map-caen') });
    expect(await distinctColours(page, png)).toBeGreaterThan(6);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
  });
  it('the inspector gives the GOSS 7 TEC cost to enter C4522 from each neighbour, for Leg, Mech and Mech road', async () => {
    const table = page.getByTestId('entry-costs');
    await table.waitFor();
    expect(await table.locator('th').allTextContents()).toEqual(['From', 'Hexside', 'Leg', 'Mech', 'Road']);
    const rows = await table.getByTestId('entry-cost-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.length).toBe(6);
    // Every side of Caen has a road: Leg pays 1 along it (GOSS 7.6.2), Mech off-road the city's 3, Mech road the road's cost.
    expect(rows.find((r) => r[0] === 'N C4521')).toEqual(['N C4521', 'secondary', '1', '3', '1']);
    expect(rows.find((r) => r[0] === 'NE C4622')).toEqual(['NE C4622', 'primary', '1', '3', '0.5']);
    // Over the Orne by the bridge: the major river is named.
    expect(rows.find((r) => r[0] === 'S C4523')?.[1]).toMatch(/major river, bridge.*\(Orne\)/);
  });
  it('the legend toggles over the map with terrain colours and TEC costs', async () => {
    expect(await page.getByTestId('map-legend').count()).toBe(0);
    await page.getByTestId('map-toggle-legend').click();
    const legend = page.getByTestId('map-legend');
    await legend.waitFor();
    const terrain = await page.getByTestId('legend-terrain').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    expect(terrain).toContainEqual(['bocage', '2', '4', 'MCT']);
    expect(terrain).toContainEqual(['city', '2', '3', 'MCT']);
    expect(await page.getByTestId('legend-hexsides').textContent()).toContain('major river');
    expect(await page.getByTestId('legend-routes').textContent()).toContain('primary road');
    await page.screenshot({ path: shotPath('map-legend') });
    await page.getByTestId('map-toggle-legend').click();
    expect(await legend.count()).toBe(0);
  });
  it('hex IDs toggle on, drawn only when zoomed in and only near the view', async () => {
    await page.getByTestId('map-toggle-hexids').click();
    await page.evaluate(() => window.__map!.centerOn('C4522', 1.6));
    await expect.poll(() => page.evaluate(() => window.__map!.shownHexIds()), { timeout: 10_000 }).toContain('C4522');
    const shown = await page.evaluate(() => window.__map!.shownHexIds().length);
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(5000); // never the map's 13,600
    await page.screenshot({ path: shotPath('map-hexids') });
    expect(await page.getByTestId('map-toggle-hexids').textContent()).toBe('Hex IDs');
    await page.evaluate(() => window.__map!.zoomTo(1));
    expect(await page.evaluate(() => window.__map!.shownHexIds())).toEqual([]);
    // Zoomed out, the button says why no IDs are drawn.
    await expect.poll(() => page.getByTestId('map-toggle-hexids').textContent()).toBe('Hex IDs · zoom in');
    await page.getByTestId('map-toggle-hexids').click();
    await page.evaluate(() => window.__map!.centerOn('C4522', 1.6));
    expect(await page.evaluate(() => window.__map!.shownHexIds())).toEqual([]);
  });
  it('sheet boundaries toggle on and off', async () => {
    await page.evaluate(() => window.__map!.fit());
    const before = await page.screenshot();
    await page.getByTestId('map-toggle-sheets').click();
    await page.evaluate(() => window.__map!.fit());
    const after = await page.screenshot({ path: shotPath('map-sheets') });
    expect(after.equals(before)).toBe(false);
    await page.getByTestId('map-toggle-sheets').click();
    await page.evaluate(() => window.__map!.fit());
    expect((await page.screenshot()).equals(before)).toBe(true);
  });
  it('AW 9.2.0 Army Group and AW 19.2.2a weather boundaries toggle on and off (issue 18)', async () => {
    await page.evaluate(() => window.__map!.fit());
    const before = await page.screenshot();
    await page.getByTestId('map-toggle-boundaries').click();
    await page.evaluate(() => window.__map!.fit());
    const after = await page.screenshot({ path: shotPath('map-boundaries') });
    expect(after.equals(before)).toBe(false);
    await page.getByTestId('map-toggle-boundaries').click();
    await page.evaluate(() => window.__map!.fit());
    expect((await page.screenshot()).equals(before)).toBe(true);
  });
});
