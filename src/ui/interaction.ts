/**
 * Clicking the map: select a hex; when the acting side's units are selected in the Movement
 * Segment and the click lands on a hex they can reach, move the stack there.
 */
import { useGame } from '../store/game';
import { reachableCosts } from './map/reach';
import { reachable, pathTo } from '../engine/rules/movement';
import { formatHex } from '../engine/hex';
import { sideToAct } from '../engine';

export function clickHex(h: number | null): void {
  const st = useGame.getState();
  const { state, bundle, selectedHex } = st;
  if (state && bundle && selectedHex !== null && h !== null && h !== selectedHex) {
    const costs = reachableCosts(state, bundle, selectedHex);
    if (costs?.has(h)) {
      const side = sideToAct(state);
      const ids = Object.keys(state.units).filter((id) => state.units[id].hex === selectedHex && state.units[id].side === side);
      for (const id of ids) {
        const path = pathTo(reachable(useGame.getState().state!, bundle, id), h).map(formatHex);
        if (!useGame.getState().dispatch({ type: 'move', unit: id, path })) return;
      }
      st.selectHex(h);
      return;
    }
  }
  st.selectHex(h);
}
