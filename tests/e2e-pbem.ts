/**
 * Play by e-mail in Chromium: a player is a browser profile of its own (its own storage, downloads
 * accepted), and a turn file is what "Send turn" downloads.
 */
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { watch, type Harness } from './browser';

/** A new browser profile with one page whose errors are collected in `errors`. */
export async function pbemPlayer(h: Harness, errors: string[], viewport = { width: 1280, height: 800 }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await h.browser.newContext({ viewport, acceptDownloads: true });
  return { ctx, page: watch(await ctx.newPage(), errors) };
}

/** Clicks "Send turn" and returns the downloaded file once the page says it was sent. */
export async function sendTurn(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('send-turn').click()]);
  await expect.poll(() => page.getByTestId('pbem-sent').textContent()).toContain(download.suggestedFilename());
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** Opens the start screen at `url` and starts `scenario` by e-mail as the Allies with `dice`; resolves at its first frame. */
export async function startPbemAsAllies(page: Page, url: string, scenario: string, dice: 'fast' | 'strict'): Promise<void> {
  await page.goto(url);
  await page.locator(`input[name=scenario][value="${scenario}"]`).check();
  await page.getByTestId('mode').selectOption('pbem-allied');
  await page.getByTestId('pbem-dice').selectOption(dice);
  await page.getByTestId('start-game').click();
  await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
}
