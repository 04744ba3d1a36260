/**
 * The Airborne Assault Stage's moves made on the map (AW 41.3.7, 41.6.1), in Chromium, hotseat: "The
 * night drop: 6th Airborne" is played to the 1st Allied Movement Segment (each action the engine's
 * own offer on the page's state, through the store's dispatch, the call the panel's buttons make);
 * there an airborne unit is selected by a real click on the canvas at its hex, the map highlights the
 * hexes its abMove offers reach, and a click on one moves it. Then the same for an activated German
 * unit in the 1st German Movement Segment (gMove). Screenshots with the reach shown go to docs/img/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, internalText, shotPath } from './browser';
import { scenarioHarness, type ScenarioSteps } from './e2e-play';
import { pageState } from './e2e-airborne';
import { loadScenario } from '../src/data/bundle';
import { legalActions, sideToAct, type Action, type GameState } from '../src/engine';
import { formatHex, hexOfRulesId } from '../src/engine/hex';
import { stageReach } from '../src/ui/map/stageMoves';
import { movableUnits } from '../src/ui/map/reach';
import { unitList, unitOf } from '../src/engine/unitTable';

const bundle = loadScenario('night-drop-6ab');
const errors: string[] = [];
let page: Page;
let steps: ScenarioSteps;
scenarioHarness(bundle, 'airborne-map', errors, (p, s) => { page = p; steps = s; });

/** The landing actions the way to the movement segments takes (the stage's first offers). */
const FIRST = ['pegasus', 'placeDz', 'dropUnit', 'dropFow', 'landGlider', 'gActivate'];

/** Plays the page's game to the start of segment `id` through the store's dispatch (landings, decisions, "Done with segment"). */
async function playTo(id: string): Promise<GameState> {
  for (let guard = 0; guard < 600; guard++) {
    const s = await pageState(page);
    if (steps.segId(s) === id && !s.pending) return s;
    const side = sideToAct(s)!;
    const offers = legalActions(s, side);
    // A decision: its first offer (a roll too, when the decision is a roll); otherwise the landings, else "Done with segment".
    // When the segment cannot end yet (the Merville step must attack, AW 41.4.1) the first other offer.
    const a = s.pending ? offers.find((x) => x.type !== 'diceKey') : offers.find((x) => FIRST.includes(x.type))
      ?? offers.find((x) => x.type === 'endSegment') ?? offers.find((x) => !['roll', 'diceKey', 'abMove', 'gMove'].includes(x.type));
    const act = (a ?? { type: 'endSegment' }) as Action;
    const ok = await page.evaluate((x) => window.__neptune!.getState().dispatch(x), act);
    if (!ok) throw new Error(`${JSON.stringify(act)} refused in ${steps.segId(s)}: ${await page.evaluate(() => window.__neptune!.getState().error)}`);
  }
  throw new Error(`did not reach ${id}`);
}

/** Activates every German unit the groups may activate (the German's choices, first offers). */
async function activateAll(): Promise<GameState> {
  for (let guard = 0; guard < 40; guard++) {
    const s = await pageState(page);
    const a = legalActions(s, 'german').find((x) => x.type === 'gActivate');
    if (!a) return s;
    expect(await page.evaluate((x) => window.__neptune!.getState().dispatch(x), a)).toBe(true);
  }
  throw new Error('activation did not end');
}

async function shot(name: string) {
  const path = shotPath(name, 'docs/img');
  const png = await page.getByTestId('map').screenshot({ path });
  expect(await distinctColours(page, png), `screenshot ${name}`).toBeGreaterThan(12);
  expect(await internalText(page), 'internal references on the screen').toEqual([]);
}

/**
 * Selects the unit's hex with a click on the canvas, checks the highlighted reach against the
 * engine's (stageReach of the page's state), screenshots it, clicks `to` and waits for the move.
 */
async function moveByClicks(s: GameState, type: 'abMove' | 'gMove', unit: string, to: number, shotName: string): Promise<void> {
  const from = unitOf(s, unit).hex!;
  await steps.revealIfHanded();
  // A browser-side figure: selecting the stack (its moves asked of the engine for it alone) to the painted frame, cold.
  const [ms, idle] = await page.evaluate(async (h) => {
    window.__neptune!.getState().selectHex(null);
    const idle = await window.__map!.paintedAfter(() => undefined);
    return [await window.__map!.paintedAfter(() => window.__neptune!.getState().selectHex(h)), idle];
  }, from);
  console.log(`${type}: selecting ${steps.name(unit)} to the painted reach: ${ms.toFixed(1)} ms (a frame with no change: ${idle.toFixed(1)} ms)`);
  await page.evaluate(() => window.__neptune!.getState().selectHex(null));
  await steps.clickHex(formatHex(from));
  const expected = [...stageReach(s, bundle, from)!.keys()].map(formatHex).sort();
  expect(expected).toContain(formatHex(to));
  await expect.poll(async () => (await page.evaluate(() => window.__map!.reachable())).sort()).toEqual(expected);
  // The Decisions panel lists the selected stack's moves (only its own) and why the others cannot move.
  await expect.poll(() => page.getByTestId('stage-moves').textContent()).toContain(steps.name(unit));
  expect(await page.getByTestId(`choice-${type}`).count()).toBeGreaterThan(0);
  // Zoom in on the move: the selected hex and its reach, then a real click on the destination hex.
  await page.evaluate(([a, z]) => window.__map!.centerOn(a as string, z as number), [formatHex(from), 1.4] as const);
  await shot(shotName);
  // The Decisions panel with the selected stack's moves.
  const panel = await page.getByTestId('decisions').screenshot({ path: shotPath(`${shotName}-panel`) });
  expect(await distinctColours(page, panel)).toBeGreaterThan(2);
  const n = s.n;
  const p = await page.evaluate((hex) => window.__map!.screenOf(hex), formatHex(to));
  await page.mouse.click(p.x, p.y);
  await expect.poll(steps.n).toBeGreaterThan(n);
  const after = await steps.game();
  const last = after.n;
  expect(last).toBeGreaterThan(n);
  expect(unitOf(after, unit).hex, `${unit} moved to ${formatHex(to)} by the click`).toBe(to);
  await expect.poll(steps.logText).toContain(`${formatHex(from)} → ${formatHex(to)}`);
}

describe('the night drop: 6th Airborne, stage moves on the map (AW 41.3.7, 41.6.1)', () => {
  it('AW 41.3.7, 41.6.1: an Allied airborne move and a German activated move made by clicking the map', async () => {
    await steps.startScenario('night-drop-6ab');
    await expect.poll(() => page.getByTestId('airborne-display').count()).toBe(1);

    // The Allied airborne move: a unit alone in its hex, to an empty hex of its reach without a PR check on the way.
    let s = await playTo('alliedMovement1');
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Allied Movement');
    const occupied = (st: GameState, h: number) => unitList(st).some((u) => u.hex === h && !u.eliminated);
    const ab = legalActions(s, 'allied').filter((a) => a.type === 'abMove') as unknown as { unit: string; path: string[] }[];
    const pickAb = ab.find((a) => movableUnits(s, unitOf(s, a.unit).hex!).length === 1 && !occupied(s, hexOfRulesId(a.path.at(-1)!))
      && stageReach(s, bundle, unitOf(s, a.unit).hex!)!.get(hexOfRulesId(a.path.at(-1)!))?.halt === false && a.path.length >= 2);
    expect(pickAb, 'an airborne unit alone in its hex with a free hex two or three hexes away').toBeDefined();
    await moveByClicks(s, 'abMove', pickAb!.unit, hexOfRulesId(pickAb!.path.at(-1)!), 'night-drop-6ab-abmove-reach');

    // The German activated move (AW 41.6.1 / 41.6.2): an activated unit alone in its hex, to an empty hex without a FoW check.
    await playTo('germanMovement1');
    s = await activateAll();
    const g = legalActions(s, 'german').filter((a) => a.type === 'gMove') as unknown as { unit: string; path: string[] }[];
    const pickG = g.find((a) => {
      const from = unitOf(s, a.unit).hex!;
      const to = hexOfRulesId(a.path.at(-1)!);
      const r = stageReach(s, bundle, from)?.get(to);
      return movableUnits(s, from).length === 1 && !occupied(s, to) && r && !r.halt;
    });
    expect(pickG, 'an activated German unit alone in its hex with a free hex to go to').toBeDefined();
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('German Movement');
    await moveByClicks(s, 'gMove', pickG!.unit, hexOfRulesId(pickG!.path.at(-1)!), 'night-drop-6ab-gmove-reach');
    expect(errors).toEqual([]);
  }, 240_000);
});
