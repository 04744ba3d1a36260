/**
 * Play by e-mail in Chromium (docs/save-format.md "Mounting the UI"): player A starts Goodwood by
 * e-mail as the Allies with fast dice and sends the opening file to B, who finishes the German setup
 * (AW 32.11.0) in a fresh browser profile and sends it back; A moves a unit, plays on to the German Defensive FS Segment and
 * sends the turn (the download is the turn file). Player B opens it: the
 * status banner, the replay of A's move and the summary; B ends its segment and sends back. A refuses
 * a tampered copy of B's file (its game unchanged), opens the real one and plays on. The seed is
 * random (the start screen's): units and hexes are chosen from the page's own log, replayed in Node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { distinctColours, internalText, shotPath, startHarness, type Harness } from './browser';
import { pbemPlayer, sendTurn, startPbemAsAllies } from './e2e-pbem';
import { scenarioSteps } from './e2e-play';
import { loadScenario } from '../src/data/bundle';
import { sideToAct } from '../src/engine';
import { createSave, newChain, saveToText, sealTurn } from '../src/save';

const bundle = loadScenario('goodwood');
let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-pbem'); }, 300_000);
afterAll(async () => { await h?.close(); });

const player = (errors: string[]) => pbemPlayer(h, errors);

async function shot(page: Page, name: string) {
  const png = await page.screenshot({ path: shotPath(`pbem-${name}`) });
  expect(await distinctColours(page, png), `screenshot ${name}`).toBeGreaterThan(6);
  expect(await internalText(page), 'internal references on the screen').toEqual([]);
}

describe('play by e-mail in Chromium (Goodwood, fast dice)', () => {
  // Also checked: a tampered file and a turn file of another game are refused in the game with a reason,
  // and the game on screen stays as it was (its autosave is written only for accepted files).
  const errorsA: string[] = [];
  const errorsB: string[] = [];
  let A: { ctx: BrowserContext; page: Page };
  let B: { ctx: BrowserContext; page: Page };
  let toB: { name: string; text: string };
  let toA: { name: string; text: string };
  let moved: { unit: string; from: string; to: string };

  it('A starts a PBEM game as the Allies, sends the opening file for the German setup (AW 32.11.0) and gets it back, moves, is refused the German segment, and sends the turn', async () => {
    A = await player(errorsA);
    const page = A.page;
    const steps = scenarioSteps(page, h.url, bundle, 'pbem-a', errorsA);
    await page.goto(h.url);
    await page.locator('input[name=scenario][value="goodwood"]').check();
    await page.getByTestId('mode').selectOption('pbem-allied');
    await page.getByTestId('pbem-dice').selectOption('fast');
    await expect.poll(() => page.getByTestId('pbem-note').textContent()).toContain('Fast PBEM');
    await page.getByTestId('start-game').click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    expect(await page.getByTestId('pbem-seat').textContent()).toContain('you play the Allies (Allied player)');
    expect(await page.getByTestId('dice-mode').textContent()).toContain('Fast PBEM');
    expect(await page.evaluate(() => window.__neptune!.getState().saved!.save.header.dice)).toBe('fast');
    // AW 32.11.0: the Germans set up (breakdowns) before play: the opening file goes to B first.
    await expect.poll(() => page.getByTestId('turn-status').textContent()).toMatch(/German player is to act: send this file/);
    const opening = await sendTurn(page);
    B = await player(errorsB);
    const pb = B.page;
    await pb.goto(h.url);
    await pb.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: opening.name, mimeType: 'application/json', buffer: Buffer.from(opening.text) });
    await pb.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    if (await pb.getByTestId('replay-exit').count()) await pb.getByTestId('replay-exit').click();
    expect(await pb.getByTestId('pbem-seat').textContent()).toContain('you play the Germans (German player)');
    await pb.getByTestId('setup-finish').click();
    await expect.poll(() => pb.getByTestId('turn-status').textContent()).toMatch(/Allied player is to act: send this file/);
    const setUp = await sendTurn(pb);
    await page.getByTestId('pbem').locator('input[type=file]').setInputFiles({ name: setUp.name, mimeType: 'application/json', buffer: Buffer.from(setUp.text) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 60_000 });
    await page.getByTestId('replay-exit').click();
    expect(await page.evaluate(() => { const st = window.__neptune!.getState().state!; return [!!st.beforePlay, st.pending]; })).toEqual([false, null]);
    await expect.poll(() => page.getByTestId('turn-status').textContent()).toMatch(/^Your move\./);
    moved = await steps.moveOne();
    // On to the German Defensive FS Segment: A's part of the turn is done.
    await steps.endSegmentsUntil((s) => sideToAct(s) === 'german');
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Defensive FS Mission Segment');
    await expect.poll(() => page.getByTestId('turn-status').textContent()).toMatch(/German player is to act: send this file/);
    expect(await page.getByTestId('end-segment').isDisabled()).toBe(true);
    // Enter (Done with segment) for the German side is refused, and says why.
    const n = await steps.n();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pbem-refusal').textContent()).toMatch(/^Play by e-mail: you play the Allies \(Allied player\), and the Germans \(German player\) are to act now/);
    expect(await steps.n()).toBe(n);
    toB = await sendTurn(page);
    expect(toB.name).toMatch(/^goodwood-1-german\.neptune\.json$/);
    const file = JSON.parse(toB.text) as { header: { dice: string }; entries: { by: string; action?: { type: string } }[] };
    expect(file.header.dice).toBe('fast');
    expect(file.entries.at(-1)).toMatchObject({ by: 'allied', action: { type: 'diceKey' } });
    await shot(page, 'a-sent');
    expect(errorsA).toEqual([]);
  }, 240_000);

  it('B opens the turn file: banner, replay and summary of A\'s move; B rolls a die with A\'s nonce, ends its segment and sends back', async () => {
    const page = B.page;
    const steps = scenarioSteps(page, h.url, bundle, 'pbem-b', errorsB);
    await page.getByTestId('pbem').locator('input[type=file]').setInputFiles({ name: toB.name, mimeType: 'application/json', buffer: Buffer.from(toB.text) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('pbem-seat').textContent()).toContain('you play the Germans (German player)');
    expect(await page.getByTestId('turn-status').textContent()).toMatch(/Your move\./);
    expect(await page.getByTestId('dice-mode').textContent()).toContain('Fast PBEM');
    const name = steps.name(moved.unit);
    await expect.poll(() => page.getByTestId('changes-summary').textContent()).toContain(`${name}: ${moved.from} → ${moved.to}`);
    // Step back from the end (A's nonce, then its segment ends) to A's move: the map and log show it.
    const labels = await page.evaluate(() => { const g = window.__neptune!.getState().replaying!.game; return g.save.entries.map((e) => (e.kind === 'action' ? (e.action as { type: string }).type : e.kind)); });
    const moveStep = labels.lastIndexOf('move') + 1;
    await page.getByTestId('vcr-last').click();
    for (let k = labels.length; k > moveStep; k--) await page.getByTestId('vcr-prev').click();
    await expect.poll(() => page.getByTestId('vcr-step').textContent()).toBe(`${moveStep} / ${labels.length}`);
    await expect.poll(() => page.getByTestId('game-log').textContent()).toContain(`${name} moved ${moved.from} → ${moved.to}`);
    await shot(page, 'b-replay');
    await page.getByTestId('replay-exit').click();
    await expect.poll(() => page.getByTestId('game-log').textContent()).toContain(`${name} moved ${moved.from} → ${moved.to}`);
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Defensive FS Mission Segment');
    // A die roll with A's nonce (fast dice: B holds it now), through the store's dispatch as the UI calls it.
    expect(await page.evaluate(() => window.__neptune!.getState().dispatch({ type: 'roll', dice: '1d10', purpose: 'DFS check' }))).toBe(true);
    await expect.poll(() => page.getByTestId('game-log').textContent()).toMatch(/DFS check/);
    const n = await steps.n();
    await page.getByTestId('end-segment').click();
    await expect.poll(steps.n).toBeGreaterThan(n);
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Offensive FS Mission Segment');
    await expect.poll(() => page.getByTestId('turn-status').textContent()).toMatch(/Allied player is to act: send this file/);
    toA = await sendTurn(page);
    expect(toA.name).toBe('goodwood-1-allied.neptune.json');
    // Every action of the page's log replays in Node to the page's state.
    expect((await steps.game()).n).toBe(await steps.n());
    await shot(page, 'b-sent');
    expect(errorsB).toEqual([]);
  }, 240_000);

  it('A refuses a tampered copy of B\'s file and another game\'s file (game unchanged), then opens the real one and plays on', async () => {
    const page = A.page;
    const steps = scenarioSteps(page, h.url, bundle, 'pbem-a2', errorsA);
    const before = await page.evaluate(() => window.__neptune!.getState().saved!.save.head);
    const input = page.getByTestId('pbem').locator('input[type=file]');
    // B's roll claimed by the Allies instead: the chain no longer links.
    const lines = toA.text.split('\n');
    const k = lines.findIndex((l) => l.includes('"by":"german"'));
    const bad = [...lines.slice(0, k), lines[k].replace('"by":"german"', '"by":"allied"'), ...lines.slice(k + 1)].join('\n');
    await input.setInputFiles({ name: 'tampered.neptune.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect.poll(() => page.getByTestId('pbem').getByTestId('import-error').textContent(), { timeout: 30_000 })
      .toMatch(/^tampered\.neptune\.json was not loaded: .*entry \d+.*Nothing was changed: the game on screen and its autosave are as they were\.$/);
    expect(await page.evaluate(() => window.__neptune!.getState().saved!.save.head)).toBe(before);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    // A valid turn file of another Goodwood game: refused as such, nothing opened in place of this game.
    const chain = newChain(16);
    const created = createSave({ scenario: 'goodwood', dice: 'fast', players: { allied: 'X', german: 'Y' }, creator: { side: 'german', chain } });
    if (!created.ok) throw new Error(created.error);
    const sealed = sealTurn(created.game, 'german', chain);
    if (!sealed.ok) throw new Error(sealed.error);
    await input.setInputFiles({ name: 'other.neptune.json', mimeType: 'application/json', buffer: Buffer.from(saveToText(sealed.game.save)) });
    await expect.poll(() => page.getByTestId('pbem').getByTestId('import-error').textContent(), { timeout: 30_000 })
      .toMatch(/^other\.neptune\.json was not loaded: this file belongs to another game \(goodwood, game id [0-9a-f]{8}…\).*Your game is unchanged/);
    expect(await page.evaluate(() => window.__neptune!.getState().saved!.save.head)).toBe(before);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    await input.setInputFiles({ name: toA.name, mimeType: 'application/json', buffer: Buffer.from(toA.text) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('changes-summary').textContent()).toMatch(/Since your last turn \(3 actions\).*Dice.*german: DFS check — \d/);
    await page.getByTestId('replay-exit').click();
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Offensive FS Mission Segment');
    await expect.poll(() => page.getByTestId('turn-status').textContent()).toMatch(/^Your move\./);
    const n = await steps.n();
    await page.getByTestId('end-segment').click();
    await expect.poll(steps.n).toBeGreaterThan(n);
    await shot(page, 'a-received');
    expect(errorsA).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 240_000);
});

describe('play by e-mail in Chromium (demo scenario, strict dice: commit, reveal, resolve)', () => {
  it('a defensive fire roll goes through the commit, reveal and resolve buttons across four files', async () => {
    const errors: string[] = [];
    const A = await player(errors);
    const B = await player(errors);
    const exchange = async (from: Page, to: Page, fresh = false) => {
      const f = await sendTurn(from);
      const input = fresh ? to.getByTestId('save-controls').locator('input[type=file]') : to.getByTestId('pbem').locator('input[type=file]');
      await input.setInputFiles({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) });
      await to.getByTestId('replay-exit').click({ timeout: 60_000 });
      return f;
    };
    const status = (p: Page) => p.getByTestId('turn-status').textContent();
    await startPbemAsAllies(A.page, h.url, 'demo', 'strict');
    expect(await A.page.getByTestId('dice-mode').textContent()).toContain('Strict PBEM');
    await B.page.goto(h.url);
    // Files 1 and 2: each side's first file publishes its dice chain anchor (the secret stays in its browser).
    await exchange(A.page, B.page, true);
    expect(await B.page.getByTestId('pbem-seat').textContent()).toContain('you play the Germans');
    await exchange(B.page, A.page);
    const anchors = await A.page.evaluate(() => window.__neptune!.getState().saved!.save.entries.map((e) => `${e.kind}:${e.by}`));
    expect(anchors).toEqual(['anchor:allied', 'anchor:german']);
    expect(await A.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('neptune.pbem.')).length)).toBe(1);
    // Allied plays on to the German Defensive FS Segment.
    for (let i = 0; i < 4; i++) await A.page.getByTestId('end-segment').click();
    await expect.poll(() => A.page.getByTestId('segment').textContent()).toContain('Defensive FS');
    // File 3 to German, who tries a defensive fire roll: refused for its dice, offered for a commitment.
    await exchange(A.page, B.page);
    expect(await B.page.evaluate(() => window.__neptune!.getState().dispatch({ type: 'roll', dice: '1d10', purpose: 'DFS on KOSB' }))).toBe(false);
    await expect.poll(() => B.page.getByTestId('pbem-refusal').textContent()).toMatch(/^Strict dice: roll .* rolls dice\. Press “Commit to this action”/);
    await B.page.getByTestId('strict-commit').click();
    await expect.poll(() => status(B.page)).toMatch(/Waiting for Allied player's reveal/);
    expect(await B.page.getByTestId('send-turn').textContent()).toBe('Send my commitment (export)');
    // File 4 to Allied, who reveals; file 5 back to German, who resolves: the roll is in the log.
    await exchange(B.page, A.page);
    await expect.poll(() => status(A.page)).toMatch(/committed to 1 action\(s\) and waits for your reveal/);
    await A.page.getByTestId('strict-reveal').click();
    await expect.poll(() => status(A.page)).toMatch(/is to act: send this file/);
    await exchange(A.page, B.page);
    await expect.poll(() => status(B.page)).toMatch(/revealed: resolve your 1 committed action/);
    await B.page.getByTestId('strict-resolve').click();
    await expect.poll(() => B.page.getByTestId('game-log').textContent()).toMatch(/DFS on KOSB/);
    await expect.poll(() => status(B.page)).toMatch(/^Your move\./);
    await shot(B.page, 'strict-resolved');
    expect(errors).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 240_000);
});
