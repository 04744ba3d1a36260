/**
 * The Movement (and Exploitation) Segment: combat-reserve marks, reinforcement entry, then one move
 * per unit in priority order, each to the destination that scores best on the influence maps.
 * Destinations come from the engine's movementOptions (costs, halts, legality); a candidate is kept
 * only if applying it on a scratch state succeeds and leaves no overstack (GOSS 6: the engine refuses
 * to end the segment on one). Lookahead uses only dice-free actions (move, mark, enter), so the
 * opponent learns nothing the player could not see.
 */
import { formatHex, neighbours, type HexId } from '../engine/hex';
import { movementOptions, checkMark, type Destination, sideView, hexStackViolation, stackViolations, entryHexes, REINF, artilleryPoints, csAtt, csDef, defOf, enemyOf, fatigue, has, isArtGroup, isArtillery, isHq, isInfantry, live, M, unitsAt } from '../engine/query';
import { segmentAt } from '../engine/sequence';
import type { Action, GameState, UnitState } from '../engine/types';
import { carryMaps, checkBudget, isCounterattacker, leavesFortEmpty, mapsOf, tryApply, wouldOverstack, type AiCtx } from './context';
import { isManoeuvre, majorRiverBetween } from './influence';
import { unitList, unitOf } from '../engine/unitTable';

export interface HexContext {
  /** The unit is one of the side's reserve (kept back from the attack). */
  reserve: boolean;
  halt: boolean;
  /** Hex the unit leaves (its own strength is not yet in the destination's friendly strength). */
  from: HexId | null;
}

/** How good `h` is for unit `u` of the AI's side on this state (higher is better). */
export function hexScore(ctx: AiCtx, state: GameState, u: UnitState, h: HexId, hc: HexContext): number {
  const { bundle, posture, st } = ctx;
  const w = posture.weights;
  const m = mapsOf(ctx, state);
  const d = defOf(bundle, u.id);
  const view = sideView(state, bundle, ctx.side);
  const cover = view.coverAt(h);
  const self = h === hc.from ? 0 : 1;
  const def = m.friendDef[h] + self * csDef(d, u);
  const coverMul = cover === 2 ? 0.45 : cover === 1 ? 0.7 : 1;
  const risk = (m.threat[h] * coverMul) / Math.max(1, def);
  let s = 0;
  if (!isManoeuvre(bundle, u.id)) {
    // Artillery, HQs: out of reach of the enemy, close enough to the front to fire (GOSS 11.4 range):
    // the front within range, one hex to spare.
    s -= 3 * m.threat[h];
    s += 0.2 * st.holdNear[h] + 0.1 * st.objective[h];
    const range = artRange(ctx, state, u);
    if (range > 0) s += m.enemyDist[h] <= range - 1 ? 2 : -0.5 * (m.enemyDist[h] - range + 1);
    s += cover * 0.3;
    if (m.supply[h] === Infinity) s -= 5;
    return s;
  }
  const attacking = posture.posture === 'attack' && !hc.reserve;
  // A defender's counterattack force (posture `counterattack`) takes risks for an assault like an attacker.
  const counter = posture.posture === 'defend' && isCounterattacker(ctx, u.id);
  s += w.objective * st.objective[h] * (attacking ? 1 : 0.3);
  // Hold hexes: worth a garrison until it is strong for the threat there.
  if (st.hold[h] > 0) {
    const others = m.friendDef[h] - (h === hc.from ? csDef(d, u) : 0);
    const need = Math.max(4, m.threat[h] * 0.7);
    s += w.hold * st.hold[h] * (others < need ? 1 : 0.25);
  }
  s += w.hold * 0.3 * st.holdNear[h];
  s -= w.risk * risk * (attacking || counter ? 0.6 : 1.2);
  s += w.cover * cover * (m.threat[h] > 0 ? 1 : 0.3);
  if (state.fieldworks[h]) s += w.cover * 0.8;
  if (hc.halt && cover === 0) s -= w.halt * (attacking ? 0.5 : 2);
  // Attack opportunity: a weak enemy hex next door that this stack could assault.
  if (w.attack > 0 && !isArtillery(d)) {
    let best = 0;
    const att = m.friendAtt[h] + self * csAtt(d, u);
    for (const n of neighbours(h)) {
      if (m.enemyDef[n] <= 0 && m.enemySteps[n] <= 0) continue;
      if (majorRiverBetween(bundle, h, n).major) continue; // GOSS 13.4: no assault across it from here
      const ratio = att / Math.max(0.5, m.enemyDef[n]);
      const worth = (1 + 0.5 * st.objective[n] + st.hold[n]) * Math.min(ratio, 4) / 4;
      if (worth > best) best = worth;
    }
    s += w.attack * best * (attacking ? 2 : counter ? posture.counterattack!.seek : posture.aggression);
  }
  if (m.supply[h] === Infinity) s -= w.supply * 6;
  else s -= w.supply * 0.05 * m.supply[h];
  return s;
}

/** Fire-support range of an artillery unit or group (0 for none), from the engine's own reading (GOSS 11.4, AW 31.9.2). */
const rangeCache = new WeakMap<GameState, Map<string, number>>();
function artRange(ctx: AiCtx, state: GameState, u: UnitState): number {
  const d = defOf(ctx.bundle, u.id);
  if (!isArtillery(d) && !isArtGroup(d) && !isHq(d)) return 0;
  let c = rangeCache.get(state);
  if (!c) rangeCache.set(state, (c = new Map()));
  let r = c.get(u.id);
  if (r === undefined) c.set(u.id, (r = artilleryPoints(state, ctx.bundle, u.id).range));
  return r;
}

/** The move to `dest` by the movement type found for it (road march, main roads: GOSS 7.6.2, 19.4). */
export function moveAction(unit: string, dest: Destination): Action {
  return { type: 'move', unit, path: dest.path, ...(dest.type === 'road' ? { via: 'road' } : dest.type === 'mainroad' ? { via: 'mainroad' } : {}) };
}

/** Units kept back: the rearmost share of the side's manoeuvre units by objective value. */
export function reserveSet(ctx: AiCtx, state: GameState): Set<string> {
  const ids = unitList(state).filter((u) => u.side === ctx.side && live(u) && isManoeuvre(ctx.bundle, u.id));
  const n = Math.floor(ids.length * ctx.posture.reserveFraction);
  if (!n) return new Set();
  ids.sort((a, b) => ctx.st.objective[a.hex!] - ctx.st.objective[b.hex!] || (a.id < b.id ? -1 : 1));
  return new Set(ids.slice(0, n).map((u) => u.id));
}

function segId(ctx: AiCtx, state: GameState): string {
  return segmentAt(ctx.bundle.sequence, state.pos).segment.id;
}

/** GOSS 5.8: infantry battalions behind a threatened front go into combat reserve (their DRM helps every defence within 3 hexes). */
function crMarks(ctx: AiCtx, state: GameState): Action[] {
  if (ctx.posture.posture !== 'defend') return [];
  const m = mapsOf(ctx, state);
  const out: Action[] = [];
  for (const u of [...unitList(state)].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.side !== ctx.side || !live(u)) continue;
    const d = defOf(ctx.bundle, u.id);
    if (!isInfantry(d) || d.size !== 'Bn' || ctx.st.hold[u.hex!] > 0) continue;
    // Behind the front: no enemy within 1, some threat within 3 (someone to support).
    if (m.threat[u.hex!] <= 0 || neighbours(u.hex!).some((n) => m.enemySteps[n] > 0)) continue;
    if (checkMark(state, ctx.bundle, u.id, 'CR')) continue;
    out.push({ type: 'mark', unit: u.id, marker: 'CR' });
    if (out.length >= 3) break;
  }
  return out;
}

/**
 * GOSS 5.2 / 13.7.3: the attacker's units next to an enemy-held objective hex go into PA mode (marked
 * before any unit moves, AW 31.2.1) when together they outweigh its defence: PA units from several
 * hexes assault it together with a column shift, and FS on it is observed as a PA target.
 */
function paMarks(ctx: AiCtx, state: GameState, reserve: Set<string>): Action[] {
  if (ctx.posture.posture !== 'attack') return [];
  const m = mapsOf(ctx, state);
  const enemy = enemyOf(ctx.side);
  const targets = new Map<HexId, string[]>();
  for (const u of [...unitList(state)].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.side !== ctx.side || !live(u) || reserve.has(u.id) || !isManoeuvre(ctx.bundle, u.id)) continue;
    let best: HexId | null = null;
    for (const n of neighbours(u.hex!)) {
      if (ctx.st.objHex[n] <= 0 || !unitsAt(state, n, enemy).length || majorRiverBetween(ctx.bundle, u.hex!, n).major) continue;
      if (best === null || ctx.st.objHex[n] > ctx.st.objHex[best]) best = n;
    }
    if (best === null || checkMark(state, ctx.bundle, u.id, 'PA')) continue;
    targets.set(best, [...(targets.get(best) ?? []), u.id]);
  }
  const out: Action[] = [];
  for (const [t, ids] of [...targets.entries()].sort((a, b) => a[0] - b[0])) {
    const att = ids.reduce((s, id) => s + csAtt(defOf(ctx.bundle, id), unitOf(state, id)), 0);
    if (att < 1.5 * m.enemyDef[t]) continue;
    for (const id of ids) out.push({ type: 'mark', unit: id, marker: 'PA' });
  }
  return out;
}

/**
 * AW 31.5: part of the attacker's armour behind the front goes into Exploit mode: it sits out the
 * Movement Segment and moves after the assaults, into the gaps they opened, towards the objectives.
 */
function exploitMarks(ctx: AiCtx, state: GameState, reserve: Set<string>): Action[] {
  if (ctx.posture.posture !== 'attack') return [];
  const m = mapsOf(ctx, state);
  const cands = unitList(state).filter((u) => u.side === ctx.side && live(u) && !reserve.has(u.id) && isManoeuvre(ctx.bundle, u.id)
    && defOf(ctx.bundle, u.id).moveClass === 'mech' && m.threat[u.hex!] > 0 && !checkMark(state, ctx.bundle, u.id, 'Exploit'));
  const mech = unitList(state).filter((u) => u.side === ctx.side && live(u) && isManoeuvre(ctx.bundle, u.id) && defOf(ctx.bundle, u.id).moveClass === 'mech').length;
  cands.sort((a, b) => ctx.st.objective[b.hex!] - ctx.st.objective[a.hex!] || (a.id < b.id ? -1 : 1));
  return cands.slice(0, Math.floor(mech * EXPLOIT_SHARE)).map((u) => ({ type: 'mark', unit: u.id, marker: 'Exploit' }));
}
const EXPLOIT_SHARE = 0.2;

/** AW 31.2.1: artillery that is not about to move goes in battery, so it can fire this turn. */
function batteryMarks(ctx: AiCtx, state: GameState): Action[] {
  const m = mapsOf(ctx, state);
  const out: Action[] = [];
  for (const u of [...unitList(state)].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.side !== ctx.side || !live(u) || !has(u, M.OOB)) continue;
    if (m.threat[u.hex!] > 0 && neighbours(u.hex!).some((n) => m.enemySteps[n] > 0)) continue; // it will want to pull back
    if (!checkMark(state, ctx.bundle, u.id, 'IB')) out.push({ type: 'mark', unit: u.id, marker: 'IB' });
  }
  return out;
}

/**
 * GOSS 6.7.0: stacks left overstacked by retreats and advances are fixed by moving units out before
 * anything else (the engine would otherwise make us eliminate the excess).
 */
function* unstack(ctx: AiCtx, start: GameState, reserve: Set<string>): Generator<Action, GameState, GameState> {
  let state = start;
  for (let guard = 0; guard < 40; guard++) {
    const v = stackViolations(state, ctx.bundle, ctx.side).find((x) => x.case !== 'AW 31.9.2a');
    if (!v) break;
    let moved = false;
    // Move the unit whose best destination scores highest; ids in order for stable ties.
    for (const id of [...v.units].sort()) {
      const u = unitOf(state, id);
      const o = movementOptions(state, ctx.bundle, id);
      if ('error' in o) continue;
      const cands = o.destinations
        .map((dest) => ({ dest, s: hexScore(ctx, state, u, dest.hex, { reserve: reserve.has(id), halt: dest.halt !== null, from: u.hex }) }))
        .sort((a, b) => b.s - a.s || a.dest.hex - b.dest.hex);
      for (const c of cands.slice(0, 8)) {
        const a = moveAction(id, c.dest);
        const next = tryApply(state, a);
        if (!next || hexStackViolation(next, ctx.bundle, c.dest.hex, ctx.side)) continue;
        state = yield a;
        moved = true;
        break;
      }
      if (moved) break;
    }
    if (!moved) break;
  }
  return state;
}

/** Reinforcement entry: each waiting unit to its best entry hex. */
function bestEntry(ctx: AiCtx, state: GameState): Action | null {
  for (const u of [...unitList(state)].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.side !== ctx.side || !u.markers.includes(REINF)) continue;
    const hexes = entryHexes(state, ctx.bundle, u.id);
    let best: { h: HexId; s: number } | null = null;
    for (const h of hexes) {
      const s = hexScore(ctx, state, u, h, { reserve: false, halt: false, from: null });
      if (!best || s > best.s) best = { h, s };
    }
    if (best) {
      const a = { type: 'enterReinforcement' as const, unit: u.id, hex: formatHex(best.h) };
      if (tryApply(state, a)) return a;
    }
  }
  return null;
}

/** Order of movers: the front first when attacking (stacks build up from the front), the most threatened first when defending. */
function moverOrder(ctx: AiCtx, state: GameState): UnitState[] {
  const m = mapsOf(ctx, state);
  const us = unitList(state).filter((u) => u.side === ctx.side && live(u) && !has(u, M.CR));
  const key = (u: UnitState) => {
    const manoeuvre = isManoeuvre(ctx.bundle, u.id) ? 0 : 1000;
    return manoeuvre + (ctx.posture.posture === 'attack' ? -ctx.st.objective[u.hex!] : -m.threat[u.hex!]);
  };
  return us.sort((a, b) => key(a) - key(b) || (a.id < b.id ? -1 : 1));
}

/** Moves planned before the unit-by-unit pass: yields actions like moveSegment, returns the state and the units it placed. */
export type Prelude = (ctx: AiCtx, state: GameState) => Generator<Action, { state: GameState; moved: Set<string> }, GameState>;

/**
 * Movement planner as a generator: yields one action at a time for the current state (the caller
 * applies it and passes the new state back through `next(state)`), finishing with endSegment.
 */
export function* moveSegment(ctx: AiCtx, start: GameState, first?: Prelude): Generator<Action, void, GameState> {
  let state = start;
  const seg = segId(ctx, state);
  if (seg === 'move') {
    for (const a of batteryMarks(ctx, state)) state = yield a;
    for (const a of crMarks(ctx, state)) state = yield a;
    const keep = reserveSet(ctx, state);
    for (const a of paMarks(ctx, state, keep)) state = yield a;
    for (const a of exploitMarks(ctx, state, keep)) state = yield a;
    for (let guard = 0; guard < 200; guard++) {
      const a = bestEntry(ctx, state);
      if (!a) break;
      state = yield a;
    }
  }
  const reserve = reserveSet(ctx, state);
  state = yield* unstack(ctx, state, reserve);
  // Moves planned as a whole before the unit-by-unit pass (the counterattack, counterattack.ts); those units stay put after.
  let placed = new Set<string>();
  if (first && seg === 'move') ({ state, moved: placed } = yield* first(ctx, state));
  const order = moverOrder(ctx, state).slice(0, ctx.caps.movers);
  for (const next of order) {
    checkBudget(ctx);
    const u = unitOf(state, next.id);
    if (!live(u) || placed.has(u.id)) continue;
    // PA units stay next to their target: once one moves, no other unit may (AW 31.2.1).
    if (has(u, M.PA)) continue;
    const d = defOf(ctx.bundle, u.id);
    // Artillery groups fire only if they did not move (AW 31.9.2b): they stay unless threatened or the
    // front has left their range (then they leapfrog forward and fire next turn).
    if ((isArtGroup(d) || isHq(d)) && mapsOf(ctx, state).threat[u.hex!] <= 0) {
      const range = artRange(ctx, state, u);
      if (range <= 0 || mapsOf(ctx, state).enemyDist[u.hex!] <= range - 1) continue;
    }
    if (fatigue(u) === 2 && ctx.posture.posture === 'attack') continue;
    // A defender in its entrenchment facing the enemy stays (GOSS 17: the ET is worth more than any move);
    // of a side that keeps its fieldworks, the last unit always stays, and its counterattack force may go
    // out to attack when others hold the works.
    if (leavesFortEmpty(ctx, state, [u.id], u.hex!)) continue;
    if (ctx.posture.posture === 'defend' && state.fieldworks[u.hex!] && mapsOf(ctx, state).threat[u.hex!] > 0
      && !(ctx.posture.keepFieldworks && isCounterattacker(ctx, u.id))) continue;
    const o = movementOptions(state, ctx.bundle, u.id);
    if ('error' in o) continue;
    const hc = { reserve: reserve.has(u.id), halt: false, from: u.hex };
    const stay = hexScore(ctx, state, u, u.hex!, hc);
    const cands: { dest: Destination; s: number }[] = [];
    for (const dest of o.destinations.slice(0, ctx.caps.destinations)) {
      const s = hexScore(ctx, state, u, dest.hex, { ...hc, halt: dest.halt !== null }) - 0.01 * dest.cost;
      if (s > stay + 0.05) cands.push({ dest, s });
    }
    cands.sort((a, b) => b.s - a.s || a.dest.hex - b.dest.hex);
    for (const c of cands.slice(0, ctx.caps.tries)) {
      const a = moveAction(u.id, c.dest);
      // movementOptions only lists legal destinations; stacking is checked at the segment's end, so check it here.
      if (wouldOverstack(ctx, state, [u.id], c.dest.hex)) continue;
      const prev = state;
      state = yield a;
      if (unitOf(state, u.id)?.hex === c.dest.hex) {
        carryMaps(ctx, prev, state, u.hex!, c.dest.hex, csDef(d, u), isManoeuvre(ctx.bundle, u.id) ? csAtt(d, u) : 0);
      }
      break;
    }
  }
}
