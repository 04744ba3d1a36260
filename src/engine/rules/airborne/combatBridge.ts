/**
 * The narrow calls from the landing rules (AW 41.2.3b, 41.4.2) into the airborne combat area, which
 * h/abcombat owns: the airborne retreat (AW 41.2.3d) and the forced attack with the AW 41.5
 * procedure. STUBS until h/abcombat is merged: the retreat follows AW 41.2.3d with the first legal hex
 * clockwise from north (instead of the owner's choice), and the forced attack is recorded in
 * `forcedAttacks` and announced (`airborneCombatDue`) but not resolved. When h/abcombat lands, these two
 * functions call its procedure; their signatures stay.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, UnitState } from '../../types';
import type { RuleContext } from '../registry';
import { formatHex, neighbours, type HexId } from '../../hex';
import { terrainOf, sideFeatures } from '../../board';
import { airborneDraft } from './state';

/** Forced attacks (AW 41.2.3b) waiting for the AW 41.5 procedure (stub record until h/abcombat). */
export interface ForcedAttack { hex: string; attackers: string[]; fow: boolean; case: string }

/**
 * AW 41.2.3d airborne retreat: one hex into a hex free of enemy units, no prohibited terrain, rivers
 * only at intact bridges; a unit that cannot retreat is eliminated. STUB of h/abcombat's: picks the
 * first legal hex clockwise from north.
 */
export function airborneRetreat(d: Draft<GameState>, ctx: RuleContext, unitId: string, why: string): GameEvent[] {
  const u = d.units[unitId];
  const from = u.hex!;
  const enemy = u.side === 'allied' ? 'german' : 'allied';
  const occupied = (h: HexId) => Object.values(d.units).some((x) => x.hex === h && x.side === enemy && !x.eliminated);
  const to = neighbours(from).find((h) => {
    const t = h >= 0 ? terrainOf(ctx.bundle.board, h) : null;
    if (t === null || t === 'sea' || occupied(h)) return false;
    const f = sideFeatures(ctx.bundle.board, from, h);
    return !(f.includes('river') || f.includes('majorRiver') || f.includes('canal')) || f.includes('bridge');
  });
  if (to === undefined) {
    u.hex = null;
    u.eliminated = true;
    return [{ type: 'unitEliminated', unit: unitId, why: `${why}: no hex to retreat into`, case: 'AW 41.2.3d' }];
  }
  u.hex = to;
  return [{ type: 'airborneRetreat', unit: unitId, from: formatHex(from), to: formatHex(to), why, case: 'AW 41.2.3d' }];
}

/**
 * AW 41.2.3b: the landing unit(s) must attack every German unit in the hex with the AW 41.5 procedure
 * (FoW units: attack 1, PR 6). STUB until h/abcombat's procedure: recorded, not resolved.
 */
export function forcedAttack(d: Draft<GameState>, _ctx: RuleContext, hex: HexId, attackers: string[], fow: boolean): GameEvent[] {
  const a = airborneDraft(d) as Draft<{ forcedAttacks?: ForcedAttack[] }>;
  (a.forcedAttacks ??= []).push({ hex: formatHex(hex), attackers: [...attackers], fow, case: 'AW 41.2.3b' });
  return [{ type: 'airborneCombatDue', hex: formatHex(hex), attackers, fow, stub: true, case: 'AW 41.2.3b, 41.5.0' }];
}

/** The German units in a hex (a draft or a state). */
export function germansIn(units: Record<string, UnitState>, h: HexId): UnitState[] {
  return Object.values(units).filter((x) => x.hex === h && x.side === 'german' && !x.eliminated);
}
