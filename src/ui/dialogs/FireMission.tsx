/**
 * Fire support dialog (AW 31.9, GOSS 11): the selected enemy hex is the target; choose firers,
 * the spotter, air and naval points; the engine's fsPlan shows observation, cap, sources, volleys
 * and every DRM with its case before anything is rolled.
 */
import { useEffect, useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct } from '../../engine';
import { formatHex } from '../../engine/hex';
import { artilleryPoints, fsPlan, shipsOf, unitIndex } from '../../engine/query';
import { segmentAt } from '../../engine/sequence';
import { Case, ModTable, signed } from './Breakdown';
import { OBSERVATION, playerText } from '../describe';
import { unitList } from '../../engine/unitTable';

export function FireMission() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const target = useGame((s) => s.selectedHex);
  const dispatch = useGame((s) => s.dispatch);
  // Mission points per chosen firer: a firer may give fewer than it has, to stay within the cap (AW 31.9.4).
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [spotter, setSpotter] = useState<string>('');
  const [air, setAir] = useState(0);
  const [naval, setNaval] = useState(0);
  // AW 33.3.0 / 34.3.0: scenarios that list their ships take them by name instead of naval points.
  const [ships, setShips] = useState<string[]>([]);
  // A new target starts a new mission plan.
  useEffect(() => { setChosen({}); setSpotter(''); setAir(0); setNaval(0); setShips([]); }, [target]);
  const actor = state ? sideToAct(state) : null;
  const seg = state && bundle ? segmentAt(bundle.sequence, state.pos).segment.id : '';
  const inFs = seg === 'defensiveFs' || seg === 'offensiveFs';
  // From the state's hex index (kept per state), only in a fire-support segment (issue 17: a walk over every unit per state or selection).
  const enemyThere = inFs && !!state && target !== null && !!unitIndex(state).byHex.get(target)?.some((u) => u.side !== actor);
  // Firers that may give at least one point to a mission on this hex (with the chosen spotter), and how many they have.
  const firers = useMemo(() => {
    if (!state || !bundle || !actor || target === null || !enemyThere || !inFs) return [];
    return unitList(state)
      .filter((u) => u.side === actor && u.hex !== null && !u.eliminated)
      .filter((u) => fsPlan(state, bundle, actor, { target, spotter: spotter || undefined, artillery: [{ unit: u.id, points: 1 }] }).ok)
      .map((u) => ({ id: u.id, ...artilleryPoints(state, bundle, u.id) }));
  }, [state, bundle, actor, target, enemyThere, inFs, spotter]);
  if (!state || !bundle || !actor || state.pending || state.over || !inFs) return null;
  if (target === null || !enemyThere) {
    return <section className="panel dialog" data-testid="fs-dialog"><b>Fire support</b> <Case c="AW 31.9" /><p className="hint">Select an enemy-occupied hex to plan a mission on it.</p></section>;
  }
  // Whatever forbids any mission on this hex (already a target this phase, AW 31.9), before firers are asked about.
  const base = fsPlan(state, bundle, actor, { target, artillery: [] });
  if (!base.ok && base.code !== 'no-points') {
    return <section className="panel dialog" data-testid="fs-dialog"><b>Fire support on {formatHex(target)}</b> <Case c="AW 31.9" /><p className="hint" data-testid="fs-blocked">No mission possible: {base.message} <Case c={base.case} /></p></section>;
  }
  const artillery = Object.entries(chosen).map(([unit, points]) => ({ unit, points }));
  const shipList = shipsOf(state, bundle);
  const req = { target, spotter: spotter || undefined, artillery, air: air || undefined, naval: naval || undefined, ships: ships.length ? ships : undefined };
  const plan = fsPlan(state, bundle, actor, req);
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;
  const toggle = (id: string, avail: number) => setChosen((c) => {
    if (id in c) { const rest = { ...c }; delete rest[id]; return rest; }
    // Offer what keeps the mission within its cap: the cap of a mission with this firer alone, less what the others give.
    const one = fsPlan(state, bundle, actor, { ...req, artillery: [{ unit: id, points: 1 }], air: undefined, naval: undefined, ships: undefined });
    const used = Object.values(c).reduce((a, b) => a + b, 0);
    const room = one.ok ? one.plan.cap - used : avail;
    return { ...c, [id]: Math.max(1, Math.min(avail, room)) };
  });
  const fire = () => {
    if (dispatch({ type: 'fireMission', target: formatHex(target), ...(spotter ? { spotter } : {}), artillery, ...(air ? { air } : {}), ...(naval ? { naval } : {}), ...(ships.length ? { ships } : {}) })) {
      setChosen({}); setAir(0); setNaval(0); setShips([]); setSpotter('');
    }
  };
  const spotters = unitList(state).filter((u) => u.side === actor && u.hex !== null && !u.eliminated && fsPlan(state, bundle, actor, { ...req, artillery: artillery.length ? artillery : (firers[0] ? [{ unit: firers[0].id, points: 1 }] : []), spotter: u.id }).ok);
  return (
    <section className="panel dialog" data-testid="fs-dialog" aria-label="Fire support">
      <b>Fire support on {formatHex(target)}</b> <Case c="AW 31.9, GOSS 11" />
      {firers.length === 0 ? <p className="hint">No artillery of yours can reach this hex{spotter ? ' with this spotter' : ''}.</p> : (
        <div className="firers">
          {firers.map((f) => (
            <label key={f.id} title={playerText(`${f.why} (${f.case})`)}>
              <input type="checkbox" data-testid="fs-firer" checked={f.id in chosen} onChange={() => toggle(f.id, f.points)} /> {name(f.id)}
              {f.id in chosen
                ? <> <input type="number" style={{ width: 44 }} data-testid="fs-points" aria-label={`Mission points of ${name(f.id)}`} min={1} max={f.points} value={chosen[f.id]} onChange={(e) => setChosen((c) => ({ ...c, [f.id]: Math.max(1, Math.min(f.points, Math.floor(Number(e.target.value)) || 1)) }))} /> of {f.points} pts</>
                : <span className="hint"> {f.points} pts, range {f.range}</span>}
            </label>
          ))}
        </div>
      )}
      <div className="fs-extra">
        <label>Spotter <select value={spotter} onChange={(e) => setSpotter(e.target.value)}>
          <option value="">none (unobserved mission)</option>
          {spotters.map((u) => <option key={u.id} value={u.id}>{name(u.id)}</option>)}
        </select></label>
        <label>Air <input type="number" min={0} max={8} value={air} onChange={(e) => setAir(Number(e.target.value))} /></label>
        {shipList.length
          ? shipList.map((sh) => <label key={sh.id}><input type="checkbox" data-testid="fs-ship" checked={ships.includes(sh.id)} onChange={() => setShips((x) => (x.includes(sh.id) ? x.filter((y) => y !== sh.id) : [...x, sh.id]))} /> {sh.kind} {sh.id}</label>)
          : <label>Naval <input type="number" min={0} max={8} value={naval} onChange={(e) => setNaval(Number(e.target.value))} /></label>}
      </div>
      {plan.ok ? (
        <div className="plan" data-testid="fs-plan">
          <div>{OBSERVATION[plan.plan.level] ?? plan.plan.level} — {plan.plan.observation}; cap {plan.plan.cap} points</div>
          <ModTable rows={plan.plan.sources.map((s) => ({ label: `${s.unit ? name(s.unit) : s.kind}: ${s.why}`, value: String(s.points), case: s.case }))} />
          <div>Total {plan.plan.total} points in volleys of {plan.plan.volleys.join(' + ')}</div>
          <ModTable rows={plan.plan.drms.map((d) => ({ label: `${d.group}: ${d.why}`, value: signed(d.value), case: d.case }))} />
          <div>DRM {signed(plan.plan.drm)}{plan.plan.drm !== plan.plan.drmRaw ? ` (capped from ${signed(plan.plan.drmRaw)})` : ''}</div>
        </div>
      ) : artillery.length || air || naval || ships.length ? <p className="error-inline">{plan.message} <Case c={plan.case} /></p> : null}
      <button data-testid="fs-fire" disabled={!plan.ok} onClick={fire}>Fire mission ⚄</button>
    </section>
  );
}
