/** Scenario special rules of AW 33-34 (issue 9): setup phase, corps activation and bridging (AW 33), rolled weather, Landefront and lull (AW 34, 1.2.6), control and sudden death, ammunition depletion (AW 34.5.3). */
import type { RuleModule } from './registry';
import { setupPhaseRules } from './setupPhase';
import { bridgeMarkerRules } from './bridgeMarkers';
import { artilleryOncePerGtRules } from './artilleryOncePerGt';
import { weatherTableRules } from './weatherTable';
import { landefrontRules } from './landefront';
import { lullRules } from './lull';
import { scenarioVictoryRules } from './scenarioVictory';
import { ammoDepletionRules } from './ammoDepletion';

// Order kept from when AW 33 and AW 34 were one module each: the weather roll comes before the
// surrender checks in the Weather Segment (dice order), the Landefront handlers before the lull's.
export const SCENARIO_MODULES_23: RuleModule[] = [setupPhaseRules, bridgeMarkerRules, artilleryOncePerGtRules, weatherTableRules, landefrontRules, lullRules, scenarioVictoryRules, ammoDepletionRules];
