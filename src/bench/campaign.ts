/**
 * The synthetic campaign scenario kept for benchmarking (issue 17): `n` counters in stacks on all six
 * map sheets, Allied in the north half, German in the south half, GenS sources on the map edges
 * (rules.combat.supply: the Allied north edge, the German east, south and west edges) — the campaign's
 * scale (AW 35: 1,650–1,900 counters; the boxed game 4,480) that scenarios 1–3 never reach. The units
 * are copies of the real counters (every unit set in data/units, cycled), so movement, stacking and
 * combat read real values. Built in memory through loadScenario (validated like any scenario), never a
 * data/ file: it is not a scenario of the rules.
 */
import { BUILTIN, loadScenario, type DataSources } from '../data/bundle';
import { colOf, rowOf, formatHex } from '../engine/hex';
import { sheetsOfHex, terrainOf } from '../engine/board';
import type { ScenarioBundle } from '../engine/types';

const BASE = 'goodwood';

function unitPool(src: DataSources): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const [file, json] of Object.entries(src.units)) {
    if (/demo/.test(file)) continue;
    const units = (json as { units?: Record<string, unknown>[] }).units ?? [];
    for (const u of units) if (u.size !== 'Leader') out.push(u);
  }
  return out;
}

const built = new Map<number, ScenarioBundle>();

/** The synthetic scenario with `n` counters (cached per n; registered with the engine as `bench-campaign-<n>`). */
export function campaignBundle(n: number): ScenarioBundle {
  const hit = built.get(n);
  if (hit) return hit;
  const id = `bench-campaign-${n}`;
  const base = Object.values(BUILTIN.scenarios).find((s) => (s as { id?: string }).id === BASE) as Record<string, unknown>;
  const board = loadScenario(BASE).board;
  const pool = unitPool(BUILTIN);
  const bySide = { allied: pool.filter((u) => u.side === 'allied'), german: pool.filter((u) => u.side === 'german') };
  // Land hexes covered by a sheet, north to south; two counters a stack on every k-th one, so the stacks spread over all six sheets.
  const land = board.hexes.filter((h) => { const t = terrainOf(board, h); return t && t !== 'sea' && sheetsOfHex(h).length > 0; })
    .sort((a, b) => rowOf(a) - rowOf(b) || colOf(a) - colOf(b));
  const stacks = Math.ceil(n / 2);
  const step = Math.max(1, Math.floor(land.length / stacks));
  const units: Record<string, unknown>[] = [];
  const setup: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const stack = Math.floor(i / 2);
    const hex = land[(stack * step + (stack % 7)) % land.length];
    const side = stack < stacks / 2 ? 'allied' : 'german';
    const proto = bySide[side][i % bySide[side].length];
    const uid = `syn${i}-${proto.id as string}`;
    units.push({ ...proto, id: uid, designation: `${proto.designation as string} (${i})`, source: 'reconstructed: synthetic benchmark copy' });
    setup.push({ unit: uid, hex: formatHex(hex), source: 'reconstructed: synthetic benchmark placement' });
  }
  const scenario = {
    ...base, id, name: `Benchmark campaign, ${n} counters`, case: undefined,
    description: 'Synthetic benchmark scenario (issue 17): stacks on all six sheets, supply sources on the map edges.',
    source: 'reconstructed: synthetic benchmark scenario, not a scenario of the rules',
    unitSets: [`bench-units-${n}`], setup, special: undefined, modules: [], // no scenario rule modules: the synthetic scenario has none of their data
    rules: {
      combat: {
        supply: {
          allied: { hexes: [], edges: ['N'], maxAdjacentToEnemy: 2, source: 'reconstructed: benchmark supply from the north edge' },
          german: { hexes: [], edges: ['E', 'S', 'W'], maxAdjacentToEnemy: 2, source: 'reconstructed: benchmark supply from the other edges' },
        },
      },
    },
  };
  const src: DataSources = {
    ...BUILTIN,
    scenarios: { [`data/scenarios/${id}.json`]: JSON.parse(JSON.stringify(scenario)) },
    units: { [`data/units/bench-units-${n}.json`]: { format: 'neptune-units/1', id: `bench-units-${n}`, title: 'Synthetic benchmark counters', source: 'reconstructed: copies of the real counters', units } },
  };
  const bundle = loadScenario(id, src);
  built.set(n, bundle);
  return bundle;
}
