/**
 * The night drop of the 6th Airborne (AW 41) in Chromium, hotseat: "The night drop: 6th Airborne"
 * played through the 11 segments of the Airborne Assault Stage by clicking the real UI — the Pegasus
 * Bridge mission and the DZ placements, the drop (non-FoW units first, then the FoW counters drawn from
 * each container), regroup attempts, the glider landing, then every later segment with what it offers
 * and "Done with segment" — to the end of the game. Screenshots of the Airborne Display and of the map
 * after the drop go to docs/img/. The seed is random (the start screen's): what is clicked is chosen
 * from the engine's legal actions on the page's own log, replayed in Node.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, internalText, shotPath } from './browser';
import { scenarioHarness, type ScenarioSteps } from './e2e-play';
import { loadScenario } from '../src/data/bundle';
import { formatHex } from '../src/engine/hex';
import { airborneState, isFow } from '../src/engine/query';
import { airborneSegments, playSegment, STAGE_SEGMENTS } from './e2e-airborne';
import { unitList } from '../src/engine/unitTable';

const bundle = loadScenario('night-drop-6ab');
const errors: string[] = [];
let page: Page;
let steps: ScenarioSteps;
scenarioHarness(bundle, 'airborne', errors, (p, s) => { page = p; steps = s; });

async function shotOf(name: string, el: ReturnType<Page['getByTestId']> | null, minColours: number) {
  const path = shotPath(name, 'docs/img');
  const png = el ? await el.screenshot({ path }) : await page.screenshot({ path });
  expect(await distinctColours(page, png), `screenshot ${name}`).toBeGreaterThan(minColours);
  expect(await internalText(page), 'internal references on the screen').toEqual([]);
}

describe('the night drop: 6th Airborne, hotseat (AW 41)', () => {
  it('AW 41.1–41.11: all 11 segments of the Airborne Assault Stage by the UI, the Airborne Display and the map after the drop', async () => {
    await steps.startScenario('night-drop-6ab');
    await expect.poll(() => page.getByTestId('airborne-display').count()).toBe(1);
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Drop Zone Placement Segment');
    const played: string[] = [];
    const notes: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      await steps.revealIfHanded();
      const s = await steps.game();
      if (s.over) break;
      const seg = steps.segId(s);
      if (!played.includes(seg)) played.push(seg);
      const did = await playSegment(page, steps, bundle, seg, notes);
      if (seg === 'dzPlacement') {
        // AW 41.1.1–41.1.3: Pegasus first, then each DZ with its scatter and status; DZ W comes on June 6 PM.
        expect(did).toContain('pegasus');
        await expect.poll(() => page.getByTestId('ab-pegasus').textContent()).toMatch(/Orne River bridge (captured|destroyed|still German), Orne Canal bridge/);
        const st = await steps.game();
        const dzs = Object.values(airborneState(st).dzs);
        expect(dzs.filter((z) => z.hex !== null).map((z) => z.key).sort()).toEqual(['6AB-K', '6AB-N', '6AB-V']);
        for (const z of dzs.filter((x) => x.hex !== null)) {
          const row = page.locator(`[data-testid=ab-dz][data-dz="${z.division} ${z.letter}"]`);
          await expect.poll(() => row.textContent()).toContain(`${formatHex(z.hex!)}`);
          expect(await row.textContent()).toContain(z.status!);
        }
        expect(await page.locator('[data-testid=ab-dz][data-dz="6AB W"]').textContent()).toContain('June 6 PM');
        await expect.poll(() => page.evaluate(() => window.__map!.airborne())).toMatchObject({ dzs: 3 });
      }
      if (seg === 'airborneDrop') {
        // AW 41.2.2–41.2.3: every container emptied; FoW counters on the map have no identity (only the back is drawn).
        expect(did).toContain('dropFow');
        const st = await steps.game();
        const fowOnMap = unitList(st).filter((u) => u.hex !== null && !u.eliminated && isFow(st, u.id));
        expect(fowOnMap.length).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId('ab-dummies').textContent()).toContain(`FoW counters on the map: ${fowOnMap.length}`);
        for (const t of await page.getByTestId('ab-to-land').allTextContents()) if (/Airborne Drop/.test(t)) expect(t).toContain('all landed');
        expect(await page.getByTestId('ab-container').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ Coys?, \d+ dumm(y|ies)$/)]));
        await shotOf('night-drop-6ab-airborne-display', page.getByTestId('airborne-display'), 8);
        // The map around DZ N after the drop: DZ markers, scatter arrows, FoW backs.
        const n = airborneState(st).dzs['6AB-N'];
        await page.evaluate((hex) => window.__map!.centerOn(hex, 1.1), formatHex(n.hex!));
        await shotOf('night-drop-6ab-map', page.getByTestId('map'), 12);
      }
      if (seg === 'alliedMovement1') {
        // AW 41.3.7: the 6-hex reach of each DZ is drawn in the Allied airborne movement segments.
        await expect.poll(() => page.evaluate(() => window.__map!.airborne()?.reach)).toBe(true);
        expect(await page.getByTestId('map-toggle-dzreach').getAttribute('aria-pressed')).toBe('true');
      }
      if (seg === 'germanMovement1') await expect.poll(() => page.evaluate(() => window.__map!.airborne()?.reach)).toBe(false);
      console.log(`segment ${seg}: ${did.length ? did.join(', ') : 'nothing offered'}`);
      await steps.revealIfHanded();
      const before = await steps.game();
      if (before.over) break;
      if (steps.segId(before) !== seg) continue;
      await page.getByTestId('end-segment').click();
      await expect.poll(steps.n).toBeGreaterThan(before.n);
    }
    const end = await steps.game();
    expect(played).toEqual(STAGE_SEGMENTS);
    expect(end.over, 'the game ends with the stage').toBeTruthy();
    await expect.poll(() => page.getByTestId('victory').count()).toBe(1);
    expect(await page.getByTestId('victory').textContent()).toContain('at the end of the Airborne Assault Stage');
    // The stage's points item by item, with the thresholds (docs/scenarios/night-drop-6ab.md), and the total the result names.
    const points = (await page.getByTestId('victory-points').textContent()) ?? '';
    expect(points).toContain('bridges captured or blown');
    expect(points).toContain('Allied steps lost');
    const total = await page.evaluate(() => (window.__neptune!.getState().state!.over as { reason: string }).reason.match(/with (-?\d+) points/)?.[1]);
    expect(points).toContain(`Total${total}`);
    expect(await page.getByTestId('victory').textContent()).toContain('An Allied victory at 26 points or more, a German victory at 17 or less');
    await page.screenshot({ path: shotPath('night-drop-6ab-victory') });
    expect(await internalText(page), 'internal references on the victory screen').toEqual([]);
    if (notes.length) console.log(`not exercised:\n  ${notes.join('\n  ')}`);
    console.log(`segments: ${airborneSegments(played)}`);
    expect(errors).toEqual([]);
  }, 180_000);
});
