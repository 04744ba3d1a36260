/**
 * WN and StP counters as the core rules read them (AW 4.5.9, 4.5.10): the counter's `fortification`
 * data (placement, arc of fire, guns). The module that brings them into a scenario's play is
 * fortifications.ts; these queries work on whatever the state holds.
 */
import type { HexId } from '../hex';
import { colOf, rowOf } from '../hex/lattice';
import type { GameState, ScenarioBundle } from '../types';
import type { Fortification } from '../../data/schemas/unit';
import { unitIndex } from './unitIndex';

/** The counter's WN / StP data, or null. */
export function fortOf(bundle: ScenarioBundle, unitId: string): Fortification | null {
  return (bundle.units.get(unitId) as { fortification?: Fortification } | undefined)?.fortification ?? null;
}

/** Compass bearing (degrees clockwise from map north) from hex a to hex b, on the flat-top lattice. */
export function bearing(a: HexId, b: HexId): number {
  const px = (h: HexId) => [1.5 * colOf(h), Math.sqrt(3) * (rowOf(h) + 0.5 * (colOf(h) & 1))];
  const [ax, ay] = px(a); const [bx, by] = px(b);
  const deg = (Math.atan2(bx - ax, -(by - ay)) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/** Is hex `to` inside the arc (clockwise from `from` to `to`) seen from `at` (AW 4.5.10b)? */
export function inArc(arc: { from: number; to: number }, at: HexId, to: HexId): boolean {
  const b = bearing(at, to);
  return arc.from <= arc.to ? b >= arc.from && b <= arc.to : b >= arc.from || b <= arc.to;
}

/**
 * AW 4.5.10a: the works a GA against `hex` meets: an StP assaulted only through hexsides outside its arc
 * of fire counts as an ET-2; otherwise the hex's works as they are.
 */
export function gaWorks(state: GameState, bundle: ScenarioBundle, hex: HexId, attackFrom: HexId[]): string | undefined {
  const fw = state.fieldworks[hex];
  if (fw !== 'StP') return fw;
  const stp = unitIndex(state).live.find((u) => u.hex === hex && fortOf(bundle, u.id)?.kind === 'StP');
  const arc = stp ? fortOf(bundle, stp.id)!.arc : undefined;
  if (!arc) return fw;
  return attackFrom.some((h) => inArc(arc, hex, h)) ? fw : 'ET-2';
}

/** AW 34.3.0: the WN/StP's guns are silenced by a naval unit this GT. */
export function gunsSuppressed(state: GameState, unitId: string): boolean {
  return state.combat?.naval[`suppress:${unitId}`]?.turn === state.pos.turn;
}

