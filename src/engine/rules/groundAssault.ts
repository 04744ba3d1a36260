/**
 * Ground assault (GOSS 13, AW 31.2.2e, 1.2.7b, 31.9.2c): the attacker declares, the defender
 * chooses its terrain line (and standoff, OhS strength), both sides roll on the GAT, then each side
 * applies its results — attacker first — through mandatory PRC, conversions, mandatory hits,
 * discretionary hits (Hold / Limited / Full retreat), retreats, and finally the attacker's advance.
 * Every choice is a pending decision of the side that owns it (GameState.pending).
 */
import type { Draft } from 'immer';
import { z } from 'zod';
import { areAdjacent, formatHex, neighbours, tryParseHexRef, type HexId } from '../hex';
import { routesBetween, terrainOf } from '../board';
import { segmentAt } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import type { Dice } from '../rng';
import { gaMods, gat } from './combatTables';
import { combatOf, type GaProc, type GaSideProc } from './combatState';
import { combatRules } from './scenarioRules';
import { actsAsGroup, groupOfUnit } from './artilleryGroups';
import {
  M, addMarker, armDef, defOf, dropMarker, enemyOf, fsPoints, has, isArtGroup, isCommando, isLeader, isRecon, isZ, live,
  unitsAt,
} from './combatTraits';
import { constrictedAttackExcess, gaOdds, isNight, lineOptions, type GaBreakdown, type GaDeclaration } from './gaOdds';
import { gaResults } from './gaTable';
import { absorb, allocateSteps, eliminate, zStepsAlone, type LossCtx } from './losses';
import { doRetreat, retreatPaths } from './retreat';
import { clearIfEmpty, et3ToGiveUp, removeFieldworks } from './fieldworks';
import { readUnits } from './unitIndex';
import { hexStackViolation, stackViolationOf } from './stacking';
import { localUnits } from './combatLocal';
import { effectivePr } from './combatPr';
import { groundNow } from './movement-search';

/** Live units of `side` in one hex, read in one pass without the whole-board index (drafts: rules/combatLocal.ts). */
const inHex = (state: GameState, h: HexId, side: Side): UnitState[] => localUnits(state, h, 0).at(h, side);

const hexOf = (ref: string): HexId => {
  const r = tryParseHexRef(ref);
  if ('error' in r) reject('bad-hex', r.error);
  return r.hex;
};

/** GOSS 4.4.1 proficiency check: 1d10 + DRM, pass when the modified roll is below the PR. */
export function prc(dice: Dice, pr: number, drm: number, purpose: string): { roll: number; pass: boolean } {
  const roll = dice.d10(purpose);
  return { roll, pass: roll + drm < pr };
}

// ---------- pure resolution (for the bench and tests) ----------

export interface GaRoll { attacker: number; defender: number }

/** Steps 1–7 for a declaration with the rolls given: the breakdown and the results on each side. */
export function resolveGaPure(state: GameState, bundle: ScenarioBundle, decl: GaDeclaration, rolls: GaRoll) {
  const r = gaOdds(state, bundle, decl);
  if (!r.ok) return r;
  const am = rolls.attacker + r.odds.drm;
  const dm = rolls.defender + r.odds.drm;
  return { ok: true as const, odds: r.odds, attackerModified: am, defenderModified: dm, ...gaResults(gat(bundle), r.odds.column, am, dm) };
}

// ---------- the procedure ----------

const AssaultAction = z.object({
  type: z.literal('assault'), hex: z.string(), attackers: z.array(z.string()).min(1),
  standoff: z.array(z.string()).optional(), leadPr: z.string().optional(),
});
const DefendAction = z.object({ type: z.literal('gaDefend'), line: z.number().int(), standoff: z.array(z.string()).default([]), fullStrength: z.array(z.string()).default([]) });
const ConvertAction = z.object({ type: z.literal('gaConvert'), removeEt3: z.boolean().default(false), convert: z.enum(['none', 'bocage', 'recon']).default('none') });
const OptionAction = z.object({ type: z.literal('gaOption'), option: z.enum(['hold', 'limited', 'full']) });
const RetreatAction = z.object({ type: z.literal('gaRetreat'), from: z.string(), path: z.array(z.string()), withdraw: z.boolean().optional() });
const AbsorbAction = z.object({ type: z.literal('gaAbsorb'), fatigue: z.number().int().min(0).max(2) });
const AdvanceAction = z.object({ type: z.literal('gaAdvance'), units: z.array(z.string()), hexes: z.number().int().min(1).max(8).optional() });

interface Run { d: Draft<GameState>; ctx: RuleContext; events: GameEvent[] }

function proc(d: Draft<GameState>): Draft<GaProc> {
  const g = combatOf(d).ga;
  if (!g) reject('no-assault', 'no ground assault is being resolved');
  return g;
}

function lossCtx(run: Run, sp: Draft<GaSideProc>): LossCtx {
  return { d: run.d, bundle: run.ctx.bundle, events: run.events, lost: sp.lost };
}

function alive(run: Run, ids: string[]): string[] {
  return ids.filter((id) => live(run.d.units[id] as UnitState));
}

function wait(run: Run, side: Side, kind: string, prompt: string, c: string): 'wait' {
  run.d.pending = { side, kind, accepts: [kind], prompt, case: c };
  return 'wait';
}

function stacks(run: Run, ids: string[]): HexId[] {
  return [...new Set(alive(run, ids).map((id) => run.d.units[id].hex!))];
}

function maxRetreat(run: Run, sp: GaSideProc, ids: string[]): number {
  const m = gaMods(run.ctx.bundle).retreatMax;
  const mech = ids.every((id) => defOf(run.ctx.bundle, id).moveClass === 'mech');
  return sp.role === 'defender' ? (mech ? m.defendingMech : m.defendingLeg) : (mech ? m.attackingMech : m.attackingLeg);
}

/**
 * Can every stack of `sp` retreat 1 hex? With `orWithdraw` (GOSS 13.10.4b, Limited retreat): or, for an
 * attacking stack, withdraw into a DW in its hex instead — reconstructed: per attacking stack, either will do.
 */
function canRetreat(run: Run, sp: GaSideProc, orWithdraw = false): boolean {
  const ids = alive(run, sp.units);
  const probe = orWithdraw && sp.role === 'attacker' ? { ...sp, option: 'limited' as const, passed: true } : null;
  return ids.length > 0 && stacks(run, ids).every((h) => (probe !== null && !withdrawRefusal(run.d as GameState, probe, h))
    || retreatPaths(run.d as GameState, run.ctx.bundle, sp.side, h, ids.filter((id) => run.d.units[id].hex === h), 1).length > 0);
}

/**
 * GOSS 13.10.4, 17.4.1: why the stack of `sp` in `from` may not withdraw into a DW in its hex instead
 * of retreating, or null when it may. Only attackers withdraw; against exactly 1 discretionary hit
 * (Hold failed, Full retreat), or any number after a passed Limited-retreat PRC, where each DW
 * withdrawal cancels one hit like a hex retreated. Reconstructed: any fieldworks marker is a DW
 * (IP, ET-2, ET-3 — the DW of the GOSS 11.5 group B DRM and the 17.4.1 benefits).
 */
function withdrawRefusal(state: GameState, sp: GaSideProc, from: HexId): string | null {
  if (sp.role !== 'attacker') return 'only attacking units may withdraw into a DW instead of retreating';
  if (!state.fieldworks[from]) return `${formatHex(from)} holds no DW (IP, ET) to withdraw into`;
  if (!(sp.option === 'limited' && sp.passed) && sp.disc !== 1) return `a DW withdrawal replaces the retreat only against exactly 1 discretionary hit (here ${sp.disc}), or after a passed Limited-retreat PRC`;
  return null;
}

/**
 * Fieldworks that help the side's PRCs (the defender's hex). GOSS 17.4.1: DW benefits are not for
 * attack-designated units, so attackers standing in an ET get neither the +1 PR nor the automatic
 * Hold / Limited pass — that is why they may withdraw into it instead (13.10.4, `withdrawRefusal`).
 */
function fwOf(run: Run, sp: GaSideProc): string | undefined {
  if (sp.role === 'attacker') return undefined;
  const hs = stacks(run, sp.units);
  return hs.length === 1 ? run.d.fieldworks[hs[0]] : undefined;
}

function convertOptions(run: Run, g: GaProc, sp: GaSideProc): { et3: boolean; bocage: boolean; recon: boolean } {
  const none = { et3: false, bocage: false, recon: false };
  if (sp.mand <= 0 || !canRetreat(run, sp)) return none; // GOSS 13.10.2: only with a valid retreat
  const b = run.ctx.bundle;
  const t = terrainOf(b.board, g.hex);
  const bocageRule = sp.role === 'defender' && (t === 'bocage' || t === 'hedgerow');
  const german = alive(run, sp.units).every((id) => defOf(b, id).side === 'german');
  return {
    // GOSS 13.10.2a; AW 1.2.7b: an ET-2 in bocage counts as an ET-3; AW 1.2.6b: not the Landefront ET-2.
    et3: sp.role === 'defender' && !!et3ToGiveUp(run.d as GameState, b, g.hex),
    bocage: bocageRule && german,
    recon: alive(run, sp.units).every((id) => { const d = defOf(b, id); return isRecon(d) || isCommando(d); }),
  };
}

function leadPrUnit(g: GaProc, sp: GaSideProc): string | null {
  return sp.role === 'attacker' ? g.odds?.leads.attackerPr ?? null : g.odds?.leads.defenderPr ?? null;
}

/** Runs the procedure until it ends or needs a player's decision. */
function drive(run: Run): void {
  const c = combatOf(run.d);
  for (let guard = 0; guard < 50; guard++) {
    const g = c.ga;
    if (!g) { run.d.pending = null; return; }
    if (g.stage === 'apply') {
      if (g.att!.stage !== 'done') { if (stepSide(run, g, g.att!) === 'wait') return; continue; }
      if (g.def!.stage !== 'done') { if (stepSide(run, g, g.def!) === 'wait') return; continue; }
      finishResults(run, g);
      g.stage = 'advance';
      continue;
    }
    if (g.stage === 'advance') {
      if (advanceOptions(run.d as GameState, run.ctx.bundle, g).length) {
        wait(run, g.attackerSide, 'gaAdvance', `Advance into ${formatHex(g.hex)}? Choose units and distance, or decline.`, 'GOSS 13.12');
        return;
      }
      g.stage = 'done';
      continue;
    }
    if (g.stage === 'done') { finish(run, g); return; }
    return;
  }
  throw new Error('GA procedure did not settle');
}

function stepSide(run: Run, g: GaProc, sp: Draft<GaSideProc>): 'wait' | 'go' {
  const { bundle, dice } = run.ctx;
  const ids = () => alive(run, sp.units);
  switch (sp.stage) {
    case 'prc': {
      sp.stage = 'convert';
      const lead = leadPrUnit(g, sp);
      if (sp.prc && lead && live(run.d.units[lead] as UnitState)) {
        const d = defOf(bundle, lead);
        const ep = effectivePr(run.d as GameState, bundle, lead, sp.role === 'attacker' ? 'off' : 'def');
        let pr = ep.pr ?? 0;
        const fw = fwOf(run, sp);
        if (fw === 'ET-2' || fw === 'ET-3') pr = Math.min(8, pr + 1);
        const r = prc(dice, pr, 0, `GA mandatory PRC ${d.designation}`);
        run.events.push({ type: 'prc', unit: lead, pr, roll: r.roll, pass: r.pass, why: ep.note ? `mandatory PRC (${ep.note})` : 'mandatory PRC', case: ep.case ? `GOSS 13.10.1, ${ep.case}` : 'GOSS 13.10.1' });
        // GOSS 5.3.5: an overrunner takes every hit as a step loss.
        if (!r.pass) { if (g.overrun && sp.role === 'attacker') sp.mand += 1; else sp.disc += 1; }
      }
      return 'go';
    }
    case 'convert': {
      const o = convertOptions(run, g, sp);
      if (o.et3 || o.bocage || o.recon) return wait(run, sp.side, 'gaConvert', `Reduce or convert mandatory hits (${sp.mand} mandatory)?`, 'GOSS 13.10.2, AW 1.2.7b');
      sp.stage = 'mandatory';
      return 'go';
    }
    case 'mandatory': {
      sp.stage = 'option';
      if (sp.mand > 0) {
        const pri = [leadPrUnit(g, sp), sp.role === 'attacker' ? g.odds?.leads.attackerArm : g.odds?.leads.defenderArm].filter((x): x is string => !!x);
        const left = allocateSteps(lossCtx(run, sp), sp.units, sp.mand, { ignoreMax: sp.ignoreMax, priority: pri, mandatory: true, why: 'mandatory hit', case: 'GOSS 13.10.3' });
        if (left > 0 && ids().length) { sp.disc += left; run.events.push({ type: 'hitsConverted', side: sp.side, n: left, why: 'mandatory hits beyond Max step loss become discretionary', case: 'GOSS 13.10.3' }); }
      }
      return 'go';
    }
    case 'option': {
      if (sp.disc <= 0 || !ids().length) { sp.stage = 'done'; return 'go'; }
      return wait(run, sp.side, 'gaOption', `${sp.disc} discretionary hit(s): Hold, Limited retreat or Full retreat?`, 'GOSS 13.10.4');
    }
    case 'optionPrc': {
      const fw = fwOf(run, sp);
      const us = ids();
      // AW 1.2.6e: Cherbourg morale modifies the PRs of Landefront units (combatPr.ts).
      const prs = us.map((id) => effectivePr(run.d as GameState, bundle, id, sp.role === 'attacker' ? 'off' : 'def'));
      const pr = Math.min(...prs.map((x) => x.pr ?? 0));
      const morale = prs.find((x) => x.note && x.pr === pr);
      let pass: boolean;
      if (fw === 'ET-2' || fw === 'ET-3') { pass = true; run.events.push({ type: 'prc', pass, why: `automatic pass in an ${fw}`, case: 'GOSS 13.10.4a, 17.4.1' }); }
      else {
        const r = prc(dice, pr, 0, `GA ${sp.option} PRC (lowest PR ${pr})`);
        pass = r.pass;
        run.events.push({ type: 'prc', pr, roll: r.roll, pass, why: `${sp.option} PRC with the lowest PR${morale ? ` (${morale.note})` : ''}`, case: morale ? `GOSS 13.10.4, ${morale.case}` : 'GOSS 13.10.4' });
      }
      sp.passed = pass;
      const max = maxRetreat(run, sp, us);
      if (pass && sp.option === 'hold') { sp.remaining = sp.disc; sp.remainder = 'free'; sp.stage = 'absorb'; return 'go'; }
      if (pass) { sp.retreat = stacks(run, us).map((h) => ({ from: formatHex(h), want: max, min: 1 })); sp.remainder = 'free'; sp.stage = 'retreat'; return 'go'; }
      const want = Math.min(sp.disc, max);
      sp.retreat = stacks(run, us).map((h) => ({ from: formatHex(h), want, min: want }));
      sp.remainder = 'capped';
      sp.stage = 'retreat';
      return 'go';
    }
    case 'retreat': {
      const next = sp.retreat[0];
      if (!next) { sp.stage = 'absorb'; return 'go'; }
      const from = hexOf(next.from);
      const stack = ids().filter((id) => run.d.units[id].hex === from);
      if (!stack.length) { sp.retreat.shift(); return 'go'; }
      const paths = retreatPaths(run.d as GameState, bundle, sp.side, from, stack, next.want);
      const allowPrefix = sp.option === 'limited' && sp.passed;
      // GOSS 13.10.4: an attacker that may withdraw into its DW chooses between that and the retreat.
      const dw = !withdrawRefusal(run.d as GameState, sp, from);
      if (paths.length === 0 && !dw) {
        retreated(run, g, sp, from, stack, []);
        return 'go';
      }
      if (paths.length === 1 && !allowPrefix && !dw) { retreated(run, g, sp, from, stack, paths[0]); return 'go'; }
      return wait(run, sp.side, 'gaRetreat', `Retreat the stack in ${next.from} (${next.want} hex${next.want > 1 ? 'es' : ''})`, 'GOSS 13.11');
    }
    case 'absorb': {
      if (sp.remaining > 0 && ids().length) {
        if (sp.remainder === 'free') return wait(run, sp.side, 'gaAbsorb', `Take ${sp.remaining} hit(s) as step losses and up to 2 fatigue hits`, 'GOSS 13.10.4');
        absorb(lossCtx(run, sp), sp.units, sp.remaining, sp.remainder, 'GOSS 13.10.4');
        sp.remaining = 0;
      }
      sp.stage = 'done';
      return 'go';
    }
    default:
      sp.stage = 'done';
      return 'go';
  }
}

/** Records a finished retreat (or a blocked one: path []) and works out the hits still to take. */
function retreated(run: Run, g: GaProc, sp: Draft<GaSideProc>, from: HexId, stack: string[], path: HexId[], withdraw = false): void {
  const next = sp.retreat.shift()!;
  const lc = lossCtx(run, sp);
  if (withdraw) run.events.push({ type: 'withdrewIntoDw', units: stack, hex: next.from, fieldworks: run.d.fieldworks[from], why: 'the attackers withdraw into the DW in their hex instead of retreating: one hit cancelled', case: 'GOSS 13.10.4, 17.4.1' });
  else if (path.length) doRetreat(lc, sp.side, stack, path, 'GOSS 13.11');
  else run.events.push({ type: 'retreatBlocked', units: stack, from: next.from, case: 'GOSS 13.10.4' });
  if (sp.role === 'defender') {
    g.defPath = path.map(formatHex);
    const c = combatOf(run.d);
    for (const id of stack) if (!c.retreatedAfterGa.includes(id)) c.retreatedAfterGa.push(id);
  }
  // GOSS 13.10.4: each hex retreated, and a DW withdrawal, cancels one hit.
  const cancelled = withdraw ? 1 : path.length;
  const left = Math.max(0, sp.disc - cancelled);
  // Several attacking stacks: the shortest retreat sets the hits left (reconstructed reading of 13.10.4).
  sp.remaining = Math.max(sp.remaining, left);
  if (sp.option === 'full') sp.remainder = cancelled === 0 ? 'capped' : 'cappedIgnore';
  if (!sp.retreat.length) sp.stage = 'absorb';
}

function finishResults(run: Run, g: GaProc): void {
  const lc: LossCtx = { d: run.d, bundle: run.ctx.bundle, events: run.events, lost: {} };
  zStepsAlone(lc, g.attackers);
  zStepsAlone(lc, g.defenders);
  if (!inHex(run.d as GameState, g.hex, g.defenderSide).filter((u) => !isLeader(defOf(run.ctx.bundle, u.id))).length && !g.defPath.length) g.defGoneEarly = true;
  clearIfEmpty(run.d, g.hex, run.events, 'all defenders retreated or eliminated', run.ctx.bundle);
}

/** GOSS 13.12: who may advance how far, along the defender's path. */
export function advanceOptions(state: GameState, bundle: ScenarioBundle, g: GaProc): { unit: string; max: number; path: HexId[] }[] {
  if (g.overrun) return [];
  const path = [g.hex, ...g.defPath.map((r) => { const x = tryParseHexRef(r); return 'error' in x ? -1 : x.hex; }).filter((h) => h >= 0)];
  // The advance follows the defender's path: its hexes and their neighbours are all that is looked at.
  const near = localUnits(state, g.hex, path.length + 1);
  if (near.at(g.hex, g.defenderSide).length) return [];
  const mods = gaMods(bundle);
  const bocage = terrainOf(bundle.board, g.hex) === 'bocage';
  const night = isNight(state, bundle);
  const mudMax = groundNow(state, bundle).fx?.advanceMax;
  const out: { unit: string; max: number; path: HexId[] }[] = [];
  for (const id of g.attackers) {
    const u = state.units[id];
    if (!live(u) || (!has(u, M.TA) && !has(u, M.PA)) || !areAdjacent(u.hex!, g.hex)) continue;
    const d = defOf(bundle, id);
    let max = has(u, M.PA) ? (d.moveClass === 'mech' ? mods.advanceMax.paMech : mods.advanceMax.paLeg) : mods.advanceMax.tac;
    const leader = combatRules(bundle).leaders.find((l) => { const lu = state.units[l.unit]; return live(lu) && lu.hex === u.hex && l.advanceBonus > 0; });
    if (leader) max += leader.advanceBonus;
    if (night) max = Math.min(max, mods.advanceMax.night + (leader ? 1 : 0));
    // GOSS 13.12 / 19.4: mud limits the advance like night (a leader adds at most 1).
    if (mudMax !== undefined) max = Math.min(max, mudMax + (leader ? 1 : 0));
    if (bocage) max = Math.min(max, mods.advanceMax.bocage); // AW 1.2.7b: roads do not help
    if (g.defGoneEarly) max = Math.min(max, 1);
    const p: HexId[] = [];
    let prev = u.hex!;
    for (const h of path) {
      if (p.length >= max) break;
      if (near.at(h, g.defenderSide).length) break;
      p.push(h);
      // Stops: Mech in close terrain off-road; anyone next to an enemy fieldwork (GOSS 13.12).
      const t = terrainOf(bundle.board, h)!;
      if (p.length > 1 && d.moveClass === 'mech' && !routesBetween(bundle.board, prev, h).length && mods.mechStops.includes(t)) break;
      if (neighbours(h).some((n) => state.fieldworks[n] && state.fieldworks[n] !== 'IP' && near.at(n, g.defenderSide).length)) break;
      prev = h;
    }
    if (p.length) out.push({ unit: id, max: p.length, path: p });
  }
  return out;
}

function finish(run: Run, g: GaProc): void {
  for (const id of g.attackers) {
    const u = run.d.units[id];
    if (u) { dropMarker(u, M.TA); dropMarker(u, M.PA); }
  }
  run.events.push({ type: 'gaEnded', hex: formatHex(g.hex), case: 'GOSS 13.12' });
  combatOf(run.d).ga = null;
  run.d.pending = null;
}

// ---------- starting an assault ----------

function defenderMustChoose(state: GameState, bundle: ScenarioBundle, g: GaProc): boolean {
  const opts = lineOptions(bundle, g.hex);
  const defs = g.defenders.map((id) => state.units[id]);
  return opts.length > 1 || (opts[0]?.line !== 1 && defs.some((u) => armDef(defOf(bundle, u.id)) > 0)) || defs.some((u) => has(u, M.OHS));
}

/** AW 31.9.2c: an artillery group that must defend retreats 1 hex and loses half its points; a halved group is eliminated. */
function artGroupsDefend(run: Run, hex: HexId, side: Side): boolean {
  const b = run.ctx.bundle;
  const us = inHex(run.d as GameState, hex, side).filter((u) => !isLeader(defOf(b, u.id)));
  if (!us.length || !us.every((u) => isArtGroup(defOf(b, u.id)) || actsAsGroup(b, u.id))) return false;
  const c = combatOf(run.d);
  const lc: LossCtx = { d: run.d, bundle: b, events: run.events, lost: {} };
  for (const u of us) {
    const rec = c.art[u.id] ?? (c.art[u.id] = { lost: 0, halved: false, turn: -1, used: 0 });
    if (rec.halved) { eliminate(lc, run.d.units[u.id], 'a half-strength artillery group forced to defend', 'AW 31.9.2c'); continue; }
    const paths = retreatPaths(run.d as GameState, b, side, hex, [u.id], 1);
    if (!paths.length) { eliminate(lc, run.d.units[u.id], 'artillery group unable to retreat', 'AW 31.9.2c'); continue; }
    rec.halved = true;
    const g = groupOfUnit(b, u.id);
    rec.lost += Math.ceil((g && !g.usePrinted ? g.points : fsPoints(defOf(b, u.id))) / 2);
    doRetreat(lc, side, [u.id], paths[0], 'AW 31.9.2c');
    run.events.push({ type: 'missionPointsHalved', unit: u.id, case: 'AW 31.9.2c' });
  }
  return true;
}

/** Starts an assault (also used by overruns): validates, then resolves as far as the first decision. */
export function startAssault(d: Draft<GameState>, ctx: RuleContext, decl: GaDeclaration, events: GameEvent[]): void {
  const side = ctx.side!;
  const run: Run = { d, ctx, events };
  const c = combatOf(d);
  const pre = gaOdds(d as GameState, ctx.bundle, decl, side);
  if (!pre.ok) reject(pre.code, pre.message, pre.case);
  for (const id of decl.attackers) { const u = d.units[id]; if (has(u as UnitState, M.OHS)) { dropMarker(u, M.OHS); addMarker(u, M.OOS); events.push({ type: 'supplyChanged', unit: id, to: 'OoS', why: 'OhS unit attacked', case: 'AW 31.11' }); } }
  const defenders = inHex(d as GameState, decl.hex, enemyOf(side)).filter((u) => !isLeader(defOf(ctx.bundle, u.id))).map((u) => u.id);
  const g: GaProc = {
    hex: decl.hex, attackerSide: side, defenderSide: enemyOf(side), attackers: decl.attackers, defenders,
    stage: 'declare', decl: { standoff: decl.standoff ?? [], fullStrength: [] }, odds: null, rolls: null, att: null, def: null,
    defPath: [], defGoneEarly: false, overrun: !!decl.overrun, ...(decl.overrun && decl.from !== undefined ? { overrunFrom: decl.from } : {}),
  };
  c.ga = g;
  if (!decl.overrun) { c.attackedHexes.push(decl.hex); c.attackers.push(...decl.attackers); }
  if (artGroupsDefend(run, decl.hex, enemyOf(side))) {
    g.stage = 'advance';
    drive(run);
    return;
  }
  if (defenderMustChoose(d as GameState, ctx.bundle, g)) {
    wait(run, g.defenderSide, 'gaDefend', `Ground assault on ${formatHex(decl.hex)}: choose the terrain line, standoff and OhS strength`, 'GOSS 13.3.2, 13.5');
    return;
  }
  resolve(run, g);
}

/**
 * GOSS 5.3.5: after the defender's FS decision (a mission fired and its results applied, or no fire),
 * the declared overrun (`combat.overrunFs`) is resolved by the overrunners still standing where they
 * were (a member of a free-stacked group eliminated by FS drops out) — unless FS eliminated them all
 * or forced them back (a retreat also takes their Exploit marker), or the odds no longer allow it:
 * then the overrun ends without a GA and the overrunners do not count as having entered the hex
 * (their MP stay spent; a chained overrunner that was not forced back still stands in the hex it
 * overran before).
 */
export function continueOverrun(d: Draft<GameState>, ctx: RuleContext, events: GameEvent[]): void {
  const c = combatOf(d);
  const o = c.overrunFs;
  if (!o) return;
  c.overrunFs = null;
  const counters = o.at ?? o.from;
  const att = o.attackers.filter((id) => { const u = d.units[id] as UnitState; return live(u) && u.hex === counters && has(u, M.EXPLOIT); });
  const from = o.at !== undefined ? { from: o.from } : {};
  let why: string | null = att.length ? null : 'defensive FS eliminated the overrunner or forced it out of its hex';
  if (!why && !inHex(d as GameState, o.hex, enemyOf(o.side)).length) why = `${formatHex(o.hex)} no longer holds an enemy unit`;
  if (!why) {
    const r = gaOdds(d as GameState, ctx.bundle, { hex: o.hex, attackers: att, overrun: true, ...from }, o.side);
    if (!r.ok) why = `after defensive FS: ${r.message} (${r.case})`;
  }
  if (why) {
    for (const id of o.attackers) {
      const u = d.units[id];
      const was = o.restore?.[id] ?? { ignore: o.ignore };
      if (!u?.move || u.move.overrun !== o.hex || !was) continue;
      if (was.overrun !== undefined && has(u as UnitState, M.EXPLOIT)) u.move.overrun = was.overrun; else delete u.move.overrun;
      u.move.ignore = [...was.ignore];
    }
    events.push({ type: 'overrunStopped', hex: formatHex(o.hex), attackers: [...o.attackers], why, case: 'GOSS 5.3.5' });
    d.pending = null;
    return;
  }
  startAssault(d, { ...ctx, side: o.side }, { hex: o.hex, attackers: att, overrun: true, ...from }, events);
}

/** Steps 4–7: odds, both 2d10 rolls, results; then applies them. */
function resolve(run: Run, g: Draft<GaProc>): void {
  const { bundle, dice } = run.ctx;
  const decl: GaDeclaration = { hex: g.hex, attackers: g.attackers, line: g.decl.line, standoff: g.decl.standoff, fullStrength: g.decl.fullStrength, overrun: g.overrun, resolving: true, ...(g.overrunFrom !== undefined ? { from: g.overrunFrom } : {}) };
  const r = gaOdds(run.d as GameState, bundle, decl, g.attackerSide);
  if (!r.ok) reject(r.code, r.message, r.case);
  const odds: GaBreakdown = r.odds;
  const ra = dice.d100('GA attacker roll');
  const rd = dice.d100('GA defender roll');
  const am = ra + odds.drm; const dm = rd + odds.drm;
  const res = gaResults(gat(bundle), odds.column, am, dm);
  g.odds = odds;
  g.rolls = { attacker: ra, defender: rd, attackerModified: am, defenderModified: dm };
  const c = combatOf(run.d);
  c.defendedHexes.push(g.hex);
  if (odds.offLeft) c.defendedOffLeft.push(g.hex);
  for (const s of odds.supportHexes) { const x = tryParseHexRef(s); if (!('error' in x)) c.supportUsed.push(x.hex); }
  for (const id of odds.crUsed) dropMarker(run.d.units[id], M.CR);
  for (const id of g.defenders) {
    const u = run.d.units[id];
    dropMarker(u, M.CR); // GOSS 5.8: a CR unit that defends loses the marker
    if (g.decl.fullStrength.includes(id) && has(u as UnitState, M.OHS)) { dropMarker(u, M.OHS); addMarker(u, M.OOS); run.events.push({ type: 'supplyChanged', unit: id, to: 'OoS', why: 'OhS unit defended at full strength', case: 'AW 31.11' }); }
  }
  run.events.push({ type: 'gaResolved', odds, rolls: g.rolls, onDefender: res.onDefender.result, onAttacker: res.onAttacker.result, case: 'GOSS 13.9' });
  const side = (role: 'attacker' | 'defender', h: typeof res.onAttacker): GaSideProc => ({
    role, side: role === 'attacker' ? g.attackerSide : g.defenderSide, result: h.result, prc: h.prc, disc: h.disc, mand: h.mand,
    stage: 'prc', option: null, passed: null, remaining: 0, remainder: 'free', retreat: [], lost: {},
    ignoreMax: role === 'attacker' && odds.offLeft, units: role === 'attacker' ? [...g.attackers] : [...g.defenders, ...odds.passengers],
  });
  g.att = side('attacker', res.onAttacker);
  g.def = side('defender', res.onDefender);
  if (g.overrun) overrunTest(run, g);
  g.stage = 'apply';
  drive(run);
}

/**
 * GOSS 5.3.5 overrun success test, after the GAT results and before they are applied: the overrunner
 * takes all its discretionary hits as step losses (ignoring Max step loss) — declining would make the
 * overrun fail anyway, so the engine takes that choice — and succeeds when its total hits are fewer than
 * the defender's. On failure it stays in the hex it came from and loses Exploit (it had not entered).
 */
function overrunTest(run: Run, g: Draft<GaProc>): void {
  const a = g.att!; const dd = g.def!;
  const aTotal = a.disc + a.mand;
  const dTotal = dd.disc + dd.mand;
  a.mand = aTotal; a.disc = 0; a.ignoreMax = true;
  const success = aTotal < dTotal;
  if (!success) for (const id of g.attackers) { const u = run.d.units[id]; dropMarker(u, M.EXPLOIT); if (u.move) u.move.halted = true; }
  run.events.push({ type: 'overrunResult', hex: formatHex(g.hex), attackers: [...g.attackers], attackerHits: aTotal, defenderHits: dTotal, success, why: success ? 'the overrunner took fewer hits than the defender' : 'the overrunner took as many hits as the defender or more: it stays in its hex and loses Exploit', case: 'GOSS 5.3.5, AW 31.5' });
}

// ---------- decisions ----------

function current(d: Draft<GameState>, ctx: RuleContext, kind: string): Draft<GaProc> {
  if (d.pending?.kind !== kind) reject('not-pending', `no ${kind} decision is pending`, 'GOSS 13');
  if (d.pending.side !== ctx.side) reject('not-your-decision', `the ${d.pending.side} player makes this decision`, d.pending.case);
  return proc(d);
}

function sideProc(g: Draft<GaProc>): Draft<GaSideProc> {
  return g.att && g.att.stage !== 'done' ? g.att : g.def!;
}

function legalForPending(state: GameState, side: Side, bundle: ScenarioBundle, kind: string): Action[] {
  if (state.pending?.kind !== kind || state.pending.side !== side) return [];
  const g = state.combat?.ga;
  if (!g) return [];
  switch (kind) {
    case 'gaDefend': {
      const lines = lineOptions(bundle, g.hex).map((o) => o.line);
      const armUnits = g.defenders.filter((id) => armDef(defOf(bundle, id)) > 0);
      const here = localUnits(state, g.hex, 0).at(g.hex);
      const ohs = g.defenders.filter((id) => here.some((u) => u.id === id && has(u, M.OHS)));
      const subsets = <T,>(xs: T[]): T[][] => xs.slice(0, 4).reduce<T[][]>((acc, x) => acc.concat(acc.map((a) => [...a, x])), [[]]);
      const out: Action[] = [];
      for (const line of lines) for (const so of line === 1 ? [[]] : subsets(armUnits)) for (const fs of subsets(ohs)) {
        if (so.length && so.length === g.defenders.length) continue;
        out.push({ type: 'gaDefend', line, standoff: so, fullStrength: fs });
      }
      return out;
    }
    case 'gaConvert': {
      const sp = g.att && g.att.stage !== 'done' ? g.att : g.def!;
      const run = { d: state as Draft<GameState>, ctx: { bundle } as RuleContext, events: [] };
      const o = convertOptions(run, g, sp);
      const out: Action[] = [];
      for (const et3 of o.et3 ? [false, true] : [false]) for (const cv of ['none', ...(o.bocage ? ['bocage'] : []), ...(o.recon ? ['recon'] : [])] as ('none' | 'bocage' | 'recon')[]) {
        out.push({ type: 'gaConvert', removeEt3: et3, convert: cv });
      }
      return out;
    }
    case 'gaOption': {
      const sp = g.att && g.att.stage !== 'done' ? g.att : g.def!;
      const run = { d: state as Draft<GameState>, ctx: { bundle } as RuleContext, events: [] };
      return (['hold', ...(canRetreat(run, sp, true) ? ['limited'] : []), 'full'] as ('hold' | 'limited' | 'full')[]).map((option) => ({ type: 'gaOption' as const, option }));
    }
    case 'gaRetreat': {
      const sp = g.att && g.att.stage !== 'done' ? g.att : g.def!;
      const next = sp.retreat[0];
      const x = tryParseHexRef(next.from);
      if ('error' in x) return [];
      const stack = sp.units.filter((id) => live(state.units[id]) && state.units[id].hex === x.hex);
      const paths = retreatPaths(state, bundle, sp.side, x.hex, stack, next.want);
      const all = new Set<string>();
      const out: Action[] = [];
      for (const p of paths) {
        const from = sp.option === 'limited' && sp.passed ? 1 : p.length;
        for (let k = from; k <= p.length; k++) {
          const path = p.slice(0, k).map(formatHex);
          const key = path.join(',');
          if (all.has(key)) continue;
          all.add(key);
          out.push({ type: 'gaRetreat', from: next.from, path });
        }
      }
      if (!withdrawRefusal(state, sp, x.hex)) out.push({ type: 'gaRetreat', from: next.from, path: [], withdraw: true });
      return out;
    }
    case 'gaAbsorb': {
      const sp = g.att && g.att.stage !== 'done' ? g.att : g.def!;
      return Array.from({ length: Math.min(2, sp.remaining) + 1 }, (_, f) => ({ type: 'gaAbsorb', fatigue: f }));
    }
    case 'gaAdvance': {
      const opts = advanceOptions(state, bundle, g);
      const out: Action[] = [{ type: 'gaAdvance', units: [] }];
      for (const o of opts) for (let k = 1; k <= o.max; k++) out.push({ type: 'gaAdvance', units: [o.unit], hexes: k });
      if (opts.length > 1) out.push({ type: 'gaAdvance', units: opts.map((o) => o.unit), hexes: 1 });
      return out;
    }
  }
  return [];
}

function isLegal(state: GameState, side: Side, bundle: ScenarioBundle, action: Action, kind: string, c: string): void {
  const legal = legalForPending(state, side, bundle, kind);
  const key = (a: Action) => JSON.stringify(a, Object.keys(a).sort());
  const norm = (a: Action) => { const o: Record<string, unknown> = { ...a }; for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k]; return o as Action; };
  const want = key(norm(action));
  if (!legal.some((a) => key(norm(a)) === want)) reject('illegal-choice', `that ${kind} choice is not open now; legal: ${legal.slice(0, 6).map((a) => JSON.stringify(a)).join(' ')}${legal.length > 6 ? ' …' : ''}`, c);
}

function inSegment(d: GameState, ctx: RuleContext, ids: string[], what: string, c: string): void {
  const seg = segmentAt(ctx.bundle.sequence, d.pos).segment;
  if (!ids.includes(seg.id)) reject('wrong-segment', `${what} only in the ${ids.join(' / ')} segment, not the ${seg.name}`, c);
}

export const groundAssaultRules: RuleModule = {
  name: 'groundAssault',
  handlers: [
    {
      type: 'assault',
      apply(d, action, ctx) {
        const a = AssaultAction.safeParse(action);
        if (!a.success) reject('bad-action', `assault needs a hex and attacking units: ${a.error.issues[0].message}`);
        inSegment(d as GameState, ctx, ['groundAssault'], 'ground assaults are made', 'AW 31.2.2e');
        if (d.pending) reject('decision-pending', `finish the pending decision first: ${d.pending.prompt}`, d.pending.case);
        const events: GameEvent[] = [];
        startAssault(d, ctx, { hex: hexOf(a.data.hex), attackers: a.data.attackers, standoff: a.data.standoff, leadPr: { attacker: a.data.leadPr } }, events);
        return events;
      },
      legal(state, side, bundle) {
        if (segmentAt(bundle.sequence, state.pos).segment.id !== 'groundAssault' || state.pending) return [];
        return assaultOptions(state, bundle, side);
      },
    },
    {
      type: 'gaDefend',
      apply(d, action, ctx) {
        const a = DefendAction.safeParse(action);
        if (!a.success) reject('bad-action', `gaDefend needs a line: ${a.error.issues[0].message}`);
        const g = current(d, ctx, 'gaDefend');
        isLegal(d as GameState, ctx.side!, ctx.bundle, { ...a.data }, 'gaDefend', 'GOSS 13.3.2');
        g.decl.line = a.data.line;
        g.decl.standoff = [...g.decl.standoff, ...a.data.standoff];
        g.decl.fullStrength = a.data.fullStrength;
        d.pending = null;
        const events: GameEvent[] = [{ type: 'gaDefenceDeclared', line: a.data.line, standoff: a.data.standoff, fullStrength: a.data.fullStrength, case: 'GOSS 13.3.2, 13.5' }];
        resolve({ d, ctx, events }, g);
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaDefend'),
    },
    {
      type: 'gaConvert',
      apply(d, action, ctx) {
        const a = ConvertAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        const g = current(d, ctx, 'gaConvert');
        isLegal(d as GameState, ctx.side!, ctx.bundle, { ...a.data }, 'gaConvert', 'GOSS 13.10.2');
        const sp = sideProc(g);
        const events: GameEvent[] = [];
        if (a.data.removeEt3 && sp.mand > 0) {
          // GOSS 13.10.2a: the ET-3 (AW 1.2.7b: or the bocage ET-2 used as one) goes, not replaced by an
          // ET-2 — except the printed Landefront ET-2 under it, which stays (AW 1.2.6b, removeFieldworks).
          removeFieldworks(d, ctx.bundle, g.hex, events, 'ET removed to cancel a mandatory hit', 'GOSS 13.10.2a, AW 1.2.7b');
          sp.mand -= 1;
        }
        if (a.data.convert !== 'none' && sp.mand > 0) {
          sp.mand -= 1; sp.disc += 1;
          events.push({ type: 'hitsConverted', side: sp.side, n: 1, why: a.data.convert === 'bocage' ? 'German defender in bocage/hedgerow converts a mandatory hit' : 'all-Recon/CDO side converts a mandatory hit', case: a.data.convert === 'bocage' ? 'AW 1.2.7b' : 'GOSS 13.10.2b' });
        }
        sp.stage = 'mandatory';
        d.pending = null;
        drive({ d, ctx, events });
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaConvert'),
    },
    {
      type: 'gaOption',
      apply(d, action, ctx) {
        const a = OptionAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        const g = current(d, ctx, 'gaOption');
        isLegal(d as GameState, ctx.side!, ctx.bundle, { ...a.data }, 'gaOption', 'GOSS 13.10.4');
        const sp = sideProc(g);
        sp.option = a.data.option;
        const events: GameEvent[] = [{ type: 'gaOptionDeclared', side: sp.side, option: a.data.option, case: 'GOSS 13.10.4' }];
        const run = { d, ctx, events };
        if (a.data.option === 'full') {
          const us = alive(run, sp.units);
          const max = maxRetreat(run, sp, us);
          sp.retreat = stacks(run, us).map((h) => ({ from: formatHex(h), want: max, min: max }));
          sp.remainder = 'cappedIgnore';
          sp.stage = 'retreat';
        } else sp.stage = 'optionPrc';
        d.pending = null;
        drive(run);
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaOption'),
    },
    {
      type: 'gaRetreat',
      apply(d, action, ctx) {
        const a = RetreatAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        const g = current(d, ctx, 'gaRetreat');
        const sp = sideProc(g);
        if (a.data.withdraw) {
          const no = sp.retreat[0]?.from === a.data.from ? withdrawRefusal(d as GameState, sp, hexOf(a.data.from)) : `the stack to retreat now is in ${sp.retreat[0]?.from}`;
          if (no) reject('no-withdrawal', no, 'GOSS 13.10.4');
          if (a.data.path.length) reject('bad-action', 'a DW withdrawal has an empty path (the stack stays in its hex)', 'GOSS 13.10.4');
        } else isLegal(d as GameState, ctx.side!, ctx.bundle, { ...a.data }, 'gaRetreat', 'GOSS 13.11');
        const from = hexOf(a.data.from);
        const stack = alive({ d, ctx, events: [] }, sp.units).filter((id) => d.units[id].hex === from);
        const events: GameEvent[] = [];
        d.pending = null;
        const run = { d, ctx, events };
        retreated(run, g, sp, from, stack, a.data.path.map(hexOf), !!a.data.withdraw);
        drive(run);
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaRetreat'),
    },
    {
      type: 'gaAbsorb',
      apply(d, action, ctx) {
        const a = AbsorbAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        const g = current(d, ctx, 'gaAbsorb');
        isLegal(d as GameState, ctx.side!, ctx.bundle, { ...a.data }, 'gaAbsorb', 'GOSS 13.10.4');
        const sp = sideProc(g);
        const events: GameEvent[] = [];
        const run = { d, ctx, events };
        absorb(lossCtx(run, sp), sp.units, sp.remaining, 'free', 'GOSS 13.10.4', a.data.fatigue);
        sp.remaining = 0;
        sp.stage = 'done';
        d.pending = null;
        drive(run);
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaAbsorb'),
    },
    {
      type: 'gaAdvance',
      apply(d, action, ctx) {
        const a = AdvanceAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        const g = current(d, ctx, 'gaAdvance');
        const events: GameEvent[] = [];
        const run = { d, ctx, events };
        if (!a.data.units.length) { g.stage = 'done'; d.pending = null; drive(run); return events; }
        const opts = advanceOptions(d as GameState, ctx.bundle, g);
        const n = a.data.hexes ?? 1;
        for (const id of a.data.units) {
          const o = opts.find((x) => x.unit === id);
          if (!o) reject('cannot-advance', `${id} may not advance now (attack-designated participants only, into an empty defender hex)`, 'GOSS 13.12');
          if (n > o.max) reject('advance-too-far', `${defOf(ctx.bundle, id).designation} may advance at most ${o.max} hex(es)`, 'GOSS 13.12, AW 1.2.7b');
        }
        for (const id of a.data.units) {
          const o = opts.find((x) => x.unit === id)!;
          const u = d.units[id];
          const from = u.hex!;
          u.hex = o.path[n - 1];
          events.push({ type: 'advanced', unit: id, from: formatHex(from), path: o.path.slice(0, n).map(formatHex), case: 'GOSS 13.12' });
          dropMarker(u, M.TA); dropMarker(u, M.PA);
        }
        d.pending = null;
        drive(run);
        return events;
      },
      legal: (s, side, b) => legalForPending(s, side, b, 'gaAdvance'),
    },
  ],
  hooks: [
    {
      segment: 'groundAssault',
      onExit(d, ctx) {
        if (!ctx.side) return [];
        // GOSS 13.4.0: every unit still designated at the start of the segment must attack — if it
        // still can: a unit whose adjacent enemy hexes were all assaulted already (GOSS 13.1, one GA
        // per hex) or that no legal assault includes does not block the end of the segment.
        const idle = mustStillAttack(d as GameState, ctx.bundle, ctx.side);
        if (idle.length) reject('must-attack', `attack-designated units must attack: ${idle.map((u) => defOf(ctx.bundle, u.id).designation).join(', ')}`, 'GOSS 13.4');
        const events: GameEvent[] = [];
        for (const r of readUnits(d.units)) {
          const ta = r.side === ctx.side && !r.markers.includes(M.EXPLOIT) && (r.markers.includes(M.TA) || r.markers.includes(M.PA));
          if (!ta && !r.markers.includes(M.AS)) continue;
          const u = d.units[r.id];
          dropMarker(u, M.AS);
          if (ta) { dropMarker(u, M.TA); dropMarker(u, M.PA); }
        }
        events.push({ type: 'markersRemoved', markers: ['AS', 'TA', 'PA'], case: 'GOSS 13.13' });
        return events;
      },
    },
  ],
};

/**
 * Designated units of `side` that have not attacked and still could (GOSS 13.4.0): part of a legal
 * assault on an adjacent enemy hex, alone or with their stack / PA group.
 */
export function mustStillAttack(state: GameState, bundle: ScenarioBundle, side: Side): UnitState[] {
  const attacked = state.combat?.attackers ?? [];
  const des = Object.values(state.units).filter((u) => u.side === side && live(u) && (has(u, M.TA) || has(u, M.PA)) && !attacked.includes(u.id));
  if (!des.length) return [];
  const able = new Set<string>();
  for (const a of assaultOptions(state, bundle, side)) for (const id of (a as ActionOf<'assault'>).attackers) able.add(id);
  return des.filter((u) => able.has(u.id) || neighbours(u.hex!).some((h) => unitsAt(state, h, enemyOf(side)).length > 0
    && gaOdds(state, bundle, { hex: h, attackers: [u.id] }, side).ok));
}

/**
 * `ids` in order, leaving out each unit that would take its hex's group over the stacking limit
 * (GOSS 6.7.0: only units within it fight) or over the limit into a constricted target (GOSS 13.4).
 */
function withinLimit(state: GameState, bundle: ScenarioBundle, side: Side, target: HexId, ids: string[]): string[] {
  const out: UnitState[] = [];
  const over = new Map<HexId, boolean>();
  for (const id of ids) {
    const u = state.units[id];
    const group = [...out.filter((x) => x.hex === u.hex), u];
    if (!over.has(u.hex!)) over.set(u.hex!, !!hexStackViolation(state, bundle, u.hex!, side));
    if (over.get(u.hex!) && stackViolationOf(bundle, u.hex!, side, group)) continue;
    if (!constrictedAttackExcess(bundle, target, group)) out.push(u);
  }
  return out.map((u) => u.id);
}

/** The assaults the attacker may declare now: each TA stack alone, and all PA units against a hex together (GOSS 13.4). */
export function assaultOptions(state: GameState, bundle: ScenarioBundle, side: Side): Action[] {
  const out: Action[] = [];
  const des = Object.values(state.units).filter((u) => u.side === side && live(u) && (has(u, M.TA) || has(u, M.PA)) && !(state.combat?.attackers ?? []).includes(u.id));
  const targets = new Set<HexId>();
  for (const u of des) for (const h of neighbours(u.hex!)) if (unitsAt(state, h, enemyOf(side)).length) targets.add(h);
  for (const t of targets) {
    const adj = des.filter((u) => areAdjacent(u.hex!, t));
    const groups: string[][] = [];
    for (const h of new Set(adj.map((u) => u.hex!))) groups.push(adj.filter((u) => u.hex === h).map((u) => u.id));
    const pa = adj.filter((u) => has(u, M.PA)).map((u) => u.id);
    if (pa.length && new Set(adj.filter((u) => has(u, M.PA)).map((u) => u.hex)).size > 1) groups.push(pa);
    const withZ = (xs: string[]) => xs.filter((id) => !isZ(defOf(bundle, id)) || xs.some((o) => !isZ(defOf(bundle, o))));
    for (const attackers of groups) {
      if (gaOdds(state, bundle, { hex: t, attackers: withZ(attackers) }, side).ok) { out.push({ type: 'assault', hex: formatHex(t), attackers }); continue; }
      // GOSS 13.4: a unit that may attack must (mustStillAttack), so when the whole stack may not (its Mech
      // units across a major river, say) the units that may are offered together.
      // GOSS 6.7.0: from an overstacked hex only the units within the limit fight — the first that fit
      // (the player may name others).
      const able = withinLimit(state, bundle, side, t, attackers.filter((id) => gaOdds(state, bundle, { hex: t, attackers: [id] }, side).ok));
      if (able.length && able.length < attackers.length && gaOdds(state, bundle, { hex: t, attackers: withZ(able) }, side).ok) {
        out.push({ type: 'assault', hex: formatHex(t), attackers: able });
      }
    }
  }
  return out;
}
