/**
 * Fieldwork construction (GOSS 17.3.3; AW 31.10.0 "All rules pertaining to the construction and benefits
 * of FWs are in effect. Exception: ET-3s may not be built"; AW 1.2.7c bocage). In the intro sequence:
 *
 * - `construct {hex, work, units}` in the side's Construction Segment (AW 31.2.1d) starts an IP or an
 *   ET-2 in the builders' hex. Builders: the side's units in the hex, in Tac mode (GOSS 5.1.0e), not
 *   fatigued, not out of supply (GOSS 15.6), no HQ or artillery; one task per GT. The time follows the
 *   builders' steps (goss-core.md 17.3.3):
 *     IP:   1 Eng step + 1 other step, or 2+ Eng steps: finished in the same GT's Construction
 *           Completion Segment (GOSS 17.3.3 quick construction, AW 31.2.1f); 2+ non-HQ non-Art steps or
 *           1 Eng step: one GT (finished in the side's next Construction Segment).
 *     ET-2: 2+ Eng steps: same GT; 1 Eng step + 1 other step: one GT. It needs a finished IP in the hex,
 *           except in a village, town or city (GOSS 17.3.3) or bocage (AW 1.2.7c); never started in a hex an
 *           enemy ground unit observes (GOSS 17.3.3).
 *   AW 1.2.7c: in a bocage hex an IP needs no time: two steps of one non-Art non-HQ unit, or one Eng step,
 *   place it at once at the start of the Movement Phase (the Construction Segment) and may still move.
 * - Builders do nothing else while the work is under way (`Build` marker: no move, no attack
 *   designation, GOSS 17.3); the work is lost if a builder is gone from the hex, has lost a step, was
 *   retreated or became out of supply before it is finished (GOSS 17.3).
 * - Bridges (GOSS 17.3.0; AW 34.6.0 "all rules pertaining to bridges", `special.bridges.construction`):
 *   `construct {hex, work: 'bridge', units, to}`: the Eng units in `hex` bridge the water hexside to `to`
 *   (no standing bridge there): a stream in 1 GT, a river in 3 / 2 / 1 GTs with 1 / 2 / 3+ Eng steps, a
 *   major river in 3 / 2 GTs with 2 / 3+; not with an enemy unit in `to` or next to the builders unless
 *   friendly units hold both hexes. Finished in the side's Construction Segment that many GTs later, as a
 *   bridge placed in play (placedBridges.ts: movement, retreats, GA, GenS); lost like any work, or when
 *   an enemy unit holds `to` then.
 * The tables of steps and GTs are data/tables/construction.json `fieldworks` and `bridges`.
 */
import { mutUnit, patchUnit, unitList, unitOf } from '../unitTable';
import type { Draft } from 'immer';
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import { terrainsIn } from '../board';
import { segmentAt, phasingSide } from '../sequence';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { hasMarker, isArtillery, isEngineer, isHq, isLeader, MARKER, stepsLeft } from './unit-traits';
import { constructionTable } from './combatTables';
import { unitIndex } from './unitIndex';
import { observedBy } from './movement';
import { areAdjacent, hexsideBetween, neighbours } from '../hex';
import { SIDE_BIT } from '../board';
import { special } from './scenarioArea';
import { standingBridge, type PlacedBridgesState } from './placedBridges';

const CASE = 'GOSS 17.3.3, AW 31.10.0';
const BOCAGE = 'AW 1.2.7c';
type Work = 'IP' | 'ET-2';
export interface BuildJob { hex: number; work: Work | 'bridge'; to?: number; side: Side; units: string[]; steps: number[]; turn: number; when: 'thisGt' | 'nextGt'; due?: number }
type WithJobs = { special?: { construction?: BuildJob[]; bridges?: PlacedBridgesState } };

const no = (code: string, message: string, c = CASE): Rejection => ({ code, message, case: c });
const jobs = (s: GameState): BuildJob[] => (s as GameState & WithJobs).special?.construction ?? [];
const RANK: Record<string, number> = { IP: 1, 'ET-2': 2, 'ET-3': 3, StP: 4, Fort: 4 };

function segId(state: GameState, bundle: ScenarioBundle): string {
  return segmentAt(bundle.sequence, state.pos).segment.id;
}

/** Eng steps and other (non-HQ, non-Art) steps of the builders (GOSS 17.3.3). */
function stepsOf(state: GameState, bundle: ScenarioBundle, ids: string[]): { eng: number; other: number; oneUnitTwo: boolean } {
  let eng = 0; let other = 0; let oneUnitTwo = false;
  for (const id of ids) {
    const d = bundle.units.get(id)!;
    const n = stepsLeft(d, unitOf(state, id));
    if (isEngineer(d)) eng += n; else other += n;
    if (!isEngineer(d) && n >= 2) oneUnitTwo = true;
  }
  return { eng, other, oneUnitTwo };
}

/** How long the work takes with these steps, or null when they cannot build it (data/tables/construction.json). */
function timeFor(bundle: ScenarioBundle, work: Work, s: { eng: number; other: number }): 'thisGt' | 'nextGt' | null {
  const rows = constructionTable(bundle).fieldworks[work];
  for (const r of rows) if (s.eng >= r.eng && s.eng + s.other >= r.eng + r.other) return r.time;
  return null;
}

function builderProblem(state: GameState, bundle: ScenarioBundle, id: string, side: Side, hex: HexId): Rejection | null {
  const u = unitOf(state, id);
  const d = bundle.units.get(id);
  if (!u || !d) return no('no-such-unit', `there is no unit "${id}"`);
  const n = d.designation;
  if (u.side !== side) return no('not-your-unit', `${n} belongs to the other side`);
  if (u.hex !== hex || u.eliminated) return no('not-in-hex', `${n} is not in ${formatHex(hex)}`);
  if (isHq(d) || isArtillery(d) || isLeader(d)) return no('not-a-builder', `${n}: HQs and artillery do not build fieldworks`);
  if (hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT)) return no('not-tactical', `${n} is not in Tac mode (PA, CR or Exploit marker)`, 'GOSS 5.1.0e');
  if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return no('fatigued', `${n} is fatigued and may not build`, 'GOSS 17.3');
  if (hasMarker(u, MARKER.OOS)) return no('oos', `${n} is out of supply and may not build`, 'GOSS 15.6, 17.3');
  if (hasMarker(u, MARKER.BUILD)) return no('building', `${n} is already building this GT`, 'GOSS 17.3');
  return null;
}

/** AW 1.2.7c: the builders place an IP in their bocage hex at once. */
function bocageInstant(state: GameState, bundle: ScenarioBundle, hex: HexId, s: { eng: number; oneUnitTwo: boolean }): boolean {
  return terrainsIn(bundle.board, hex).includes('bocage') && (s.eng >= 1 || s.oneUnitTwo);
}

/** Why `units` may not start `work` in `hex` now, or how long it takes. */
export function constructionCheck(state: GameState, bundle: ScenarioBundle, side: Side | null, hex: HexId, work: Work, units: string[]): Rejection | { when: 'now' | 'thisGt' | 'nextGt' } {
  if (segId(state, bundle) !== 'construction' || !side || phasingSide(bundle.scenario, state.pos) !== side) return no('wrong-segment', 'fieldworks are started in the side\'s own Construction Segment', 'AW 31.2.1d, GOSS 17.3');
  if (!units.length) return no('no-builders', 'name the units that build');
  if (new Set(units).size !== units.length) return no('twice', 'a unit is named twice');
  for (const id of units) { const e = builderProblem(state, bundle, id, side, hex); if (e) return e; }
  const have = state.fieldworks[hex];
  if (have && (RANK[have] ?? 0) >= RANK[work]) return no('has-works', `${formatHex(hex)} already holds ${have === 'StP' ? 'a StP' : `an ${have}`}`);
  if (jobs(state).some((j) => j.hex === hex)) return no('under-way', `a fieldwork is already under construction in ${formatHex(hex)}`);
  const s = stepsOf(state, bundle, units);
  if (work === 'IP' && bocageInstant(state, bundle, hex, s)) return { when: 'now' };
  if (work === 'ET-2') {
    const t = terrainsIn(bundle.board, hex);
    const noIpNeeded = t.some((x) => x === 'village' || x === 'town' || x === 'city');
    if (have !== 'IP' && !noIpNeeded && !t.includes('bocage')) return no('needs-ip', `an ET-2 needs a finished IP in ${formatHex(hex)} (not in a village, town, city or bocage hex)`, t.includes('bocage') ? BOCAGE : CASE);
    if (observedBy(state, bundle, side)(hex)) return no('observed', `an ET-2 may not be started in ${formatHex(hex)}: an enemy ground unit observes it`);
  }
  const when = timeFor(bundle, work, s);
  if (!when) return no('too-few', `${s.eng} Eng and ${s.other} other step(s) cannot build an ${work}: ${work === 'IP' ? 'it takes one Eng step or two other steps' : 'it takes one Eng step and one other step'}`);
  return { when };
}

const BRIDGE_CASE = 'GOSS 17.3.0';

/** Why the Eng units in `hex` may not start a bridge to `to` now, or in how many GTs it is finished (GOSS 17.3.0). */
export function bridgeCheck(state: GameState, bundle: ScenarioBundle, side: Side | null, hex: HexId, to: HexId, units: string[]): Rejection | { gts: number } {
  const b = special(bundle).bridges;
  if (!b?.construction) return no('no-bridging', 'no bridge may be built in this scenario', b?.case ?? BRIDGE_CASE);
  if (segId(state, bundle) !== 'construction' || !side || phasingSide(bundle.scenario, state.pos) !== side) return no('wrong-segment', 'bridges are started in the side\'s own Construction Segment', `${b.case ?? BRIDGE_CASE}, AW 3.3.5b`);
  if (!units.length || new Set(units).size !== units.length) return no('no-builders', 'name the engineers that build, each once', BRIDGE_CASE);
  for (const id of units) {
    const e = builderProblem(state, bundle, id, side, hex);
    if (e) return e;
    if (!isEngineer(bundle.units.get(id)!)) return no('not-engineer', `${bundle.units.get(id)!.designation}: only engineers build bridges`, BRIDGE_CASE);
  }
  if (!areAdjacent(hex, to)) return no('not-adjacent', `${formatHex(to)} is not next to ${formatHex(hex)}`, BRIDGE_CASE);
  const f = bundle.board.sides.get(hexsideBetween(hex, to)) ?? 0;
  const kind = f & SIDE_BIT.majorRiver ? 'majorRiver' : f & (SIDE_BIT.river | SIDE_BIT.canal) ? 'river' : f & SIDE_BIT.stream ? 'stream' : null;
  if (!kind) return no('no-water', `no stream or river between ${formatHex(hex)} and ${formatHex(to)}`, BRIDGE_CASE);
  if (standingBridge(state, bundle, hex, to, true)) return no('bridged', `a bridge already stands between ${formatHex(hex)} and ${formatHex(to)}`, BRIDGE_CASE);
  if (jobs(state).some((j) => j.work === 'bridge' && (j.hex === hex || j.hex === to) && (j.to === hex || j.to === to))) return no('under-way', 'that bridge is already under construction', BRIDGE_CASE);
  const live = unitIndex(state).live;
  const enemyAt = (h: HexId) => live.some((u) => u.hex === h && u.side !== side);
  if (enemyAt(to)) return no('enemy', `an enemy unit holds ${formatHex(to)}`, BRIDGE_CASE);
  const holdBoth = live.some((u) => u.hex === to && u.side === side);
  if (!holdBoth && neighbours(hex).some(enemyAt)) return no('enemy-adjacent', 'an enemy unit is next to the builders and friendly units do not hold both bridge hexes', BRIDGE_CASE);
  const eng = units.reduce((n, id) => n + stepsLeft(bundle.units.get(id)!, unitOf(state, id)), 0);
  const row = constructionTable(bundle).bridges[kind].find((r) => eng >= r.eng);
  if (!row) return no('too-few', `${eng} Eng step(s) cannot bridge a ${kind === 'majorRiver' ? 'major river' : kind}`, BRIDGE_CASE);
  return { gts: row.gts };
}

function setJobs(d: Draft<GameState>, list: BuildJob[]): void {
  const s = d as Draft<GameState> & WithJobs;
  if (!s.special) s.special = {};
  s.special.construction = list;
}

function complete(d: Draft<GameState>, bundle: ScenarioBundle, due: (j: BuildJob) => boolean): GameEvent[] {
  const events: GameEvent[] = [];
  const all = jobs(d as GameState);
  if (!all.length) return events;
  const left: BuildJob[] = [];
  for (const j of all) {
    if (!due(j)) { left.push(j); continue; }
    // GOSS 17.3: the work is lost when a builder is gone, lost a step or became out of supply.
    const lost = j.units.find((id, i) => {
      const u = unitOf(d, id);
      return !u || u.eliminated || u.hex !== j.hex || hasMarker(u as UnitState, MARKER.OOS) || stepsLeft(bundle.units.get(id)!, u as UnitState) < j.steps[i];
    });
    for (const id of j.units) { const u = unitOf(d, id); if (u) patchUnit(d, u, { markers: u.markers.filter((m) => m !== MARKER.BUILD) }); }
    if (lost) { events.push({ type: 'constructionLost', hex: formatHex(j.hex), work: j.work, unit: lost, case: 'GOSS 17.3' }); continue; }
    if (j.work === 'bridge') {
      const to = j.to!;
      if (unitList(d).some((u) => u.hex === to && !u.eliminated && u.side !== j.side)) { events.push({ type: 'constructionLost', hex: formatHex(j.hex), work: j.work, why: 'an enemy unit holds the far hex', case: BRIDGE_CASE }); continue; }
      const s = d as Draft<GameState> & WithJobs;
      const st = (s.special!.bridges ??= {});
      const side = hexsideBetween(j.hex, to);
      st.sides = [...(st.sides ?? []), side];
      if (st.demolished?.includes(side)) st.demolished = st.demolished.filter((x) => x !== side);
      events.push({ type: 'bridgeBuilt', hex: formatHex(j.hex), to: formatHex(to), units: j.units, case: BRIDGE_CASE });
      continue;
    }
    if ((RANK[d.fieldworks[j.hex] ?? ''] ?? 0) < RANK[j.work]) d.fieldworks[j.hex] = j.work;
    events.push({ type: 'fieldworksBuilt', hex: formatHex(j.hex), work: j.work, units: j.units, case: CASE });
  }
  setJobs(d, left);
  return events;
}

/** The construction offers for `side` now: per hex, the whole eligible stack for each work it may build. */
function offers(state: GameState, bundle: ScenarioBundle, side: Side): Action[] {
  if (segId(state, bundle) !== 'construction' || phasingSide(bundle.scenario, state.pos) !== side) return [];
  const byHex = new Map<HexId, string[]>();
  for (const u of unitIndex(state).live) {
    if (u.side !== side || builderProblem(state, bundle, u.id, side, u.hex!)) continue;
    byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u.id]);
  }
  const out: Action[] = [];
  for (const [h, ids] of [...byHex].sort((a, b) => a[0] - b[0])) {
    for (const work of ['IP', 'ET-2'] as const) {
      const units = [...ids].sort();
      if (!('code' in constructionCheck(state, bundle, side, h, work, units))) out.push({ type: 'construct', hex: formatHex(h), work, units } as Action);
    }
    // GOSS 17.3.0: the hex's engineers bridge each water hexside they may.
    const eng = ids.filter((id) => isEngineer(bundle.units.get(id)!)).sort();
    if (!eng.length || !special(bundle).bridges?.construction) continue;
    for (const n of neighbours(h)) if (!('code' in bridgeCheck(state, bundle, side, h, n, eng))) out.push({ type: 'construct', hex: formatHex(h), work: 'bridge', units: eng, to: formatHex(n) } as Action);
  }
  return out;
}

export const constructionRules: RuleModule = {
  name: 'construction',
  handlers: [{
    type: 'construct',
    apply(d, action, ctx) {
      const a = action as unknown as { hex: string; work: Work | 'bridge'; units: string[]; to?: string };
      const r = tryParseHexRef(String(a.hex));
      if ('error' in r) reject('bad-hex', r.error);
      const h = (r as { hex: HexId }).hex;
      if (a.work === 'bridge') {
        const t = tryParseHexRef(String(a.to));
        if ('error' in t) reject('bad-hex', 'a bridge needs the hex across the water (to)');
        const to = (t as { hex: HexId }).hex;
        const b = bridgeCheck(d as GameState, ctx.bundle, ctx.side, h, to, a.units);
        if ('code' in b) reject(b.code, b.message, b.case);
        const gts = (b as { gts: number }).gts;
        for (const id of a.units) mutUnit(d, id).markers.push(MARKER.BUILD);
        const steps = a.units.map((id) => stepsLeft(ctx.bundle.units.get(id)!, unitOf(d, id) as UnitState));
        setJobs(d, [...jobs(d as GameState), { hex: h, work: 'bridge', to, side: ctx.side!, units: [...a.units], steps, turn: d.pos.turn, when: 'nextGt', due: d.pos.turn + gts }]);
        return [{ type: 'constructionStarted', hex: formatHex(h), to: formatHex(to), work: 'bridge', units: a.units, gts, case: BRIDGE_CASE }];
      }
      if (a.work !== 'IP' && a.work !== 'ET-2') reject('bad-work', 'a fieldwork is an IP or an ET-2 (ET-3s may not be built, AW 31.10.0)', CASE);
      const c = constructionCheck(d as GameState, ctx.bundle, ctx.side, h, a.work, a.units);
      if ('code' in c) reject(c.code, c.message, c.case);
      const when = (c as { when: 'now' | 'thisGt' | 'nextGt' }).when;
      if (when === 'now') {
        d.fieldworks[h] = 'IP';
        return [{ type: 'fieldworksBuilt', hex: formatHex(h), work: 'IP', units: a.units, case: BOCAGE }];
      }
      for (const id of a.units) mutUnit(d, id).markers.push(MARKER.BUILD);
      const steps = a.units.map((id) => stepsLeft(ctx.bundle.units.get(id)!, unitOf(d, id) as UnitState));
      setJobs(d, [...jobs(d as GameState), { hex: h, work: a.work, side: ctx.side!, units: [...a.units], steps, turn: d.pos.turn, when }]);
      return [{ type: 'constructionStarted', hex: formatHex(h), work: a.work, units: a.units, done: when === 'thisGt' ? 'in the Construction Completion Segment of this GT' : 'in the next GT\'s Construction Segment', case: CASE }];
    },
    legal(state, side, bundle) { return offers(state, bundle, side); },
  }],
  hooks: [
    {
      // GOSS 17.3.3 quick construction (AW 31.2.1f): the works begun this GT that take no time.
      segment: 'constructionCompletion',
      onEnter(d, ctx) {
        const side = phasingSide(ctx.bundle.scenario, d.pos);
        return complete(d, ctx.bundle, (j) => j.side === side && j.when === 'thisGt');
      },
    },
    {
      // GOSS 17.3.0 / AW 3.3.5b: the works begun in an earlier GT are finished first in the side's Construction Segment.
      segment: 'construction',
      onEnter(d, ctx) {
        const side = phasingSide(ctx.bundle.scenario, d.pos);
        return complete(d, ctx.bundle, (j) => j.side === side && j.turn < d.pos.turn && (j.due === undefined || j.due <= d.pos.turn));
      },
    },
  ],
};
