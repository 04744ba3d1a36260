/**
 * Keys a save file may never contain, anywhere (issue 15 hole 5): the engine's one walker
 * (src/engine/forbiddenKeys.ts), worded for files.
 */
import { FORBIDDEN_KEYS, findForbidden } from '../engine/forbiddenKeys';

export { FORBIDDEN_KEYS };

/** The path of the first forbidden key in a parsed JSON value (`entries[10].action.__proto__`), or null. */
export function forbiddenKeyPath(value: unknown): string | null {
  const f = findForbidden(value);
  if (!f) return null;
  const path = [...f.path, ...(f.key ? [f.key] : [])].map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : s)).join('');
  return path || 'the top level';
}

/** The player's message for a refused key (names the entry, not the internal path). */
export function forbiddenKeyMessage(path: string): string {
  const key = [...FORBIDDEN_KEYS].find((k) => path.endsWith(k)) ?? path;
  const m = /^entries\[(\d+)\]/.exec(path);
  const where = m ? `in entry ${m[1]}` : path.startsWith('header') ? 'in the header' : 'in the file';
  return `the file contains a field named "${key}" (${where}). Neptune never writes such a field and it could corrupt the stored game, so the file is refused: it was edited or made by another program`;
}
