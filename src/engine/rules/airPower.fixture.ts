/**
 * Test helpers of the AW 20.0 standard air rules: the combat fixture with the air rules (`airFixture`),
 * and the 6th Airborne's map C order of battle on the standard sequence from June 7 AM (after the drop)
 * to June 9 Night with the air rules and the rolled naval units (AW 11.9.0) on (`airLongBundle`).
 */
import { BUILTIN, loadScenario } from '../../data/bundle';
import type { ScenarioBundle } from '../types';
import { at, fixture, type UnitSpec } from './combat.fixture';

/** AP a game day from June 7 (AW 38.3.0: the Germans have none on June 6, six from June 7; the Allied figures are AW 36.2.0's). */
export const TEST_AIR_POINTS = {
  tables: 'aw20-air',
  points: [
    { force: 'US', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 44, source: 'test: AW 36.2.0 US 44' },
    { force: 'CW', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 40, source: 'test: AW 36.2.0 CW 40' },
    { force: 'german', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 6, source: 'test: AW 38.3.0 German 6 from June 7' },
  ],
  source: 'test: the standard air rules',
};

export function airLongBundle(): ScenarioBundle {
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; special: Record<string, Record<string, unknown>> };
  scen.id = 'night-drop-6ab-air';
  scen.start = { date: '1944-06-07', time: 'AM' };
  scen.lengths = [{ id: 'long', label: 'to June 9', end: { date: '1944-06-09', time: 'Night' }, source: 'test: the 6th Airborne after the drop with the standard air rules' }];
  delete scen.special.airborne.stageAlone;
  scen.modules = [...scen.modules, 'airPower', 'navalAvailability'];
  scen.special.airPower = TEST_AIR_POINTS;
  scen.special.navalAvailability = { tables: 'aw11-naval', source: 'test: AW 11.9.0 naval units' };
  return loadScenario('night-drop-6ab-air', { ...BUILTIN, scenarios: { 'data/scenarios/night-drop-6ab-air.json': scen } });
}

/** The fixture's Army Group boundary along column 16 of sheet B: its hexes west of it are a US sector, east of it a CW sector (all northern, sheet B). */
export const FIXTURE_BOUNDARY = [{ id: 'army-group-boundary', name: 'AG boundary', case: 'AW 9.2.0', waypoints: ['B1601', 'B1636'] }];

/**
 * The combat fixture on the standard sequence from July 5 AM with the air rules on: by default two
 * Allied spotters each next to a German unit, a1/g1 in the CW sector and a2/g2 in the US sector.
 */
export function airFixture(o: { units?: UnitSpec[]; extra?: UnitSpec[]; special?: Record<string, unknown>; boundary?: string[] } = {}): ScenarioBundle {
  return fixture({
    sequence: 'standard', start: { date: '1944-07-05', time: 'AM' }, modules: ['airPower'],
    overlays: [{ ...FIXTURE_BOUNDARY[0], waypoints: o.boundary ?? FIXTURE_BOUNDARY[0].waypoints }],
    special: { airPower: TEST_AIR_POINTS, ...(o.special ?? {}) },
    units: [
      ...(o.units ?? [
        { id: 'a1', side: 'allied', hex: at(7, 4) },
        { id: 'g1', side: 'german', hex: at(8, 4) },
        { id: 'a2', side: 'allied', hex: at(2, 4) },
        { id: 'g2', side: 'german', hex: at(3, 4) },
      ]),
      ...(o.extra ?? []),
    ],
  });
}
