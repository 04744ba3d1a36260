/**
 * Combat bookkeeping kept in the game state (GameState.combat): what was attacked and fired on
 * this Combat Phase, artillery points used this GT, air points used this GD. The combats in
 * progress are frames on the procedure stack (GameState.procs, src/engine/procedures).
 */
import type { Draft } from 'immer';
import type { GameState } from '../types';

export interface ArtRecord {
  /** Permanent loss of mission points (AW 31.9.2c). */
  lost: number;
  /** Division HQ: permanently halved after a step loss (AW 31.9.2c). */
  halved: boolean;
  /** GT index and points used in it (AW 31.9.2: points reset every GT). */
  turn: number;
  used: number;
  /** The period `used` counts in (rules/artilleryGroups.ts periodKey: GT, player turn or game day); absent = GT `turn`. */
  period?: string;
}

export interface CombatState {
  /** `${turn}.${playerTurn}`: the Combat Phase the per-phase lists belong to. */
  phase: string;
  attackedHexes: number[];
  attackers: string[];
  defendedHexes: number[];
  defendedOffLeft: number[];
  supportUsed: number[];
  retreatedAfterGa: string[];
  /** Units retreated by FS this phase (GOSS 11.6.3); in an overstacked hex they are the excess that does not fight a GA (GOSS 6.7.0, gaOdds.ts). Set when first used. */
  retreatedAfterFs?: string[];
  fsTargets: number[];
  spotterUses: Record<string, number>;
  fsAdvanced: boolean;
  fsVacated: number[];
  art: Record<string, ArtRecord>;
  /** AW 31.9.1 air points used per side in a game day (`date|used`). */
  air: Record<string, { day: string; used: number }>;
  /** AW 31.9.3 naval points used per side in a GT. */
  naval: Record<string, { turn: number; used: number }>;
  /** AW 31.9: Nebelwerfer fire once per GD: unit → date fired. */
  nwDay: Record<string, string>;
  /** AW 31.7: German units open to a GI mission at the end of their movement segment, and where each started. */
  gi: string[];
  moveStart: Record<string, number>;
  /** GOSS 5.3.5: `${unit}@${hex}` overruns made this phase (the same unit may not overrun the same hex twice). */
  overruns?: string[];
}

export function emptyCombat(phase = ''): CombatState {
  return {
    phase, attackedHexes: [], attackers: [], defendedHexes: [], defendedOffLeft: [], supportUsed: [], retreatedAfterGa: [],
    fsTargets: [], spotterUses: {}, fsAdvanced: false, fsVacated: [], art: {}, air: {}, naval: {}, nwDay: {}, gi: [], moveStart: {},
  };
}

/** The combat record of the draft, created on first use. */
export function combatOf(d: Draft<GameState>): Draft<CombatState> {
  if (!d.combat) d.combat = emptyCombat();
  return d.combat as Draft<CombatState>;
}

export function phaseKey(s: GameState): string { return `${s.pos.turn}.${s.pos.playerTurn}`; }

/** Clears the per-phase lists when a new Combat Phase starts (kept: artillery, air, naval, NW records). */
export function startCombatPhase(d: Draft<GameState>): void {
  const c = combatOf(d);
  // A GI decision opened as the Movement Phase ended (AW 31.7, GOSS 20.3) is still answered when the
  // sequence reaches the Combat Phase with no player segment between (the standard sequence's).
  const keep = { art: c.art, air: c.air, naval: c.naval, nwDay: c.nwDay, ...(d.pending?.kind === 'gi' ? { gi: c.gi } : {}) };
  Object.assign(c, emptyCombat(phaseKey(d as GameState)), keep);
}

