/**
 * Clicking the map: in the setup phase with a unit or marker picked up in the setup panel, place it
 * there (AW 34.11.2); otherwise select a hex; when the acting side's units are selected in the Movement
 * Segment and the click lands on a hex they can all reach, move them there, each by its own path.
 */
import { useGame } from '../store/game';
import { destinationsByUnit } from './map/reach';
import { placeAt } from './setup/place';
import { moveTo } from '../engine/query';

export function clickHex(h: number | null): void {
  if (h !== null && placeAt(h)) return;
  const st = useGame.getState();
  const { state, bundle, selectedHex, heldUnits } = st;
  if (state && bundle && selectedHex !== null && h !== null && h !== selectedHex) {
    const per = destinationsByUnit(state, bundle, selectedHex, heldUnits);
    if (per.size && [...per.values()].every((d) => d.has(h))) {
      for (const [id, dests] of per) {
        // By the movement type of the destination shown (road march, Mech road, main roads in mud).
        if (!useGame.getState().dispatch(moveTo(id, dests.get(h)!))) return;
      }
      st.selectHex(h);
      return;
    }
  }
  st.selectHex(h);
}
