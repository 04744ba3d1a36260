/** The rule modules the engine dispatches to, one per rule area (see docs/rules-coverage.md). */
import type { RuleModule } from './registry';
import { diceRules } from './dice';
import { diceKeyRules } from './diceKey';
import { movementRules } from './movement';
import { COMBAT_MODULES } from './combat';
import { stackingRules } from './stacking';
import { breakdownRules } from './breakdown';
import { motorisationRules } from './motorisation';
import { bridgeDemolitionRules } from './bridgeDemolition';
import { constructionRules } from './construction';
import { consolidationRules } from './consolidation';
import { SCENARIO_MODULES } from './scenarioModules';
import { locationRules } from './locationMoves';
import { hiddenRules } from './hidden';
import { restGTRules } from './restGT';

// Combat modules come before movement: their Movement Segment exit hooks (supply, GI) read the MP spent before movement resets it.
export const RULE_MODULES: RuleModule[] = [diceRules, ...COMBAT_MODULES, movementRules, breakdownRules, motorisationRules, bridgeDemolitionRules, constructionRules, consolidationRules, stackingRules, diceKeyRules, ...SCENARIO_MODULES, locationRules, hiddenRules, restGTRules];
