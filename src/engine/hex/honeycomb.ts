/**
 * honeycomb-grid bindings for the AW lattice: Orientation.FLAT with offset -1 is odd-q
 * (stack-check.md §3). Used for pixel geometry (hex centres, corners, point→hex) by the renderer
 * and as an independent check of the engine's integer lattice in tests. Honeycomb `col` is the
 * global lattice column, so parity matches.
 */
import { defineHex, Grid, Orientation } from 'honeycomb-grid';
import { hexAt, colOf, rowOf, type HexId } from './lattice';

/** Hex radius in world pixels at zoom 1. */
export const HEX_RADIUS = 24;

export class AwHex extends defineHex({ dimensions: HEX_RADIUS, orientation: Orientation.FLAT, offset: -1, origin: 'topLeft' }) {}

/** A grid with no stored hexes: maths only (distance, pointToHex, line). */
export const lattice = new Grid(AwHex);

export function hexCenter(h: HexId): { x: number; y: number } {
  const hex = new AwHex({ col: colOf(h), row: rowOf(h) });
  return { x: hex.x, y: hex.y };
}

export function hexCorners(h: HexId): { x: number; y: number }[] {
  return new AwHex({ col: colOf(h), row: rowOf(h) }).corners;
}

/** Lattice hex under a world point, or -1 outside the lattice. */
export function hexAtPoint(x: number, y: number): HexId {
  const hex = lattice.pointToHex({ x, y }, { allowOutside: true });
  return hexAt(hex.col, hex.row);
}
