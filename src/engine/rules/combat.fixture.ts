/**
 * Hand-made maps, counters and scenarios for the combat tests (never the real map or counters):
 * a small all-clear map with terrain, fieldworks and units placed per test, loaded through
 * loadScenario with custom DataSources, and a seed finder that fixes the dice through the seeded RNG.
 */
import { produce, type Draft } from 'immer';
import { BUILTIN, loadScenario, type DataSources } from '../../data/bundle';
import { newGame, apply, sideToAct } from '../game';
import { Dice } from '../rng';
import { hexAt, formatHex, type HexId } from '../hex';
import { segmentAt } from '../sequence';
import type { Action, GameEvent, GameState, ScenarioBundle } from '../types';

export const COL0 = 10;
export const ROW0 = 10;
export const W = 12;
export const H = 10;

/** Hex reference of fixture cell (c, r), 0-based from the fixture's corner. */
export const at = (c: number, r: number): string => `@${COL0 + c},${ROW0 + r}`;
export const hx = (c: number, r: number): HexId => hexAt(COL0 + c, ROW0 + r);
export const fmt = formatHex;

export interface UnitSpec {
  id: string;
  side: 'allied' | 'german';
  hex: string;
  type?: string;
  size?: 'Bn' | 'Co' | 'Z' | 'HQ' | 'Group' | 'Leader';
  moveClass?: 'leg' | 'mech' | 'static';
  ma?: number;
  pr?: [number | null, number | null];
  steps?: [number, number][];
  stepsLost?: number;
  fieldworks?: 'IP' | 'ET-2' | 'ET-3';
  extra?: Record<string, unknown>;
}

export interface FixtureOpts {
  terrain?: Record<string, string>;
  hexsides?: { a: string; b: string; features: string[] }[];
  routes?: { class: string; path: string[] }[];
  vantage?: { hex: string; los: number }[];
  /** Named places; a village's `terrain` is the other terrain in its hex (GOSS 7 TEC). */
  places?: { hex: string; name: string; kind?: string; terrain?: string }[];
  units: UnitSpec[];
  start?: { date: string; time: 'AM' | 'PM' | 'Night' };
  rules?: Record<string, unknown>;
  /** scenario.special (AW 32-style special rules as data: artillery, weather, play area…). */
  special?: Record<string, unknown>;
  /** scenario.modules: the optional rule modules the fixture turns on (e.g. 'landefront'). */
  modules?: string[];
  /** The sequence of play (default the introductory one). */
  sequence?: string;
  /** Map overlay lines (a rule module's boundaries, AW 19.2.2a / 20.1.1a), written as the map's overlays file. */
  overlays?: { id: string; name: string; case: string; waypoints: string[] }[];
  id?: string;
}

let counter = 0;

const LEGEND: Record<string, string> = { c: 'clear', r: 'rough', w: 'woods', h: 'hedgerow', f: 'forest', b: 'bocage', m: 'marsh', v: 'village', t: 'town', y: 'city', s: 'sea' };
const CODE = Object.fromEntries(Object.entries(LEGEND).map(([k, v]) => [v, k]));

export function fixture(o: FixtureOpts): ScenarioBundle {
  const id = o.id ?? `combat-fixture-${++counter}`;
  const rows = Array.from({ length: H }, (_, r) => ({
    row: ROW0 + r, col0: COL0,
    cells: Array.from({ length: W }, (_, c) => CODE[o.terrain?.[at(c, r)] ?? 'clear']).join(''),
  }));
  const map = {
    format: 'neptune-map/1', id: `${id}-map`, name: 'combat fixture', source: 'test: hand-made combat fixture',
    legend: LEGEND, rows, hexsides: o.hexsides ?? [], routes: (o.routes ?? []).map((r) => ({ ...r, source: 'test: fixture' })),
    places: (o.places ?? []).map((p) => ({ ...p, source: 'test: fixture' })), vantage: (o.vantage ?? []).map((v) => ({ ...v, source: 'test: fixture' })),
  };
  const units = {
    format: 'neptune-units/1', id: `${id}-units`, source: 'test: fixture counters',
    units: o.units.map((u) => ({
      id: u.id, designation: u.id, side: u.side, nationality: u.side === 'allied' ? 'British' : 'Wehrmacht',
      type: u.type ?? 'Inf', size: u.size ?? 'Bn', moveClass: u.moveClass ?? 'leg', ma: u.ma ?? 6,
      prOff: u.pr ? u.pr[0] : 5, prDef: u.pr ? u.pr[1] : 5,
      steps: (u.steps ?? [[6, 6], [4, 4], [2, 2]]).map(([attack, defence]) => ({ attack, defence })),
      source: 'test: fixture counter', ...(u.extra ?? {}),
    })),
  };
  const start = o.start ?? { date: '1944-07-18', time: 'AM' as const };
  const scenario = {
    format: 'neptune-scenario/1', id, name: id, description: 'combat fixture', source: 'test: fixture',
    map: map.id, sequence: o.sequence ?? 'intro', unitSets: [units.id], sides: ['allied', 'german'], start,
    lengths: [{ id: 'l', label: 'long', end: { date: '1944-07-25', time: 'Night' }, source: 'test: fixture' }],
    setup: o.units.map((u) => ({ unit: u.id, hex: u.hex, stepsLost: u.stepsLost ?? 0, ...(u.fieldworks ? { fieldworks: u.fieldworks } : {}), source: 'test: fixture' })),
    rules: o.rules ?? {},
    modules: o.modules ?? [],
    ...(o.special ? { special: o.special } : {}),
  };
  const maps: Record<string, unknown> = { [`data/map/${id}.json`]: map };
  if (o.overlays) maps[`data/map/${id}-overlays.json`] = { format: 'neptune-map-overlays/1', id: `${map.id}-overlays`, map: map.id, source: 'test: fixture', overlays: o.overlays.map((x) => ({ ...x, source: 'test: fixture' })) };
  const src: DataSources = { scenarios: { [`data/scenarios/${id}.json`]: scenario }, maps, sequences: BUILTIN.sequences, units: { [`data/units/${id}.json`]: units }, tables: BUILTIN.tables, modules: BUILTIN.modules };
  return loadScenario(id, src);
}

export function start(bundle: ScenarioBundle, seed = 'combat'): GameState {
  return newGame(bundle, { seed }).state;
}

export function edit(s: GameState, f: (d: Draft<GameState>) => void): GameState {
  return produce(s, f);
}

export function segmentId(s: GameState, bundle: ScenarioBundle): string {
  return segmentAt(bundle.sequence, s.pos).segment.id;
}

/** Ends segments until `id` of the given player turn (0 Allied, 1 German) is reached. */
export function toSegment(s: GameState, bundle: ScenarioBundle, id: string, playerTurn: 0 | 1 = 0): GameState {
  for (let i = 0; i < 200; i++) {
    if (segmentId(s, bundle) === id && s.pos.playerTurn === playerTurn) return s;
    const r = apply(s, { type: 'endSegment' });
    if (!r.ok) throw new Error(`endSegment rejected at ${segmentId(s, bundle)}: ${r.error.message}`);
    s = r.state;
  }
  throw new Error(`segment ${id} not reached`);
}

export function act(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)} (${sideToAct(s)} to act): ${r.error.code} ${r.error.message}`);
  return { state: r.state, events: r.events };
}

/**
 * A seed whose dice for the next action satisfy `pred` (given the d10/d100 sequence reader): the
 * tests fix their dice by choosing the seed, deterministically.
 */
export function seedWhere(n: number, pred: (d: Dice) => boolean, prefix = 's'): string {
  for (let i = 0; i < 20000; i++) {
    const seed = `${prefix}${i}`;
    if (pred(new Dice(seed, n))) return seed;
  }
  throw new Error('no seed found');
}

export function withSeed(s: GameState, seed: string): GameState {
  return edit(s, (d) => { d.seed = seed; });
}

/**
 * A minimal AW 1.2.6-style special rule (test data, not the real Cherbourg): the Landefront perimeter
 * is the hexes `ring`; the city is far away so garrison and morale do not come into play.
 */
export function landefront(ring: string[]): Record<string, unknown> {
  return { cherbourg: {
    garrisonFormation: 'none', garrisonUnits: [], perimeter: { hexes: ring }, city: { hexes: [at(11, 9)] }, cityHex: at(11, 9), port: [at(11, 9)],
    activateOnPerimeterHexes: 3,
    landefront: { otherPss: { hexes: [] }, maxFormations: 3, maxCorpsAssets: 12, advStart: 4, advDropEveryGts: 21, preDeclarationPathMp: 18 },
    morale: { perimeterCapturedThisGt: -1, cityOccupied: -2, cityHexCapturedPrTo: 1 },
    source: 'test: AW 1.2.6-style fixture', perimeterSource: 'test: two perimeter hexes', otherPssSource: 'test: none',
  } };
}
