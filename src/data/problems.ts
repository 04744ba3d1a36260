import type { z } from 'zod';

/** One problem found while loading a data file: which file, where in it, and why. */
export interface DataProblem {
  file: string;
  path: string;
  reason: string;
}

export class DataError extends Error {
  constructor(readonly problems: DataProblem[]) {
    super(`Invalid data:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'DataError';
  }
}

export function formatProblem(p: DataProblem): string {
  return `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.reason}`;
}

export function pathString(path: ReadonlyArray<PropertyKey>): string {
  return path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
}

/** Validates `json` against `schema`; every zod issue becomes a DataProblem naming file and path. */
export function check<S extends z.ZodType>(schema: S, file: string, json: unknown):
  { ok: true; value: z.infer<S> } | { ok: false; problems: DataProblem[] } {
  // Each data file is validated once per load: zod's compiled fast path (generated and compiled per
  // object schema on its first parse, ~15 ms of a scenario's start in the browser) does not pay back.
  const r = schema.safeParse(json, { jitless: true });
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, problems: r.error.issues.map((i) => ({ file, path: pathString(i.path), reason: i.message })) };
}

/** Like check, but throws DataError listing every problem. */
export function load<S extends z.ZodType>(schema: S, file: string, json: unknown): z.infer<S> {
  const r = check(schema, file, json);
  if (!r.ok) throw new DataError(r.problems);
  return r.value;
}
