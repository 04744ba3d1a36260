/**
 * Campaign-scale engine figures (issue 17), loaded by scripts/bench.mjs: the real-play replay (games the
 * opponent played against itself, tests/fixtures/selfplay, concatenated to 10,000 actions), the last
 * action of a real game (its victory check), and the synthetic campaign scenario (src/bench/campaign.ts)
 * at 200 / 1,000 / 2,000 / 5,000 counters. Every figure is min / median / max of RUNS runs in this process;
 * budgets are the issue's, printed beside the figure.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { apply, bundleOf, hasBundle, legalActions, newGame, replay, sideToAct, type Action, type GameState } from '../engine';
import { evaluateVictory } from '../engine/query';
import { loadScenario } from '../data/bundle';
import { segmentAt } from '../engine/sequence';
import { movementOptions, moveTo } from '../engine/rules/movement';
import { supplyRule, traceGenS } from '../engine/rules/supply';
import { enemyOf } from '../engine/rules/combatTraits';
import { unitIndex } from '../engine/rules/unitIndex';
import type { ScenarioBundle, Side } from '../engine/types';
import { campaignBundle } from './campaign';
import { thawedTable, unitList } from '../engine/unitTable';
import { appendAction, createSave, loadSave, saveToText, type SavedGame } from '../save';
import { fakeRandom } from '../save/testkit';
import { useGame } from '../store/game';

type Figure = [string, number, string];
export interface Log { scenario: string; options: { seed: string; length?: string }; actions: Action[]; hashes?: Record<string, string> }

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_COUNTERS= (empty): the real-play figures only (scripts/bench-pair.mjs … scale).
const SIZES = (process.env.BENCH_COUNTERS ?? '200,1000,2000,5000').split(',').filter(Boolean).map(Number);
const now = () => performance.now();

/** min / median / max of timings (ms). */
function summary(times: number[]): { min: number; med: number; max: number } {
  const xs = [...times].sort((a, b) => a - b);
  return { min: xs[0], med: xs[Math.floor(xs.length / 2)], max: xs[xs.length - 1] };
}

/** min / median / max of `runs` timings of fn (ms). */
function runs(fn: () => void, n = RUNS): { min: number; med: number; max: number } {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) { const t0 = now(); fn(); xs.push(now() - t0); }
  return summary(xs);
}
const mmm = (r: { min: number; med: number; max: number }) => `min ${r.min.toFixed(1)} / median ${r.med.toFixed(1)} / max ${r.max.toFixed(1)}`;
const budget = (v: number, b: number) => `budget ≤ ${b} ms: ${v <= b ? 'within' : 'OVER'}`;

/** The self-play fixtures (tests/fixtures/selfplay): the opponent against itself, one game each. */
export function selfplayLogs(dir = 'tests/fixtures/selfplay'): Log[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Log);
}

/** Pieces of the real-play logs, cycled until `total` actions (the last piece cut short). */
function realPlay(logs: Log[], total: number): Log[] {
  const out: Log[] = [];
  let left = total;
  for (let i = 0; left > 0; i++) {
    const l = logs[i % logs.length];
    const actions = l.actions.slice(0, left);
    out.push({ ...l, actions });
    left -= actions.length;
  }
  return out;
}

function replayPieces(pieces: Log[], marks: number[]): number[] {
  // Times at each mark (actions replayed so far), replaying piece by piece.
  const at: number[] = [];
  let done = 0; let t = 0;
  for (const p of pieces) {
    const t0 = now();
    const r = replay(p);
    t += now() - t0;
    if (!r.ok) throw new Error(`real-play log ${p.scenario}/${p.options.seed} refused at ${r.index}: ${r.error}`);
    done += p.actions.length;
    while (at.length < marks.length && done >= marks[at.length]) at.push(t);
  }
  return at;
}

/**
 * This module's own file when it runs as a built bundle (scripts/engine-suites.mjs), so a worker can
 * load it; null under a source loader (BENCH_ENGINE_DEV), where the replay runs in this process.
 */
function workerUrl(): URL | null {
  const u = new URL(import.meta.url);
  return u.protocol === 'file:' && u.pathname.endsWith('.js') ? u : null;
}

/**
 * Two real-play replays in a fresh worker thread (a new V8 isolate, as the page's save verifier
 * replays a loaded file, src/save/verify.worker.ts): the times at each mark of the first (cold) and of
 * the second (compiled). Until session 14 the runs shared the runner's process, so the median mixed
 * one cold run with warm ones, after the other suites had filled the heap.
 */
function replayInWorker(url: URL, marks: number[]): Promise<[number[], number[]]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(url, { workerData: { realPlayReplay: marks } });
    w.once('message', (m: [number[], number[]]) => { resolve(m); void w.terminate(); });
    w.once('error', reject);
  });
}

/** Two replays of the real-play pieces: the times at each mark of the first and of the second. */
function twoReplays(marks: number[]): [number[], number[]] {
  const logs = selfplayLogs();
  for (const id of new Set(logs.map((l) => l.scenario))) if (!hasBundle(id)) loadScenario(id);
  const pieces = realPlay(logs, 10_000);
  const first = replayPieces(pieces, marks);
  return [first, replayPieces(pieces, marks)];
}

// The worker's side of replayInWorker.
if (!isMainThread && (workerData as { realPlayReplay?: number[] } | null)?.realPlayReplay) {
  parentPort!.postMessage(twoReplays((workerData as { realPlayReplay: number[] }).realPlayReplay));
}

/** The state after the construction segment of the first player turn: the first movement segment. */
function atMove(bundle: ScenarioBundle): GameState {
  let { state } = newGame(bundle, { seed: 'bench' });
  for (let i = 0; i < 40 && segmentAt(bundle.sequence, state.pos).segment.id !== 'move'; i++) {
    const r = apply(state, { type: 'endSegment' });
    if (!r.ok) throw new Error(`synthetic campaign: ${r.error.message}`);
    state = r.state;
  }
  return state;
}

/** Up to `count` moves of different units of `side`, one destination each, found on `state` (the synthetic stacks stand apart, so each stays legal after the others). */
function moveChain(state: GameState, bundle: ScenarioBundle, side: Side, count: number): Action[] {
  const out: Action[] = [];
  for (const u of unitList(state)) {
    if (out.length >= count) break;
    if (u.side !== side || u.hex === null) continue;
    const o = movementOptions(state, bundle, u.id);
    if ('error' in o || !o.destinations.length) continue;
    out.push(moveTo(u.id, o.destinations[o.destinations.length >> 1]));
  }
  return out;
}

function genSTrace(state: GameState, bundle: ScenarioBundle, side: Side): number {
  const rule = supplyRule(bundle, side);
  if (!rule) return 0;
  const enemy = new Set<number>();
  for (const u of unitIndex(state).live) if (u.side === enemyOf(side)) enemy.add(u.hex!);
  return traceGenS(bundle, rule, enemy).size;
}

/** The game of a self-play log as a checked hotseat save: written entry by entry, then loaded as a file is. */
function checkedGame(l: Log): SavedGame {
  const c = createSave({ scenario: l.scenario, length: l.options.length, dice: 'hotseat', players: { allied: 'A', german: 'B' }, seed: l.options.seed, random: fakeRandom('bench') });
  if (!c.ok) throw new Error(c.error);
  let g = c.game;
  for (const a of l.actions) { const r = appendAction(g, a); if (!r.ok) throw new Error(r.error); g = r.game; }
  const r = loadSave(saveToText(g.save));
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

export async function run(emit?: (name: string, value: number, unit: string) => void): Promise<Figure[]> {
  // Printed as they come when the runner passes `emit` (a campaign-size run takes minutes).
  const figs = { push: (f: Figure) => { if (emit) emit(...f); else kept.push(f); } };
  const kept: Figure[] = [];
  const logs = selfplayLogs();
  for (const id of new Set(logs.map((l) => l.scenario))) if (!hasBundle(id)) loadScenario(id);
  // Real play: 10,000 actions of the opponent's games (growth vs log length at 2,500 / 5,000 / 10,000).
  // Each run in a fresh worker (src/save/verify.worker.ts replays a loaded file in one), which replays
  // the log twice: the first replay runs the engine's code cold, as the first file of a page does; the
  // second runs it compiled, as any later replay does. Without workers (a source loader) the runs
  // share this process, so only the first run's first replay is cold.
  const marks = [2_500, 5_000, 10_000];
  const inWorkers = workerUrl();
  const cold: number[][] = [];
  const warm: number[][] = [];
  for (let i = 0; i < RUNS; i++) {
    const [c, w] = inWorkers ? await replayInWorker(inWorkers, marks) : twoReplays(marks);
    cold.push(c); warm.push(w);
  }
  const where = inWorkers ? 'the second replay in each of the fresh workers' : 'the second replay of each run, in this process';
  marks.forEach((m, i) => {
    const r = summary(warm.map((s) => s[i]));
    const b = m === 10_000 ? `; ${budget(r.med, 1000)}` : '';
    figs.push([`scale.replay_real_play_${m}_actions`, r.med, `ms median (${mmm(r)}; ${(r.med / m).toFixed(3)} ms/action; ${where}${b})`]);
  });
  const c10 = summary(cold.map((s) => s[2]));
  figs.push(['scale.replay_real_play_10000_actions_first_in_worker', c10.med, `ms median (${mmm(c10)}; the first replay of a fresh ${inWorkers ? 'worker' : 'process'}, code cold, as a page's first loaded file; ${budget(c10.med, 1000)})`]);
  for (const l of logs) {
    let end: GameState | null = null;
    const r = runs(() => { const x = replay(l); if (!x.ok) throw new Error(x.error); end = x.state; });
    figs.push([`scale.replay_real_play_${l.scenario}_per_action`, r.med / l.actions.length, `ms (${l.actions.length} actions; ${mmm(r)} ms for the game)`]);
    // Opening the game on the page once the file check (in its worker) has re-played it: from that
    // re-play's events and undo states, not a second re-play on the page's thread (issue 17; before,
    // the store re-played the whole log here: about the replay figure above).
    const checked = checkedGame(l);
    // A new save object each run, as each load makes: no timeline built by an earlier run answers.
    const fresh = (): SavedGame => { const save = { ...checked.save }; return { ...checked, save, replayed: { ...checked.replayed!, save } }; };
    const o = runs(() => { useGame.getState().openSaved(fresh()); useGame.getState().leave(); }, Math.max(RUNS, 5));
    figs.push([`scale.open_checked_game_${l.scenario}`, o.med, `ms (${l.actions.length} entries, the page's thread; ${mmm(o)})`]);
    // The last action of the game: its end, victory check included.
    const before = replay({ ...l, actions: l.actions.slice(0, -1) });
    if (!before.ok) throw new Error(before.error);
    const last = l.actions[l.actions.length - 1];
    // On a fresh copy each run: apply memoises an endSegment per state object (game.ts endTrials), so
    // applying it again to the same object measured a cache hit (0.0 ms), not the victory check.
    const v = runs(() => apply(Object.freeze({ ...before.state }), last), Math.max(RUNS, 5));
    figs.push([`scale.last_action_${l.scenario}`, v.med, `ms (${last.type}; ${mmm(v)}; ${budget(v.med, 20)})`]);
    // Its victory check alone (AW 31.4), on the final position with a new, unfrozen units record each run:
    // as in the last action, where the end-of-segment hooks wrote to the units first, no per-state
    // cache (unit index, AW 33.9 / 34.9 HQ trace) answers; one GenS trace per side a condition asks
    // about (the AW 32.9 trace's per-bundle memo by enemy hexes may answer, as it does in play).
    const final = end! as GameState;
    const bundle = bundleOf(final);
    let result = '';
    const c = runs(() => { const r = evaluateVictory({ ...final, units: thawedTable(final.units) }, bundle); result = r ? `${r.winner ?? 'draw'} ${r.level}` : 'no victory data'; }, Math.max(RUNS, 5));
    figs.push([`scale.last_action_${l.scenario}_victory_check`, c.med, `ms (${result}; ${mmm(c)})`]);
  }
  // The synthetic campaign: cost vs counters.
  for (const n of SIZES) {
    const t0 = now();
    const bundle = campaignBundle(n);
    figs.push([`scale.campaign_${n}.load_and_validate`, now() - t0, 'ms (once)']);
    const s0 = atMove(bundle);
    const side = sideToAct(s0)!;
    // Fresh states each run, so nothing cached on a state object is reused.
    const fresh = () => atMove(bundle);
    const states = Array.from({ length: RUNS }, fresh);
    let k = 0;
    let count = 0;
    // What the panels ask after every action: every legal action of the side but map moves (store/legal.ts).
    const la = runs(() => { count = legalActions(states[k++], side, (t) => t !== 'move').length; });
    figs.push([`scale.campaign_${n}.legal_actions_one_side`, la.med, `ms (all but map moves, as the panels ask; ${count} actions; ${mmm(la)}${n === 2000 ? `; ${budget(la.med, 20)}` : ''})`]);
    // The same once the code is compiled (the panels ask after every action of a session): WARM more
    // fresh states asked first, then RUNS more timed. The figure above is the first calls, JIT cold.
    const WARM = 7;
    const more = Array.from({ length: WARM + RUNS }, fresh);
    for (const s of more.slice(0, WARM)) legalActions(s, side, (t) => t !== 'move');
    k = 0;
    const warmStates = more.slice(WARM);
    const warm = runs(() => { legalActions(warmStates[k++], side, (t) => t !== 'move'); });
    figs.push([`scale.campaign_${n}.legal_actions_one_side_warm`, warm.med, `ms (as above, after ${WARM} warm-up calls on other fresh states; ${mmm(warm)}${n === 2000 ? `; ${budget(warm.med, 20)}` : ''})`]);
    // What the map asks: the selected unit's moves (ui/map/reach.ts).
    const mover = unitList(s0).find((u) => u.side === side && u.hex !== null);
    if (mover) {
      let dests = 0;
      const one = runs(() => { const o = movementOptions(fresh(), bundle, mover.id); dests = 'error' in o ? 0 : o.destinations.length; });
      figs.push([`scale.campaign_${n}.selected_unit_moves`, one.med, `ms (${dests} destinations; ${mmm(one)}; includes building a fresh state)`]);
    }
    // Every destination of every unit of the side (no panel asks this any more): one run, up to 1,000 counters.
    if (n <= Number(process.env.BENCH_ALLMOVES_MAX ?? 1000)) {
      const t1 = now();
      const all = legalActions(fresh(), side).length;
      figs.push([`scale.campaign_${n}.legal_actions_with_all_moves`, now() - t1, `ms (one run; ${all} actions, every destination of every unit)`]);
    }
    let reached = 0;
    const tr = runs(() => { reached = genSTrace(s0, bundle, side); });
    figs.push([`scale.campaign_${n}.gens_trace_one_side`, tr.med, `ms (${reached} hexes reached; ${mmm(tr)}${n === 2000 ? `; ${budget(tr.med, 5)}` : ''})`]);
    const move = legalActions(s0, side).find((a) => a.type === 'move');
    if (move) {
      const mv = runs(() => { const r = apply(s0, move); if (!r.ok) throw new Error(r.error.message); }, Math.max(RUNS, 5));
      figs.push([`scale.campaign_${n}.apply_one_move`, mv.med, `ms (${mmm(mv)})`]);
    }
    // A turn's worth of play: moves of different units in a row, each on the state the one before made
    // (as a replay or a player's turn runs; the figure above applies one move to one state, whose
    // caches the repeats reuse). Per move, so it reads against the line above and across sizes.
    const chain = moveChain(s0, bundle, side, 60);
    if (chain.length) {
      const c = runs(() => { let s = s0; for (const a of chain) { const r = apply(s, a); if (!r.ok) throw new Error(r.error.message); s = r.state; } }, Math.max(RUNS, 5));
      const per = { min: c.min / chain.length, med: c.med / chain.length, max: c.max / chain.length };
      figs.push([`scale.campaign_${n}.move_chain_per_move`, per.med, `ms (${chain.length} moves of different units in a row; ${mmm(per)} ms a move)`]);
    }
  }
  return kept;
}
