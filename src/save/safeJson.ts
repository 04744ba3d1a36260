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
 * null. Iterative (no recursion limit for hostile nesting); visits every own key once.
 */
export function forbiddenKeyPath(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) { const x = v[i]; if (x !== null && typeof x === 'object') stack.push({ v: x, path: `${path}[${i}]` }); }
      continue;
    }
    // An object whose prototype was already replaced (not a plain JSON object) is refused too.
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return path || 'the top level';
    for (const k in v) {
      if (!own.call(v, k)) continue;
      const p = path ? `${path}.${k}` : k;
      if (FORBIDDEN_KEYS.has(k)) return p;
      const x = (v as Record<string, unknown>)[k];
      if (x !== null && typeof x === 'object') stack.push({ v: x, path: p });
    }
    // JSON.parse makes `__proto__` an own key, but `for…in` lists it; this covers objects built otherwise.
    if (own.call(v, '__proto__')) return path ? `${path}.__proto__` : '__proto__';
  }
  return null;
}

/** The player's message for a refused key (names the entry, not the internal path). */
export function forbiddenKeyMessage(path: string): string {
  const key = [...FORBIDDEN_KEYS].find((k) => path.endsWith(k)) ?? path;
  const m = /^entries\[(\d+)\]/.exec(path);
  const where = m ? `in entry ${m[1]}` : path.startsWith('header') ? 'in the header' : 'in the file';
  return `the file contains a field named "${key}" (${where}). Neptune never writes such a field and it could corrupt the stored game, so the file is refused: it was edited or made by another program`;
}
