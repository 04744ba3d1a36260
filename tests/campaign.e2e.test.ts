import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, watchedPage, type Harness } from './browser';
import { replay, sideToAct, type GameLog, type GameState } from '../src/engine';
import { distance, formatHex } from '../src/engine/hex';
import { segmentAt } from '../src/engine/sequence';
import { campaignBundle } from '../src/bench/campaign';
import { destinationsByUnit } from '../src/ui/map/reach';
import { unitList, unitOf } from '../src/engine/unitTable';

// Issue 17: the synthetic 2,000-counter campaign scenario in the real build — a move and its undo,
// each checked on the frame painted after it (the pixels at both hexes). No time budget here: budgets
// live in `npm run bench`; the ms are printed for the record.
const N = 2000;
const bundle = campaignBundle(N);
let h: Harness;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  h = await startHarness('dist-e2e-campaign');
  page = await watchedPage(h, errors);
});
afterAll(async () => { await h?.close(); });

async function game(): Promise<GameState> {
  const log = await page.evaluate(() => JSON.parse(JSON.stringify(window.__neptune!.getState().log)) as GameLog);
  const r = replay(log);
  if (!r.ok) throw new Error(`the page's log does not replay: ${r.error}`);
  return r.state;
}
const n = () => page.evaluate(() => window.__neptune!.getState().state!.n);

/** The painted pixels around a hex: a screenshot of the canvas clip after a render and a pixel read-back. */
async function pixelsAt(hex: string): Promise<Buffer> {
  await page.mouse.move(5, 5);
  // The map loses the keyboard focus, so its hex cursor (issue 16 item 1) is not in the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => window.__map!.paintedAfter(() => undefined));
  const p = await page.evaluate((id) => window.__map!.screenOf(id), hex);
  return page.screenshot({ clip: { x: p.x - 24, y: p.y - 24, width: 48, height: 48 } });
}

describe(`the ${N}-counter campaign scenario`, () => {
  it('plays a move and an undo, each shown on the next painted frame', async () => {
    await page.goto(h.url);
    await page.getByTestId('scenario-list').waitFor();
    await page.evaluate((k) => (window as unknown as { __bench: { startCampaign(n: number): void } }).__bench.startCampaign(k), N);
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
    const onMap = await page.evaluate(() => Object.entries(window.__neptune!.getState().state!.units).flatMap(([k, c]) => (k === 'ids' ? [] : Object.values(c as Record<string, { hex: number | null }>))).filter((u) => u.hex !== null).length);
    expect(onMap).toBe(N);
    // To the Movement Segment.
    let s = await game();
    for (let guard = 0; guard < 10 && segmentAt(bundle.sequence, s.pos).segment.id !== 'move'; guard++) {
      const before = s.n;
      await page.getByTestId('end-segment').click();
      await expect.poll(n).toBeGreaterThan(before);
      s = await game();
    }
    expect(segmentAt(bundle.sequence, s.pos).segment.id).toBe('move');
    const side = sideToAct(s)!;
    // A stack far from the enemy with an empty hex next to it that all its units can reach (a click moves the stack).
    const live = unitList(s).filter((u) => u.hex !== null && !u.eliminated);
    const enemy = live.filter((u) => u.side !== side).map((u) => u.hex!);
    const occupied = new Set(live.map((u) => u.hex!));
    let pick: { unit: string; from: number; to: number } | null = null;
    for (const u of live) {
      if (u.side !== side || enemy.some((e) => distance(e, u.hex!) <= 3)) continue;
      const per = [...destinationsByUnit(s, bundle, u.hex!).values()];
      const to = per.length ? [...per[0].keys()].find((x) => distance(x, u.hex!) === 1 && !occupied.has(x) && per.every((d) => d.has(x))) : undefined;
      if (to !== undefined) { pick = { unit: u.id, from: u.hex!, to }; break; }
    }
    const from = formatHex(pick!.from); const to = formatHex(pick!.to);
    await page.evaluate((id) => window.__map!.centerOn(id, 1.6), from);
    const from0 = await pixelsAt(from); const to0 = await pixelsAt(to);
    // Select and move with the mouse, as a player does.
    const pf = await page.evaluate((id) => window.__map!.screenOf(id), from);
    await page.mouse.click(pf.x, pf.y);
    await expect.poll(() => page.getByTestId('inspector-hex').textContent()).toBe(from);
    const moved = await n();
    const pt = await page.evaluate((id) => window.__map!.screenOf(id), to);
    await page.mouse.click(pt.x, pt.y);
    // One move action per unit of the stack.
    const k = live.filter((u) => u.hex === pick!.from && u.side === side).length;
    await expect.poll(n).toBe(moved + k);
    expect(unitOf((await game()), pick!.unit).hex).toBe(pick!.to);
    await page.mouse.click(5, 5, { button: 'right' });
    const from1 = await pixelsAt(from); const to1 = await pixelsAt(to);
    expect(from1.equals(from0), 'the counter left its hex on the painted frame').toBe(false);
    expect(to1.equals(to0), 'the counter is drawn in the new hex').toBe(false);
    // Undo: a stack move is one undo step (issue 16 item 11); the store action, then the painted frame.
    const undoMs = await page.evaluate(() => window.__map!.paintedAfter(() => { window.__neptune!.getState().undo(); }));
    expect(await n()).toBe(moved);
    expect(unitOf((await game()), pick!.unit).hex).toBe(pick!.from);
    const from2 = await pixelsAt(from); const to2 = await pixelsAt(to);
    expect(from2.equals(from0), 'after the undo the counter is back, pixel for pixel').toBe(true);
    expect(to2.equals(to0), 'and its destination is as it was').toBe(true);
    console.log(`campaign ${N}: undo to painted frame ${undoMs.toFixed(0)} ms; faces drawn ${await page.evaluate(() => window.__map!.drawnCounters())} of ${N}`);
    expect(errors).toEqual([]);
  }, 240_000);

  it('hovering a stack opens its fan on the painted frame, and leaving it closes the fan', async () => {
    // The fan's layer joins the scene on the first hover (issue 14: Pixi updates every render group each frame).
    const s = await game();
    const count = new Map<number, number>();
    for (const u of unitList(s)) if (u.hex !== null && !u.eliminated) count.set(u.hex, (count.get(u.hex) ?? 0) + 1);
    const hex = formatHex([...count].find(([, c]) => c >= 2)![0]);
    await page.evaluate((id) => window.__map!.centerOn(id, 1.6), hex);
    const p = await page.evaluate((id) => window.__map!.screenOf(id), hex);
    const around = { x: p.x - 90, y: p.y - 60, width: 180, height: 120 };
    const shot = async () => { await page.evaluate(() => window.__map!.paintedAfter(() => undefined)); return page.screenshot({ clip: around }); };
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const closed = await shot();
    await page.mouse.move(p.x, p.y);
    expect((await shot()).equals(closed), 'the hovered stack is drawn otherwise (its fan and the hover outline)').toBe(false);
    await page.mouse.move(5, 5);
    expect((await shot()).equals(closed), 'the fan closes when the pointer leaves').toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
