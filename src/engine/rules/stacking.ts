/**
 * Stacking (GOSS 6, AW 31.9.2a). Limits are in units by size (Bn, Co, Z-step) with free-stacked
 * companies on top; they are checked at the end of the phasing player's Movement and Exploitation
 * Segments, never during movement. A GOSS player fixes an overstack before the phase ends, so the
 * engine refuses to end the segment while one remains and names each hex; the player moves units
 * out, undoes a move, or — as GOSS 6.7.0 orders for a stack that cannot be fixed — eliminates the
 * excess with `eliminateOverstack`. An artillery group stacked with another unit (AW 31.9.2a) is
 * relocated by its owner with `relocateGroup` (losing its mission points this GT), or eliminated when
 * no adjacent hex can take it. Stacks left by retreats are fixed automatically at the end of the
 * Combat and Administrative Phases for groups (the owner's next movement fixes the rest, GOSS 6.0).
 */
import { NEIGHBOURS, formatHex, tryParseHexRef, type HexId } from '../hex';
import { NO_TERRAIN } from '../board';
import { segmentAt } from '../sequence';
import { reject, type RuleModule } from './registry';
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import { tecOf } from './terrain';
import { MARKER, isArtilleryGroup, isHq, isInfantry, isZStep, stepsLeft } from './unit-traits';
import { isConstricted, moveRecordNow } from './movement-search';
import { memoOf, readUnits, unitIndex, unmodifiedBase, type UnitIndex } from './unitIndex';
import { actsAsGroup } from './artilleryGroups';

/**
 * Whether a counter stacks as an artillery group: AW 31.9.2a applies to counters that are artillery
 * groups or stand for one (an AGRA Btn, AW 32.5.1 note).
 * Interpretation: a corps HQ counter standing for its corps artillery (AW 32.5.2, 33.5.1) keeps HQ stacking.
 */
function stacksAsGroup(bundle: ScenarioBundle, id: string): boolean {
  const def = bundle.units.get(id);
  return !!def && (isArtilleryGroup(def) || (actsAsGroup(bundle, id) && def.size !== 'HQ'));
}

// The table's schema lives with the other table schemas (validated at load by src/data/bundle.ts).
import { StackingTable } from '../../data/schemas/tables';
import { mutUnit, patchUnit, unitOf } from '../unitTable';
export { StackingTable };

const cache = new WeakMap<object, StackingTable>();
export function stackingTable(bundle: ScenarioBundle): StackingTable {
  const hit = cache.get(bundle.tables);
  if (hit) return hit;
  const r = StackingTable.safeParse(bundle.tables.stacking);
  if (!r.success) throw new Error(`data/tables/stacking.json ${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`);
  cache.set(bundle.tables, r.data);
  return r.data;
}

export interface StackViolation {
  hex: HexId;
  ref: string;
  side: Side;
  units: string[];
  reason: string;
  case: string;
  /** Units counted beyond the limit, in the order the owner would lose them by default (smallest first). */
  excess: number;
}

interface Counted { id: string; u: UnitState; def: UnitDef; kind: 'bn' | 'co' | 'z' | 'none' }

function kindOf(t: StackingTable, def: UnitDef): Counted['kind'] {
  if (def.size === 'Leader') return 'none';
  if (isHq(def)) return t.hq.countsAs;
  if (isZStep(def)) return 'z';
  if (def.size === 'Bn') return 'bn';
  return 'co';
}

/** GOSS 6.2: a 1-step Co, or a reduced 2-step Co (one step left): the only companies that stack free. */
/** A 1-step (or reduced) Co; a hybrid is never itself a free company (GOSS 6.2: the free Co is an Eng/AT or AFV Co). */
const smallCo = (c: Counted) => c.kind === 'co' && !c.def.hybrid && (c.def.steps.length === 1 || stepsLeft(c.def, c.u) === 1);
/**
 * GOSS 6.2.2: hosts for a free Eng/AT/TD Co: Bn-size personnel or Recon units, or 2-step hybrid Coys
 * (a 3-step hybrid Bn counts as a Bn-size personnel unit: it holds an infantry Coy, GOSS 4.1.4).
 */
const engAtHost = (c: Counted) => (c.kind === 'bn' && (isInfantry(c.def) || /recon|recce|cav/i.test(c.def.type) || !!c.def.hybrid))
  || (c.kind === 'co' && !!c.def.hybrid && c.def.steps.length === 2);
/**
 * GOSS 6.2.1: hosts for a free German AFV Co: Mech personnel/Recon Co or Bn (not itself an AFV unit);
 * a hybrid is a Mech unit with a personnel Coy, so it hosts one too (PAC 6.3.0 c).
 */
const afvHost = (c: Counted, afv: RegExp) => (c.kind === 'bn' || c.kind === 'co') && c.def.moveClass === 'mech' && (!!c.def.hybrid || !afv.test(c.def.type.trim()));
const formationOf = (d: UnitDef) => (d as unknown as { formation?: string | null }).formation ?? undefined;

const rxCache = new WeakMap<StackingTable, { engAt: RegExp; afv: RegExp }>();
/** The free-stacking type patterns of the table (GOSS 6.2), compiled once. */
function freeTypeRx(t: StackingTable): { engAt: RegExp; afv: RegExp } {
  let rx = rxCache.get(t);
  if (!rx) rxCache.set(t, (rx = { engAt: new RegExp(t.freeTypes.engAt, 'i'), afv: new RegExp(t.freeTypes.afv, 'i') }));
  return rx;
}

/** GOSS 6.2: a company that may stack free (Eng/AT/TD; German AFV), given a host. */
function freeType(t: StackingTable, c: Counted): boolean {
  const { engAt, afv } = freeTypeRx(t);
  return smallCo(c) && (engAt.test(c.def.type.trim()) || (c.u.side === 'german' && afv.test(c.def.type.trim())));
}

/** GOSS 6.2: the host of a would-be free-stacked group (its one member that is not a free company), if there is exactly one. */
export function freeGroupHost(bundle: ScenarioBundle, units: readonly UnitState[]): string | undefined {
  const t = stackingTable(bundle);
  const hosts = units.filter((u) => { const def = bundle.units.get(u.id)!; return !freeType(t, { id: u.id, u, def, kind: kindOf(t, def) }); });
  return hosts.length === 1 ? hosts[0].id : undefined;
}

/** GOSS 6.2: which companies of the stack stack free, given their hosts. */
function freeCompanies(t: StackingTable, units: Counted[], side: Side, constricted: boolean): Set<string> {
  const free = new Set<string>();
  const { engAt, afv } = freeTypeRx(t);
  const lim = constricted ? t.limits.constricted : t.limits.nonConstricted;
  const maxFree = lim.freeCo[side];
  const small = smallCo;
  const engHosts = units.filter(engAtHost);
  // GOSS 6.2.3 (US): an M5 Co may be the free company of an Arm Cav Bn; placed first, as only those hosts take it.
  for (const c of units) {
    if (free.size >= maxFree) break;
    if (!small(c) || !c.def.m5) continue;
    const i = engHosts.findIndex((h) => !!h.def.armCav && h.kind === 'bn');
    if (i >= 0) { free.add(c.id); engHosts.splice(i, 1); }
  }
  for (const c of units) {
    if (free.size >= maxFree || !engHosts.length) break;
    if (small(c) && !free.has(c.id) && engAt.test(c.def.type.trim())) { free.add(c.id); engHosts.pop(); }
  }
  if (side === 'german') {
    // German: one 1-step AFV Co free with a Mech personnel/Recon Co or Bn of the same formation.
    const formation = (d: UnitDef) => (d as unknown as { formation?: string }).formation;
    const hosts = units.filter((c) => afvHost(c, afv) && !free.has(c.id));
    for (const c of units) {
      if (free.size >= maxFree) break;
      if (!small(c) || free.has(c.id) || !afv.test(c.def.type.trim())) continue;
      const i = hosts.findIndex((hst) => hst.id !== c.id && formation(hst.def) !== undefined && formation(hst.def) === formation(c.def));
      if (i >= 0) { free.add(c.id); hosts.splice(i, 1); }
    }
  }
  return free;
}

/**
 * GOSS 6.2: why `units` (all of one side, in one hex) are not one free-stacked group — one host and
 * its free companies, at most one Eng/AT/TD Co (GOSS 6.2.2) and, German, one AFV Co of the host's
 * formation (GOSS 6.2.1) — or null. Such a group may move (and overrun, GOSS 5.3.5) as one unit.
 */
export function freeGroupProblem(bundle: ScenarioBundle, units: readonly UnitState[]): string | null {
  const t = stackingTable(bundle);
  const { engAt, afv } = freeTypeRx(t);
  const cs: Counted[] = units.map((u) => { const def = bundle.units.get(u.id)!; return { id: u.id, u, def, kind: kindOf(t, def) }; });
  const name = (c: Counted) => c.def.designation;
  const hosts = cs.filter((c) => !freeType(t, c));
  if (cs.length < 2) return 'a free-stacked group is a host unit with one or two free companies';
  if (hosts.length !== 1) {
    return hosts.length ? `${hosts.map(name).join(' and ')} are not free companies: a free-stacked group has one host` : `${cs.map(name).join(', ')} are all free companies: a free-stacked group needs its host (a Bn, or for a German AFV Co a Mech Co or Bn)`;
  }
  const host = hosts[0];
  let eng = 0; let arm = 0;
  for (const c of cs) {
    if (c === host) continue;
    if (engAt.test(c.def.type.trim())) {
      if (!engAtHost(host)) return `${name(c)} stacks free only with a Bn-size personnel or Recon unit; ${name(host)} is not one`;
      eng++;
    } else {
      const f = formationOf(c.def);
      if (!afvHost(host, afv)) return `${name(c)} stacks free only with a Mech personnel or Recon Co or Bn; ${name(host)} is not one`;
      if (!f || formationOf(host.def) !== f) return `${name(c)} stacks free only with a unit of its own formation; ${name(host)} is not`;
      arm++;
    }
  }
  if (eng > 1 || arm > 1) return `${name(host)} has at most one free Eng/AT Co and one free AFV Co`;
  return null;
}

/** The stacking violation of `side` in hex `h`, or null (GOSS 6.3.0, 6.4.0, 6.2; AW 31.9.2a). */
export function hexStackViolation(state: GameState, bundle: ScenarioBundle, h: HexId, side: Side): StackViolation | null {
  return stackViolationOf(bundle, h, side, unitIndex(state).byHex.get(h) ?? []);
}

/** The ids of the units of `side` in `stack` that stacking counts (those with a counter), in stack order. */
function countedIds(bundle: ScenarioBundle, stack: readonly UnitState[], side: Side): string[] {
  const out: string[] = [];
  for (const u of stack) if (u.side === side && bundle.units.has(u.id)) out.push(u.id);
  return out;
}

/**
 * The stacking violation of `side` if hex `h` held exactly `stack` (every live unit there): lets
 * setup and lookahead test a placement from the shared index without building a trial state.
 */
export function stackViolationOf(bundle: ScenarioBundle, h: HexId, side: Side, stack: readonly UnitState[]): StackViolation | null {
  const t = stackingTable(bundle);
  // Counted first without a record per unit (issue 17: every stack of every segment end is asked, and
  // most are legal); the records are made only for a stack found over the limits.
  let others = 0; let mine = 0;
  let group: UnitDef | null = null;
  let bn = 0; let co = 0; let zz = 0; let counted = 0;
  for (const u of stack) {
    others++;
    if (u.side !== side) continue;
    const def = bundle.units.get(u.id);
    if (!def) continue;
    mine++;
    if (!group && stacksAsGroup(bundle, u.id)) group = def;
    const kind = kindOf(t, def);
    if (kind === 'bn') bn++; else if (kind === 'co') co++; else if (kind === 'z') zz++;
    if (kind !== 'none') counted++;
  }
  if (!mine) return null;
  if (t.artilleryGroupsAlone.value && group && others > 1) {
    return { hex: h, ref: formatHex(h), side, units: countedIds(bundle, stack, side), excess: others - 1, case: 'AW 31.9.2a', reason: `artillery group ${group.designation} may not stack with any other unit` };
  }
  const constricted = isConstricted(bundle, h);
  const lim = constricted ? t.limits.constricted : t.limits.nonConstricted;
  const within = (bn: number, co: number, zz: number, n: number) => bn <= lim.bn && bn + co <= lim.bn + lim.co && zz <= lim.z && n <= lim.maxUnits[side];
  // Free stacking (GOSS 6.2) only lowers the counts, so a stack within the limits without it is
  // legal (most are, and combat checks every attacking and defending stack).
  if (within(bn, co, zz, counted)) return null;
  const units: Counted[] = [];
  for (const u of stack) {
    if (u.side !== side) continue;
    const def = bundle.units.get(u.id);
    if (def) units.push({ id: u.id, u, def, kind: kindOf(t, def) });
  }
  const free = freeCompanies(t, units, side, constricted);
  bn = 0; co = 0; zz = 0;
  for (const c of units) {
    if (free.has(c.id)) continue;
    if (c.kind === 'bn') bn++; else if (c.kind === 'co') co++; else if (c.kind === 'z') zz++;
  }
  const what = constricted ? 'a constricted hex' : 'a hex';
  let excess = 0;
  const reasons: string[] = [];
  if (bn > lim.bn) { excess = Math.max(excess, bn - lim.bn); reasons.push(`${bn} battalions (limit ${lim.bn})`); }
  if (bn + co > lim.bn + lim.co) { excess = Math.max(excess, bn + co - lim.bn - lim.co); reasons.push(`${bn} battalions and ${co} companies (limit ${lim.bn} + ${lim.co}, a company may replace a battalion)`); }
  if (zz > lim.z) { excess = Math.max(excess, zz - lim.z); reasons.push(`${zz} Z-steps (limit ${lim.z})`); }
  if (counted > lim.maxUnits[side]) { excess = Math.max(excess, counted - lim.maxUnits[side]); reasons.push(`${counted} units (limit ${lim.maxUnits[side]})`); }
  if (!reasons.length) return null;
  return { hex: h, ref: formatHex(h), side, units: countedIds(bundle, stack, side), excess, case: constricted ? 'GOSS 6.4.0' : 'GOSS 6.3.0', reason: `${what} holds ${reasons.join('; ')}` };
}

/** Every stacking violation of `side` (or both sides). */
export function stackViolations(state: GameState, bundle: ScenarioBundle, side?: Side): StackViolation[] {
  return violationsOn(unitIndex(state), bundle, side).slice();
}

/**
 * The violations of an index's stacks, kept per unit index (one per frozen state; a draft gets a fresh
 * index per call): the panels' legal actions ask twice per state and the end-of-segment check once more
 * (issue 17, 1,000 stacks). Read-only: callers copy.
 */
function violationsOn(ix: UnitIndex, bundle: ScenarioBundle, side?: Side): StackViolation[] {
  const memo = memoOf(ix);
  const key = `stackViolations:${side ?? 'both'}`;
  let out = memo.get(key) as StackViolation[] | undefined;
  if (!out) {
    // An index derived from another whose answer is kept: that answer, with the changed hexes asked again
    // (issue 17: each segment end asked every stack on the map). A draft's index asks its base's index,
    // which keeps the answer for the next question on the draft and for the state the action makes
    // (asked on the draft alone, every segment end's check went over every stack).
    const from = ix.from;
    const before = from?.index ? violationsOn(from.index, bundle, side) : from?.memo.get(key) as StackViolation[] | undefined;
    out = [];
    if (before) {
      const hexes = ix.from!.hexes;
      for (const v of before) if (!hexes.has(v.hex)) out.push(v);
      for (const h of hexes) { const stack = ix.byHex.get(h); if (stack) hexViolations(bundle, h, stack, side, out); }
    } else for (const [h, stack] of ix.byHex) hexViolations(bundle, h, stack, side, out);
    out.sort((a, b) => a.hex - b.hex);
    memo.set(key, out);
  }
  return out;
}

/** The violations of one hex's stack (of `side`, or both), its sides in the order their first unit appears in the index. */
function hexViolations(bundle: ScenarioBundle, h: HexId, stack: readonly UnitState[], side: Side | undefined, out: StackViolation[]): void {
  const first = stack[0].side;
  if (!side || first === side) { const v = stackViolationOf(bundle, h, first, stack); if (v) out.push(v); }
  const other = stack.find((u) => u.side !== first)?.side;
  if (other && (!side || other === side)) { const v = stackViolationOf(bundle, h, other, stack); if (v) out.push(v); }
}

/** Adjacent hexes an artillery group may relocate to (AW 31.9.2a): empty, on the map, enterable by it. */
export function relocationHexes(state: GameState, bundle: ScenarioBundle, unitId: string): HexId[] {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.hex === null) return [];
  const tec = tecOf(bundle);
  const occupied = new Set<number>();
  for (const h of unitIndex(state).byHex.keys()) occupied.add(h);
  const out: HexId[] = [];
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[u.hex * 6 + d];
    if (n < 0 || bundle.board.terrain[n] === NO_TERRAIN || occupied.has(n)) continue;
    const cost = def.moveClass === 'mech' ? tec.mech[bundle.board.moveTerrain[n]] : tec.leg[bundle.board.moveTerrain[n]];
    if (cost < 0) continue;
    out.push(n);
  }
  return out;
}

function relocate(d: Draft<GameState>, unitId: string, to: HexId | null): GameEvent[] {
  const u = mutUnit(d, unitId);
  const from = u.hex;
  if (to === null) {
    u.hex = null;
    u.eliminated = true;
    return [{ type: 'unitEliminated', unit: unitId, hex: from === null ? null : formatHex(from), reason: 'the artillery group could not relocate away from other units', case: 'AW 31.9.2a' }];
  }
  u.hex = to;
  if (!u.markers.includes(MARKER.NO_MISSIONS)) u.markers.push(MARKER.NO_MISSIONS);
  return [{ type: 'groupRelocated', unit: unitId, from: from === null ? null : formatHex(from), to: formatHex(to), case: 'AW 31.9.2a' }];
}

/**
 * The violations stackViolations(state) lists, in its order, but only in the hexes that hold an
 * artillery group (AW 31.9.2a: the only ones the end-of-segment relocation acts on). Asked at the end
 * of every assault and fatigue segment on the written draft, whose violations are not kept: the
 * groups are few, the stacks many.
 */
function groupViolations(state: GameState, bundle: ScenarioBundle): StackViolation[] {
  const ix = unitIndex(state);
  const hexes = new Set<HexId>();
  for (const u of ix.live) if (stacksAsGroup(bundle, u.id)) hexes.add(u.hex!);
  const out: StackViolation[] = [];
  for (const h of [...hexes].sort((a, b) => a - b)) hexViolations(bundle, h, ix.byHex.get(h)!, undefined, out);
  return out;
}

/** End-of-phase fix for artillery groups left stacked by combat (AW 31.9.2a): first free adjacent hex, else eliminated. */
function autoRelocateGroups(d: Draft<GameState>, bundle: ScenarioBundle): GameEvent[] {
  const events: GameEvent[] = [];
  for (const v of groupViolations(d as GameState, bundle)) {
    if (v.case !== 'AW 31.9.2a') continue;
    const g = v.units.find((id) => stacksAsGroup(bundle, id));
    if (!g) continue;
    const hexes = relocationHexes(d as GameState, bundle, g);
    events.push(...relocate(d, g, hexes.length ? hexes[0] : null));
  }
  return events;
}

function refuseOverstack(d: Draft<GameState>, bundle: ScenarioBundle, exploit = false): GameEvent[] {
  const side = bundle.scenario.sides[d.pos.playerTurn];
  // GOSS 6.0: at the end of the Exploitation Segment only stacks an exploiting unit moved into count;
  // stacks left over by retreats and advances are the owner's to fix in the next Movement Segment.
  // The frozen state itself while nothing has been written yet (the usual case): its violations are kept.
  const v = stackViolations(unmodifiedBase(d) as GameState, bundle, side).filter((x) => !exploit || x.units.some((id) => moveRecordNow(d as GameState, bundle, unitOf(d, id) as UnitState)));
  if (!v.length) return [];
  const list = v.map((x) => `${x.ref}: ${x.reason} (${x.case})`).join('; ');
  const fix = v.some((x) => x.case === 'AW 31.9.2a')
    ? ' Move units apart, or relocate the group (relocateGroup; it loses its mission points this GT).'
    : ' Move units out or undo a move; a stack that cannot be fixed must eliminate the excess (eliminateOverstack).';
  reject('overstacked', `the phase cannot end with overstacked hexes — ${list}.${fix}`, v[0].case === 'AW 31.9.2a' ? 'AW 31.9.2a' : 'GOSS 6.7.0');
}

// The action schemas (strict, normalised) live with the other actions (src/engine/actions).

function phasingSeg(state: GameState, bundle: ScenarioBundle): string {
  return segmentAt(bundle.sequence, state.pos).segment.id;
}

export const stackingRules: RuleModule = {
  name: 'stacking',
  handlers: [
    {
      // GOSS 6.7.0: a phasing stack still overstacked at the end of its Movement or Exploit phase eliminates the excess.
      type: 'eliminateOverstack',
      apply(d, action, ctx) {
        const a = action as ActionOf<'eliminateOverstack'>;
        const seg = phasingSeg(d as GameState, ctx.bundle);
        if (seg !== 'move' && seg !== 'exploitation') reject('wrong-segment', 'excess units are eliminated at the end of the Movement or Exploitation Segment', 'GOSS 6.7.0');
        const u = unitOf(d, a.unit);
        if (!u || u.eliminated || u.hex === null) reject('no-such-unit', `there is no unit "${a.unit}" on the map`);
        if (u.side !== ctx.side) reject('not-your-unit', 'that unit belongs to the other side');
        const v = hexStackViolation(d as GameState, ctx.bundle, u.hex, u.side);
        if (!v || v.case === 'AW 31.9.2a') reject('not-overstacked', `${formatHex(u.hex)} is not overstacked`, 'GOSS 6.7.0');
        const from = formatHex(u.hex);
        patchUnit(d, u, { hex: null, eliminated: true });
        return [{ type: 'unitEliminated', unit: u.id, hex: from, reason: 'overstacked at the end of the phase', case: 'GOSS 6.7.0' }];
      },
      legal(state, side, bundle) {
        const seg = phasingSeg(state, bundle);
        if (seg !== 'move' && seg !== 'exploitation') return [];
        return stackViolations(state, bundle, side).filter((v) => v.case !== 'AW 31.9.2a').flatMap((v) => v.units.map((unit) => ({ type: 'eliminateOverstack', unit })));
      },
    },
    {
      type: 'relocateGroup',
      apply(d, action, ctx) {
        const a = action as ActionOf<'relocateGroup'>;
        const u = unitOf(d, a.unit);
        const def = ctx.bundle.units.get(a.unit);
        if (!u || !def || u.hex === null || u.eliminated) reject('no-such-unit', `there is no unit "${a.unit}" on the map`);
        if (u.side !== ctx.side) reject('not-your-unit', 'that unit belongs to the other side');
        if (!stacksAsGroup(ctx.bundle, a.unit)) reject('not-a-group', `${def.designation} is not an artillery group`, 'AW 31.9.2a');
        const v = hexStackViolation(d as GameState, ctx.bundle, u.hex, u.side);
        if (!v || v.case !== 'AW 31.9.2a') reject('not-stacked', `${def.designation} is not stacked with another unit`, 'AW 31.9.2a');
        const options = relocationHexes(d as GameState, ctx.bundle, u.id);
        if (!options.length) return relocate(d, u.id, null);
        if (!a.hex) reject('bad-action', `choose the hex: ${options.map(formatHex).join(', ')}`, 'AW 31.9.2a');
        const r = tryParseHexRef(a.hex);
        if ('error' in r) reject('bad-hex', r.error);
        if (!options.includes(r.hex)) reject('bad-relocation', `${a.hex} is not an empty adjacent hex the group may enter (${options.map(formatHex).join(', ') || 'none'})`, 'AW 31.9.2a');
        return relocate(d, u.id, r.hex);
      },
      legal(state, side, bundle) {
        const seg = phasingSeg(state, bundle);
        if (seg !== 'move' && seg !== 'exploitation') return [];
        const out: Action[] = [];
        for (const v of stackViolations(state, bundle, side)) {
          if (v.case !== 'AW 31.9.2a') continue;
          for (const id of v.units) {
            if (!stacksAsGroup(bundle, id)) continue;
            const hs = relocationHexes(state, bundle, id);
            if (!hs.length) out.push({ type: 'relocateGroup', unit: id });
            for (const h of hs) out.push({ type: 'relocateGroup', unit: id, hex: formatHex(h) });
          }
        }
        return out;
      },
    },
  ],
  hooks: [
    { segment: 'move', onExit: (d, ctx) => refuseOverstack(d, ctx.bundle) },
    { segment: 'exploitation', onExit: (d, ctx) => refuseOverstack(d, ctx.bundle, true) },
    // AW 31.9.2a "at the end of any Phase": groups left stacked by retreats and advances are moved off automatically.
    { segment: 'groundAssault', onExit: (d, ctx) => autoRelocateGroups(d, ctx.bundle) },
    { segment: 'fatigueRecovery', onExit: (d, ctx) => autoRelocateGroups(d, ctx.bundle) },
  ],
  on: {
    // AW 31.9.2a: the lost mission points return with the next game turn.
    turnStart(d) {
      for (const r of readUnits(d.units)) {
        if (r.markers.includes(MARKER.NO_MISSIONS)) patchUnit(d, r, { markers: r.markers.filter((m) => m !== MARKER.NO_MISSIONS) });
      }
      return [];
    },
  },
};
