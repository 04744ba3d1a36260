/**
 * The combat tables of a bundle (data/tables/*.json), validated once with the schemas in
 * src/data/schemas/tables.ts. A malformed table fails with its file, path and reason.
 */
import type { z } from 'zod';
import {
  ConstructionTable, FireSupportTable, GaModifiersTable, GroundAssaultTable, GroundInterdictionTable, NavalTable,
} from '../../data/schemas/tables';
import type { ScenarioBundle } from '../types';

const cache = new WeakMap<object, Map<string, unknown>>();

function load<S extends z.ZodType>(bundle: ScenarioBundle, id: string, schema: S): z.infer<S> {
  let m = cache.get(bundle.tables);
  if (!m) { m = new Map(); cache.set(bundle.tables, m); }
  if (m.has(id)) return m.get(id) as z.infer<S>;
  const raw = bundle.tables[id];
  if (raw === undefined) throw new Error(`data/tables: no table with id "${id}"`);
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`data/tables/${id}.json at ${i.path.join('.')}: ${i.message}`);
  }
  m.set(id, r.data);
  return r.data;
}

export const gat = (b: ScenarioBundle): GroundAssaultTable => load(b, 'ground-assault', GroundAssaultTable);
export const gaMods = (b: ScenarioBundle): GaModifiersTable => load(b, 'ga-modifiers', GaModifiersTable);
export const fsTable = (b: ScenarioBundle): FireSupportTable => load(b, 'fire-support', FireSupportTable);
export const giTable = (b: ScenarioBundle): GroundInterdictionTable => load(b, 'ground-interdiction', GroundInterdictionTable);
/** AW 11.9.0 naval units and GOSS 11.4 ship points (data/tables/naval.json). */
export const navalTable = (b: ScenarioBundle): NavalTable => load(b, 'naval', NavalTable);
/** GOSS 17.3 construction and bridge demolition (data/tables/construction.json). */
export const constructionTable = (b: ScenarioBundle): ConstructionTable => load(b, 'construction', ConstructionTable);

/** Every combat table problem of a bundle (for the data loader and its tests); empty when all are valid. */
export function combatTableProblems(bundle: ScenarioBundle): string[] {
  const out: string[] = [];
  for (const f of [gat, gaMods, fsTable, giTable, navalTable, constructionTable]) {
    try { f(bundle); } catch (e) { out.push((e as Error).message); }
  }
  return out;
}
