// `node scripts/bench-render-pages.mjs [base-commit]`: the demo's render figures of the base commit and
// the work tree, page against page in one Chromium (issue 14: no render figure more than 10% slower).
// Both production builds are served side by side; each round opens one fresh page of each (the order
// alternating), starts the demo and reads the step marks (`window.__marks`), the main thread's busy
// time from the click to the first frame (Chrome's `TaskDuration`, which time the other processes hold
// the cores adds less to than to wall time), the pan/zoom frames and the Goodwood counter faces.
// `BENCH_PAGES_ROUNDS` (default 10) rounds; medians, and the ratio head / base of each figure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';

const base = process.argv[2] ?? 'f35e272';
const rounds = Number(process.env.BENCH_PAGES_ROUNDS ?? 10);
const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'neptune-pages-base-'));
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => { const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
/**
 * Both pages cross-origin isolated (the app loads nothing from another origin), so that Chromium's
 * `performance.now()` has its 5 µs resolution instead of 0.1 ms: the per-frame figures are 0.05–0.5 ms
 * (issue 14, session 9). `BENCH_PAGES_COI=0` serves without the headers, as before.
 */
const COI = process.env.BENCH_PAGES_COI === '0' ? {} : { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
/** Prefix of the printed lines that are not figures (breakdowns, the page's setting): not counted as slower. */
const INFO = 'info.';
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };

async function serve(cwd, out) {
  process.env.NODE_ENV = 'production';
  await build({ root: cwd, configFile: join(cwd, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  return preview({ root: cwd, configFile: join(cwd, 'vite.config.ts'), logLevel: 'warn', build: { outDir: out }, preview: { port: 0, host: '127.0.0.1', headers: COI } });
}

/** One fresh page: the demo's start, its steps, its frames; then the Goodwood faces on another page. */
async function onePage(browser, url) {
  const f = {};
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  /** One of Chrome's performance metrics for the page, in ms. */
  const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value * 1000;
  const busy = () => metric('TaskDuration');
  await page.goto(url);
  await page.getByTestId('scenario-list').waitFor();
  await page.locator('input[name=scenario][value="demo"]').check();
  const t0 = await page.evaluate(() => performance.now());
  const b0 = await busy();
  await page.getByTestId('start-game').click();
  await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 60_000 });
  f['first_frame_main_thread_busy'] = (await busy()) - b0;
  const m = await page.evaluate(() => window.__marks);
  f[`${INFO}cross_origin_isolated`] = await page.evaluate(() => (window.crossOriginIsolated ? 1 : 0));
  const step = (a, b) => (m[a] !== undefined && m[b] !== undefined ? m[b] - m[a] : NaN);
  f.first_frame_after_start = m.firstFrame - t0;
  f.load_and_validate_scenario = step('gameStart', 'scenarioLoaded');
  f.pixi_init = step('mapMount', 'pixiInit');
  f.terrain_build = step('pixiInit', 'terrainBuilt');
  f.layers_build = step('terrainBuilt', 'layersBuilt');
  f.first_render_and_gpu = step('layersBuilt', 'firstFrame');
  f.layers_and_first_render = step('terrainBuilt', 'firstFrame');
  // Head only: the shared rules tables validated while the start screen was idle, before the click.
  f.shared_data_validated_at_idle = step('sharedDataStart', 'sharedDataValidated');
  // The main thread's CPU time over each loop (Chrome's `ThreadTime`): what the wall time per frame
  // holds beside it is time the thread waited for a core (2 cores, SwiftShader's GPU process beside it).
  const cpu = async (fn) => { const a = await metric('ThreadTime'); const r = await page.evaluate(fn); return [r, (await metric('ThreadTime')) - a]; };
  const empty = [];
  for (let i = 0; i < 5; i++) empty.push((await cpu(() => 0))[1]);
  const overhead = median(empty);
  await page.evaluate(() => window.__map.fit());
  const [fit, fitCpu] = await cpu(() => window.__map.panFrames(40, 6, 3, false));
  await page.evaluate(() => window.__map.fit());
  const [zoom, zoomCpu] = await cpu(() => [...window.__map.zoomFrames(40, 1.07), ...window.__map.zoomFrames(40, 1 / 1.07)]);
  await page.evaluate(() => window.__map.zoomTo(1));
  const [pan, panCpu] = await cpu(() => window.__map.panFrames(60, 8, 5, false));
  f[`${INFO}evaluate_cpu_overhead`] = overhead;
  f[`${INFO}pan_cpu_per_frame_fit`] = (fitCpu - overhead) / fit.length;
  f[`${INFO}zoom_cpu_per_frame`] = (zoomCpu - overhead) / zoom.length;
  f[`${INFO}pan_cpu_per_frame_zoom1`] = (panCpu - overhead) / pan.length;
  const synced = await page.evaluate(() => window.__map.panFrames(20, 8, 5, true));
  // Without cross-origin isolation (BENCH_PAGES_COI=0) Chromium's performance.now() is coarsened to 0.1 ms,
  // so a p50 of 0.1 against 0.2 ms can be 0.149 against 0.151: the mean of all frames is printed as well.
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  Object.assign(f, {
    pan_js_per_frame_fit_mean: mean(fit), zoom_js_per_frame_mean: mean(zoom), pan_js_per_frame_zoom1_mean: mean(pan),
    pan_js_per_frame_fit_p50: pct(fit, 50), pan_js_per_frame_fit_p95: pct(fit, 95),
    zoom_js_per_frame_p50: pct(zoom, 50), zoom_js_per_frame_p95: pct(zoom, 95),
    pan_js_per_frame_zoom1_p50: pct(pan, 50), pan_js_per_frame_zoom1_p95: pct(pan, 95),
    pan_synced_cost_per_frame_zoom1_p50: pct(synced, 50),
  });
  // Not figures: the means above split into the first 10 frames and the rest, to tell JIT-cold first
  // frames from the steady per-frame cost (issue 14, session 9).
  for (const [n, xs] of [['pan_js_per_frame_fit', fit], ['zoom_js_per_frame', zoom], ['pan_js_per_frame_zoom1', pan]]) {
    f[`${INFO}${n}_first10_mean`] = mean(xs.slice(0, 10));
    f[`${INFO}${n}_after10_mean`] = mean(xs.slice(10));
  }
  await page.close();
  const p2 = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p2.goto(url);
  await p2.getByTestId('scenario-list').waitFor();
  f.counter_textures_goodwood = await p2.evaluate(() => { const x = window.__bench.buildScenarioTextures('goodwood'); x.cache.destroy(); return x.ms; });
  await p2.close();
  return f;
}

execFileSync('git', ['worktree', 'add', '--detach', dir, base], { stdio: 'ignore' });
if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
const servers = [];
let browser;
try {
  const sBase = await serve(dir, join(dir, 'dist-pages')); servers.push(sBase);
  const sHead = await serve(root, join(dir, 'dist-pages-head')); servers.push(sHead);
  browser = await chromium.launch({ executablePath: findChromium(), args: [
    '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
  const all = { base: [], head: [] };
  const urls = { base: sBase.resolvedUrls.local[0], head: sHead.resolvedUrls.local[0] };
  console.log(`machine.load_average_start: ${load()}`);
  for (let i = 0; i < rounds; i++) {
    for (const k of i % 2 ? ['head', 'base'] : ['base', 'head']) all[k].push(await onePage(browser, urls[k]));
    console.log(`round ${i + 1} of ${rounds}, load average ${load()}`);
  }
  console.log(`base ${base} vs work tree, ${rounds} rounds of one fresh page each (alternating), medians, ms`);
  let worse = 0;
  const names = Object.keys(all.head[0]);
  for (const n of names) {
    const b = median(all.base.map((x) => x[n])), h = median(all.head.map((x) => x[n]));
    const ratio = h / b;
    const slower = ratio > 1.1 && !n.startsWith(INFO);
    if (slower) worse++;
    const list = (k) => all[k].map((x) => +x[n].toFixed(2)).join(' ');
    console.log(`render.demo.${n}: base ${+b.toFixed(2)} head ${+h.toFixed(2)} ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'}${slower ? '  SLOWER by more than 10%' : ''} (base ${list('base')}; head ${list('head')})`);
  }
  console.log(`${names.filter((n) => !n.startsWith(INFO)).length} figures compared, ${worse} slower by more than 10% (the info.* lines are not figures)`);
  console.log(`machine.load_average_end: ${load()}`);
} finally {
  await browser?.close();
  for (const s of servers) await new Promise((r) => s.httpServer.close(r));
  execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
