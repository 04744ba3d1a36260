/**
 * What the acting side can do now besides moving on the map: a pending decision (the engine waits
 * for exactly these choices), or the segment's other actions (marks, designations, reinforcements,
 * overstack fixes), each a button. Every button is a legal action from the engine.
 */
import { useMemo } from 'react';
import { useGame } from '../../store/game';
import { sideToAct, type Action, type ActionOf, type ActionType } from '../../engine';
import { legalFor } from '../../store/legal';
import { actionUnits, describeAction } from '../describeAction';
import { PendingContext } from './PendingContext';
import { SealedChoice } from './Sealed';
import { AirborneMoves } from './AirborneMoves';
import { AirAllocation } from './AirAllocation';
import { stageMoveKind } from '../map/stageMoves';
import { useAfterPaint } from '../afterPaint';
import { unitOf } from '../../engine/unitTable';

// Moves are made on the map, missions and assaults in their dialogs, unit actions beside each unit.
const HIDDEN = new Set(['endSegment', 'move', 'roll', 'fireMission', 'assault', 'diceKey', 'mark', 'designate', 'dropAttack', 'eliminateOverstack', 'relocateGroup', 'enterReinforcement']);

export function Decisions() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  const selected = useGame((s) => s.selectedHex);
  const aiSide = useGame((s) => s.aiSide);
  const pbemMe = useGame((s) => s.pbem?.me ?? null);
  const actor = state ? sideToAct(state) : null;
  // After a move or an undo the side's legal actions (~17 ms at 2,000 counters) are those of the state
  // as of the last painted frame until the move's frame is painted (issue 17); their buttons cannot be
  // pressed meanwhile. A decision opened or answered, or another side to act, is shown at once.
  const later = useAfterPaint(state, bundle);
  const ls = later.value;
  const stale = !!state && !!ls && later.stale && !state.pending && !ls.pending && !ls.over && sideToAct(ls) === actor;
  const from = stale ? ls : state;
  const actions = useMemo(() => (from && actor ? legalFor(from, actor) : []), [from, actor]);
  if (!state || !actor || state.over) return null;
  const pending = state.pending;
  const reinf = pending ? [] : actions.filter((a): a is ActionOf<'enterReinforcement'> => a.type === 'enterReinforcement');
  // Unit actions outside a decision (breakdowns, recombinations…) only for the selected stack (issue 16
  // item 7): a count per kind otherwise, so the whole army's options never flood the panel.
  const groups = new Map<string, Action[]>();
  const others = new Map<string, Set<string>>();
  for (const a of actions) {
    if (!pending && HIDDEN.has(a.type)) continue;
    // Units off the map (an airborne drop, AW 41.2.3) cannot be selected: their actions stay buttons here.
    const ids = pending ? [] : actionUnits(a).filter((id) => unitOf(state, id)?.hex != null);
    if (ids.length && (selected === null || !ids.some((id) => unitOf(state, id)?.hex === selected))) {
      const set = others.get(a.type) ?? new Set<string>();
      for (const id of ids) set.add(id);
      others.set(a.type, set);
    } else {
      const list = groups.get(a.type);
      if (list) list.push(a);
      else groups.set(a.type, [a]);
    }
  }
  // The Airborne Assault Stage's movement segments: the selected stack's moves (AW 41.3.7, 41.6), computed for it alone.
  const stage = !pending && bundle ? stageMoveKind(state, bundle) : null;
  // AW 20.1.1: the Air Allocation form, for the player the question is put to (not the AI's side, not the other PBEM seat).
  const airForm = pending?.kind === 'airAllocation' && pending.side === actor && aiSide !== actor && (!pbemMe || pbemMe === actor);
  if (!pending && !groups.size && !reinf.length && !others.size && !stage) return null;
  return (
    <section className="panel decisions" aria-label="Decisions" data-testid="decisions">
      {pending && (
        <div className="pending" data-testid="pending">
          <PendingContext />
          <b>{pending.prompt}</b> <span className="case">{pending.case}</span>
          <SealedChoice />
        </div>
      )}
      {airForm && <AirAllocation offered={groups.get('allocateAir') ?? []} stale={stale} />}
      {reinf.length > 0 && <Reinforcements actions={reinf} stale={stale} />}
      {stage && <AirborneMoves />}
      {[...groups].map(([type, list]) => (
        <div key={type} className="choice-group">
          {list.slice(0, 40).map((a, i) => (
            <button key={i} data-testid={`choice-${type}`} disabled={stale} onClick={() => dispatch(a)}>{describeAction(a, bundle)}</button>
          ))}
          {list.length > 40 && <span className="more">… and {list.length - 40} more (select a unit to narrow)</span>}
        </div>
      ))}
      {others.size > 0 && (
        <div className="elsewhere" data-testid="decisions-elsewhere">
          {[...others].map(([type, units]) => <div key={type}>{KIND[type as ActionType] ?? 'Other options'}: {units.size} unit{units.size === 1 ? '' : 's'}{selected === null ? '' : ' in other hexes'} — select a stack to see its options.</div>)}
        </div>
      )}
    </section>
  );
}

/**
 * Each action type as the "elsewhere" line names it (a type with options for units outside the selected
 * stack). Every type has a name: a new action type does not compile until it has one, so no internal
 * name such as "blowBridge" reaches the panel.
 */
const KIND: Readonly<Record<ActionType, string>> = {
  endSegment: 'End the segment', roll: 'Roll', diceKey: 'Dice key',
  move: 'Move', mark: 'Mark (mode, PA, CR, exploit)', breakdown: 'Break down into Coys (GOSS 4.2)', recombine: 'Recombine Coys', mount: 'Mount the divisional transport (GOSS 7.12.3b)', dismount: 'Dismount (GOSS 7.12.0)',
  consolidate: 'Consolidate', eliminateOverstack: 'Eliminate overstacked units (GOSS 6.7.0)', relocateGroup: 'Relocate artillery groups',
  enterReinforcement: 'Enter reinforcements',
  designate: 'Designate an attack', dropAttack: 'Drop an attack designation', interdict: 'Ground interdiction (AW 31.7)', giDone: 'Finish ground interdiction',
  fireMission: 'Fire a fire-support mission', fsHits: 'Apply fire-support hits', fsRetreat: 'Retreat after fire support', fsAbsorb: 'Absorb fire-support hits', fsAdvance: 'Advance after fire support',
  assault: 'Ground assault (GOSS 13)', gaDefend: 'Defend a ground assault', gaConvert: 'Convert a ground-assault result', gaOption: 'Choose a ground-assault option',
  gaRetreat: 'Retreat after a ground assault', gaAbsorb: 'Absorb ground-assault hits', gaAdvance: 'Advance after a ground assault',
  overrun: 'Overrun (GOSS 5.3.5)', overrunFs: 'Defensive fire against an overrun',
  placeUnit: 'Set up a unit', unplaceUnit: 'Take a unit back from its setup hex', placeFieldworks: 'Place fieldworks', randomSetup: 'Random legal setup', finishSetup: 'Finish the setup',
  declareLandefront: 'Declare the Landefront', declareLull: 'Declare a lull',
  germanReplacement: 'German replacements', placeBridge: 'Place a bridge', demolishBridge: 'Demolish bridges (GOSS 17.3.2c)', suppressWnStp: 'Silence WN/StP guns with a ship (AW 34.3.0)', construct: 'Build fieldworks or bridges (GOSS 17.3)',
  moveBox: 'Move between boxes', seal: 'Seal a hidden choice', reveal: 'Reveal a hidden choice', restPass: 'Pass on the secret rest', fuelPass: 'Pass on the low-fuel GT', fuelExempt: 'Full MA despite low fuel', allocateAir: 'Assign air points (AW 20.1.1)',
  placeDz: 'Place a drop zone', pegasus: 'Pegasus Bridge (AW 41.1.1)', dropUnit: 'Drop a unit', dropFow: 'Drop a fog-of-war counter',
  landGlider: 'Land a glider', gliderDisplace: 'Displace a glider', reorganise: 'Reorganise', regroup: 'Regroup (AW 41.3.5)',
  mervilleAttack: 'Attack the Merville battery',
  abAttack: 'Airborne attack', abAdvance: 'Advance after an airborne attack', abRetreat: 'Retreat after an airborne attack', esLand: 'Land from the Extended Scatter track (AW 41.2.3c)', dzPrimary: 'Choose the primary drop zone',
  abMove: 'Airborne move (AW 41.3.7)', abPassCheck: 'PR check to move on', blowBridge: 'Blow a bridge', gActivate: 'Activate German units (AW 41.6.1)', gMove: 'German activated move (AW 41.6.1)',
};

/** Reinforcements waiting off the map: pick an entry hex per unit (AW 32.12). */
function Reinforcements({ actions, stale }: { actions: { type: string; unit: string; hex: string }[]; stale: boolean }) {
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
          <button type="submit" disabled={stale}>Enter</button>
        </form>
      ))}
    </div>
  );
}
