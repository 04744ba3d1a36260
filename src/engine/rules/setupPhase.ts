/**
 * Setup phase for placement pools (AW 34.11.2; reusable by any scenario with `special.deployment`).
 * Before the first player segment the deploying side places each pool unit in its deployment area
 * and its fieldworks on their zone; the game waits on a `pending` decision (only the actions below
 * are accepted, `endSegment` is not) until `finishSetup` passes the whole-setup checks.
 *
 * Actions (deploying side only, while the setup is open):
 *   {type:'placeUnit', unit, hex}        put a waiting pool unit (or move a placed one) into its area
 *   {type:'unplaceUnit', unit}           take a placed pool unit back off the map
 *   {type:'placeFieldworks', hex, kind}  put one of the pool's IP / ET-2 on its zone (one per hex)
 *   {type:'randomSetup'}                 place everything still waiting, legally, with the seeded dice
 *   {type:'finishSetup'}                 end the setup; refused while a unit or marker waits or a check fails
 *
 * Setup breakdowns (AW 32.11.0 "German units may break down. These breakdown Coys must be set up in
 * the same hex as the parent unit, however stacking rules may not be violated"): a scenario whose
 * `setupOptions` entry has `breakdown: true` and no placement pools opens, at game start and before
 * the first segment (so before the carpet bombing of AW 32.4), a setup for that side that accepts
 * only `breakdown` (src/engine/rules/breakdown.ts, at no MA cost) and `finishSetup`.
 *
 * Queries for a setup UI: `setupStatus` (pools, waiting units, fieldworks left, check failures),
 * `deploymentHexes(state, bundle, unit)` (every hex the unit may be placed in now, stacking included)
 * and `placementCheck(state, bundle, unit, hex)` (null, or the rejection the engine would give).
 */
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { reject, RuleViolation, type RuleContext, type RuleModule } from './registry';
import { distance, formatHex, HEX_COUNT, hexesWithin, tryParseHexRef, type HexId } from '../hex';
import { isLand } from '../board';
import { actorAt, SIDE_NAME } from '../sequence';
import { playerText } from '../playerText';
import { hexSet, inPlayArea, special } from './scenarioArea';
import { stackViolationOf } from './stacking';
import { unitIndex } from './unitIndex';
import type { DeployArea } from '../../data/schemas/scenarioRules';
import type { Dice } from '../rng';
import { mutUnit, putUnit, unitList, unitOf } from '../unitTable';

export const SETUP = 'Setup';
const CASE = 'AW 34.11.2';
const ACTIONS = ['placeUnit', 'unplaceUnit', 'placeFieldworks', 'randomSetup', 'finishSetup'];

export interface SetupState {
  side: Side;
  open: boolean;
  /** Fieldworks markers still to place, by kind. */
  fieldworksLeft: Record<string, number>;
  /** Hexes (lattice ids as strings) holding a marker placed from the pool, by kind. */
  fieldworksPlaced: Record<string, string>;
  /** The side may break units down into Coys in their hexes (AW 32.11.0); the options that allow it are `breakdownOptions`. */
  breakdown?: boolean;
}

export const BREAKDOWN_CASE = 'AW 32.11.0';

/** The scenario's setup options that let `side` break units down at setup (AW 32.11.0, 33.11.0, 34.11.2). */
export function breakdownOptions(bundle: ScenarioBundle, side: Side) {
  return (special(bundle).setupOptions ?? []).filter((o) => o.breakdown && o.side === side);
}

/** True when `unitId` is listed by a setup breakdown option of its side (an option listing no units covers them all). */
export function mayBreakDownAtSetup(bundle: ScenarioBundle, side: Side, unitId: string): boolean {
  return breakdownOptions(bundle, side).some((o) => !o.units.length || o.units.includes(unitId));
}

type WithSetup = { special?: { setup?: SetupState } };
export function setupState(state: GameState): SetupState | undefined {
  return (state as GameState & WithSetup).special?.setup;
}

function deployment(bundle: ScenarioBundle) {
  return special(bundle).deployment;
}

export function zoneHexes(bundle: ScenarioBundle, zone: string): Set<HexId> {
  const z = deployment(bundle)?.zones[zone];
  if (!z) throw new Error(`deployment names unknown zone "${zone}"`);
  return hexSet(bundle, z.hexes);
}

function poolOf(bundle: ScenarioBundle, unitId: string) {
  return deployment(bundle)?.pools.find((p) => p.units.some((u) => u.unit === unitId));
}

const areaCache = new WeakMap<object, Map<string, HexId[]>>();
/** The static part of a pool unit's deployment area (zone ∩ sector ∩ within-radius ∩ artillery range), land and play area only. */
export function deploymentArea(bundle: ScenarioBundle, unitId: string): HexId[] {
  let cache = areaCache.get(bundle);
  if (!cache) areaCache.set(bundle, (cache = new Map()));
  const hit = cache.get(unitId);
  if (hit) return hit;
  const pool = poolOf(bundle, unitId);
  if (!pool) return [];
  const a: DeployArea = pool.area;
  let cand: HexId[] | null = null;
  const keep = (s: Set<HexId>) => { cand = cand ? cand.filter((h) => s.has(h)) : [...s]; };
  if (a.zone) keep(zoneHexes(bundle, a.zone));
  if (a.sector) keep(zoneHexes(bundle, `sector-${a.sector}`));
  if (a.hexes) keep(hexSet(bundle, a.hexes));
  if (a.withinOfZone) {
    const targets = [...zoneHexes(bundle, a.withinOfZone.zone)];
    const r = a.withinOfZone.radius;
    if (!cand) throw new Error(`pool ${pool.id}: withinOfZone needs a zone or hexes to bound it`);
    cand = (cand as HexId[]).filter((h) => targets.some((t) => distance(h, t) <= r));
  }
  if (a.inRangeOfZone) {
    const range = bundle.units.get(unitId)?.range ?? 0;
    const targets = [...zoneHexes(bundle, a.inRangeOfZone)];
    cand = (cand ?? []).filter((h) => targets.some((t) => distance(h, t) <= range));
  }
  const out = (cand ?? []).filter((h) => isLand(bundle.board, h) && inPlayArea(bundle, h)).sort((x, y) => x - y);
  cache.set(unitId, out);
  return out;
}

/** null when `unit` may be placed in `hex` now, else the rejection (area, stacking, not a pool unit). */
export function placementCheck(state: GameState, bundle: ScenarioBundle, unitId: string, h: HexId): Rejection | null {
  const su = setupState(state);
  const u = unitOf(state, unitId);
  if (!su?.open) return { code: 'no-setup', message: 'there is no open setup phase', case: CASE };
  // Named only in a refusal: legal placements ask this of every hex of a deployment area.
  const name = () => bundle.units.get(unitId)?.designation ?? unitId;
  if (!u || !poolOf(bundle, unitId)) return { code: 'not-in-pool', message: `${name()} is not a unit of a placement pool`, case: CASE };
  if (u.side !== su.side) return { code: 'not-your-unit', message: `${name()} is not a unit of the deploying side`, case: CASE };
  const pool = poolOf(bundle, unitId)!;
  if (!deploymentArea(bundle, unitId).includes(h)) return { code: 'outside-deployment-area', message: `${name()} (${pool.label}) may not set up in ${formatHex(h)}: ${playerText(pool.source)}`, case: CASE };
  if (overstacks(bundle, unitIndex(state).byHex.get(h), u, h)) return { code: 'overstack', message: `${name()} in ${formatHex(h)} would overstack it (GOSS 6)`, case: 'GOSS 6' };
  return null;
}

/** Every hex `unit` may be placed in now. */
export function deploymentHexes(state: GameState, bundle: ScenarioBundle, unitId: string): HexId[] {
  return deploymentArea(bundle, unitId).filter((h) => placementCheck(state, bundle, unitId, h) === null);
}

export interface SetupStatus {
  side: Side;
  open: boolean;
  /** Units may be broken down now (AW 32.11.0): the texts of the options that allow it. */
  breakdown: string[];
  pools: { id: string; label: string; source: string; waiting: string[]; placed: string[] }[];
  fieldworksLeft: Record<string, number>;
  /** Whole-setup checks that fail now (e.g. front-line hexes not within one hex of a unit). */
  failures: string[];
  notPlaced: string[];
}

export function setupStatus(state: GameState, bundle: ScenarioBundle): SetupStatus | null {
  const dep = deployment(bundle);
  const su = setupState(state);
  if (!su) return null;
  const breakdown = su.breakdown ? breakdownOptions(bundle, su.side).map((o) => o.text) : [];
  if (!dep) return { side: su.side, open: su.open, breakdown, pools: [], fieldworksLeft: {}, failures: [], notPlaced: [] };
  const pools = dep.pools.map((p) => ({
    id: p.id, label: p.label, source: p.source,
    waiting: p.units.filter((e) => unitOf(state, e.unit)?.hex === null).map((e) => e.unit),
    placed: p.units.filter((e) => unitOf(state, e.unit)?.hex !== null).map((e) => e.unit),
  }));
  const failures: string[] = [];
  const waiting = pools.reduce((n, p) => n + p.waiting.length, 0);
  if (waiting) failures.push(`${waiting} pool unit(s) not yet placed`);
  for (const [k, n] of Object.entries(su.fieldworksLeft)) if (n > 0) failures.push(`${n} ${k} not yet placed`);
  for (const c of dep.checks) {
    const occ = new Set(unitList(state).filter((u) => u.side === su.side && u.hex !== null && !u.eliminated).map((u) => u.hex!));
    const bare = [...zoneHexes(bundle, c.zone)].filter((h) => isLand(bundle.board, h) && ![...occ].some((o) => distance(o, h) <= c.within)).sort((a, b) => a - b);
    if (bare.length) failures.push(`front-line hexes not within ${c.within} hex of a ${SIDE_NAME[su.side]} unit: ${bare.slice(0, 8).map(formatHex).join(', ')}${bare.length > 8 ? ', …' : ''} (${playerText(c.source)})`);
  }
  return { side: su.side, open: su.open, breakdown, pools, fieldworksLeft: { ...su.fieldworksLeft }, failures, notPlaced: dep.notPlaced.map((n) => n.text) };
}

function openSetup(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const dep = deployment(ctx.bundle);
  const s = d as Draft<GameState> & WithSetup;
  if (!dep || s.special?.setup || d.pos.turn !== 0) return [];
  if (actorAt(ctx.bundle.scenario, ctx.bundle.sequence, d.pos) === null) return [];
  if (!s.special) s.special = {};
  for (const p of dep.pools) for (const e of p.units) {
    const def = ctx.bundle.units.get(e.unit);
    if (!def) throw new Error(`deployment pool ${p.id} names unknown unit "${e.unit}"`);
    putUnit(d, { id: e.unit, side: p.side, hex: null, stepsLost: e.stepsLost, mpSpent: 0, markers: [SETUP] });
  }
  const left: Record<string, number> = {};
  for (const f of dep.fieldworks) left[f.kind] = (left[f.kind] ?? 0) + f.count;
  s.special.setup = { side: dep.side, open: true, fieldworksLeft: left, fieldworksPlaced: {} };
  d.pending = { side: dep.side, kind: 'setup', accepts: ACTIONS, prompt: `Set up the ${dep.side} placement pools (${dep.pools.map((p) => p.label).join('; ')}) and fieldworks`, case: CASE };
  return [{ type: 'setupStarted', side: dep.side, pools: dep.pools.map((p) => p.id), case: CASE }];
}

/**
 * AW 32.11.0: a scenario without placement pools whose setup options let a side break units down
 * gets a setup for that side at game start, before the first segment (GameState.beforePlay).
 */
function openBreakdownSetup(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  if (deployment(ctx.bundle)) return [];
  const s = d as Draft<GameState> & WithSetup;
  const side = ctx.bundle.scenario.sides.find((x) => breakdownOptions(ctx.bundle, x).length > 0);
  if (!side || s.special?.setup) return [];
  if (!s.special) s.special = {};
  s.special.setup = { side, open: true, fieldworksLeft: {}, fieldworksPlaced: {}, breakdown: true };
  const who = side === 'german' ? 'German' : 'Allied';
  d.pending = { side, kind: 'setup', accepts: ['breakdown', 'finishSetup'], prompt: `${who} setup: break units down into Coys in their hexes (stacking kept), then finish the setup`, case: BREAKDOWN_CASE };
  return [{ type: 'setupStarted', side, pools: [], breakdown: true, case: BREAKDOWN_CASE }];
}

function mustBeOpen(d: Draft<GameState>, ctx: RuleContext): SetupState {
  const su = setupState(d as GameState);
  if (!su?.open) reject('no-setup', 'there is no open setup phase', CASE);
  if (ctx.side !== su.side) reject('not-your-turn', `the ${su.side} player sets up now`, su.breakdown ? BREAKDOWN_CASE : CASE);
  return su as SetupState;
}

function hexArg(v: unknown): HexId {
  if (typeof v !== 'string') reject('bad-action', 'a "hex" is required', CASE);
  const r = tryParseHexRef(v as string);
  if ('error' in r) reject('bad-hex', r.error);
  return (r as { hex: HexId }).hex;
}

function fieldworksZone(bundle: ScenarioBundle, kind: string): Set<HexId> {
  const out = new Set<HexId>();
  for (const f of deployment(bundle)?.fieldworks ?? []) if (f.kind === kind) for (const h of zoneHexes(bundle, f.zone)) out.add(h);
  return out;
}

/** Legal hexes for the next marker of `kind`: in its zone, on land, no fieldworks there yet. */
export function fieldworksHexes(state: GameState, bundle: ScenarioBundle, kind: string): HexId[] {
  const su = setupState(state);
  if (!su?.open || !(su.fieldworksLeft[kind] > 0)) return [];
  return [...fieldworksZone(bundle, kind)].filter((h) => isLand(bundle.board, h) && !state.fieldworks[h]).sort((a, b) => a - b);
}

/**
 * Would `u` placed in `h` (joining `there`, the live units in it) overstack the hex (GOSS 6)? The trial
 * stack is one kept array and holds `u` as it is: the check takes the hex apart and reads no unit's
 * hex (issue 17: a new stack and a copy of the unit per candidate hex were most of a random setup's garbage).
 */
function overstacks(bundle: ScenarioBundle, there: readonly UnitState[] | undefined, u: UnitState, h: HexId): boolean {
  const stack = trialStack;
  let n = 0;
  if (there) for (const x of there) if (x.id !== u.id) stack[n++] = x;
  stack[n++] = u;
  stack.length = n;
  const over = stackViolationOf(bundle, h, u.side, stack) !== null;
  // Emptied by value, not by `length = 0` (that gives the storage back): no unit (nor a draft of one)
  // is held past the check.
  stack.fill(NO_UNIT);
  return over;
}
const NO_UNIT = null as unknown as UnitState;
const trialStack: UnitState[] = [];

function pick<T>(dice: Dice, list: T[], purpose: string): T {
  const v = dice.d100(purpose) * 100 + dice.d100(purpose);
  return list[v % list.length];
}

/**
 * AW 34.11.2 "random legal setup": completes the placement so far (the waiting units and fieldworks,
 * covering uncovered front-line hexes first). When what the player placed leaves no legal completion
 * (a unit with no hex left, or front-line hexes no waiting unit can cover), the whole placement is
 * redone at random: the setup can always be finished (issue 15). Deterministic from the dice.
 */
function randomSetup(d: Draft<GameState>, ctx: RuleContext, su: Draft<SetupState>): GameEvent[] {
  const events: GameEvent[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      events.push(...placeAtRandom(d, ctx, su));
    } catch (e) {
      if (!(e instanceof RuleViolation) || e.rejection.code !== 'no-legal-hex') throw e;
    }
    if (!setupStatus(d as GameState, ctx.bundle)!.failures.length) return events;
    events.push({ type: 'setupRedone', why: attempt === 0 ? 'the placement so far leaves no legal completion (a unit without a hex, or front-line hexes uncovered): the whole setup is placed again at random' : 'the random placement left front-line hexes uncovered: placed again', case: CASE });
    clearPlacement(d, ctx.bundle, su);
  }
  reject('no-legal-setup', 'no legal random setup was found; place the units by hand', CASE);
}

/** Takes every pool unit and every placed fieldwork back off the map (AW 34.11.2). */
function clearPlacement(d: Draft<GameState>, bundle: ScenarioBundle, su: Draft<SetupState>): void {
  for (const p of deployment(bundle)!.pools) for (const e of p.units) {
    if (unitOf(d, e.unit)?.hex == null) continue;
    const u = mutUnit(d, e.unit);
    u.hex = null;
    if (!u.markers.includes(SETUP)) u.markers.push(SETUP);
  }
  for (const [h, kind] of Object.entries(su.fieldworksPlaced)) {
    if (d.fieldworks[h] === kind) delete d.fieldworks[h];
    su.fieldworksLeft[kind] = (su.fieldworksLeft[kind] ?? 0) + 1;
  }
  su.fieldworksPlaced = {};
}

function placeAtRandom(d: Draft<GameState>, ctx: RuleContext, su: Draft<SetupState>): GameEvent[] {
  const { bundle, dice } = ctx;
  const dep = deployment(bundle)!;
  const events: GameEvent[] = [];
  const checkZones = dep.checks.map((c) => ({ zone: [...zoneHexes(bundle, c.zone)].filter((h) => isLand(bundle.board, h)), within: c.within }));
  // One hex → units index for the whole setup, updated as units are placed (a trial state per
  // candidate hex made this O(units × hexes) per unit).
  const byHex = new Map<HexId, UnitState[]>();
  // The hexes within each check's distance of a friendly unit, one mask per distance, updated as
  // units are placed (issue 17: a distance from every zone hex to every friendly unit, then from every
  // legal hex to every uncovered zone hex, per unit placed: 3% of a real-play replay for three actions).
  const near = new Map<number, Uint8Array>();
  for (const c of checkZones) if (!near.has(c.within)) near.set(c.within, new Uint8Array(HEX_COUNT));
  const occupy = (h: HexId) => { for (const [w, m] of near) for (const x of hexesWithin(h, w)) m[x] = 1; };
  for (const x of unitList(d) as UnitState[]) {
    if (x.hex === null) continue;
    if (x.side === su.side) occupy(x.hex);
    if (x.eliminated) continue;
    const l = byHex.get(x.hex);
    if (l) l.push(x); else byHex.set(x.hex, [x]);
  }
  for (const p of dep.pools) {
    for (const e of p.units) {
      if (unitOf(d, e.unit).hex !== null) continue;
      const u = mutUnit(d, e.unit);
      const legal = deploymentArea(bundle, e.unit).filter((h) => !overstacks(bundle, byHex.get(h), u, h));
      if (!legal.length) reject('no-legal-hex', `${e.unit} (${p.label}) has no legal setup hex left; unplace some units first`, CASE);
      // The legal hexes within a check's distance of a zone hex no friendly unit is near yet.
      const reach = new Uint8Array(HEX_COUNT);
      for (const c of checkZones) {
        const m = near.get(c.within)!;
        for (const b of c.zone) if (m[b] !== 1) for (const x of hexesWithin(b, c.within)) reach[x] = 1;
      }
      const covering = legal.filter((h) => reach[h] === 1);
      const h = pick(dice, covering.length ? covering : legal, `random setup of ${e.unit}`);
      u.hex = h;
      occupy(h);
      const l = byHex.get(h);
      if (l) l.push(u); else byHex.set(h, [u]);
      u.markers = u.markers.filter((m) => m !== SETUP);
      events.push({ type: 'unitPlaced', unit: e.unit, hex: formatHex(h), random: true, case: CASE });
    }
  }
  for (const kind of Object.keys(su.fieldworksLeft)) {
    while (su.fieldworksLeft[kind] > 0) {
      const hexes = fieldworksHexes(d as GameState, bundle, kind);
      if (!hexes.length) reject('no-legal-hex', `no hex left for ${kind}`, CASE);
      // prefer hexes with a unit (a fieldwork is only worth something where troops hold it)
      const manned = hexes.filter((h) => (byHex.get(h) ?? []).some((x) => x.side === su.side));
      const h = pick(dice, manned.length ? manned : hexes, `random setup of ${kind}`);
      d.fieldworks[h] = kind;
      su.fieldworksLeft[kind]--;
      su.fieldworksPlaced[String(h)] = kind;
      events.push({ type: 'fieldworksPlaced', hex: formatHex(h), kind, random: true, case: CASE });
    }
  }
  return events;
}

export const setupPhaseRules: RuleModule = {
  name: 'setupPhase',
  hooks: [{ segment: '*', onEnter: openSetup }],
  onNewGame: openBreakdownSetup,
  handlers: [
    {
      type: 'placeUnit',
      apply(d, action: Action, ctx) {
        mustBeOpen(d, ctx);
        // apply() has parsed it against the strict schema (src/engine/actions/setup.ts).
        const a = action as ActionOf<'placeUnit'>;
        const h = hexArg(a.hex);
        const why = placementCheck(d as GameState, ctx.bundle, a.unit, h);
        if (why) reject(why.code, why.message, why.case);
        const u = mutUnit(d, a.unit);
        u.hex = h;
        u.markers = u.markers.filter((m) => m !== SETUP);
        return [{ type: 'unitPlaced', unit: u.id, hex: formatHex(h), case: CASE }];
      },
      legal(state, side, bundle) {
        const su = setupState(state);
        if (!su?.open || su.side !== side) return [];
        const out: Action[] = [];
        // Waiting units only (moving placed ones is also legal but would flood the list).
        for (const p of deployment(bundle)?.pools ?? []) for (const e of p.units) {
          if (unitOf(state, e.unit)?.hex !== null) continue;
          for (const h of deploymentHexes(state, bundle, e.unit)) out.push({ type: 'placeUnit', unit: e.unit, hex: formatHex(h) });
        }
        return out;
      },
    },
    {
      type: 'unplaceUnit',
      apply(d, action: Action, ctx) {
        mustBeOpen(d, ctx);
        const id = (action as ActionOf<'unplaceUnit'>).unit;
        if (!poolOf(ctx.bundle, id) || !unitOf(d, id)) reject('not-in-pool', `${id} is not a unit of a placement pool`, CASE);
        if (unitOf(d, id).hex === null) reject('not-placed', `${id} is not on the map`, CASE);
        const u = mutUnit(d, id);
        u.hex = null;
        if (!u.markers.includes(SETUP)) u.markers.push(SETUP);
        return [{ type: 'unitUnplaced', unit: u.id, case: CASE }];
      },
    },
    {
      type: 'placeFieldworks',
      apply(d, action: Action, ctx) {
        const su = mustBeOpen(d, ctx);
        const a = action as ActionOf<'placeFieldworks'>;
        const kind = a.kind;
        if (!(su.fieldworksLeft[kind] > 0)) reject('none-left', `no ${kind} left to place`, CASE);
        const h = hexArg(a.hex);
        if (!fieldworksHexes(d as GameState, ctx.bundle, kind).includes(h)) reject('outside-deployment-area', `${kind} may not go in ${formatHex(h)}: ${playerText(deployment(ctx.bundle)!.fieldworks.find((f) => f.kind === kind)!.source)}`, CASE);
        d.fieldworks[h] = kind;
        su.fieldworksLeft[kind]--;
        su.fieldworksPlaced[String(h)] = kind;
        return [{ type: 'fieldworksPlaced', hex: formatHex(h), kind, case: CASE }];
      },
      legal(state, side, bundle) {
        const su = setupState(state);
        if (!su?.open || su.side !== side) return [];
        return Object.keys(su.fieldworksLeft).flatMap((kind) => fieldworksHexes(state, bundle, kind).map((h) => ({ type: 'placeFieldworks', kind, hex: formatHex(h) })));
      },
    },
    {
      type: 'randomSetup',
      apply(d, _a, ctx) {
        const su = mustBeOpen(d, ctx);
        if (!deployment(ctx.bundle)) reject('nothing-to-place', 'this setup has no placement pools or fieldworks to place', BREAKDOWN_CASE);
        return randomSetup(d, ctx, su);
      },
      // Offered while it changes something: units or fieldworks waiting, or checks failing (a no-op is not a move).
      legal(state, side, bundle) { const su = setupState(state); return su?.open && su.side === side && deployment(bundle) && setupStatus(state, bundle)!.failures.length ? [{ type: 'randomSetup' }] : []; },
    },
    {
      type: 'finishSetup',
      apply(d, _a, ctx) {
        const su = mustBeOpen(d, ctx);
        const st = setupStatus(d as GameState, ctx.bundle)!;
        if (st.failures.length) reject('setup-incomplete', `the setup is not legal yet: ${st.failures.join('; ')}`, CASE);
        su.open = false;
        d.pending = null;
        return [{ type: 'setupFinished', side: su.side, case: deployment(ctx.bundle) ? CASE : BREAKDOWN_CASE }];
      },
      legal(state, side, bundle) {
        const su = setupState(state);
        return su?.open && su.side === side && setupStatus(state, bundle)!.failures.length === 0 ? [{ type: 'finishSetup' }] : [];
      },
    },
  ],
};
