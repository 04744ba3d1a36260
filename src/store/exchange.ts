/**
 * A scripted play-by-e-mail exchange between two browsers' copies of one game, through the turn-file
 * API the app uses (prepareSend, importTurn, join, appendOrders, applyStandingOrders): for tests
 * and the files-per-game-turn measurement of issue 15 ("two files per game turn"). Not used by the app.
 */
import { apply, endSegmentRefusal, legalActions, sideToAct, type Action, type GameState, type Side } from '../engine';
import { enemyOf, isAttackDesignated, live } from '../engine/query';
import { segmentAt } from '../engine/sequence';
import { formatHex } from '../engine/hex';
import { bundleOf } from '../engine';
import { assaultOptions } from '../engine/rules/groundAssault';
import {
  appendAction, appendOrders, applyStandingOrders, createSave, importTurn, orderFor, saveToText,
  type SavedGame, type StandingOrders,
} from '../save';
import { fakeRandom, must, testChain } from '../save/testkit';
import { join, prepareSend, type PbemSeat } from './pbem';
import { unitList, unitOf } from '../engine/unitTable';

const END: Action = { type: 'endSegment' };
const segId = (s: GameState) => segmentAt(bundleOf(s).sequence, s.pos).segment.id;

/** The hit and retreat orders both sides give in the script (GOSS 11.6.2–11.6.3, 13.3.2, 13.10, 13.11). */
export const HIT_ORDERS: StandingOrders['orders'] = [
  { type: 'gaDefend', lines: [1, 2, 3, 4] },
  { type: 'fsHits', option: 'step' },
  { type: 'fsAbsorb', fatigue: 1 },
  { type: 'fsRetreat', paths: [], otherwise: 'first' },
  { type: 'gaConvert' },
  { type: 'gaOption', option: 'hold' },
  { type: 'gaAbsorb', fatigue: 1 },
  { type: 'gaRetreat', paths: [], otherwise: 'first' },
];

/**
 * The script's standing orders of `side` for the opponent's coming turn: fire at the first assault
 * designated against each of `fireAt` (AW 31.2.2b), then end the Defensive FS Segment; the hit orders.
 */
export function scriptOrders(fireAt: string[]): StandingOrders {
  return { orders: [...fireAt.map((at) => ({ type: 'fire' as const, at })), { type: 'endDefensiveFs' }, ...HIT_ORDERS] };
}

export interface Copy { side: Side; game: SavedGame | null; seat: PbemSeat }

export interface ExchangeLog { files: { from: Side; entries: number; turn: number; segment: string; why: string }[]; missions: number; assaults: number; ordered: number }

/**
 * The script: the Allies designate up to three units against different hexes and make one ground
 * assault; both sides answer decisions as their orders say (`orders(side, state)`), in their own
 * browser unless `useOrders` (then the opponent's browser applies them and the file goes on).
 */
export function scriptedTurn(opts: { seed: string; useOrders: boolean; orders: (side: Side, s: GameState) => StandingOrders}): ExchangeLog & { allied: Copy; german: Copy } {
  const allied: Copy = { side: 'allied', game: null, seat: { me: 'allied', chain: testChain(`${opts.seed}-allied`, 256) } };
  const german: Copy = { side: 'german', game: null, seat: { me: 'german', chain: testChain(`${opts.seed}-german`, 256) } };
  allied.game = must(createSave({ scenario: 'goodwood', dice: 'fast', players: { allied: 'Monty', german: 'Rommel' }, seed: opts.seed, random: fakeRandom(opts.seed), creator: { side: 'allied', chain: allied.seat.chain! } }));
  const log: ExchangeLog = { files: [], missions: 0, assaults: 0, ordered: 0 };
  let startTurn = 0;
  let cur = allied;
  let counting = false;
  const send = (from: Copy, to: Copy, why: string) => {
    let g = from.game!;
    if (opts.useOrders) g = must(appendOrders(g, from.side, opts.orders(from.side, g.state)));
    const r = prepareSend(g, from.seat);
    if (!r.ok) throw new Error(r.error);
    from.game = r.game;
    const text = saveToText(r.game.save);
    const imp = importTurn(to.game, text, to.side);
    if (!imp.ok) throw new Error(`${to.side} refuses ${from.side}'s file: ${imp.error}`);
    if (to.game) to.game = imp.game;
    else {
      const j = join(imp.game, to.side, fakeRandom(`${opts.seed}-join`));
      if (!j.ok) throw new Error(j.error);
      to.game = j.game;
      if (j.seat) to.seat = j.seat;
    }
    if (counting) log.files.push({ from: from.side, entries: r.game.save.entries.length, turn: r.game.state.pos.turn, segment: segId(r.game.state), why });
    cur = to;
  };
  const designated = new Set<string>();
  let assaulted = false;
  for (let guard = 0; guard < 3000; guard++) {
    const g = cur.game!;
    const s = g.state;
    if (s.over) break;
    // One game turn: from the Allied player's first move after the German setup to the file that brings it the next game turn.
    if (!s.beforePlay && !counting && cur.side === 'allied') { counting = true; startTurn = s.pos.turn; }
    if (counting && s.pos.turn > startTurn && cur.side === 'allied') break;
    const actor = sideToAct(s)!;
    if (actor !== cur.side) { send(cur, cur === allied ? german : allied, s.pending ? s.pending.kind : segId(s)); continue; }
    const a = policy(s, actor, opts.orders(actor, s), designated, assaulted);
    const r = appendAction(g, a);
    if (!r.ok) {
      if (r.code === 'dice') { send(cur, cur === allied ? german : allied, `dice for ${a.type}`); continue; }
      throw new Error(`${actor} ${JSON.stringify(a)} refused at ${segId(s)}: ${r.error}`);
    }
    if (a.type === 'fireMission' && actor === 'german') log.missions++;
    if (a.type === 'assault') { log.assaults++; assaulted = true; }
    cur.game = r.game;
    if (opts.useOrders) {
      const o = applyStandingOrders(cur.game, enemyOf(cur.side));
      for (const x of o.applied) { log.ordered++; if ((x.action as Action | null)?.type === 'fireMission') log.missions++; }
      cur.game = o.game;
    }
  }
  return { ...log, allied, german };
}

/** What the script plays for `side` in its own browser: its orders where they answer, else the moves below. */
export function policy(s: GameState, side: Side, orders: StandingOrders, designated: Set<string>, assaulted: boolean): Action {
  const o = orderFor(s, orders, side);
  if (o) return o.action;
  if (s.pending) {
    if (s.pending.kind === 'gaAdvance') return { type: 'gaAdvance', units: [] } as Action;
    return legalActions(s, side)[0];
  }
  if (s.beforePlay) return legalActions(s, side).find((a) => a.type === 'finishSetup') ?? END;
  const seg = segId(s);
  if (side === 'allied' && seg === 'attackDesignation' && designated.size < 3) {
    // Up to three single-unit designations that could assault, against different hexes.
    const targets = new Set<string>();
    for (const u of designated) { const t = assaultHex(s, u); if (t) targets.add(t); }
    for (const a of legalActions(s, side, (t) => t === 'designate')) {
      const u = (a as { units: string[] }).units[0];
      if (designated.has(u)) continue;
      const r = apply(s, a);
      if (!r.ok) continue;
      const t = assaultHex(r.state, u);
      if (!t || targets.has(t)) continue;
      // …and that the German artillery can fire at in its Defensive FS Segment (the script wants three missions).
      const fs = apply(r.state, END);
      const at = formatHex(unitOf(r.state, u).hex!);
      if (!fs.ok || !legalActions(fs.state, enemyOf(side), (x) => x === 'fireMission').some((m) => (m as { target?: string }).target === at)) continue;
      designated.add(u);
      return a;
    }
    designated.add('-').add('--').add('---'); // no more: end the segment
  }
  if (side === 'allied' && seg === 'attackerAdjustment') {
    // One assault: keep the first designated unit that can still assault, drop the others (AW 31.2.2d).
    const ta = unitList(s).filter((u) => u.side === side && live(u) && isAttackDesignated(u)).map((u) => u.id).sort();
    const keep = ta.find((u) => assaultHex(s, u));
    const drop = ta.find((u) => u !== keep);
    if (drop) return { type: 'dropAttack', unit: drop } as Action;
  }
  if (side === 'allied' && seg === 'groundAssault' && !assaulted) {
    const ga = assaultOptions(s, bundleOf(s), side)[0];
    if (ga) return ga;
  }
  return endOrFix(s, side);
}

/**
 * The end of the segment, or, when it cannot end (a hex overstacked by a retreat into it, GOSS
 * 6.3.0/6.7.0: the dice of earlier fights decide whether that happens), the elimination of an excess
 * unit the engine offers, so the script never stalls on a refusal.
 */
function endOrFix(s: GameState, side: Side): Action {
  if (!endSegmentRefusal(s)) return END;
  return legalActions(s, side, (t) => t === 'eliminateOverstack')[0] ?? END;
}

/**
 * The script's three designations from the Attack Designation Segment `s`, and the hexes they
 * would assault (what the German's fire orders name, AW 31.2.2b).
 */
export function scriptDesignations(s: GameState): { units: string[]; against: string[] } {
  const designated = new Set<string>();
  const units: string[] = [];
  const against: string[] = [];
  let cur = s;
  for (let i = 0; i < 3; i++) {
    const a = policy(cur, 'allied', { orders: [] }, designated, false);
    if (a.type !== 'designate') break;
    const r = apply(cur, a);
    if (!r.ok) break;
    cur = r.state;
    const u = (a as { units: string[] }).units[0];
    units.push(u);
    against.push(assaultHex(cur, u)!);
  }
  return { units, against };
}

/** The hex a designated unit could assault (the first the rules offer), or null. */
function assaultHex(s: GameState, unit: string): string | null {
  const ga = assaultOptions(s, bundleOf(s), 'allied').find((x) => (x as { attackers: string[] }).attackers.includes(unit)) as { hex: string } | undefined;
  return ga?.hex ?? null;
}
