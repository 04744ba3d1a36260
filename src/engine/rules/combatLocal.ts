/**
 * The units around one ground assault, found in a single pass over the unit record without building
 * the whole-board hex index (rules/unitIndex.ts). A GA is resolved inside `apply`, on an immer draft,
 * where the shared index cannot be cached (the draft may still change), so every `unitsAt` on a draft
 * would rebuild it for all ~400 units; a GA only ever looks a few hexes around its target
 * (GOSS 13.7.4a supporting hexes: 2; GOSS 13.8.2 combat reserves within 3 of a participant: 4).
 * Units are kept when their hex lies in the column/row box of `radius` around the centre (a superset
 * of the hexes within `radius`, which is all the callers ask about), by hex id in a Map.
 */
import { WIDTH, type HexId } from '../hex';
import type { GameState, Side, UnitState } from '../types';
import { readUnits } from './unitIndex';

export interface LocalUnits {
  /** Live units near the centre, in the record's order. */
  live: UnitState[];
  /** Live units in hex `h` (near the centre), optionally of one side. */
  at(h: HexId, side?: Side): UnitState[];
  /** Every live unit in hex `h`, both sides (the stack, for GOSS 6 stacking checks). */
  stack(h: HexId): readonly UnitState[];
}

const NONE: UnitState[] = [];
// A plain local: module-namespace reads cost a lookup per unit under vite's SSR loader.
const W = WIDTH;

export function localUnits(state: GameState, center: HexId, radius: number): LocalUnits {
  const c0 = center % W;
  const r0 = (center - c0) / W;
  const live: UnitState[] = [];
  const byHex = new Map<HexId, UnitState[]>();
  const all = readUnits(state.units);
  for (let i = 0; i < all.length; i++) {
    const u = all[i];
    const h = u.hex;
    if (h === null || u.eliminated) continue;
    const c = h % W;
    const dc = c - c0;
    if (dc > radius || dc < -radius) continue;
    const dr = (h - c) / W - r0;
    // odd-q: a hex `radius` columns away may sit up to `radius` rows off plus one half-row step.
    if (dr > radius + 1 || dr < -radius - 1) continue;
    live.push(u);
    const l = byHex.get(h);
    if (l) l.push(u); else byHex.set(h, [u]);
  }
  return {
    live,
    at(h, side) {
      const l = byHex.get(h) ?? NONE;
      if (side === undefined) return l;
      const out: UnitState[] = [];
      for (const u of l) if (u.side === side) out.push(u);
      return out;
    },
    stack: (h) => byHex.get(h) ?? NONE,
  };
}
