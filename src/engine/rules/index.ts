/** The rule modules the engine dispatches to, one per rule area (see docs/rules-coverage.md). */
import type { RuleModule } from './registry';
import { diceRules } from './dice';
import { diceKeyRules } from './diceKey';
import { movementRules } from './movement';

export const RULE_MODULES: RuleModule[] = [diceRules, movementRules, diceKeyRules];
