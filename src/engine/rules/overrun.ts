/**
 * Overrun (GOSS 5.3.4b–5.3.5, AW 31.5): in the Exploitation Segment a Mech unit in Exploit mode — or a
 * free-stacked group (GOSS 6.2: a host with its free AFV and/or Eng/AT Co) that started the phase
 * together and is still together, every member an Exploit Mech unit — may overrun an adjacent enemy
 * hex, each unit paying +1 MP plus the hex's entry cost (and the adjacency surcharge when the hex is
 * not MCT and other enemies are adjacent: movement.ts `overrunCost`). It is resolved as a ground
 * assault without CR bonuses and without advance (groundAssault.ts `startAssault` with `overrun`),
 * then the success test on the hits of the whole attacking side (`overrunTest` there).
 * Action: `{type:'overrun', unit, hex, with?:[unit…]}` (`with`: the other members of the group).
 * After a success each overrunner has entered the hex: its next move starts there (movement.ts
 * `overrunEntry`), it may end there if the defenders are gone, never stacked with them; if it does not
 * move on it stays in the hex it came from. It may overrun again from there (a chained overrun: the
 * GA reads adjacency, hexsides and terrain from that hex, gaOdds `from`). Not from a last hex without
 * MCT (at night OCT counts) adjacent to more than one enemy hex (GOSS 5.3.4b). For the rest of the
 * phase it ignores the units it overran (no surcharge or halt from them: `move.ignore`,
 * movement-search.ts `sideView`).
 * Defensive FS (GOSS 5.3.5): before the overrun is resolved the defender may fire one artillery mission
 * at the hex the overrunner last entered, spotted from the overrun stack, light or medium (fireSupport.ts
 * `fsPlan` with `overrun`): its counter's hex, or — for a chained overrun — the hex it overran before,
 * where only the overrunners (the units standing there by a successful overrun) are the target, never
 * the defender's own units there. When it has such a mission the declaration waits on its decision
 * (pending `overrunFs`: `{type:'overrunFs', fire:false}` or a mission); the mission's hits are the
 * overrunners' to take (fsHits…), then the overrun is resolved, or ends if they were eliminated or
 * forced back (the overrun procedure below resumes when the mission ends). Without a possible mission there is no prompt.
 */
import { mutUnit, unitList, unitOf } from '../unitTable';
import { formatHex, neighbours, tryParseHexRef } from '../hex';
import { segmentAt } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { combatOf } from './combatState';
import { M, defOf, enemyOf, fatigue, has, live, unitsAt } from './combatTraits';
import { startAssault } from './groundAssault';
import { overrunFsOffers, startMission, type FsRequest } from './fireSupport';
import { decisionHandlers, defineProcedure, frameOf, startProcedure, type Run } from '../procedures/stack';
import type { OverrunFrame } from '../procedures/frames';
import { gaOdds } from './gaOdds';
import { groupProblem, moveFinished, overrunCost, overrunEntry } from './movement';
import { F_ENEMY, moveRecordNow, sideView } from './movement-search';
import { COVER_MCT } from './terrain';
import { mayAct } from './extensions';
import { isMotorised } from './motorised';
import { freeGroupHost, freeGroupProblem } from './stacking';


/** GOSS 5.3.5: the defender's possible missions against the overrun `o`. */
function offers(state: GameState, bundle: ScenarioBundle, o: OverrunFrame): FsRequest[] {
  return overrunFsOffers(state, bundle, enemyOf(o.side), o.from, o.hex, o.targets);
}

type Problem = { code: string; message: string; case: string };

/** Why `unitId` may not take part in an overrun of `hex` now, the odds aside, or null (GOSS 5.3.5, AW 31.5). */
function unitProblem(state: GameState, bundle: ScenarioBundle, unitId: string, hex: number, side: Side): Problem | null {
  const u = unitOf(state, unitId);
  if (!u || !live(u)) return { code: 'no-such-unit', message: `there is no unit "${unitId}" on the map`, case: 'GOSS 5.3.5' };
  const d = defOf(bundle, unitId);
  if (u.side !== side) return { code: 'not-your-unit', message: `${d.designation} belongs to the other side`, case: 'GOSS 5.3.5' };
  if (isMotorised(u)) return { code: 'transported', message: `${d.designation} is carried by its division's transport and may not overrun`, case: 'GOSS 7.12.5' };
  if (!has(u, M.EXPLOIT) || d.moveClass !== 'mech') return { code: 'not-exploit', message: `only a Mech unit in Exploit mode may overrun; ${d.designation} is not one`, case: 'GOSS 5.3.4b, AW 31.5' };
  if (has(u, M.OOS) || fatigue(u) > 0) return { code: 'cannot-overrun', message: `${d.designation} is out of supply or fatigued and may not overrun`, case: 'GOSS 5.3.5' };
  if (!unitsAt(state, hex, enemyOf(side)).length) return { code: 'no-defender', message: `${formatHex(hex)} holds no enemy unit`, case: 'GOSS 5.3.5' };
  if ((state.combat?.overruns ?? []).includes(`${unitId}@${hex}`)) return { code: 'overrun-twice', message: `${d.designation} has already overrun ${formatHex(hex)} this phase`, case: 'GOSS 5.3.5' };
  if (moveRecordNow(state, bundle, u)?.halted) return { code: 'halted', message: `${d.designation} has stopped this phase`, case: 'GOSS 5.3.5' };
  // GOSS 7.1: an overrun is part of the unit's move; once another unit has moved, it is over.
  if (moveFinished(state, bundle, u)) return { code: 'move-finished', message: `${d.designation} finished its move when another unit began moving; units move one at a time`, case: 'GOSS 7.1' };
  // AW 33.7.1-33.7.2: an overrun is movement and an offensive GA.
  const ep = mayAct(state, bundle, unitId, 'move') ?? mayAct(state, bundle, unitId, 'offensiveGa');
  if (ep) return { code: ep.code, message: ep.message, case: ep.case ?? 'GOSS 5.3.5' };
  // GOSS 5.3.4b: not from a last hex without MCT (night: OCT counts, sideView.coverAt) adjacent to more than one enemy hex.
  const from = overrunEntry(state, bundle, u) ?? u.hex!;
  const view = sideView(state, bundle, side);
  if (view.coverAt(from) !== COVER_MCT && neighbours(from).filter((h) => view.flags[h] & F_ENEMY).length > 1) {
    return { code: 'overrun-last-hex', message: `${d.designation} is in ${formatHex(from)}, without movement covering terrain and adjacent to more than one enemy hex: no overrun from there`, case: 'GOSS 5.3.4b' };
  }
  // GOSS 5.3.5 / 6.2: every member of a free-stacked group pays the overrun's MP.
  const cost = overrunCost(state, bundle, unitId, hex);
  if (!cost) return { code: 'not-adjacent', message: `${formatHex(hex)} is not adjacent to ${d.designation}, or its terrain is prohibited to it`, case: 'GOSS 5.3.5' };
  if (cost.cost > cost.left) return { code: 'over-ma', message: `overrunning ${formatHex(hex)} costs ${cost.cost} MP; ${d.designation} has ${cost.left} left`, case: 'GOSS 5.3.5' };
  return null;
}

/** The overrunners' ids: the unit and, for a free-stacked group, the other members (GOSS 5.3.5, 6.2). */
const membersOf = (unitId: string, others?: readonly string[]) => [unitId, ...(others ?? [])];

/** Why `unitId` (with the other members of its free-stacked group, `others`) may not overrun `hex` now, or null (GOSS 5.3.5, 6.2, AW 31.5). */
export function overrunProblem(state: GameState, bundle: ScenarioBundle, unitId: string, hex: number, side: Side, others?: readonly string[]): Problem | null {
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'exploitation') return { code: 'wrong-segment', message: 'overruns are made in the Exploitation Segment', case: 'AW 31.5' };
  const ids = membersOf(unitId, others);
  for (const id of ids) { const p = unitProblem(state, bundle, id, hex, side); if (p) return p; }
  if (ids.length > 1) {
    // GOSS 5.3.5 / 6.2: one Mech unit or one free-stacked group (movement.ts `groupProblem`).
    const g = groupProblem(state, bundle, ids);
    if (g) return { code: g.code, message: g.code === 'not-free-stacked' ? `only one unit or one free-stacked group overruns: ${g.message}` : g.message, case: g.code === 'not-free-stacked' ? 'GOSS 5.3.5, 6.2' : g.case ?? 'GOSS 6.2' };
  }
  // GOSS 5.3.5: a chained overrun is made from the hex entered by the last one.
  const entry = overrunEntry(state, bundle, unitOf(state, unitId));
  const odds = gaOdds(state, bundle, { hex, attackers: ids, overrun: true, ...(entry !== null ? { from: entry } : {}) }, side);
  if (!odds.ok) return { code: odds.code, message: odds.message, case: odds.case };
  return null;
}

/** GOSS 6.2: the free-stacked groups (host first, each once) among the live Exploit Mech units of `side` in one hex. */
function groupsIn(state: GameState, bundle: ScenarioBundle, units: UnitState[]): string[][] {
  const out: string[][] = [];
  for (const h of units) {
    const rest = units.filter((x) => x !== h);
    const combos = [...rest.map((x) => [x]), ...rest.flatMap((x, i) => rest.slice(i + 1).map((y) => [x, y]))];
    for (const c of combos) if (freeGroupHost(bundle, [h, ...c]) === h.id && !freeGroupProblem(bundle, [h, ...c])) out.push([h.id, ...c.map((x) => x.id)]);
  }
  return out;
}

/**
 * GOSS 5.3.5: after the defender's FS decision (a mission fired and its results applied, or no fire),
 * the declared overrun is resolved by the overrunners still standing where they were (a member of a
 * free-stacked group eliminated by FS drops out) — unless FS eliminated them all or forced them back
 * (a retreat also takes their Exploit marker), or the odds no longer allow it: then the overrun ends
 * without a GA and the overrunners do not count as having entered the hex (their MP stay spent; a
 * chained overrunner that was not forced back still stands in the hex it overran before).
 */
function assaultOrStop(run: Run, o: OverrunFrame): boolean {
  const { d, ctx, events } = run;
  const counters = o.at ?? o.from;
  const att = o.attackers.filter((id) => { const u = unitOf(d, id) as UnitState; return live(u) && u.hex === counters && has(u, M.EXPLOIT); });
  const from = o.at !== undefined ? { from: o.from } : {};
  let why: string | null = att.length ? null : 'defensive FS eliminated the overrunner or forced it out of its hex';
  if (!why && !unitsAt(d as GameState, o.hex, enemyOf(o.side)).length) why = `${formatHex(o.hex)} no longer holds an enemy unit`;
  if (!why) {
    const r = gaOdds(d as GameState, ctx.bundle, { hex: o.hex, attackers: att, overrun: true, ...from }, o.side);
    if (!r.ok) why = `after defensive FS: ${r.message} (${r.case})`;
  }
  if (why) {
    for (const id of o.attackers) {
      const was = o.restore?.[id] ?? { ignore: o.ignore };
      if (unitOf(d, id)?.move?.overrun !== o.hex || !was) continue;
      const u = mutUnit(d, id);
      if (was.overrun !== undefined && has(u as UnitState, M.EXPLOIT)) u.move!.overrun = was.overrun; else delete u.move!.overrun;
      u.move!.ignore = [...was.ignore];
    }
    events.push({ type: 'overrunStopped', hex: formatHex(o.hex), attackers: [...o.attackers], why, case: 'GOSS 5.3.5' });
    return false;
  }
  startAssault(run, { hex: o.hex, attackers: att, overrun: true, ...from }, o.side);
  return true;
}

/**
 * GOSS 5.3.5 / AW 31.5: the overrun procedure: the defender's decision on a defensive mission against
 * the overrunner (`overrunFs`, only when it has one), that mission (the fire mission procedure, whose
 * hits the overrunner takes), then the overrun's assault (the ground assault procedure), or its end.
 */
export const overrunProcedure = defineProcedure({
  name: 'overrun',
  step(o, run) {
    if (o.stage === 'fire') {
      if (offers(run.d as GameState, run.ctx.bundle, o as OverrunFrame).length) {
        return { wait: { side: enemyOf(o.side), kind: 'overrunFs', prompt: `Overrun of ${formatHex(o.hex)}: fire a defensive artillery mission at ${formatHex(o.from)}, or not`, case: 'GOSS 5.3.5' } };
      }
      o.stage = 'assault';
      return 'next';
    }
    if (o.stage === 'assault') {
      o.stage = 'end';
      assaultOrStop(run, o as OverrunFrame);
      return 'next';
    }
    return { end: null };
  },
  decisions: {
    overrunFs: {
      case: 'GOSS 5.3.5',
      what: 'defensive FS decision against an overrun',
      legal(o, state, bundle) {
        const out: Action[] = [{ type: 'overrunFs', fire: false }];
        for (const r of offers(state, bundle, o)) out.push({ type: 'overrunFs', fire: true, spotter: r.spotter!, artillery: r.artillery! });
        return out;
      },
      apply(o, action, run) {
        const a = action as ActionOf<'overrunFs'>;
        o.stage = 'assault';
        if (!a.fire) {
          run.events.push({ type: 'overrunFsDeclined', hex: formatHex(o.hex), case: 'GOSS 5.3.5' });
          return;
        }
        const { fire: _fire, type: _type, ...m } = a;
        // fsPlan (in startMission) checks the spotter in the overrun stack, artillery only and the light/medium cap.
        startMission(run, { ...m, target: o.from, overrun: o.hex, ...(o.targets ? { units: [...o.targets] } : {}) });
      },
    },
  },
});

/** GOSS 5.3.5: the overrun in progress (its frame on the procedure stack), or null. */
export const overrunNow = (state: GameState): OverrunFrame | null => frameOf(state, 'overrun');

export const overrunRules: RuleModule = {
  name: 'overrun',
  handlers: [{
    type: 'overrun',
    apply(d, action, ctx) {
      const a = action as ActionOf<'overrun'>;
      const r = tryParseHexRef(a.hex);
      if ('error' in r) reject('bad-hex', r.error);
      const side = ctx.side!;
      const p = overrunProblem(d as GameState, ctx.bundle, a.unit, r.hex, side, a.with);
      if (p) reject(p.code, p.message, p.case);
      const ids = membersOf(a.unit, a.with);
      const lead = unitOf(d, a.unit) as UnitState;
      const at = lead.hex!;
      // GOSS 5.3.5: the hex the overrunners last entered: their counters' hex, or the hex they overran before (a chained overrun).
      const entered = overrunEntry(d as GameState, ctx.bundle, lead);
      // …where every unit of the side standing in it by a successful overrun is the defender's FS target (read before the records change).
      const targets = entered === null ? undefined : unitList((d as GameState)).filter((x) => x.side === side && live(x) && overrunEntry(d as GameState, ctx.bundle, x) === entered).map((x) => x.id);
      const overrun = unitsAt(d as GameState, r.hex, enemyOf(side)).map((x) => x.id);
      const c = combatOf(d);
      const restore: Record<string, { overrun?: number; ignore: string[] }> = {};
      const events: GameEvent[] = [];
      for (const id of ids) {
        const cost = overrunCost(d as GameState, ctx.bundle, id, r.hex)!;
        const u = mutUnit(d, id);
        const rec = moveRecordNow(d as GameState, ctx.bundle, u);
        restore[id] = { ...(entered !== null ? { overrun: entered } : {}), ignore: [...(rec?.ignore ?? [])] };
        u.mpSpent += cost.cost;
        // GOSS 5.3.5: should the overrun succeed, the unit goes on from the hex ignoring these units (movement.ts reads the record; a failure halts it).
        const ignore = [...(rec?.ignore ?? []), ...overrun];
        u.move = rec
          ? { ...rec, seq: d.n, mp: rec.mp + cost.cost, overrun: r.hex, ignore }
          : { turn: d.pos.turn, playerTurn: d.pos.playerTurn, segment: 'exploitation', seq: d.n, from: u.hex!, hexes: 0, mp: cost.cost, type: 'offroad', halted: false, beyond6: false, overrun: r.hex, ignore };
        c.overruns = [...(c.overruns ?? []), `${id}@${r.hex}`];
        events.push({ type: 'overrunDeclared', unit: id, hex: formatHex(r.hex), cost: cost.cost, ...(ids.length > 1 ? { group: [...ids] } : {}), ...(entered !== null ? { from: formatHex(entered) } : {}), case: ids.length > 1 ? 'GOSS 5.3.5, 6.2, AW 31.5' : 'GOSS 5.3.5, AW 31.5' });
      }
      // GOSS 5.3.5: the defender may fire at the hex the overrunners last entered (for a chained overrun,
      // the hex they overran before: only they are hit there, never the defender's own units); then the assault.
      startProcedure({ d, ctx, events }, { proc: 'overrun', stage: 'fire', hex: r.hex, attackers: ids, side, from: entered ?? at, ...(entered !== null ? { at, targets } : {}), ignore: restore[a.unit].ignore, ...(ids.length > 1 || entered !== null ? { restore } : {}) });
      return events;
    },
    legal(state, side, bundle) {
      if (segmentAt(bundle.sequence, state.pos).segment.id !== 'exploitation' || state.pending) return [];
      const out: Action[] = [];
      const byHex = new Map<number, UnitState[]>();
      for (const u of unitList(state)) {
        if (u.side !== side || !live(u) || !has(u, M.EXPLOIT)) continue;
        for (const h of neighbours(overrunEntry(state, bundle, u) ?? u.hex!)) if (!overrunProblem(state, bundle, u.id, h, side)) out.push({ type: 'overrun', unit: u.id, hex: formatHex(h) });
        if (defOf(bundle, u.id).moveClass === 'mech') byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u]);
      }
      // GOSS 6.2: the free-stacked groups overrun together too.
      for (const us of byHex.values()) {
        if (us.length < 2) continue;
        for (const [host, ...others] of groupsIn(state, bundle, us)) {
          for (const h of neighbours(overrunEntry(state, bundle, unitOf(state, host)) ?? unitOf(state, host).hex!)) {
            if (!overrunProblem(state, bundle, host, h, side, others)) out.push({ type: 'overrun', unit: host, hex: formatHex(h), with: others });
          }
        }
      }
      return out;
    },
  }, ...decisionHandlers(overrunProcedure)],
};
