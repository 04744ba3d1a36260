/**
 * Scenario options of the hidden-information rules (docs/engine.md "Hidden information"), validated
 * at load (src/data/bundle.ts) and read by their modules.
 */
import { z } from 'zod';
import { Source } from './common';
import { Side } from './sequence';

/** `rules.secretRest`: the side that secretly designates its rest GT each game day (AW 3.3.3, GOSS 3.5; src/engine/rules/restGT.ts). */
export const SecretRestRule = z.strictObject({ side: Side, source: Source });
export type SecretRestRule = z.infer<typeof SecretRestRule>;
