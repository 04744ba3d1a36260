/** Counter art (issue 4): faces, markers, Pixi texture cache, counter sheet. */
export { drawCounterFace, renderCounterFace, symbolImage, facesOf, faceValues, stepDots, valueText, valueLine, type Face } from './drawCounter';
export { drawMarker, MARKERS, type MarkerKind } from './markers';
export { NATIONALITY_COLOURS } from './colours';
export { sidcFor } from './symbol';
export { CounterTextureCache, buildScenarioTextures } from './textures';
export { scenarioCounters, unitSets, type ScenarioCounters } from './scenarioCounters';
export { CounterSheet, type CounterSheetProps } from './CounterSheet';
