/** Unit tests run with the engine invariants checked after every action (src/engine/invariants.ts, issue 15). */
import { setInvariantChecks } from '../../src/engine/invariants';

setInvariantChecks(true);
