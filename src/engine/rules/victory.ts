/**
 * Victory conditions (AW 31.4: at the end of the last GT determine the winner; AW 32.13 for
 * Goodwood). The conditions are data (scenario.special.victory, src/data/schemas/scenarioRules.ts):
 * named hex sets, occupation counts ("all", "more than half", "at least one"), units on or south of
 * a hex row with or without general supply, and all/any/not/count combinations. Outcomes are tried
 * in order and the first that holds is the result; every condition is reported with whether it
 * holds and why, so the victory screen can explain the result. Epsom and Cherbourg express theirs
 * with the same vocabulary.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../types';
import type { RuleContext, RuleModule } from './registry';
import type { Condition } from '../../data/schemas/scenarioRules';
import { formatHex, type HexId } from '../hex';
import { hexSet, sheetRow, special, type SpecialState } from './scenarioArea';
import { genSCheck } from './supply';
import { evaluateExtCondition } from './scenarioVictory';

export interface ConditionReport {
  label: string;
  holds: boolean;
  /** Why: the hexes counted, the unit found, or the parts of a combination. */
  detail: string;
  parts?: ConditionReport[];
}

export interface VictoryResult {
  case: string;
  length: string;
  winner: Side | null;
  level: 'major' | 'operational' | 'marginal' | 'draw' | 'strategic' | 'tactical';
  text: string;
  source: string;
  /** The named conditions of the length (e.g. Troarn, Caen, row xx27), each explained. */
  conditions: ConditionReport[];
  /** Every outcome in order with whether it holds (the first that holds is the result). */
  outcomes: { side: Side | null; level: string; text: string; holds: boolean; report: ConditionReport }[];
}

function occupants(state: GameState, bundle: ScenarioBundle, side: Side): Map<HexId, string[]> {
  const m = new Map<HexId, string[]>();
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.eliminated || u.hex === null) continue;
    if (bundle.units.get(u.id)?.size === 'Leader') continue;
    m.set(u.hex, [...(m.get(u.hex) ?? []), u.id]);
  }
  return m;
}

const SIDE = { allied: 'Allied', german: 'German' } as const;

export function evaluateCondition(state: GameState, bundle: ScenarioBundle, c: Condition, named: Record<string, Condition> = {}): ConditionReport {
  // AW 33-34 kinds (unitIn, controlled, noUnits): scenarioVictory.ts
  if ('unitIn' in c || 'controlled' in c || 'noUnits' in c) return evaluateExtCondition(state, bundle, c)!;
  if ('ref' in c) {
    const n = named[c.ref];
    if (!n) throw new Error(`victory condition refers to unknown condition "${c.ref}"`);
    return evaluateCondition(state, bundle, n, named);
  }
  if ('occupied' in c) {
    const { side, hexes, count } = c.occupied;
    const sets = special(bundle).victory?.hexSets ?? {};
    if (!sets[hexes]) throw new Error(`victory condition names unknown hex set "${hexes}"`);
    const all = [...hexSet(bundle, sets[hexes].hexes)].sort((a, b) => a - b);
    const occ = occupants(state, bundle, side);
    const held = all.filter((h) => occ.has(h));
    const need = count === 'all' ? all.length : count === 'any' ? 1 : count === 'moreThanHalf' ? Math.floor(all.length / 2) + 1 : count.atLeast;
    const holds = held.length >= need;
    const list = (hs: HexId[]) => hs.map(formatHex).join(', ') || 'none';
    return { label: c.label, holds, detail: `${SIDE[side]} units occupy ${held.length} of ${all.length} (${list(held)}); needed ${need}` };
  }
  if ('unitInRows' in c) {
    const { side, sheet, rowAtLeast, rowAbove, inSupply } = c.unitInRows;
    const ok = (r: number | null) => r !== null && (rowAtLeast === undefined || r >= rowAtLeast) && (rowAbove === undefined || r > rowAbove);
    const found: string[] = [];
    let outOfSupply = 0;
    const gens = genSCheck(state, bundle, side);
    for (const u of Object.values(state.units).sort((a, b) => a.id.localeCompare(b.id))) {
      if (u.side !== side || u.eliminated || u.hex === null || bundle.units.get(u.id)?.size === 'Leader') continue;
      if (!ok(sheetRow(u.hex, sheet))) continue;
      if (inSupply && !gens(u.id)) { outOfSupply++; continue; }
      found.push(`${u.id} in ${formatHex(u.hex)}`);
    }
    const where = rowAtLeast !== undefined ? `on or south of row xx${rowAtLeast}` : `south of row xx${rowAbove}`;
    const detail = found.length
      ? `${found.length} ${SIDE[side]} unit(s) ${where}${inSupply ? ' in GenS' : ''}: ${found.slice(0, 5).join('; ')}${found.length > 5 ? '; …' : ''}`
      : `no ${SIDE[side]} unit ${where}${inSupply ? ` in GenS${outOfSupply ? ` (${outOfSupply} there out of supply)` : ''}` : ''}`;
    return { label: c.label, holds: found.length > 0, detail };
  }
  if ('all' in c || 'any' in c) {
    const list = 'all' in c ? c.all : c.any;
    const parts = list.map((x) => evaluateCondition(state, bundle, x, named));
    const holds = 'all' in c ? parts.every((p) => p.holds) : parts.some((p) => p.holds);
    const label = c.label ?? parts.map((p) => p.label).join('all' in c ? ' and ' : ' or ');
    return { label, holds, detail: parts.map((p) => `${p.holds ? 'yes' : 'no'}: ${p.label}`).join('; '), parts };
  }
  if ('not' in c) {
    const p = evaluateCondition(state, bundle, c.not, named);
    return { label: c.label ?? `not (${p.label})`, holds: !p.holds, detail: `${p.label}: ${p.holds ? 'yes' : 'no'} (${p.detail})`, parts: [p] };
  }
  const parts = c.count.map((x) => evaluateCondition(state, bundle, x, named));
  const n = parts.filter((p) => p.holds).length;
  const holds = (c.atLeast === undefined || n >= c.atLeast) && (c.exactly === undefined || n === c.exactly);
  const want = c.exactly !== undefined ? `exactly ${c.exactly}` : `at least ${c.atLeast}`;
  return { label: c.label ?? `${want} of: ${parts.map((p) => p.label).join('; ')}`, holds, detail: `${n} of ${parts.length} hold (${want} needed)`, parts };
}

/** AW 31.4: the scenario result on the current position, or null when the scenario has no victory data for this length. */
export function evaluateVictory(state: GameState, bundle: ScenarioBundle): VictoryResult | null {
  const v = special(bundle).victory?.byLength[state.length];
  if (!v) return null;
  const conditions = Object.entries(v.conditions).map(([, c]) => evaluateCondition(state, bundle, c, v.conditions));
  const outcomes = v.outcomes.map((o) => {
    const report = evaluateCondition(state, bundle, o.when, v.conditions);
    return { side: o.side, level: o.level, text: o.text, holds: report.holds, report };
  });
  const i = outcomes.findIndex((o) => o.holds);
  const pick = i >= 0 ? v.outcomes[i] : v.otherwise;
  return { case: v.case, length: state.length, winner: pick.side, level: pick.level, text: pick.text, source: pick.source, conditions, outcomes };
}

export function victoryLabel(r: VictoryResult): string {
  return r.level === 'draw' ? `Draw: ${r.text}` : `${SIDE[r.winner!]} ${r.level} victory: ${r.text}`;
}

export const victoryRules: RuleModule = {
  name: 'victory',
  onGameEnd(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
    const r = evaluateVictory(d as GameState, ctx.bundle);
    if (!r) return [];
    const s = d as Draft<GameState> & { special?: SpecialState };
    if (!s.special) s.special = {};
    (s.special as SpecialState).victory = r;
    d.over = { reason: `${d.over?.reason ?? 'the game is over'}; ${victoryLabel(r)}`, winner: r.winner ?? 'draw' };
    return [{ type: 'victory', winner: r.winner, level: r.level, text: r.text, case: r.case }];
  },
};
