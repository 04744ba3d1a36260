/**
 * Canonical actions (issue 15, docs/engine.md "Actions"): one strict zod schema per action type.
 * `normaliseAction` refuses unknown fields, `__proto__` / `constructor` / `prototype` keys and
 * unknown types, and returns the one spelling of the decision: hex references as the rules ID the
 * map prints, sets of units sorted, fields left at their default left out. `apply` applies the
 * normalised action, the log records it and the PBEM dice derive from it, so two spellings of one
 * decision cannot give two different rolls. Leaf modules only: nothing here imports a rule file.
 */
import { z } from 'zod';
import * as core from './core';
import * as movement from './movement';
import * as combat from './combat';
import * as setup from './setup';
import * as scenario from './scenario';
import * as boxes from './boxes';
import * as hidden from './hidden';
import * as airborne from './airborne';
import type { Rejection } from '../types';
import { findForbidden } from '../forbiddenKeys';
import { asSpelled } from './asSpelled';

export { HexRef, HexPath, UnitId, UnitSet } from './schema';
export { MARKABLE } from './movement';

/** Every action schema by type. */
export const ACTION_SCHEMAS = {
  endSegment: core.EndSegment, roll: core.Roll, diceKey: core.DiceKey,
  move: movement.Move, mark: movement.Mark, breakdown: movement.Breakdown, recombine: movement.Recombine, mount: movement.Mount, dismount: movement.Dismount,
  consolidate: movement.Consolidate, eliminateOverstack: movement.EliminateOverstack, relocateGroup: movement.RelocateGroup,
  enterReinforcement: movement.EnterReinforcement,
  designate: combat.Designate, dropAttack: combat.DropAttack, interdict: combat.Interdict, giDone: combat.GiDone,
  fireMission: combat.FireMission, fsHits: combat.FsHits, fsRetreat: combat.FsRetreat, fsAbsorb: combat.FsAbsorb, fsAdvance: combat.FsAdvance,
  assault: combat.Assault, gaDefend: combat.GaDefend, gaConvert: combat.GaConvert, gaOption: combat.GaOption,
  gaRetreat: combat.GaRetreat, gaAbsorb: combat.GaAbsorb, gaAdvance: combat.GaAdvance,
  overrun: combat.Overrun, overrunFs: combat.OverrunFs,
  placeUnit: setup.PlaceUnit, unplaceUnit: setup.UnplaceUnit, placeFieldworks: setup.PlaceFieldworks,
  randomSetup: setup.RandomSetup, finishSetup: setup.FinishSetup,
  declareLandefront: scenario.DeclareLandefront, declareLull: scenario.DeclareLull,
  germanReplacement: scenario.GermanReplacement, placeBridge: scenario.PlaceBridge, demolishBridge: scenario.DemolishBridge, suppressWnStp: scenario.SuppressWnStp, construct: scenario.Construct,
  moveBox: boxes.MoveBoxAction, seal: hidden.SealAction, reveal: hidden.RevealAction, restPass: hidden.RestPassAction, fuelPass: hidden.FuelPassAction, fuelExempt: hidden.FuelExemptAction, allocateAir: hidden.AllocateAirAction,
  placeDz: airborne.PlaceDz, pegasus: airborne.Pegasus, dropUnit: airborne.DropUnit, dropFow: airborne.DropFow,
  landGlider: airborne.LandGlider, gliderDisplace: airborne.GliderDisplace, reorganise: airborne.Reorganise, regroup: airborne.Regroup,
  mervilleAttack: airborne.MervilleAttack,
  abAttack: airborne.AbAttack, abAdvance: airborne.AbAdvance, abRetreat: airborne.AbRetreat, esLand: airborne.EsLand, dzPrimary: airborne.DzPrimary,
  abMove: airborne.AbMove, abPassCheck: airborne.AbPassCheck, blowBridge: airborne.BlowBridge, gActivate: airborne.GActivate, gMove: airborne.GMove,
} as const;

type Schemas = typeof ACTION_SCHEMAS;
export type ActionType = keyof Schemas;
/** An action: the union of the schemas' (normalised) types. */
export type Action = { [K in ActionType]: z.output<Schemas[K]> }[ActionType];
/** The action of one type. */
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

export const ACTION_TYPES = Object.keys(ACTION_SCHEMAS) as ActionType[];

const DEFAULTS: Record<string, Record<string, unknown>> = { ...combat.COMBAT_DEFAULTS };

/** A forged `__proto__` / `constructor` / `prototype` key, or a non-plain object, in words for an action. */
function forbiddenKey(raw: unknown): string | null {
  const f = findForbidden(raw);
  if (!f) return null;
  const at = f.path.join('.');
  return f.key ? `the key "${f.key}"${at ? ` in ${at}` : ''} is not allowed in an action (it could alter how every object is read)` : `${at || 'the action'} is not a plain JSON object`;
}

function issueText(type: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && issue.errors.length) {
    // The branch the action came nearest to (fewest issues) says what is wrong with it.
    const branch = [...issue.errors].sort((x, y) => x.length - y.length)[0];
    const inner = branch.find((i) => i.code === 'unrecognized_keys') ?? branch[0];
    if (inner) return issueText(type, inner);
  }
  const at = issue.path.length ? `"${issue.path.join('.')}"` : '';
  if (issue.code === 'unrecognized_keys') return `${type} has no field ${issue.keys.map((k) => `"${k}"`).join(', ')}${at ? ` in ${at}` : ''}`;
  return `${type}${at ? ` ${at}` : ''}: ${issue.message}`;
}

/** The object options of a schema (one, or those of a union), worked out once per schema. */
const OPTIONS = new WeakMap<z.ZodType, z.ZodObject[]>();
function objectOptions(s: z.ZodType): z.ZodObject[] {
  let o = OPTIONS.get(s);
  if (!o) {
    o = s instanceof z.ZodUnion ? (s.options as z.ZodType[]).flatMap(objectOptions) : s instanceof z.ZodObject ? [s] : [];
    OPTIONS.set(s, o);
  }
  return o;
}

/**
 * The fields of an object schema that may be left out, worked out once per schema: asking zod on
 * every action whether `undefined` parses builds an error object per required field (it made
 * `normaliseAction` 200 times slower than the parse itself).
 */
const OPTIONAL_KEYS = new WeakMap<z.ZodObject, Set<string>>();
function optionalKeys(o: z.ZodObject): Set<string> {
  let keys = OPTIONAL_KEYS.get(o);
  if (!keys) {
    keys = new Set(Object.entries(o.shape).filter(([, f]) => (f as z.ZodType).safeParse(undefined).success).map(([k]) => k));
    OPTIONAL_KEYS.set(o, keys);
  }
  return keys;
}

/** Leaves out optional fields at their neutral value (false, 0, [], or the declared default): one spelling per decision. */
function prune(type: string, schema: z.ZodType, a: Record<string, unknown>): void {
  const options = objectOptions(schema);
  // One object schema (most action types): the action just parsed with it. A union: the branch it parses with.
  if (options.length === 1 && !optionalKeys(options[0]).size) return;
  const o = options.length === 1 ? options[0] : options.find((x) => x.safeParse(a).success);
  if (!o) return;
  const optional = optionalKeys(o);
  if (!optional.size) return;
  for (const [k, v] of Object.entries(a)) {
    if (!optional.has(k)) continue;
    if (v === false || v === 0 || (Array.isArray(v) && v.length === 0) || DEFAULTS[type]?.[k] === v) delete a[k];
  }
}

/**
 * GOSS 11.8.0: the firers are a set, but the order they are ammo depleted in is by default the order
 * they were listed in — that order is kept as `deplete` before the set is sorted, and left out when
 * it is the sorted order.
 */
function normaliseFirers(a: Record<string, unknown>): void {
  const art = a.artillery as { unit: string }[] | undefined;
  if (!art) return;
  const order = (a.deplete as string[] | undefined) ?? art.map((x) => x.unit);
  const sorted = [...art].sort((x, y) => (x.unit < y.unit ? -1 : x.unit > y.unit ? 1 : 0));
  a.artillery = sorted;
  if (order.length === sorted.length && order.every((u, i) => u === sorted[i].unit)) delete a.deplete;
  else a.deplete = order;
}

export type Normalised = { ok: true; action: Action } | { ok: false; error: Rejection };

/** Parses an action strictly and returns its canonical form, or the reason it is refused. */
export function normaliseAction(raw: unknown): Normalised {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || typeof (raw as { type?: unknown }).type !== 'string') {
    return { ok: false, error: { code: 'bad-action', message: 'an action is a JSON object with a string "type"' } };
  }
  // A segment end, a free roll, a move or a marker already in its one spelling, without the schemas (asSpelled.ts).
  const as = asSpelled(raw);
  if (as) return { ok: true, action: as };
  const bad = forbiddenKey(raw);
  if (bad) return { ok: false, error: { code: 'bad-action', message: bad } };
  const type = (raw as { type: string }).type;
  if (!Object.prototype.hasOwnProperty.call(ACTION_SCHEMAS, type)) return { ok: false, error: { code: 'unknown-action', message: `unknown action type "${type}"` } };
  const schema = ACTION_SCHEMAS[type as ActionType] as z.ZodType;
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues.find((i) => i.code === 'unrecognized_keys') ?? r.error.issues[0];
    const hex = r.error.issues.find((i) => i.code === 'custom' && (i as { params?: { code?: string } }).params?.code === 'bad-hex');
    return { ok: false, error: { code: hex ? 'bad-hex' : 'bad-action', message: issueText(type, hex ?? issue) } };
  }
  const a = r.data as Record<string, unknown>;
  if (type === 'fireMission' || type === 'overrunFs') normaliseFirers(a);
  prune(type, schema, a);
  return { ok: true, action: a as Action };
}
