// `node scripts/bench-pair.mjs [base-commit] [engine,save,ai]`: issue 14's "no engine figure more than
// 10% slower than before the change", measured so that a loaded machine does not decide the answer.
// bench-compare.mjs alternates whole `npm run bench` processes minutes apart; with the machine's load
// swinging between 2 and 20 in that time, even identical code (the hex lookups) came out 0.2–0.6×.
// Here the base commit (a temporary git worktree) and the work tree are loaded side by side in ONE
// process (two vite SSR loaders, two module graphs) and each suite's `run()` of each commit runs in
// turn, base/head then head/base, BENCH_PAIR_RUNS times (default 5). A figure's ratio is the median of
// its per-pair ratios head / base: both halves of a pair ran seconds apart under the same load.
// The clock (BENCH_PAIR_CLOCK): `cpu` (default) makes performance.now() read this process's CPU time
// (process.cpuUsage, user + system) for both commits' suites, so a figure counts the work done, not
// the time other processes held the two cores; `wall` keeps the wall clock.
// The V8 settings (BENCH_PAIR_HEAP): `fixed` (default) runs the pair in a Node whose semi-spaces are
// 16 MB from the start (V8's largest default) and which runs on one thread (`--single-threaded`: no
// helper threads for the garbage collector or the optimising compiler); `default` leaves both to V8.
// - V8 grows the young generation as it sees fit during a run, and where it happened to be decided the
//   figures of allocating code more than the code did: one build's cheap demo replay gave 85–245 ms
//   medians from run to run (scavenges 119–700 ms over 10 replays); with the size fixed, 137–182 ms.
// - The CPU clock counts every thread of the process: a parallel scavenge or a background compile that
//   overlapped a 0.1 ms call was counted in it (GA resolution pairs 0.69–1.49; on one thread 0.96–1.10).
//   On one thread the clock counts the work the measured code caused, once (session 14, docs/bench.md).
// Both commits run in the one process, so both get the same settings.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { ENGINE_SUITES, builtSuites } from './engine-suites.mjs';

const HEAP_FLAGS = ['--min-semi-space-size=16', '--max-semi-space-size=16', '--single-threaded'];
if ((process.env.BENCH_PAIR_HEAP ?? 'fixed') === 'fixed' && !process.execArgv.includes(HEAP_FLAGS[0])) {
  const r = spawnSync(process.execPath, [...process.execArgv, ...HEAP_FLAGS, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const base = process.argv[2] ?? 'f35e272';
const suites = (process.argv[3] ?? 'engine,save,ai').split(',');
// A fourth argument measures that commit (a second temporary worktree) instead of the live work tree,
// so editing files while a run goes on changes nothing in it.
const headRef = process.argv[4];
const runs = Number(process.env.BENCH_PAIR_RUNS ?? 5);
for (const s of suites) if (!ENGINE_SUITES[s]) throw new Error(`unknown suite "${s}" (${Object.keys(ENGINE_SUITES).join(', ')})`);
const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'neptune-bench-pair-'));
execFileSync('git', ['worktree', 'add', '--detach', dir, base], { stdio: 'ignore' });
if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
const headDir = headRef ? mkdtempSync(join(tmpdir(), 'neptune-bench-pair-head-')) : null;
if (headDir) {
  execFileSync('git', ['worktree', 'add', '--detach', headDir, headRef], { stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(headDir, 'node_modules'));
}
// One measuring code for both commits: the suite files that call only APIs both commits have (the
// engine's newGame, apply, replay, stateHash; loadScenario; the opponent's playSide) are the head's in
// both trees, so a figure whose measurement was improved or added is taken the same way of the base
// (issue 14: `engine.state_hash`, a median of fresh states where it was one cold call; the opponent's
// Epsom and Cherbourg German turns). The suite's helpers that reach into engine internals stay each
// commit's own.
const SAME_MEASURE = ['src/bench/engine.ts', 'src/ai/bench.ts'];
for (const f of SAME_MEASURE) {
  const from = join(headDir ?? root, f);
  if (existsSync(from) && existsSync(join(dir, f))) copyFileSync(from, join(dir, f));
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const clock = process.env.BENCH_PAIR_CLOCK ?? 'cpu';
if (clock === 'cpu') performance.now = cpu;

// Which code is compared (BENCH_PAIR_CODE): `production` (default) builds each commit's suites as
// `npm run bench` runs them (engine-suites.mjs) and imports both bundles into this process; `dev` loads
// both through vite's dev module loader as before (code no player runs).
const code = process.env.BENCH_PAIR_CODE ?? 'production';

async function loader(cwd) {
  // Each suite reads its fixtures relative to the working directory: run it from its own tree.
  return createServer({ root: cwd, configFile: false, server: { middlewareMode: true, hmr: false, ws: false, watch: null }, appType: 'custom', logLevel: 'error' });
}

const servers = [];
try {
  // No file watcher (watch: null): an edit during a run would re-evaluate modules mid-suite.
  const trees = { base: dir, head: headDir ?? root };
  const vites = {};
  const built = {};
  for (const [k, cwd] of Object.entries(trees)) {
    if (code === 'production') { process.chdir(cwd); built[k] = await builtSuites(cwd, suites, join(cwd, 'dist-bench', 'pair'), 'error'); process.chdir(root); }
    else { vites[k] = await loader(cwd); servers.push(vites[k]); }
  }
  console.log(`machine.load_average_start: ${load()}`);
  console.log(`measured by the head's ${SAME_MEASURE.join(', ')} in both trees`);
  console.log(`base ${base} vs ${headRef ?? 'work tree'}, both loaded in one process, ${runs} pairs per suite (base/head, then head/base), median of per-pair ratios head / base; clock: ${clock === 'cpu' ? 'process CPU time' : 'wall'}; V8: ${process.execArgv.includes(HEAP_FLAGS[0]) ? '16 MB semi-spaces, one thread' : 'its own settings'}; code: ${code === 'production' ? 'production builds of both commits\' suites' : 'dev module loader'}`);
  let worse = 0; let compared = 0;
  for (const s of suites) {
    const mod = `/${ENGINE_SUITES[s]}`;
    const suite = {};
    for (const k of ['base', 'head']) {
      process.chdir(trees[k]);
      suite[k] = code === 'production' ? built[k][s] : await vites[k].ssrLoadModule(mod);
    }
    const ratios = new Map(); const values = { base: new Map(), head: new Map() }; const units = new Map();
    const cpus = { base: [], head: [] };
    for (let i = 0; i < runs; i++) {
      for (const k of i % 2 ? ['head', 'base'] : ['base', 'head']) {
        process.chdir(trees[k]);
        const c0 = cpu();
        const figs = await suite[k].run();
        cpus[k].push(cpu() - c0);
        for (const [raw, rawValue, rawUnit] of figs) {
          // A figure named by its log's length (a synthetic game of n actions) is compared per action
          // when the two commits' games differ in length.
          const m = /_(\d+)_actions/.exec(raw);
          const perAction = m && /^(ms|µs)\b/.test(rawUnit) && !/^\d+0{3}$/.test(m[1]);
          const name = perAction ? raw.replace(m[0], '_per_action_of_n_actions') : raw;
          const value = perAction ? rawValue / Number(m[1]) : rawValue;
          const unit = perAction ? `${rawUnit.split(' ')[0]} per action (game of ${m[1]} actions)` : rawUnit;
          if (!values[k].has(name)) values[k].set(name, []);
          values[k].get(name).push(value);
          if (k === 'head') units.set(name, unit);
        }
      }
      for (const [name, hv] of values.head) {
        const bv = values.base.get(name);
        if (!bv || bv.length !== hv.length || !bv[i]) continue;
        if (!ratios.has(name)) ratios.set(name, []);
        ratios.get(name).push(hv[i] / bv[i]);
      }
    }
    console.log(`${s}: whole-suite CPU time base ${median(cpus.base).toFixed(0)} ms, head ${median(cpus.head).toFixed(0)} ms, ratio ${(median(cpus.head) / median(cpus.base)).toFixed(2)} (medians of ${runs})`);
    for (const [name, rs] of ratios) {
      const unit = units.get(name) ?? '';
      const ratio = median(rs);
      const rate = /\/s\b|per s/.test(unit);
      const time = /^(ms|s|µs)\b/.test(unit);
      const slower = time ? ratio > 1.1 : rate ? ratio < 1 / 1.1 : false;
      if (slower) worse++;
      compared++;
      const b = median(values.base.get(name)); const h = median(values.head.get(name));
      console.log(`${name}: base ${+b.toFixed(3)} head ${+h.toFixed(3)} ${unit.split(' ')[0]} ratio ${ratio.toFixed(2)} (pairs ${rs.map((r) => r.toFixed(2)).join(' ')})${slower ? '  SLOWER by more than 10%' : ''}`);
    }
  }
  console.log(`${compared} figures compared, ${worse} slower by more than 10%`);
  console.log(`machine.load_average_end: ${load()}`);
} finally {
  process.chdir(root);
  for (const v of servers) await v.close();
  for (const d of [dir, headDir].filter(Boolean)) {
    execFileSync('git', ['worktree', 'remove', '--force', d], { stdio: 'ignore' });
    rmSync(d, { recursive: true, force: true });
  }
}
process.exit(0);
