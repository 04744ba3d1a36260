import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { distinctColours, internalText, shotPath, startHarness, type Harness } from './browser';
import { fakeRandom, hostileCompactFile, must, rechain } from '../src/save/testkit';
import { appendAction, createSave, saveToText, type SaveFile } from '../src/save';
import type { GameLog } from '../src/engine';

// Issue 7: autosave after every action (reload resumes exactly); export a file, import it in a
// fresh browser profile, and the VCR replays it.
let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-saves'); });
afterAll(async () => { await h?.close(); });

describe('saves in Chromium', () => {
  let exported = '';
  it('plays an action, reloads the page, and the game resumes exactly', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await ctx.newPage();
    await page.goto(h.url);
    await page.locator('input[name=scenario][value="demo"]').check();
    await page.getByTestId('start-game').click(); // the demo scenario
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    await page.getByTestId('end-segment').click();
    const from = await page.evaluate(() => window.__map!.screenOf('C4719'));
    await page.mouse.click(from.x, from.y);
    const to = await page.evaluate(() => window.__map!.screenOf('C4720'));
    await page.mouse.click(to.x, to.y);
    await expect.poll(() => page.getByTestId('game-log').textContent()).toContain('moved C4719 → C4720');
    await page.waitForTimeout(500); // the autosave write is asynchronous
    await page.reload();
    await page.getByTestId('save-list').locator('[data-testid=save-open]').first().click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Movement Segment');
    expect(await page.getByTestId('game-log').textContent()).toContain('moved C4719 → C4720');
    const p = await page.evaluate(() => window.__map!.screenOf('C4720'));
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => page.getByTestId('inspector').textContent()).toContain('1 KOSB/9/3');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toMatch(/^demo-.*\.neptune\.json$/);
    exported = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(exported).entries.length).toBeGreaterThan(1);
    await ctx.close();
  });

  it('imports the file in a fresh profile and replays it with the VCR bar', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(h.url);
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'demo.neptune.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 30_000 });
    await page.getByTestId('vcr-last').click();
    await expect.poll(() => page.getByTestId('game-log').textContent()).toContain('moved C4719 → C4720');
    await page.getByTestId('vcr-first').click();
    await expect.poll(() => page.getByTestId('vcr-step').textContent()).toMatch(/^0 \//);
    const png = await page.screenshot({ path: shotPath('replay') });
    expect(await distinctColours(page, png)).toBeGreaterThan(5);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
    await page.getByTestId('replay-exit').click();
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Movement Segment');
    await ctx.close();
  });

  it('a long game (Cherbourg, 1,491 entries): imported, stepped through from the kept states, its log window shown further, and resumed after a reload (issue 17)', async () => {
    // The opponent's self-play game written as a hotseat save, as the app writes one.
    const log = JSON.parse(readFileSync('tests/fixtures/selfplay/cherbourg-full-bench-1.json', 'utf8')) as GameLog;
    const c = createSave({ scenario: log.scenario, length: log.options.length, dice: 'hotseat', players: { allied: 'A', german: 'B' }, seed: log.options.seed, random: fakeRandom('e2e-long') });
    if (!c.ok) throw new Error(c.error);
    let g = c.game;
    // All but its last action, which ends the game (its victory dialog would cover the map).
    for (const a of log.actions.slice(0, -1)) g = must(appendAction(g, a));
    const n = g.save.entries.length;
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(h.url);
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push(e.duration); }).observe({ type: 'longtask', buffered: false });
    });
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'cherbourg.neptune.json', mimeType: 'application/json', buffer: Buffer.from(saveToText(g.save)) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 60_000 });
    // The VCR's steps come from the states the check kept: the last, one back (from the state kept at
    // entry 1,400), the first.
    await page.getByTestId('vcr-last').click();
    await expect.poll(() => page.getByTestId('vcr-step').textContent()).toBe(`${n} / ${n}`);
    await page.getByTestId('vcr-prev').click();
    await expect.poll(() => page.getByTestId('vcr-step').textContent()).toBe(`${n - 1} / ${n}`);
    await page.getByTestId('vcr-first').click();
    await expect.poll(() => page.getByTestId('vcr-step').textContent()).toBe(`0 / ${n}`);
    await page.getByTestId('replay-exit').click();
    await page.getByTestId('log-earlier').waitFor();
    const shown = await page.getByTestId('game-log').locator('li').count();
    expect(shown).toBe(1000);
    await page.getByTestId('log-earlier').click();
    await expect.poll(() => page.getByTestId('game-log').locator('li').count()).toBeGreaterThan(1000);
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    console.log(`long game import: main-thread long tasks ${JSON.stringify(long.map(Math.round))} ms`);
    await page.waitForTimeout(500); // the autosave write is asynchronous
    await page.reload();
    await page.getByTestId('save-list').locator('[data-testid=save-open]').first().click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    await page.getByTestId('log-earlier').waitFor();
    expect(await page.getByTestId('game-log').locator('li').count()).toBe(1000);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it('a tampered file is refused with a reason and nothing changes', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(h.url);
    const bad = exported.replace('"C4720"', '"C4721"');
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'bad.neptune.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    // The file is checked in a worker (a replay of its log): its time depends on the machine's load, not on what is tested here.
    await expect.poll(() => page.getByTestId('save-controls').textContent(), { timeout: 30_000 }).toMatch(/was not loaded: .*entry/);
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    await ctx.close();
  });

  it('a save of an older data version (before issue 18 widened the map) opens brought up to date, with a notice; one whose entry the rules refuse is not opened, naming the entry and the rule', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(h.url);
    const older = readFileSync('tests/fixtures/saves-older/epsom-short.neptune.json', 'utf8');
    const bad = JSON.parse(older) as SaveFile;
    (bad.entries[5] as { action: object }).action = { type: 'move', unit: '196-73', path: ['C4719'] };
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'bad.neptune.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rechain(bad))) });
    await expect.poll(() => page.getByTestId('save-controls').textContent(), { timeout: 30_000 }).toMatch(/was not loaded: .*its entry 5 \(move unit=196-73 path=\["C4719"\]\) is refused by the current rules: .*\(GOSS 7\.1\)\. The save was not opened/);
    expect(await page.getByTestId('import-error').textContent()).not.toMatch(/[0-9a-f]{12}/);
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'epsom.neptune.json', mimeType: 'application/json', buffer: Buffer.from(older) });
    await page.getByTestId('replay-bar').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('migrated-notice').textContent()).toContain('brought up to date with the current rules data: 40 actions re-played');
    await page.getByTestId('replay-exit').click();
    await expect.poll(() => page.getByTestId('migrated-notice').textContent()).toContain('40 actions re-played');
    await ctx.close();
  });

  it('a 200,000-entry hostile file (compact free rolls, wrong seal) is refused within 1 s of main-thread time, the page staying responsive (issue 15 hole 6)', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(h.url);
    await page.getByTestId('save-list').waitFor();
    const file = Buffer.from(hostileCompactFile());
    // Long tasks (> 50 ms on the main thread) and a heartbeat that would stall if the page froze.
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[]; __beats: number[] };
      w.__long = []; w.__beats = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__long.push(e.duration); }).observe({ type: 'longtask', buffered: false });
      setInterval(() => w.__beats.push(performance.now()), 20);
    });
    const t0 = Date.now();
    await page.getByTestId('save-controls').locator('input[type=file]').setInputFiles({ name: 'hostile.neptune.json.gz', mimeType: 'application/gzip', buffer: file });
    await expect.poll(() => page.getByTestId('save-controls').textContent(), { timeout: 30_000 }).toMatch(/was not loaded: the file has 200,000 log entries, more than a game of this length can have/);
    const wall = Date.now() - t0;
    const { long, gaps } = await page.evaluate(() => {
      const w = window as unknown as { __long: number[]; __beats: number[] };
      const gaps = w.__beats.slice(1).map((t, i) => t - w.__beats[i]);
      return { long: w.__long, gaps };
    });
    const mainThread = long.reduce((a, b) => a + b, 0);
    console.log(`hostile file: refused after ${wall} ms wall; long tasks ${JSON.stringify(long.map(Math.round))}; longest heartbeat gap ${Math.round(Math.max(0, ...gaps))} ms`);
    expect(mainThread).toBeLessThan(1000);
    expect(Math.max(0, ...long)).toBeLessThan(100);
    expect(Math.max(0, ...gaps)).toBeLessThan(150); // 20 ms timer + scheduling slack on a loaded machine
    expect(await page.getByTestId('replay-bar').count()).toBe(0);
    await ctx.close();
  });
});

