/** Scenario special rules of AW 33-34 (issue 9): setup phase, Epsom, Cherbourg/Landefront, control and sudden death, ammunition depletion (AW 34.5.3). */
import type { RuleModule } from './registry';
import { setupPhaseRules } from './setupPhase';
import { epsomRules } from './epsom';
import { cherbourgRules } from './cherbourg';
import { scenarioVictoryRules } from './scenarioVictory';
import { ammoDepletionRules } from './ammoDepletion';

export const SCENARIO_MODULES_23: RuleModule[] = [setupPhaseRules, epsomRules, cherbourgRules, scenarioVictoryRules, ammoDepletionRules];
