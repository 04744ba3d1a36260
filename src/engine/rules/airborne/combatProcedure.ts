/**
 * AW 41.5.0–41.5.2 airborne combat as a procedure (procedures/stack.ts), the same for both sides
 * (41.7.0, 41.9.0, 41.11.0): `abAttack` in an airborne combat segment, or `startAirborneCombat` from the
 * landing's forced attack (AW 41.2.3b) and Merville (AW 41.4.1, +2). The frame rolls both dice, takes
 * the loser's step (its lead unit: a FoW counter is eliminated, its identity kept hidden, AW 41.2.3),
 * calls the airborne retreat (AW 41.2.3d) for the loser, then waits for the winning attacker's advance.
 *
 * Read as (docs/errata.md): the step is taken by the loser's lead PR unit (GOSS 13.10.3's first loss);
 * the attacker's retreating units are those that attacked; a forced attack that leaves German units in
 * the hex (no effect, or a WN/StP that stays) sends the landed units out of it by an airborne retreat.
 */
import type { Draft } from 'immer';
import { formatHex, hexOfRulesId, neighbours as neighboursOf, type HexId } from '../../hex';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side } from '../../types';
import { defOf, enemyOf, isLeader, stepsLeft } from '../combatTraits';
import { takeStep, type LossCtx } from '../losses';
import { reject, type ActionHandler, type RuleContext } from '../registry';
import { allSegments, segmentAt } from '../../sequence';
import { decisionHandlers, defineProcedure, pushFrame, requireListed, runProcedures, type Run } from '../../procedures/stack';
import type { AirborneCombatFrame } from '../../procedures/frames';
import { abAttackProblem, abTotals, isStatic, liveAt, resolveAirborneCombat, type AbSegmentRecord } from './combat';
import { abEnv } from './combatEnv';
import { airborneRetreatFrame } from './retreat';
import { mervilleDrm } from './merville';
import { airborneDraft, airborneState, markAttacked } from './state';
import { hasUnit, mutUnit, unitList, unitOf } from '../../unitTable';

/** The airborne combat segments and their cases (AW 41.5.0, 41.7.0, 41.9.0, 41.11.0). */
export const COMBAT_SEGMENTS: Record<string, string> = {
  alliedCombat1: 'AW 41.5.0', germanCombat1: 'AW 41.7.0', alliedCombat2: 'AW 41.9.0', germanCombat2: 'AW 41.11.0',
};

/** Who fought in the current segment: the module's `combat` record (a new segment starts it afresh). */
export type AirborneCombatRecord = AbSegmentRecord;

/** A key of the current segment (its record is stale once the game has moved on). */
export function segmentKey(s: GameState): string {
  const p = s.pos;
  return `${p.turn}:${p.stage ?? ''}:${p.phase}:${p.segment}`;
}

export function combatRecord(s: GameState): AbSegmentRecord | null {
  const r = (airborneState(s) as { combat?: AbSegmentRecord }).combat;
  return r && r.seg === segmentKey(s) ? r : null;
}

function recordDraft(d: Draft<GameState>): Draft<AbSegmentRecord> {
  const a = airborneDraft(d) as Draft<{ combat?: AbSegmentRecord }>;
  const key = segmentKey(d as GameState);
  if (!a.combat || a.combat.seg !== key) a.combat = { seg: key, hexes: [], units: [] };
  return a.combat;
}

export interface StartAirborneCombat {
  /** The defending hex. */
  hex: HexId;
  /** The attacking units (all in one hex; in a forced attack, in `hex` itself). */
  attackers: string[];
  /** A DRM for the attacker (AW 41.4.1 Merville: +2), with why and its case. */
  drm?: number;
  drmWhy?: string;
  drmCase?: string;
  /** AW 41.2.3b: the landing unit's forced attack on the Germans in its hex (FoW: attack 1, PR 6). */
  forced?: boolean;
  /** AW 41.2.3b: German units that failed their PR check: each retreats (AW 41.2.3d) before the attack. */
  retreatFirst?: string[];
  case?: string;
}

/** The frame of an airborne combat (for a caller that pushes it itself). */
export function airborneCombatFrame(state: GameState, o: StartAirborneCombat): AirborneCombatFrame {
  const first = unitOf(state, o.attackers[0]);
  const side: Side = first?.side ?? 'allied';
  const from = first?.hex ?? o.hex;
  const extra = o.drm ? [{ drm: o.drm, why: o.drmWhy ?? 'attack DRM', case: o.drmCase ?? 'AW 41.4.1' }] : [];
  return {
    proc: 'airborneCombat', hex: o.hex, from, attackerSide: side, attackers: [...o.attackers].sort(), extra,
    forced: !!o.forced, before: [...(o.retreatFirst ?? [])], stage: 'before', losers: [], loserSide: null, winner: null,
    case: o.case ?? (o.forced ? 'AW 41.2.3b, 41.5.0' : 'AW 41.5.0'),
  };
}

/**
 * Starts an airborne combat now and runs the procedure stack: A's landing (AW 41.2.3b forced attack,
 * `forced`, `retreatFirst`) and Merville (AW 41.4.1, `drm: 2`). The game then waits for any decision
 * it needs (a retreat hex, the advance). Returns the events.
 */
export function startAirborneCombat(d: Draft<GameState>, ctx: RuleContext, o: StartAirborneCombat): GameEvent[] {
  const run: Run = { d, ctx, events: [] };
  pushFrame(d, airborneCombatFrame(d as GameState, o));
  runProcedures(run);
  return run.events;
}

const names = (bundle: ScenarioBundle, ids: string[]) => ids.map((id) => defOf(bundle, id).designation).join(', ');

/** AW 41.5.2: the attackers still able to advance (live, still in the hex they attacked from). */
function advancers(state: GameState, f: AirborneCombatFrame): string[] {
  return f.attackers.filter((id) => { const u = unitOf(state, id); return u && !u.eliminated && u.hex === f.from; });
}

/** Every subset of `ids` (at most 2^8), non-empty, in a stable order. */
function subsets(ids: string[]): string[][] {
  const n = Math.min(ids.length, 8);
  const out: string[][] = [];
  for (let m = 1; m < 1 << n; m++) out.push(ids.slice(0, n).filter((_, i) => m & (1 << i)));
  return out.sort((a, b) => a.length - b.length);
}

export const airborneCombatProcedure = defineProcedure({
  name: 'airborneCombat',
  step(f, run) {
    const d = run.d;
    const { bundle, dice } = run.ctx;
    const state = d as GameState;
    const defSide = enemyOf(f.attackerSide);
    if (f.stage === 'before') {
      // AW 41.2.3b: each German that failed its PR check retreats (AW 41.2.3d) before the attack.
      while (f.before.length) {
        const id = f.before.shift()!;
        const u = unitOf(d, id);
        if (u && !u.eliminated && u.hex === f.hex) {
          return { call: airborneRetreatFrame({ side: u.side, units: [id], at: f.hex, why: 'failed its PR check against a landing unit', case: 'AW 41.2.3b, 41.2.3d' }) };
        }
      }
      f.stage = 'resolve';
      return 'next';
    }
    if (f.stage === 'resolve') {
      const attackers = advancers(state, f);
      const defenders = liveAt(state, f.hex, defSide).filter((u) => !isLeader(defOf(bundle, u.id)));
      if (!defenders.length || !attackers.length) {
        if (f.forced) run.events.push({ type: 'abCombatNone', hex: formatHex(f.hex), why: 'every German unit left the hex: the landed unit stays', case: 'AW 41.2.3b' });
        f.stage = 'done';
        return { end: null };
      }
      // AW 41.6.1: German units attacked in any manner are activated for the German Movement Segments.
      if (defSide === 'german') markAttacked(d, defenders.map((u) => u.id));
      const env = abEnv(state, bundle);
      const t = abTotals(env, { attackerSide: f.attackerSide, hex: f.hex, from: f.from, attackers, forced: f.forced, extra: f.extra });
      const ra = dice.d10(`${f.case} attacker's roll`);
      const rd = dice.d10(`${f.case} defender's roll`);
      const out = resolveAirborneCombat(t.attacker, t.defender, { attacker: ra, defender: rd });
      if (!f.forced) {
        const rec = recordDraft(d);
        rec.hexes.push(formatHex(f.hex));
        rec.units.push(...attackers);
      }
      run.events.push({ type: 'abCombat', hex: formatHex(f.hex), from: formatHex(f.from), forced: f.forced, attacker: t.attacker, defender: t.defender, outcome: out, case: 'AW 41.5.1, 41.5.2' });
      f.winner = out.winner;
      if (out.winner === null) {
        if (f.forced) { f.stage = 'forcedOut'; return 'next'; }
        f.stage = 'done';
        return { end: null };
      }
      const loserIsAttacker = out.winner === 'defender';
      const loser = loserIsAttacker ? t.attacker : t.defender;
      f.loserSide = loser.side;
      f.losers = loserIsAttacker ? attackers : liveAt(state, f.hex, defSide).map((u) => u.id);
      if (out.result === 'retreatStep') {
        // The loser's step: its lead PR unit (GOSS 13.10.3: first losses), else its first unit with steps.
        const lc: LossCtx = { d, bundle, events: run.events, lost: {} };
        const id = loser.lead ?? f.losers.find((x) => !isLeader(defOf(bundle, x)) && stepsLeft(defOf(bundle, x), unitOf(d, x) as never) > 0);
        if (id) {
          const fow = env.isFow(id);
          takeStep(lc, unitOf(d, id), `lost the airborne combat by ${out.diff} (loser's PR ${out.loserPr})`, 'AW 41.5.2');
          // AW 41.2.3: an eliminated FoW counter keeps its identity secret until every FoW unit has regrouped.
          if (fow && unitOf(d, id).eliminated) (airborneDraft(d).fow[id] as { eliminated?: true }).eliminated = true;
        }
      }
      f.stage = 'retreat';
      const still = f.losers.filter((x) => hasUnit(d, x) && !unitOf(d, x).eliminated && unitOf(d, x).hex !== null);
      const at = loserIsAttacker ? f.from : f.hex;
      if (!still.length) return 'next';
      return { call: airborneRetreatFrame({ side: loser.side, units: still, at, why: 'lost an airborne combat', case: 'AW 41.5.2, 41.2.3d' }) };
    }
    if (f.stage === 'retreat') {
      // A forced attack may not leave both sides in one hex (a WN/StP stays; reconstructed, docs/errata.md).
      if (f.forced && liveAt(state, f.hex, defSide).length && advancers(state, f).length) { f.stage = 'forcedOut'; return 'next'; }
      const canAdvance = !f.forced && f.winner === 'attacker' && !liveAt(state, f.hex, defSide).length && advancers(state, f).length > 0;
      if (canAdvance) {
        f.stage = 'advance';
        return { wait: { side: f.attackerSide, kind: 'abAdvance', prompt: `Advance into ${formatHex(f.hex)} with any of ${names(bundle, advancers(state, f))}, or stay`, case: 'AW 41.5.2' } };
      }
      f.stage = 'done';
      return { end: null };
    }
    if (f.stage === 'forcedOut') {
      f.stage = 'done';
      const units = advancers(state, f);
      if (!units.length) return { end: null };
      run.events.push({ type: 'abForcedOut', hex: formatHex(f.hex), units, why: 'German units remain in the hex after the forced attack', case: 'AW 41.2.3b' });
      return { call: airborneRetreatFrame({ side: f.attackerSide, units, at: f.hex, why: 'German units remain in the hex of its forced attack', case: 'AW 41.2.3b, 41.2.3d' }) };
    }
    if (f.stage === 'advance') {
      f.stage = 'done';
      return { end: null };
    }
    return { end: null };
  },
  decisions: {
    abAdvance: {
      case: 'AW 41.5.2',
      what: 'airborne advance',
      legal(f, state, bundle) {
        if (f.stage !== 'advance') return [];
        return [{ type: 'abAdvance', units: [] }, ...subsets(advancers(state, f).filter((id) => !isStatic(defOf(bundle, id)))).map((units): Action => ({ type: 'abAdvance', units }))];
      },
      apply(f, action, run) {
        const a = action as ActionOf<'abAdvance'>;
        requireListed(this.legal(f as AirborneCombatFrame, run.d as GameState, run.ctx.bundle), a, 'airborne advance', 'AW 41.5.2');
        if (!a.units.length) { run.events.push({ type: 'abAdvanceDeclined', hex: formatHex(f.hex), case: 'AW 41.5.2' }); return; }
        for (const id of a.units) mutUnit(run.d, id).hex = f.hex;
        run.events.push({ type: 'abAdvanced', units: [...a.units], from: formatHex(f.from), to: formatHex(f.hex), case: 'AW 41.5.2' });
      },
    },
  },
});

/** The segment's case when it is an airborne combat segment, else null. */
function combatSegmentCase(bundle: ScenarioBundle, state: GameState): string | null {
  const seg = segmentAt(bundle.sequence, state.pos).segment;
  return COMBAT_SEGMENTS[seg.id] ?? null;
}

/** AW 41.5.0: every attack `side` may declare now (each eligible stack against each hex it may attack: all its units, and each alone). */
export function abAttackOffers(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  if (!combatSegmentCase(bundle, state) || state.pending) return [];
  const env = abEnv(state, bundle);
  const done = combatRecord(state);
  const byHex = new Map<number, string[]>();
  for (const u of unitList(state)) {
    if (u.side !== side || u.eliminated || u.hex === null || env.isFow(u.id) || isLeader(defOf(bundle, u.id)) || done?.units.includes(u.id)) continue;
    (byHex.get(u.hex) ?? byHex.set(u.hex, []).get(u.hex)!).push(u.id);
  }
  const out: Action[] = [];
  const seen = new Set<string>();
  for (const [from, ids] of byHex) {
    for (const h of neighboursOf(from)) {
      if (!liveAt(state, h, enemyOf(side)).length) continue;
      const groups = ids.length > 1 ? [ids, ...ids.map((x) => [x])] : [ids];
      for (const g of groups) {
        const ok = g.filter((id) => !abAttackProblem(env, side, { hex: h, attackers: [id] }, done));
        if (!ok.length || ok.length !== g.length) continue;
        if (abAttackProblem(env, side, { hex: h, attackers: g }, done)) continue;
        const a: Action = { type: 'abAttack', hex: formatHex(h), attackers: [...g].sort() };
        const k = JSON.stringify(a);
        if (!seen.has(k)) { seen.add(k); out.push(a); }
      }
    }
  }
  return out;
}

/**
 * AW 41.4.1: in the 1st Allied Combat Segment an attack on the Merville battery gets +2 while the
 * Merville step has landed and not made its own attack; the step then does not attack alone.
 */
function mervilleAssist(d: Draft<GameState>, bundle: ScenarioBundle, hex: HexId): Partial<StartAirborneCombat> {
  const drm = mervilleDrm(d as GameState, bundle, hex);
  if (!drm) return {};
  airborneDraft(d).merville!.attacked = 'assisted';
  return { drm, drmWhy: 'the Merville step has landed at the battery', drmCase: 'AW 41.4.1' };
}

export const abAttackHandler: ActionHandler = {
  type: 'abAttack',
  apply(d, action, ctx) {
    const a = action as ActionOf<'abAttack'>;
    const state = d as GameState;
    const c = combatSegmentCase(ctx.bundle, state);
    if (!c) {
      const names2 = allSegments(ctx.bundle.sequence).filter((s) => COMBAT_SEGMENTS[s.segment.id]).map((s) => s.segment.name);
      reject('wrong-segment', `airborne attacks are made in the airborne combat segments (${[...new Set(names2)].join(', ')})`, 'AW 41.5.0');
    }
    const side = ctx.side!;
    const hex = hexOfRulesId(a.hex);
    const problem = abAttackProblem(abEnv(state, ctx.bundle), side, { hex, attackers: a.attackers }, combatRecord(state));
    if (problem) reject(problem.code, problem.message, problem.case);
    return startAirborneCombat(d, ctx, { hex, attackers: a.attackers, case: c, ...mervilleAssist(d, ctx.bundle, hex) });
  },
  legal: (state, side, bundle) => abAttackOffers(state, side, bundle),
};

export const combatHandlers: ActionHandler[] = [abAttackHandler, ...decisionHandlers(airborneCombatProcedure)];
