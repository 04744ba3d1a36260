/**
 * The Decisions panel's part for the Airborne Assault Stage's movement segments (AW 41.3.7, 41.6,
 * 41.8.0, 41.10.0): moves are made on the map (select a stack, click a highlighted hex); here the
 * selected stack's units say how far each moves or why it may not, a tick per unit says which move
 * with the stack, and its moves are listed as buttons too, folded (keyboard and screen-reader play). Only the
 * selected stack's moves are computed (ui/map/stageMoves.ts), never the whole side's.
 */
import { useGame } from '../../store/game';
import { describeAction } from '../describeAction';
import { movableUnits } from '../map/reach';
import { stageByUnit, stageMoveKind, unitStageMoves } from '../map/stageMoves';

const MAX_BUTTONS = 40;

export function AirborneMoves() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const selected = useGame((s) => s.selectedHex);
  const held = useGame((s) => s.heldUnits);
  const toggleHeld = useGame((s) => s.toggleHeld);
  const dispatch = useGame((s) => s.dispatch);
  if (!state || !bundle) return null;
  const kind = stageMoveKind(state, bundle);
  if (!kind) return null;
  const what = kind === 'abMove'
    ? 'Select airborne units on the map: the hexes they may move to are highlighted (the number is hexes entered; H: the move stops there or needs a PR check). Click one to move (AW 41.3.7).'
    : 'Select an activated German unit on the map: the hexes it may move to are highlighted (hexes, or MP; H: the move stops there or needs a PR check). Click one to move (AW 41.6).';
  const ids = selected === null ? [] : movableUnits(state, selected);
  const per = selected === null ? null : stageByUnit(state, bundle, selected, held);
  const buttons = per ? [...per.values()].flatMap((d) => [...d.values()].map((m) => m.action)) : [];
  return (
    <div className="stage-moves" data-testid="stage-moves">
      <p className="hint">{what}</p>
      {ids.length > 0 && (
        <ul className="stage-units">
          {ids.map((id) => {
            const o = unitStageMoves(state, bundle, id);
            const name = bundle.units.get(id)?.designation ?? id;
            if (!o || 'error' in o) {
              return <li key={id} data-testid="stage-unit" className="blocked"><b>{name}</b>: cannot move — {o?.error.message}{o?.error.case ? ` (${o.error.case})` : ''}</li>;
            }
            const hexes = new Set(o.moves.map((m) => m.hex)).size;
            return (
              <li key={id} data-testid="stage-unit">
                <label>
                  <input type="checkbox" checked={!held.includes(id)} onChange={() => toggleHeld(id)} aria-label={`${name} moves with the stack`} />
                  <b>{name}</b>: {o.allowance} · {hexes} hex{hexes === 1 ? '' : 'es'} reachable
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {buttons.length > 0 && (
        // Folded: the map is where moves are made; the list is there for keyboard and screen-reader play.
        <details className="choice-group" data-testid="stage-move-list">
          <summary>The moves as a list ({buttons.length})</summary>
          {buttons.slice(0, MAX_BUTTONS).map((a, i) => (
            <button key={i} data-testid={`choice-${kind}`} onClick={() => dispatch(a)}>{describeAction(a, bundle)}</button>
          ))}
          {buttons.length > MAX_BUTTONS && <span className="more">… and {buttons.length - MAX_BUTTONS} more: click the hex on the map</span>}
        </details>
      )}
    </div>
  );
}
