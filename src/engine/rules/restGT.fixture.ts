/** Test scenario for the sealed choice: the demo with the AW 3.3.3 secret rest GT turned on (rules.secretRest). */
import { BUILTIN, loadScenario } from '../../data/bundle';
import demo from '../../../data/scenarios/demo.json';
import type { ScenarioBundle } from '../types';

export const restScenario = { ...demo, id: 'demo-rest', rules: { secretRest: { side: 'german', source: 'test: the demo with the AW 3.3.3 secret rest GT turned on' } } };

let cached: ScenarioBundle | null = null;
export function restBundle(): ScenarioBundle {
  return (cached ??= loadScenario('demo-rest', { ...BUILTIN, scenarios: { 'data/scenarios/demo-rest.json': restScenario } }));
}
