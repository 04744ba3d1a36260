/**
 * AW 41.5.1–41.5.2 before the dice: what an airborne attack would put on each side (Steps 1–3) and how
 * likely each result is, for the programmed opponent (and any panel that wants a preview). Pure reads;
 * the combat itself is combatProcedure.ts.
 */
import type { HexId } from '../../hex';
import type { GameState, ScenarioBundle } from '../../types';
import { unitOf } from '../../unitTable';
import { abTotals, resolveAirborneCombat, type AbResult } from './combat';
import { abEnv } from './combatEnv';

export interface AbPreview {
  attacker: { total: number; pr: number };
  defender: { total: number; pr: number };
  /** The chance of each (winner, result) over the 100 pairs of 1d10 (AW 41.5.2). */
  odds: { attackerWins: Record<AbResult, number>; defenderWins: Record<AbResult, number>; none: number };
}

/**
 * The totals and the result odds of `attackers` (all in one hex) attacking `hex`; `drm` is an attacker
 * DRM such as Merville's +2 (AW 41.4.1). Null when there is no attacker on the map.
 */
export function abAttackPreview(state: GameState, bundle: ScenarioBundle, hex: HexId, attackers: readonly string[], drm = 0): AbPreview | null {
  const first = attackers.length ? unitOf(state, attackers[0]) : undefined;
  if (!first || first.hex === null) return null;
  const extra = drm ? [{ drm, why: 'attack DRM', case: 'AW 41.4.1' }] : [];
  const t = abTotals(abEnv(state, bundle), { attackerSide: first.side, hex, from: first.hex, attackers: [...attackers], extra });
  const att = { total: t.attacker.total, pr: t.attacker.pr };
  const def = { total: t.defender.total, pr: t.defender.pr };
  const zero = (): Record<AbResult, number> => ({ none: 0, retreat: 0, retreatStep: 0 });
  const odds = { attackerWins: zero(), defenderWins: zero(), none: 0 };
  for (let a = 1; a <= 10; a++) {
    for (let d = 1; d <= 10; d++) {
      const o = resolveAirborneCombat(att, def, { attacker: a, defender: d });
      if (o.winner === 'attacker') odds.attackerWins[o.result] += 0.01;
      else if (o.winner === 'defender') odds.defenderWins[o.result] += 0.01;
      else odds.none += 0.01;
    }
  }
  return { attacker: att, defender: def, odds };
}
