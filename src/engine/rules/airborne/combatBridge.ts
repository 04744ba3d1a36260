/**
 * The narrow calls from the landing rules (AW 41.2.3b, 41.4.2) into the airborne combat area: the
 * airborne retreat (AW 41.2.3d, retreat.ts) and the forced attack with the AW 41.5 procedure
 * (combatProcedure.ts). Both run on the procedure stack: a retreat with a choice of hexes waits for its
 * owner (`abRetreat`), and the forced attack comes after the retreats of the Germans that failed their
 * PR check (AW 41.2.3b), even when one of them is still waiting for that choice.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, UnitState } from '../../types';
import type { RuleContext } from '../registry';
import type { HexId } from '../../hex';
import type { Frame } from '../../procedures/frames';
import { runProcedures, type Run } from '../../procedures/stack';
import { startAirborneRetreat } from './retreat';
import { airborneCombatFrame } from './combatProcedure';
import { unitList, type UnitTable } from '../../unitTable';

/**
 * AW 41.2.3d airborne retreat of one unit (a German that failed its PR check against a landing unit):
 * automatic when one hex is open, eliminated when none is, else the owner picks (the game waits).
 */
export function airborneRetreat(d: Draft<GameState>, ctx: RuleContext, unitId: string, why: string): GameEvent[] {
  return startAirborneRetreat(d, ctx, { units: [unitId], why, case: 'AW 41.2.3b, 41.2.3d' });
}

/**
 * AW 41.2.3b: the landing unit(s) must attack every German unit left in the hex with the AW 41.5
 * procedure (FoW units: attack 1, PR 6). When retreats of this landing still wait for their owner, the
 * attack goes under them on the stack: it is resolved once they are done (and not at all if no German
 * is left, the landing unit then stays).
 */
export function forcedAttack(d: Draft<GameState>, ctx: RuleContext, hex: HexId, attackers: string[], _fow: boolean): GameEvent[] {
  const frame = airborneCombatFrame(d as GameState, { hex, attackers, forced: true });
  const st = (d.procs ??= []);
  let i = st.length;
  while (i > 0 && st[i - 1].proc === 'airborneRetreat') i--;
  st.splice(i, 0, frame as Draft<Frame>);
  if (i < st.length - 1) return [];
  const run: Run = { d, ctx, events: [] };
  runProcedures(run);
  return run.events;
}

/** The German units in a hex (a draft or a state). */
export function germansIn(units: UnitTable, h: HexId): UnitState[] {
  return unitList({ units }).filter((x) => x.hex === h && x.side === 'german' && !x.eliminated);
}
