/**
 * Benchmark of the movement search (issue 5 budget: legal destinations of one Mech unit on a
 * 150×100 test map ≤ 2 ms p95). Builds a synthetic map (mixed terrain, a primary-road grid,
 * streams, a few enemies) through the ordinary loader and times legalDestinations().
 */
import { BUILTIN, loadScenario, type DataSources } from '../data/bundle';
import { newGame, apply } from '../engine';
import { legalDestinations } from '../engine/rules/movement';
import type { GameState } from '../engine/types';
import { thawedTable } from '../engine/unitTable';

const W = 150;
const H = 100;
const C0 = -16;
const R0 = -33;

function fixture(): { state: GameState; bundle: ReturnType<typeof loadScenario> } {
  const id = 'bench-movement';
  const terrain = 'cccccwwbbfrmhv';
  let seed = 12345;
  const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  const rows = Array.from({ length: H }, (_, r) => ({ row: R0 + r, col0: C0, cells: Array.from({ length: W }, () => 'cwbfrmhv'[Math.floor(rnd() * terrain.length) % 8]).join('') }));
  const at = (c: number, r: number) => `@${C0 + c},${R0 + r}`;
  const routes = [];
  for (let r = 5; r < H; r += 12) routes.push({ class: 'primary', path: Array.from({ length: W }, (_, c) => at(c, r)), source: 'test: bench road' });
  const hexsides = [];
  for (let r = 0; r < H; r += 3) hexsides.push({ a: at(40, r), b: at(40, r + 1), features: ['stream'] });
  const units = [
    { id: 'm', designation: 'bench Mech', side: 'allied', nationality: 'British', type: 'Arm', size: 'Bn', moveClass: 'mech', ma: 12, prOff: 6, prDef: 6, armAttack: 2, steps: [{ attack: 6, defence: 5 }], source: 'test: bench' },
    ...[0, 1, 2, 3].map((i) => ({ id: `g${i}`, designation: `g${i}`, side: 'german', nationality: 'Wehrmacht', type: 'Inf', size: 'Bn', moveClass: 'leg', ma: 6, prOff: 5, prDef: 5, steps: [{ attack: 4, defence: 5 }], source: 'test: bench' })),
  ];
  const setup = [{ unit: 'm', hex: at(75, 5), source: 'test: bench' }, ...[0, 1, 2, 3].map((i) => ({ unit: `g${i}`, hex: at(70 + 4 * i, 14), source: 'test: bench' }))];
  const src: DataSources = {
    scenarios: { 'data/scenarios/bench.json': { format: 'neptune-scenario/1', id, name: id, description: 'bench', source: 'test: bench', map: id, sequence: 'intro', unitSets: [id], sides: ['allied', 'german'], start: { date: '1944-07-18', time: 'AM' }, lengths: [{ id: 'x', label: 'x', end: { date: '1944-07-18', time: 'Night' }, source: 'test: bench' }], setup } },
    maps: { 'data/map/bench.json': { format: 'neptune-map/1', id, name: id, source: 'test: bench map', attribution: [], legend: { c: 'clear', w: 'woods', b: 'bocage', f: 'forest', r: 'rough', m: 'marsh', h: 'hedgerow', v: 'village' }, rows, hexsides, routes, places: [], vantage: [] } },
    sequences: BUILTIN.sequences,
    units: { 'data/units/bench.json': { format: 'neptune-units/1', id, source: 'test: bench', units } },
    tables: BUILTIN.tables,
  };
  const bundle = loadScenario(id, src);
  let state = newGame(bundle, { seed: 'bench' }).state;
  const r = apply(state, { type: 'endSegment' });
  if (r.ok) state = r.state;
  return { state, bundle };
}

/** Times legalDestinations for one Mech unit (MA 12, on a primary road) on a 150×100 map; returns ms per call. */
export function benchMechDestinations(runs = 300): { p50: number; p95: number; destinations: number } {
  const { state, bundle } = fixture();
  let n = 0;
  for (let i = 0; i < 30; i++) n = legalDestinations(state, bundle, 'm').hexes.length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // a fresh state object each run, so no per-state cache helps
    const s = { ...state, units: thawedTable(state.units) };
    const t0 = performance.now();
    legalDestinations(s, bundle, 'm');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)], p95: times[Math.floor(runs * 0.95)], destinations: n };
}
