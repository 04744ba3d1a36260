/** Test helper of the AW 35.5 intermediate fuel: the 6th Airborne's map C order of battle on the standard sequence, a British armoured regiment added, the fuel rules on. */
import { BUILTIN, loadScenario } from '../../data/bundle';
import type { ScenarioBundle } from '../types';

export function fuelBundle(start: { date: string; time: string }): ScenarioBundle {
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; unitSets: string[]; setup: unknown[]; special: Record<string, Record<string, unknown>> };
  scen.id = 'fuel-test';
  scen.start = start;
  scen.lengths = [{ id: 'long', label: 'to July 10', end: { date: '1944-07-10', time: 'Night' }, source: 'test: the intermediate fuel rules' }];
  delete scen.special.airborne.stageAlone;
  scen.unitSets = [...scen.unitSets, 'cw-armour'];
  scen.setup = [...scen.setup, { unit: '23-h-29-11', hex: 'C4409', source: 'test: an Allied Mech unit' }];
  scen.modules = [...scen.modules, 'intermediateFuel'];
  scen.special.fuel = { tables: 'aw35-fuel', source: 'test: AW 35.5 fuel' };
  return loadScenario('fuel-test', { ...BUILTIN, scenarios: { 'data/scenarios/fuel-test.json': scen } });
}
