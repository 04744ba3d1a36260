/**
 * Combat bookkeeping kept in the game state (GameState.combat): what was attacked and fired on
 * this Combat Phase, artillery points used this GT, air points used this GD, and the procedure in
 * progress (a GA or FS mission waiting for a player's decision, with GameState.pending).
 */
import type { Draft } from 'immer';
import type { GameState, Pending, Side } from '../types';
import type { GaBreakdown } from './gaOdds';

/** One side's share of a GA's results while they are applied (GOSS 13.10). */
export interface GaSideProc {
  role: 'attacker' | 'defender';
  side: Side;
  result: string;
  prc: boolean;
  disc: number;
  mand: number;
  stage: 'prc' | 'convert' | 'mandatory' | 'option' | 'optionPrc' | 'retreat' | 'absorb' | 'done';
  option: 'hold' | 'limited' | 'full' | null;
  passed: boolean | null;
  /** Hits still to take after retreat (as steps / fatigue). */
  remaining: number;
  /** How the remaining hits are taken: 'free' (any mix, no Max step loss), 'capped' (steps to Max, ≤2 fatigue, then steps), 'cappedIgnore' (steps to Max, ≤2 fatigue, rest ignored). */
  remainder: 'free' | 'capped' | 'cappedIgnore';
  /** Hexes to retreat (per stack origin, formatted hex) and how far. */
  retreat: { from: string; want: number; min: number }[];
  /** Step losses taken per unit in this GA (GOSS 4.2.1a Max step loss). */
  lost: Record<string, number>;
  ignoreMax: boolean;
  units: string[];
}

export interface GaProc {
  hex: number;
  attackerSide: Side;
  defenderSide: Side;
  attackers: string[];
  defenders: string[];
  stage: 'declare' | 'apply' | 'advance' | 'done';
  decl: { line?: number; standoff: string[]; fullStrength: string[] };
  odds: GaBreakdown | null;
  rolls: { attacker: number; defender: number; attackerModified: number; defenderModified: number } | null;
  att: GaSideProc | null;
  def: GaSideProc | null;
  /** The defenders' retreat path (formatted hexes), for the advance (GOSS 13.12). */
  defPath: string[];
  /** Defenders all eliminated before retreating: the attacker picks the advance path. */
  defGoneEarly: boolean;
  overrun: boolean;
  /**
   * GOSS 5.3.5 chained overrun: the hex the overrunners attack from when they stand in a hex they
   * overran successfully this phase (their counters are still in the hex they came from).
   */
  overrunFrom?: number;
}

export interface FsProc {
  target: number;
  firingSide: Side;
  targetSide: Side;
  units: string[];
  hits: number;
  as: number;
  stage: 'option' | 'absorb' | 'retreat' | 'done';
  option: 'step' | 'retreat' | null;
  remaining: number;
  remainder: 'free' | 'capped' | 'cappedIgnore';
  lost: Record<string, number>;
  /** GOSS 11.6.2: every target was attack designated when the mission fired, so the stack may withdraw into a DW in its hex instead of the 1-hex retreat. */
  designated?: boolean;
  /** GOSS 5.3.5: a defensive mission against an overrunner; when it ends the overrun goes on (groundAssault.ts `continueOverrun`). */
  overrun?: boolean;
  /**
   * GOSS 5.3.5 chained overrun: the target units stand in `target` by a successful overrun, their
   * counters elsewhere: a retreat is counted from `target`, and the hex is never vacated by FS.
   */
  entered?: boolean;
}

/** GOSS 5.3.5: an overrun declared and waiting for the defender's FS mission (or its refusal) before it is resolved. */
export interface OverrunFs {
  /** The overrun hex and the overrunner(s) — one unit or a free-stacked group (GOSS 6.2) — of `side`. */
  hex: number;
  attackers: string[];
  side: Side;
  /** The hex the overrunners stand in, the hex they last entered: the mission's target and the hex they attack from. */
  from: number;
  /**
   * Chained overrun (from a hex overrun successfully this phase): the hex the overrunners' counters
   * stand in, and the units of `side` that stand in `from` by a successful overrun — the mission's
   * only target units (the defender's own units there are not hit).
   */
  at?: number;
  targets?: string[];
  /** The (first) overrunner's `move.ignore` before the declaration, restored if FS stops the overrun. */
  ignore: string[];
  /**
   * For a group or a chained overrun, each overrunner's `move.overrun` and `move.ignore` before the
   * declaration, restored instead (absent for one unit from its own hex: the state saves made before keep their digests).
   */
  restore?: Record<string, { overrun?: number; ignore: string[] }>;
}

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
  ga: GaProc | null;
  fs: FsProc | null;
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
  /** GOSS 5.3.5: the overrun waiting for the defender's FS decision (pending `overrunFs`) or for that mission to end. */
  overrunFs?: OverrunFs | null;
}

export function emptyCombat(phase = ''): CombatState {
  return {
    phase, attackedHexes: [], attackers: [], defendedHexes: [], defendedOffLeft: [], supportUsed: [], retreatedAfterGa: [],
    fsTargets: [], spotterUses: {}, fsAdvanced: false, fsVacated: [], ga: null, fs: null, art: {}, air: {}, naval: {}, nwDay: {}, gi: [], moveStart: {},
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
  const keep = { art: c.art, air: c.air, naval: c.naval, nwDay: c.nwDay };
  Object.assign(c, emptyCombat(phaseKey(d as GameState)), keep);
}

export function setPending(d: Draft<GameState>, p: Pending): void { d.pending = p; }
export function clearPending(d: Draft<GameState>): void { d.pending = null; }
