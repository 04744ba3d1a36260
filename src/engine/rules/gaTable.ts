/**
 * Reading the Ground Assault Table (GOSS 13.9): each side rolls 2d10, the net DRM is added to both
 * rolls; the attacker's roll is read in the top half (results on the defender), the defender's in
 * the bottom half (results on the attacker), in the final assault column.
 */
import type { GroundAssaultTable } from '../../data/schemas/tables';

export interface GaHits { result: string; prc: boolean; disc: number; mand: number }

export function parseGaResult(result: string): GaHits {
  const m = /^(\*?)([0-3]?)(?:\(([1-3])\))?$/.exec(result === '-' ? '' : result);
  if (!m) throw new Error(`bad GA result "${result}"`);
  return { result, prc: m[1] === '*', disc: m[2] ? +m[2] : 0, mand: m[3] ? +m[3] : 0 };
}

/** GOSS 13.9.1 top half: below the lowest range no result; above the highest, the highest row. */
export function readTop(rows: [number, number][], r: number): number {
  if (r < rows[0][0]) return -1;
  for (let i = 0; i < rows.length; i++) if (r <= rows[i][1]) return i;
  return rows.length - 1;
}

/** Bottom half: below the lowest range the lowest row (worst for the attacker); above the highest no result. */
export function readBottom(rows: [number, number][], r: number): number {
  for (let i = 0; i < rows.length; i++) if (r <= rows[i][1]) return i;
  return -1;
}

/** Results of one GA: `onDefender` from the attacker's modified roll, `onAttacker` from the defender's. */
export function gaResults(t: GroundAssaultTable, column: string, attackerModified: number, defenderModified: number): { onDefender: GaHits; onAttacker: GaHits } {
  const set = t.resultSets.find((s) => s.columns.includes(column));
  if (!set) throw new Error(`GAT column ${column} has no result set`);
  const i = readTop(t.attackerRolls[column], attackerModified);
  const j = readBottom(t.defenderRolls[column], defenderModified);
  return { onDefender: parseGaResult(i < 0 ? '-' : set.onDefender[i]), onAttacker: parseGaResult(j < 0 ? '-' : set.onAttacker[j]) };
}

/** The column of a ratio label on a line (for worked examples and the table checks). */
export function columnOf(t: GroundAssaultTable, line: number, ratio: string): string | null {
  return t.lines.find((l) => l.line === line)?.ratios.find((r) => r.label === ratio)?.column ?? null;
}
