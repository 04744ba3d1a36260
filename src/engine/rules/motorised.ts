/**
 * GOSS 7.12.3b Allied inherent transport, the queries (the actions are in motorisation.ts): a Leg unit
 * carried by its division's transport has the `Mot` marker, moves as a Mech unit at the transport's MA
 * (GOSS 4.3: "Leg units become Mech when carried"), and may not be attack designated, enter PA mode,
 * be combat reserve or overrun (GOSS 5.1.2, 5.2.1h, 7.12.5). The scenario says whether the side has
 * the transport (`special.movement.inherentTransport`: AW 34.7.0 yes, AW 32.7.0 and 33.7.0 no).
 */
import type { GameState, ScenarioBundle, UnitState } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import { special } from './scenarioArea';
import { hasMarker, isHq, MARKER } from './unit-traits';
import { unitList } from '../unitTable';

export type InherentTransportRule = NonNullable<NonNullable<ReturnType<typeof special>['movement']>['inherentTransport']>;

/** The scenario's inherent-transport rule, or null when no side has it. */
export function transportRule(bundle: ScenarioBundle): InherentTransportRule | null {
  return special(bundle).movement?.inherentTransport ?? null;
}

/** The unit rides its division's transport (GOSS 7.12.3b). */
export function isMotorised(u: UnitState): boolean {
  return hasMarker(u, MARKER.MOT);
}

/** The movement class the rules use now: a carried Leg unit is Mech (GOSS 4.3, 7.12.3). */
export function moveClassOf(def: UnitDef, u: UnitState | undefined): UnitDef['moveClass'] {
  return u && def.moveClass === 'leg' && isMotorised(u) ? 'mech' : def.moveClass;
}

/** The carried unit's MA (GOSS 7.12.3: MA 12), or null when it is not carried. */
export function motorisedMa(bundle: ScenarioBundle, u: UnitState): { ma: number; case: string } | null {
  const r = transportRule(bundle);
  return r && isMotorised(u) ? { ma: r.ma, case: r.case } : null;
}

/**
 * The division HQ whose transport would carry the unit (its `hq` counter when that is a division HQ;
 * for a breakdown Coy, the HQ of the Bn it came from), or null: corps assets and groups have none.
 */
export function divisionOf(state: GameState, bundle: ScenarioBundle, unitId: string): string | null {
  let def = bundle.units.get(unitId);
  if (def?.formation === 'breakdown') {
    const parent = unitList(state).find((p) => p.detached?.includes(unitId));
    def = parent ? bundle.units.get(parent.id) : undefined;
  }
  const hq = def?.hq ? bundle.units.get(def.hq) : undefined;
  return hq && isHq(hq) && /-hq-div$/.test(hq.class ?? '') ? hq.id : null;
}

/** The division's units on its transport now (GOSS 7.12.3b: `perDivision` at a time). */
export function carriedBy(state: GameState, bundle: ScenarioBundle, division: string): string[] {
  return unitList(state)
    .filter((u) => !u.eliminated && isMotorised(u) && divisionOf(state, bundle, u.id) === division)
    .map((u) => u.id).sort();
}
