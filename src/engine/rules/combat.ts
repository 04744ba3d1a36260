/** The combat, supply and administration rule modules (issue 5 items 5–9), in hook order. */
import type { RuleModule } from './registry';
import { attackDesignationRules } from './attackDesignation';
import { groundAssaultRules } from './groundAssault';
import { fireSupportRules } from './fireSupport';
import { fatigueRules } from './fatigue';
import { fieldworksRules } from './fieldworks';
import { interdictionRules } from './interdiction';
import { supplyRules } from './supply';
import { isolationRules } from './isolation';
import { overrunRules } from './overrun';
import { procedureRules } from '../procedures';

export const COMBAT_MODULES: RuleModule[] = [supplyRules, isolationRules, interdictionRules, attackDesignationRules, fireSupportRules, groundAssaultRules, overrunRules, procedureRules, fatigueRules, fieldworksRules];
