/**
 * Engine micro-benchmarks, loaded by scripts/bench.mjs through vite's SSR loader.
 * Each figure: [name, value, unit].
 */
import { HEX_COUNT, NEIGHBOURS, distance } from '../engine/hex/lattice';
import { loadScenario } from '../data/bundle';
import { apply, newGame, replay, stateHash, type Action } from '../engine';
import { benchMechDestinations } from './movement';
import { benchGaApply, benchGaResolution } from './groundAssault';

type Figure = [string, number, string];

const now = () => performance.now();

function timeIt(fn: () => void, minMs = 300): number {
  let n = 0;
  const t0 = now();
  let t = t0;
  while (t - t0 < minMs) { fn(); n++; t = now(); }
  return (t - t0) / n;
}

/** A long legal log on the demo scenario: segment ends, moves and dice rolls. */
export function syntheticLog(length: number): { scenario: string; options: { seed: string; length: string }; actions: Action[] } {
  const bundle = loadScenario('demo');
  const options = { seed: 'bench', length: 'long' };
  let { state } = newGame(bundle, options);
  const actions: Action[] = [];
  let k = 0;
  while (actions.length < length) {
    const seg = state.pos.segment;
    let a: Action = { type: 'roll', dice: k % 2 ? '1d10' : '2d10', purpose: 'bench' };
    if (k % 97 === 96 && !state.over) a = { type: 'endSegment' };
    const r = apply(state, a);
    if (!r.ok || r.state.over) {
      // Never end the game: the log must stay legal to its end.
      k++;
      continue;
    }
    state = r.state;
    actions.push(a);
    k++;
    void seg;
  }
  return { scenario: 'demo', options, actions };
}

export async function run(): Promise<Figure[]> {
  const figs: Figure[] = [];
  // Hex maths throughput.
  let acc = 0;
  const N = NEIGHBOURS;
  const COUNT = HEX_COUNT;
  const nb = timeIt(() => { for (let h = 0; h < COUNT; h++) for (let d = 0; d < 6; d++) acc += N[h * 6 + d]; });
  figs.push(['engine.hex_neighbour_lookups', (HEX_COUNT * 6) / nb / 1000, 'M/s']);
  const dist = timeIt(() => { for (let i = 0; i < 100_000; i++) acc += distance((i * 7919) % HEX_COUNT, (i * 104729) % HEX_COUNT); });
  figs.push(['engine.hex_distance', 100_000 / dist / 1000, 'M/s']);
  // The per-call benchmarks run before the replay below, so the replay's garbage (a 10,000-action
  // history) is not collected inside their timings.
  // Legal destinations of one Mech unit on a 150×100 map (issue 5 budget ≤ 2 ms p95).
  const mv = benchMechDestinations(200);
  figs.push(['engine.mech_destinations_150x100_p50', mv.p50, 'ms']);
  figs.push(['engine.mech_destinations_150x100_p95', mv.p95, `ms (${mv.destinations} hexes)`]);
  // One ground assault resolution with 400 units on the board (issue 5 budget ≤ 0.2 ms).
  const ga = benchGaResolution(500);
  figs.push(['engine.ga_resolution_400_units', ga.p50, `ms p50 steady state (p95 ${ga.p95.toFixed(3)} ms, ${ga.units} units; budget ≤ 0.2)`]);
  figs.push(['engine.ga_resolution_400_units_cold', ga.coldP50, 'ms p50 of the first 500 calls (before V8 optimises the GA code)']);
  // The same assault through apply (declaration + line choice: drafting and freezing the state included).
  const gaPlay = benchGaApply(100);
  figs.push(['engine.ga_apply_400_units', gaPlay.p50, `ms p50 (p95 ${gaPlay.p95.toFixed(3)} ms; apply of the assault and the defender's line)`]);
  // Replay of a synthetic 10,000-action log.
  const log = syntheticLog(10_000);
  const t0 = now();
  const r = replay(log);
  const t1 = now();
  if (!r.ok) throw new Error(`synthetic log failed at ${r.index}: ${r.error}`);
  // The cheap case: the demo's rolls and segment ends, ~50× cheaper per action than play (real play: scale.replay_real_play_*).
  figs.push(['engine.replay_10000_actions', t1 - t0, 'ms (the cheap case: demo rolls and segment ends, not real play)']);
  // The state hash, as a save's verification and the PBEM dice take it: of each state of a game in
  // turn. The last HASHED states of the log are rebuilt (a replay of the rest, then one action at a
  // time) and each is hashed once, fresh. The figure is their median: one call after the replay was
  // mostly the first run of cold code (~0.1–0.2 ms of lazy compilation and IC set-up, once per process;
  // its pairs spanned 0.7–2.7× for identical text), so its first call is printed beside it, not compared.
  const HASHED = 101;
  const lead = replay({ ...log, actions: log.actions.slice(0, -HASHED) });
  if (!lead.ok) throw new Error(`synthetic log failed at ${lead.index}: ${lead.error}`);
  let s = lead.state;
  const hashes: number[] = [];
  for (const a of log.actions.slice(-HASHED)) {
    const x = apply(s, a);
    if (!x.ok) throw new Error(`synthetic log failed near its end: ${x.error.message}`);
    s = x.state;
    const h0 = now();
    stateHash(s);
    hashes.push(now() - h0);
  }
  const first = hashes[0];
  hashes.sort((a, b) => a - b);
  figs.push(['engine.state_hash', hashes[HASHED >> 1], `ms median over the last ${HASHED} states of the replay, each hashed once (the first call of the process: ${first.toFixed(3)} ms)`]);
  void acc;
  return figs;
}
