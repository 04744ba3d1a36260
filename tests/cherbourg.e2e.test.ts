/**
 * Issue 9 acceptance in Chromium, scenario 3 (The Battle for Cherbourg, AW 34): start it hotseat
 * from the start screen; the German player, handed the screen first, sets up the placement pools
 * in the setup panel (AW 34.11.2): one unit dragged onto the map, one placed by click (after a
 * refused click outside its area, with the reason), taken back and placed again from the
 * keyboard list, one IP marker placed by click, then "Random legal setup" and
 * "Finish setup". Then the Allied player moves a unit, designates an attack and resolves a ground
 * assault through the GA dialog. The log and non-blank screenshots (docs/img/cherbourg-*.png) are
 * checked at each step.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scenarioHarness, type ScenarioSteps } from './e2e-play';
import { loadScenario } from '../src/data/bundle';
import { formatHex } from '../src/engine/hex';
import { deploymentArea, deploymentHexes, fieldworksHexes, setupStatus } from '../src/engine/rules/setupPhase';
import { unitOf } from '../src/engine/unitTable';

const bundle = loadScenario('cherbourg');
let page: Page;
let steps: ScenarioSteps;
const errors: string[] = [];

scenarioHarness(bundle, 'cherbourg', errors, (p, st) => { page = p; steps = st; });

const unitButton = (id: string) => page.locator(`[data-testid="setup-unit"][data-unit="${id}"]`);

describe('Cherbourg hotseat in Chromium (issue 9 acceptance)', () => {
  it('starts Cherbourg: the German player is handed the screen to set up the placement pools', async () => {
    await steps.startScenario('cherbourg');
    // AW 34.11.2: the German setup comes first, so the Allied player is asked to look away
    await page.getByTestId('handover').waitFor();
    expect(await page.getByTestId('handover').textContent()).toContain('German to act');
    await steps.revealIfHanded();
    await page.getByTestId('setup-panel').waitFor();
    const s = await steps.game();
    const st = setupStatus(s, bundle)!;
    expect(await page.getByTestId('setup-pool').count()).toBe(st.pools.length);
    expect(await page.getByTestId('setup-unit').count()).toBe(50);
    expect(await page.getByTestId('setup-finish').isDisabled()).toBe(true);
    expect(await page.getByTestId('setup-failures').textContent()).toContain('50 pool unit(s) not yet placed');
    // no endSegment while the setup is open (the Decisions list is replaced by the setup panel)
    expect(await page.getByTestId('end-segment').isDisabled()).toBe(true);
    expect(await page.getByTestId('decisions').count()).toBe(0);
    expect(await steps.logText()).toContain('Setup started');
  });

  it('AW 34.11.2 places a unit by dragging it from the panel onto a legal hex of the map', async () => {
    const s = await steps.game();
    const unit = setupStatus(s, bundle)!.pools.find((p) => p.id === '709-front')!.waiting[0];
    const hex = formatHex(deploymentHexes(s, bundle, unit)[0]);
    const p = await steps.pointOf(hex, 1.2);
    await unitButton(unit).scrollIntoViewIfNeeded();
    const b = (await unitButton(unit).boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(p.x - 40, p.y - 20, { steps: 6 });
    await page.getByTestId('setup-ghost').waitFor();
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(steps.logText).toContain(`Unit placed: ${steps.name(unit)} · hex ${hex}`);
    expect(unitOf((await steps.game()), unit).hex).not.toBeNull();
    expect(await page.getByTestId('setup-message').textContent()).toBe(`${steps.name(unit)} placed in ${hex}`);
    expect(await page.getByTestId('setup-ghost').count()).toBe(0);
  });

  it('AW 34.11.2 click-to-place: a hex outside the area is refused with the reason, a highlighted hex takes the unit; Unplace takes it back; the hex list places it again', async () => {
    const s = await steps.game();
    const unit = setupStatus(s, bundle)!.pools.find((p) => p.id === '243-front')!.waiting[0];
    const area = new Set(deploymentArea(bundle, unit));
    const legal = formatHex(deploymentHexes(s, bundle, unit)[0]);
    // a land hex two rows north of the legal one: on the German side, but not a front-line hex
    const outside = deploymentArea(bundle, setupStatus(s, bundle)!.pools.find((p) => p.id === 'army')!.waiting[0]).find((x) => !area.has(x))!;
    await unitButton(unit).click();
    await expect.poll(() => unitButton(unit).getAttribute('aria-pressed')).toBe('true');
    let p = await steps.pointOf(formatHex(outside), 1.2);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('setup-message').textContent()).toContain(`${steps.name(unit)} cannot set up in ${formatHex(outside)}`);
    expect(await page.getByTestId('setup-message').textContent()).toContain('(AW 34.11.2)');
    expect(unitOf((await steps.game()), unit).hex).toBeNull();
    p = await steps.pointOf(legal, 1.2);
    await steps.shot('setup-highlight');
    await page.mouse.click(p.x, p.y);
    await expect.poll(steps.logText).toContain(`Unit placed: ${steps.name(unit)} · hex ${legal}`);
    // the hex is selected: its pool units can be taken back from the panel
    await expect.poll(() => page.getByTestId('setup-here').textContent()).toContain(steps.name(unit));
    await page.getByTestId('setup-here').getByTestId('setup-unplace').first().click();
    await expect.poll(steps.logText).toContain(`Unit unplaced: ${steps.name(unit)}`);
    expect(unitOf((await steps.game()), unit).hex).toBeNull();
    // the keyboard path: pick the unit up, choose one of its legal hexes in the list, Place
    await unitButton(unit).click();
    const form = page.getByTestId('setup-place-form');
    await form.locator('select').selectOption({ label: legal });
    await form.getByRole('button', { name: 'Place' }).click();
    await expect.poll(async () => { const x = unitOf((await steps.game()), unit).hex; return x === null ? null : formatHex(x); }).toBe(legal);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('setup-place-form').count()).toBe(0);
  });

  it('AW 34.11.2 "Random legal setup" places the rest; "Finish setup" ends it and hands over to the Allied player', async () => {
    // one IP marker by hand first: pick it up, click a front-line hex
    const s0 = await steps.game();
    const ipHex = formatHex(fieldworksHexes(s0, bundle, 'IP')[0]);
    await page.getByTestId('setup-fw').filter({ hasText: 'IP' }).click();
    const p = await steps.pointOf(ipHex, 1.2);
    await page.mouse.click(p.x, p.y);
    await expect.poll(steps.logText).toContain(`Fieldworks placed: hex ${ipHex} · kind IP`);
    await expect.poll(() => page.getByTestId('setup-fw').filter({ hasText: 'IP' }).textContent()).toContain('7 left');
    await page.keyboard.press('Escape');
    await page.getByTestId('setup-random').click();
    await page.getByTestId('setup-ready').waitFor();
    const s = await steps.game();
    const st = setupStatus(s, bundle)!;
    expect(st.failures).toEqual([]);
    expect(st.fieldworksLeft).toEqual({ 'ET-2': 0, IP: 0 });
    expect(await page.getByTestId('setup-unit').count()).toBe(0);
    expect(await steps.logText()).toContain('Fieldworks placed');
    await page.evaluate(() => window.__map!.centerOn('A3628', 0.7));
    await steps.shot('setup');
    expect(await page.getByTestId('setup-finish').isEnabled()).toBe(true);
    await page.getByTestId('setup-finish').click();
    await page.getByTestId('handover').waitFor();
    expect(await page.getByTestId('handover').textContent()).toContain('Allied to act');
    await steps.revealIfHanded();
    expect(await page.getByTestId('setup-panel').count()).toBe(0);
    expect(await steps.logText()).toContain('finishes its setup');
    await expect.poll(() => page.getByTestId('tracker-phasing').textContent()).toBe('Allied player turn');
    await steps.shot('start');
  });

  it('moves an Allied unit: select its hex, click a highlighted destination', async () => {
    await steps.moveShown();
  });

  it('designates an attack and makes a ground assault through the GA dialog, each decision answered in the Decisions panel (the German player behind the handover)', async () => {
    await steps.designateAndAssault();
    await steps.shot('ga-result');
    expect(errors).toEqual([]);
  });
});
