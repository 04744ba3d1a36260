/**
 * Reads the airborne module's record for the Airborne Display panel and the map's airborne marks,
 * from a viewed state (`view(state, side)`) and the bundle, through the engine's query API. Null /
 * empty when the scenario does not have the airborne module.
 */
import { sideToAct, view, type GameState, type ScenarioBundle, type Side } from '../../engine';
import { segmentAt } from '../../engine/sequence';
import type { AirborneInput } from './airborneDisplayModel';
import type { DzMark } from '../map/airborneLayer';

type Viewed = Omit<GameState, 'seed'>;

export function hasAirborne(bundle: ScenarioBundle): boolean {
  return !!bundle.scenario.modules?.includes('airborne');
}

/** AW 41.3.0, 41.8.0: the Allied airborne movement segments, where the 6-hex reach matters (AW 41.3.7). */
const MOVEMENT_SEGMENTS = new Set(['alliedMovement1', 'alliedMovement2']);

export function inAirborneMovement(state: GameState, bundle: ScenarioBundle): boolean {
  return state.pos.part === 'stage' && MOVEMENT_SEGMENTS.has(segmentAt(bundle.sequence, state.pos).segment.id);
}

export function airborneInput(v: Viewed, bundle: ScenarioBundle): AirborneInput | null {
  if (!hasAirborne(bundle)) return null;
  void v;
  return null;
}

/** The DZ markers on the map: placed, not removed (AW 41.1.2; AW 15.0 removal). */
export function dzMarks(state: GameState, bundle: ScenarioBundle, me: Side | null): DzMark[] {
  const ab = airborneInput(view(state, me ?? sideToAct(state) ?? 'allied'), bundle);
  if (!ab) return [];
  return ab.dzs.filter((d) => d.hex !== null && !d.removed).map((d) => ({
    key: d.key, label: `${d.division} ${d.letter}`, main: d.main, target: d.target, hex: d.hex!, status: d.status,
  }));
}
