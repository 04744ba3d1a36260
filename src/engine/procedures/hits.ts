/**
 * The "apply hits" procedure: one side's hits from one combat, taken as step losses, retreats
 * (the retreat procedure), fatigue, or the ET-3 given up, in the order its rule sets:
 *   - fire support (GOSS 11.6.2, AW 1.2.7b): the first hit as a step loss (or the ET-3) or as a
 *     retreat (`fsHits`); a PRC; the rest as steps and fatigue (`fsAbsorb`) or after a retreat;
 *   - ground assault (GOSS 13.10, AW 1.2.7b): the mandatory PRC, ET-3 and bocage/Recon conversions
 *     (`gaConvert`), mandatory hits, the discretionary option (`gaOption`: Hold, Limited or Full
 *     retreat) with its PRC, the retreats (`gaRetreat`), the rest (`gaAbsorb`);
 *   - carpet bombing (AW 32.2.2): a number of step losses on the hex.
 * Called by the fire mission, the ground assault (attacker, then defender) and the carpet-bombed
 * hex; a GA defender's frame returns its retreat path (the attacker's advance path, GOSS 13.12).
 */
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import { terrainOf } from '../board';
import type { Action, ActionOf, GameState, ScenarioBundle, UnitState } from '../types';
import { reject } from '../rules/registry';
import { gaMods } from '../rules/combatTables';
import { combatOf } from '../rules/combatState';
import { M, addAs, defOf, dropMarker, isAttackDesignated, isCommando, isLeader, isRecon, live } from '../rules/combatTraits';
import { absorb, allocateSteps, takeStepsMostFirst, type LossCtx } from '../rules/losses';
import { canRetreat } from '../rules/retreat';
import { et3ToGiveUp, permanentWorksAt, removeFieldworks } from '../rules/fieldworks';
import { effectivePr } from '../rules/combatPr';
import { leaderPrcDrm, type LeaderDrm } from '../rules/leaders';
import { defineProcedure, requireListed, type Run, type Step } from './stack';
import { prc } from './proficiency';
import type { CarpetHitsFrame, FsHitsFrame, GaHitsFrame, HitsFrame, RetreatFrame, RetreatResult } from './frames';
import { dugIn } from '../rules/works';
import { mutUnit, unitOf } from '../unitTable';
import { peekUnit } from '../rules/unitIndex';


const hexOf = (ref: string): HexId => { const r = tryParseHexRef(ref); if ('error' in r) reject('bad-hex', r.error); return r.hex; };
const lc = (run: Run, f: HitsFrame): LossCtx => ({ d: run.d, bundle: run.ctx.bundle, events: run.events, lost: f.lost });

/**
 * The last stage of FS and GA hits (GOSS 11.6.2a, 13.10.4): the hits left are absorbed by step losses
 * and up to 2 fatigue hits — the owner chooses (`kind`) when the remainder is free, otherwise they are
 * taken at once. Nothing to do when no hit is left or no target survives.
 */
function absorbStage(run: Run, f: FsHitsFrame | GaHitsFrame, survivors: boolean, kind: 'fsAbsorb' | 'gaAbsorb', askCase: string, takeCase: string): Step {
  if (f.remaining > 0 && survivors) {
    if (f.remainder === 'free') return { wait: { side: f.side, kind, prompt: `Take ${f.remaining} hit(s) as step losses and up to 2 fatigue hits`, case: askCase } };
    absorb(lc(run, f), f.units, f.remaining, f.remainder, takeCase);
    f.remaining = 0;
  }
  f.stage = 'done';
  return 'next';
}
// Read without drafting the units (peekUnit): these only ask where the units are.
const alive = (state: GameState, ids: string[]) => ids.filter((id) => live(peekUnit(state, id)));
const stacks = (state: GameState, ids: string[]): HexId[] => [...new Set(alive(state, ids).map((id) => peekUnit(state, id)!.hex!))];
/** GOSS 4.4.1 / 23.2.1: a leader in the hex of the checking units gives −1 DRM; the event's note and case for it. */
const withLeader = (why: string, l: LeaderDrm | null): string => (l ? `${why}, −1 DRM for leader ${l.leader}` : why);
const leaderCase = (c: string, l: LeaderDrm | null): string => (l ? `${c}, ${l.case}` : c);

// ---------- fire support (GOSS 11.6.2) ----------

/**
 * GOSS 11.6.2a-b, 17.4.1: why the target stack may not withdraw into a DW in its hex instead of the
 * 1-hex retreat, or null when it may — only attack-designated targets (all of them, reconstructed:
 * non-designated units there are immune or take the DW benefits anyway, GOSS 11.2.2), and only into
 * a DW. Reconstructed: any fieldworks marker is a DW (IP, ET-2, ET-3).
 */
function fsWithdrawRefusal(state: GameState, f: FsHitsFrame): string | null {
  if (!f.designated) return 'only attack-designated targets may withdraw into a DW instead of retreating';
  if (!state.fieldworks[f.hex]) return `${formatHex(f.hex)} holds no DW (IP, ET) to withdraw into`;
  return null;
}

/** The FS retreat of the target stack (GOSS 11.6.3): 1 hex; a chained overrunner (GOSS 5.3.5) from the hex it stands in. */
function fsRetreatFrame(state: GameState, f: FsHitsFrame): RetreatFrame {
  const ids = alive(state, f.units);
  const from = f.entered || !ids.length ? f.hex : unitOf(state, ids[0]).hex!;
  return { proc: 'retreat', rule: 'fs', side: f.side, units: ids, from, want: 1, prefix: false, noWithdraw: fsWithdrawRefusal(state, f) };
}

function fsCanRetreat(state: GameState, bundle: ScenarioBundle, f: FsHitsFrame): boolean {
  const r = fsRetreatFrame(state, f);
  return (r.units.length > 0 && canRetreat(state, bundle, r.side, r.from, r.units)) || r.noWithdraw === null;
}

/**
 * GOSS 11.6.2a step 1 alternative: the works non-designated targets may give up instead of the first
 * step loss — an ET-3, or (AW 1.2.7b) an ET-2 in bocage (fieldworks.ts `et3ToGiveUp`). Null with the
 * reason and case when none may be.
 */
function fsEt3Refusal(state: GameState, bundle: ScenarioBundle, f: FsHitsFrame): { message: string; case: string } | null {
  const h = formatHex(f.hex);
  if (!et3ToGiveUp(state, bundle, f.hex)) {
    const fw = state.fieldworks[f.hex];
    return fw === 'ET-2' && permanentWorksAt(bundle, f.hex)
      ? { message: `the Landefront ET-2 in ${h} may not be destroyed, so it cannot cancel a hit`, case: 'AW 1.2.6b' }
      : { message: `${h} holds no ET-3${fw ? ` (an ${fw}${fw === 'ET-2' ? ' outside bocage' : ''})` : ''} to give up for the first hit`, case: 'GOSS 11.6.2a, AW 1.2.7b' };
  }
  // reconstructed: "non-designated units may remove an ET-3" read as the whole target stack — attack-designated
  // units get no DW benefit (GOSS 17.4.1), and the same test decides the step-2 automatic PRC pass below.
  const des = f.units.filter((id) => live(unitOf(state, id)) && isAttackDesignated(unitOf(state, id)));
  if (des.length) return { message: `attack-designated units (${des.join(', ')}) in ${h} get no DW benefit: they may not give up the ET-3`, case: 'GOSS 11.6.2a, 17.4.1' };
  return null;
}

/** Drops designations, marks 1 AS on all and queues the 1-hex retreat (GOSS 11.6.2 option b / failed PRC). */
function fsBeginRetreat(run: Run, f: FsHitsFrame): void {
  for (const id of alive(run.d as GameState, f.units)) { const u = mutUnit(run.d, id); dropMarker(u, M.TA); dropMarker(u, M.PA); addAs(u, 1); }
  f.stage = 'retreat';
}

function fsStepOption(run: Run, f: FsHitsFrame, removeEt3: boolean): void {
  const { bundle, dice } = run.ctx;
  // Step 1: one unit loses a step — or the targets give up their ET-3 (GOSS 11.6.2a; AW 1.2.7b bocage ET-2).
  // On a Landefront hex the ET-3 goes back to the printed ET-2 (AW 1.2.6b, removeFieldworks), and the
  // step-2 automatic pass then comes from that ET-2 — reconstructed: "unless that ET-3 was just used"
  // names the ET-3 given up, not the printed works that stay.
  if (removeEt3) removeFieldworks(run.d, bundle, f.hex, run.events, 'given up to cancel the first FS numerical hit', run.d.fieldworks[f.hex] === 'ET-2' ? 'GOSS 11.6.2a, AW 1.2.7b' : 'GOSS 11.6.2a');
  else allocateSteps(lc(run, f), f.units, 1, { ignoreMax: false, why: 'first numerical hit as a step loss', case: 'GOSS 11.6.2a' });
  let left = f.hits - 1;
  const ids = alive(run.d as GameState, f.units);
  if (left <= 0 || !ids.length) { f.stage = 'done'; return; }
  // Step 2: PRC with the lowest defensive PR; non-designated units in an ET pass.
  const fw = run.d.fieldworks[f.hex];
  let pass: boolean;
  if (dugIn(fw) && !ids.some((id) => isAttackDesignated(unitOf(run.d, id) as UnitState))) {
    pass = true;
    run.events.push({ type: 'prc', pass, why: `automatic pass in an ${fw}`, case: 'GOSS 11.6.2a' });
  } else {
    // A leader counter has no PR and makes no PRC of its own (GOSS 23): the check is the other targets' (a leader
    // alone is checked at PR 0).
    const checking = ids.filter((id) => !isLeader(defOf(bundle, id)));
    const pr = Math.min(...(checking.length ? checking : ids).map((id) => defOf(bundle, id).prDef ?? 0));
    const lead = leaderPrcDrm(run.d as GameState, bundle, f.side, stacks(run.d as GameState, ids));
    const r = prc(dice, pr, lead?.drm ?? 0, `FS PRC (lowest defensive PR ${pr})`);
    pass = r.pass;
    run.events.push({ type: 'prc', pr, roll: r.roll, ...(lead ? { drm: lead.drm } : {}), pass, why: withLeader('FS hits PRC', lead), case: leaderCase('GOSS 11.6.2a', lead) });
  }
  if (pass) {
    allocateSteps(lc(run, f), f.units, 1, { ignoreMax: true, why: 'second numerical hit as a step loss', case: 'GOSS 11.6.2a' });
    left -= 1;
    f.remaining = left; f.remainder = 'free'; f.stage = 'absorb';
  } else {
    f.remaining = left; f.remainder = 'capped';
    fsBeginRetreat(run, f);
  }
}

function fsStep(f: FsHitsFrame, run: Run): Step {
  const state = run.d as GameState;
  switch (f.stage) {
    case 'option':
      if (f.hits <= 0 || !alive(state, f.units).length) { f.stage = 'done'; return 'next'; }
      return { wait: { side: f.side, kind: 'fsHits', prompt: `${f.hits} numerical hit(s): take the first as a step loss, or as a retreat?`, case: 'GOSS 11.6.2' } };
    case 'retreat':
      f.stage = 'absorb';
      return { call: fsRetreatFrame(state, f) };
    case 'absorb':
      return absorbStage(run, f, alive(state, f.units).length > 0, 'fsAbsorb', 'GOSS 11.6.2a', 'GOSS 11.6.2');
    default:
      return { end: null };
  }
}

// ---------- ground assault (GOSS 13.10) ----------

function maxRetreat(state: GameState, bundle: ScenarioBundle, f: GaHitsFrame, ids: string[]): number {
  const m = gaMods(bundle).retreatMax;
  const mech = ids.every((id) => defOf(bundle, id).moveClass === 'mech');
  return f.role === 'defender' ? (mech ? m.defendingMech : m.defendingLeg) : (mech ? m.attackingMech : m.attackingLeg);
}

/**
 * GOSS 13.10.4, 17.4.1: why the stack of `f` in `from` may not withdraw into a DW in its hex instead
 * of retreating, or null when it may. Only attackers withdraw; against exactly 1 discretionary hit
 * (Hold failed, Full retreat), or any number after a passed Limited-retreat PRC, where each DW
 * withdrawal cancels one hit like a hex retreated. Reconstructed: any fieldworks marker is a DW
 * (IP, ET-2, ET-3 — the DW of the GOSS 11.5 group B DRM and the 17.4.1 benefits).
 */
function gaWithdrawRefusal(state: GameState, f: Pick<GaHitsFrame, 'role' | 'option' | 'passed' | 'disc'>, from: HexId): string | null {
  if (f.role !== 'attacker') return 'only attacking units may withdraw into a DW instead of retreating';
  if (!state.fieldworks[from]) return `${formatHex(from)} holds no DW (IP, ET) to withdraw into`;
  if (!(f.option === 'limited' && f.passed) && f.disc !== 1) return `a DW withdrawal replaces the retreat only against exactly 1 discretionary hit (here ${f.disc}), or after a passed Limited-retreat PRC`;
  return null;
}

/**
 * Can every stack of `f` retreat 1 hex? With `orWithdraw` (GOSS 13.10.4b, Limited retreat): or, for an
 * attacking stack, withdraw into a DW in its hex instead — reconstructed: per attacking stack, either will do.
 */
function gaCanRetreat(state: GameState, bundle: ScenarioBundle, f: GaHitsFrame, orWithdraw = false): boolean {
  const ids = alive(state, f.units);
  const probe = orWithdraw && f.role === 'attacker' ? { ...f, option: 'limited' as const, passed: true } : null;
  return ids.length > 0 && stacks(state, ids).every((h) => (probe !== null && !gaWithdrawRefusal(state, probe, h))
    || canRetreat(state, bundle, f.side, h, ids.filter((id) => unitOf(state, id).hex === h)));
}

/**
 * Fieldworks that help the side's PRCs (the defender's hex). GOSS 17.4.1: DW benefits are not for
 * attack-designated units, so attackers standing in an ET get neither the +1 PR nor the automatic
 * Hold / Limited pass — that is why they may withdraw into it instead (13.10.4, `gaWithdrawRefusal`).
 */
function fwOf(state: GameState, f: GaHitsFrame): string | undefined {
  if (f.role === 'attacker') return undefined;
  const hs = stacks(state, f.units);
  return hs.length === 1 ? state.fieldworks[hs[0]] : undefined;
}

function convertOptions(state: GameState, bundle: ScenarioBundle, f: GaHitsFrame): { et3: boolean; bocage: boolean; recon: boolean } {
  const none = { et3: false, bocage: false, recon: false };
  if (f.mand <= 0 || !gaCanRetreat(state, bundle, f)) return none; // GOSS 13.10.2: only with a valid retreat
  const t = terrainOf(bundle.board, f.hex);
  const bocageRule = f.role === 'defender' && (t === 'bocage' || t === 'hedgerow');
  const german = alive(state, f.units).every((id) => defOf(bundle, id).side === 'german');
  return {
    // GOSS 13.10.2a; AW 1.2.7b: an ET-2 in bocage counts as an ET-3; AW 1.2.6b: not the Landefront ET-2.
    et3: f.role === 'defender' && !!et3ToGiveUp(state, bundle, f.hex),
    bocage: bocageRule && german,
    recon: alive(state, f.units).every((id) => { const d = defOf(bundle, id); return isRecon(d) || isCommando(d); }),
  };
}

/** Counts a finished retreat (or a blocked one, or a DW withdrawal) against the hits (GOSS 13.10.4). */
function gaRetreated(run: Run, f: GaHitsFrame, r: RetreatResult): void {
  f.retreat.shift();
  if (f.role === 'defender') {
    f.path = r.path.map(formatHex);
    const c = combatOf(run.d);
    for (const id of r.units) if (!c.retreatedAfterGa.includes(id)) c.retreatedAfterGa.push(id);
  }
  // GOSS 13.10.4: each hex retreated, and a DW withdrawal, cancels one hit.
  const cancelled = r.withdraw ? 1 : r.path.length;
  const left = Math.max(0, f.disc - cancelled);
  // Several attacking stacks: the shortest retreat sets the hits left (reconstructed reading of 13.10.4).
  f.remaining = Math.max(f.remaining, left);
  if (f.option === 'full') f.remainder = cancelled === 0 ? 'capped' : 'cappedIgnore';
  f.stage = f.retreat.length ? 'retreat' : 'absorb';
}

function gaStep(f: GaHitsFrame, run: Run): Step {
  const { bundle, dice } = run.ctx;
  const state = run.d as GameState;
  const ids = () => alive(state, f.units);
  switch (f.stage) {
    case 'prc': {
      f.stage = 'convert';
      const lead = f.leads.pr;
      if (f.prc && lead && live(unitOf(state, lead))) {
        const d = defOf(bundle, lead);
        const ep = effectivePr(state, bundle, lead, f.role === 'attacker' ? 'off' : 'def');
        let pr = ep.pr ?? 0;
        const fw = fwOf(state, f);
        if (dugIn(fw)) pr = Math.min(8, pr + 1);
        // GOSS 13.10.1: −1 DRM for a leader stacked with the lead PR unit (rules/leaders.ts).
        const ld = leaderPrcDrm(state, bundle, f.side, [unitOf(state, lead).hex!]);
        const r = prc(dice, pr, ld?.drm ?? 0, `GA mandatory PRC ${d.designation}`);
        run.events.push({ type: 'prc', unit: lead, pr, roll: r.roll, ...(ld ? { drm: ld.drm } : {}), pass: r.pass, why: withLeader(ep.note ? `mandatory PRC (${ep.note})` : 'mandatory PRC', ld), case: leaderCase(ep.case ? `GOSS 13.10.1, ${ep.case}` : 'GOSS 13.10.1', ld) });
        // GOSS 5.3.5: an overrunner takes every hit as a step loss.
        if (!r.pass) { if (f.overrun && f.role === 'attacker') f.mand += 1; else f.disc += 1; }
      }
      return 'next';
    }
    case 'convert': {
      const o = convertOptions(state, bundle, f);
      if (o.et3 || o.bocage || o.recon) return { wait: { side: f.side, kind: 'gaConvert', prompt: `Reduce or convert mandatory hits (${f.mand} mandatory)?`, case: 'GOSS 13.10.2, AW 1.2.7b' } };
      f.stage = 'mandatory';
      return 'next';
    }
    case 'mandatory': {
      f.stage = 'option';
      if (f.mand > 0) {
        const pri = [f.leads.pr, f.leads.arm].filter((x): x is string => !!x);
        const left = allocateSteps(lc(run, f), f.units, f.mand, { ignoreMax: f.ignoreMax, priority: pri, mandatory: true, why: 'mandatory hit', case: 'GOSS 13.10.3' });
        if (left > 0 && ids().length) { f.disc += left; run.events.push({ type: 'hitsConverted', side: f.side, n: left, why: 'mandatory hits beyond Max step loss become discretionary', case: 'GOSS 13.10.3' }); }
      }
      return 'next';
    }
    case 'option':
      if (f.disc <= 0 || !ids().length) { f.stage = 'done'; return 'next'; }
      return { wait: { side: f.side, kind: 'gaOption', prompt: `${f.disc} discretionary hit(s): Hold, Limited retreat or Full retreat?`, case: 'GOSS 13.10.4' } };
    case 'optionPrc': {
      const fw = fwOf(state, f);
      const us = ids();
      // AW 1.2.6e: Cherbourg morale modifies the PRs of Landefront units (combatPr.ts).
      const prs = us.map((id) => effectivePr(state, bundle, id, f.role === 'attacker' ? 'off' : 'def'));
      const pr = Math.min(...prs.map((x) => x.pr ?? 0));
      const morale = prs.find((x) => x.note && x.pr === pr);
      let pass: boolean;
      if (dugIn(fw)) { pass = true; run.events.push({ type: 'prc', pass, why: `automatic pass in an ${fw}`, case: 'GOSS 13.10.4a, 17.4.1' }); }
      else {
        // reconstructed: the check is made with the lowest PR, so the leader must be stacked with a unit of that PR.
        const ld = leaderPrcDrm(state, bundle, f.side, stacks(state, us.filter((_, i) => (prs[i].pr ?? 0) === pr)));
        const r = prc(dice, pr, ld?.drm ?? 0, `GA ${f.option} PRC (lowest PR ${pr})`);
        pass = r.pass;
        run.events.push({ type: 'prc', pr, roll: r.roll, ...(ld ? { drm: ld.drm } : {}), pass, why: withLeader(`${f.option} PRC with the lowest PR${morale ? ` (${morale.note})` : ''}`, ld), case: leaderCase(morale ? `GOSS 13.10.4, ${morale.case}` : 'GOSS 13.10.4', ld) });
      }
      f.passed = pass;
      const max = maxRetreat(state, bundle, f, us);
      if (pass && f.option === 'hold') { f.remaining = f.disc; f.remainder = 'free'; f.stage = 'absorb'; return 'next'; }
      if (pass) { f.retreat = stacks(state, us).map((h) => ({ from: formatHex(h), want: max, min: 1 })); f.remainder = 'free'; f.stage = 'retreat'; return 'next'; }
      const want = Math.min(f.disc, max);
      f.retreat = stacks(state, us).map((h) => ({ from: formatHex(h), want, min: want }));
      f.remainder = 'capped';
      f.stage = 'retreat';
      return 'next';
    }
    case 'retreat': {
      const next = f.retreat[0];
      if (!next) { f.stage = 'absorb'; return 'next'; }
      const from = hexOf(next.from);
      const stack = ids().filter((id) => unitOf(state, id).hex === from);
      if (!stack.length) { f.retreat.shift(); return 'next'; }
      f.stage = 'retreated';
      // GOSS 13.10.4: an attacker that may withdraw into its DW chooses between that and the retreat.
      return { call: { proc: 'retreat', rule: 'ga', side: f.side, units: stack, from, want: next.want, prefix: f.option === 'limited' && !!f.passed, noWithdraw: gaWithdrawRefusal(state, f, from) } };
    }
    case 'retreated': {
      const r = f.$ as RetreatResult;
      delete f.$;
      gaRetreated(run, f, r);
      return 'next';
    }
    case 'absorb':
      return absorbStage(run, f, ids().length > 0, 'gaAbsorb', 'GOSS 13.10.4', 'GOSS 13.10.4');
    default:
      return { end: { path: f.path } };
  }
}

// ---------- carpet bombing (AW 32.2.2) ----------

function carpetStep(f: CarpetHitsFrame, run: Run): Step {
  if (f.stage === 'steps') {
    f.stage = 'done';
    takeStepsMostFirst(lc(run, f), f.units, f.steps, `carpet bombing of ${formatHex(f.hex)}`, 'AW 32.2.2');
    return 'next';
  }
  return { end: null };
}

// ---------- the procedure ----------

const gaLegal = {
  gaConvert(f: GaHitsFrame, state: GameState, bundle: ScenarioBundle): Action[] {
    const o = convertOptions(state, bundle, f);
    const out: Action[] = [];
    for (const et3 of o.et3 ? [false, true] : [false]) for (const cv of ['none', ...(o.bocage ? ['bocage'] : []), ...(o.recon ? ['recon'] : [])] as ('none' | 'bocage' | 'recon')[]) {
      out.push({ type: 'gaConvert', removeEt3: et3, convert: cv });
    }
    return out;
  },
  gaOption(f: GaHitsFrame, state: GameState, bundle: ScenarioBundle): Action[] {
    return (['hold', ...(gaCanRetreat(state, bundle, f, true) ? ['limited'] : []), 'full'] as ('hold' | 'limited' | 'full')[]).map((option) => ({ type: 'gaOption' as const, option }));
  },
};

function ga(f: HitsFrame, kind: string): GaHitsFrame {
  if (f.rule !== 'ga') reject('not-pending', `no ${kind} decision is pending`, 'GOSS 13');
  return f;
}
function fs(f: HitsFrame, kind: string): FsHitsFrame {
  if (f.rule !== 'fs') reject('not-pending', `no ${kind} decision is pending`, 'GOSS 11.6');
  return f;
}

export const hitsProcedure = defineProcedure({
  name: 'hits',
  step(f, run) {
    return f.rule === 'fs' ? fsStep(f, run) : f.rule === 'ga' ? gaStep(f, run) : carpetStep(f, run);
  },
  decisions: {
    fsHits: {
      case: 'GOSS 11.6',
      legal(f, state, bundle) {
        if (f.rule !== 'fs') return [];
        const opts: Action[] = [{ type: 'fsHits', option: 'step' }];
        if (!fsEt3Refusal(state, bundle, f)) opts.push({ type: 'fsHits', option: 'step', removeEt3: true });
        if (fsCanRetreat(state, bundle, f)) opts.push({ type: 'fsHits', option: 'retreat' });
        return opts;
      },
      apply(frame, action, run) {
        const a = action as ActionOf<'fsHits'>;
        const f = fs(frame, 'fsHits');
        run.events.push({ type: 'fsHitsOption', option: a.option, ...(a.removeEt3 ? { removeEt3: true } : {}), case: 'GOSS 11.6.2' });
        f.option = a.option;
        if (a.removeEt3) {
          if (a.option !== 'step') reject('et3-not-retreat', 'an ET-3 may replace only the first step loss of option a, not the retreat of option b', 'GOSS 11.6.2a');
          const no = fsEt3Refusal(run.d as GameState, run.ctx.bundle, f);
          if (no) reject('no-et3', no.message, no.case);
        }
        if (a.option === 'retreat') {
          if (!fsCanRetreat(run.d as GameState, run.ctx.bundle, f)) reject('cannot-retreat', 'the stack cannot retreat 1 hex (nor withdraw into a DW): the first hit must be a step loss', 'GOSS 11.6.2b');
          f.remaining = Math.ceil((f.hits - 1) / 2); f.remainder = 'cappedIgnore';
          fsBeginRetreat(run, f);
        } else fsStepOption(run, f, !!a.removeEt3);
      },
    },
    fsAbsorb: {
      case: 'GOSS 11.6',
      legal: (f) => (f.rule === 'fs' ? Array.from({ length: Math.min(2, f.remaining) + 1 }, (_, k) => ({ type: 'fsAbsorb', fatigue: k })) : []),
      apply(frame, action, run) {
        const a = action as ActionOf<'fsAbsorb'>;
        const f = fs(frame, 'fsAbsorb');
        if (a.fatigue > Math.min(2, f.remaining)) reject('too-much-fatigue', `at most ${Math.min(2, f.remaining)} fatigue hit(s) here`, 'GOSS 11.6.2a');
        absorb(lc(run, f), f.units, f.remaining, 'free', 'GOSS 11.6.2a', a.fatigue);
        f.remaining = 0; f.stage = 'done';
      },
    },
    gaConvert: {
      case: 'GOSS 13',
      legal: (f, state, bundle) => (f.rule === 'ga' ? gaLegal.gaConvert(f, state, bundle) : []),
      apply(frame, action, run) {
        // The canonical action leaves out removeEt3 / convert at their defaults; the legal list spells them.
        const act = action as ActionOf<'gaConvert'>;
        const a = { type: act.type, removeEt3: act.removeEt3 ?? false, convert: act.convert ?? 'none' };
        const f = ga(frame, 'gaConvert');
        requireListed(gaLegal.gaConvert(f, run.d as GameState, run.ctx.bundle), { ...a }, 'gaConvert', 'GOSS 13.10.2');
        if (a.removeEt3 && f.mand > 0) {
          // GOSS 13.10.2a: the ET-3 (AW 1.2.7b: or the bocage ET-2 used as one) goes, not replaced by an
          // ET-2 — except the printed Landefront ET-2 under it, which stays (AW 1.2.6b, removeFieldworks).
          removeFieldworks(run.d, run.ctx.bundle, f.hex, run.events, 'ET removed to cancel a mandatory hit', 'GOSS 13.10.2a, AW 1.2.7b');
          f.mand -= 1;
        }
        if (a.convert !== 'none' && f.mand > 0) {
          f.mand -= 1; f.disc += 1;
          run.events.push({ type: 'hitsConverted', side: f.side, n: 1, why: a.convert === 'bocage' ? 'German defender in bocage/hedgerow converts a mandatory hit' : 'all-Recon/CDO side converts a mandatory hit', case: a.convert === 'bocage' ? 'AW 1.2.7b' : 'GOSS 13.10.2b' });
        }
        f.stage = 'mandatory';
      },
    },
    gaOption: {
      case: 'GOSS 13',
      legal: (f, state, bundle) => (f.rule === 'ga' ? gaLegal.gaOption(f, state, bundle) : []),
      apply(frame, action, run) {
        const a = action as ActionOf<'gaOption'>;
        const f = ga(frame, 'gaOption');
        const state = run.d as GameState;
        requireListed(gaLegal.gaOption(f, state, run.ctx.bundle), { ...a }, 'gaOption', 'GOSS 13.10.4');
        f.option = a.option;
        run.events.push({ type: 'gaOptionDeclared', side: f.side, option: a.option, case: 'GOSS 13.10.4' });
        if (a.option === 'full') {
          const us = alive(state, f.units);
          const max = maxRetreat(state, run.ctx.bundle, f, us);
          f.retreat = stacks(state, us).map((h) => ({ from: formatHex(h), want: max, min: max }));
          f.remainder = 'cappedIgnore';
          f.stage = 'retreat';
        } else f.stage = 'optionPrc';
      },
    },
    gaAbsorb: {
      case: 'GOSS 13',
      legal: (f) => (f.rule === 'ga' ? Array.from({ length: Math.min(2, f.remaining) + 1 }, (_, k) => ({ type: 'gaAbsorb', fatigue: k })) : []),
      apply(frame, action, run) {
        const a = action as ActionOf<'gaAbsorb'>;
        const f = ga(frame, 'gaAbsorb');
        requireListed(Array.from({ length: Math.min(2, f.remaining) + 1 }, (_, k) => ({ type: 'gaAbsorb', fatigue: k })), { ...a }, 'gaAbsorb', 'GOSS 13.10.4');
        absorb(lc(run, f), f.units, f.remaining, 'free', 'GOSS 13.10.4', a.fatigue);
        f.remaining = 0;
        f.stage = 'done';
      },
    },
  },
});

/** The hit frame for one side of a ground assault (GOSS 13.10), from its GAT result. */
export function gaHitsFrame(x: Omit<GaHitsFrame, 'proc' | 'rule' | 'stage' | 'option' | 'passed' | 'remaining' | 'remainder' | 'retreat' | 'lost' | 'path'>): GaHitsFrame {
  return { proc: 'hits', rule: 'ga', ...x, stage: 'prc', option: null, passed: null, remaining: 0, remainder: 'free', retreat: [], lost: {}, path: [] };
}

/** The hit frame for an FS mission's target stack (GOSS 11.6.2). */
export function fsHitsFrame(x: Pick<FsHitsFrame, 'side' | 'hex' | 'units' | 'hits' | 'designated' | 'entered'>): FsHitsFrame {
  return { proc: 'hits', rule: 'fs', ...x, stage: 'option', option: null, remaining: 0, remainder: 'free', lost: {} };
}

/** The hit frame for a carpet-bombed hex (AW 32.2.2). */
export function carpetHitsFrame(x: Pick<CarpetHitsFrame, 'side' | 'hex' | 'units' | 'steps'>): CarpetHitsFrame {
  return { proc: 'hits', rule: 'carpet', ...x, stage: 'steps', remaining: 0, remainder: 'free', lost: {} };
}
