/** Saves, PBEM turn files and dice integrity (docs/save-format.md, issue 7). Pure: no DOM. */
export * from './format';
export { decodeInput, saveToText, saveToGzip, isGzip, toCompact, compactToGzip } from './codec';
export * from './dice';
export { loadSave, loadSaveAsync, maxEntries, compactSeal, type LoadProgress, type AsyncLoadOptions, step, startFromHeader, headerHash, entryHash, describeAction, emptyTrack, type Stepped, type SavedGame, type Replayed, type DiceTrack, type LoadResult, type LoadError, type LoadErrorCode, type LoadOptions, type BundleSource } from './verify';
export * from './build';
export * from './pbem';
export { canon, stateDigest } from "./digest";
export * from './replay';
export * from './orders';
