/**
 * The opponent in the Airborne Assault Stage (AW 41): the eleven segments of the night drop, for
 * either side. Before this, the opponent ended every stage segment and left each choice to a seeded
 * pick among the legal actions, so a solo night drop had an opponent that never moved nor attacked.
 *
 * Each segment is played greedily over what `legalActions` offers, re-read after every action (a move
 * changes stacks, a roll changes the DZs), so the opponent never proposes what the rules refuse:
 * - DZ placement and the drop (AW 41.1–41.2): every roll the rules ask for, Pegasus first.
 * - Allied movement (AW 41.3, 41.8): every regroup roll (AW 41.3.5) and reorganisation (AW 41.3.4)
 *   first, as the segment's order wants; every bridge attempt (AW 41.3.7b) a unit can make; then the
 *   moves, best gain first: objectives, bridges to blow, FoW counters to a DZ or a leader (to regroup
 *   in the next segment), stacks together, away from German units a lone FoW counter cannot face.
 * - German movement (AW 41.6, 41.10): activate the units nearest the Allies first; move activated units
 *   onto DZs (a German unit there denies the DZ) and next to the weakest Allied stacks.
 * - Airborne combat (AW 41.5, 41.7, 41.9, 41.11): each offered attack scored by the exact chances of
 *   the 100 die pairs (AW 41.5.2: retreat, retreat and a step) against what the attacker risks; attack
 *   while one gains. Merville's own attack (AW 41.4.1, +2) likewise.
 * - The decisions (AW 41.2.3d retreat, 41.5.2 advance) by the value of the hex.
 *
 * Its aims are the stage's victory points where the scenario has them (docs/scenarios/night-drop-*.md):
 * bridges, DZs free of Germans, regrouped steps, losses, objectives.
 */
import { distance, hexsideHexes, neighbours, tryParseHexRef, type HexId } from '../engine/hex';
import { legalActionsOf } from '../engine/game';
import { abAttackPreview, airborneData, airborneState, blownSides, defOf, frameOf, isFow, isHq, isLeader, riverBridges, stepsLeft, type AbPreview } from '../engine/query';
import type { Action, ActionOf, GameState, UnitState } from '../engine/types';
import { unitList, unitOf } from '../engine/unitTable';
import type { AiCtx } from './context';

/** The stage's segments this module plays (data/sequences/standard.json `stages.airborneAssault`). */
export const AIRBORNE_SEGMENTS = new Set([
  'dzPlacement', 'airborneDrop', 'alliedMovement1', 'alliedMovement2', 'gliderLanding',
  'alliedCombat1', 'alliedCombat2', 'germanMovement1', 'germanMovement2', 'germanCombat1', 'germanCombat2',
]);

const hexOf = (ref: string): HexId | null => { const r = tryParseHexRef(ref); return 'error' in r ? null : r.hex; };

/** What the stage's aims are worth, read once per decision from the state. */
interface Aims {
  /** Hexes of Allied and German units (live, on the map) with their steps. */
  allied: Map<HexId, UnitState[]>;
  german: Map<HexId, UnitState[]>;
  dzs: HexId[];
  objectives: HexId[];
  /** Hex pairs of the standing river bridges (AW 41.3.7b) the Allies would gain by blowing. */
  bridges: [HexId, HexId][];
}

function aimsOf(ctx: AiCtx, state: GameState): Aims {
  const allied = new Map<HexId, UnitState[]>();
  const german = new Map<HexId, UnitState[]>();
  for (const u of unitList(state)) {
    if (u.eliminated || u.hex === null) continue;
    const m = u.side === 'allied' ? allied : german;
    const l = m.get(u.hex);
    if (l) l.push(u); else m.set(u.hex, [u]);
  }
  const a = airborneState(state);
  const dzs = Object.values(a.dzs).filter((z) => z.hex !== null && !z.removed).map((z) => z.hex!);
  const data = airborneData(ctx.bundle);
  const objectives = (data.special.stageAlone?.victory.objectives ?? []).map((o) => hexOf(o.hex)).filter((h): h is HexId => h !== null);
  // A captured Pegasus bridge already scores (AW 41.1.1): blowing it would only lose it.
  const pegasus = a.pegasus && (a.pegasus.orne === 'captured' || a.pegasus.canal === 'captured') ? hexOf(data.tables.pegasus.hex) : null;
  const bridges = riverBridges(ctx.bundle, blownSides(state, ctx.bundle)).map(hexsideHexes)
    .filter(([x, y]) => x !== pegasus && y !== pegasus)
    .filter(([x, y]) => Math.min(...dzs.map((z) => Math.min(distance(z, x), distance(z, y)))) <= 8);
  return { allied, german, dzs, objectives, bridges };
}

const near = (hs: Iterable<HexId>, h: HexId): number => { let best = 99; for (const x of hs) best = Math.min(best, distance(x, h)); return best; };
const stepsOf = (ctx: AiCtx, us: readonly UnitState[]): number => us.reduce((n, u) => n + (isLeader(defOf(ctx.bundle, u.id)) ? 0 : Math.max(1, stepsLeft(defOf(ctx.bundle, u.id), u))), 0);

/** How good `h` is for an Allied unit to end its move in (higher is better). */
function alliedHexValue(ctx: AiCtx, state: GameState, aims: Aims, unit: UnitState, h: HexId): number {
  const fow = isFow(state, unit.id);
  const def = defOf(ctx.bundle, unit.id);
  const friends = (aims.allied.get(h) ?? []).filter((u) => u.id !== unit.id);
  let v = 0;
  // Objectives: +3 each at the end (the scenario's points), pulled from afar.
  const obj = near(aims.objectives, h);
  v += obj === 0 ? 6 : 3 / (1 + obj);
  // DZs free of German units score; a FoW counter regroups on a DZ or with a leader (AW 41.3.5).
  const dz = near(aims.dzs, h);
  if (fow) {
    const leader = friends.some((u) => isLeader(defOf(ctx.bundle, u.id)));
    v += dz === 0 || leader ? 5 : 4 / (1 + dz);
  } else if (dz === 0) v += 1;
  // Bridges to blow (AW 41.3.7b): a hex on the bridge's side, for a unit that may try.
  if (fow || (!isHq(def) && def.airborne)) {
    let b = 99;
    for (const [x, y] of aims.bridges) b = Math.min(b, distance(h, x), distance(h, y));
    v += b === 0 ? 4 : 2 / (1 + b);
  }
  // Together: airborne combat adds the stack's strengths (AW 41.5.1).
  if (friends.length) v += 0.8;
  // AW 41.3.1: a fifth FoW counter in a hex at the end of the segment is eliminated.
  if (fow && friends.filter((u) => isFow(state, u.id)).length >= 4) v -= 12;
  // German units next door: a FoW counter (1, PR 6) loses most fights; others weigh the odds.
  let threat = 0;
  for (const n of neighbours(h)) threat += stepsOf(ctx, aims.german.get(n) ?? []);
  const mine = stepsOf(ctx, [...friends, unit]);
  if (threat) v -= fow ? 1.2 * threat : Math.max(0, threat - mine) * 0.6;
  return v;
}

/** How good `h` is for a German unit to end its move in. */
function germanHexValue(ctx: AiCtx, aims: Aims, unit: UnitState, h: HexId): number {
  let v = 0;
  // A German unit on a DZ denies it (AW 41.12: removed by German entry; the stage's points).
  const dz = near(aims.dzs, h);
  v += dz === 0 ? 5 : 2 / (1 + dz);
  // Next to Allied stacks to attack in the combat segment: the weaker the better; objectives held by them.
  let best = 0;
  for (const n of neighbours(h)) {
    const us = aims.allied.get(n);
    if (!us?.length) continue;
    const s = stepsOf(ctx, us);
    best = Math.max(best, 3 / s + (aims.objectives.includes(n) ? 2 : 0) + (aims.dzs.includes(n) ? 1 : 0));
  }
  v += best;
  // From afar: toward the nearest Allied unit.
  if (!best) v += 2 / (1 + near(aims.allied.keys(), h));
  // Together with other German units.
  if ((aims.german.get(h) ?? []).some((u) => u.id !== unit.id)) v += 0.4;
  return v;
}

/** Steps the result costs each side, expected: a step is 1, a retreat 0.25 (more off a hex worth holding). */
function attackValue(p: AbPreview, defHexWorth: number, attHexWorth: number): number {
  const w = p.odds.attackerWins;
  const l = p.odds.defenderWins;
  return w.retreatStep * (1 + 0.25 + defHexWorth) + w.retreat * (0.25 + defHexWorth)
    - l.retreatStep * (1 + 0.25 + attHexWorth) - l.retreat * (0.25 + attHexWorth);
}

function bestOf<T>(xs: readonly T[], score: (x: T) => number, min = -Infinity): T | null {
  let top: T | null = null; let v = min;
  for (const x of xs) { const s = score(x); if (s > v) { v = s; top = x; } }
  return top;
}

/** The next action of the segment for the opponent, or null to end it. */
export function airborneAction(ctx: AiCtx, state: GameState, seg: string): Action | null {
  // Asked one kind at a time (legalActionsOf): a German segment offers some 200 moves, not needed while units wait to be activated.
  const offers = (...types: string[]) => legalActionsOf(state, ctx.side, types);
  // The rolls the rules ask for, in the order the display lists them (AW 41.1.1, 41.1.2, 41.2.0, 41.4.0).
  if (seg === 'dzPlacement' || seg === 'airborneDrop' || seg === 'gliderLanding') {
    for (const t of ['pegasus', 'placeDz', 'dropUnit', 'dropFow', 'landGlider']) { const a = offers(t)[0]; if (a) return a; }
    return null; // AW 41.4.2: displacement is optional; the units stay where they landed
  }
  if (seg === 'alliedMovement1' || seg === 'alliedMovement2') {
    // AW 41.3.4–41.3.5 come before any move in the segment: every reorganisation into a whole Btn (one
    // short of Coys counts the missing Coys' steps as lost, the stage's points), then every regroup roll.
    const re = offers('reorganise').find((a) => a.type === 'reorganise' && defOf(ctx.bundle, a.unit).steps.length <= a.coys.length) ?? offers('regroup')[0];
    if (re) return re;
    const aims = aimsOf(ctx, state);
    // AW 41.3.7b: try every standing bridge a unit is next to (one attempt per bridge a segment).
    const blow = offers('blowBridge').find((a) => {
      if (a.type !== 'blowBridge') return false;
      const u = unitOf(state, a.unit); const h = hexOf(a.across);
      return u?.hex != null && h !== null && aims.bridges.some(([x, y]) => (x === u.hex && y === h) || (y === u.hex && x === h));
    });
    if (blow) return blow;
    return bestMove(offers('abMove') as ActionOf<'abMove'>[], state, (u, h) => alliedHexValue(ctx, state, aims, u, h));
  }
  if (seg === 'germanMovement1' || seg === 'germanMovement2') {
    const aims = aimsOf(ctx, state);
    // AW 41.6.2 / 41.10.0: activate the units nearest the Allies first.
    const act = bestOf(offers('gActivate') as ActionOf<'gActivate'>[], (a) => {
      const u = unitOf(state, a.unit);
      return u?.hex == null ? -99 : -near(aims.allied.keys(), u.hex);
    });
    if (act) return act;
    return bestMove(offers('gMove') as ActionOf<'gMove'>[], state, (u, h) => germanHexValue(ctx, aims, u, h));
  }
  if (/Combat[12]$/.test(seg)) {
    // AW 41.4.1: the Merville party landed to attack the battery, at +2.
    const merv = offers('mervilleAttack')[0];
    if (merv) return merv;
    return attack(ctx, state, offers('abAttack') as ActionOf<'abAttack'>[]);
  }
  return null;
}

/** The move with the largest gain over staying put (at least a little), or null. */
function bestMove(moves: readonly (ActionOf<'abMove'> | ActionOf<'gMove'>)[], state: GameState, value: (u: UnitState, h: HexId) => number): Action | null {
  const stay = new Map<string, number>();
  let top: Action | null = null; let gain = 0.25;
  for (const m of moves) {
    const u = unitOf(state, m.unit);
    const to = hexOf(m.path[m.path.length - 1]);
    if (!u || u.hex === null || to === null) continue;
    let here = stay.get(u.id);
    if (here === undefined) stay.set(u.id, (here = value(u, u.hex)));
    // A shorter path breaks ties (fewer PR checks on the way, AW 41.3.7a).
    const g = value(u, to) - here - 0.01 * m.path.length;
    if (g > gain) { gain = g; top = m; }
  }
  return top;
}

function attack(ctx: AiCtx, state: GameState, attacks: readonly ActionOf<'abAttack'>[]): Action | null {
  const aims = aimsOf(ctx, state);
  const worth = (h: HexId) => (aims.objectives.includes(h) ? 1 : 0) + (aims.dzs.includes(h) ? 1 : 0);
  return bestOf(attacks, (a) => {
    const h = hexOf(a.hex);
    const from = unitOf(state, a.attackers[0])?.hex ?? null;
    if (h === null || from === null) return -99;
    const p = abAttackPreview(state, ctx.bundle, h, a.attackers);
    if (!p) return -99;
    // The hexes' worth to either side: a DZ or an objective the loser leaves (the stage's points).
    return attackValue(p, worth(h), worth(from)) + 0.01 * a.attackers.length;
  }, 0.05);
}

/** AW 41.2.3d retreat and AW 41.5.2 advance, for the side that owes them. */
export function airborneDecision(ctx: AiCtx, state: GameState, legal: Action[]): Action | null {
  const aims = aimsOf(ctx, state);
  const value = (u: UnitState, h: HexId) => ctx.side === 'allied' ? alliedHexValue(ctx, state, aims, u, h) : germanHexValue(ctx, aims, u, h);
  const kind = state.pending?.kind;
  if (kind === 'abRetreat') {
    const f = frameOf(state, 'airborneRetreat');
    const u = f ? unitOf(state, f.units[0]) : undefined;
    if (!u) return null;
    return bestOf(legal.filter((a): a is ActionOf<'abRetreat'> => a.type === 'abRetreat'), (a) => {
      const h = hexOf(a.hex);
      return h === null ? -99 : value(u, h);
    });
  }
  if (kind === 'abAdvance') {
    // Into the beaten hex when it is worth holding (a DZ, an objective), with every unit that may.
    const adv = legal.filter((a): a is ActionOf<'abAdvance'> => a.type === 'abAdvance');
    const most = bestOf(adv, (a) => a.units.length);
    const none = adv.find((a) => !a.units.length) ?? null;
    const f = frameOf(state, 'airborneCombat');
    const u = most?.units.length ? unitOf(state, most.units[0]) : undefined;
    if (!most || !u || u.hex === null || !f) return none ?? most;
    return value(u, f.hex) >= value(u, u.hex) ? most : none ?? most;
  }
  return null;
}
