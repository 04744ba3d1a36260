/**
 * The engine's public query API for the UI, the store and the AI: what a side may do and why, what
 * a unit is, the odds and previews of combat, the scenario's geography and state. Pure reads of
 * (state, bundle); the rule files behind it may move without the callers changing. Actions go
 * through game.ts (`legalActions`, `apply`), never through these.
 */
// Counters and units (GOSS 4): traits, steps, combat strengths.
export {
  M, csAtt, csDef, defOf, enemyOf, fatigue, has, isArtGroup, isArtillery, isAttackDesignated, isHeavyFlak, isHq, isInfantry, isLeader,
  live, stepsLeft, unitsAt,
} from './rules/combatTraits';
export { unitIndex } from './rules/unitIndex';
// Movement (GOSS 7, AW 31.2): reach, costs, marks, the side's view of the board.
export { movementOptions, moveTo, checkMark, type Destination } from './rules/movement';
export { ALL_MA, groundEffects, groundNow, sideView, type GroundEffects, stepCost, type MoveType, type MoverCtx, type SideView } from './rules/movement-search';
export { tecOf, TecTable } from './rules/terrain';
export { hexStackViolation, stackViolationOf, stackViolations } from './rules/stacking';
// Fire support and ground assault (GOSS 11-13, AW 31.9): plans, odds, tables.
export { artilleryPoints, fsAdvanceOptions, fsPlan, fsResult, type FsPlan, type FsPlanResult, type FsRequest } from './rules/fireSupport';
export { designationProblem } from './rules/attackDesignation';
export { gaOdds, type GaBreakdown, type GaDeclaration } from './rules/gaOdds';
export { oddsPreview } from './rules/gaPreview';
export { gaResults } from './rules/gaTable';
export { fsTable, gaMods, gat } from './rules/combatTables';
export { combatRules } from './rules/scenarioRules';
// The scenario: geography, weather, setup, reinforcements, victory.
export { hexSet, inPlayArea, special } from './rules/scenarioArea';
export { weatherNow } from './rules/weather';
export { weatherBySector } from './rules/variableWeather';
export { airRecord, type AirRecord } from './rules/airPower';
export { navalRecord } from './rules/navalAvailability';
export { shipsOf } from './rules/navalGunfire';
export { maAfterModules } from './rules/extensions';
export { deploymentArea, deploymentHexes, fieldworksHexes, placementCheck, setupState, setupStatus, type SetupState } from './rules/setupPhase';
export { entryHexes, REINF } from './rules/reinforcements';
export { evaluateVictory, type ConditionReport, type VictoryResult } from './rules/victory';
export { frameOf, topFrame } from './procedures/stack';
// The airborne module (AW 41): its record (DZs, containers, FoW counters), what is still to land, the stage-alone score.
export { airborneData, airborneState, type AirborneState, type DzState } from './rules/airborne/state';
export { isFow, poolsView, FOW_RATINGS } from './rules/airborne/fow';
export { dropLeft, schedule as airborneSchedule } from './rules/airborne/drop';
export { stageScore, type StageScore } from './rules/airborne/victory';
// The stage's moves, one unit at a time (AW 41.3.7, 41.6, 41.8, 41.10): the map's reach and click for the selected unit.
export { abMoveOptions, ALLIED_MOVE_SEGMENTS, type AbAllowance, type StageMove } from './rules/airborne/movement';
export { gMoveOptions, type GMoveAllowance } from './rules/airborne/germanMovement';
export { germanSegment } from './rules/airborne/activation';
// The stage's combat before the dice (AW 41.5.1–41.5.2) and the bridges still standing (AW 41.3.7b).
export { abAttackPreview, type AbPreview } from './rules/airborne/preview';
export { blownSides, riverBridges } from './rules/airborne/movement';
// Hidden information: the sealed choice a pending question is about (docs/engine.md "Hidden information").
export { questionSeal } from './rules/hidden';
