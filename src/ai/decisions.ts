/**
 * Pending decisions (GameState.pending): the choice among exactly the options legalActions lists.
 * Each kind the opponent understands is scored; any other kind (rules still landing) gets a seeded
 * pick among the legal options, so the opponent never blocks the game.
 */
import { formatHex, tryParseHexRef, type HexId } from '../engine/hex';
import { legalActions } from '../engine/game';
import { setupStatus, gaOdds, defOf, isAttackDesignated, live, stepsLeft, frameOf } from '../engine/query';
import type { Action, ActionOf, GameState } from '../engine/types';
import { isCounterattacker, leavesFortEmpty, wouldOverstack, type AiCtx } from './context';
import { columnExpectation } from './evaluate';
import { hexScore } from './movement';
import { aiRng } from './rng';
import { airborneDecision } from './airborne';
import { unitOf } from '../engine/unitTable';

const hexOf = (ref: string): HexId | null => { const r = tryParseHexRef(ref); return 'error' in r ? null : r.hex; };

/** Value of ending a retreat or advance in `h` for the units that move (their mean hex score). */
function groundValue(ctx: AiCtx, state: GameState, units: string[], h: HexId): number {
  const us = units.map((id) => unitOf(state, id)).filter(live);
  if (!us.length) return 0;
  let s = 0;
  for (const u of us) s += hexScore(ctx, state, u, h, { reserve: false, halt: false, from: u.hex });
  return s / us.length;
}

/** Is the hex one the side must keep (a hold hex, or fieldworks it stands in)? */
function keyHex(ctx: AiCtx, state: GameState, h: HexId): boolean {
  return ctx.st.hold[h] >= 3 || (state.fieldworks[h] === 'ET-2' || state.fieldworks[h] === 'ET-3') || (!!ctx.posture.keepFieldworks && !!state.fieldworks[h]);
}

export function decide(ctx: AiCtx, state: GameState): Action | null {
  const p = state.pending;
  if (!p || p.side !== ctx.side) return null;
  const legal = legalActions(state, ctx.side);
  if (!legal.length) return null;
  // The procedures in progress (engine/procedures): the assault, and the hits the decision is about.
  const ga = frameOf(state, 'groundAssault');
  const hf = frameOf(state, 'hits');
  const fs = hf?.rule === 'fs' ? { target: hf.hex, units: hf.units, hits: hf.hits } : null;
  const gaSide = hf?.rule === 'ga' ? hf : null;
  const best = (score: (a: Action) => number): Action => {
    let top = legal[0]; let v = -Infinity;
    for (const a of legal) { const s = score(a); if (s > v) { v = s; top = a; } }
    return top;
  };
  switch (p.kind) {
    case 'abRetreat':
    case 'abAdvance': {
      const a = airborneDecision(ctx, state, legal);
      if (a) return a;
      break;
    }
    case 'gaDefend': {
      if (!ga) break;
      // GOSS 13.3.2 / 13.5: the line, standoff and OhS choice with the least expected net loss for us.
      return best((a) => {
        const { line, standoff = [], fullStrength = [] } = a as ActionOf<'gaDefend'>;
        const x = { line, standoff, fullStrength };
        const r = gaOdds(state, ctx.bundle, { ...ga.decl, hex: ga.hex, attackers: ga.attackers, line: x.line, standoff: [...ga.decl.standoff, ...x.standoff], fullStrength: x.fullStrength, resolving: true });
        if (!r.ok) return -99;
        const e = columnExpectation(ctx.bundle, r.odds.column, r.odds.drm);
        return e.attLoss - e.defLoss - 0.1 * x.fullStrength.length;
      });
    }
    case 'gaConvert': {
      // Converting a mandatory hit to a discretionary one is always at least as good; an ET-3 is
      // spent only when the stack would otherwise lose its last steps.
      const sp = gaSide;
      const steps = sp ? sp.units.map((id) => unitOf(state, id)).filter(live).reduce((s, u) => s + stepsLeft(defOf(ctx.bundle, u.id), u), 0) : 99;
      return best((a) => {
        const x = a as ActionOf<'gaConvert'>;
        return ((x.convert ?? 'none') !== 'none' ? 2 : 0) + (x.removeEt3 ? (sp && steps <= sp.mand ? 3 : -1) : 0);
      });
    }
    case 'gaOption': {
      const sp = gaSide;
      if (!sp) break;
      const defending = sp.role === 'defender';
      const hex = defending ? ga!.hex : unitOf(state, sp.units.find((id) => live(unitOf(state, id))) ?? '')?.hex ?? null;
      const keep = hex !== null && defending && keyHex(ctx, state, hex);
      const has = (o: string) => legal.some((a) => (a as { option?: string }).option === o);
      const pick = (o: string) => legal.find((a) => (a as { option?: string }).option === o)!;
      // GOSS 13.10.4: hold a key hex; otherwise trade ground for steps once the hits mount.
      if (keep && sp.disc <= 2) return pick('hold');
      if (sp.disc <= 1) return pick('hold');
      if (has('limited') && sp.disc <= 2) return pick('limited');
      return pick('full');
    }
    case 'gaRetreat':
    case 'fsRetreat': {
      const sp = gaSide;
      const movers = p.kind === 'fsRetreat' ? (fs?.units ?? []) : (sp?.units ?? []);
      // Longer paths cancel more hits; the end hex should be safe ground.
      return best((a) => {
        const { path, from, withdraw } = a as { path: string[]; from?: string; withdraw?: boolean };
        const mine = movers.filter((id) => unitOf(state, id)?.side === ctx.side);
        // GOSS 13.10.4: a DW withdrawal stays in the works and cancels one hit, like a 1-hex retreat.
        if (withdraw) { const h = p.kind === 'fsRetreat' ? fs?.target ?? null : hexOf(from ?? ''); return h === null ? -99 : groundValue(ctx, state, mine, h) + 0.8; }
        const end = hexOf(path[path.length - 1]);
        if (end === null) return -99;
        return groundValue(ctx, state, mine, end) + 0.8 * path.length - (wouldOverstack(ctx, state, mine, end) ? 20 : 0);
      });
    }
    case 'gaAbsorb':
    case 'fsAbsorb':
      // Fatigue recovers (GOSS 14); steps do not: absorb as much as possible as fatigue.
      return best((a) => (a as ActionOf<'gaAbsorb' | 'fsAbsorb'>).fatigue);
    case 'fsHits': {
      if (!fs) break;
      const h = fs.target;
      const steps = fs.units.map((id) => unitOf(state, id)).filter(live).reduce((s, u) => s + stepsLeft(defOf(ctx.bundle, u.id), u), 0);
      const retreat = legal.find((a) => (a as { option?: string }).option === 'retreat');
      // GOSS 11.6.2: keep key hexes (first hit as a step); elsewhere retreat out of a heavy mission or a thin stack.
      // A counterattack stack (posture `counterattack`) designated for its assault stands and takes the hits while
      // it keeps steps to attack with: a retreat would drop its designation (GOSS 11.6.2).
      const attacking = fs.units.some((id) => unitOf(state, id)?.side === ctx.side && isAttackDesignated(unitOf(state, id)) && isCounterattacker(ctx, id)) && steps > fs.hits + 1;
      if (retreat && !keyHex(ctx, state, h) && !attacking && (fs.hits >= 2 || steps <= 1)) return retreat;
      // GOSS 11.6.2a: as for gaConvert, the ET-3 is given up only when the stack would otherwise lose its last steps.
      const et3 = legal.find((a) => (a as { removeEt3?: boolean }).removeEt3);
      if (et3 && steps <= fs.hits) return et3;
      return legal.find((a) => (a as { option?: string }).option === 'step') ?? legal[0];
    }
    case 'gaAdvance': {
      if (!ga) break;
      const target = ga.hex;
      return best((a) => {
        const x = a as ActionOf<'gaAdvance'>;
        if (!x.units.length) return 0;
        if ((x.hexes ?? 1) > 1) return -1; // advancing deeper than the won hex strings the stack out
        if (wouldOverstack(ctx, state, x.units, target)) return -5;
        // A side that keeps its fieldworks does not advance its last units out of them (posture keepFieldworks).
        const origins = new Set(x.units.map((id) => unitOf(state, id).hex!));
        if ([...origins].some((h) => leavesFortEmpty(ctx, state, x.units, h))) return -5;
        const gain = groundValue(ctx, state, x.units, target) - groundValue(ctx, state, x.units, unitOf(state, x.units[0]).hex!);
        return gain * x.units.length + (ctx.posture.posture === 'attack' ? 0.3 * x.units.length : 0);
      });
    }
    case 'setup': {
      // AW 34.11.2 placement pools: the engine's seeded legal setup (every unit in its area, the
      // fieldworks on their zone, the front-line check met), then close the setup.
      const st = setupStatus(state, ctx.bundle);
      const waiting = !!st && (st.pools.some((x) => x.waiting.length) || Object.values(st.fieldworksLeft).some((n) => n > 0));
      const find = (t: string) => legal.find((a) => a.type === t);
      const a = (waiting ? find('randomSetup') : null) ?? find('finishSetup') ?? find('randomSetup');
      if (a) return a;
      break;
    }
    case 'overrunFs':
      // GOSS 5.3.5: fire on the overrunner with the biggest mission offered; each hit or AS weakens the overrun.
      return best((a) => {
        const x = a as ActionOf<'overrunFs'>;
        return x.fire ? (x.artillery ?? []).reduce((n, y) => n + (y.points ?? 0), 0) : 0;
      });
    case 'airAllocation':
      // AW 20.1.1: the engine offers first the GS split by where our units are.
      return legal[0];
    case 'gi': {
      // AW 31.7: interdict every German unit open to it (air has no other use at that moment).
      return legal.find((a) => a.type === 'interdict') ?? legal[0];
    }
  }
  // Unknown decision: a seeded pick, stable across replays.
  return aiRng(state, ctx.side, `pending:${p.kind}`).pick(legal);
}

/** For debugging and the progress label. */
export function describePending(state: GameState): string {
  const p = state.pending;
  if (!p) return '';
  const ga = frameOf(state, 'groundAssault');
  return ga ? `${p.kind} at ${formatHex(ga.hex)}` : p.kind;
}

