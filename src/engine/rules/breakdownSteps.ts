/**
 * The steps of a Bn and its breakdown Coys (GOSS 18): which are out on the map as Coys, which are
 * really lost, and a replacement step (AW 34.10.1, 34.10.2). A leaf module (rule files such as the
 * Cherbourg lull import it without importing breakdown.ts and what it imports).
 */
import type { Draft } from 'immer';
import type { GameState, ScenarioBundle } from '../types';
import { stepsLeft } from './unit-traits';
import { mutUnit, unitOf } from '../unitTable';

/** The Coys `parentId` detached that are still in play. */
export function detachedCoys(state: GameState, parentId: string): string[] {
  return (unitOf(state, parentId)?.detached ?? []).filter((id) => { const c = unitOf(state, id); return !!c && !c.eliminated && c.hex !== null; });
}

/**
 * Steps of a Bn that are out on the map as its breakdown Coys (GOSS 18): counted in its `stepsLost`,
 * yet not lost. Loss statistics should subtract them.
 */
export function detachedSteps(state: GameState, bundle: ScenarioBundle, parentId: string): number {
  let n = 0;
  for (const id of detachedCoys(state, parentId)) { const d = bundle.units.get(id); if (d) n += stepsLeft(d, unitOf(state, id)); }
  return n;
}

/**
 * Steps a Bn has really lost: its `stepsLost` less the steps out on the map as its breakdown Coys
 * (GOSS 18). A replacement (AW 34.10.1 "keep all units (including breakdown Coys) separate as
 * Btns"; AW 34.10.2; GOSS 22.5.0) replaces only these, so that the Coys can still rejoin.
 */
export function lostSteps(state: GameState, bundle: ScenarioBundle, parentId: string): number {
  const u = unitOf(state, parentId);
  return u ? u.stepsLost - detachedSteps(state, bundle, parentId) : 0;
}

/**
 * AW 34.10.1: a replacement step for a Bn. On the map it takes one step back; fully broken down
 * (off the map while its Coys are out), it "re-constitute[s] … with one step" in the hex of its
 * first Coy (reconstructed: the rule leaves the hex open; a Coy's hex keeps the family together).
 * Returns false when the Bn has no step to replace or nowhere to come back.
 */
export function replaceStep(d: Draft<GameState>, bundle: ScenarioBundle, parentId: string): boolean {
  const state = d as GameState;
  const now = unitOf(d, parentId);
  if (!now || now.eliminated || lostSteps(state, bundle, parentId) <= 0) return false;
  const coy = now.hex === null ? detachedCoys(state, parentId)[0] : undefined;
  if (now.hex === null && !coy) return false;
  const u = mutUnit(d, parentId);
  if (coy) u.hex = unitOf(state, coy).hex;
  u.stepsLost -= 1;
  return true;
}

