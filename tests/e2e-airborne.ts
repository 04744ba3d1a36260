/**
 * Shared steps of the airborne browser tests (hotseat and PBEM): play one segment of the Airborne
 * Assault Stage (AW 41) through the UI — each action a button of the Decisions panel (the stack
 * selected on the map first when the action is about a unit on the map), each one an action the
 * engine offers on the page's own log replayed in Node — and answer the decisions it opens.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ScenarioSteps } from './e2e-play';
import { legalActions, sideToAct, type Action, type GameState, type ScenarioBundle } from '../src/engine';
import { formatHex } from '../src/engine/hex';
import { describeAction } from '../src/ui/describeAction';
import { unitOf } from '../src/engine/unitTable';

/** AW 41.0: the 11 segments of the stage, in order (data/sequences/standard.json). */
export const STAGE_SEGMENTS = ['dzPlacement', 'airborneDrop', 'alliedMovement1', 'gliderLanding', 'alliedCombat1', 'germanMovement1', 'germanCombat1', 'alliedMovement2', 'alliedCombat2', 'germanMovement2', 'germanCombat2'];

/** What the test does in each segment, by action type (first offered first); the rest of a segment is "Done with segment". */
const WORK: Record<string, string[]> = {
  dzPlacement: ['pegasus', 'placeDz'],
  airborneDrop: ['dropUnit', 'dropFow'],
  alliedMovement1: ['reorganise', 'regroup', 'blowBridge'],
  gliderLanding: ['landGlider', 'gliderDisplace'],
  alliedCombat1: ['mervilleAttack', 'abAttack'],
  germanMovement1: ['activate'],
  germanCombat1: ['abAttack'],
  alliedMovement2: ['reorganise', 'regroup', 'blowBridge'],
  alliedCombat2: ['abAttack'],
  germanMovement2: ['activate'],
  germanCombat2: ['abAttack'],
};
/** Actions the engine offers that the test leaves alone (moves are made on the map, dice are free rolls). */
const IGNORED = new Set(['endSegment', 'roll', 'diceKey', 'move', 'abMove', 'gMove']);

/** The game state in the page, as its store holds it. */
export async function pageState(page: Page): Promise<GameState> {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__neptune!.getState().state)) as GameState);
}

export function airborneSegments(played: string[]): string {
  return played.map((s, i) => `${i + 1} ${s}`).join(', ');
}

/**
 * Plays the segment's WORK actions through the Decisions panel (at most `max`), answering decisions as
 * they open; returns the action types clicked. Offered types the test does not play are noted in `notes`.
 */
export async function playSegment(page: Page, steps: ScenarioSteps, bundle: ScenarioBundle, seg: string, notes: string[], max = 60, clicksPerType = Infinity): Promise<string[]> {
  const did: string[] = [];
  const clicks = new Map<string, number>();
  const me = await page.evaluate(() => window.__neptune!.getState().pbem?.me ?? null);
  const offeredTypes = new Set<string>();
  for (let i = 0; i < max; i++) {
    await steps.revealIfHanded();
    // The page's own state (cheaper than replaying its log at every click; the tests replay it at the end).
    const s = await pageState(page);
    if (s.over || steps.segId(s) !== seg) break;
    // By e-mail a decision the other side owes is answered in its browser: the caller sends the file.
    if (s.pending && me && s.pending.side !== me) break;
    if (s.pending) {
      // One decision at a time, so that by e-mail the loop stops as soon as the other side owes the next one.
      await expect.poll(() => page.getByTestId('pending').count()).toBe(1);
      const choice = page.getByTestId('decisions').locator('button[data-testid^="choice-"]').first();
      did.push(`decision (${s.pending.side} ${s.pending.kind}: ${await choice.textContent()})`);
      await choice.click();
      await expect.poll(steps.n).toBeGreaterThan(s.n);
      continue;
    }
    const side = sideToAct(s);
    // By e-mail, once the other side is to act this browser stops: the caller sends the file.
    if (!side || (me && side !== me)) break;
    const all = legalActions(s, side);
    for (const a of all) if (!IGNORED.has(a.type)) offeredTypes.add(a.type);
    const a = all.find((x) => (WORK[seg] ?? []).includes(x.type));
    if (!a) break;
    const k = clicks.get(a.type) ?? 0;
    clicks.set(a.type, k + 1);
    if (k >= clicksPerType) {
      // More of the same: through the store's dispatch, the call the button makes (keeps a long drop within the time budget).
      expect(await page.evaluate((x) => window.__neptune!.getState().dispatch(x), a as Action)).toBe(true);
      did.push(a.type);
      continue;
    }
    const unit = (a as { unit?: string }).unit;
    const hex = unit ? unitOf(s, unit)?.hex ?? null : null;
    // An action about a unit on the map is listed for the selected stack (Decisions panel, issue 16 item 7).
    if (hex !== null) await steps.clickHex(formatHex(hex));
    const label = describeAction(a as Action, bundle);
    const btn = page.getByTestId('decisions').locator(`[data-testid="choice-${a.type}"]`).filter({ hasText: label }).first();
    await btn.click();
    try {
      await expect.poll(steps.n).toBeGreaterThan(s.n);
    } catch {
      const why = await page.evaluate(() => window.__neptune!.getState().error ?? '');
      const refusal = (await page.getByTestId('pbem-refusal').count()) ? await page.getByTestId('pbem-refusal').textContent() : '';
      throw new Error(`"${label}" was not applied: ${why} ${refusal}`);
    }
    did.push(a.type);
  }
  const unplayed = [...offeredTypes].filter((t) => !(WORK[seg] ?? []).includes(t));
  if (unplayed.length) notes.push(`${seg}: offered but not played by this test: ${unplayed.join(', ')}`);
  if (!offeredTypes.size) notes.push(`${seg}: the engine offers nothing but "Done with segment" here`);
  return did;
}
