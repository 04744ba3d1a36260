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
import { SIDE_NAME } from '../sequence';
import { sheetRow, special, type SpecialState } from './scenarioArea';
import { evaluateExtCondition } from './scenarioVictory';
import { victoryHexes, victoryView, type VictoryView } from './victoryView';

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


/** One condition on the position `view` reads (victoryView.ts: the units once, supply traced once per side). */
export function evaluateCondition(view: VictoryView, c: Condition, named: Record<string, Condition> = {}): ConditionReport {
  // AW 33-34 kinds (unitIn, controlled, noUnits): scenarioVictory.ts
  if ('unitIn' in c || 'controlled' in c || 'noUnits' in c) return evaluateExtCondition(view, c)!;
  if ('ref' in c) {
    const n = named[c.ref];
    if (!n) throw new Error(`victory condition refers to unknown condition "${c.ref}"`);
    return evaluateCondition(view, n, named);
  }
  if ('occupied' in c) {
    const { side, hexes, count } = c.occupied;
    const all = victoryHexes(view.bundle, hexes);
    const occ = view.occupied(side);
    const held = all.filter((h) => occ.has(h));
    const need = count === 'all' ? all.length : count === 'any' ? 1 : count === 'moreThanHalf' ? Math.floor(all.length / 2) + 1 : count.atLeast;
    const holds = held.length >= need;
    const list = (hs: HexId[]) => hs.map(formatHex).join(', ') || 'none';
    return { label: c.label, holds, detail: `${SIDE_NAME[side]} units occupy ${held.length} of ${all.length} (${list(held)}); needed ${need}` };
  }
  if ('unitInRows' in c) {
    const { side, sheet, rowAtLeast, rowAbove, inSupply } = c.unitInRows;
    const ok = (r: number | null) => r !== null && (rowAtLeast === undefined || r >= rowAtLeast) && (rowAbove === undefined || r > rowAbove);
    const found: string[] = [];
    let outOfSupply = 0;
    for (const u of view.live(side)) {
      if (!ok(sheetRow(u.hex!, sheet))) continue;
      if (inSupply && !view.inGenS(u)) { outOfSupply++; continue; }
      found.push(`${u.id} in ${formatHex(u.hex!)}`);
    }
    const where = rowAtLeast !== undefined ? `on or south of row xx${rowAtLeast}` : `south of row xx${rowAbove}`;
    const detail = found.length
      ? `${found.length} ${SIDE_NAME[side]} unit(s) ${where}${inSupply ? ' in GenS' : ''}: ${found.slice(0, 5).join('; ')}${found.length > 5 ? '; …' : ''}`
      : `no ${SIDE_NAME[side]} unit ${where}${inSupply ? ` in GenS${outOfSupply ? ` (${outOfSupply} there out of supply)` : ''}` : ''}`;
    return { label: c.label, holds: found.length > 0, detail };
  }
  if ('all' in c || 'any' in c) {
    const list = 'all' in c ? c.all : c.any;
    const parts = list.map((x) => evaluateCondition(view, x, named));
    const holds = 'all' in c ? parts.every((p) => p.holds) : parts.some((p) => p.holds);
    const label = c.label ?? parts.map((p) => p.label).join('all' in c ? ' and ' : ' or ');
    return { label, holds, detail: parts.map((p) => `${p.holds ? 'yes' : 'no'}: ${p.label}`).join('; '), parts };
  }
  if ('not' in c) {
    const p = evaluateCondition(view, c.not, named);
    return { label: c.label ?? `not (${p.label})`, holds: !p.holds, detail: `${p.label}: ${p.holds ? 'yes' : 'no'} (${p.detail})`, parts: [p] };
  }
  const parts = c.count.map((x) => evaluateCondition(view, x, named));
  const n = parts.filter((p) => p.holds).length;
  const holds = (c.atLeast === undefined || n >= c.atLeast) && (c.exactly === undefined || n === c.exactly);
  const want = c.exactly !== undefined ? `exactly ${c.exactly}` : `at least ${c.atLeast}`;
  return { label: c.label ?? `${want} of: ${parts.map((p) => p.label).join('; ')}`, holds, detail: `${n} of ${parts.length} hold (${want} needed)`, parts };
}

/** AW 31.4: the scenario result on the current position, or null when the scenario has no victory data for this length. */
export function evaluateVictory(state: GameState, bundle: ScenarioBundle): VictoryResult | null {
  const v = special(bundle).victory?.byLength[state.length];
  if (!v) return null;
  // One view for the whole check: the named conditions are asked again by every outcome naming them.
  const view = victoryView(state, bundle);
  const conditions = Object.entries(v.conditions).map(([, c]) => evaluateCondition(view, c, v.conditions));
  const outcomes = v.outcomes.map((o) => {
    const report = evaluateCondition(view, o.when, v.conditions);
    return { side: o.side, level: o.level, text: o.text, holds: report.holds, report };
  });
  const i = outcomes.findIndex((o) => o.holds);
  const pick = i >= 0 ? v.outcomes[i] : v.otherwise;
  return { case: v.case, length: state.length, winner: pick.side, level: pick.level, text: pick.text, source: pick.source, conditions, outcomes };
}

export function victoryLabel(r: VictoryResult): string {
  return r.level === 'draw' ? `Draw: ${r.text}` : `${SIDE_NAME[r.winner!]} ${r.level} victory: ${r.text}`;
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
