/**
 * The two commonest actions of play — a move and a marker — taken as they are when they are already
 * in their one spelling (issue 17: parsing each action with zod was 5% of a replay of real play, and
 * these two are 43% of its actions). Anything else about them — a hex spelled another way, a free-
 * stacked group (`with`, a set to sort), a field too many or of another type, an odd prototype — is
 * left to the schemas (`normaliseAction`), which decide. The result is what the schema would give:
 * `asSpelled.test.ts` compares the two on every such action of the self-play games and on edge cases.
 */
import { formatHex, tryParseHexRef } from '../hex';
import { MARKABLE } from './movement';
import type { Action } from './index';

const VIA = new Set(['road', 'offroad', 'mainroad']);
const MARKS = new Set<string>(MARKABLE);

/** The action as its schema's output, or null when the schemas must look at it. */
export function asSpelled(raw: object): Action | null {
  const proto = Object.getPrototypeOf(raw) as unknown;
  if (proto !== Object.prototype && proto !== null) return null;
  const r = raw as Record<string, unknown>;
  const type = r.type;
  if (type === 'move') return move(r);
  if (type === 'mark') return mark(r);
  return null;
}

/** `Move` (actions/movement.ts): type, unit, path (1–200 hexes, each as the map prints it), via (optional). */
function move(r: Record<string, unknown>): Action | null {
  const { unit, path, via } = r;
  const n = via === undefined ? 3 : 4;
  if (!onlyOwn(r, n, 'type', 'unit', 'path') || !isUnitId(unit) || !Array.isArray(path) || Object.getPrototypeOf(path) !== Array.prototype || path.length < 1 || path.length > 200) return null;
  if (via !== undefined && (typeof via !== 'string' || !VIA.has(via) || !Object.hasOwn(r, 'via'))) return null;
  for (let i = 0; i < path.length; i++) if (!isPrintedHex(path[i])) return null;
  const out: Record<string, unknown> = { type: 'move', unit, path: path.slice() };
  if (via !== undefined) out.via = via;
  return out as Action;
}

/** `Mark`: type, unit, marker (PA, CR, Exploit, IB). */
function mark(r: Record<string, unknown>): Action | null {
  const { unit, marker } = r;
  if (!onlyOwn(r, 3, 'type', 'unit', 'marker') || !isUnitId(unit) || typeof marker !== 'string' || !MARKS.has(marker)) return null;
  return { type: 'mark', unit, marker } as Action;
}

/** Exactly `n` own properties, all enumerable (JSON's), among them every field read (never one inherited). */
function onlyOwn(r: Record<string, unknown>, n: number, ...fields: string[]): boolean {
  if (Object.keys(r).length !== n || Object.getOwnPropertyNames(r).length !== n || Object.getOwnPropertySymbols(r).length !== 0) return false;
  for (const f of fields) if (!Object.hasOwn(r, f)) return false;
  return true;
}

/** `UnitId`: a string of 1–80 characters. */
function isUnitId(v: unknown): v is string {
  return typeof v === 'string' && v.length >= 1 && v.length <= 80;
}

/** A hex in the spelling `HexRef` normalises to (the rules ID the map prints). */
function isPrintedHex(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const h = tryParseHexRef(v);
  return !('error' in h) && formatHex(h.hex) === v;
}
