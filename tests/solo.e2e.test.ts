import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shotPath, startHarness, distinctColours, internalText, type Harness } from './browser';

// Issue 8: start Goodwood solo as the Allies; ending the Allied player turn hands over to the
// German opponent, which plays its turn by itself (in a Web Worker); the log shows its actions.
let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-solo'); });
afterAll(async () => { await h?.close(); });

/** A new page (its uncaught errors collected) with `scenario` started solo, the player taking `side`, at its first frame. */
async function startSolo(scenario: string, side: 'allied' | 'german') {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(h.url);
  await page.locator(`input[name=scenario][value="${scenario}"]`).check();
  await page.getByTestId('mode').selectOption(side);
  await page.getByTestId('start-game').click();
  await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
  return { page, errors };
}

/** The page's screenshot (not blank), no internal text on the screen, no page errors; then the page closes. */
async function shotAndClose(page: Page, errors: string[], name: string) {
  const png = await page.screenshot({ path: shotPath(name) });
  expect(await distinctColours(page, png)).toBeGreaterThan(6);
  expect(await internalText(page), 'internal references on the screen').toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
}

describe('solo play in Chromium', () => {
  it('the German opponent plays its turn automatically after the Allied turn', async () => {
    const { page, errors } = await startSolo('goodwood', 'allied');
    await page.getByTestId('ai-status').waitFor();
    // End every Allied segment; where the German must act (defensive FS), the opponent answers.
    for (let i = 0; i < 60; i++) {
      const seg = await page.getByTestId('tracker-phasing').textContent();
      if (seg?.startsWith('German')) break;
      const btn = page.getByTestId('end-segment');
      if (await btn.isEnabled()) await btn.click();
      else await page.waitForTimeout(200);
    }
    await expect.poll(() => page.getByTestId('tracker-phasing').textContent(), { timeout: 30_000 }).toMatch(/^German/);
    // The opponent finishes its player turn and the Allies are to act again (GT 2). Decisions the
    // rules give the Allied player during it (ground interdiction, AW 31.7) are declined, the
    // Allied player ends the segments it owns there (defensive fire support, AW 31.2.2b), and it
    // answers the decisions of the German counterattacks (GA defence, hits, retreats: issue 16
    // item 12) with the first option offered.
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline && (await page.getByTestId('tracker-phasing').textContent())?.startsWith('German')) {
      const decline = page.getByTestId('choice-giDone');
      const end = page.getByTestId('end-segment');
      const answer = page.locator('[data-testid=decisions] button[data-testid^="choice-"]');
      // The opponent acts meanwhile (in its worker): a button may go before it is clicked; the loop then looks again.
      const click = (l: typeof end) => l.click({ timeout: 5_000 }).catch(() => undefined);
      if (await decline.count()) await click(decline.first());
      else if ((await page.getByTestId('pending').count()) && (await answer.count())) await click(answer.first());
      else if ((await end.count()) && (await end.isEnabled())) await click(end);
      else await page.waitForTimeout(500);
    }
    expect(await page.getByTestId('tracker-phasing').textContent()).toMatch(/^Allied/);
    const log = await page.getByTestId('game-log').textContent();
    expect(log).toContain('German player turn');
    expect(log).toMatch(/moved|designated|Fire support|Ground assault|marker/i);
    await shotAndClose(page, errors, 'solo-goodwood');
  }, 420_000);
  it('AW 41: the night drop solo as the Germans — the Allied opponent drops, regroups, moves and attacks by itself, then the German movement is the player\'s', async () => {
    const { page, errors } = await startSolo('night-drop-6ab', 'german');
    // Segments 1–5 are the Allies' (AW 41.1–41.5): the opponent plays them. A landing on a German-held hex
    // can give the German player a retreat to choose (AW 41.2.3b–d): answered with the first hex offered.
    const deadline = Date.now() + 240_000;
    const segment = () => page.getByTestId('segment').textContent();
    while (Date.now() < deadline && !/German Movement/.test((await segment()) ?? '')) {
      const answer = page.locator('[data-testid=decisions] button[data-testid^="choice-"]');
      if ((await page.getByTestId('pending').count()) && (await answer.count())) await answer.first().click({ timeout: 5_000 }).catch(() => undefined);
      else await page.waitForTimeout(500);
    }
    expect(await segment()).toMatch(/1st German Movement/);
    expect(await page.getByTestId('actor').textContent()).toBe('German to act');
    // What the opponent did is in the log and on the Airborne Display: the drop, regroups or moves, its attacks.
    const log = (await page.getByTestId('game-log').textContent()) ?? '';
    expect(log).toMatch(/DZ/);
    expect(log).toMatch(/regroup|moved|moves/i);
    const display = (await page.getByTestId('airborne-display').textContent()) ?? '';
    expect(display).toContain('all landed');
    expect(await page.getByTestId('end-segment').isEnabled()).toBe(true);
    await shotAndClose(page, errors, 'solo-night-drop-german');
  }, 360_000);
});
