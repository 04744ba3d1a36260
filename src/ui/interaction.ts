/**
 * Clicking the map: in the setup phase with a unit or marker picked up in the setup panel, place it
 * there (AW 34.11.2); otherwise select a hex; when the acting side's units are selected in the Movement
 * Segment and the click lands on a hex they can all reach, move them there, each by its own path.
 *
 * What a player expects (issue 16 item 6): a click on another hex holding the acting side's units
 * picks that stack up; it does not move the selected stack onto it. A move goes to a reachable hex
 * without friendly units, or — to join a stack deliberately — with Shift held (key M on the map).
 */
import { useGame } from '../store/game';
import { destinationsByUnit } from './map/reach';
import { stageMoveKind, stageMovesTo } from './map/stageMoves';
import { hexChoices } from './map/hexChoices';
import { placeAt } from './setup/place';
import { moveTo } from '../engine/query';
import { sideToAct, type Action } from '../engine';
import { unitList, unitOf } from '../engine/unitTable';

export function clickHex(h: number | null, opts: { join?: boolean } = {}): void {
  if (h !== null && placeAt(h)) return;
  const st = useGame.getState();
  const { state, bundle, selectedHex, heldUnits } = st;
  // A highlighted hex choice of the airborne module (a retreat, an ES landing, a glider's displacement) is made by the click.
  const choice = state && bundle && h !== null ? hexChoices(state, bundle, selectedHex).get(h) : undefined;
  if (choice) { st.dispatchAll(choice); return; }
  if (state && bundle && selectedHex !== null && h !== null && h !== selectedHex) {
    const side = sideToAct(state);
    const friendly = unitList(state).some((u) => u.hex === h && u.side === side && !u.eliminated);
    if (friendly && !opts.join) { st.selectHex(h); return; }
    if (moveStack(selectedHex, h, heldUnits)) return;
  }
  st.selectHex(h);
}

/**
 * Moves the acting side's units of `from` (all but `held`) to `to` when every one of them can reach
 * it, as one undo step; the destination becomes the selection. False when the stack cannot go there.
 */
export function moveStack(from: number, to: number, held: readonly string[]): boolean {
  const st = useGame.getState();
  const { state, bundle } = st;
  if (!state || !bundle) return false;
  // The Airborne Assault Stage's movement segments move by abMove / gMove, counted by the airborne module (AW 41.3.7, 41.6).
  if (stageMoveKind(state, bundle)) {
    const moves = stageMovesTo(state, bundle, from, to, held);
    if (!moves) return false;
    st.dispatchAll(moves);
    // The stack stays selected where it is now: a PR check may have stopped it short (AW 41.3.7a, 41.6.1).
    const now = useGame.getState().state && unitOf(useGame.getState().state!, (moves[0] as { unit: string }).unit)?.hex;
    useGame.getState().selectHex(now ?? from);
    return true;
  }
  const per = destinationsByUnit(state, bundle, from, held);
  if (!per.size || ![...per.values()].every((d) => d.has(to))) return false;
  // By the movement type of the destination shown (road march, Mech road, main roads in mud).
  const moves: Action[] = [...per].map(([id, dests]) => moveTo(id, dests.get(to)!));
  st.dispatchAll(moves);
  // The stack stays selected where it went (or where it stopped, if a unit was refused).
  useGame.getState().selectHex(useGame.getState().error ? from : to);
  return true;
}
