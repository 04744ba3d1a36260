/**
 * Issue 15 "two files per game turn" in Chromium (docs/save-format.md "Standing orders"): two
 * browser profiles play Goodwood by e-mail with fast dice. After the German setup, the German player
 * writes standing orders in the Standing Orders panel — defensive fire at the assaults designated
 * against three hexes, then the end of its Defensive FS Segment, and its hit options — and sends.
 * The Allied player designates three attacks and assaults once: the German missions and decisions are
 * played in the Allied browser by those orders (recorded as German actions), and the Allied player
 * turn ends without a file going back. The Allied player's own orders (end of its Defensive FS
 * Segment, hit options) carry the German player turn the same way: the game turn takes two files.
 * Then the German sends orders without fire orders, and the Allied panel says which decision no
 * order covers. Actions are chosen in Node from the page's own file (src/store/exchange.ts's script)
 * and played through the store's dispatch, as the UI calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, shotPath, startHarness, type Harness } from './browser';
import { pbemPlayer, sendTurn, startPbemAsAllies } from './e2e-pbem';
import { apply, bundleOf, sideToAct, type Action, type GameState, type Side } from '../src/engine';
import { segmentAt } from '../src/engine/sequence';
import { loadSave, type SavedGame } from '../src/save';
import { policy, scriptDesignations } from '../src/store/exchange';

let h: Harness;
beforeAll(async () => { h = await startHarness('dist-e2e-pbem-orders'); }, 300_000);
afterAll(async () => { await h?.close(); });

const seg = (s: GameState) => segmentAt(bundleOf(s).sequence, s.pos).segment.id;

const player = (errors: string[]) => pbemPlayer(h, errors, { width: 1280, height: 900 });

async function open(page: Page, f: { name: string; text: string }, fresh = false) {
  const input = fresh ? page.getByTestId('save-controls').locator('input[type=file]') : page.getByTestId('pbem').locator('input[type=file]');
  await input.setInputFiles({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(f.text) });
  if (fresh) await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
  await page.getByTestId('replay-exit').click({ timeout: 60_000 });
}

/** The page's game, verified in Node from its own file (dice keys included): exact. */
async function gameOf(page: Page): Promise<SavedGame> {
  const save = await page.evaluate(() => JSON.stringify(window.__neptune!.getState().saved!.save));
  const r = loadSave(save);
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

const dispatch = (page: Page, a: Action) => page.evaluate((x) => window.__neptune!.getState().dispatch(x as never), a as unknown);

/**
 * Plays `me`'s side by the script until the other side is to act (its standing orders having run
 * out in this browser). `stopAt` ends earlier (a state where the test looks at the page).
 */
async function playOn(page: Page, me: Side, state: { designated: Set<string>; assaulted: boolean }, stopAt?: (s: GameState) => boolean): Promise<SavedGame> {
  for (let guard = 0; guard < 200; guard++) {
    const g = await gameOf(page);
    const s = g.state;
    if (s.over || sideToAct(s) !== me || stopAt?.(s)) return g;
    const a = policy(s, me, { orders: [] }, state.designated, state.assaulted);
    if (a.type === 'assault') state.assaulted = true;
    expect(await dispatch(page, a), `${me} ${JSON.stringify(a)} at ${seg(s)}: ${await page.evaluate(() => window.__neptune!.getState().error)}`).toBe(true);
  }
  throw new Error('the script did not hand over');
}

/** Opens the "Your standing orders" part of the panel. */
async function openMine(page: Page) {
  await page.getByTestId('orders-mine').evaluate((d) => { (d as HTMLDetailsElement).open = true; });
}

async function setHitOrders(page: Page) {
  for (const [id, label] of [['fsHits', 'step loss'], ['fsAbsorb', 'up to 1'], ['fsRetreat', 'first path allowed'], ['gaDefend', 'line 1 first'], ['gaConvert', 'no conversion'], ['gaOption', 'Hold'], ['gaAbsorb', 'up to 1'], ['gaRetreat', 'first path allowed']]) {
    await page.getByTestId(`order-${id}`).selectOption({ label });
  }
}

describe('play by e-mail with standing orders in Chromium (Goodwood, fast dice)', () => {
  it('a game turn with three defensive fire missions and an assault takes two files; a decision no order covers is shown', async () => {
    const errors: string[] = [];
    const A = await player(errors);
    const B = await player(errors);
    // Opening and German setup (AW 32.11.0): before the game turn.
    await startPbemAsAllies(A.page, h.url, 'goodwood', 'fast');
    const opening = await sendTurn(A.page);
    await B.page.goto(h.url);
    await open(B.page, opening, true);
    await B.page.getByTestId('setup-finish').click();
    await expect.poll(() => B.page.getByTestId('turn-status').textContent()).toMatch(/is to act: send this file/);
    // The German knows where the attacks will come (the script): fire orders against those three hexes.
    let probe = (await gameOf(B.page)).state;
    while (seg(probe) !== 'attackDesignation') { const r = apply(probe, { type: 'endSegment' }); if (!r.ok) throw new Error(r.error.message); probe = r.state; }
    const plan = scriptDesignations(probe);
    expect(plan.against).toHaveLength(3);
    await openMine(B.page);
    for (const x of plan.against) {
      await B.page.getByTestId('order-fire-hex').fill(x);
      await B.page.getByTestId('order-add-fire').click();
    }
    await B.page.getByTestId('order-end-fs').check();
    await setHitOrders(B.page);
    await expect.poll(() => B.page.getByTestId('order-item').count()).toBe(12);
    expect(await B.page.getByTestId('order-list').textContent()).toContain(`Defensive FS (AW 31.2.2b): fire at the first assault designated against ${plan.against[0]}`);
    await B.page.screenshot({ path: shotPath('pbem-orders-german') });
    const setUp = await sendTurn(B.page);
    expect(setUp.text).toContain('"kind":"orders"');

    // File 1: the whole Allied player turn in A's browser, the German decisions by the German orders.
    await open(A.page, setUp);
    await expect.poll(() => A.page.getByTestId('orders-opponent').textContent()).toContain('standing orders in force (12)');
    const sa = { designated: new Set<string>(), assaulted: false };
    const g1 = await playOn(A.page, 'allied', sa);
    const entries = g1.save.entries.slice(JSON.parse(setUp.text).entries.length);
    const byOrder = entries.filter((e) => e.kind === 'action' && e.order !== undefined);
    expect(byOrder.every((e) => e.by === 'german')).toBe(true);
    expect(byOrder.filter((e) => e.kind === 'action' && e.action.type === 'fireMission')).toHaveLength(3);
    expect(entries.some((e) => e.kind === 'action' && e.action.type === 'assault')).toBe(true);
    expect(sa.assaulted).toBe(true);
    await expect.poll(() => A.page.getByTestId('game-log').textContent()).toMatch(/FS/);
    // The Allied orders for the German player turn: end my Defensive FS Segment, my hit options.
    await openMine(A.page);
    await A.page.getByTestId('order-end-fs').check();
    await setHitOrders(A.page);
    const turn = g1.state.pos.turn;
    const file1 = await sendTurn(A.page);

    // File 2: the German player turn in B's browser; the Allied Defensive FS Segment ends by the Allied orders.
    await open(B.page, file1);
    const sb = { designated: new Set<string>(), assaulted: false };
    const g2 = await playOn(B.page, 'german', sb);
    expect(g2.state.pos.turn).toBe(turn + 1);
    expect(g2.save.entries.some((e) => e.kind === 'action' && e.by === 'allied' && e.order !== undefined && e.action.type === 'endSegment')).toBe(true);
    // Before sending, the German takes back its fire orders and the end of its Defensive FS Segment.
    await openMine(B.page);
    await B.page.getByTestId('order-end-fs').uncheck();
    while (await B.page.getByTestId('order-item').filter({ hasText: 'Defensive FS (AW 31.2.2b): fire' }).count()) {
      await B.page.getByTestId('order-item').filter({ hasText: 'Defensive FS (AW 31.2.2b): fire' }).first().getByTestId('order-remove').click();
    }
    const file2 = await sendTurn(B.page);
    await open(A.page, file2);
    await expect.poll(() => A.page.getByTestId('turn-status').textContent()).toMatch(/^Your move\./);
    // Two files for the game turn (the opening and the setup file came before it): one each way.
    expect(file1.name).toMatch(/-german\.neptune\.json$/);
    expect(file2.name).toMatch(/-allied\.neptune\.json$/);

    // GT 2: the German Defensive FS Segment has no order now: A's panel says so, and the file goes back.
    await playOn(A.page, 'allied', { designated: new Set<string>(), assaulted: true }, (s) => seg(s) === 'defensiveFs');
    await expect.poll(() => A.page.getByTestId('orders-gap').textContent()).toBe('No standing order covers the Defensive FS Segment (AW 31.2.2b): the decision goes back to its player.');
    await expect.poll(() => A.page.getByTestId('turn-status').textContent()).toMatch(/German player is to act: send this file/);
    const png = await A.page.screenshot({ path: shotPath('pbem-orders-gap') });
    expect(await distinctColours(A.page, png)).toBeGreaterThan(6);
    expect(errors).toEqual([]);
    await A.ctx.close();
    await B.ctx.close();
  }, 600_000);
});
