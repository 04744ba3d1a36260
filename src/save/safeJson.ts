/**
 * Keys a save file may never contain, anywhere (issue 15 hole 5). `__proto__`, `constructor` and
 * `prototype` are ordinary keys to JSON.parse, but the moment such an object is copied by assignment
 * (zod, spread into a class, Object.assign) the key changes the object's prototype instead of being
 * copied, so the game written back to the autosave is no longer the game that was checked, and it
 * cannot be opened again. No Neptune file uses these names, so they are refused outright.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const own = Object.prototype.hasOwnProperty;

/**
 * The path of the first forbidden key in a parsed JSON value (`entries[10].action.__proto__`), or
 * null. Iterative (no recursion limit for hostile nesting); visits every own key once, and builds
 * the path only when it finds one (a 200,000-entry file is walked in ≈ 0.1 s).
 */
export function forbiddenKeyPath(value: unknown): string | null {
  return firstForbidden(value) ? pathTo(value, '') : null;
}

/** An object with a forbidden own key, or one whose prototype is not a plain object's. */
function badObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return true;
  if (own.call(v, '__proto__') || own.call(v, 'constructor') || own.call(v, 'prototype')) return true;
  return false;
}

function firstForbidden(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) { const x = v[i]; if (x !== null && typeof x === 'object') stack.push(x); } continue; }
    if (badObject(v)) return true;
    for (const k in v) { const x = (v as Record<string, unknown>)[k]; if (x !== null && typeof x === 'object') stack.push(x); }
  }
  return false;
}

/** The path of the first bad object or key, depth first (only called when there is one). */
function pathTo(v: unknown, path: string): string | null {
  if (v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { const p = pathTo(v[i], `${path}[${i}]`); if (p) return p; }
    return null;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return path || 'the top level';
  for (const k of FORBIDDEN_KEYS) if (own.call(v, k)) return path ? `${path}.${k}` : k;
  for (const k in v) { if (!own.call(v, k)) continue; const p = pathTo((v as Record<string, unknown>)[k], path ? `${path}.${k}` : k); if (p) return p; }
  return null;
}

/** The player's message for a refused key (names the entry, not the internal path). */
export function forbiddenKeyMessage(path: string): string {
  const key = [...FORBIDDEN_KEYS].find((k) => path.endsWith(k)) ?? path;
  const m = /^entries\[(\d+)\]/.exec(path);
  const where = m ? `in entry ${m[1]}` : path.startsWith('header') ? 'in the header' : 'in the file';
  return `the file contains a field named "${key}" (${where}). Neptune never writes such a field and it could corrupt the stored game, so the file is refused: it was edited or made by another program`;
}
