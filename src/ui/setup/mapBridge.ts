/**
 * What the setup panel needs from the Pixi map, registered by MapCanvas while it is mounted:
 * the hex under a screen point (to drop a dragged unit) and bringing a set of hexes into view
 * (a pool's deployment area). Null while no map is mounted.
 */
export interface MapBridge {
  /** The on-board hex under client coordinates (e.g. a PointerEvent's clientX/clientY), or null. */
  hexAtClient(x: number, y: number): number | null;
  /** Pans and zooms so `hexes` are in view; with `onlyIfHidden`, does nothing when one of them already is. */
  showHexes(hexes: readonly number[], onlyIfHidden?: boolean): void;
}

let bridge: MapBridge | null = null;

export function registerMapBridge(b: MapBridge | null): void {
  bridge = b;
}

export function mapBridge(): MapBridge | null {
  return bridge;
}
