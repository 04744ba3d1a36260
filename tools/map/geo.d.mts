/** Types for geo.mjs (the map build's transform), for tests written in TypeScript. */
export interface Transform {
  gToLonLat(gc: number, gy: number): [number, number];
  lonLatToG(lon: number, lat: number): [number, number];
  hexCentreLonLat(col: number, row: number): [number, number];
  lonLatToColRow(lon: number, lat: number): [number, number];
  warp(eKm: number, nKm: number): [number, number];
}
export declare function createTransform(anchors?: { g: [number, number]; lon: number; lat: number }[], sigmaKm?: number): Transform;
export declare function centreG(col: number, row: number): [number, number];
export declare function gToColRow(gc: number, gy: number): [number, number];
export declare function kmBetween(a: [number, number], b: [number, number]): number;
