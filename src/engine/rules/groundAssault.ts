/**
 * Ground assault (GOSS 13, AW 31.2.2e, 1.2.7b, 31.9.2c): the attacker declares, the defender
 * chooses its terrain line (and standoff, OhS strength), both sides roll on the GAT, then each side
 * applies its results — attacker first — through the hit procedure (procedures/hits.ts: mandatory
 * PRC, conversions, mandatory hits, discretionary hits — Hold / Limited / Full retreat —, retreats),
 * and finally the attacker's advance. The assault is a frame on the procedure stack
 * (`groundAssaultProcedure`); every choice is a pending decision of the side that owns it.
 */
import type { Draft } from 'immer';
import { areAdjacent, formatHex, neighbours, tryParseHexRef, type HexId } from '../hex';
import { routesBetween, terrainOf, terrainsIn } from '../board';
import { segmentAt } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { gaMods, gat } from './combatTables';
import { combatOf } from './combatState';
import { combatRules } from './scenarioRules';
import { actsAsGroup, groupOfUnit } from './artilleryGroups';
import {
  M, armDef, defOf, dropMarker, dropMarkersOf, swapMarker, enemyOf, formation, fsPoints, has, isArtGroup, isLeader, isZ, live,
  unitsAt,
} from './combatTraits';
import { constrictedAttackExcess, gaOdds, isNight, lineOptions, type GaBreakdown, type GaDeclaration } from './gaOdds';
import { gaResults } from './gaTable';
import { eliminate, zStepsAlone, type LossCtx } from './losses';
import { doRetreat, retreatPaths } from './retreat';
import { clearIfEmpty } from './fieldworks';
import { peekUnit, readUnits, unmodifiedBase } from './unitIndex';
import { checksSurrender, gaSurrenderChecks } from './isolation';
import { hexStackViolation, stackViolationOf } from './stacking';
import { localUnits } from './combatLocal';
import { groundNow } from './movement-search';
import { decisionHandlers, defineProcedure, pushFrame, requireListed, runProcedures, type Run } from '../procedures/stack';
import { gaHitsFrame } from '../procedures/hits';
import { prc } from '../procedures/proficiency';
import type { Frame, GaSideResult, GroundAssaultFrame } from '../procedures/frames';
import { hastyDemolition } from './bridgeDemolition';
import { mutUnit, patchUnit, unitOf } from '../unitTable';

/** Live units of `side` in one hex, read in one pass without the whole-board index (drafts: rules/combatLocal.ts). */
const inHex = (state: GameState, h: HexId, side: Side): UnitState[] => localUnits(state, h, 0).at(h, side);

const hexOf = (ref: string): HexId => {
  const r = tryParseHexRef(ref);
  if ('error' in r) reject('bad-hex', r.error);
  return r.hex;
};

/** GOSS 4.4.1 proficiency check (procedures/proficiency.ts), here for the rule files that import it from the GA. */
export { prc };

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

function finishResults(run: Run, g: GroundAssaultFrame): void {
  const lc: LossCtx = { d: run.d, bundle: run.ctx.bundle, events: run.events, lost: {} };
  zStepsAlone(lc, g.attackers);
  zStepsAlone(lc, g.defenders);
  if (!inHex(run.d as GameState, g.hex, g.defenderSide).filter((u) => !isLeader(defOf(run.ctx.bundle, u.id))).length && !g.defPath.length) g.defGoneEarly = true;
  clearIfEmpty(run.d, g.hex, run.events, 'all defenders retreated or eliminated', run.ctx.bundle);
}

/** GOSS 13.12: who may advance how far, along the defender's path. */
export function advanceOptions(state: GameState, bundle: ScenarioBundle, g: GroundAssaultFrame): { unit: string; max: number; path: HexId[] }[] {
  if (g.overrun) return [];
  const path = [g.hex, ...g.defPath.map((r) => { const x = tryParseHexRef(r); return 'error' in x ? -1 : x.hex; }).filter((h) => h >= 0)];
  // The advance follows the defender's path: its hexes and their neighbours are all that is looked at.
  const near = localUnits(state, g.hex, path.length + 1);
  if (near.at(g.hex, g.defenderSide).length) return [];
  const mods = gaMods(bundle);
  const bocage = terrainsIn(bundle.board, g.hex).includes('bocage'); // a village in bocage too (GOSS 7 TEC)
  const night = isNight(state, bundle);
  const mudMax = groundNow(state, bundle, g.hex).fx?.advanceMax;
  const out: { unit: string; max: number; path: HexId[] }[] = [];
  for (const id of g.attackers) {
    const u = unitOf(state, id);
    if (!live(u) || (!has(u, M.TA) && !has(u, M.PA)) || !areAdjacent(u.hex!, g.hex)) continue;
    const d = defOf(bundle, id);
    let max = has(u, M.PA) ? (d.moveClass === 'mech' ? mods.advanceMax.paMech : mods.advanceMax.paLeg) : mods.advanceMax.tac;
    // AW 32.8.0: a scenario leader adds its advance bonus only to units of its formation it is stacked with.
    const leader = combatRules(bundle).leaders.find((l) => { const lu = unitOf(state, l.unit); return live(lu) && lu.side === u.side && lu.hex === u.hex && l.advanceBonus > 0 && (!l.formation || formation(d) === l.formation); });
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

function finish(run: Run, g: GroundAssaultFrame): void {
  for (const id of g.attackers) {
    const u = unitOf(run.d, id);
    if (u && (u.markers.includes(M.TA) || u.markers.includes(M.PA))) patchUnit(run.d, u, { markers: u.markers.filter((m) => m !== M.TA && m !== M.PA) });
  }
  run.events.push({ type: 'gaEnded', hex: formatHex(g.hex), case: 'GOSS 13.12' });
}

// ---------- starting an assault ----------

function defenderMustChoose(state: GameState, bundle: ScenarioBundle, g: GroundAssaultFrame): boolean {
  const opts = lineOptions(bundle, g.hex);
  const defs = g.defenders.map((id) => unitOf(state, id));
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
    if (rec.halved) { eliminate(lc, unitOf(run.d, u.id), 'a half-strength artillery group forced to defend', 'AW 31.9.2c'); continue; }
    const paths = retreatPaths(run.d as GameState, b, side, hex, [u.id], 1);
    if (!paths.length) { eliminate(lc, unitOf(run.d, u.id), 'artillery group unable to retreat', 'AW 31.9.2c'); continue; }
    rec.halved = true;
    const g = groupOfUnit(b, u.id);
    rec.lost += Math.ceil((g && !g.usePrinted ? g.points : fsPoints(defOf(b, u.id))) / 2);
    doRetreat(lc, side, [u.id], paths[0], 'AW 31.9.2c');
    run.events.push({ type: 'missionPointsHalved', unit: u.id, case: 'AW 31.9.2c' });
  }
  return true;
}

/**
 * Starts an assault (also used by overruns, for `side`): validates it and pushes its frame, which
 * resolves as far as the first decision when the stack runs (`runProcedures`, by the caller).
 */
export function startAssault(run: Run, decl: GaDeclaration, side: Side): void {
  const { d, ctx, events } = run;
  // The declaration is checked against the state the action starts from when nothing has written to
  // the draft yet (an assault; not a chained overrun): the same values, read from frozen objects and
  // their cached indexes instead of through the draft's proxies (issue 17: the replay's assaults).
  const pre = gaOdds(unmodifiedBase(d) as GameState, ctx.bundle, decl, side);
  if (!pre.ok) reject(pre.code, pre.message, pre.case);
  const c = combatOf(d);
  // Each attacker read without drafting it; written (a new record) only when its supply changes (issue 17).
  for (const id of decl.attackers) { const u = peekUnit(d as GameState, id)!; if (has(u, M.OHS)) { patchUnit(d, u, { markers: swapMarker(u.markers, M.OHS, M.OOS) }); events.push({ type: 'supplyChanged', unit: id, to: 'OoS', why: 'OhS unit attacked', case: 'AW 31.11' }); } }
  const defenders = inHex(d as GameState, decl.hex, enemyOf(side)).filter((u) => !isLeader(defOf(ctx.bundle, u.id))).map((u) => u.id);
  pushFrame(d, {
    proc: 'groundAssault', hex: decl.hex, attackerSide: side, defenderSide: enemyOf(side), attackers: decl.attackers, defenders,
    stage: 'declare', decl: { standoff: decl.standoff ?? [], fullStrength: [] }, odds: null, rolls: null, att: null, def: null,
    defPath: [], defGoneEarly: false, overrun: !!decl.overrun, ...(decl.overrun && decl.from !== undefined ? { overrunFrom: decl.from } : {}),
  });
  if (!decl.overrun) { c.attackedHexes.push(decl.hex); c.attackers.push(...decl.attackers); }
}

/** Steps 4–7: odds, both 2d10 rolls, results; then applies them. */
function resolve(run: Run, g: Draft<GroundAssaultFrame>): void {
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
  // Units read without drafting them, written as new records only where a marker changes (issue 17).
  for (const id of odds.crUsed) dropMarkersOf(run.d, peekUnit(run.d as GameState, id)!, [M.CR]);
  for (const id of g.defenders) {
    const u = peekUnit(run.d as GameState, id)!;
    // GOSS 5.8: a CR unit that defends loses the marker.
    if (g.decl.fullStrength.includes(id) && has(u, M.OHS)) {
      patchUnit(run.d, u, { markers: swapMarker(u.markers.filter((m) => m !== M.CR), M.OHS, M.OOS) });
      run.events.push({ type: 'supplyChanged', unit: id, to: 'OoS', why: 'OhS unit defended at full strength', case: 'AW 31.11' });
    } else dropMarkersOf(run.d, u, [M.CR]);
  }
  run.events.push({ type: 'gaResolved', odds, rolls: g.rolls, onDefender: res.onDefender.result, onAttacker: res.onAttacker.result, case: 'GOSS 13.9' });
  const side = (role: 'attacker' | 'defender', h: typeof res.onAttacker): GaSideResult => ({
    result: h.result, prc: h.prc, disc: h.disc, mand: h.mand,
    ignoreMax: role === 'attacker' && odds.offLeft, units: role === 'attacker' ? [...g.attackers] : [...g.defenders, ...odds.passengers],
  });
  g.att = side('attacker', res.onAttacker);
  g.def = side('defender', res.onDefender);
  if (g.overrun) overrunTest(run, g);
  g.stage = 'attacker';
}

/**
 * GOSS 5.3.5 overrun success test, after the GAT results and before they are applied: the overrunner
 * takes all its discretionary hits as step losses (ignoring Max step loss) — declining would make the
 * overrun fail anyway, so the engine takes that choice — and succeeds when its total hits are fewer than
 * the defender's. On failure it stays in the hex it came from and loses Exploit (it had not entered).
 */
function overrunTest(run: Run, g: Draft<GroundAssaultFrame>): void {
  const a = g.att!; const dd = g.def!;
  const aTotal = a.disc + a.mand;
  const dTotal = dd.disc + dd.mand;
  a.mand = aTotal; a.disc = 0; a.ignoreMax = true;
  const success = aTotal < dTotal;
  if (!success) for (const id of g.attackers) { const u = mutUnit(run.d, id); dropMarker(u, M.EXPLOIT); if (u.move) u.move.halted = true; }
  run.events.push({ type: 'overrunResult', hex: formatHex(g.hex), attackers: [...g.attackers], attackerHits: aTotal, defenderHits: dTotal, success, why: success ? 'the overrunner took fewer hits than the defender' : 'the overrunner took as many hits as the defender or more: it stays in its hex and loses Exploit', case: 'GOSS 5.3.5, AW 31.5' });
}
/** One side's hit frame (the hit procedure, GOSS 13.10) from its GAT result. */
function sideHits(g: GroundAssaultFrame, role: 'attacker' | 'defender'): Frame {
  const r = role === 'attacker' ? g.att! : g.def!;
  return gaHitsFrame({
    role, side: role === 'attacker' ? g.attackerSide : g.defenderSide, hex: g.hex, result: r.result, prc: r.prc, disc: r.disc, mand: r.mand,
    ignoreMax: r.ignoreMax, units: [...r.units], overrun: g.overrun,
    leads: role === 'attacker' ? { pr: g.odds?.leads.attackerPr ?? null, arm: g.odds?.leads.attackerArm ?? null } : { pr: g.odds?.leads.defenderPr ?? null, arm: g.odds?.leads.defenderArm ?? null },
  });
}

function gaDefendLegal(g: GroundAssaultFrame, state: GameState, bundle: ScenarioBundle): Action[] {
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

function gaAdvanceLegal(g: GroundAssaultFrame, state: GameState, bundle: ScenarioBundle): Action[] {
  const opts = advanceOptions(state, bundle, g);
  const out: Action[] = [{ type: 'gaAdvance', units: [] }];
  for (const o of opts) for (let k = 1; k <= o.max; k++) out.push({ type: 'gaAdvance', units: [o.unit], hexes: k });
  if (opts.length > 1) out.push({ type: 'gaAdvance', units: opts.map((o) => o.unit), hexes: 1 });
  return out;
}

/**
 * GOSS 13 / AW 31.2.2e: the ground assault procedure. Declared (startAssault), the defender chooses its
 * line (`gaDefend`) when it has a choice, the dice are rolled (steps 4–7), the attacker's then the
 * defender's hits are applied (the hit procedure), the hex is cleared, and the attacker may advance
 * (`gaAdvance`, GOSS 13.12). An artillery group forced to defend retreats or dies instead (AW 31.9.2c).
 */
export const groundAssaultProcedure = defineProcedure({
  name: 'groundAssault',
  step(g, run) {
    switch (g.stage) {
      case 'declare':
        if (artGroupsDefend(run, g.hex, g.defenderSide)) { g.stage = 'advance'; return 'next'; }
        // GOSS 13.5 step 3 / 15.7.1: isolated OoS defenders check for surrender before defending.
        if (!g.surrender && g.defenders.some((id) => { const u = peekUnit(run.d as GameState, id); return !!u && checksSurrender(u); })) {
          g.surrender = true;
          const sur = gaSurrenderChecks(run.d, run.ctx, g.defenders);
          run.events.push(...sur.events);
          g.defenders = sur.left;
          if (!sur.left.length) { g.defGoneEarly = true; g.stage = 'advance'; return 'next'; }
        }
        // GOSS 13 step 3.5, 17.3.2b: a defending engineer may blow the bridge the attack crosses.
        if (!hastyDemolition(run, g)) { g.stage = 'done'; return 'next'; }
        if (defenderMustChoose(run.d as GameState, run.ctx.bundle, g)) return { wait: { side: g.defenderSide, kind: 'gaDefend', prompt: `Ground assault on ${formatHex(g.hex)}: choose the terrain line, standoff and OhS strength`, case: 'GOSS 13.3.2, 13.5' } };
        resolve(run, g);
        return 'next';
      case 'attacker':
        g.stage = 'defender';
        return { call: sideHits(g, 'attacker') };
      case 'defender':
        g.stage = 'results';
        return { call: sideHits(g, 'defender') };
      case 'results':
        g.defPath = [...((g.$ as { path: string[] } | null)?.path ?? [])];
        delete g.$;
        finishResults(run, g);
        g.stage = 'advance';
        return 'next';
      case 'advance':
        if (advanceOptions(run.d as GameState, run.ctx.bundle, g).length) return { wait: { side: g.attackerSide, kind: 'gaAdvance', prompt: `Advance into ${formatHex(g.hex)}? Choose units and distance, or decline.`, case: 'GOSS 13.12' } };
        g.stage = 'done';
        return 'next';
      default:
        finish(run, g);
        return { end: null };
    }
  },
  decisions: {
    gaDefend: {
      case: 'GOSS 13',
      legal: gaDefendLegal,
      apply(g, action, run) {
        // The canonical action leaves out an empty standoff / fullStrength; the declaration lists them.
        const act = action as ActionOf<'gaDefend'>;
        const a = { type: act.type, line: act.line, standoff: act.standoff ?? [], fullStrength: act.fullStrength ?? [] };
        requireListed(gaDefendLegal(g as GroundAssaultFrame, run.d as GameState, run.ctx.bundle), a, 'gaDefend', 'GOSS 13.3.2');
        g.decl.line = a.line;
        g.decl.standoff = [...g.decl.standoff, ...a.standoff];
        g.decl.fullStrength = a.fullStrength;
        run.events.push({ type: 'gaDefenceDeclared', line: a.line, standoff: a.standoff, fullStrength: a.fullStrength, case: 'GOSS 13.3.2, 13.5' });
        resolve(run, g);
      },
    },
    gaAdvance: {
      case: 'GOSS 13',
      legal: gaAdvanceLegal,
      apply(g, action, run) {
        const a = action as ActionOf<'gaAdvance'>;
        if (!a.units.length) { g.stage = 'done'; return; }
        const { d, ctx, events } = run;
        const opts = advanceOptions(d as GameState, ctx.bundle, g as GroundAssaultFrame);
        const n = a.hexes ?? 1;
        for (const id of a.units) {
          const o = opts.find((x) => x.unit === id);
          if (!o) reject('cannot-advance', `${id} may not advance now (attack-designated participants only, into an empty defender hex)`, 'GOSS 13.12');
          if (n > o.max) reject('advance-too-far', `${defOf(ctx.bundle, id).designation} may advance at most ${o.max} hex(es)`, 'GOSS 13.12, AW 1.2.7b');
        }
        for (const id of a.units) {
          const o = opts.find((x) => x.unit === id)!;
          const u = mutUnit(d, id);
          const from = u.hex!;
          u.hex = o.path[n - 1];
          events.push({ type: 'advanced', unit: id, from: formatHex(from), path: o.path.slice(0, n).map(formatHex), case: 'GOSS 13.12' });
          dropMarker(u, M.TA); dropMarker(u, M.PA);
        }
      },
    },
  },
});

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
        const a = action as ActionOf<'assault'>;
        inSegment(d as GameState, ctx, ['groundAssault'], 'ground assaults are made', 'AW 31.2.2e');
        if (d.pending) reject('decision-pending', `finish the pending decision first: ${d.pending.prompt}`, d.pending.case);
        const run: Run = { d, ctx, events: [] };
        startAssault(run, { hex: hexOf(a.hex), attackers: a.attackers, standoff: a.standoff, leadPr: { attacker: a.leadPr } }, ctx.side!);
        runProcedures(run);
        return run.events;
      },
      legal(state, side, bundle) {
        if (segmentAt(bundle.sequence, state.pos).segment.id !== 'groundAssault' || state.pending) return [];
        return assaultOptions(state, bundle, side);
      },
    },
    ...decisionHandlers(groundAssaultProcedure),
  ],
  hooks: [
    {
      segment: 'groundAssault',
      onExit(d, ctx) {
        if (!ctx.side) return [];
        // GOSS 13.4.0: every unit still designated at the start of the segment must attack — if it
        // still can: a unit whose adjacent enemy hexes were all assaulted already (GOSS 13.1, one GA
        // per hex) or that no legal assault includes does not block the end of the segment.
        // Read on the frozen state while nothing is written (a check over every designated unit).
        const idle = mustStillAttack(unmodifiedBase(d) as GameState, ctx.bundle, ctx.side);
        if (idle.length) reject('must-attack', `attack-designated units must attack: ${idle.map((u) => defOf(ctx.bundle, u.id).designation).join(', ')}`, 'GOSS 13.4');
        const events: GameEvent[] = [];
        for (const r of readUnits(d.units)) {
          const ta = r.side === ctx.side && !r.markers.includes(M.EXPLOIT) && (r.markers.includes(M.TA) || r.markers.includes(M.PA));
          if (!ta && !r.markers.includes(M.AS)) continue;
          dropMarkersOf(d, r, ta ? [M.AS, M.TA, M.PA] : [M.AS]);
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
  const des = readUnits(state.units).filter((u) => u.side === side && live(u) && (has(u, M.TA) || has(u, M.PA)) && !attacked.includes(u.id));
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
    const u = unitOf(state, id);
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
  const des = readUnits(state.units).filter((u) => u.side === side && live(u) && (has(u, M.TA) || has(u, M.PA)) && !(state.combat?.attackers ?? []).includes(u.id));
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
