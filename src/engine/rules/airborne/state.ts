/**
 * The airborne module's record in the state (AW 41): declared once here. Each helper's sub-record is
 * declared in its own file and imported here as a type only (docs/engine.md "Airborne module").
 * Plain JSON under `state.special.airborne` (moduleState.ts).
 */
import type { Draft } from 'immer';
import type { HexId } from '../../hex';
import type { GameState, ScenarioBundle, Side } from '../../types';
import type { AirborneDisplay, AirborneSpecial, AirborneTables } from '../../../data/schemas/airborne';
import { moduleDraft, moduleState } from '../moduleState';
import type { DzStatus } from './scatter';
import type { AirborneCombatRecord } from './combatProcedure';
import type { AfterStageState } from './afterStage';

export const AIRBORNE = 'airborne';

/** A DZ by division and letter: "82AB-O", "6AB-W" (the 6th AB and the 82nd both have a W, AW 41.1.2a). */
export type DzKey = string;
export const dzKey = (division: string, letter: string): DzKey => `${division}-${letter}`;

export interface DzState {
  key: DzKey;
  division: string;
  letter: string;
  /** AW 41.1.2a: a main DZ rolls for status but never scatters. */
  main: boolean;
  /** The target hex printed on the Airborne Display. */
  target: HexId;
  /** Where the DZ marker is; null until placed (6th AB W: the June 6 PM Movement Phase, AW 41.1.2b). */
  hex: HexId | null;
  scatter?: 'NS' | 'S1' | 'S2';
  status?: DzStatus;
  /** AW 41.1.3: the status DRMs of the DZ hex, which also modify unit scatter (AW 41.2.3a). */
  drm?: number;
  removed?: { case: string };
}

/**
 * The container of one DZ's drop (AW 41.2.2): the ids not yet revealed — the real para Coys of the
 * Btns that landed there and the dummies added by the Unit Scatter Table. Public: who is in it, not
 * which FoW counter is which (no placeholder carries an identity, docs/engine.md "Random hidden draws").
 */
export interface FowPool {
  /** Identities still in the container (Coy ids and dummy ids), sorted. */
  ids: string[];
  /** How many of `ids` were dummies when the container was filled (public: the Allied player rolled them). */
  dummies: number;
  /** Placeholders landed from this container so far; the drop ends when it equals the container's size. */
  landed: number;
  /** Size of the container when filled. */
  size: number;
}

/** One FoW counter on the map (or in an ES box): which container its identity will be drawn from. */
export interface FowCounter {
  pool: DzKey;
  /** Eliminated before its reveal: drawn only once every FoW unit has regrouped (AW 41.2.3). */
  eliminated?: true;
  /** The DZ hex it landed on: exempt from the 4-FoW stacking limit while it stays there (AW 41.3.1). */
  landedOn?: HexId;
}

/** AW 41.1.1: the outcome of the Pegasus Bridge mission. */
export type BridgeOutcome = 'captured' | 'destroyed' | 'held';
export interface PegasusState {
  orne: BridgeOutcome;
  canal: BridgeOutcome;
  /** The Ox&Buck Coy after the mission. */
  coy: 'full' | 'z' | 'eliminated';
}

/** The drop and glider landing in progress (AW 41.2.3, 41.4): the DZ being landed and what is left on each. */
export interface DropState {
  /** The DZ whose landing procedure is under way (finished before the next begins, AW 41.2.0). */
  current: DzKey | null;
  /** Non-FoW units (and leaders) still to land, per DZ and segment ("airborneDrop" / "gliderLanding"). */
  waiting: Record<DzKey, string[]>;
  /** DZs whose dummies have been rolled and whose container is filled (AW 41.2.2). */
  opened: DzKey[];
}

export interface AirborneState {
  dzs: Record<DzKey, DzState>;
  pools: Record<DzKey, FowPool>;
  /** Placeholder id → its container (and whether it was eliminated unrevealed). */
  fow: Record<string, FowCounter>;
  /** Reveals so far: placeholder → the Coy id, or "dummy" (public once revealed). */
  revealed?: Record<string, string>;
  /** Units on their z-step side (AW 41.1.1: the Ox&Buck Coy reduced on a 9). */
  zSide?: Record<string, true>;
  pegasus?: PegasusState;
  drop?: DropState;
  /** Glider units landed this stage that may still displace one hex (AW 41.4.2). */
  gliderDisplace?: string[];
  /** Per unit, the segment key (turn:segment) of its last regroup attempt (AW 41.3.5: one per segment). */
  regroupTried?: Record<string, string>;
  /** AW 41.4.1: the Merville step's landing and its own attack. */
  merville?: { landed: boolean; attacked?: 'destroyed' | 'eliminated' | 'assisted' };
  /** Counts for the stage-alone victory (reconstructed). */
  log?: { bridgesBlown?: number; fowLost?: number; germanStepsLost?: number; alliedStepsLost?: number };
  /** AW 41.5.0: who attacked, and which hexes, in the current airborne combat segment (combatProcedure.ts). */
  combat?: AirborneCombatRecord;
  /** AW 41.2.3c: units back from ES box 1, not to move until regrouped (afterStage.ts). */
  esReturned?: AfterStageState['esReturned'];
  /** AW 15.0: DZs a German unit entered, removed at the next German player turn (afterStage.ts). */
  dzEntered?: AfterStageState['dzEntered'];
  /** The drop's date (afterStage.ts, AW 41.3.6). */
  dropDate?: AfterStageState['dropDate'];
  // Sub-records of the other airborne helpers are added here as `import type` fields
  // (german?: B's activation record, bridges?: B's attempts, combat?: C's per-segment record).
  /** AW 41.3.7: Allied airborne moves of the current Allied Movement Segment (movement.ts). */
  moves?: import('./movement').AbMovesState;
  /** AW 41.6, 41.10: German activation and movement (activation.ts). */
  german?: import('./activation').AbGermanState;
  /** AW 41.3.7b: bridges blown and this segment's attempts (bridgeBlowing.ts). */
  bridges?: import('./bridgeBlowing').AbBridgeState;
  /** AW 15.0: primary DZs chosen after a loss, on-hand divisions, choices due (dzSupply.ts). */
  primary?: import('./dzSupply').DzSupplyState['primary'];
  onHand?: import('./dzSupply').DzSupplyState['onHand'];
  due?: import('./dzSupply').DzSupplyState['due'];
}

export function airborneState(s: GameState): AirborneState {
  const a = moduleState<Partial<AirborneState>>(s, AIRBORNE);
  return { dzs: a.dzs ?? {}, pools: a.pools ?? {}, fow: a.fow ?? {}, ...a } as AirborneState;
}

export function airborneDraft(d: Draft<GameState>): Draft<AirborneState> {
  const a = moduleDraft<AirborneState>(d, AIRBORNE);
  a.dzs ??= {};
  a.pools ??= {};
  a.fow ??= {};
  return a;
}

/** Every DZ of the scenario, by key. */
export function dzsOf(s: GameState): Record<DzKey, DzState> {
  return airborneState(s).dzs;
}

/** The hexes of the DZs on the map (not removed), of one division's nationality side if given (all are Allied). */
export function dzHexes(s: GameState, _side?: Side): HexId[] {
  return Object.values(dzsOf(s)).filter((z) => z.hex !== null && !z.removed).map((z) => z.hex!);
}

/** The scenario's `special.airborne` block. */
export function airborneSpecial(bundle: ScenarioBundle): AirborneSpecial {
  const a = (bundle.scenario.special as { airborne?: AirborneSpecial } | undefined)?.airborne;
  if (!a) throw new Error(`scenario ${bundle.scenario.id} has no special.airborne block`);
  return a;
}

/** The Airborne Display and the Airborne Assault Tables Card the scenario names (validated at load). */
export function airborneData(bundle: ScenarioBundle): { display: AirborneDisplay; tables: AirborneTables; special: AirborneSpecial } {
  const special = airborneSpecial(bundle);
  const display = bundle.moduleData?.[special.display] as AirborneDisplay | undefined;
  const tables = bundle.moduleData?.[special.tables] as AirborneTables | undefined;
  if (!display || !tables) throw new Error(`scenario ${bundle.scenario.id}: the airborne data files were not loaded`);
  return { display, tables, special };
}

/** The division entry of the display (its scatter column, FoW and dummy counters). */
export function divisionOf(bundle: ScenarioBundle, division: string): AirborneDisplay['divisions'][number] {
  const d = airborneData(bundle).display.divisions.find((x) => x.id === division);
  if (!d) throw new Error(`no division ${division} on the Airborne Display`);
  return d;
}

/** AW 41.6.1: marks German units attacked in any manner (landing PR retreats, airborne combat): they are activated. The landing (41.2.3b) and the airborne combat call it; kept here, beside the record, so neither imports the activation rules. */
export function markAttacked(d: Draft<GameState>, ids: readonly string[]): void {
  const g = (airborneDraft(d).german ??= {});
  const list = (g.attacked ??= []);
  for (const id of ids) if (!list.includes(id)) list.push(id);
  list.sort();
}
