/**
 * Browser-test harness: build the app once, serve it with vite preview on a free port, and drive
 * Debian's Chromium (or the one scripts/chromium.mjs finds) through playwright-core (stack-check.md §2, §5).
 */
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { ID_WORD, INTERNAL_TEXT } from '../src/ui/describe';
import { findChromium, installPlan, missingMessage } from '../scripts/chromium.mjs';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync',
];

/** The Chromium `npm test` found or installed (scripts/chromium.mjs): CHROMIUM_PATH, /usr/bin/chromium, the usual places. */
export function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(missingMessage(installPlan()));
  return path;
}

export interface Harness { browser: Browser; server: PreviewServer; url: string; close(): Promise<void> }

export async function startHarness(outDir = 'dist-e2e'): Promise<Harness> {
  // vitest sets NODE_ENV=test, which would give React's development build: test what players get.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = env;
  }
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  const url = server.resolvedUrls!.local[0];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return {
    browser, server, url,
    async close() { await browser.close(); await server.close(); },
  };
}

/**
 * The lines of the page's visible text that name internal references (src/engine/playerText.ts
 * INTERNAL_TEXT: seed lines, project files, class ids) or a unit by its id, the counter sheet aside
 * (its provenance view shows the data's full notes on purpose). Empty when the screen is player-facing
 * text only.
 */
export async function internalText(page: Page): Promise<string[]> {
  return page.evaluate(([src, idWord]) => {
    const re = new RegExp(src, 'i');
    // The scenario's unit ids ("88flak-coy-2"): a counter is named by its designation on the screen.
    const units = window.__neptune?.getState().bundle?.units;
    const ids = new Set([...(units?.keys() ?? [])].filter((id) => id.includes('-')));
    const named = (t: string) => re.test(t) || (t.match(new RegExp(idWord, 'g')) ?? []).some((w) => ids.has(w));
    const lines: string[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent || !named(n.textContent)) continue;
      if (el.closest('[data-testid="counter-sheet"], [data-testid="counter-inspector"], script, style')) continue;
      if (!el.checkVisibility()) continue;
      lines.push(n.textContent.trim().slice(0, 200));
    }
    return lines;
  }, [INTERNAL_TEXT.source, ID_WORD.source] as const);
}

/** Counts distinct colours on a 16-px lattice of a screenshot, decoded inside the page (no png lib needed). */
export async function distinctColours(page: Page, png: Buffer): Promise<number> {
  const b64 = png.toString('base64');
  return page.evaluate(async (data) => {
    const blob = await (await fetch(`data:image/png;base64,${data}`)).blob();
    const bmp = await createImageBitmap(blob);
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const px = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
    const seen = new Set<number>();
    for (let y = 0; y < bmp.height; y += 16) for (let x = 0; x < bmp.width; x += 16) {
      const i = (y * bmp.width + x) * 4;
      seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
    }
    return seen.size;
  }, b64);
}

export function shotPath(name: string, dir = 'test-results'): string {
  mkdirSync(dir, { recursive: true });
  return `${dir}/${name}.png`;
}

/** A new page whose uncaught errors and console errors (the favicon's aside) are collected in `errors`. */
export async function watchedPage(h: Harness, errors: string[], viewport = { width: 1280, height: 800 }): Promise<Page> {
  return watch(await h.browser.newPage({ viewport }), errors);
}

/** `page`, its uncaught errors and console errors (the favicon's aside) collected in `errors` from now on. */
export function watch(page: Page, errors: string[]): Page {
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(m.text()); });
  return page;
}
