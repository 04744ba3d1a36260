// `node scripts/bench-render-pages.mjs [base-commit]`: the demo's render figures of the base commit and
// the work tree, page against page in one Chromium (issue 14: no render figure more than 10% slower).
// Both production builds are served side by side; each round opens one fresh page of each (the order
// alternating), starts the demo and reads the step marks (`window.__marks`), the main thread's busy
// time from the click to the first frame (Chrome's `TaskDuration`, which time the other processes hold
// the cores adds less to than to wall time), the pan/zoom frames and the Goodwood counter faces.
// `BENCH_PAGES_ROUNDS` (default 10) rounds; medians, the ratio head / base of each figure with its
// bootstrap interval and a verdict, and the GL calls of a frame counted in each commit.
// `node scripts/bench-render-pages.mjs HEAD` measures the build against itself: the noise of a run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';

const base = process.argv[2] ?? 'f35e272';
const rounds = Number(process.env.BENCH_PAGES_ROUNDS ?? 10);
/** `BENCH_PAGES_FACES=0` skips the Goodwood counter faces' page: more rounds of the rest in the same time. */
const FACES = process.env.BENCH_PAGES_FACES !== '0';
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
/** Prefix of counted, not timed, figures: equal or not, no noise (the GL calls of a frame). */
const EXACT = 'exact.';
/** Fewer rounds than this give no verdict on a timed figure. */
const MIN_ROUNDS = 8;
/**
 * The ratio head / base of the medians, with a bootstrap 90% interval (rounds resampled with
 * replacement, a fixed-seed generator so a run's verdicts can be reproduced from its printed values).
 * A verdict needs the whole interval on one side of 1.10: the same build against itself
 * (`bench-render-pages.mjs HEAD`, session 19) read 0.42–2.43 on the per-frame figures, 5–8 of 20 of
 * them "over 10%" by the medians alone in each of three runs.
 */
function ratioInterval(b, h) {
  let seed = 0x2545f491;
  const rnd = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 2 ** 32; };
  const pick = (xs) => xs.map(() => xs[Math.floor(rnd() * xs.length)]);
  const rs = [];
  for (let i = 0; i < 2000; i++) rs.push(median(pick(h)) / median(pick(b)));
  rs.sort((x, y) => x - y);
  return [rs[Math.floor(0.05 * rs.length)], rs[Math.floor(0.95 * rs.length)]];
}
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
  // The GL work of a frame, counted exactly (not timed): the calls of 10 frames of each loop, the
  // prototype wrapped only for the count, after the timed loops. Equal counts = equal drawing work.
  const glCalls = await page.evaluate(() => {
    const P = window.WebGL2RenderingContext.prototype, names = Object.getOwnPropertyNames(P).filter((n) => typeof Object.getOwnPropertyDescriptor(P, n).value === 'function');
    const saved = names.map((n) => P[n]);
    let calls = 0;
    names.forEach((n, i) => { const o = saved[i]; P[n] = function (...a) { calls++; return o.apply(this, a); }; });
    const count = (fn) => { calls = 0; fn(); return calls / 10; };
    try {
      window.__map.fit();
      const fit = count(() => window.__map.panFrames(10, 6, 3, false));
      const zoom = count(() => window.__map.zoomFrames(10, 1.07));
      window.__map.zoomTo(1);
      const pan = count(() => window.__map.panFrames(10, 8, 5, false));
      return { fit, zoom, pan };
    } finally { names.forEach((n, i) => { P[n] = saved[i]; }); }
  });
  f[`${EXACT}gl_calls_per_frame_pan_fit`] = glCalls.fit;
  f[`${EXACT}gl_calls_per_frame_zoom`] = glCalls.zoom;
  f[`${EXACT}gl_calls_per_frame_pan_zoom1`] = glCalls.pan;
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
  if (!FACES) return f;
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
  let worse = 0, unsettled = 0, within = 0;
  const names = Object.keys(all.head[0]);
  for (const n of names) {
    const bs = all.base.map((x) => x[n]), hs = all.head.map((x) => x[n]);
    const b = median(bs), h = median(hs);
    const ratio = h / b;
    const list = (k) => all[k].map((x) => +x[n].toFixed(2)).join(' ');
    let verdict = '';
    if (n.startsWith(EXACT)) {
      const same = bs.every((x) => x === bs[0]) && hs.every((x) => x === hs[0]);
      // A count that varies between pages of one build is no count of the work: not settled.
      if (!same) { unsettled++; verdict = '  not settled (the count varies between pages)'; }
      else if (ratio > 1) { worse++; verdict = '  MORE GL calls a frame'; }
      else within++;
    } else if (!n.startsWith(INFO) && Number.isFinite(ratio)) {
      // The rounds that gave the figure, once: resampled for the interval and counted for the verdict.
      const bf = bs.filter(Number.isFinite), hf = hs.filter(Number.isFinite);
      const [lo, hi] = ratioInterval(bf, hf);
      const band = `90% interval ${lo.toFixed(2)}–${hi.toFixed(2)}`;
      // A bootstrap of a few rounds has too few distinct resamples to mean anything (2 rounds: 3).
      if (Math.min(bf.length, hf.length) < MIN_ROUNDS) { unsettled++; verdict = `  not settled: fewer than ${MIN_ROUNDS} rounds (${band})`; }
      else if (lo > 1.1) { worse++; verdict = `  SLOWER by more than 10% (${band})`; }
      else if (hi <= 1.1) { within++; verdict = `  not slower by more than 10% (${band})`; }
      else { unsettled++; verdict = `  not settled by this run (${band})`; }
    }
    console.log(`render.demo.${n}: base ${+b.toFixed(2)} head ${+h.toFixed(2)} ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '–'}${verdict} (base ${list('base')}; head ${list('head')})`);
  }
  console.log(`${worse + unsettled + within} figures compared: ${worse} slower by more than 10%, ${within} not slower by more than 10%, ${unsettled} not settled by ${rounds} rounds (the info.* lines are not figures; exact.* lines are counts)`);
  console.log(`machine.load_average_end: ${load()}`);
} finally {
  await browser?.close();
  for (const s of servers) await new Promise((r) => s.httpServer.close(r));
  execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
