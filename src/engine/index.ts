/** Public engine API (docs/engine.md). Pure: no DOM, React or Pixi, no ambient randomness, no clock. */
export { newGame, legalActions, endSegmentRefusal, apply, view, replay, stateHash, sideToAct, registerBundle, bundleOf, hasBundle } from './game';
export { normaliseAction, ACTION_SCHEMAS, ACTION_TYPES } from './actions';
export { adoptState } from './unitTable';
export { SIDE_NAME } from './sequence';
export { INTERNAL_TEXT, playerText } from './playerText';
export { invariantProblems, setInvariantChecks } from './invariants';
export type * from './types';
export * as hex from './hex';
