/**
 * The commonest actions — a segment's end, a free roll, a move and a marker — taken as they are when
 * they are already in their one spelling (issue 17: parsing each action with zod was 5% of a replay of
 * real play; moves and markers are 43% of its actions, segment ends a quarter). Anything else about
 * them — a hex spelled another way, a free-stacked group (`with`, a set to sort), a field too many or of
 * another type, an odd prototype — is left to the schemas (`normaliseAction`), which decide. The result
 * is what the schema would give: `asSpelled.test.ts` compares the two on every such action of the
 * self-play games and on edge cases. The limits are the schemas' own constants.
 */
import { ROLL_DICE, ROLL_PURPOSE } from './core';
import { MARKABLE, MOVE_PATH, MOVE_VIA } from './movement';
import { UNIT_ID, printedHex } from './schema';
import type { Action } from './index';

const VIA = new Set<string>(MOVE_VIA);
const MARKS = new Set<string>(MARKABLE);
const DICE = new Set<string>(ROLL_DICE);

/** The action as its schema's output, or null when the schemas must look at it. */
export function asSpelled(raw: object): Action | null {
  const proto = Object.getPrototypeOf(raw) as unknown;
  if (proto !== Object.prototype && proto !== null) return null;
  const r = raw as Record<string, unknown>;
  switch (r.type) {
    case 'endSegment': return onlyOwn(r, 1, 'type') ? ({ type: 'endSegment' } as Action) : null;
    case 'roll': return roll(r);
    case 'move': return move(r);
    case 'mark': return mark(r);
    default: return null;
  }
}

/** `Roll` (actions/core.ts): type, dice (1d10 or 2d10), purpose (1–200 characters). */
function roll(r: Record<string, unknown>): Action | null {
  const { dice, purpose } = r;
  if (!onlyOwn(r, 3, 'type', 'dice', 'purpose') || typeof dice !== 'string' || !DICE.has(dice)) return null;
  if (typeof purpose !== 'string' || purpose.length < ROLL_PURPOSE.min || purpose.length > ROLL_PURPOSE.max) return null;
  return { type: 'roll', dice, purpose } as Action;
}

/** `Move` (actions/movement.ts): type, unit, path (each hex as the map prints it), via (optional). */
function move(r: Record<string, unknown>): Action | null {
  const { unit, path, via } = r;
  const n = via === undefined ? 3 : 4;
  if (!onlyOwn(r, n, 'type', 'unit', 'path') || !isUnitId(unit)) return null;
  if (!Array.isArray(path) || Object.getPrototypeOf(path) !== Array.prototype || path.length < MOVE_PATH.min || path.length > MOVE_PATH.max) return null;
  if (via !== undefined && (typeof via !== 'string' || !VIA.has(via) || !Object.hasOwn(r, 'via'))) return null;
  for (let i = 0; i < path.length; i++) if (typeof path[i] !== 'string' || printedHex(path[i] as string) !== path[i]) return null;
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

/** Exactly `n` own properties, all enumerable string keys (JSON's), among them every field read (never one inherited). */
function onlyOwn(r: Record<string, unknown>, n: number, ...fields: string[]): boolean {
  // Reflect.ownKeys counts every own key (non-enumerable and symbol ones too), Object.keys the enumerable strings.
  if (Reflect.ownKeys(r).length !== n || Object.keys(r).length !== n) return false;
  for (const f of fields) if (!Object.hasOwn(r, f)) return false;
  return true;
}

/** `UnitId`: a string within its length limits. */
function isUnitId(v: unknown): v is string {
  return typeof v === 'string' && v.length >= UNIT_ID.min && v.length <= UNIT_ID.max;
}
