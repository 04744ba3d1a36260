/**
 * The Combat Phase (AW 31.2.2): attack designation by expected GA results, defensive and offensive
 * fire-support missions by expected hits, the advance into hexes emptied by FS, the attacker
 * adjustment, and the ground assaults. Odds come from the engine's gaOdds / fsPlan previews; a
 * designation is previewed by applying the (dice-free) `designate` action to a scratch state.
 */
import { distance, formatHex, neighbours, type HexId } from '../engine/hex';
import { terrainOf } from '../engine/board';
import { designationProblem, artilleryPoints, fsPlan, fsAdvanceOptions, type FsRequest, type FsPlanResult, airRecord, gaMods, defOf, enemyOf, has, isArtGroup, isArtillery, isAttackDesignated, isHeavyFlak, isHq, live, M, unitsAt, combatRules, gaOdds } from '../engine/query';
import type { Action, ActionOf, GameState, ScenarioBundle, Side, UnitState } from '../engine/types';
import { checkBudget, isCounterattacker, leavesFortEmpty, mapsOf, tryApply, wouldOverstack, type AiCtx } from './context';
import { fsExpectation, gaExpectation } from './evaluate';
import { isManoeuvre } from './influence';
import { hexScore, reserveSet } from './movement';
import { unitList, unitOf } from '../engine/unitTable';

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Worth of an assault to the attacker: expected enemy steps lost minus own (scaled by aggression), plus ground. */
export function assaultValue(ctx: AiCtx, state: GameState, target: HexId, attackers: string[]): number | null {
  const e = gaExpectation(state, ctx.bundle, { hex: target, attackers }, ctx.side);
  if (!e) return null;
  const p = ctx.posture;
  const aggression = stance(ctx, attackers).aggression;
  const ground = (ctx.st.objective[target] * 0.3 + ctx.st.hold[target] * 0.5) * aggression;
  // A victory hex (AW 32.13 "occupied" at the end) is worth taking at a poor exchange of steps:
  // the attacker wins by ground, and only a shaken defender leaves it.
  const prize = ctx.st.objHex[target] * (p.posture === 'attack' ? 1 : 0.5);
  // An aggressive side accepts a worse exchange of steps for ground (aggression 0.75: own losses ×0.75).
  return e.defLoss - e.attLoss * (1.5 - aggression) + e.pDefenderShaken * (ground + prize);
}

/**
 * Aggression and threshold of an assault by `attackers`: the counterattack force's own (posture
 * `counterattack`) when one of its units is among them, else the side's.
 */
function stance(ctx: AiCtx, attackers: string[]): { aggression: number; attackThreshold: number } {
  const ca = ctx.posture.counterattack;
  if (ca && ctx.posture.posture === 'defend' && attackers.some((id) => isCounterattacker(ctx, id))) return ca;
  return ctx.posture;
}

/** Units of the side in `h` that may be designated now. */
function eligibleAt(ctx: AiCtx, state: GameState, h: HexId): string[] {
  return unitsAt(state, h, ctx.side).filter((u) => isManoeuvre(ctx.bundle, u.id) && !designationProblem(state, ctx.bundle, u, ctx.side)).sort(byId).map((u) => u.id);
}

/** AW 31.2.2a: one designation per chosen stack, chosen by expected result; each stack and target once. */
export function designations(ctx: AiCtx, state: GameState): Action[] {
  const reserve = ctx.posture.posture === 'defend' ? reserveSet(ctx, state) : new Set<string>();
  const hexes = new Set<HexId>();
  for (const u of unitList(state)) if (u.side === ctx.side && live(u) && isManoeuvre(ctx.bundle, u.id)) hexes.add(u.hex!);
  const pairs: { from: HexId; target: HexId; units: string[]; v: number }[] = [];
  let budget = ctx.caps.assaults;
  for (const h of [...hexes].sort((a, b) => a - b)) {
    const enemies = neighbours(h).filter((n) => unitsAt(state, n, enemyOf(ctx.side)).length > 0);
    if (!enemies.length) continue;
    // The counterattack force is not held back (it is the reserve that strikes).
    const units = eligibleAt(ctx, state, h).filter((id) => !reserve.has(id) || isCounterattacker(ctx, id));
    if (!units.length) continue;
    const s1 = tryApply(state, { type: 'designate', units });
    if (!s1) continue;
    for (const t of enemies) {
      if (budget-- <= 0) break;
      const v = assaultValue(ctx, s1, t, units);
      if (v !== null && v > stance(ctx, units).attackThreshold) pairs.push({ from: h, target: t, units, v });
    }
  }
  pairs.sort((a, b) => b.v - a.v || a.from - b.from || a.target - b.target);
  const usedFrom = new Set<HexId>();
  // The hexes our PA units (designated by their mode, GOSS 5.2) stand next to are theirs: a hex is assaulted once (GOSS 13.1).
  const usedTarget = new Set<HexId>(paTargets(ctx, state));
  const out: Action[] = [];
  for (const p of pairs) {
    if (usedFrom.has(p.from) || usedTarget.has(p.target)) continue;
    // A stack next to several enemy hexes keeps one target only if no other stack claims it: fine, it has its own.
    usedFrom.add(p.from); usedTarget.add(p.target);
    out.push({ type: 'designate', units: p.units });
  }
  return out;
}

function firers(ctx: AiCtx, state: GameState): string[] {
  const rules = combatRules(ctx.bundle);
  return unitList(state).filter((u) => {
    if (u.side !== ctx.side || !live(u)) return false;
    const d = defOf(ctx.bundle, u.id);
    if (!(isArtillery(d) || isArtGroup(d) || isHq(d) || (isHeavyFlak(d) && !!rules.heavyFlak))) return false;
    return artilleryPoints(state, ctx.bundle, u.id).points > 0;
  }).sort(byId).map((u) => u.id);
}

/** The strongest mission the side can fire at `target` now: a spotter, firers up to the cap, and air points. */
export function bestMission(ctx: AiCtx, state: GameState, target: HexId, guns: string[]): { action: Action; hits: number } | null {
  const { bundle, side } = ctx;
  // AW 20.0 standard air: GS missions fly without artillery too.
  const standardAir = airRecord(state, bundle) !== null;
  // One point tests range and support only: a firer's full points may exceed an unobserved cap (AW 31.9.4) and are cut to it below.
  const inRange = guns.filter((id) => fsPlan(state, bundle, side, { target, artillery: [{ unit: id, points: 1 }] }).ok);
  if (!inRange.length && !standardAir) return null;
  // The smallest part of a mission that tells whether a spotter may observe it: one artillery point, or the fewest AP that fly.
  const probe = (spotter: string | undefined): FsPlanResult => {
    if (inRange.length) return fsPlan(state, bundle, side, { target, spotter, artillery: [{ unit: inRange[0], points: 1 }] });
    let r: FsPlanResult = { ok: false, code: 'no-points', message: '', case: '' };
    for (const air of [1, 2, 4]) { r = fsPlan(state, bundle, side, { target, spotter, air }); if (r.ok) break; }
    return r;
  };
  // Spotters: own units near the target (closest first), the best observation level wins.
  const near = unitList(state).filter((u) => u.side === side && live(u)).map((u) => ({ u, d: distance(u.hex!, target) }))
    .filter((x) => x.d <= 8).sort((a, b) => a.d - b.d || byId(a.u, b.u)).slice(0, 12);
  let spotter: string | undefined;
  let level = 'unobserved';
  for (const { u } of near) {
    const r = probe(u.id);
    if (!r.ok) continue;
    if (!spotter || (r.plan.level === 'observedPaEt' && level !== 'observedPaEt')) { spotter = u.id; level = r.plan.level; }
    if (level === 'observedPaEt') break;
  }
  const base = probe(spotter);
  if (!base.ok) return null;
  const cap = base.plan.cap;
  const artillery: { unit: string; points: number }[] = [];
  let total = 0;
  const pts = inRange.map((id) => ({ id, p: artilleryPoints(state, bundle, id).points })).sort((a, b) => b.p - a.p || (a.id < b.id ? -1 : 1));
  for (const { id, p } of pts) {
    if (total >= cap) break;
    const take = Math.min(p, cap - total);
    const req: FsRequest = { target, spotter, artillery: [...artillery, { unit: id, points: take }] };
    if (!fsPlan(state, bundle, side, req).ok) continue;
    artillery.push({ unit: id, points: take });
    total += take;
  }
  let air = 0;
  if (spotter && (total < cap || standardAir)) {
    for (const a of [8, 6, 4, 2, 1]) {
      const p = fsPlan(state, bundle, side, { target, spotter, artillery, air: a });
      if (!p.ok) continue;
      air = a;
      // AW 20.2.1 standard air: GS missions of at most 3 AP after the weather; climb to the most that fly.
      if (p.plan.gs) while (air < 16 && fsPlan(state, bundle, side, { target, spotter, artillery, air: air + 1 }).ok) air++;
      break;
    }
  }
  if (!artillery.length && !air) return null;
  const req: FsRequest = { target, spotter, artillery, ...(air ? { air } : {}) };
  const r = fsPlan(state, bundle, side, req);
  if (!r.ok) return null;
  const action: Action = { type: 'fireMission', target: formatHex(target), ...(spotter ? { spotter } : {}), artillery, ...(air ? { air } : {}) };
  return { action, hits: fsExpectation(bundle, r.plan) };
}

/**
 * Fire-support targets in order. Defensive FS: enemy stacks that are attack-designated next to our
 * units (they lose their terrain DRM). Offensive FS: the hexes our designated stacks will assault,
 * then any enemy hex next to our units.
 */
export function missionTargets(ctx: AiCtx, state: GameState, offensive: boolean): HexId[] {
  const enemy = enemyOf(ctx.side);
  const m = mapsOf(ctx, state);
  const scored = new Map<HexId, number>();
  for (const u of unitList(state)) {
    if (!live(u) || u.side !== enemy) continue;
    const h = u.hex!;
    if (scored.has(h)) continue;
    const nextToUs = neighbours(h).some((n) => m.friendDef[n] > 0 || unitsAt(state, n, ctx.side).length > 0);
    const nextToOurAttack = neighbours(h).some((n) => unitsAt(state, n, ctx.side).some((x) => isAttackDesignated(x)));
    const designatedEnemy = unitsAt(state, h, enemy).some((x) => isAttackDesignated(x));
    let v = 0;
    if (offensive) v = nextToOurAttack ? 10 + m.enemyDef[h] : nextToUs ? 1 + m.enemyAtt[h] * 0.1 + ctx.st.objective[h] * 0.2 : 0;
    else v = designatedEnemy && nextToUs ? 10 + m.enemyAtt[h] : 0;
    if (v > 0) scored.set(h, v);
  }
  return [...scored.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([h]) => h);
}

export function* fsSegment(ctx: AiCtx, start: GameState, offensive: boolean): Generator<Action, void, GameState> {
  let state = start;
  let fired = 0;
  for (const t of missionTargets(ctx, state, offensive)) {
    if (fired >= ctx.caps.missions) break;
    checkBudget(ctx);
    const guns = firers(ctx, state);
    if (!guns.length && airRecord(state, ctx.bundle) === null) break;
    const designatedTarget = offensive && neighbours(t).some((n) => unitsAt(state, n, ctx.side).some((x) => isAttackDesignated(x)));
    const m = bestMission(ctx, state, t, guns);
    if (!m) continue;
    // Spend points where they tell: the assault targets always; elsewhere only an effective mission.
    if (!designatedTarget && m.hits < (offensive ? 1.0 : 0.6)) continue;
    // No lookahead here: a mission rolls dice, and the opponent must not peek at them.
    state = yield m.action;
    fired++;
    // Answer our own pending decisions is not ours: the target's owner decides; the generator stops here if so.
    if (state.pending) return;
  }
  if (offensive) {
    // AW 31.2.2c / GOSS 11.7: advance into a hex the FS emptied, when that hex is better ground.
    let best: { a: Action; s: number } | null = null;
    for (const a of fsAdvanceOptions(state, ctx.side, ctx.bundle).filter((x) => (x as ActionOf<'fsAdvance'>).units.length === 1)) {
      const { units, hex } = a as ActionOf<'fsAdvance'>;
      const u = unitOf(state, units[0]);
      const h = neighbours(u.hex!).find((n) => formatHex(n) === hex);
      if (h === undefined || wouldOverstack(ctx, state, [u.id], h) || leavesFortEmpty(ctx, state, [u.id], u.hex!)) continue;
      const s = hexScore(ctx, state, u, h, { reserve: false, halt: false, from: u.hex }) - hexScore(ctx, state, u, u.hex!, { reserve: false, halt: false, from: u.hex });
      if (s > 0.5 && (!best || s > best.s)) best = { a, s };
    }
    if (best && tryApply(state, best.a)) yield best.a;
  }
}

/** AW 31.2.2d: drop designations whose best assault is now clearly bad, where no PRC is needed (in MCT). */
export function adjustments(ctx: AiCtx, state: GameState): Action[] {
  const out: Action[] = [];
  const mct = gaMods(ctx.bundle).mct;
  const stacks = new Map<HexId, UnitState[]>();
  // PA units attack as one group (paTargets): a stack's own odds say nothing about the group's.
  for (const u of unitList(state)) if (u.side === ctx.side && live(u) && isAttackDesignated(u) && !has(u, M.PA)) stacks.set(u.hex!, [...(stacks.get(u.hex!) ?? []), u]);
  for (const [h, us] of [...stacks.entries()].sort((a, b) => a[0] - b[0])) {
    if (!mct.includes(terrainOf(ctx.bundle.board, h) ?? '')) continue;
    const ids = us.sort(byId).map((u) => u.id);
    const vals = neighbours(h).filter((n) => unitsAt(state, n, enemyOf(ctx.side)).length).map((t) => assaultValue(ctx, state, t, ids) ?? -99);
    if (vals.length && Math.max(...vals) < stance(ctx, ids).attackThreshold - 1) for (const id of ids) out.push({ type: 'dropAttack', unit: id });
  }
  return out;
}

/** Enemy hexes next to our PA units that the PA group is best placed to assault together (GOSS 13.4 multi-hex PA assault). */
export function paTargets(ctx: AiCtx, state: GameState): HexId[] {
  const pa = unitList(state).filter((u) => u.side === ctx.side && live(u) && has(u, M.PA));
  const out = new Set<HexId>();
  for (const u of pa) {
    let best: HexId | null = null; let bv = -Infinity;
    for (const n of neighbours(u.hex!)) {
      if (!unitsAt(state, n, enemyOf(ctx.side)).length) continue;
      const v = ctx.st.objHex[n] * 10 + ctx.st.objective[n] - mapsOf(ctx, state).enemyDef[n] * 0.1;
      if (v > bv || (v === bv && best !== null && n < best)) { bv = v; best = n; }
    }
    if (best !== null) out.add(best);
  }
  return [...out].sort((a, b) => a - b);
}

/** AW 31.2.2e: the next assault, the best target for the next designated stack that has not attacked. */
export function nextAssault(ctx: AiCtx, state: GameState): Action | null {
  const attacked = new Set(state.combat?.attackers ?? []);
  const done = new Set(state.combat?.attackedHexes ?? []);
  // PA units attack first, every PA unit next to the target together (GOSS 13.4, 13.7.3: +1 column in PA).
  for (const t of paTargets(ctx, state)) {
    if (done.has(t)) continue;
    const group = unitList(state).filter((u) => u.side === ctx.side && live(u) && has(u, M.PA) && !attacked.has(u.id) && distance(u.hex!, t) === 1).sort(byId).map((u) => u.id);
    if (group.length && assaultValue(ctx, state, t, group) !== null) return { type: 'assault', hex: formatHex(t), attackers: group };
  }
  const stacks = new Map<HexId, string[]>();
  for (const u of [...unitList(state)].sort(byId)) {
    if (u.side !== ctx.side || !live(u) || !(has(u, M.TA) || has(u, M.PA)) || attacked.has(u.id)) continue;
    stacks.set(u.hex!, [...(stacks.get(u.hex!) ?? []), u.id]);
  }
  const opts: { a: Action; v: number; targets: number }[] = [];
  for (const [h, ids] of [...stacks.entries()].sort((a, b) => a[0] - b[0])) {
    const targets = neighbours(h).filter((n) => !done.has(n) && unitsAt(state, n, enemyOf(ctx.side)).length);
    for (const t of targets) {
      const v = assaultValue(ctx, state, t, ids);
      if (v === null) continue;
      opts.push({ a: { type: 'assault', hex: formatHex(t), attackers: ids }, v, targets: targets.length });
    }
  }
  // Stacks with a single possible target go first, so no stack is left without one (GOSS 13.4 must attack).
  opts.sort((a, b) => a.targets - b.targets || b.v - a.v);
  // No lookahead: an assault rolls dice. gaOdds already accepted the declaration.
  if (opts.length) return opts[0].a;
  // A designated unit whose stack cannot attack whole still must, alone (GOSS 13.4).
  return loneAssaults(ctx.bundle, state, ctx.side)[0] ?? null;
}

/**
 * Assaults by one designated unit alone. The engine's legalActions lists each TA stack whole
 * (assaultOptions), but GOSS 13.4 "must attack" (mustStillAttack) counts a unit that could attack
 * alone; when the whole stack cannot (one of its units may not cross that hexside), these are the
 * legal actions that let the segment end. Used as the last fallback by the opponent and the random player.
 */
export function loneAssaults(bundle: ScenarioBundle, state: GameState, side: Side): Action[] {
  const attacked = new Set(state.combat?.attackers ?? []);
  const done = new Set(state.combat?.attackedHexes ?? []);
  const out: Action[] = [];
  for (const u of [...unitList(state)].sort(byId)) {
    if (u.side !== side || !live(u) || !isAttackDesignated(u) || attacked.has(u.id)) continue;
    for (const t of neighbours(u.hex!)) {
      if (done.has(t) || !unitsAt(state, t, enemyOf(side)).length) continue;
      if (gaOdds(state, bundle, { hex: t, attackers: [u.id] }, side).ok) out.push({ type: 'assault', hex: formatHex(t), attackers: [u.id] });
    }
  }
  return out;
}
