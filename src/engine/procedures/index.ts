/**
 * The procedure layer (docs/engine.md "Procedures"): the stack machinery, the shared procedures
 * (apply hits, retreat) and their decisions as a rule module. The rule areas define their own
 * procedures (fire mission, ground assault, overrun, carpet-bombed hex) in their files.
 */
import type { RuleModule } from '../rules/registry';
import { decisionHandlers } from './stack';
import { hitsProcedure } from './hits';
import { retreatProcedure } from './retreat';

export { frameOf, topFrame } from './stack';
export type { Frame, ProcName } from './frames';

/** The decisions of the shared procedures: fsHits, fsAbsorb, gaConvert, gaOption, gaAbsorb, fsRetreat, gaRetreat. */
export const procedureRules: RuleModule = {
  name: 'procedures',
  handlers: [...decisionHandlers(hitsProcedure), ...decisionHandlers(retreatProcedure)],
};
