/** Scenario special rules (AW 32–34) as rule modules: pre-game carpet bombing, reinforcements, victory. */
import type { RuleModule } from './registry';
import { carpetBombingRules } from './carpetBombing';
import { reinforcementRules } from './reinforcements';
import { victoryRules } from './victory';
import { SCENARIO_MODULES_23 } from './scenarioModules23';

export const SCENARIO_MODULES: RuleModule[] = [carpetBombingRules, reinforcementRules, victoryRules, ...SCENARIO_MODULES_23];
