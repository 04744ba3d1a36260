/**
 * AW 41.2.0–41.2.3: Segment 2, the Airborne Drop. Per DZ, finished before the next (41.2.0): the
 * container is filled with the para Coys of the Btns landing there and the dummies the Unit Scatter
 * Table adds per Btn (41.2.2, rolled when the DZ's drop begins); the non-FoW units land first in the
 * order the player picks (`dropUnit`), then the FoW counters one by one (`dropFow`), each a fresh
 * placeholder with no identity (fow.ts). A leader is attached to a unit before it scatters.
 */
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle } from '../../types';
import { reject, type ActionHandler, type RuleContext, type SegmentHook } from '../registry';
import { moduleOn } from '../extensions';
import { isLeader } from '../unit-traits';
import { dummiesFor } from './scatter';
import { fillPool, nextPlaceholder } from './fow';
import { landUnit } from './landing';
import { AIRBORNE, airborneData, airborneDraft, airborneState, divisionOf, dzKey, type DzKey } from './state';
import { unitOf } from '../../unitTable';

const SEG = 'airborneDrop';
export const waitKey = (segment: 'drop' | 'glider', dz: DzKey): string => `${segment}:${dz}`;

/** The scenario's drop schedule for a segment, per DZ (the display's order of battle, the scenario's divisions). */
export function schedule(bundle: ScenarioBundle, segment: 'airborneDrop' | 'gliderLanding') {
  const { display, special } = airborneData(bundle);
  return display.drops.filter((e) => e.segment === segment && special.divisions.includes(e.division));
}

const isLeaderId = (bundle: ScenarioBundle, id: string) => { const d = bundle.units.get(id); return !!d && isLeader(d); };

/** What is still to land on a DZ in the drop: non-FoW units (leaders apart) and FoW counters. */
export function dropLeft(state: GameState, bundle: ScenarioBundle, dz: DzKey): { units: string[]; leaders: string[]; fow: number; opened: boolean } {
  const a = airborneState(state);
  const waiting = a.drop?.waiting[waitKey('drop', dz)] ?? [];
  const opened = a.drop?.opened.includes(dz) ?? false;
  const entries = schedule(bundle, SEG).filter((e) => dzKey(e.division, e.letter) === dz);
  const coys = entries.reduce((n, e) => n + e.battalions.reduce((m, b) => m + b.coys.length, 0), 0);
  const pool = a.pools[dz];
  const fow = opened ? (pool ? pool.size - pool.landed : 0) : coys; // dummies are not known before the DZ opens
  return { units: waiting.filter((u) => !isLeaderId(bundle, u)), leaders: waiting.filter((u) => isLeaderId(bundle, u)), fow, opened };
}

function dzDone(state: GameState, bundle: ScenarioBundle, dz: DzKey): boolean {
  const l = dropLeft(state, bundle, dz);
  return l.opened ? !l.units.length && !l.leaders.length && l.fow === 0 : !l.units.length && !l.leaders.length && l.fow === 0;
}

/** The DZs with something to drop in this segment. */
function dropDzs(bundle: ScenarioBundle): DzKey[] {
  return [...new Set(schedule(bundle, SEG).map((e) => dzKey(e.division, e.letter)))];
}

/**
 * AW 41.2.2: opens a DZ's drop — 1d10 per Btn on the Unit Scatter Table (no DRM) under the DZ's status;
 * the dummies it shows join the Coys in the container (the division's dummy counters not yet used).
 */
function openDz(d: Draft<GameState>, ctx: RuleContext, dz: DzKey): GameEvent[] {
  const a = airborneDraft(d);
  const { tables } = airborneData(ctx.bundle);
  const z = a.dzs[dz];
  const entries = schedule(ctx.bundle, SEG).filter((e) => dzKey(e.division, e.letter) === dz);
  const bns = entries.flatMap((e) => e.battalions);
  const used = new Set(Object.values(a.pools).flatMap((p) => p.ids));
  for (const id of Object.values(a.revealed ?? {})) used.add(id);
  const prefix = divisionOf(ctx.bundle, z.division).dummies;
  const free = [...ctx.bundle.units.keys()].filter((id) => id.startsWith(`${prefix}-`) && !used.has(id) && !unitOf(d, id))
    .sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const events: GameEvent[] = [];
  let dummies = 0;
  for (const b of bns) {
    const roll = ctx.dice.d10(`AW 41.2.2 dummies for ${b.bn} on DZ ${dz}`);
    const n = dummiesFor(tables, z.status!, roll);
    dummies += n;
    events.push({ type: 'dummiesRolled', dz, battalion: b.bn, roll, dummies: n, case: 'AW 41.2.2' });
  }
  // The counter mix limits the dummies (reconstructed: the boxed game has a fixed number of them).
  const added = free.slice(0, dummies);
  const pool = fillPool(d, dz, bns.flatMap((b) => b.coys), added);
  a.drop!.opened.push(dz);
  a.drop!.current = dz;
  events.push({ type: 'containerFilled', dz, coys: pool.ids.length - added.length, dummies: added.length, case: 'AW 41.2.2' });
  return events;
}

function common(d: Draft<GameState>, ctx: RuleContext, dz: string): void {
  if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
  const a = airborneDraft(d);
  if (!dropDzs(ctx.bundle).includes(dz)) reject('no-drop', `nothing drops on DZ ${dz} in this segment`, 'AW 41.2.0');
  const cur = a.drop?.current;
  if (cur && cur !== dz && !dzDone(d as GameState, ctx.bundle, cur)) reject('finish-dz', `finish the drop on DZ ${cur} before DZ ${dz}`, 'AW 41.2.0');
  if (dzDone(d as GameState, ctx.bundle, dz)) reject('dz-done', `the drop on DZ ${dz} is over`, 'AW 41.2.0');
}

function checkLeader(d: Draft<GameState>, ctx: RuleContext, dz: DzKey, leader: string | undefined): void {
  if (!leader) return;
  const left = dropLeft(d as GameState, ctx.bundle, dz);
  if (!left.leaders.includes(leader)) reject('no-leader', `${leader} is no leader waiting to land on DZ ${dz}`, 'AW 41.2.3');
}

function take(d: Draft<GameState>, dz: DzKey, ids: (string | undefined)[]): void {
  const w = airborneDraft(d).drop!.waiting;
  const k = waitKey('drop', dz);
  w[k] = w[k].filter((u) => !ids.includes(u));
}

function dropUnit(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'dropUnit'>;
  common(d, ctx, a.dz);
  const left = dropLeft(d as GameState, ctx.bundle, a.dz);
  const leaderAlone = left.leaders.includes(a.unit) && !a.leader;
  if (!left.units.includes(a.unit) && !leaderAlone) reject('not-waiting', `${a.unit} is not waiting to land on DZ ${a.dz}`, 'AW 41.2.3');
  // A leader lands alone only when no unit is left to carry it (reconstructed, docs/errata.md).
  if (leaderAlone && (left.units.length || left.fow)) reject('attach-leader', `${a.unit} is attached to a unit before it scatters`, 'AW 41.2.3');
  checkLeader(d, ctx, a.dz, a.leader);
  const events = airborneState(d as GameState).drop!.opened.includes(a.dz) ? [] : openDz(d, ctx, a.dz);
  airborneDraft(d).drop!.current = a.dz;
  take(d, a.dz, [a.unit, a.leader]);
  events.push(...landUnit(d, ctx, { unit: a.unit, dz: a.dz, fow: false, glider: false, leader: a.leader }));
  return events;
}

function dropFow(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'dropFow'>;
  common(d, ctx, a.dz);
  const left = dropLeft(d as GameState, ctx.bundle, a.dz);
  if (left.units.length) reject('non-fow-first', `land the units without a FoW side first: ${left.units.join(', ')}`, 'AW 41.2.3');
  checkLeader(d, ctx, a.dz, a.leader);
  const events = airborneState(d as GameState).drop!.opened.includes(a.dz) ? [] : openDz(d, ctx, a.dz);
  const pool = airborneDraft(d).pools[a.dz];
  if (!pool || pool.landed >= pool.size) reject('container-empty', `the container of DZ ${a.dz} is empty`, 'AW 41.2.3');
  take(d, a.dz, [a.leader]);
  const st = airborneDraft(d).dzs[a.dz];
  const id = nextPlaceholder(d, divisionOf(ctx.bundle, st.division).fow, a.dz, ctx.bundle.units);
  events.push({ type: 'fowDrawn', dz: a.dz, placeholder: id, left: pool.size - pool.landed, case: 'AW 41.2.3' });
  events.push(...landUnit(d, ctx, { unit: id, dz: a.dz, fow: true, glider: false, leader: a.leader }));
  return events;
}

/**
 * AW 41.2.3: a leader lands attached to a unit and shares its fate: each unit is offered alone and with each
 * leader; the leaders alone only when no unit is left for them (`leadersAlone`).
 */
export function withLeaders(units: string[], leaders: string[], leadersAlone: boolean, make: (unit: string, leader?: string) => Action): Action[] {
  const out: Action[] = [];
  for (const u of units) {
    out.push(make(u));
    for (const l of leaders) out.push(make(u, l));
  }
  if (!units.length && leadersAlone) for (const l of leaders) out.push(make(l));
  return out;
}

/** The DZs whose drop may go on now (AW 41.2.0: finish one DZ before the next), each with what is left to land. */
function openDrops(s: GameState, b: ScenarioBundle): { dz: DzKey; l: ReturnType<typeof dropLeft> }[] {
  const cur = airborneState(s).drop?.current;
  const out: { dz: DzKey; l: ReturnType<typeof dropLeft> }[] = [];
  for (const dz of dropDzs(b)) {
    if (cur && cur !== dz && !dzDone(s, b, cur)) continue;
    out.push({ dz, l: dropLeft(s, b, dz) });
  }
  return out;
}

export const dropHandlers: ActionHandler[] = [
  {
    type: 'dropUnit',
    apply: dropUnit,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      const out: Action[] = [];
      for (const { dz, l } of openDrops(s, b)) {
        out.push(...withLeaders(l.units, l.leaders, !l.fow, (unit, leader) => ({ type: 'dropUnit', dz, unit, ...(leader ? { leader } : {}) })));
      }
      return out;
    },
  },
  {
    type: 'dropFow',
    apply: dropFow,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      const out: Action[] = [];
      for (const { dz, l } of openDrops(s, b)) {
        if (l.units.length || l.fow <= 0) continue;
        out.push({ type: 'dropFow', dz });
        for (const ld of l.leaders) out.push({ type: 'dropFow', dz, leader: ld });
      }
      return out;
    },
  },
];

/** Sets up what waits to land (the display's schedule) when the stage begins. */
export function initDrop(d: Draft<GameState>, bundle: ScenarioBundle): void {
  const a = airborneDraft(d);
  const waiting: Record<string, string[]> = {};
  for (const e of schedule(bundle, 'airborneDrop')) (waiting[waitKey('drop', dzKey(e.division, e.letter))] ??= []).push(...e.units, ...e.leaders);
  for (const e of schedule(bundle, 'gliderLanding')) (waiting[waitKey('glider', dzKey(e.division, e.letter))] ??= []).push(...e.units, ...e.leaders);
  a.drop = { current: null, waiting, opened: [] };
}

/** The Airborne Drop Segment ends when every DZ's drop is over (AW 41.2.0). */
export const dropHooks: SegmentHook[] = [{
  segment: SEG,
  onExit(d, ctx) {
    if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
    const left = dropDzs(ctx.bundle).filter((dz) => !dzDone(d as GameState, ctx.bundle, dz));
    if (left.length) reject('drop-unfinished', `the drop is not over on DZ ${left.join(', ')}`, 'AW 41.2.0');
    return [];
  },
}];
