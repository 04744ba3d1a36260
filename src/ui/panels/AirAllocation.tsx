/**
 * The Air Allocation Segment's form (AW 3.3.1, 20.1.1): the Allied player splits the open force's AP
 * of the day between GS and GI missions in its northern and southern air sectors. One form per force,
 * the next one still to assign; the offered allocations stay buttons beside it (Decisions.tsx). The
 * checks and the action are airAllocationModel.ts's.
 */
import { useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import type { Action, ActionOf } from '../../engine';
import { airRecord, type AirRecord } from '../../engine/query';
import { checkAllocation, openForce, prefill, type AirKind, type AllocationValues } from './airAllocationModel';

/** The form for the force the open question is about, or nothing when the scenario has no air rules. */
export function AirAllocation({ offered, stale }: { offered: readonly Action[]; stale: boolean }) {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  const records = useMemo(() => (state && bundle ? airRecord(state, bundle) : null), [state, bundle]);
  const pending = state?.pending;
  if (!pending || pending.kind !== 'airAllocation') return null;
  const force = openForce(records, pending.side, offered);
  if (!force) return null;
  // A new form (fresh values) for each force: after the US answers, the CW's opens.
  return <AllocationForm key={force.force} force={force} stale={stale} onSubmit={(a) => dispatch(a)} />;
}

/** One force's allocation: GS and GI AP per air sector, the running total, and submit when every AP is assigned. */
export function AllocationForm({ force, stale, onSubmit }: { force: AirRecord; stale: boolean; onSubmit: (a: ActionOf<'allocateAir'>) => void }) {
  const [values, setValues] = useState<AllocationValues>(() => prefill(force));
  const check = checkAllocation(force, values);
  const set = (kind: AirKind, sector: string, text: string) => setValues((v) => ({ ...v, [kind]: { ...v[kind], [sector]: text } }));
  return (
    <form className="air-allocation" data-testid="air-allocation" aria-label={`Assign the ${force.name} AP`}
      onSubmit={(e) => { e.preventDefault(); if (check.action && !stale) onSubmit(check.action); }}>
      <b>{force.name}: {force.ap} AP today</b>
      <table>
        <thead><tr><th>Air sector</th><th>GS</th><th>GI (max {force.giMax})</th></tr></thead>
        <tbody>
          {force.pools.map((p) => (
            <tr key={p.sector}>
              <td>{p.name}</td>
              {(['gs', 'gi'] as const).map((kind) => (
                <td key={kind}>
                  <input type="number" min={0} step={1} max={kind === 'gi' ? Math.min(force.giMax, force.ap) : force.ap}
                    data-testid={`air-${kind}-${p.sector}`} aria-label={`${kind === 'gs' ? 'GS' : 'GI'} AP in the ${p.name}`}
                    value={values[kind][p.sector] ?? ''} onChange={(e) => set(kind, p.sector, e.currentTarget.value)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={`air-total${check.assigned === check.ap ? '' : ' short'}`} data-testid="air-assigned">Assigned {check.assigned} of {check.ap} AP</div>
      {check.problems.length > 0 && <ul className="air-problems" data-testid="air-problems">{check.problems.map((p) => <li key={p}>{p}</li>)}</ul>}
      <button type="submit" data-testid="air-submit" disabled={stale || !check.action}>Assign the {force.name} AP</button>
    </form>
  );
}
