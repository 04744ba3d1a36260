/**
 * Loads scenarios with everything they read (map, sequence, units, tables) from data/, validates
 * each file with its zod schema and cross-checks references. Every problem names file, path and reason.
 */
import { MapFile } from './schemas/map';
import { SequenceFile } from './schemas/sequence';
import { ScenarioFile } from './schemas/scenario';
import { UnitsFile, type UnitDef } from './schemas/unit';
import { BoxGraphFile } from './schemas/boxes';
import { SecretRestRule } from './schemas/hidden';
import { ScenarioCombatRules } from './schemas/scenarioRules';
import { TABLE_SCHEMAS } from './schemas/tables';
import { check, DataError, type DataProblem } from './problems';
import { buildBoard, type Board } from '../engine/board';
import { canonicalJson, sha256Hex } from '../engine/hash';
import { registerBundle } from '../engine/game';
import { extensionNamed } from '../engine/rules/extensions';
import { tryParseHexRef } from '../engine/hex';
import type { ScenarioBundle } from '../engine/types';

type Files = Record<string, unknown>;
const pick = (files: Record<string, { default: unknown } | unknown>): Files =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [k.replace(/^.*\/data\//, 'data/'), (v as { default?: unknown }).default ?? v]));

/** The ids of a `lazyFiles` record, by file (not enumerable: spreads and `Object.values` see only the files). */
const LAZY_IDS = Symbol('lazy file ids');

/**
 * The order of battle's unit files (4.4 MB, every scenario's counters) kept as their text and parsed
 * the first time a scenario reads one (issue 17: a scenario loads only its own files; parsed eagerly
 * they were ≈ 20 MB of the page's heap before any scenario was chosen). A file's id is its name, which
 * the loader checks once the file is parsed (`loadScenario`): a file whose id is not its name is a
 * data error, as a missing one is.
 */
export function lazyFiles(raw: Record<string, string>): Files {
  const files: Files = {};
  const ids = new Map<string, string>();
  for (const [path, text] of Object.entries(raw)) {
    const file = path.replace(/^.*\/data\//, 'data/');
    let parsed: unknown;
    let left: string | null = text;
    // Parsed once; the text is let go then (the parsed file is what the loader and the counters keep).
    Object.defineProperty(files, file, { enumerable: true, configurable: true, get: () => (left === null ? parsed : ((parsed = JSON.parse(left)), (left = null), parsed)) });
    ids.set(file.replace(/^.*\//, '').replace(/\.json$/, ''), file);
  }
  Object.defineProperty(files, LAZY_IDS, { value: ids });
  return files;
}

const SCENARIOS = pick(import.meta.glob('../../data/scenarios/*.json', { eager: true }));
const MAPS = pick(import.meta.glob('../../data/map/*.json', { eager: true }));
const SEQUENCES = pick(import.meta.glob('../../data/sequences/*.json', { eager: true }));
const UNITS = lazyFiles(import.meta.glob<string>('../../data/units/*.json', { eager: true, query: '?raw', import: 'default' }));
const TABLES = pick(import.meta.glob('../../data/tables/*.json', { eager: true }));
const BOXES = pick(import.meta.glob('../../data/boxes/*.json', { eager: true }));
const MODULE_DATA = pick(import.meta.glob('../../data/modules/*/*.json', { eager: true }));

export interface DataSources { scenarios: Files; maps: Files; sequences: Files; units: Files; tables: Files; boxes?: Files; modules?: Files }
export const BUILTIN: DataSources = { scenarios: SCENARIOS, maps: MAPS, sequences: SEQUENCES, units: UNITS, tables: TABLES, boxes: BOXES, modules: MODULE_DATA };

/** The ids of the unit sets of data/units (their file names, read without parsing the files). */
export function unitSetIds(src: DataSources = BUILTIN): string[] {
  return [...byId(src.units).keys()];
}

/**
 * The JSON of unit set `id` of data/units (parsed now if it was not yet), or undefined when there is
 * none, or when the file found by that name carries another id (lazyFiles finds sets by name;
 * loadScenario reports that case as a data error).
 */
export function unitSetJson(id: string, src: DataSources = BUILTIN): unknown {
  const json = byId(src.units).get(id)?.json;
  return (json as { id?: unknown } | undefined)?.id === id ? json : undefined;
}

function byId(files: Files): Map<string, { file: string; json: unknown }> {
  const lazy = (files as { [LAZY_IDS]?: Map<string, string> })[LAZY_IDS];
  if (lazy) {
    // Unparsed files are not read to learn their ids (their names); each parses when its `json` is read.
    const m = new Map<string, { file: string; json: unknown }>();
    for (const [id, file] of lazy) m.set(id, { file, get json() { return files[file]; } });
    return m;
  }
  const m = new Map<string, { file: string; json: unknown }>();
  for (const [file, json] of Object.entries(files)) {
    const id = (json as { id?: unknown })?.id;
    if (typeof id === 'string') m.set(id, { file, json });
  }
  return m;
}

/** Lists the scenarios in data/ (id, name, description) without loading their maps. */
export function listScenarios(src: DataSources = BUILTIN): { id: string; name: string; description: string; lengths: { id: string; label: string }[] }[] {
  const out = [];
  for (const json of Object.values(src.scenarios)) {
    const r = ScenarioFile.safeParse(json);
    if (r.success) out.push({ id: r.data.id, name: r.data.name, description: r.data.description, lengths: r.data.lengths.map((l) => ({ id: l.id, label: l.label })) });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Loads and validates scenario `id` and everything it references; registers it with the engine.
 * Throws DataError listing every problem found (not just the first).
 */
export function loadScenario(id: string, src: DataSources = BUILTIN): ScenarioBundle {
  const problems: DataProblem[] = [];
  const scen = byId(src.scenarios).get(id);
  if (!scen) throw new DataError([{ file: 'data/scenarios', path: '', reason: `no scenario with id "${id}"` }]);
  const s = check(ScenarioFile, scen.file, scen.json);
  if (!s.ok) throw new DataError(s.problems);
  const scenario = s.value;
  const mapSrc = byId(src.maps).get(scenario.map);
  const seqSrc = byId(src.sequences).get(scenario.sequence);
  if (!mapSrc) problems.push({ file: scen.file, path: 'map', reason: `no map with id "${scenario.map}" in data/map` });
  if (!seqSrc) problems.push({ file: scen.file, path: 'sequence', reason: `no sequence with id "${scenario.sequence}" in data/sequences` });
  const unitFiles = byId(src.units);
  const units = new Map<string, UnitDef>();
  const hashed: unknown[] = [scenario];
  scenario.unitSets.forEach((setId, i) => {
    const f = unitFiles.get(setId);
    if (!f) return problems.push({ file: scen.file, path: `unitSets[${i}]`, reason: `no unit set with id "${setId}" in data/units` });
    const u = check(UnitsFile, f.file, f.json);
    if (!u.ok) return problems.push(...u.problems);
    // A lazily kept file is found by its name (lazyFiles): its id must be that name.
    if (u.value.id !== setId) return problems.push({ file: f.file, path: 'id', reason: `the unit set's id "${u.value.id}" is not its file's name "${setId}"` });
    hashed.push(u.value);
    for (const d of u.value.units) units.set(d.id, d);
  });
  const m = mapSrc ? check(MapFile, mapSrc.file, mapSrc.json) : null;
  if (m && !m.ok) problems.push(...m.problems);
  const q = seqSrc ? check(SequenceFile, seqSrc.file, seqSrc.json) : null;
  if (q && !q.ok) problems.push(...q.problems);
  const board = m?.ok ? buildBoard(mapSrc!.file, m.value) : null;
  if (board) problems.push(...board.problems);
  // Scenario rules by area, validated now rather than when a rule first reads them mid-game.
  const combat = (scenario.rules as { combat?: unknown }).combat;
  if (combat !== undefined) {
    const c = check(ScenarioCombatRules, scen.file, combat);
    if (!c.ok) problems.push(...c.problems.map((p) => ({ ...p, path: `rules.combat${p.path ? (p.path.startsWith('[') ? '' : '.') + p.path : ''}` })));
  }
  // The optional rule modules the scenario turns on: each must exist and find the data it reads.
  const moduleData: Record<string, unknown> = {};
  const moduleFiles = byId(src.modules ?? {});
  (scenario.modules ?? []).forEach((name, i) => {
    const ext = extensionNamed(name);
    if (!ext) return problems.push({ file: scen.file, path: `modules[${i}]`, reason: `no rule module named "${name}"` });
    for (const key of ext.needs ?? []) {
      if ((scenario.special as Record<string, unknown> | undefined)?.[key] === undefined) problems.push({ file: scen.file, path: `modules[${i}]`, reason: `rule module "${name}" (${ext.cases}) reads special.${key}, which the scenario does not have` });
    }
    // Data files of the module (data/modules/<module>/*.json: the AW 41 tables and display), by id.
    for (const want of ext.data?.(scenario) ?? []) {
      const f = (want.dir === 'maps' ? byId(src.maps) : moduleFiles).get(want.id);
      if (!f) { problems.push({ file: scen.file, path: `modules[${i}]`, reason: `rule module "${name}" reads the data file "${want.id}", which is not in data/${want.dir === 'maps' ? 'map' : 'modules'}` }); continue; }
      const c = check(want.schema, f.file, f.json);
      if (!c.ok) problems.push(...c.problems);
      else moduleData[want.id] = c.value;
    }
  });
  scenario.setup.forEach((e, i) => {
    if (!units.has(e.unit)) problems.push({ file: scen.file, path: `setup[${i}].unit`, reason: `unit "${e.unit}" is in no unit set of this scenario` });
    const h = tryParseHexRef(e.hex);
    if ('error' in h) problems.push({ file: scen.file, path: `setup[${i}].hex`, reason: h.error });
    else if (board && board.board.terrain[h.hex] === 255) problems.push({ file: scen.file, path: `setup[${i}].hex`, reason: `${e.hex} is not on map "${scenario.map}"` });
  });
  if (scenario.rules.secretRest !== undefined) {
    const r = check(SecretRestRule, scen.file, scenario.rules.secretRest);
    if (!r.ok) problems.push(...r.problems.map((p) => ({ ...p, path: `rules.secretRest${p.path ? `.${p.path}` : ''}` })));
  }
  const boxGraphs = loadBoxGraphs(scen.file, scenario.boxGraphs ?? [], src.boxes ?? {}, board?.board ?? null, problems);
  const boxIds = new Set(boxGraphs.flatMap((g) => g.boxes.map((b) => b.id)));
  const onHexes = new Set(scenario.setup.map((e) => e.unit));
  (scenario.boxSetup ?? []).forEach((e, i) => {
    if (!units.has(e.unit)) problems.push({ file: scen.file, path: `boxSetup[${i}].unit`, reason: `unit "${e.unit}" is in no unit set of this scenario` });
    if (onHexes.has(e.unit)) problems.push({ file: scen.file, path: `boxSetup[${i}].unit`, reason: `unit "${e.unit}" is also set up on a hex` });
    if (!boxIds.has(e.box)) problems.push({ file: scen.file, path: `boxSetup[${i}].box`, reason: `"${e.box}" is no box of the scenario's box graphs` });
  });
  if (problems.length) throw new DataError(problems);
  const tables = checkTables(src.tables, problems);
  if (problems.length) throw new DataError(problems);
  hashed.push(m!.ok ? m!.value : null, q!.ok ? q!.value : null, tables);
  // Only scenarios that declare box graphs hash them: the data version of the others is unchanged.
  if (boxGraphs.length) hashed.push(boxGraphs);
  // Likewise module data (AW 41 tables and display) only for the scenarios whose modules read it.
  if (Object.keys(moduleData).length) hashed.push(moduleData);
  const bundle: ScenarioBundle = {
    scenario,
    board: board!.board,
    sequence: (q as { value: SequenceFile }).value,
    units,
    tables,
    dataHash: sha256Hex(hashedJson(hashed, tables)),
    ...(boxGraphs.length ? { boxGraphs } : {}),
    ...(Object.keys(moduleData).length ? { moduleData } : {}),
  };
  registerBundle(bundle);
  return bundle;
}

// The rules tables are shared by every scenario: each table file (the parsed JSON object, which no
// code changes) is validated in full once on this page, by the first load that reads it or by
// validateSharedData while the start screen is idle, not again at every scenario load (issue 14:
// validating all eight at each start made it ~1.6x the start before they were validated at all).
// Only a table that passed is remembered; a failing one is checked, and refused, at every load.
const validTables = new WeakSet<object>();

/**
 * Every rules table validated in full (file, path, reason), never on first use; also refuses a table
 * with an unknown id and reports each table the rules need that is missing. Returns the tables by id.
 */
function checkTables(files: Files, problems: DataProblem[]): Record<string, unknown> {
  const tables: Record<string, unknown> = {};
  for (const [file, json] of Object.entries(files)) {
    const tid = (json as { id?: unknown })?.id;
    if (typeof tid !== 'string') { problems.push({ file, path: 'id', reason: 'a table file needs a string id' }); continue; }
    tables[tid] = json;
    const schema = TABLE_SCHEMAS[tid];
    if (!schema) { problems.push({ file, path: 'id', reason: `no rules table has the id "${tid}" (known: ${Object.keys(TABLE_SCHEMAS).join(', ')})` }); continue; }
    if (validTables.has(json as object)) continue;
    const t = check(schema, file, json);
    if (!t.ok) problems.push(...t.problems);
    else validTables.add(json as object);
  }
  for (const tid of Object.keys(TABLE_SCHEMAS)) if (!(tid in tables)) problems.push({ file: 'data/tables', path: '', reason: `the rules need the table "${tid}", which is missing` });
  return tables;
}

// The canonical JSON of each validated table, kept with it for the page: the tables are most of a small
// scenario's data hash input, and serialising them with sorted keys at every load cost a few ms.
const tableJson = new WeakMap<object, string>();

/**
 * canonicalJson(hashed), the data hash's input, with the rules tables (the element `tables`) taken
 * from their kept canonical JSON: the same string, since a JSON array or object serialises as its
 * members' serialisations joined (sharedData.test.ts checks it for every scenario).
 */
export function hashedJson(hashed: unknown[], tables: Record<string, unknown>): string {
  return `[${hashed.map((v) => (v === tables ? tablesJson(tables) : canonicalJson(v))).join(',')}]`;
}

function tablesJson(tables: Record<string, unknown>): string {
  return `{${Object.keys(tables).sort().map((tid) => {
    const t = tables[tid] as object;
    let j = validTables.has(t) ? tableJson.get(t) : undefined;
    if (j === undefined) { j = canonicalJson(t); if (validTables.has(t)) tableJson.set(t, j); }
    return `${JSON.stringify(tid)}:${j}`;
  }).join(',')}}`;
}

/**
 * Validates the data every scenario shares (the rules tables) ahead of the first scenario load, e.g.
 * while the start screen waits for the player, and keeps their canonical JSON for the data hash;
 * returns the problems found (none: each table is then not validated again on this page). A failing
 * table is still refused by every loadScenario.
 */
export function validateSharedData(src: DataSources = BUILTIN): DataProblem[] {
  const problems: DataProblem[] = [];
  tablesJson(checkTables(src.tables, problems));
  return problems;
}

/**
 * The box graphs a scenario names (docs/engine.md "Locations"), validated: schema, box ids unique in
 * the scenario, adjacencies naming boxes of the same graph, entry hexes on the scenario's map.
 */
function loadBoxGraphs(scenFile: string, ids: string[], files: Files, board: Board | null, problems: DataProblem[]): BoxGraphFile[] {
  const byGraph = byId(files);
  const out: BoxGraphFile[] = [];
  const seen = new Map<string, string>();
  ids.forEach((gid, i) => {
    const f = byGraph.get(gid);
    if (!f) return problems.push({ file: scenFile, path: `boxGraphs[${i}]`, reason: `no box graph with id "${gid}" in data/boxes` });
    const g = check(BoxGraphFile, f.file, f.json);
    if (!g.ok) return problems.push(...g.problems);
    const own = new Set(g.value.boxes.map((b) => b.id));
    g.value.boxes.forEach((b, j) => {
      const at = `boxes[${j}]`;
      const other = seen.get(b.id);
      if (other) problems.push({ file: f.file, path: `${at}.id`, reason: `box "${b.id}" is also declared in ${other}` });
      seen.set(b.id, f.file);
      b.adjacent.forEach((a, k) => { if (!own.has(a)) problems.push({ file: f.file, path: `${at}.adjacent[${k}]`, reason: `"${a}" is no box of graph "${g.value.id}"` }); });
      b.entry.forEach((ref, k) => {
        const h = tryParseHexRef(ref);
        if ('error' in h) problems.push({ file: f.file, path: `${at}.entry[${k}]`, reason: h.error });
        else if (board && board.terrain[h.hex] === 255) problems.push({ file: f.file, path: `${at}.entry[${k}]`, reason: `${ref} is not on the scenario's map` });
      });
    });
    out.push(g.value);
  });
  return out;
}

/** Maps in data/map (id and name). */
export function listMaps(src: DataSources = BUILTIN): { id: string; name: string }[] {
  return [...byId(src.maps).values()]
    .map(({ json }) => json as { id: string; name?: unknown; format?: unknown })
    .filter((j) => j.format === 'neptune-map/1')
    .map((j) => ({ id: j.id, name: String(j.name ?? j.id) }));
}

/** Loads and validates one map for browsing without a game. Throws DataError listing every problem. */
export function loadMap(id: string, src: DataSources = BUILTIN): Board {
  const f = byId(src.maps).get(id);
  if (!f) throw new DataError([{ file: 'data/map', path: '', reason: `no map with id "${id}"` }]);
  const m = check(MapFile, f.file, f.json);
  if (!m.ok) throw new DataError(m.problems);
  const { board, problems } = buildBoard(f.file, m.value);
  if (problems.length) throw new DataError(problems);
  return board;
}
