/**
 * A unit's proficiency rating as the combat rules use it (GOSS 4.4): the printed offensive or
 * defensive PR, then the scenario's morale rules — AW 1.2.6e / 34.7.3 Cherbourg morale for units
 * inside Landefront Cherbourg (−1 the GT a perimeter hex falls, −2 while a Cherbourg town or city hex
 * is Allied occupied, reduced to 1 once C3609 fell). Read wherever a PR is used in combat: the GA
 * lead PR and its DRM (GOSS 13.8.1), the mandatory and option PRCs (GOSS 13.10) and the attacker
 * adjustment PRC (GOSS 12.0).
 */
import type { GameState, ScenarioBundle } from '../types';
import { cherbourgMorale } from './cherbourg';
import { special } from './scenarioArea';
import { defOf } from './combatTraits';

export interface EffectivePr { pr: number | null; printed: number | null; note: string | null; case: string | null }

export function effectivePr(state: GameState, bundle: ScenarioBundle, unitId: string, role: 'off' | 'def'): EffectivePr {
  const d = defOf(bundle, unitId);
  const printed = (role === 'off' ? d.prOff : d.prDef) ?? null;
  if (printed === null || !special(bundle).cherbourg) return { pr: printed, printed, note: null, case: null };
  const m = cherbourgMorale(state, bundle, unitId);
  if (m.setTo === null && m.delta === 0) return { pr: printed, printed, note: null, case: null };
  const pr = m.setTo ?? Math.max(0, printed + m.delta);
  const how = m.setTo !== null ? `reduced to ${m.setTo}` : `${m.delta}`;
  return { pr, printed, note: `Cherbourg morale ${how}: ${m.why.join('; ')}`, case: 'AW 1.2.6e, 34.7.3' };
}
