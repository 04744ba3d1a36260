/**
 * Scenario special rules as data (AW 32–34 "special scenario rules"): play area, turn track, weather,
 * air points, pre-game bombing, artillery groups, bridges, movement restrictions, leaders, logistics,
 * replacements, reinforcements and victory conditions. Read by src/engine/rules/scenario*.ts,
 * carpetBombing.ts, reinforcements.ts and victory.ts; nothing of a scenario is hard-coded there.
 * Every entry carries a `source` (seed line, or `reconstructed: why`).
 */
import { z } from 'zod';
import { Source } from './common';
import { HexRef } from './map';
import { Side, TimeOfDay } from './sequence';
import { AirborneSpecial } from './airborne';
import { VariableWeatherRule } from './weather';
import { FuelRule } from './fuel';
import { RandomArrivalRule } from './arrival';
import { AirPowerRule } from './air';
import { NavalAvailabilityRule } from './navalAvailability';

export const GameTimeRef = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: TimeOfDay });
export type GameTimeRef = z.infer<typeof GameTimeRef>;

/** Columns and rows of one map sheet, both inclusive (e.g. AW 32.2.2 "5120-5125 to 5625-5620"). */
export const HexRect = z.object({
  sheet: z.string().regex(/^[A-F]$/),
  cols: z.tuple([z.number().int(), z.number().int()]),
  rows: z.tuple([z.number().int(), z.number().int()]),
});

/**
 * A set of hexes: listed hexes, sheet rectangles, and the hexes reached from `riverSide.from`
 * without crossing a hexside of the named river (within the play area); `minus` is taken away.
 */
export interface HexSet {
  hexes?: string[];
  rects?: z.infer<typeof HexRect>[];
  riverSide?: { river: string; from: string };
  minus?: HexSet;
}
export const HexSet: z.ZodType<HexSet> = z.lazy(() => z.object({
  hexes: z.array(HexRef).optional(),
  rects: z.array(HexRect).optional(),
  riverSide: z.object({ river: z.string(), from: HexRef }).optional(),
  minus: HexSet.optional(),
}));

export const PlayArea = z.object({
  /** Hexes in play (e.g. AW 32.0 "the area on map C shown by the thick dashed line"). */
  hexes: HexSet,
  /** Units that retreat out may not re-enter (AW 32.0). */
  retreatOutEliminates: z.boolean(),
  /** Boundary hexes by side of the area, for supply sources and entry zones (AW 32.9.2, 32.12.2). */
  edges: z.partialRecord(z.enum(['north', 'south', 'east', 'west']), HexSet).default({}),
  source: Source,
});

export const TurnTrackEntry = z.object({ gt: z.number().int().positive(), date: GameTimeRef.shape.date, time: TimeOfDay, source: Source });

export const WeatherEntry = z.object({
  from: GameTimeRef,
  atmosphere: z.enum(['clear', 'POvr', 'Ovr', 'storm']),
  ground: z.enum(['dry', 'wet', 'mud']),
  /** AW 19.4: rain (e.g. AW 36.4 "POvr with rain"); the AW 19.5 ground matrix of the variable weather reads it. */
  rain: z.boolean().optional(),
  source: Source,
});

export const AirPointsEntry = z.object({ side: Side, from: GameTimeRef, perGameDay: z.number().int().nonnegative(), source: Source });

const CarpetDrm = z.discriminatedUnion('when', [
  z.object({ when: z.literal('stepsAtMost'), steps: z.number().int(), drm: z.number().int(), source: Source }),
  z.object({ when: z.literal('pureAfv'), drm: z.number().int(), source: Source }),
  z.object({ when: z.literal('fieldworks'), fieldworks: z.enum(['IP', 'ET-2', 'ET-3']), drm: z.number().int(), source: Source }),
]);

/** A one-off bombing before the first GT (AW 32.2.2). */
export const CarpetBombing = z.object({
  case: z.string(),
  side: Side,
  target: Side,
  box: HexSet,
  asHits: z.number().int().nonnegative(),
  /** Marker on every unit attacked (the "blue AS marker"). */
  marker: z.string(),
  dice: z.literal('1d10'),
  drms: z.array(CarpetDrm),
  /** Modified roll ranges → step losses in the hex; rolls below the lowest range are treated as the lowest. */
  table: z.array(z.object({ min: z.number().int(), max: z.number().int(), steps: z.number().int().nonnegative(), source: Source })).min(1),
  effects: z.object({
    noMovementHalts: z.boolean(),
    maHalvedAfterLeaving: z.boolean(),
    /** A defensive PR check removes the marker at the end of this player turn. */
    prCheckAt: z.object({ at: GameTimeRef, playerTurn: Side }),
    /** Remaining markers go at the end of this player turn. */
    removeAllAt: z.object({ at: GameTimeRef, playerTurn: Side }),
  }),
  source: Source,
});

export const ArtilleryGroup = z.object({
  id: z.string(),
  side: Side,
  name: z.string(),
  kind: z.enum(['group', 'division', 'nebelwerfer', 'heavyFlak']),
  points: z.number().int().nonnegative(),
  range: z.number().int().positive(),
  /** Counter standing for the group on the map (AGRA Btn, corps HQ, division HQ). */
  mapCounter: z.string().optional(),
  /** Counter kept on the army track to count its mission points (AW 32.5.1 note). */
  trackCounter: z.string().optional(),
  /** Corps (sets of formations) it may support; empty = any unit. The player picks among `choices` at start. */
  supports: z.array(z.string()).default([]),
  /** GTs in which the group has this many points instead (AW 32.5.2a: zero on July 18 AM). */
  pointsAt: z.array(z.object({ at: GameTimeRef, points: z.number().int().nonnegative() })).default([]),
  /** Each unit fires with its printed barrage strength and range instead of `points`/`range` (AW 32.5.2b Nebelwerfer). */
  usePrinted: z.boolean().default(false),
  /** How often it may fire (NW once per GD, heavy Flak once per player turn). */
  firesOncePer: z.enum(['gameTurn', 'gameDay', 'playerTurn']).default('gameTurn'),
  /** Units of this group (NW Btns, Flak Coys) when it is a class of units rather than one counter. */
  units: z.array(z.string()).optional(),
  source: Source,
});

export const Corps = z.object({ id: z.string(), name: z.string(), side: Side, formations: z.array(z.string()), units: z.array(z.string()).default([]), source: Source });

export const ArtilleryRules = z.object({
  /** AW 32.5.1: each GT; AW 33.5.1a: each player turn. */
  resetEach: z.enum(['gameTurn', 'playerTurn']),
  groups: z.array(ArtilleryGroup),
  /** AW 32.5.1: the player assigns groups to corps at start, fixed for the game. */
  assignments: z.array(z.object({ side: Side, groups: z.number().int().positive(), corps: z.array(z.string()), source: Source })).default([]),
  naval: z.object({ separatePoints: z.boolean(), source: Source }),
  source: Source,
});

export const BridgeRules = z.object({
  demolition: z.boolean(),
  /**
   * GOSS 17.3.2c prepared demolition: the segment of the intro sequence it is made in (AW 33.6.0 "at the end
   * of the friendly Movement Phase": the Construction Completion Segment; AW 34.6.0 the GOSS Demolition
   * Segment of the Construction Phase: the Construction Segment); absent with `demolition` false.
   */
  demolitionSegment: z.enum(['construction', 'constructionCompletion']).optional(),
  /** GOSS 17.3.2b hasty demolition in a GA across a river bridge (AW 33.6.0, 34.6.0). */
  hastyDemolition: z.boolean().default(false),
  /** The scenario's bridge case, for refusals and events (AW 32.6.0, 33.6.0, 34.6.0). */
  case: z.string().optional(),
  construction: z.boolean(),
  heavyBridgesAndCollapse: z.boolean(),
  /** AW 32.6.1: at the end of one GT, bridges into hexes the side took from the enemy across the river. */
  special: z.array(z.object({
    side: Side, at: GameTimeRef, river: z.string(), intoSideOf: HexSet,
    hexRequirement: z.literal('occupiedNowAndEnemyAtStart'), perHex: z.number().int().positive(), source: Source,
  })).default([]),
  source: Source,
});

export const MovementRestriction = z.object({
  side: Side,
  units: z.array(z.string()).default([]),
  formations: z.array(z.string()).default([]),
  /** The hexes the units may not enter voluntarily. */
  mayNotEnter: HexSet,
  /** The line as the refusals name it ("the 2nd Canadian Division boundary") and the case that draws it. */
  boundary: z.string(),
  case: z.string(),
  /** Forced in (retreat): must move back next Movement Phase; meanwhile no PA and no tactical assault. */
  whileInside: z.object({ mustLeave: z.boolean(), noPa: z.boolean(), noTacticalAssault: z.boolean() }),
  source: Source,
});

/**
 * GOSS 7.12.3b Allied inherent transport (AW 34.7.0: the Allied divisions keep it; AW 32.7.0 and 33.7.0
 * withhold it): each division HQ carries `perDivision` Leg units at a time, which then move as Mech at `ma`.
 */
export const InherentTransport = z.object({
  side: Side,
  perDivision: z.number().int().positive(),
  ma: z.number().int().positive(),
  case: z.string(),
  source: Source,
});

export const MovementRules = z.object({
  transportPoints: z.boolean(),
  mountDismount: z.boolean(),
  /** GOSS 7.12.3b: the side's divisions may carry Leg units on their inherent transport; absent = none. */
  inherentTransport: InherentTransport.optional(),
  stratMovement: z.boolean(),
  restrictions: z.array(MovementRestriction).default([]),
  source: Source,
});

export const LeaderRule = z.object({
  unit: z.string(),
  formation: z.string(),
  ma: z.number().int().positive(),
  moveAs: z.array(z.enum(['leg', 'mech'])),
  activeWholeGame: z.boolean(),
  stackedWith: z.object({ attackShift: z.number().int(), defenceShift: z.number().int(), maBonus: z.number().int(), advanceBonus: z.number().int() }),
  source: Source,
});

export const SupplySource = z.object({
  pss: HexSet,
  pathMaxLength: z.number().int().positive().nullable(),
  pathMayNotContainEnemy: z.boolean(),
  maxPathHexesAdjacentToEnemy: z.number().int().nonnegative(),
  mayNotMoveOutOfSupply: z.boolean(),
  /** AW 33.9.1: the scenario's unbridged named river (Epsom: the Odon) blocks this side's paths. The case sits under
   * "Allied PSS", so Epsom sets it false for the Germans; absent = blocks. */
  namedRiverBlocks: z.boolean().optional(),
  /** AW 33.9.0 / 34.9.0: GenS runs PSS → formation HQ (any length) → unit (at most `maxHexes`, roads one-half). */
  hqLeg: z.object({
    maxHexes: z.number().int().positive(),
    roadsHalf: z.boolean(),
    /** Hexes that count as a formation HQ for every unit of the side (AW 34.9.2: Cherbourg). */
    hqHexes: z.array(HexRef).default([]),
    /** Corps/army formations whose units are assets: they trace from any friendly formation HQ, not only their own (corps) HQ. */
    assetFormations: z.array(z.string()).default([]),
    source: Source,
  }).optional(),
  source: Source,
});

export const LogisticsRules = z.object({
  ammunition: z.boolean(),
  fuel: z.boolean(),
  supply: z.partialRecord(Side, SupplySource),
  source: Source,
});

export const ReplacementRules = z.object({ replacements: z.boolean(), consolidation: z.boolean(), source: Source });

export const Reinforcement = z.object({
  side: Side,
  at: GameTimeRef,
  /** Where the units appear: one hex, a range of hexes or an edge zone; the player may shift an arrived unit within it. */
  entry: HexSet,
  entryText: z.string(),
  units: z.array(z.object({ unit: z.string(), stepsLost: z.number().int().nonnegative().default(0), name: z.string() })).min(1),
  /** Lengths in which this group does not arrive (AW 32.1: the short game ignores the July 19 PM Germans). */
  skipInLengths: z.array(z.string()).default([]),
  /** The group arrives as listed even with the AW 35.3.1 random arrival (AW 36.8: "with no delay roll"). */
  noDelayRoll: z.boolean().optional(),
  source: Source,
});

/** Units not on the map: mission-point markers on the army track (AW 32.5.1 note). */
export const OffMapUnit = z.object({ unit: z.string(), role: z.enum(['track', 'notInPlay']), source: Source });

/** A victory condition as data, evaluated on the final position (AW 31.4). */
export type Condition =
  | { occupied: { side: 'allied' | 'german'; hexes: string; count: 'all' | 'any' | 'moreThanHalf' | { atLeast: number } }; label: string }
  | { unitInRows: { side: 'allied' | 'german'; sheet: string; rowAtLeast?: number; rowAbove?: number; inSupply: boolean }; label: string }
  | { all: Condition[]; label?: string }
  | { any: Condition[]; label?: string }
  | { not: Condition; label?: string }
  | { count: Condition[]; atLeast?: number; exactly?: number; label?: string }
  /** A named condition of the same length (`conditions`). */
  | { ref: string }
  /** AW 33.13: a unit of the side in one of the hexes (optionally in GenS), e.g. "an Allied unit in GenS south of the Odon". */
  | { unitIn: { side: 'allied' | 'german'; hexes: string; inSupply: boolean }; label: string }
  /** AW 34.13: hexes controlled by the side (the last side to occupy them; scenario start control from the deployment zones). */
  | { controlled: { side: 'allied' | 'german'; hexes: string; count: 'all' | 'any' | 'moreThanHalf' | { atLeast: number } }; label: string }
  /** AW 34.13.1: no unit of the side left in the hexes (eliminated or surrendered). */
  | { noUnits: { side: 'allied' | 'german'; hexes: string }; label: string };

export const Condition: z.ZodType<Condition> = z.lazy(() => z.union([
  z.object({ occupied: z.object({ side: Side, hexes: z.string(), count: z.union([z.enum(['all', 'any', 'moreThanHalf']), z.object({ atLeast: z.number().int().positive() })]) }), label: z.string() }),
  z.object({ unitInRows: z.object({ side: Side, sheet: z.string(), rowAtLeast: z.number().int().optional(), rowAbove: z.number().int().optional(), inSupply: z.boolean() }), label: z.string() }),
  z.object({ all: z.array(Condition).min(1), label: z.string().optional() }),
  z.object({ any: z.array(Condition).min(1), label: z.string().optional() }),
  z.object({ not: Condition, label: z.string().optional() }),
  z.object({ count: z.array(Condition).min(1), atLeast: z.number().int().optional(), exactly: z.number().int().optional(), label: z.string().optional() }),
  z.object({ ref: z.string() }),
  z.object({ unitIn: z.object({ side: Side, hexes: z.string(), inSupply: z.boolean() }), label: z.string() }),
  z.object({ controlled: z.object({ side: Side, hexes: z.string(), count: z.union([z.enum(['all', 'any', 'moreThanHalf']), z.object({ atLeast: z.number().int().positive() })]) }), label: z.string() }),
  z.object({ noUnits: z.object({ side: Side, hexes: z.string() }), label: z.string() }),
]));

/** AW 32-33 major/operational/marginal; AW 34 strategic/operational/tactical. */
export const VictoryLevel = z.enum(['major', 'operational', 'marginal', 'draw', 'strategic', 'tactical']);

export const VictoryRules = z.object({
  /** Named hex sets the conditions refer to (e.g. the Caen city/town hexes). */
  hexSets: z.record(z.string(), z.object({ hexes: HexSet, source: Source })),
  /** What "occupied" means: a unit of the side (leaders alone do not count) is in the hex now. */
  occupiedMeans: z.object({ text: z.string(), source: Source }),
  /** Per scenario length: outcomes in order; the first whose condition holds is the result. */
  byLength: z.record(z.string(), z.object({
    case: z.string(),
    /** Named conditions, so outcomes can say "none of the Allied conditions". */
    conditions: z.record(z.string(), Condition).default({}),
    outcomes: z.array(z.object({ side: Side.nullable(), level: VictoryLevel, when: Condition, text: z.string(), source: Source })).min(1),
    otherwise: z.object({ side: Side.nullable(), level: VictoryLevel, text: z.string(), source: Source }),
  })),
});

const DiceRange = <T extends z.ZodTypeAny>(v: T) => z.array(z.object({ min: z.number().int(), max: z.number().int(), value: v })).min(1);

/** AW 34.4.0: weather rolled each GT from a date on (the fixed `weather` entries apply before it). */
export const WeatherTable = z.object({
  from: GameTimeRef,
  side: Side,
  atmosphere: DiceRange(z.enum(['clear', 'POvr', 'Ovr'])),
  ground: DiceRange(z.enum(['dry', 'wet', 'mud'])),
  /** Ground when the atmosphere roll is clear (no second roll). */
  groundWhenClear: z.enum(['dry', 'wet', 'mud']),
  source: Source,
});

/** AW 34.5.3: ammo depletion values (ADV) by side from a GT on (GOSS 11.8.0). */
export const AmmoDepletionEntry = z.object({ side: Side, from: GameTimeRef, adv: z.number().int().nonnegative(), source: Source });

/** AW 34.7.2: MA changes by atmosphere and time of day (first matching rule). */
export const MaByWeather = z.object({
  side: Side,
  rules: z.array(z.object({
    when: z.object({ night: z.boolean().optional(), atmosphere: z.enum(['clear', 'POvr', 'Ovr']).optional() }),
    mech: z.number().int().optional(),
    leg: z.number().int().optional(),
    /** MA reduced by one-third (rounded down, GOSS fractions). */
    thirdOff: z.boolean().optional(),
    source: Source,
  })).min(1),
});

/** AW 34.10.1-34.10.2: the one-GD lull and its replacements. */
export const LullRules = z.object({
  side: Side,
  declareAt: z.literal('AM'),
  once: z.boolean(),
  alliedMoveHexes: z.number().int().nonnegative(),
  germanMaFraction: z.number().int().positive(),
  noCombat: z.boolean(),
  adjacentMoveOnlyTowardsSupply: z.boolean(),
  alliedReplacePerBtn: z.number().int().nonnegative(),
  germanInfSteps: z.number().int().nonnegative(),
  germanMaxPerUnit: z.number().int().nonnegative(),
  source: Source,
});

/**
 * Where a unit of a placement pool may set up (AW 34.11.2): the intersection of a named zone, a
 * division sector (`sector-<id>` zone), hexes within `radius` of a zone, and (artillery) hexes from
 * which the unit's printed range reaches a hex of `inRangeOfZone`.
 */
export const DeployArea = z.object({
  zone: z.string().optional(),
  sector: z.string().optional(),
  withinOfZone: z.object({ zone: z.string(), radius: z.number().int().nonnegative() }).optional(),
  inRangeOfZone: z.string().optional(),
  hexes: HexSet.optional(),
});
export type DeployArea = z.infer<typeof DeployArea>;

/** A setup phase (AW 34.11): pools a side places on the map before the first GT, with fieldworks and whole-setup checks. */
export const DeploymentRules = z.object({
  side: Side,
  setsUpFirst: z.boolean(),
  zones: z.record(z.string(), z.object({ hexes: HexSet, source: Source })),
  pools: z.array(z.object({
    id: z.string(), label: z.string(), side: Side,
    units: z.array(z.object({ unit: z.string(), stepsLost: z.number().int().nonnegative().default(0), name: z.string() })).min(1),
    area: DeployArea,
    source: Source,
  })),
  fieldworks: z.array(z.object({ kind: z.enum(['IP', 'ET-2', 'ET-3']), count: z.number().int().positive(), zone: z.string(), source: Source })).default([]),
  checks: z.array(z.object({ kind: z.literal('frontLineCovered'), zone: z.string(), within: z.number().int().nonnegative(), source: Source })).default([]),
  /** Units the rules place that the data cannot (e.g. WN/StP with no counters yet): reported, never silent. */
  notPlaced: z.array(z.object({ text: z.string(), source: Source })).default([]),
  source: Source,
});

/** AW 33.3.0, 34.3.0: naval units by ship. */
export const NavalRules = z.object({
  ships: z.array(z.object({
    id: z.string(), kind: z.enum(['BB', 'CA', 'CL', 'DD']),
    /** FS mission points; absent = the ship type's points in data/tables/naval.json (AW 34.3.0 names ships, not points). */
    points: z.number().int().nonnegative().optional(),
    available: z.enum(['oncePerGameDayAmOrPm', 'eachAmPm']),
    range: z.union([z.object({ within: z.number().int().positive(), of: HexRef }), z.object({ fromSea: z.literal(true) })]),
    source: Source,
  })),
  onePerMission: z.boolean(),
  ammoDepletionRoll: z.boolean(),
  /** AW 34.3.0: a naval unit allocated to a WN/StP with barrage capability zeroes its FS points for the GT. */
  suppressWnStp: z.boolean(),
  source: Source,
});

/** AW 33 special rules: the Odon, bridging (33.6.1), VIII Corps inactive (33.7.1), German movement (33.7.2), German artillery (33.5.2a). */
/** What a unit does, as the may-act rules name it (AW 33.7.1: move, construction, observe, FS, offensive GA). */
export const ActName = z.enum(['move', 'construction', 'observe', 'fireSupport', 'offensiveGa']);

export const EpsomRules = z.object({
  odon: z.object({ river: z.string(), south: HexSet, source: Source }),
  bridging: z.object({ side: Side, river: z.string(), max: z.number().int().positive(), perGameTurn: z.number().int().positive(), into: z.literal('alliedOccupiedSouthOfRiver'), source: Source }),
  /** The refusal names the unit as `{unit}`. */
  inactive: z.object({ side: Side, corps: z.string(), until: GameTimeRef, forbids: z.array(ActName), text: z.string(), case: z.string(), source: Source }),
  /** The refusal names the unit as `{unit}` and the activity as `{act}` (`acts` words each one). */
  germanMayAct: z.object({ west: HexSet, exempt: z.object({ formations: z.array(z.string()), types: z.array(z.string()), sizes: z.array(z.string()) }), allows: z.array(ActName), text: z.string(), acts: z.partialRecord(ActName, z.string()), case: z.string(), source: Source }),
  germanArtillery: z.object({ oncePerGameTurn: z.boolean(), marker: z.string(), heavyFlakFs: z.boolean(), nwDrms: z.boolean(), source: Source }),
});

/** AW 1.2.6 Cherbourg: garrison, perimeter (Landefront defences), Landefront, morale. */
export const CherbourgRules = z.object({
  garrisonFormation: z.string(),
  garrisonUnits: z.array(z.string()),
  perimeter: HexSet,
  city: HexSet,
  cityHex: HexRef,
  port: z.array(HexRef),
  /** AW 1.2.6a: the garrison activates when US units occupy this many perimeter hexes. */
  activateOnPerimeterHexes: z.number().int().positive(),
  landefront: z.object({
    /** German PSS other than Cherbourg (AW 1.2.6d "another PSS"); none = isolated from the start. */
    otherPss: HexSet,
    maxFormations: z.number().int().positive(),
    maxCorpsAssets: z.number().int().nonnegative(),
    advStart: z.number().int().nonnegative(),
    advDropEveryGts: z.number().int().positive(),
    preDeclarationPathMp: z.number().int().positive(),
  }),
  morale: z.object({ perimeterCapturedThisGt: z.number().int(), cityOccupied: z.number().int(), cityHexCapturedPrTo: z.number().int() }),
  source: Source,
  perimeterSource: Source,
  otherPssSource: Source,
});

/**
 * scenario.rules.combat (src/engine/rules/scenarioRules.ts): generic naval points, leaders and supply.
 * Strict: weather and air points belong to special.weather / special.airPoints, so a stray key here is
 * a load error, not a second source of truth.
 */
export const ScenarioCombatRules = z.strictObject({
  /** AW 31.9.3: naval points per GT per side and their range from a sea hex (or from listed hexes). */
  naval: z.partialRecord(Side, z.object({ points: z.number().int().nonnegative(), range: z.number().int().positive(), from: z.array(HexRef).default([]), source: Source })).default({}),
  /** Scenario leaders (e.g. AW 32.8 Wunsche): column shifts and advance bonus when stacked with units of the formation. */
  leaders: z.array(z.object({
    unit: z.string(), formation: z.string().optional(),
    attackShift: z.number().int().default(1), defenceShift: z.number().int().default(1), advanceBonus: z.number().int().default(0),
    source: Source,
  })).default([]),
  /** AW 31.11 + scenario logistics (e.g. 32.9): where each side traces GenS from, and the path limits. */
  supply: z.partialRecord(Side, z.object({
    hexes: z.array(HexRef).default([]),
    edges: z.array(z.enum(['N', 'S', 'E', 'W'])).default([]),
    maxAdjacentToEnemy: z.number().int().nonnegative().default(2),
    source: Source,
  })).optional(),
});

/** A result decided at the end of a given GT, ending the game (AW 34.13.1 Strategic). */
export const SuddenDeath = z.object({ at: GameTimeRef, when: Condition, side: Side.nullable(), level: VictoryLevel, text: z.string(), case: z.string(), source: Source });

export const ScenarioSpecial = z.object({
  playArea: PlayArea.optional(),
  turnTrack: z.array(TurnTrackEntry).optional(),
  weather: z.array(WeatherEntry).optional(),
  airPoints: z.array(AirPointsEntry).optional(),
  carpetBombing: CarpetBombing.optional(),
  corps: z.array(Corps).optional(),
  artillery: ArtilleryRules.optional(),
  bridges: BridgeRules.optional(),
  movement: MovementRules.optional(),
  leaders: z.array(LeaderRule).optional(),
  /** AW 32.8.0 "Ignore all GOSS and AW rules pertaining to leaders": `goss: false` leaves the listed leaders only their
   * listed abilities (no GOSS 23.2.1 PRC DRM or lead PR +1; rules/leaders.ts). Absent: the GOSS leader rules apply. */
  leaderRules: z.object({ goss: z.boolean(), case: z.string(), source: Source }).optional(),
  logistics: LogisticsRules.optional(),
  replacements: ReplacementRules.optional(),
  reinforcements: z.array(Reinforcement).optional(),
  offMap: z.array(OffMapUnit).optional(),
  /**
   * What the German player may change at setup (AW 32.11.0 breakdown in the parent's hex; 32.11.2
   * "within N hexes"). `breakdown: true` makes the engine open a setup in which the side may break
   * the listed units (all of its units when none are listed) down (src/engine/rules/setupPhase.ts).
   */
  setupOptions: z.array(z.object({ side: Side, text: z.string(), units: z.array(z.string()).default([]), within: z.object({ hex: HexRef, radius: z.number().int() }).optional(), breakdown: z.boolean().optional(), source: Source })).optional(),
  victory: VictoryRules.optional(),
  weatherTable: WeatherTable.optional(),
  ammoDepletion: z.array(AmmoDepletionEntry).optional(),
  maByWeather: MaByWeather.optional(),
  lull: LullRules.optional(),
  deployment: DeploymentRules.optional(),
  naval: NavalRules.optional(),
  epsom: EpsomRules.optional(),
  cherbourg: CherbourgRules.optional(),
  suddenDeath: z.array(SuddenDeath).optional(),
  /** AW 41: the airborne module's block (src/data/schemas/airborne.ts). */
  airborne: AirborneSpecial.optional(),
  /** AW 19.0: the variable weather module's block (src/data/schemas/weather.ts). */
  variableWeather: VariableWeatherRule.optional(),
  /** AW 35.5.1–35.5.2: the intermediate fuel rules' block (src/data/schemas/fuel.ts). */
  fuel: FuelRule.optional(),
  /** AW 35.3.1: the random arrival of reinforcements (src/data/schemas/arrival.ts). */
  randomArrival: RandomArrivalRule.optional(),
  /** AW 20.0: the standard air rules' block (src/data/schemas/air.ts). */
  airPower: AirPowerRule.optional(),
  /** AW 11.9.0: the naval units rolled each game day (src/data/schemas/navalAvailability.ts). */
  navalAvailability: NavalAvailabilityRule.optional(),
  /** Sources and reasoning behind reconstructed parts (play area, boundaries, Allied setup). */
  notes: z.array(z.object({ topic: z.string(), text: z.string(), source: Source })).optional(),
});
export type ScenarioSpecial = z.infer<typeof ScenarioSpecial>;
