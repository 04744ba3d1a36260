/**
 * Issue 9 acceptance in Chromium, scenario 2 (Operation Epsom, AW 33): start it hotseat from the
 * start screen (no placement pools, so no setup phase: AW 33.11 lists every German hex), move an
 * Allied unit on the map, designate an attack and resolve a ground assault through the GA dialog,
 * the German player answering behind the handover; the log and non-blank screenshots
 * (docs/img/epsom-*.png) are checked at each step.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scenarioHarness, type ScenarioSteps } from './e2e-play';
import { loadScenario } from '../src/data/bundle';

const bundle = loadScenario('epsom');
let page: Page;
let steps: ScenarioSteps;
const errors: string[] = [];

scenarioHarness(bundle, 'epsom', errors, (p, st) => { page = p; steps = st; });

describe('Epsom hotseat in Chromium (issue 9 acceptance)', () => {
  it('starts Epsom from the start screen at the Allied Construction Segment of 25 June 1944 AM, no setup phase', async () => {
    await steps.startScenario('epsom');
    await expect.poll(() => page.getByTestId('tracker-phasing').textContent()).toBe('Allied player turn');
    expect(await page.getByTestId('tracker-turn').textContent()).toContain('25 June 1944');
    // every German unit has a printed hex (AW 33.11.2): nothing to place, no handover at the start
    expect(await page.getByTestId('setup-panel').count()).toBe(0);
    expect(await page.getByTestId('handover').count()).toBe(0);
    expect(await steps.logText()).toContain('Game turn 1: 25 June 1944 AM');
    await steps.shot('start');
  });

  it('moves an Allied unit: select its hex, click a highlighted destination', async () => {
    // AW 33.7.1: VIII Corps is inactive until June 26 AM (GT 4); the opening GTs are XXX Corps' alone.
    const s = await steps.fastForward((x) => x.pos.turn === 3);
    await expect.poll(() => page.getByTestId('tracker-turn').textContent()).toContain('26 June 1944');
    expect(s.pos.playerTurn).toBe(0);
    await steps.moveShown();
  });

  it('designates an attack and makes a ground assault through the GA dialog, each decision answered in the Decisions panel (the German player behind the handover)', async () => {
    await steps.designateAndAssault();
    expect(await steps.logText()).toMatch(/Ground assault resolved on column .*\(GOSS 13/);
    await steps.shot('ga-result');
    expect(errors).toEqual([]);
  });
});
