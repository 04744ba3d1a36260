/**
 * What the airborne combat and retreat read beyond the state (rules/airborne/combat.ts `AbCombatEnv`):
 * the scenario's airborne tables, which counters are FoW (fow.ts), and which bridges still stand.
 */
import type { GameState, ScenarioBundle } from '../../types';
import type { AbCombatEnv } from './combat';
import { airborneData } from './state';
import { isFow } from './fow';

export function abEnv(state: GameState, bundle: ScenarioBundle): AbCombatEnv {
  return { state, bundle, tables: airborneData(bundle).tables, isFow: (id) => isFow(state, id) };
}
