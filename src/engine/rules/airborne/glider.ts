/**
 * AW 41.4.0–41.4.2: Segment 4, Glider Landing — each scheduled glider unit lands on its DZ with the
 * drop procedure at −3, the glider terrain column and no ES (landing.ts), then may displace one hex;
 * and AW 41.4.1 the Merville step, which lands on C5614 without scatter (0–2 landed) and, in the 1st
 * Allied Combat Segment, attacks the battery on its own (0–2 guns destroyed) unless other Allied units
 * attack it (they get +2: `mervilleDrm` in merville.ts, read by the airborne combat procedure).
 */
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle } from '../../types';
import { reject, type ActionHandler, type RuleContext, type SegmentHook } from '../registry';
import { moduleOn } from '../extensions';
import { areAdjacent, formatHex, hexOfRulesId, neighbours, type HexId } from '../../hex';
import { terrainOf } from '../../board';
import { isLeader } from '../unit-traits';
import { landUnit, eliminateLanded } from './landing';
import { germansIn } from './combatBridge';
import { waitKey, withLeaders } from './drop';
import { AIRBORNE, airborneData, airborneDraft, airborneState, type DzKey } from './state';
import { mutUnit, putUnit, unitOf, type UnitTable } from '../../unitTable';

/** The DZ a glider unit waits to land on, or null. */
function gliderDz(s: GameState, unit: string): DzKey | null {
  const w = airborneState(s).drop?.waiting ?? {};
  const k = Object.keys(w).find((key) => key.startsWith('glider:') && w[key].includes(unit));
  return k ? k.slice('glider:'.length) : null;
}

function mervilleWaiting(s: GameState, b: ScenarioBundle): boolean {
  const m = airborneData(b).special.merville;
  return !!m && !airborneState(s).merville;
}

/** AW 41.4.1: the Merville step lands on C5614 without a scatter roll: 0–2 landed, 3–9 eliminated. */
function landMerville(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { special, tables } = airborneData(ctx.bundle);
  const unit = special.merville!.unit;
  const hex = hexOfRulesId(tables.merville.hex);
  const roll = ctx.dice.d10('AW 41.4.1 the Merville step lands');
  const [lo, hi] = tables.merville.landed;
  const ok = roll >= lo && roll <= hi;
  putUnit(d, { id: unit, side: 'allied', hex: ok ? hex : null, stepsLost: 0, mpSpent: 0, markers: [] });
  airborneDraft(d).merville = { landed: ok };
  const events: GameEvent[] = [{ type: 'mervilleLanding', unit, hex: tables.merville.hex, roll, landed: ok, case: 'AW 41.4.1' }];
  if (!ok) events.push(...eliminateLanded(d, unit, 'the Merville glider did not land', 'AW 41.4.1'));
  return events;
}

function landGlider(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'landGlider'>;
  if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
  const m = airborneData(ctx.bundle).special.merville;
  if (m && a.unit === m.unit) {
    if (!mervilleWaiting(d as GameState, ctx.bundle)) reject('landed', 'the Merville step has landed', 'AW 41.4.1');
    if (a.leader) reject('no-leader', 'the Merville step lands alone', 'AW 41.4.1');
    return landMerville(d, ctx);
  }
  const dz = gliderDz(d as GameState, a.unit);
  if (!dz) reject('not-waiting', `${a.unit} is not waiting to land by glider`, 'AW 41.4.0');
  if (isLeader(ctx.bundle.units.get(a.unit)!) && !a.leader) {
    const others = airborneState(d as GameState).drop!.waiting[waitKey('glider', dz!)].filter((u) => !isLeader(ctx.bundle.units.get(u)!));
    if (others.length) reject('attach-leader', `${a.unit} is attached to a unit before it lands`, 'AW 41.2.3, 41.4.2');
  }
  if (a.leader && !airborneState(d as GameState).drop!.waiting[waitKey('glider', dz!)].includes(a.leader)) reject('no-leader', `${a.leader} is not waiting to land on DZ ${dz}`, 'AW 41.2.3');
  const w = airborneDraft(d).drop!.waiting;
  w[waitKey('glider', dz!)] = w[waitKey('glider', dz!)].filter((u) => u !== a.unit && u !== a.leader);
  const events = landUnit(d, ctx, { unit: a.unit, dz: dz!, fow: false, glider: true, leader: a.leader });
  const u = unitOf(d, a.unit);
  if (!u.eliminated && u.hex !== null) (airborneDraft(d).gliderDisplace ??= []).push(a.unit);
  return events;
}

/** Where a landed glider unit may displace (AW 41.4.2): an adjacent land hex free of German units. */
export function displaceHexes(s: GameState, b: ScenarioBundle, unit: string): HexId[] {
  const u = unitOf(s, unit);
  if (!u || u.hex === null || !(airborneState(s).gliderDisplace ?? []).includes(unit)) return [];
  return freeNeighbours(s.units, b, u.hex);
}

/** Adjacent land hexes free of German units. */
function freeNeighbours(units: GameState['units'], b: ScenarioBundle, hex: HexId): HexId[] {
  return neighbours(hex).filter((h) => h >= 0 && terrainOf(b.board, h) !== null && terrainOf(b.board, h) !== 'sea' && !germansIn(units, h).length);
}

function gliderDisplace(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'gliderDisplace'>;
  const list = airborneDraft(d).gliderDisplace ?? [];
  if (!list.includes(a.unit)) reject('no-displace', `${a.unit} has no glider displacement to make`, 'AW 41.4.2');
  const from = unitOf(d, a.unit).hex!;
  airborneDraft(d).gliderDisplace = list.filter((u) => u !== a.unit);
  if (a.hex === undefined) return [{ type: 'gliderStays', unit: a.unit, hex: formatHex(from), case: 'AW 41.4.2' }];
  const to = hexOfRulesId(a.hex);
  if (!areAdjacent(from, to) || !freeNeighbours(d.units as UnitTable, ctx.bundle, from).includes(to)) {
    reject('bad-displace', `${a.unit} may displace only to an adjacent land hex free of German units`, 'AW 41.4.2');
  }
  mutUnit(d, a.unit).hex = to;
  return [{ type: 'unitMoved', unit: a.unit, from: formatHex(from), to: a.hex, path: [a.hex], cost: 0, case: 'AW 41.4.2' }];
}

export { mervilleDrm } from './merville';

/** AW 41.4.1: the Merville step attacks the battery alone: 0–2 the guns are destroyed and it moves to an adjacent hex free of Germans; 3–9 it is eliminated. */
function mervilleAttack(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'mervilleAttack'>;
  const { special, tables } = airborneData(ctx.bundle);
  const st = airborneState(d as GameState).merville;
  const m = special.merville;
  if (!m || !st?.landed || st.attacked || unitOf(d, m.unit)?.eliminated) reject('no-merville', 'no Merville step waits to attack the battery', 'AW 41.4.1');
  const free = freeNeighbours(d.units as UnitTable, ctx.bundle, unitOf(d, m!.unit).hex!);
  const wanted = a.hex === undefined ? undefined : hexOfRulesId(a.hex);
  if (wanted !== undefined && !free.includes(wanted)) reject('bad-hex', `the Merville step may move only to an adjacent hex free of Germans (${free.map(formatHex).join(', ') || 'none'})`, 'AW 41.4.1');
  const roll = ctx.dice.d10('AW 41.4.1 the Merville step attacks the battery');
  const [lo, hi] = tables.merville.gunsDestroyed;
  const events: GameEvent[] = [];
  if (roll >= lo && roll <= hi) {
    airborneDraft(d).merville = { landed: true, attacked: 'destroyed' };
    events.push({ type: 'batteryGunsDestroyed', unit: m!.battery, roll, case: 'AW 41.4.1' });
    const u = mutUnit(d, m!.unit);
    // It must move to any adjacent hex free of Germans: the Allied player's, named with the attack (else the first clockwise from north).
    const to = wanted ?? free[0];
    if (to === undefined) events.push(...eliminateLanded(d, m!.unit, 'no hex free of Germans to move to', 'AW 41.4.1'));
    else {
      events.push({ type: 'unitMoved', unit: m!.unit, from: formatHex(u.hex!), to: formatHex(to), path: [formatHex(to)], cost: 0, case: 'AW 41.4.1' });
      u.hex = to;
    }
  } else {
    airborneDraft(d).merville = { landed: true, attacked: 'eliminated' };
    events.push({ type: 'mervilleFailed', roll, case: 'AW 41.4.1' }, ...eliminateLanded(d, m!.unit, 'its attack on the battery failed', 'AW 41.4.1'));
  }
  return events;
}

export const gliderHandlers: ActionHandler[] = [
  {
    type: 'landGlider',
    apply: landGlider,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      const out: Action[] = [];
      const m = airborneData(b).special.merville;
      if (m && mervilleWaiting(s, b)) out.push({ type: 'landGlider', unit: m.unit });
      for (const [k, ids] of Object.entries(airborneState(s).drop?.waiting ?? {})) {
        if (!k.startsWith('glider:')) continue;
        const units = ids.filter((u) => !isLeader(b.units.get(u)!));
        const leaders = ids.filter((u) => isLeader(b.units.get(u)!));
        out.push(...withLeaders(units, leaders, true, (unit, leader) => ({ type: 'landGlider', unit, ...(leader ? { leader } : {}) })));
      }
      return out;
    },
  },
  {
    type: 'gliderDisplace',
    apply: gliderDisplace,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      return (airborneState(s).gliderDisplace ?? []).flatMap((unit) => [{ type: 'gliderDisplace', unit } as Action, ...displaceHexes(s, b, unit).map((h) => ({ type: 'gliderDisplace', unit, hex: formatHex(h) }) as Action)]);
    },
  },
  {
    type: 'mervilleAttack',
    apply: mervilleAttack,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      const m = airborneData(b).special.merville;
      const st = airborneState(s).merville;
      if (!m || !st?.landed || st.attacked || unitOf(s, m.unit)?.eliminated) return [];
      // AW 41.4.1: one offer per adjacent hex free of Germans it may move to if the guns are destroyed.
      const free = freeNeighbours(s.units, b, unitOf(s, m.unit).hex!);
      return free.length ? free.map((h) => ({ type: 'mervilleAttack', hex: formatHex(h) }) as Action) : [{ type: 'mervilleAttack' }];
    },
  },
];

export const gliderHooks: SegmentHook[] = [
  {
    segment: 'gliderLanding',
    onExit(d, ctx) {
      if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
      const s = d as GameState;
      const left = Object.entries(airborneState(s).drop?.waiting ?? {}).filter(([k]) => k.startsWith('glider:')).flatMap(([, ids]) => ids);
      if (mervilleWaiting(s, ctx.bundle)) left.unshift(airborneData(ctx.bundle).special.merville!.unit);
      if (left.length) reject('gliders-waiting', `land every glider unit first: ${left.join(', ')}`, 'AW 41.4.0');
      // A displacement not made lapses: the units stay where they landed.
      if (airborneState(s).gliderDisplace?.length) airborneDraft(d).gliderDisplace = [];
      return [];
    },
  },
  {
    segment: 'alliedCombat1',
    onExit(d, ctx) {
      if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
      const m = airborneData(ctx.bundle).special.merville;
      const st = airborneState(d as GameState).merville;
      if (m && st?.landed && !st.attacked && !unitOf(d, m.unit)?.eliminated && unitOf(d, m.battery) && !unitOf(d, m.battery).eliminated) {
        reject('merville-must-attack', 'the Merville step attacks the battery (no other unit attacked it)', 'AW 41.4.1');
      }
      return [];
    },
  },
];
