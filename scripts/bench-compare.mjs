// `node scripts/bench-compare.mjs [base-commit] [engine|browser]`: runs `npm run bench` on the base
// commit and on the work tree, alternately in one session on one machine (base, head, base, head), and
// prints each figure both have with the ratio head / base (issue 14: no engine or render figure more
// than 10% slower than before the change). A figure is "slower" when a time (ms, s) grows or a rate
// (per second) falls. The base is checked out in a temporary git worktree sharing node_modules.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const base = process.argv[2] ?? 'f35e272';
const part = process.argv[3] ?? 'engine';
const runs = Number(process.env.BENCH_COMPARE_RUNS ?? 2);
const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'neptune-bench-base-'));
execFileSync('git', ['worktree', 'add', '--detach', dir, base], { stdio: 'ignore' });
if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));

function bench(cwd) {
  const r = spawnSync('node', ['scripts/bench.mjs', part], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const figures = new Map();
  for (const line of r.stdout.split('\n')) {
    const m = /^([\w.]+): (-?[\d.]+) (.*)$/.exec(line);
    if (!m) continue;
    // A figure named by its game's length (a synthetic game of n actions, whose length differs between
    // commits) is compared per action, as bench-pair.mjs does.
    const n = /_(\d+)_actions/.exec(m[1]);
    if (n && /^(ms|µs)\b/.test(m[3]) && !/^\d+0{3}$/.test(n[1])) {
      figures.set(m[1].replace(n[0], '_per_action_of_n_actions'), { value: Number(m[2]) / Number(n[1]), unit: `${m[3].split(' ')[0]} per action (game of ${n[1]} actions)` });
    } else figures.set(m[1], { value: Number(m[2]), unit: m[3] });
  }
  return figures;
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
try {
  const all = { base: [], head: [] };
  console.log(`machine.load_average_start: ${load()}`);
  for (let i = 0; i < runs; i++) {
    all.base.push(bench(dir));
    all.head.push(bench(root));
    console.log(`run ${i + 1} of ${runs} done, load average ${load()}`);
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const names = [...all.base[0].keys()].filter((n) => all.head.every((h) => h.has(n)) && all.base.every((b) => b.has(n)));
  let worse = 0;
  console.log(`base ${base} vs work tree, ${runs} alternating runs each, medians`);
  for (const n of names) {
    const unit = all.head[0].get(n).unit;
    const b = median(all.base.map((x) => x.get(n).value));
    const h = median(all.head.map((x) => x.get(n).value));
    if (!b) continue;
    const ratio = h / b;
    const rate = /\/s\b|per s/.test(unit);
    const time = /^(ms|s|µs)\b/.test(unit);
    const slower = time ? ratio > 1.1 : rate ? ratio < 1 / 1.1 : false;
    if (slower) worse++;
    const list = (k) => all[k].map((x) => x.get(n).value).join(' ');
    console.log(`${n}: base ${+b.toFixed(3)} head ${+h.toFixed(3)} ${unit.split(' ')[0]} ratio ${ratio.toFixed(2)}${slower ? '  SLOWER by more than 10%' : ''} (base ${list('base')}; head ${list('head')})`);
  }
  console.log(`${names.length} figures compared, ${worse} slower by more than 10%`);
  console.log(`machine.load_average_end: ${load()}`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
