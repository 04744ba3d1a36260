/**
 * Keys no action, save or turn file may contain anywhere (issue 15 hole 5). `__proto__`,
 * `constructor` and `prototype` are ordinary keys to JSON.parse, but once such an object is copied by
 * assignment (zod, a spread, Object.assign) the key changes the object's prototype instead of being
 * copied, so what is stored or applied is no longer what was checked. One walker for the engine's
 * action schemas (src/engine/actions) and the save loader (src/save/safeJson.ts); each words its own
 * message. A leaf module: it imports nothing.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const own = Object.prototype.hasOwnProperty;

/** Where the first forbidden thing is: the path to it, and the forbidden key there (null: the object at `path` is not a plain one). */
export interface Forbidden { path: (string | number)[]; key: string | null }

/** An object with a forbidden own key, or one whose prototype is not a plain object's. */
function badObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return true;
  return own.call(v, '__proto__') || own.call(v, 'constructor') || own.call(v, 'prototype');
}

/** Iterative (no recursion limit for hostile nesting), each own key visited once, no path built. */
function anyForbidden(value: unknown): boolean {
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

/** The first bad object or key, depth first (only called when there is one). */
function locate(v: unknown, path: (string | number)[]): Forbidden | null {
  if (v === null || typeof v !== 'object') return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { const f = locate(v[i], [...path, i]); if (f) return f; }
    return null;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return { path, key: null };
  for (const k of FORBIDDEN_KEYS) if (own.call(v, k)) return { path, key: k };
  for (const k in v) { if (!own.call(v, k)) continue; const f = locate((v as Record<string, unknown>)[k], [...path, k]); if (f) return f; }
  return null;
}

/** The first forbidden key or non-plain object in a JSON value, or null (a 200,000-entry file is walked in ≈ 0.1 s). */
export function findForbidden(value: unknown): Forbidden | null {
  return anyForbidden(value) ? locate(value, []) : null;
}
