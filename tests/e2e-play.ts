/**
 * Shared steps of the scenario browser tests (Epsom, Cherbourg): start a scenario hotseat from the
 * start screen, reveal the board at each handover, end segments, move a unit on the map, designate
 * an attack and make a ground assault through the GA dialog, answering every decision in the
 * Decisions panel. The seed is random (the start screen's), so units and hexes are chosen at each
 * step from the page's own log, replayed here in Node: only what the engine says is legal is clicked.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { distinctColours, internalText, shotPath, startHarness, watchedPage, type Harness } from './browser';
import { apply, legalActions, replay, sideToAct, type GameLog, type GameState, type ScenarioBundle } from '../src/engine';
import { distance, formatHex, hexOfRulesId } from '../src/engine/hex';
import { segmentAt } from '../src/engine/sequence';
import { assaultOptions } from '../src/engine/rules/groundAssault';
import { unitList, unitOf } from '../src/engine/unitTable';

export type ScenarioSteps = ReturnType<typeof scenarioSteps>;

/**
 * One browser test file's setup: a built app served from `dist-e2e-<prefix>`, one page collecting its
 * errors into `errors`, and the shared steps on it, handed to `ready`; closed after the file.
 */
export function scenarioHarness(bundle: ScenarioBundle, prefix: string, errors: string[], ready: (page: Page, steps: ScenarioSteps, h: Harness) => void): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(`dist-e2e-${prefix}`);
    const page = await watchedPage(h, errors);
    ready(page, scenarioSteps(page, h.url, bundle, prefix, errors), h);
  });
  afterAll(async () => { await h?.close(); });
}

export function scenarioSteps(page: Page, url: string, bundle: ScenarioBundle, prefix: string, errors: string[]) {
  /** The game in the page, replayed in Node from its log. */
  async function game(): Promise<GameState> {
    const log = await page.evaluate(() => JSON.parse(JSON.stringify(window.__neptune!.getState().log)) as GameLog);
    const r = replay(log);
    if (!r.ok) throw new Error(`the page's log does not replay: ${r.error}`);
    return r.state;
  }
  const segId = (s: GameState) => segmentAt(bundle.sequence, s.pos).segment.id;
  const n = () => page.evaluate(() => window.__neptune!.getState().state!.n);
  const logText = async () => (await page.getByTestId('game-log').textContent()) ?? '';
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;

  async function shot(step: string, minColours = 6) {
    const png = await page.screenshot({ path: shotPath(`${prefix}-${step}`) });
    expect(await distinctColours(page, png), `screenshot ${step}`).toBeGreaterThan(minColours);
    expect(await internalText(page), 'internal references on the screen').toEqual([]);
  }

  /**
   * Screen point of a hex, after centring the map on it. Centred again after two frames: the page's
   * layout may still move or resize the canvas after the last action (a panel's text grows, a notice
   * appears), and a point read before that lands on a neighbouring hex.
   */
  async function pointOf(id: string, zoom = 1.6) {
    await page.evaluate(([hex, z]) => window.__map!.centerOn(hex as string, z as number), [id, zoom] as const);
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await page.evaluate(([hex, z]) => window.__map!.centerOn(hex as string, z as number), [id, zoom] as const);
    return page.evaluate((hex) => window.__map!.screenOf(hex), id);
  }

  /** Clicks a hex and waits for the inspector to show it; clicks again (twice at most) if the map moved under the click. */
  async function clickHex(id: string) {
    for (let attempt = 0; ; attempt++) {
      const p = await pointOf(id);
      await page.mouse.click(p.x, p.y);
      try {
        await expect.poll(() => page.getByTestId('inspector-hex').textContent(), attempt < 2 ? { timeout: 3000 } : {}).toBe(id);
        return;
      } catch (e) {
        if (attempt >= 2) throw e;
      }
    }
  }

  async function startScenario(id: string) {
    await page.goto(url);
    await page.locator(`input[name=scenario][value="${id}"]`).check();
    await page.getByTestId('mode').selectOption('hotseat');
    await page.getByTestId('start-game').click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
  }

  /** Hotseat: the side to act changed, so the board is hidden until that player reveals it. */
  async function revealIfHanded(): Promise<boolean> {
    if (!(await page.getByTestId('handover').count())) return false;
    await page.getByTestId('reveal').click();
    await expect.poll(() => page.getByTestId('handover').count()).toBe(0);
    return true;
  }

  /** Answers every pending decision through the Decisions panel (each click a legal action). */
  async function answerDecisions(): Promise<string[]> {
    const answered: string[] = [];
    for (let guard = 0; guard < 30; guard++) {
      const handed = await revealIfHanded();
      const s = await game();
      if (!s.pending) return answered;
      if (handed) answered.push(`handover to ${s.pending.side}`);
      await expect.poll(() => page.getByTestId('pending').textContent()).toContain(s.pending.prompt);
      const choice = page.getByTestId('decisions').locator('button[data-testid^="choice-"]').first();
      answered.push(`${s.pending.side} ${s.pending.kind}: ${await choice.textContent()}`);
      await choice.click();
      await expect.poll(n).toBeGreaterThan(s.n);
    }
    throw new Error('decisions did not end');
  }

  /** Ends segments (each side in turn, revealing the board at each handover) until `until` holds. */
  async function endSegmentsUntil(until: (s: GameState) => boolean) {
    for (let guard = 0; guard < 40; guard++) {
      await revealIfHanded();
      const s = await game();
      if (until(s)) return s;
      if (s.pending) { await answerDecisions(); continue; }
      await page.getByTestId('end-segment').click();
      await expect.poll(n).toBeGreaterThan(s.n);
    }
    throw new Error('segment not reached');
  }

  /**
   * Skips ahead to a later game turn: "Done with segment" through the store's dispatch (the button's own
   * call), decisions answered through the Decisions panel. For scenarios whose opening turns are quiet.
   */
  async function fastForward(until: (s: GameState) => boolean) {
    for (let guard = 0; guard < 400; guard++) {
      await revealIfHanded();
      const s = await game();
      if (until(s)) return s;
      if (s.pending) { await answerDecisions(); continue; }
      expect(await page.evaluate(() => window.__neptune!.getState().dispatch({ type: 'endSegment' }))).toBe(true);
    }
    throw new Error('turn not reached');
  }

  /**
   * Moves an Allied unit alone in its hex, away from the Germans, one hex into an empty hex (it changes no attack);
   * `afterSelect` runs once its hex is selected, before the destination is clicked.
   */
  async function moveOne(afterSelect?: () => Promise<void>): Promise<{ unit: string; from: string; to: string }> {
    const s = await endSegmentsUntil((x) => segId(x) === 'move' && sideToAct(x) === 'allied');
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Movement Segment');
    const germans = unitList(s).filter((u) => u.side === 'german' && u.hex !== null && !u.eliminated).map((u) => u.hex!);
    const nearGerman = (hx: number) => germans.some((g) => distance(g, hx) <= 2);
    const alone = (hx: number) => unitList(s).filter((u) => u.hex === hx && !u.eliminated).length === 1;
    const mv = legalActions(s, 'allied').find((a) => {
      if (a.type !== 'move') return false;
      const m = a as unknown as { unit: string; path: string[] };
      const from = unitOf(s, m.unit).hex!;
      const to = hexOfRulesId(m.path.at(-1)!);
      return m.path.length === 2 && alone(from) && !nearGerman(from) && !nearGerman(to)
        && !unitList(s).some((u) => u.hex === to && !u.eliminated);
    }) as unknown as { unit: string; path: string[] } | undefined;
    expect(mv, 'a legal quiet move').toBeDefined();
    const from = formatHex(unitOf(s, mv!.unit).hex!);
    const to = mv!.path.at(-1)!;
    await clickHex(from);
    await expect.poll(() => page.getByTestId('unit').first().textContent()).toContain(name(mv!.unit));
    await afterSelect?.();
    const p = await page.evaluate((hex) => window.__map!.screenOf(hex), to);
    await page.mouse.click(p.x, p.y);
    await expect.poll(logText).toContain(`${name(mv!.unit)} moved ${from} → ${to}`);
    expect(unitOf((await game()), mv!.unit).hex).toBe(hexOfRulesId(to));
    return { unit: mv!.unit, from, to };
  }

  /** Designates one unit (from the unit menu) that the engine will let assault, and returns it with its objective. */
  async function designateOne(): Promise<{ unit: string; target: string }> {
    const s = await endSegmentsUntil((x) => segId(x) === 'attackDesignation');
    await expect.poll(() => page.getByTestId('segment').textContent()).toContain('Attack Designation');
    let pick: { unit: string; target: string } | undefined;
    for (const a of legalActions(s, 'allied')) {
      const units = (a as unknown as { units?: string[] }).units;
      if (a.type !== 'designate' || units?.length !== 1) continue;
      const after = apply(s, a);
      if (!after.ok) continue;
      const ga = assaultOptions(after.state, bundle, 'allied').find((g) => (g as unknown as { attackers: string[] }).attackers.includes(units[0])) as unknown as { hex: string } | undefined;
      if (ga) { pick = { unit: units[0], target: ga.hex }; break; }
    }
    expect(pick, 'a designation that can assault').toBeDefined();
    await clickHex(formatHex(unitOf(s, pick!.unit).hex!));
    await page.getByTestId('unit-designate').filter({ hasText: `Designate ${name(pick!.unit)} ` }).first().click();
    await expect.poll(logText).toContain(`${name(pick!.unit)} designated to attack`);
    return pick!;
  }

  /**
   * Ground assault through the GA dialog with the designated unit; the defender answers behind the
   * handover. `beforeAssault` sees the state at the Ground Assault Segment just before the click.
   */
  async function assault(pick: { unit: string; target: string }, beforeAssault?: (s: GameState) => void): Promise<string[]> {
    const s = await endSegmentsUntil((x) => segId(x) === 'groundAssault');
    const ga = assaultOptions(s, bundle, 'allied') as unknown as { hex: string; attackers: string[] }[];
    const go = ga.find((g) => g.attackers.includes(pick.unit));
    expect(go, 'the designated assault is still possible').toBeDefined();
    expect(await page.getByTestId('ga-dialog').textContent()).toContain(go!.hex);
    await clickHex(go!.hex);
    await expect.poll(() => page.getByTestId('ga-dialog').textContent()).toContain(`Ground assault on ${go!.hex}`);
    await expect.poll(() => page.getByTestId('ga-odds').textContent()).toContain('Column');
    await shot('ga-odds');
    beforeAssault?.(s);
    await page.getByTestId('ga-assault').click();
    const answered = await answerDecisions();
    await expect.poll(logText).toContain('Ground assault resolved on column');
    await expect.poll(() => page.getByTestId('ga-dialog').textContent()).not.toContain(`Ground assault on ${go!.hex}`);
    // Every action of the page's log replays in Node to the page's state (same hash chain).
    const st = await game();
    expect(st.n).toBe(await n());
    expect(errors).toEqual([]);
    return answered;
  }

  /** One move through the map, shown in the log, with its screenshot ("move"). */
  async function moveShown(): Promise<void> {
    const m = await moveOne();
    expect(await logText()).toContain(`${name(m.unit)} moved ${m.from} → ${m.to}`);
    await shot('move');
  }

  /** A designation from the unit menu and its ground assault, with screenshots ("designate", "ga-result"); the decisions answered. */
  async function designateAndAssault(): Promise<{ pick: { unit: string; target: string }; answered: string[] }> {
    const pick = await designateOne();
    await shot('designate');
    const answered = await assault(pick);
    console.log(`${prefix} GA by ${pick.unit} on ${pick.target}; decisions:\n  ${answered.join('\n  ')}`);
    return { pick, answered };
  }

  return { game, segId, n, logText, name, shot, pointOf, clickHex, startScenario, revealIfHanded, answerDecisions, endSegmentsUntil, fastForward, moveOne, designateOne, assault, moveShown, designateAndAssault };
}

