/**
 * A unit's proficiency rating as the combat rules use it (GOSS 4.4): the printed offensive or
 * defensive PR, then the PR steps of the scenario's modules (extensions.ts `pr`: e.g. AW 1.2.6e /
 * 34.7.3 morale inside Landefront Cherbourg, landefront.ts). Read wherever a PR is used in combat: the GA
 * lead PR and its DRM (GOSS 13.8.1), the mandatory and option PRCs (GOSS 13.10) and the attacker
 * adjustment PRC (GOSS 12.0).
 */
import type { GameState, ScenarioBundle } from '../types';
import { prChanges } from './extensions';
import { defOf } from './combatTraits';

export interface EffectivePr { pr: number | null; printed: number | null; note: string | null; case: string | null }

export function effectivePr(state: GameState, bundle: ScenarioBundle, unitId: string, role: 'off' | 'def'): EffectivePr {
  const d = defOf(bundle, unitId);
  const printed = (role === 'off' ? d.prOff : d.prDef) ?? null;
  if (printed === null) return { pr: printed, printed, note: null, case: null };
  // The scenario modules' PR steps (AW 1.2.6e Landefront morale), each with its own case.
  const changes = prChanges(state, bundle, unitId);
  if (!changes.length) return { pr: printed, printed, note: null, case: null };
  let pr = printed;
  for (const m of changes) pr = m.setTo ?? Math.max(0, pr + m.delta);
  const notes = changes.map((m) => `${m.label} ${m.setTo !== null ? `reduced to ${m.setTo}` : `${m.delta}`}: ${m.why.join('; ')}`);
  return { pr, printed, note: notes.join('; '), case: changes.map((m) => m.case).join('; ') };
}
