/**
 * Ground assault dialog (GOSS 13): the selected enemy hex is the objective; the attack-designated
 * units adjacent to it attack. The engine's oddsPreview shows the whole breakdown — each unit's
 * strength and multipliers, the ratio and column, every shift and DRM with its case — before the
 * assault is declared and rolled. The defender then answers its decisions in the Decisions panel.
 */
import { useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct } from '../../engine';
import { areAdjacent, formatHex } from '../../engine/hex';
import { oddsPreview } from '../../engine/rules/gaPreview';
import { segmentAt } from '../../engine/sequence';
import { Case, ModTable, signed } from './Breakdown';

const DESIGNATED = ['TA', 'PA'];

export function Assault() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const target = useGame((s) => s.selectedHex);
  const dispatch = useGame((s) => s.dispatch);
  const [excluded, setExcluded] = useState<string[]>([]);
  const actor = state ? sideToAct(state) : null;
  const seg = state && bundle ? segmentAt(bundle.sequence, state.pos).segment.id : '';
  const candidates = useMemo(() => {
    if (!state || target === null || !actor) return [];
    return Object.values(state.units)
      .filter((u) => u.side === actor && u.hex !== null && !u.eliminated && u.markers.some((m) => DESIGNATED.includes(m)) && areAdjacent(u.hex, target))
      .map((u) => u.id);
  }, [state, target, actor]);
  if (!state || !bundle || !actor || state.pending || state.over || seg !== 'groundAssault') return null;
  const enemyThere = target !== null && Object.values(state.units).some((u) => u.hex === target && u.side !== actor && !u.eliminated);
  if (target === null || !enemyThere) {
    return <section className="panel dialog" data-testid="ga-dialog"><b>Ground assault</b> <Case c="GOSS 13" /><p className="hint">Select an enemy hex next to your attack-designated units.</p></section>;
  }
  const attackers = candidates.filter((id) => !excluded.includes(id));
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;
  const r = attackers.length ? oddsPreview(state, { hex: formatHex(target), attackers }) : null;
  return (
    <section className="panel dialog" data-testid="ga-dialog" aria-label="Ground assault">
      <b>Ground assault on {formatHex(target)}</b> <Case c="GOSS 13" />
      {candidates.length === 0 ? <p className="hint">None of your attack-designated units is adjacent.</p> : (
        <div className="firers">
          {candidates.map((id) => (
            <label key={id}><input type="checkbox" data-testid="ga-attacker" checked={!excluded.includes(id)} onChange={() => setExcluded((x) => (x.includes(id) ? x.filter((y) => y !== id) : [...x, id]))} /> {name(id)}</label>
          ))}
        </div>
      )}
      {r && (r.ok ? (
        <div className="plan" data-testid="ga-odds">
          <div>Terrain {r.odds.terrain}, line {r.odds.line} (defender chooses among {r.odds.lineOptions.join(', ')}) <Case c="GOSS 13.3" /></div>
          <ModTable rows={[...r.odds.attackers, ...r.odds.defenders].map((u) => ({ label: `${u.designation}: CS ${u.cs}${u.mults.map((m) => ` ×${m.x} ${m.why}`).join('')}`, value: String(Math.round(u.value * 100) / 100), case: u.mults.map((m) => m.case).join(', ') || 'GOSS 13.6' }))} />
          <div>GAV {r.odds.gavAttacker} : {r.odds.gavDefender} → {r.odds.baseLabel}{r.odds.offLeft ? ' (off the left of the table)' : ''} <Case c="GOSS 13.6" /></div>
          <ModTable rows={r.odds.shifts.map((s) => ({ label: `${s.side}: ${s.why}`, value: signed(s.n), case: s.case }))} />
          <div>Column <b>{r.odds.columnLabel}</b> (net shift {signed(r.odds.netShift)}) <Case c="GOSS 13.7" /></div>
          <ModTable rows={r.odds.drms.map((d) => ({ label: `${d.kind}: ${d.why}`, value: signed(d.value), case: d.case }))} />
          <div>DRM {signed(r.odds.drm)}{r.odds.drm !== r.odds.drmRaw ? ` (capped from ${signed(r.odds.drmRaw)})` : ''} <Case c="GOSS 13.8" /></div>
        </div>
      ) : <p className="error-inline">{r.message} <Case c={r.case} /></p>)}
      <button data-testid="ga-assault" disabled={!r?.ok} onClick={() => dispatch({ type: 'assault', hex: formatHex(target), attackers })}>Assault 🎲</button>
    </section>
  );
}
