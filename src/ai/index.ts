/** The programmed opponent (issue 8, docs/ai.md). Plays only through legalActions/apply. */
export { playSide, planTurn, chooseAction, type AiStep, type TurnPlan, type AiOptions, type AiLevel } from './planner';
export { postureFor, aiFileFor } from './posture';
export { playGame, randomAction, type GameResult, type GameSpec } from './selfplay';
