/**
 * The registry of loaded scenario bundles (static data), found again by scenario id. Its own module so
 * that rule modules can reach a state's bundle without importing game.ts (which imports every rule
 * module: a cycle that left RULE_MODULES undefined when a rule file was loaded first).
 */
import type { GameState, ScenarioBundle } from './types';

const bundles = new Map<string, ScenarioBundle>();

/** Makes a scenario's data available to the engine (done by newGame, and by the data loader). */
export function registerBundle(bundle: ScenarioBundle): void {
  bundles.set(bundle.scenario.id, bundle);
}

export function bundleOf(state: GameState): ScenarioBundle {
  const b = bundles.get(state.scenario);
  if (!b) throw new Error(`scenario "${state.scenario}" is not loaded`);
  return b;
}

export function hasBundle(id: string): boolean {
  return bundles.has(id);
}

/** The bundle registered for a scenario id, if any. */
export function bundleById(id: string): ScenarioBundle | undefined {
  return bundles.get(id);
}
