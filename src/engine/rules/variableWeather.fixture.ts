/** Test helper of the AW 19.0 variable weather: a scenario on the standard sequence that turns it on. */
import { BUILTIN, loadScenario } from '../../data/bundle';
import type { ScenarioBundle } from '../types';

/** The 6th Airborne's map C order of battle on the standard sequence, run to the end of August, with the variable weather rolled from June 8 AM. */
export function weatherBundle(start = { date: '1944-06-06', time: 'AM' }): ScenarioBundle {
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; special: Record<string, Record<string, unknown>> };
  scen.id = 'variable-weather-test';
  scen.start = start;
  scen.lengths = [{ id: 'long', label: 'to August 31', end: { date: '1944-08-31', time: 'Night' }, source: 'test: the variable weather over the summer' }];
  delete scen.special.airborne.stageAlone;
  scen.modules = [...scen.modules, 'variableWeather'];
  scen.special.variableWeather = { tables: 'aw19-weather', from: { date: '1944-06-08', time: 'AM' }, source: 'test: rolled from June 8 AM, after the AW 19.2.1 historical weather' };
  return loadScenario('variable-weather-test', { ...BUILTIN, scenarios: { 'data/scenarios/variable-weather-test.json': scen } });
}
