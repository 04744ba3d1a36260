/** The combat, supply and administration rule modules (issue 5 items 5–9), in hook order. */
import type { RuleModule } from './registry';
import { attackDesignationRules } from './attackDesignation';
import { groundAssaultRules } from './groundAssault';
import { fireSupportRules } from './fireSupport';

export const COMBAT_MODULES: RuleModule[] = [attackDesignationRules, fireSupportRules, groundAssaultRules];
