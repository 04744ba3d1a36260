/**
 * Fire support dialog (AW 31.9, GOSS 11): the selected enemy hex is the target; choose firers,
 * the spotter, air and naval points; the engine's fsPlan shows observation, cap, sources, volleys
 * and every DRM with its case before anything is rolled.
 */
import { useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct } from '../../engine';
import { formatHex } from '../../engine/hex';
import { fsPlan } from '../../engine/rules/fireSupport';
import { segmentAt } from '../../engine/sequence';
import { Case, ModTable, signed } from './Breakdown';

export function FireMission() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const target = useGame((s) => s.selectedHex);
  const dispatch = useGame((s) => s.dispatch);
  const [chosen, setChosen] = useState<string[]>([]);
  const [spotter, setSpotter] = useState<string>('');
  const [air, setAir] = useState(0);
  const [naval, setNaval] = useState(0);
  const actor = state ? sideToAct(state) : null;
  const seg = state && bundle ? segmentAt(bundle.sequence, state.pos).segment.id : '';
  const enemyThere = !!state && target !== null && Object.values(state.units).some((u) => u.hex === target && u.side !== actor && !u.eliminated);
  const firers = useMemo(() => {
    if (!state || !bundle || !actor || target === null || !enemyThere) return [];
    return Object.values(state.units)
      .filter((u) => u.side === actor && u.hex !== null && !u.eliminated)
      .filter((u) => fsPlan(state, bundle, actor, { target, artillery: [{ unit: u.id }] }).ok)
      .map((u) => u.id);
  }, [state, bundle, actor, target, enemyThere]);
  if (!state || !bundle || !actor || state.pending || state.over || (seg !== 'defensiveFs' && seg !== 'offensiveFs')) return null;
  if (target === null || !enemyThere) {
    return <section className="panel dialog" data-testid="fs-dialog"><b>Fire support</b> <Case c="AW 31.9" /><p className="hint">Select an enemy-occupied hex to plan a mission on it.</p></section>;
  }
  const req = { target, spotter: spotter || undefined, artillery: chosen.map((unit) => ({ unit })), air: air || undefined, naval: naval || undefined };
  const plan = fsPlan(state, bundle, actor, req);
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const fire = () => {
    if (dispatch({ type: 'fireMission', target: formatHex(target), ...(spotter ? { spotter } : {}), artillery: req.artillery, ...(air ? { air } : {}), ...(naval ? { naval } : {}) })) {
      setChosen([]); setAir(0); setNaval(0); setSpotter('');
    }
  };
  const spotters = Object.values(state.units).filter((u) => u.side === actor && u.hex !== null && !u.eliminated && fsPlan(state, bundle, actor, { ...req, spotter: u.id }).ok);
  return (
    <section className="panel dialog" data-testid="fs-dialog" aria-label="Fire support">
      <b>Fire support on {formatHex(target)}</b> <Case c="AW 31.9, GOSS 11" />
      {firers.length === 0 ? <p className="hint">No artillery of yours can reach this hex.</p> : (
        <div className="firers">
          {firers.map((id) => (
            <label key={id}><input type="checkbox" data-testid="fs-firer" checked={chosen.includes(id)} onChange={() => toggle(id)} /> {name(id)}</label>
          ))}
        </div>
      )}
      <div className="fs-extra">
        <label>Spotter <select value={spotter} onChange={(e) => setSpotter(e.target.value)}>
          <option value="">automatic</option>
          {spotters.map((u) => <option key={u.id} value={u.id}>{name(u.id)}</option>)}
        </select></label>
        <label>Air <input type="number" min={0} max={8} value={air} onChange={(e) => setAir(Number(e.target.value))} /></label>
        <label>Naval <input type="number" min={0} max={8} value={naval} onChange={(e) => setNaval(Number(e.target.value))} /></label>
      </div>
      {plan.ok ? (
        <div className="plan" data-testid="fs-plan">
          <div>{plan.plan.level} — {plan.plan.observation}; cap {plan.plan.cap} points</div>
          <ModTable rows={plan.plan.sources.map((s) => ({ label: `${s.unit ? name(s.unit) : s.kind}: ${s.why}`, value: String(s.points), case: s.case }))} />
          <div>Total {plan.plan.total} points in volleys of {plan.plan.volleys.join(' + ')}</div>
          <ModTable rows={plan.plan.drms.map((d) => ({ label: `${d.group}: ${d.why}`, value: signed(d.value), case: d.case }))} />
          <div>DRM {signed(plan.plan.drm)}{plan.plan.drm !== plan.plan.drmRaw ? ` (capped from ${signed(plan.plan.drmRaw)})` : ''}</div>
        </div>
      ) : chosen.length || air || naval ? <p className="error-inline">{plan.message} <Case c={plan.case} /></p> : null}
      <button data-testid="fs-fire" disabled={!plan.ok} onClick={fire}>Fire mission 🎲</button>
    </section>
  );
}
