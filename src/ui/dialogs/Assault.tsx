/**
 * Ground assault dialog (GOSS 13): the selected enemy hex is the objective; the attack-designated
 * units adjacent to it attack. The engine's oddsPreview shows the whole breakdown — each unit's
 * strength and multipliers, the ratio and column, every shift and DRM with its case — before the
 * assault is declared and rolled. The defender then answers its decisions in the Decisions panel.
 */
import { frameOf } from '../../engine/query';
import { useEffect, useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import { legalFor } from '../../store/legal';
import { sideToAct, type ActionOf } from '../../engine';
import { formatHex, hexOfRulesId } from '../../engine/hex';
import { oddsPreview } from '../../engine/query';
import { segmentAt } from '../../engine/sequence';
import { Case, ModTable, signed } from './Breakdown';
import type { GaBreakdown } from '../../engine/rules/gaOdds';
import { unitList } from '../../engine/unitTable';

type Offer = ActionOf<'assault'>;

export function Assault() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const target = useGame((s) => s.selectedHex);
  const selectHex = useGame((s) => s.selectHex);
  const dispatch = useGame((s) => s.dispatch);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [group, setGroup] = useState(0);
  useEffect(() => { setExcluded([]); setGroup(0); }, [target, state?.n]);
  const actor = state ? sideToAct(state) : null;
  const seg = state && bundle ? segmentAt(bundle.sequence, state.pos).segment.id : '';
  // The engine's offers (GOSS 13.4): each TA stack alone, PA units together, units that have not attacked yet.
  const offers = useMemo(() => (state && actor && seg === 'groundAssault' && !state.pending ? legalFor(state, actor).filter((a): a is Offer => a.type === 'assault') : []), [state, actor, seg]);
  if (!state || !bundle || !actor || state.over) return null;
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;
  // While the assault's decisions are made, the dialog stays with its odds (issue 16 item 10).
  const ga = frameOf(state, 'groundAssault');
  if (state.pending && ga && state.pending.kind.startsWith('ga')) {
    return (
      <section className="panel dialog" data-testid="ga-dialog" aria-label="Ground assault">
        <b>{ga.overrun ? 'Overrun' : 'Ground assault'} on {formatHex(ga.hex)}</b> <Case c="GOSS 13" /> <span className="ga-stage">— deciding</span>
        <div className="hint">{ga.attackers.map(name).join(', ')} against {ga.defenders.map(name).join(', ')}: the decisions are in the Decisions panel.</div>
        {ga.odds && <details data-testid="ga-odds"><summary>Column <b>{ga.odds.columnLabel}</b>, DRM {signed(ga.odds.drm)}{ga.rolls ? ` · rolled ${ga.rolls.attackerModified} / ${ga.rolls.defenderModified}` : ''}</summary><Odds odds={ga.odds} /></details>}
      </section>
    );
  }
  if (state.pending || seg !== 'groundAssault') return null;
  const here = target !== null ? offers.filter((o) => o.hex === formatHex(target)) : [];
  if (!here.length) {
    const enemyThere = target !== null && unitList(state).some((u) => u.hex === target && u.side !== actor && !u.eliminated);
    const hexes = [...new Set(offers.map((o) => o.hex))];
    return (
      <section className="panel dialog" data-testid="ga-dialog" aria-label="Ground assault"><b>Ground assault</b> <Case c="GOSS 13" />
        {enemyThere && <p className="hint">No assault of yours can be made on {formatHex(target!)} now (none of your attack-designated units that have not attacked is adjacent).</p>}
        {hexes.length ? (
          <div className="ga-targets">Assaults to make: {hexes.map((h) => (
            <button key={h} data-testid="ga-target" onClick={() => selectHex(hexOfRulesId(h))}>{h} ({offers.filter((o) => o.hex === h).flatMap((o) => o.attackers).map(name).join(', ')})</button>
          ))}</div>
        ) : <p className="hint">No assault left to make: every attack-designated unit has attacked or has no enemy next to it.</p>}
      </section>
    );
  }
  const offer = here[Math.min(group, here.length - 1)];
  const attackers = offer.attackers.filter((id) => !excluded.includes(id));
  const r = attackers.length ? oddsPreview(state, { hex: offer.hex, attackers }) : null;
  return (
    <section className="panel dialog" data-testid="ga-dialog" aria-label="Ground assault">
      <b>Ground assault on {offer.hex}</b> <Case c="GOSS 13" />
      {here.length > 1 && (
        <div className="ga-groups">{here.map((o, i) => (
          <label key={i}><input type="radio" name="ga-group" checked={o === offer} onChange={() => { setGroup(i); setExcluded([]); }} /> {o.attackers.map(name).join(', ')}</label>
        ))}</div>
      )}
      {(
        <div className="firers">
          {offer.attackers.map((id) => (
            <label key={id}><input type="checkbox" data-testid="ga-attacker" checked={!excluded.includes(id)} onChange={() => setExcluded((x) => (x.includes(id) ? x.filter((y) => y !== id) : [...x, id]))} /> {name(id)}</label>
          ))}
        </div>
      )}
      {r && (r.ok ? (
        <div data-testid="ga-odds"><Odds odds={r.odds} /></div>
      ) : <p className="error-inline">{r.message} <Case c={r.case} /></p>)}
      <button data-testid="ga-assault" disabled={!r?.ok} onClick={() => dispatch({ type: 'assault', hex: offer.hex, attackers })}>Assault ⚄</button>
    </section>
  );
}

/** The odds breakdown (GOSS 13.3–13.8): each unit's value, the ratio, shifts, column and DRMs with their cases. */
function Odds({ odds }: { odds: GaBreakdown }) {
  // GOSS 13.3.2: the defender picks the line only when the hex offers more than one.
  const lines = odds.lineOptions.length > 1 ? ` (the defender chooses among lines ${odds.lineOptions.join(', ')})` : '';
  return (
    <div className="plan">
      <div>Terrain {odds.terrain}, line {odds.line}{lines} <Case c="GOSS 13.3" /></div>
      <ModTable rows={[...odds.attackers, ...odds.defenders].map((u) => ({ label: `${u.designation}: CS ${u.cs}${u.mults.map((m) => ` ×${m.x} ${m.why}`).join('')}`, value: String(Math.round(u.value * 100) / 100), case: u.mults.map((m) => m.case).join(', ') || 'GOSS 13.6' }))} />
      <div>GAV {odds.gavAttacker} : {odds.gavDefender} → {odds.baseLabel}{odds.offLeft ? ' (off the left of the table)' : ''} <Case c="GOSS 13.6" /></div>
      <ModTable rows={odds.shifts.map((s) => ({ label: `${s.side}: ${s.why}`, value: signed(s.n), case: s.case }))} />
      <div>Column <b>{odds.columnLabel}</b> (net shift {signed(odds.netShift)}) <Case c="GOSS 13.7" /></div>
      <ModTable rows={odds.drms.map((d) => ({ label: `${d.kind}: ${d.why}`, value: signed(d.value), case: d.case }))} />
      <div>DRM {signed(odds.drm)}{odds.drm !== odds.drmRaw ? ` (capped from ${signed(odds.drmRaw)})` : ''} <Case c="GOSS 13.8" /></div>
    </div>
  );
}
