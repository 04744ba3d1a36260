/**
 * The weather of a game turn (GOSS 19, AW 31.2.1b), in one place: the weather a scenario module
 * decides for the GT (AW 34.4.0 rolled weather, weatherTable.ts), else the scenario's fixed weather
 * (special.weather: AW 32.4.0, 33.4.0), else clear and dry. Movement (ground condition), observation
 * and FS (atmosphere) read it here.
 */
import type { GameState, ScenarioBundle } from '../types';
import type { HexId } from '../hex';
import { turnTime } from '../sequence';
import { special } from './scenarioArea';
import { moduleWeather, type Weather } from './extensions';

const ORDER: Record<string, number> = { AM: 0, PM: 1, Night: 2 };
/** Is game time `a` at or after `b`? */
export const atOrAfter = (a: { date: string; time: string }, b: { date: string; time: string }): boolean => a.date > b.date || (a.date === b.date && ORDER[a.time] >= ORDER[b.time]);

/** The scenario's fixed weather for the current GT (the last entry at or before it). */
export function fixedWeather(state: GameState, bundle: ScenarioBundle): Weather | null {
  return fixedWeatherAt(bundle, state.pos.turn);
}

/** The scenario's fixed weather for a GT (the last entry at or before it). */
export function fixedWeatherAt(bundle: ScenarioBundle, turn: number): Weather | null {
  const t = turnTime(bundle.scenario, bundle.sequence, turn);
  const w = (special(bundle).weather ?? []).filter((x) => atOrAfter(t, x.from)).at(-1);
  return w ? { atmosphere: w.atmosphere, ground: w.ground, ...(w.rain !== undefined ? { rain: w.rain } : {}) } : null;
}

/**
 * The weather of the current GT, where `hex` is (AW 19.2.2a: the variable weather differs by weather
 * sector; without a hex, the first sector's). The other weather rules are the same everywhere.
 */
export function weatherNow(state: GameState, bundle: ScenarioBundle, hex?: HexId | null): Weather {
  return moduleWeather(state, bundle, hex) ?? fixedWeather(state, bundle) ?? { atmosphere: 'clear', ground: 'dry' };
}
