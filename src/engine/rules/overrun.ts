/**
 * Overrun (GOSS 5.3.4b–5.3.5, AW 31.5): in the Exploitation Segment a Mech unit in Exploit mode may
 * overrun an adjacent enemy hex, paying +1 MP plus the hex's entry cost (and the adjacency surcharge
 * when the hex is not MCT and other enemies are adjacent: movement.ts `overrunCost`). It is resolved as
 * a ground assault without CR bonuses and without advance (groundAssault.ts `startAssault` with
 * `overrun`), then the success test (`overrunTest` there). Action: `{type:'overrun', unit, hex}`.
 * After a success the overrunner has entered the hex: its next move starts there (movement.ts
 * `overrunEntry`), it may end there if the defenders are gone, never stacked with them; if it does not
 * move on it stays in the hex it came from. Not from a last hex without MCT (at night OCT counts)
 * adjacent to more than one enemy hex (GOSS 5.3.4b). For the rest of the phase it ignores the units it
 * overran (no surcharge or halt from them: `move.ignore`, movement-search.ts `sideView`).
 * Defensive FS (GOSS 5.3.5): before the overrun is resolved the defender may fire one artillery mission
 * at the overrunner's hex, spotted from the overrun stack, light or medium (fireSupport.ts `fsPlan` with
 * `overrun`). When it has such a mission the declaration waits on its decision (pending `overrunFs`:
 * `{type:'overrunFs', fire:false}` or a mission); the mission's hits are the overrunner's to take
 * (fsHits…), then the overrun is resolved, or ends if the overrunner was eliminated or forced back
 * (groundAssault.ts `continueOverrun`). Without a possible mission there is no prompt. Not modelled
 * (docs/rules-coverage.md): free-stacked groups.
 */
import { z } from 'zod';
import { formatHex, neighbours, tryParseHexRef } from '../hex';
import { segmentAt } from '../sequence';
import type { Action, GameEvent, GameState, ScenarioBundle, Side } from '../types';
import { reject, type RuleModule } from './registry';
import { combatOf } from './combatState';
import { M, defOf, enemyOf, fatigue, has, live, unitsAt } from './combatTraits';
import { continueOverrun } from './groundAssault';
import { overrunFsOffers, startMission, type FsRequest } from './fireSupport';
import { gaOdds } from './gaOdds';
import { overrunCost, overrunEntry } from './movement';
import { F_ENEMY, moveRecordNow, sideView } from './movement-search';
import { COVER_MCT } from './terrain';
import { epsomActCheck } from './epsom';

const OverrunAction = z.object({ type: z.literal('overrun'), unit: z.string(), hex: z.string() });
const OverrunFsAction = z.object({
  type: z.literal('overrunFs'), fire: z.boolean(), spotter: z.string().optional(),
  artillery: z.array(z.object({ unit: z.string(), points: z.number().int().positive().optional() })).default([]),
  air: z.number().int().nonnegative().optional(), naval: z.number().int().nonnegative().optional(), ships: z.array(z.string()).optional(),
  skipRemainder: z.boolean().optional(), deplete: z.array(z.string()).optional(),
});

/** GOSS 5.3.5: the defender's possible missions against the overrun waiting in `combat.overrunFs`. */
function offers(state: GameState, bundle: ScenarioBundle): FsRequest[] {
  const o = state.combat?.overrunFs;
  return o ? overrunFsOffers(state, bundle, enemyOf(o.side), o.from, o.hex) : [];
}

/** Why `unitId` may not overrun `hex` now, or null (GOSS 5.3.5, AW 31.5). */
export function overrunProblem(state: GameState, bundle: ScenarioBundle, unitId: string, hex: number, side: Side): { code: string; message: string; case: string } | null {
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'exploitation') return { code: 'wrong-segment', message: 'overruns are made in the Exploitation Segment', case: 'AW 31.5' };
  const u = state.units[unitId];
  if (!u || !live(u)) return { code: 'no-such-unit', message: `there is no unit "${unitId}" on the map`, case: 'GOSS 5.3.5' };
  const d = defOf(bundle, unitId);
  if (u.side !== side) return { code: 'not-your-unit', message: `${d.designation} belongs to the other side`, case: 'GOSS 5.3.5' };
  if (!has(u, M.EXPLOIT) || d.moveClass !== 'mech') return { code: 'not-exploit', message: `only a Mech unit in Exploit mode may overrun; ${d.designation} is not one`, case: 'GOSS 5.3.4b, AW 31.5' };
  if (has(u, M.OOS) || fatigue(u) > 0) return { code: 'cannot-overrun', message: `${d.designation} is out of supply or fatigued and may not overrun`, case: 'GOSS 5.3.5' };
  if (!unitsAt(state, hex, enemyOf(side)).length) return { code: 'no-defender', message: `${formatHex(hex)} holds no enemy unit`, case: 'GOSS 5.3.5' };
  if ((state.combat?.overruns ?? []).includes(`${unitId}@${hex}`)) return { code: 'overrun-twice', message: `${d.designation} has already overrun ${formatHex(hex)} this phase`, case: 'GOSS 5.3.5' };
  if (moveRecordNow(state, bundle, u)?.halted) return { code: 'halted', message: `${d.designation} has stopped this phase`, case: 'GOSS 5.3.5' };
  // AW 33.7.1-33.7.2: an overrun is movement and an offensive GA.
  const ep = epsomActCheck(state, bundle, unitId, 'move') ?? epsomActCheck(state, bundle, unitId, 'offensiveGa');
  if (ep) return { code: ep.code, message: ep.message, case: ep.case ?? 'AW 33.7' };
  // GOSS 5.3.4b: not from a last hex without MCT (night: OCT counts, sideView.coverAt) adjacent to more than one enemy hex.
  const from = overrunEntry(state, bundle, u) ?? u.hex!;
  const view = sideView(state, bundle, side);
  if (view.coverAt(from) !== COVER_MCT && neighbours(from).filter((h) => view.flags[h] & F_ENEMY).length > 1) {
    return { code: 'overrun-last-hex', message: `${d.designation} is in ${formatHex(from)}, without movement covering terrain and adjacent to more than one enemy hex: no overrun from there`, case: 'GOSS 5.3.4b' };
  }
  const cost = overrunCost(state, bundle, unitId, hex);
  if (!cost) return { code: 'not-adjacent', message: `${formatHex(hex)} is not adjacent to ${d.designation}, or its terrain is prohibited to it`, case: 'GOSS 5.3.5' };
  if (cost.cost > cost.left) return { code: 'over-ma', message: `overrunning ${formatHex(hex)} costs ${cost.cost} MP; ${d.designation} has ${cost.left} left`, case: 'GOSS 5.3.5' };
  const odds = gaOdds(state, bundle, { hex, attackers: [unitId], overrun: true }, side);
  if (!odds.ok) return { code: odds.code, message: odds.message, case: odds.case };
  return null;
}

export const overrunRules: RuleModule = {
  name: 'overrun',
  handlers: [{
    type: 'overrun',
    apply(d, action, ctx) {
      const a = OverrunAction.safeParse(action);
      if (!a.success) reject('bad-action', `overrun needs a unit and a hex: ${a.error.issues[0].message}`);
      const r = tryParseHexRef(a.data.hex);
      if ('error' in r) reject('bad-hex', r.error);
      const p = overrunProblem(d as GameState, ctx.bundle, a.data.unit, r.hex, ctx.side!);
      if (p) reject(p.code, p.message, p.case);
      const cost = overrunCost(d as GameState, ctx.bundle, a.data.unit, r.hex)!;
      const u = d.units[a.data.unit];
      const rec = moveRecordNow(d as GameState, ctx.bundle, u as GameState['units'][string]);
      const from = u.hex!;
      const entered = overrunEntry(d as GameState, ctx.bundle, u as GameState['units'][string]);
      u.mpSpent += cost.cost;
      // GOSS 5.3.5: should the overrun succeed, the unit goes on from the hex ignoring these units (movement.ts reads the record; a failure halts it).
      const ignore = [...(rec?.ignore ?? []), ...unitsAt(d as GameState, r.hex, enemyOf(ctx.side!)).map((x) => x.id)];
      u.move = rec
        ? { ...rec, seq: d.n, mp: rec.mp + cost.cost, overrun: r.hex, ignore }
        : { turn: d.pos.turn, playerTurn: d.pos.playerTurn, segment: 'exploitation', seq: d.n, from: u.hex!, hexes: 0, mp: cost.cost, type: 'offroad', halted: false, beyond6: false, overrun: r.hex, ignore };
      const c = combatOf(d);
      c.overruns = [...(c.overruns ?? []), `${a.data.unit}@${r.hex}`];
      const events: GameEvent[] = [{ type: 'overrunDeclared', unit: a.data.unit, hex: formatHex(r.hex), cost: cost.cost, case: 'GOSS 5.3.5, AW 31.5' }];
      c.overrunFs = { hex: r.hex, attackers: [a.data.unit], side: ctx.side!, from, ignore: [...(rec?.ignore ?? [])] };
      // GOSS 5.3.5: the defender may fire at the hex the overrunner last entered. After a success the
      // overrunner counts as in the hex it overran, with the units it overran (its counter stays behind):
      // no mission on that chained overrun (docs/rules-coverage.md).
      if (entered === null && offers(d as GameState, ctx.bundle).length) {
        d.pending = { side: enemyOf(ctx.side!), kind: 'overrunFs', accepts: ['overrunFs'], prompt: `Overrun of ${formatHex(r.hex)}: fire a defensive artillery mission at ${formatHex(from)}, or not`, case: 'GOSS 5.3.5' };
        return events;
      }
      continueOverrun(d, ctx, events);
      return events;
    },
    legal(state, side, bundle) {
      if (segmentAt(bundle.sequence, state.pos).segment.id !== 'exploitation' || state.pending) return [];
      const out: Action[] = [];
      for (const u of Object.values(state.units)) {
        if (u.side !== side || !live(u) || !has(u, M.EXPLOIT)) continue;
        for (const h of neighbours(overrunEntry(state, bundle, u) ?? u.hex!)) if (!overrunProblem(state, bundle, u.id, h, side)) out.push({ type: 'overrun', unit: u.id, hex: formatHex(h) });
      }
      return out;
    },
  }, {
    type: 'overrunFs',
    apply(d, action, ctx) {
      const a = OverrunFsAction.safeParse(action);
      if (!a.success) reject('bad-action', `overrunFs needs fire (true or false) and, to fire, a spotter and artillery: ${a.error.issues[0].message}`);
      const o = d.combat?.overrunFs;
      if (d.pending?.kind !== 'overrunFs' || !o) reject('not-pending', 'no defensive FS decision against an overrun is pending', 'GOSS 5.3.5');
      if (d.pending.side !== ctx.side) reject('not-your-decision', `the ${d.pending.side} player decides`, 'GOSS 5.3.5');
      const events: GameEvent[] = [];
      d.pending = null;
      if (!a.data.fire) {
        events.push({ type: 'overrunFsDeclined', hex: formatHex(o.hex), case: 'GOSS 5.3.5' });
        continueOverrun(d, ctx, events);
        return events;
      }
      const { fire: _fire, type: _type, ...m } = a.data;
      // fsPlan (in startMission) checks the spotter in the overrun stack, artillery only and the light/medium cap.
      events.push(...startMission(d, ctx, { ...m, target: o.from, overrun: o.hex }));
      return events;
    },
    legal(state, side, bundle) {
      if (state.pending?.kind !== 'overrunFs' || state.pending.side !== side) return [];
      const out: Action[] = [{ type: 'overrunFs', fire: false }];
      for (const r of offers(state, bundle)) out.push({ type: 'overrunFs', fire: true, spotter: r.spotter!, artillery: r.artillery! });
      return out;
    },
  }],
};
