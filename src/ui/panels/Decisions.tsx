/**
 * What the acting side can do now besides moving on the map: a pending decision (the engine waits
 * for exactly these choices), or the segment's other actions (marks, designations, reinforcements,
 * overstack fixes), each a button. Every button is a legal action from the engine.
 */
import { useMemo } from 'react';
import { useGame } from '../../store/game';
import { sideToAct, type Action, type ActionOf } from '../../engine';
import { legalFor } from '../../store/legal';
import { describeAction } from '../describeAction';

// Moves are made on the map, missions and assaults in their dialogs, unit actions beside each unit.
const HIDDEN = new Set(['endSegment', 'move', 'roll', 'fireMission', 'assault', 'diceKey', 'mark', 'designate', 'dropAttack', 'eliminateOverstack', 'relocateGroup', 'enterReinforcement']);

export function Decisions() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  const actor = state ? sideToAct(state) : null;
  const actions = useMemo(() => (state && actor ? legalFor(state, actor) : []), [state, actor]);
  if (!state || !actor || state.over) return null;
  const pending = state.pending;
  const shown = actions.filter((a) => pending || !HIDDEN.has(a.type));
  const reinf = pending ? [] : actions.filter((a): a is ActionOf<'enterReinforcement'> => a.type === 'enterReinforcement');
  if (!pending && !shown.length && !reinf.length) return null;
  const groups = new Map<string, Action[]>();
  for (const a of shown) groups.set(a.type, [...(groups.get(a.type) ?? []), a]);
  return (
    <section className="panel decisions" aria-label="Decisions" data-testid="decisions">
      {pending && (
        <div className="pending" data-testid="pending">
          <b>{pending.prompt}</b> <span className="case">{pending.case}</span>
        </div>
      )}
      {reinf.length > 0 && <Reinforcements actions={reinf} />}
      {[...groups].map(([type, list]) => (
        <div key={type} className="choice-group">
          {list.slice(0, 40).map((a, i) => (
            <button key={i} data-testid={`choice-${type}`} onClick={() => dispatch(a)}>{describeAction(a, bundle)}</button>
          ))}
          {list.length > 40 && <span className="more">… and {list.length - 40} more (select a unit to narrow)</span>}
        </div>
      ))}
    </section>
  );
}

/** Reinforcements waiting off the map: pick an entry hex per unit (AW 32.12). */
function Reinforcements({ actions }: { actions: { type: string; unit: string; hex: string }[] }) {
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  const byUnit = new Map<string, string[]>();
  for (const a of actions) byUnit.set(a.unit, [...(byUnit.get(a.unit) ?? []), a.hex]);
  return (
    <div className="reinforcements" data-testid="reinforcements">
      <b>Reinforcements</b>
      {[...byUnit].map(([unit, hexes]) => (
        <form key={unit} className="reinf" onSubmit={(e) => { e.preventDefault(); const hex = new FormData(e.currentTarget).get('hex'); dispatch({ type: 'enterReinforcement', unit, hex: String(hex) }); }}>
          <span>{bundle?.units.get(unit)?.designation ?? unit}</span>
          <select name="hex" defaultValue={hexes[0]}>{hexes.map((h) => <option key={h}>{h}</option>)}</select>
          <button type="submit">Enter</button>
        </form>
      ))}
    </div>
  );
}
