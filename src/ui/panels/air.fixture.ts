/**
 * A game with the AW 20.0 standard air rules for the panel tests: the engine's combat fixture on the
 * standard sequence with an Army Group boundary along column 16 of sheet B (the fixture's hexes west of
 * it in the US northern air sector, east of it in the CW northern sector), US 44, CW 40 and German 6 AP
 * (as src/engine/rules/airPower.test.ts sets it up). A test helper, never shipped.
 */
import { apply, newGame, type Action, type GameEvent, type GameState, type ScenarioBundle } from '../../engine';
import { at, fixture } from '../../engine/rules/combat.fixture';

const AIR = {
  tables: 'aw20-air',
  points: [
    { force: 'US', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 44, source: 'test: AW 36.2.0 US 44' },
    { force: 'CW', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 40, source: 'test: AW 36.2.0 CW 40' },
    { force: 'german', from: { date: '1944-06-07', time: 'AM' }, perGameDay: 6, source: 'test: AW 36.2.0 German 6' },
  ],
  source: 'test: the standard air rules',
};

export function airBundle(): ScenarioBundle {
  return fixture({
    sequence: 'standard', start: { date: '1944-07-05', time: 'AM' }, modules: ['airPower'],
    overlays: [{ id: 'army-group-boundary', name: 'AG boundary', case: 'AW 9.2.0', waypoints: ['B1601', 'B1636'] }],
    special: { airPower: AIR },
    units: [
      { id: 'a1', side: 'allied', hex: at(7, 4) },
      { id: 'g1', side: 'german', hex: at(8, 4) },
      { id: 'a2', side: 'allied', hex: at(2, 4) },
      { id: 'g2', side: 'german', hex: at(3, 4) },
    ],
  });
}

/** The game at its first AM Air Allocation Segment: the German AP assigned, the Allied question open. */
export function airGame(bundle: ScenarioBundle): GameState {
  return newGame(bundle, { seed: 'air' }).state;
}

/** Applies an action that must be legal. */
export function ok(s: GameState, a: Action, events?: GameEvent[]): GameState {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
  events?.push(...r.events);
  return r.state;
}
