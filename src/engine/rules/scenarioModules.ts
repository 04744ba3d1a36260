/**
 * Scenario special rules (AW 32–34) as rule modules: pre-game carpet bombing, reinforcements, victory,
 * and the optional modules a scenario turns on by name (`scenario.modules`), registered here as
 * extensions the core rules fold over (extensions.ts).
 */
import type { RuleModule } from './registry';
import { carpetBombing, carpetBombingRules } from './carpetBombing';
import { reinforcementRules } from './reinforcements';
import { victoryRules } from './victory';
import { SCENARIO_MODULES_23 } from './scenarioModules23';
import { registerExtension, type Extension } from './extensions';
import { corpsBoundary } from './corpsBoundary';
import { corpsActivation } from './corpsActivation';
import { bridgeMarkers } from './bridgeMarkers';
import { artilleryOncePerGt } from './artilleryOncePerGt';
import { weatherTable } from './weatherTable';
import { landefront } from './landefront';
import { lull } from './lull';
import { airborne, airborneRules } from './airborne/module';
import { fortifications, fortificationRules } from './fortifications';
import { variableWeather, variableWeatherRules } from './variableWeather';
import { intermediateFuel, intermediateFuelRules } from './intermediateFuel';
import { randomArrival, randomArrivalRules } from './randomArrival';
import { airPower, airPowerRules } from './airPower';
import { navalAvailability, navalAvailabilityRules } from './navalAvailability';

export const SCENARIO_MODULES: RuleModule[] = [carpetBombingRules, reinforcementRules, victoryRules, ...SCENARIO_MODULES_23, airborneRules, fortificationRules, variableWeatherRules, intermediateFuelRules, randomArrivalRules, airPowerRules, navalAvailabilityRules];

/** Every optional module a scenario may list in `modules`. */
export const EXTENSIONS: Extension[] = [carpetBombing, corpsBoundary, corpsActivation, bridgeMarkers, artilleryOncePerGt, weatherTable, landefront, lull, airborne, fortifications, variableWeather, intermediateFuel, randomArrival, airPower, navalAvailability];
for (const e of EXTENSIONS) registerExtension(e);
