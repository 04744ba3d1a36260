/**
 * Corps and division boundaries (AW 32.7.1 Goodwood, AW 33.7.1 Epsom): the listed units and
 * formations may not voluntarily enter the hexes beyond their line (scenario.special.movement.restrictions).
 * A unit forced across by a retreat may move back, not deeper in; while across it enters no PA mode,
 * makes no tactical assault and must move back in its next Movement Phase (movement.ts,
 * attackDesignation.ts ask `acrossBoundary`). Each line carries its name and case in the data, so a
 * refusal cites the scenario's own rule.
 */
import type { GameState, ScenarioBundle } from '../types';
import type { Extension } from './extensions';
import { hexSet, special } from './scenarioArea';
import { peekUnit } from './unitIndex';

function linesOf(state: GameState, bundle: ScenarioBundle, unitId: string) {
  const def = bundle.units.get(unitId);
  const u = peekUnit(state, unitId);
  if (!def || !u) return [];
  return (special(bundle).movement?.restrictions ?? []).filter((r) => r.side === u.side && (r.units.includes(unitId) || r.formations.includes(def.formation ?? '')));
}

export const corpsBoundary: Extension = {
  name: 'corpsBoundary',
  cases: 'AW 32.7.1, AW 33.7.1',
  needs: ['movement'],
  mayEnter(state, bundle, unitId) {
    const from = peekUnit(state, unitId)?.hex ?? null;
    // A unit already forced across a line may move back; it may not go deeper in.
    const lines = linesOf(state, bundle, unitId).map((r) => ({ r, inside: hexSet(bundle, r.mayNotEnter) })).filter(({ inside }) => from === null || !inside.has(from));
    if (!lines.length) return null;
    return (h) => {
      for (const { r, inside } of lines) if (inside.has(h)) return { code: 'restricted-area', message: `${unitId} may not voluntarily cross the ${r.boundary}`, case: r.case };
      return null;
    };
  },
  acrossBoundary(state, bundle, unitId) {
    const h = peekUnit(state, unitId)?.hex;
    if (h === null || h === undefined) return null;
    const r = linesOf(state, bundle, unitId).find((x) => hexSet(bundle, x.mayNotEnter).has(h));
    return r ? { name: r.boundary, case: r.case } : null;
  },
};
