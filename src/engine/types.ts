/**
 * The engine's types, declared once. State and actions are plain JSON: a game is
 * (scenario, options, ordered actions), and state is a pure function of that log.
 */
import type { Board } from './board';
import type { Roll } from './rng';
import type { Side, SequenceFile, TimeOfDay } from '../data/schemas/sequence';
import type { ScenarioFile } from '../data/schemas/scenario';
import type { UnitDef } from '../data/schemas/unit';
import type { CombatState } from './rules/combatState';
import type { Frame } from './procedures/frames';
import type { SpecialState } from './rules/scenarioArea';
import type { BoxGraphFile } from '../data/schemas/boxes';
import type { UnitTable } from './unitTable';

export type { Side, TimeOfDay, Roll };

/** Everything static a game reads: validated data, resolved once. Not part of the state. */
export interface ScenarioBundle {
  scenario: ScenarioFile;
  board: Board;
  sequence: SequenceFile;
  units: Map<string, UnitDef>;
  /** Extra rules tables by id (data/tables/*.json), validated by the modules that use them. */
  tables: Record<string, unknown>;
  /** SHA-256 over every data file the game reads; saves name the data version they need. */
  dataHash: string;
}

export interface NewGameOptions {
  /** Seed material for the dice (GOSS 26.0 via src/engine/rng). */
  seed: string;
  /** Id of one of scenario.lengths (defaults to the first). */
  length?: string;
  players?: Partial<Record<Side, string>>;
}

/** Position in the sequence of play. */
export interface SeqPos {
  /** 0-based game turn index within the scenario. */
  turn: number;
  /** 0 or 1: index into scenario.sides of the phasing player. */
  playerTurn: 0 | 1;
  phase: number;
  segment: number;
  /**
   * Which part of the game turn (src/engine/sequence.ts): absent in a player turn (`phase` indexes
   * the sequence's playerTurn), `gameTurn` in the game-turn phases both sides share (AW 3.3.1–3.3.4),
   * `stage` in the stage `stage` played before the GT (AW 3.2.2–3.2.3).
   */
  part?: 'stage' | 'gameTurn';
  /** Index into the sequence's stages (with part 'stage'). */
  stage?: number;
  /** 1 while the second side of a segment both sides play in turn acts. */
  actorStep?: 1;
}

export interface UnitState {
  id: string;
  side: Side;
  /** Lattice hex id, or null when not on the map (not yet arrived, eliminated). */
  hex: number | null;
  stepsLost: number;
  /** Movement points spent in the current phase. */
  mpSpent: number;
  markers: string[];
  eliminated?: boolean;
  /**
   * The unit's last move (src/engine/rules/movement.ts). Stamped with the game turn, player turn and
   * segment so other rules can ask "did it move this player turn?" (AW 31.9.2b move-or-fire, 31.7 GI).
   */
  move?: UnitMoveRecord;
  /** GOSS 18: the breakdown Coys this Bn has detached and not taken back (src/engine/rules/breakdown.ts). */
  detached?: string[];
}

export interface UnitMoveRecord {
  turn: number;
  playerTurn: 0 | 1;
  /** Segment id the move was made in ("move" or "exploitation"). */
  segment: string;
  /** state.n of the last move action: the highest seq is the unit moving now (GOSS 7.1 one unit at a time). */
  seq: number;
  /** Hex the unit started the phase in. */
  from: number;
  /** Hexes entered this phase (PA movement counts hexes, GOSS 5.2.3). */
  hexes: number;
  /** MP spent this phase (kept after mpSpent is reset; AW 31.7 GI reads it). */
  mp: number;
  /** Movement type used this phase: off-road, Mech road movement, or PA hex counting. */
  type: 'offroad' | 'road' | 'pa' | 'legroad' | 'mainroad';
  /** The move ended on a movement halt (AW 31.8, GOSS 7.7): no more movement this phase. */
  halted: boolean;
  /** AW 31.7: at some time during the phase the unit was more than six hexes from every enemy unit. */
  beyond6: boolean;
  /** GOSS 20.3: MP spent this phase entering hexes more than six hexes from every enemy unit (kept only when a module asks: extensions.ts `farMp`). */
  mpFar?: number;
  /** GOSS 5.3.5: the hex the unit last overran this phase (it continues from there after a success; src/engine/rules/overrun.ts). */
  overrun?: number;
  /** GOSS 5.3.5: units this unit overran successfully this phase; it ignores them (no surcharge, no halt) until the phase ends. */
  ignore?: string[];
}

export interface GameState {
  /** State shape version: 2 adds box locations (`UnitState.box`) and sealed facts (`hidden`), issue 14. */
  v: 2;
  scenario: string;
  dataHash: string;
  seed: string;
  length: string;
  /** Number of actions applied so far (the next action's index). */
  n: number;
  pos: SeqPos;
  /** Index of the last game turn (from the chosen length). */
  lastTurn: number;
  /** The units, by id, in chunks (unitTable.ts: read with `unitOf` / `unitList`, write with `putUnit`). */
  units: UnitTable;
  /** Fieldworks by hex id (IP, ET-2, ET-3). */
  fieldworks: Record<string, string>;
  /** n at the last information barrier: undo may not go back past it. */
  barrier: number;
  over: null | { reason: string; winner: Side | 'draw' | null };
  players: Partial<Record<Side, string>>;
  /**
   * PBEM dice key (src/save, anchors.md §5.1), set by a `diceKey` action. When present, each
   * action's dice derive from this key, the hash of the state before the action and the action
   * itself, instead of from `seed` and the action index.
   */
  diceKey?: string;
  /**
   * A decision the engine waits for in the middle of a procedure (e.g. the defender's GA terrain
   * line, a retreat path): only `side` may act, and only with an action whose type is in `accepts`.
   */
  pending?: Pending | null;
  /**
   * Set while a decision opened before the first segment (a setup at game start, e.g. the German
   * breakdowns of AW 32.11.0) holds the game: no segment has been entered yet, so nothing automatic
   * (carpet bombing, weather) has happened. Cleared, and the first segment entered, when the
   * pending decision closes.
   */
  beforePlay?: boolean;
  /** `n` of the first action of play after a game-start setup: seeded dice count actions from there. */
  playFrom?: number;
  /** Stages played so far (AW 3.2.2–3.2.3), by stage id: how often, and whether they are over for good. Absent without stages. */
  stages?: Record<string, { runs: number; done?: boolean }>;
  /**
   * The procedure stack, bottom first (src/engine/procedures): the fire missions, assaults, overruns,
   * hit applications and retreats in progress; `pending` is the top frame's decision. Absent when empty.
   */
  procs?: Frame[];
  /** Combat bookkeeping of the current phase and game turn (src/engine/rules/combatState.ts). */
  combat?: CombatState;
  /** Scenario special rules' bookkeeping: carpet bombing, reinforcements, victory (src/engine/rules/scenarioArea.ts). */
  special?: SpecialState;
}

export interface Pending {
  side: Side;
  kind: string;
  accepts: string[];
  prompt: string;
  case: string;
}

/** An action: the union of the strict action schemas' types (src/engine/actions, issue 14 item 6). */
export type { Action, ActionOf, ActionType } from './actions';
import type { Action } from './actions';

export type GameEvent =
  | { type: 'segmentStarted'; pos: SeqPos; label: string; actor: Side | null; case: string }
  | { type: 'turnStarted'; turn: number; date: string; time: TimeOfDay }
  | { type: 'segmentSkipped'; pos: SeqPos; label: string; guard: string; case: string }
  | { type: 'gameOver'; reason: string; winner: Side | 'draw' | null }
  | { type: 'unitMoved'; unit: string; from: string; to: string; path: string[]; cost: number; /** The cost is in hexes (the Airborne Assault Stage, AW 41.3.7, 41.6.1), not MP. */ hexes?: true; case: string }
  | { type: 'dieRolled'; roll: Roll }
  | { type: string; [k: string]: unknown };

export interface Rejection {
  code: string;
  message: string;
  /** The rule case that forbids the action, e.g. "GOSS 7.8". */
  case?: string;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[]; barrier: boolean; rolls: Roll[]; /** The normalised action that was applied (what the log records, issue 15). */ action: Action }
  | { ok: false; state: GameState; events: []; error: Rejection };

export interface GameLog {
  scenario: string;
  dataHash?: string;
  options: NewGameOptions;
  actions: Action[];
}

// --- Locations and hidden information (issue 14 parts 3 and 5; docs/engine.md "Locations",
// "Hidden information"). Declared here as interface merges so the blocks above stay as they were.

export interface ScenarioBundle {
  /** Off-map box graphs the scenario declares (`boxGraphs` in its file; src/engine/rules/locations.ts). */
  boxGraphs?: BoxGraphFile[];
  /** Data files of the scenario's rule modules by id (data/modules/*, validated at load: `Extension.data`). */
  moduleData?: Record<string, unknown>;
}

export interface UnitState {
  /**
   * The off-map box the unit is in (a location id ≥ BOX_BASE, src/engine/rules/locations.ts), only
   * while `hex` is null: read the place of a unit with `locationOf(u)`.
   */
  box?: number;
}

export interface GameState {
  /** Sealed facts: commitments made in the log, revealed when the rules reveal them (src/engine/rules/hidden.ts). */
  hidden?: HiddenState;
}

/** A fact committed by its owner: only the hash of value and salt is in the state until the reveal. */
export interface Seal {
  key: string;
  /** What kind of fact (the module that reads it, e.g. "restGT"). */
  kind: string;
  owner: Side;
  /** SHA-256 of the canonical JSON of {v, key, value, salt} (hidden.ts sealCommitment). */
  commitment: string;
  /** Action index at which it was committed. */
  n: number;
  case: string;
  /** The values the owner chose among (public: e.g. the GTs of the game day). */
  options?: string[];
  /** Game turns at which the owner, asked, declined to reveal (AW 3.5: "not this GT"). */
  declined?: number[];
  /** Set by a reveal checked against the commitment. */
  revealed?: { value: unknown; n: number };
}

export interface HiddenState {
  seals: Record<string, Seal>;
  /** A sealed choice the engine waits for (pending kind "seal"): its key, kind and the values allowed. */
  request?: { key: string; kind: string; options: string[]; label: string };
}
