/**
 * A defender's counterattack (posture `counterattack`, issue 16 item 12): in its Movement Segment the
 * side gathers its armour and panzergrenadiers next to an enemy stack it can beat and attacks it in
 * the Combat Phase that follows (the designation in combat.ts weighs the assault with the force's own
 * aggression and threshold). The force moves before the rest of the side, so it picks its attack
 * hexes from the whole map; a unit leaves a fortified hex only if combat units stay in it.
 *
 * Each candidate (target, attack hex, group) is judged by the engine's own preview: the group's moves
 * and designation applied to a scratch state (dice-free actions), then gaOdds' expected result
 * (assaultValue). No dice are read.
 */
import { neighbours, type HexId } from '../engine/hex';
import { csAtt, defOf, designationProblem, enemyOf, has, live, M, movementOptions, unitsAt, type Destination } from '../engine/query';
import type { Action, GameState } from '../engine/types';
import { assaultValue } from './combat';
import { checkBudget, isCounterattacker, leavesFortEmpty, mapsOf, tryApply, wouldOverstack, type AiCtx } from './context';
import { isManoeuvre, majorRiverBetween } from './influence';
import { moveAction } from './movement';
import { unitList, unitOf, withUnits } from '../engine/unitTable';

/** Counterattacks prepared per Movement Segment, and the candidates previewed exactly for each. */
const MAX_COUNTERATTACKS = 2;
const PREVIEWS = 8;

interface Plan { target: HexId; from: HexId; moves: { unit: string; dest: Destination }[]; group: string[]; v: number }

/**
 * The counterattack moves of this Movement Segment, as a generator like moveSegment's: yields each
 * move and receives the state after it. Returns the state and the units it moved (the general
 * movement then leaves them where they stand).
 */
export function* counterattackMoves(ctx: AiCtx, start: GameState): Generator<Action, { state: GameState; moved: Set<string> }, GameState> {
  let state = start;
  const moved = new Set<string>();
  const ca = ctx.posture.counterattack;
  if (!ca || ctx.posture.posture !== 'defend') return { state, moved };
  const enemy = enemyOf(ctx.side);
  const used = new Set<HexId>();
  for (let k = 0; k < MAX_COUNTERATTACKS; k++) {
    checkBudget(ctx);
    const plan = bestPlan(ctx, state, moved, used);
    if (!plan) break;
    used.add(plan.target);
    for (const { unit, dest } of plan.moves) {
      const a = moveAction(unit, dest);
      const next: GameState = yield a;
      state = next;
      moved.add(unit);
    }
    // Units already in the attack hex stay there for the assault.
    for (const id of plan.group) moved.add(id);
    if (!unitsAt(state, plan.target, enemy).length) break;
  }
  return { state, moved };
}

function bestPlan(ctx: AiCtx, state: GameState, taken: Set<string>, usedTargets: Set<HexId>): Plan | null {
  const { bundle, side } = ctx;
  const enemy = enemyOf(side);
  const m = mapsOf(ctx, state);
  // The force and where each unit can go (movementOptions lists only legal destinations).
  const force: { id: string; att: number; from: HexId; dests: Map<HexId, Destination> }[] = [];
  for (const u of [...unitList(state)].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.side !== side || !live(u) || taken.has(u.id) || has(u, M.PA) || !isCounterattacker(ctx, u.id)) continue;
    const att = csAtt(defOf(bundle, u.id), u);
    if (att <= 0) continue;
    const o = movementOptions(state, bundle, u.id);
    const dests = new Map<HexId, Destination>();
    if (!('error' in o)) for (const d of o.destinations.slice(0, ctx.caps.destinations)) dests.set(d.hex, d);
    force.push({ id: u.id, att, from: u.hex!, dests });
  }
  if (!force.length) return null;
  // Candidates by a cheap estimate: the force's attack strength that can stand in the attack hex against the target's defence.
  const cands: { target: HexId; from: HexId; members: typeof force; est: number }[] = [];
  const targets = new Set<HexId>();
  for (const u of unitList(state)) if (u.side === enemy && live(u)) targets.add(u.hex!);
  for (const t of [...targets].sort((a, b) => a - b)) {
    if (usedTargets.has(t) || m.enemyDef[t] <= 0) continue;
    for (const a of neighbours(t)) {
      if (!ctx.st.inArea[a] || unitsAt(state, a, enemy).length || majorRiverBetween(bundle, a, t).major) continue;
      const members = force.filter((f) => f.from === a || f.dests.has(a)).sort((x, y) => y.att - x.att || (x.id < y.id ? -1 : 1));
      if (!members.length) continue;
      const est = members.slice(0, 4).reduce((s, f) => s + f.att, 0) / Math.max(0.5, m.enemyDef[t]);
      if (est < 1) continue;
      cands.push({ target: t, from: a, members, est: est + 0.2 * ctx.st.hold[t] + 0.1 * ctx.st.holdNear[t] });
    }
  }
  cands.sort((x, y) => y.est - x.est || x.target - y.target || x.from - y.from);
  let best: Plan | null = null;
  for (const c of cands.slice(0, PREVIEWS)) {
    checkBudget(ctx);
    const plan = preview(ctx, state, c.target, c.from, c.members);
    if (plan && plan.v > ctx.posture.counterattack!.attackThreshold && (!best || plan.v > best.v)) best = plan;
  }
  return best;
}

/** Moves the strongest members that fit into the attack hex (stacking, fieldworks kept), then the expected result of their assault. */
function preview(ctx: AiCtx, state: GameState, target: HexId, from: HexId, members: { id: string; from: HexId; dests: Map<HexId, Destination> }[]): Plan | null {
  const moves: { unit: string; dest: Destination }[] = [];
  const group: string[] = [];
  let s = state;
  const leaving = new Map<HexId, string[]>();
  for (const f of members) {
    if (f.from === from) { group.push(f.id); continue; }
    const left = [...(leaving.get(f.from) ?? []), f.id];
    if (leavesFortEmpty(ctx, s, left, f.from)) continue;
    if (wouldOverstack(ctx, s, [f.id], from)) continue;
    const dest = f.dests.get(from)!;
    const next = tryApply(s, moveAction(f.id, dest));
    if (!next || unitOf(next, f.id)?.hex !== from) continue;
    s = next;
    leaving.set(f.from, left);
    moves.push({ unit: f.id, dest });
    group.push(f.id);
  }
  if (!moves.length && !group.length) return null;
  // Everyone of ours in the attack hex that may be designated joins (as designations() will designate them).
  const attackers = unitsAt(s, from, ctx.side).filter((u) => isManoeuvre(ctx.bundle, u.id) && !designationProblem(s, ctx.bundle, u, ctx.side)).map((u) => u.id).sort();
  if (!attackers.some((id) => isCounterattacker(ctx, id))) return null;
  // The designation comes in the Combat Phase (AW 31.2.2a); the preview marks them TA on a scratch copy.
  const units = withUnits(s.units, attackers.map((id) => ({ ...unitOf(s, id), markers: [...unitOf(s, id).markers, M.TA] })));
  const v = assaultValue(ctx, { ...s, units }, target, attackers);
  return v === null ? null : { target, from, moves, group, v };
}
