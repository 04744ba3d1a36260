/**
 * A game with the AW 20.0 standard air rules for the panel tests: the engine's combat fixture on the
 * standard sequence with an Army Group boundary along column 16 of sheet B (the fixture's hexes west of
 * it in the US northern air sector, east of it in the CW northern sector), US 44, CW 40 and German 6 AP
 * (src/engine/rules/airPower.fixture.ts `airFixture`). A test helper, never shipped.
 */
import { apply, newGame, type Action, type GameEvent, type GameState, type ScenarioBundle } from '../../engine';
import { airFixture } from '../../engine/rules/airPower.fixture';

export const airBundle = (): ScenarioBundle => airFixture();

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
