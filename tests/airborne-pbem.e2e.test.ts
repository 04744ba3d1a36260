/**
 * The night drop of the 6th Airborne (AW 41) by e-mail in Chromium: player A (Allies) starts "The
 * night drop: 6th Airborne" by e-mail with fast dice in one browser context, player B (Germans) plays
 * in another; each plays its own segments of the Airborne Assault Stage through the UI (the same steps
 * as the hotseat test, tests/e2e-airborne.ts) and sends the turn file whenever the other side is to
 * act, until the stage, and the game, ends. Both browsers show the same Airborne Display and the same
 * FoW counters — backs only: the files carry no FoW identity (docs/engine.md "Random hidden draws").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { distinctColours, shotPath, startHarness, type Harness } from './browser';
import { pbemPlayer, sendTurn, startPbemAsAllies } from './e2e-pbem';
import { scenarioSteps, type ScenarioSteps } from './e2e-play';
import { pageState, playSegment, STAGE_SEGMENTS } from './e2e-airborne';
import { loadScenario } from '../src/data/bundle';
import { sideToAct, type Side } from '../src/engine';
import { airborneState } from '../src/engine/query';
import { unitOf } from '../src/engine/unitTable';

const bundle = loadScenario('night-drop-6ab');
let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-airborne-pbem'); }, 300_000);
afterAll(async () => { await h?.close(); });

interface Player { side: Side; ctx: BrowserContext; page: Page; steps: ScenarioSteps; errors: string[] }

async function player(side: Side, prefix: string): Promise<Player> {
  const errors: string[] = [];
  const { ctx, page } = await pbemPlayer(h, errors);
  return { side, ctx, page, steps: scenarioSteps(page, h.url, bundle, prefix, errors), errors };
}

async function open(p: Player, f: { name: string; text: string }, fresh: boolean) {
  const input = fresh ? p.page.getByTestId('save-controls').locator('input[type=file]') : p.page.getByTestId('pbem').locator('input[type=file]');
  await input.setInputFiles({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) });
  if (fresh) await p.page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
  await p.page.getByTestId('replay-exit').click({ timeout: 60_000 });
}

/** The FoW counters on the map and the containers as a player's browser shows them (counts only). */
async function fowSeen(p: Player) {
  const s = await pageState(p.page);
  const a = airborneState(s);
  return {
    onMap: Object.keys(a.fow).filter((id) => unitOf(s, id)?.hex !== null && !unitOf(s, id)?.eliminated).sort(),
    containers: await p.page.getByTestId('ab-container').allTextContents(),
  };
}

describe('the night drop: 6th Airborne by e-mail (AW 41, fast dice)', () => {
  it('AW 41.1–41.11: A (Allies) and B (Germans) play the 11 segments in two browsers, exchanging turn files, to the end of the game', async () => {
    const A = await player('allied', 'abpbem-a');
    const B = await player('german', 'abpbem-b');
    await startPbemAsAllies(A.page, h.url, 'night-drop-6ab', 'fast');
    expect(await A.page.getByTestId('pbem-seat').textContent()).toContain('you play the Allies');
    await expect.poll(() => A.page.getByTestId('airborne-display').count()).toBe(1);
    await B.page.goto(h.url);
    const played: string[] = [];
    const notes: string[] = [];
    const files: string[] = [];
    // Fast dice: A's rolls (Pegasus, the DZs) come from B's nonce, so the opening file goes to B and back first.
    const opening = await sendTurn(A.page);
    await open(B, opening, true);
    expect(await B.page.getByTestId('pbem-seat').textContent()).toContain('you play the Germans');
    await open(A, await sendTurn(B.page), false);
    let at: Player = A;
    const bOpened = true;
    // The guard only stops a loop that never ends: with fast dice each run rolls differently, and a German
    // combat whose attacks each force an Allied retreat decision sends a file per decision (one CI run took
    // more than 40 exchanges and stopped before the end of the stage).
    for (let guard = 0; guard < 150; guard++) {
      const s = await pageState(at.page);
      if (s.over) break;
      const actor = sideToAct(s);
      if (actor !== at.side) {
        // The other side is to act: send the file; the other player opens it (the first time on the start screen).
        const f = await sendTurn(at.page);
        files.push(f.name);
        const to = at === A ? B : A;
        await open(to, f, to === B && !bOpened);
        expect(await to.page.getByTestId('pbem-seat').textContent()).toContain(to === A ? 'you play the Allies' : 'you play the Germans');
        // Both browsers see the same FoW counters and containers: nothing more (no identity is in the file).
        expect(await fowSeen(to)).toEqual(await fowSeen(at));
        at = to;
        continue;
      }
      const seg = at.steps.segId(s);
      if (!played.includes(seg)) played.push(seg);
      const did = await playSegment(at.page, at.steps, bundle, seg, notes, 60, 3);
      console.log(`${at.side} ${seg}: ${did.length ? did.join(', ') : 'nothing offered'}`);
      const now = await pageState(at.page);
      if (now.over || at.steps.segId(now) !== seg || sideToAct(now) !== at.side || now.pending) continue;
      await at.page.getByTestId('end-segment').click();
      await expect.poll(at.steps.n).toBeGreaterThan(now.n);
    }
    expect(played).toEqual(STAGE_SEGMENTS);
    // The page's log replays in Node to the page's state (each side's browser checked every file on opening).
    expect((await at.steps.game()).n).toBe(await at.steps.n());
    // At least: A → B before the German movement, B → A for the 2nd Allied movement, A → B again.
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files[0]).toMatch(/^night-drop-6ab-.*german\.neptune\.json$/);
    const end = await at.steps.game();
    expect(end.over, 'the game ends with the stage').toBeTruthy();
    await expect.poll(() => at.page.getByTestId('victory').count()).toBe(1);
    const png = await at.page.screenshot({ path: shotPath('airborne-pbem-end') });
    expect(await distinctColours(at.page, png)).toBeGreaterThan(6);
    if (notes.length) console.log(`not exercised:\n  ${[...new Set(notes)].join('\n  ')}`);
    console.log(`files exchanged: ${files.join(', ')}`);
    expect(A.errors).toEqual([]);
    expect(B.errors).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 420_000);
});
