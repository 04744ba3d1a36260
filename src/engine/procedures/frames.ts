/**
 * The procedure frames kept in the state (GameState.procs, bottom first): plain JSON, one type per
 * procedure. A frame is a procedure in progress — a fire mission, a ground assault, an overrun, the
 * application of one side's hits, a retreat, a carpet-bombed hex — with what it needs to go on. A
 * frame may call another (pushed on top) and is resumed, with the callee's result in `$`, when that
 * one ends; the pending decision (GameState.pending) is always the top frame's (procedures/stack.ts).
 */
import type { Side } from '../types';
import type { GaBreakdown } from '../rules/gaOdds';

/** How hits still to take after a retreat or a check are taken (GOSS 13.10.4, 11.6.2; rules/losses.ts `absorb`). */
export type Remainder = 'free' | 'capped' | 'cappedIgnore';

/** A stack's retreat still to make in a GA (GOSS 13.10.4): from (formatted hex), how far, at least. */
export interface RetreatOrder { from: string; want: number; min: number }

/** What every frame may carry: the result of the last procedure it called (set when that one ended, read on resume). */
interface FrameCommon { $?: unknown }

/** The common part of the "apply hits" procedure: who takes them, where, and what is left to take. */
interface HitsBase extends FrameCommon {
  proc: 'hits';
  side: Side;
  /** The hex of the combat (FS target, GA hex, bombed hex). */
  hex: number;
  units: string[];
  /** Step losses taken per unit in this combat (GOSS 4.2.1a Max step loss). */
  lost: Record<string, number>;
  /** Hits still to take after retreat (as steps / fatigue), and how. */
  remaining: number;
  remainder: Remainder;
}

/** GOSS 11.6.2: the hits of one FS mission on its target stack. */
export interface FsHitsFrame extends HitsBase {
  rule: 'fs';
  hits: number;
  stage: 'option' | 'retreat' | 'absorb' | 'done';
  option: 'step' | 'retreat' | null;
  /** GOSS 11.6.2: every target was attack designated when the mission fired (the DW withdrawal). */
  designated?: boolean;
  /** GOSS 5.3.5 chained overrun: the targets stand in `hex` by an overrun, their counters elsewhere. */
  entered?: boolean;
}

/** GOSS 13.10: one side's GAT result being applied (attacker first, then defender). */
export interface GaHitsFrame extends HitsBase {
  rule: 'ga';
  role: 'attacker' | 'defender';
  result: string;
  prc: boolean;
  disc: number;
  mand: number;
  stage: 'prc' | 'convert' | 'mandatory' | 'option' | 'optionPrc' | 'retreat' | 'retreated' | 'absorb' | 'done';
  option: 'hold' | 'limited' | 'full' | null;
  passed: boolean | null;
  retreat: RetreatOrder[];
  ignoreMax: boolean;
  /** GOSS 13.10.3: the side's lead PR and lead Arm/AT units (first losses). */
  leads: { pr: string | null; arm: string | null };
  /** GOSS 5.3.5: an overrunner takes a failed mandatory PRC as a mandatory hit. */
  overrun: boolean;
  /** The last retreat path of this side (formatted hexes): the defender's is the attacker's advance path (GOSS 13.12). */
  path: string[];
}

/** AW 32.2.2: a fixed number of step losses on the units of a bombed hex. */
export interface CarpetHitsFrame extends HitsBase {
  rule: 'carpet';
  steps: number;
  stage: 'steps' | 'done';
}

export type HitsFrame = FsHitsFrame | GaHitsFrame | CarpetHitsFrame;

/**
 * A retreat of one stack (GOSS 11.6.3, 13.11): the owner picks the path among those the priorities
 * allow — or the DW withdrawal when open — unless there is exactly one way (then it is automatic) or
 * none (blocked). Returns `{path, withdraw}` (hex ids; an empty path without withdraw: blocked).
 */
export interface RetreatFrame extends FrameCommon {
  proc: 'retreat';
  /** The decision vocabulary and cases: FS (`fsRetreat`, GOSS 11.6.3) or GA (`gaRetreat`, GOSS 13.11). */
  rule: 'fs' | 'ga';
  side: Side;
  units: string[];
  /** The hex the stack retreats from (for a chained overrunner: the hex it stands in, not its counter's). */
  from: number;
  want: number;
  /** GOSS 13.10.4: after a passed Limited-retreat PRC any part of the path (at least 1 hex) may be taken. */
  prefix: boolean;
  /** Why the stack may not withdraw into a DW in its hex instead (GOSS 11.6.2, 13.10.4), or null when it may. */
  noWithdraw: string | null;
  /** The owner's answer, performed: returned to the caller on the next step. */
  chosen?: RetreatResult;
}

/** What a retreat returns to its caller. */
export interface RetreatResult { path: number[]; withdraw: boolean; /** the stack as it began the retreat */ units: string[] }

/** GOSS 11.6: a fire mission fired (its dice rolled), its hits being applied. */
export interface FireMissionFrame extends FrameCommon {
  proc: 'fireMission';
  target: number;
  firingSide: Side;
  targetSide: Side;
  units: string[];
  hits: number;
  as: number;
  stage: 'hits' | 'scatter' | 'end';
  designated?: boolean;
  /** GOSS 20.2.3: GS volleys that scattered onto other hexes, whose owners take their hits after the target's. */
  scattered?: { hex: number; side: Side; units: string[]; hits: number }[];
  /** GOSS 5.3.5: a defensive mission against an overrunner (its caller is the overrun). */
  overrun?: boolean;
  entered?: boolean;
}

/** One side's GAT result (GOSS 13.9), kept by the assault while its hits are applied. */
export interface GaSideResult {
  result: string;
  prc: boolean;
  disc: number;
  mand: number;
  ignoreMax: boolean;
  units: string[];
}

/** GOSS 13: a ground assault (or an overrun's, GOSS 5.3.5) from declaration to advance. */
export interface GroundAssaultFrame extends FrameCommon {
  proc: 'groundAssault';
  hex: number;
  attackerSide: Side;
  defenderSide: Side;
  attackers: string[];
  defenders: string[];
  stage: 'declare' | 'attacker' | 'defender' | 'results' | 'advance' | 'done';
  decl: { line?: number; standoff: string[]; fullStrength: string[] };
  odds: GaBreakdown | null;
  rolls: { attacker: number; defender: number; attackerModified: number; defenderModified: number } | null;
  att: GaSideResult | null;
  def: GaSideResult | null;
  /** The defenders' retreat path (formatted hexes), for the advance (GOSS 13.12). */
  defPath: string[];
  /** Defenders all eliminated before retreating: the attacker picks the advance path. */
  defGoneEarly: boolean;
  overrun: boolean;
  /** GOSS 17.3.2b: the hasty bridge demolition has been tried for this GA. */
  hasty?: boolean;
  /** GOSS 13.5 step 3 / 15.7.1: the isolated OoS defenders have checked for surrender (set only when some had to). */
  surrender?: boolean;
  /** GOSS 5.3.5 chained overrun: the hex the overrunners attack from. */
  overrunFrom?: number;
}

/** GOSS 5.3.5: an overrun declared: the defender's FS decision, its mission, then the assault. */
export interface OverrunFrame extends FrameCommon {
  proc: 'overrun';
  stage: 'fire' | 'assault' | 'end';
  /** The overrun hex and the overrunner(s) — one unit or a free-stacked group (GOSS 6.2) — of `side`. */
  hex: number;
  attackers: string[];
  side: Side;
  /** The hex the overrunners stand in, the hex they last entered: the mission's target and the hex they attack from. */
  from: number;
  /** Chained overrun: the hex the overrunners' counters stand in, and the mission's only target units. */
  at?: number;
  targets?: string[];
  /** The (first) overrunner's `move.ignore` before the declaration, restored if FS stops the overrun. */
  ignore: string[];
  /** For a group or a chained overrun, each overrunner's `move.overrun` and `move.ignore` before the declaration. */
  restore?: Record<string, { overrun?: number; ignore: string[] }>;
}

/** AW 32.2.2: one hex of the carpet-bombing mission: AS hits, the roll, then its step losses (the hit procedure). */
export interface CarpetHexFrame extends FrameCommon {
  proc: 'carpetHex';
  hex: number;
  units: string[];
  stage: 'bomb' | 'end';
}

/**
 * AW 41.5.0–41.5.2 airborne combat (rules/airborne/combatProcedure.ts): units that failed a landing PR
 * check retreat first (AW 41.2.3b), then both sides' totals and dice, the loser's step and retreat,
 * the attacker's advance. Also the forced attack of a landing unit (AW 41.2.3b) and Merville's +2 (41.4.1).
 */
export interface AirborneCombatFrame extends FrameCommon {
  proc: 'airborneCombat';
  /** The defending hex, and the hex the attack comes from (the same hex in a forced attack). */
  hex: number;
  from: number;
  attackerSide: Side;
  attackers: string[];
  /** Further attacker DRMs (AW 41.4.1 Merville +2). */
  extra: { drm: number; why: string; case: string }[];
  /** AW 41.2.3b: the landing unit must attack the Germans that stay in its hex (FoW: attack 1, PR 6). */
  forced: boolean;
  /** AW 41.2.3b: German units that failed their PR check, each retreating (AW 41.2.3d) before the attack. */
  before: string[];
  stage: 'before' | 'resolve' | 'retreat' | 'forcedOut' | 'advance' | 'done';
  /** The loser's units still to retreat (one stack, AW 41.2.3d), once the dice have spoken. */
  losers: string[];
  loserSide: Side | null;
  winner: 'attacker' | 'defender' | null;
  case: string;
}

/**
 * AW 41.2.3d airborne retreat of one stack: one hex into a hex free of enemy units, no prohibited
 * terrain, rivers only at intact bridges; on when it would be overstacked; eliminated when it cannot.
 * The owner picks the hex when there is more than one (`abRetreat`). Ends with `{hex}` (null: eliminated).
 */
export interface AirborneRetreatFrame extends FrameCommon {
  proc: 'airborneRetreat';
  side: Side;
  units: string[];
  /** The hex the stack is leaving now, and the hexes it already passed through (never entered again). */
  at: number;
  visited: number[];
  why: string;
  case: string;
  /** The owner's answer, taken on the next step. */
  chosen?: number;
}

/**
 * AW 41.2.3c the Extended Scatter track in the Airborne Re-Group Segment (rules/airborne/afterStage.ts):
 * the units in ES boxes, lowest box first; a unit that starts in box 1 lands FoW side up on a DZ of its
 * nationality (the Allied player's choice, `esLand`), the others move one box lower and roll to survive.
 */
export interface EsTrackFrame extends FrameCommon {
  proc: 'esTrack';
  /** The units still to process, in order (lowest box first). */
  queue: string[];
  /** The Allied player's answer for the head of the queue (a DZ hex). */
  chosen?: number;
}

/** AW 41.3.7a: a FoW unit tries to pass through an enemy hex; the German picks the unit making the defensive PR check. */
export interface AbPassFrame extends FrameCommon {
  proc: 'abPass';
  unit: string;
  /** The FoW unit's path (hex ids): the enemy hex first. */
  path: number[];
}

/** AW 15.0: divisions whose primary DZ was removed select a new one (rules/airborne/dzSupply.ts, `dzPrimary`). */
export interface DzPrimaryFrame extends FrameCommon {
  proc: 'dzPrimary';
  /** The divisions still to choose, in order. */
  queue: string[];
  /** The Allied player's answer for the head of the queue (a DZ key). */
  chosen?: string;
}

export type Frame = HitsFrame | RetreatFrame | FireMissionFrame | GroundAssaultFrame | OverrunFrame | CarpetHexFrame | AirborneCombatFrame | AirborneRetreatFrame | EsTrackFrame | AbPassFrame | DzPrimaryFrame;

export type ProcName = Frame['proc'];
