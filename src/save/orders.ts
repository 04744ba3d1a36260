/**
 * Standing orders for play by e-mail (issue 15 "two files per game turn", docs/save-format.md
 * "Standing orders"): the player who hands the game over writes, in its own sealed file, how its
 * side answers the decisions the opponent's coming turn will put to it — defensive fire at the
 * assaults designated against a hex (AW 31.2.2b, GOSS 11), the GA terrain line (GOSS 13.3.2), the
 * hit options (GOSS 11.6.2, 13.10.2–13.10.4), retreat paths by preference (GOSS 11.6.3, 13.11) and
 * the end of its Defensive FS Segment. The opponent's browser applies them when the decision comes
 * up and records each as the owner's action (entry field `order`), so replay needs no orders.
 *
 * Orders are data: a strict schema, and one pure function `orderFor(state, orders, side)` that
 * returns the action the orders give now (or null). The rules engine knows nothing of orders; the
 * save layer checks an order-applied entry by calling `orderFor` on the state before it.
 */
import { z } from 'zod';
import { apply, bundleOf, legalActions, sideToAct, type Action, type GameState, type Side } from '../engine';
import { HexPath, HexRef, UnitId } from '../engine/actions/schema';
import { areAdjacent, formatHex, tryParseHexRef } from '../engine/hex';
import { isAttackDesignated, live, topFrame } from '../engine/query';
import { segmentAt } from '../engine/sequence';
import { canon } from './digest';
import { unitList } from '../engine/unitTable';

/** "Any hex" when left out: the hex of the decision (the FS target, the assaulted hex, the retreating stack's). */
const where = { hex: HexRef.optional() };
const Fatigue = z.number().int().min(0).max(2);

/**
 * AW 31.2.2b: fire at the units designated to attack hex `at` (the first hex adjacent to it holding
 * designated attackers: most attackers, then the lowest hex id), once per Combat Phase (no second
 * mission at that hex), with the listed artillery — each at its given points, or all it has — up
 * to `points` in all, plus air and naval points. Without artillery: the firers the rules offer.
 */
export const FireOrder = z.strictObject({
  type: z.literal('fire'),
  at: HexRef,
  artillery: z.array(z.strictObject({ unit: UnitId, points: z.number().int().positive().max(99).optional() })).max(20).optional(),
  points: z.number().int().positive().max(99).optional(),
  air: z.number().int().positive().max(99).optional(),
  naval: z.number().int().positive().max(99).optional(),
});
/** End my Defensive FS Segment when no fire order applies (AW 31.2.2b). */
export const EndFireOrder = z.strictObject({ type: z.literal('endDefensiveFs') });
/** GOSS 13.3.2: the terrain lines by preference (the first the rules accept), with standoff and OhS full strength. */
export const GaDefendOrder = z.strictObject({ type: z.literal('gaDefend'), ...where, lines: z.array(z.number().int().min(0).max(9)).min(1).max(9), standoff: z.array(UnitId).max(20).optional(), fullStrength: z.array(UnitId).max(20).optional() });
/** GOSS 13.10.4: Hold, Limited or Full retreat. */
export const GaOptionOrder = z.strictObject({ type: z.literal('gaOption'), ...where, option: z.enum(['hold', 'limited', 'full']) });
/** GOSS 13.10.2, AW 1.2.7b: reduce or convert mandatory hits. */
export const GaConvertOrder = z.strictObject({ type: z.literal('gaConvert'), ...where, removeEt3: z.boolean().optional(), convert: z.enum(['none', 'bocage', 'recon']).optional() });
/** GOSS 11.6.2: the first FS hit as a step loss or a retreat. */
export const FsHitsOrder = z.strictObject({ type: z.literal('fsHits'), ...where, option: z.enum(['step', 'retreat']), removeEt3: z.boolean().optional() });
/** GOSS 11.6.2, 13.10.4: hits absorbed by fatigue (0 = none: all as step losses), at most this many. */
export const AbsorbOrder = z.strictObject({ type: z.enum(['fsAbsorb', 'gaAbsorb']), ...where, fatigue: Fatigue });
/**
 * GOSS 11.6.3, 13.11: retreat paths by preference (the first the rules accept), then — with
 * `otherwise: 'first'` — the first path the rules offer, or the DW withdrawal with `withdraw`.
 */
export const RetreatOrder = z.strictObject({
  type: z.enum(['fsRetreat', 'gaRetreat']), ...where,
  paths: z.array(HexPath.pipe(z.array(z.string()).min(1).max(8))).max(8),
  withdraw: z.boolean().optional(),
  otherwise: z.literal('first').optional(),
});
export const Order = z.union([FireOrder, EndFireOrder, GaDefendOrder, GaOptionOrder, GaConvertOrder, FsHitsOrder, AbsorbOrder, RetreatOrder]);
export type Order = z.infer<typeof Order>;
/** The orders of one side, in priority order: the first that gives an action the rules accept wins. */
export const StandingOrders = z.strictObject({ orders: z.array(Order).max(64) });
export type StandingOrders = z.infer<typeof StandingOrders>;

/** The decisions orders can answer (pending kinds), and the segment they can act in. */
export const ORDER_DECISIONS = ['gaDefend', 'gaOption', 'gaConvert', 'gaAbsorb', 'gaRetreat', 'fsHits', 'fsAbsorb', 'fsRetreat'] as const;
export const DEFENSIVE_FS = 'defensiveFs';

export interface OrderPick { action: Action; /** Index of the order in the list. */ order: number }

const hexId = (ref: string): number | null => { const r = tryParseHexRef(ref); return 'error' in r ? null : r.hex; };

/** The hex a pending decision is about: the FS target, the assaulted hex, the retreating stack's hex. */
export function decisionHex(state: GameState): number | null {
  const f = topFrame(state);
  if (!f) return null;
  if (f.proc === 'retreat') return f.from;
  if (f.proc === 'fireMission') return f.target;
  return 'hex' in f ? f.hex : null;
}

/** What `side` is asked now, if orders could answer it: a pending decision's kind, or its Defensive FS Segment. */
export function orderableDecision(state: GameState, side: Side): string | null {
  if (sideToAct(state) !== side) return null;
  if (state.pending) return (ORDER_DECISIONS as readonly string[]).includes(state.pending.kind) ? state.pending.kind : null;
  return segmentAt(bundleOf(state).sequence, state.pos).segment.id === DEFENSIVE_FS ? DEFENSIVE_FS : null;
}

/** AW 31.2.2b: the hexes next to `at` holding units of the enemy of `side` designated to attack, most attackers first, then by hex id. */
function attackerHexes(state: GameState, side: Side, at: number): number[] {
  const count = new Map<number, number>();
  for (const u of unitList(state)) {
    if (u.side === side || !live(u) || u.hex === null || u.hex === undefined || !isAttackDesignated(u) || !areAdjacent(u.hex, at)) continue;
    count.set(u.hex, (count.get(u.hex) ?? 0) + 1);
  }
  return [...count.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([h]) => h);
}

/** The artillery of a fire order, capped at its points in all. */
function firers(o: z.infer<typeof FireOrder>, offered: { unit: string; points?: number }[]): { unit: string; points?: number }[] {
  const list = o.artillery ?? offered;
  if (o.points === undefined) return list;
  let left = o.points;
  const out: { unit: string; points: number }[] = [];
  for (const a of list) {
    if (left <= 0) break;
    const p = Math.min(a.points ?? left, left);
    out.push({ unit: a.unit, points: p });
    left -= p;
  }
  return out;
}

/** The candidate actions of one order now, by preference (empty when the order does not apply). */
function candidates(state: GameState, side: Side, o: Order, decision: string): Action[] {
  if (decision === DEFENSIVE_FS) {
    if (o.type === 'endDefensiveFs') return [{ type: 'endSegment' }];
    if (o.type !== 'fire') return [];
    const at = hexId(o.at);
    if (at === null) return [];
    const fired = new Set(state.combat?.fsTargets ?? []);
    const hexes = attackerHexes(state, side, at);
    // Once per Combat Phase: the first assault designated against `at` is fired at once.
    if (!hexes.length || hexes.some((h) => fired.has(h))) return [];
    const target = formatHex(hexes[0]);
    const offer = legalActions(state, side, (t) => t === 'fireMission').find((a) => (a as { target?: string }).target === target) as { spotter?: string; artillery?: { unit: string; points?: number }[] } | undefined;
    const mission = { type: 'fireMission', target, artillery: firers(o, offer?.artillery ?? []), ...(o.air ? { air: o.air } : {}), ...(o.naval ? { naval: o.naval } : {}) };
    const out: Action[] = [];
    if (offer?.spotter) out.push({ ...mission, spotter: offer.spotter } as Action);
    out.push(mission as Action);
    return out;
  }
  if (o.type !== decision) return [];
  if ('hex' in o && o.hex !== undefined && hexId(o.hex) !== decisionHex(state)) return [];
  switch (o.type) {
    case 'gaDefend': return o.lines.map((line) => ({ type: 'gaDefend', line, ...(o.standoff ? { standoff: o.standoff } : {}), ...(o.fullStrength ? { fullStrength: o.fullStrength } : {}) }) as Action);
    case 'gaOption': return [{ type: 'gaOption', option: o.option } as Action];
    case 'gaConvert': return [{ type: 'gaConvert', ...(o.removeEt3 !== undefined ? { removeEt3: o.removeEt3 } : {}), ...(o.convert ? { convert: o.convert } : {}) } as Action];
    case 'fsHits': return [{ type: 'fsHits', option: o.option, ...(o.removeEt3 !== undefined ? { removeEt3: o.removeEt3 } : {}) } as Action];
    // "At most this many": fewer when the rules allow fewer (a unit at fatigue 1 absorbs one more at most).
    case 'fsAbsorb': case 'gaAbsorb': return [...Array(o.fatigue + 1).keys()].reverse().map((fatigue) => ({ type: o.type, fatigue }) as Action);
    case 'fsRetreat': case 'gaRetreat': {
      const from = decisionHex(state);
      const base = o.type === 'gaRetreat' && from !== null ? { from: formatHex(from) } : {};
      const out: Action[] = o.paths.map((path) => ({ type: o.type, ...base, path: o.type === 'fsRetreat' ? path.slice(0, 1) : path }) as Action);
      if (o.withdraw) out.push({ type: o.type, ...base, path: [], withdraw: true } as Action);
      if (o.otherwise === 'first') out.push(...legalActions(state, side, (t) => t === o.type));
      return out;
    }
    default: return [];
  }
}

/**
 * The action `side`'s standing orders give now, or null: the first order (in list order) of which a
 * candidate is accepted by the rules. Pure: a function of the state and the orders (a fire order is
 * used once per phase because the state records the hexes fired at, GOSS 11 `fsTargets`).
 */
export function orderFor(state: GameState, orders: StandingOrders, side: Side): OrderPick | null {
  const decision = orderableDecision(state, side);
  if (!decision) return null;
  for (let i = 0; i < orders.orders.length; i++) {
    for (const a of candidates(state, side, orders.orders[i], decision)) {
      const r = apply(state, a);
      if (r.ok) return { action: r.action, order: i };
    }
  }
  return null;
}

/** True when `a` is exactly the action the orders give (both normalised by the engine). */
export function sameAction(a: unknown, b: unknown): boolean {
  return canon(a) === canon(b);
}

/** One line per order for the player (the Standing Orders panel, the opponent's replay). */
export function describeOrder(o: Order): string {
  const at = 'hex' in o && o.hex ? ` in ${o.hex}` : '';
  switch (o.type) {
    case 'fire': {
      const art = o.artillery?.length ? o.artillery.map((a) => `${a.unit}${a.points ? ` ${a.points}` : ''}`).join(', ') : 'the artillery the rules allow';
      return `Defensive FS (AW 31.2.2b): fire ${o.points ? `up to ${o.points} points` : ''}${o.points ? ' ' : ''}at the first assault designated against ${o.at}, with ${art}${o.air ? `, ${o.air} air` : ''}${o.naval ? `, ${o.naval} naval` : ''}`;
    }
    case 'endDefensiveFs': return 'Then end the Defensive FS Segment (AW 31.2.2b)';
    case 'gaDefend': return `GA defence${at}: terrain line ${o.lines.join(', else ')} (GOSS 13.3.2)`;
    case 'gaOption': return `GA hits${at}: ${o.option === 'hold' ? 'Hold' : o.option === 'limited' ? 'Limited retreat' : 'Full retreat'} (GOSS 13.10.4)`;
    case 'gaConvert': return `GA mandatory hits${at}: ${o.removeEt3 ? 'remove the ET-3' : 'keep the ET-3'}, convert ${o.convert ?? 'none'} (GOSS 13.10.2)`;
    case 'fsHits': return `FS hits${at}: first hit as ${o.option === 'step' ? 'a step loss' : 'a retreat'} (GOSS 11.6.2)`;
    case 'fsAbsorb': case 'gaAbsorb': return `${o.type === 'fsAbsorb' ? 'FS' : 'GA'} hits${at}: absorb ${o.fatigue ? `up to ${o.fatigue} by fatigue` : 'none by fatigue (all as step losses)'} (${o.type === 'fsAbsorb' ? 'GOSS 11.6.2' : 'GOSS 13.10.4'})`;
    case 'fsRetreat': case 'gaRetreat': return `${o.type === 'fsRetreat' ? 'FS' : 'GA'} retreat${at}: ${[...o.paths.map((p) => p.join(' → ')), ...(o.withdraw ? ['withdraw into the DW'] : []), ...(o.otherwise ? ['else the first path allowed'] : [])].join('; else ') || 'none'} (${o.type === 'fsRetreat' ? 'GOSS 11.6.3' : 'GOSS 13.11'})`;
  }
}
