/**
 * The Airborne Display (AW 41): the DZs with their scatter and status, the regroup numbers, the drop
 * schedule with what is still to land per DZ, the container per DZ (counts only, AW 41.2.2), the
 * dummies and the Extended Scatter track (AW 41.2.3c). Shown when the scenario has the airborne
 * module; it reads the game only through `view` (the viewing side's) and the engine's query API, so
 * no FoW identity can reach it (the state has none before a reveal, docs/engine.md).
 */
import { useMemo, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct, view } from '../../engine';
import { boxDisplays } from '../../engine/rules/locations';
import { airborneInput } from './airborneInput';
import { airborneDisplayModel, type AirborneDisplayModel } from './airborneDisplayModel';
import { mapBridge } from '../setup/mapBridge';
import { hexOfRulesId } from '../../engine/hex';
import { playerText } from '../describe';

export function AirborneDisplay() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const me = useGame((s) => s.pbem?.me ?? null);
  const model = useMemo(() => {
    if (!state || !bundle) return null;
    const v = view(state, me ?? sideToAct(state) ?? 'allied');
    const ab = airborneInput(v, bundle);
    if (!ab) return null;
    const boxes = new Map<number, string>();
    for (const g of boxDisplays(v, bundle)) for (const b of g.boxes) boxes.set(b.loc, b.id);
    return airborneDisplayModel(v, bundle, ab, boxes);
  }, [state, bundle, me]);
  if (!model) return null;
  return <AirborneDisplayView model={model} />;
}

const th = { textAlign: 'left', fontWeight: 600, padding: '1px 3px', borderBottom: '1px solid #ccc' } as const;
const td = { padding: '1px 3px', borderBottom: '1px solid #eee', verticalAlign: 'top' } as const;

/** The panel laid out from its model (rendered on its own in the unit test). */
export function AirborneDisplayView({ model }: { model: AirborneDisplayModel }) {
  const [open, setOpen] = useState(true);
  const show = (hex: string) => mapBridge()?.showHexes([hexOfRulesId(hex)]);
  return (
    <section className="panel airborne" aria-label="Airborne Display" data-testid="airborne-display" style={{ fontSize: 12 }}>
      <div style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
        <b>Airborne Display</b> <span className="case">AW 41</span>
        <button className="link" style={{ marginLeft: 'auto', fontSize: 11, padding: '0 6px' }} aria-expanded={open} onClick={() => setOpen((o) => !o)}>{open ? 'Hide' : 'Show'}</button>
      </div>
      {open && (
        <>
          {model.pegasus && <div data-testid="ab-pegasus">Pegasus Bridge: {model.pegasus} <span className="case">AW 41.1.1</span></div>}
          <table style={{ borderCollapse: 'collapse', width: '100%', margin: '4px 0' }} data-testid="ab-dzs">
            <thead>
              <tr><th style={th}>DZ</th><th style={th} title="Target hex on the Airborne Display → where the DZ is">Hex</th><th style={th} title="DZ Scatter Table (AW 41.1.2)">Scatter</th><th style={th} title="DZ Status (AW 41.1.3); regroup number (AW 41.3.5)">Status</th><th style={th} title="The container (AW 41.2.2): real Coys and dummies not yet revealed">Container</th></tr>
            </thead>
            <tbody>
              {model.dzs.map((d) => (
                <tr key={d.key} data-testid="ab-dz" data-dz={d.label}>
                  <td style={{ ...td, whiteSpace: 'nowrap' }}><b>{d.label}</b>{d.main && <span className="case" title="Main DZ: never scatters (AW 41.1.2a)"> main</span>}</td>
                  <td style={td}>
                    {d.onMap ? <button className="link" style={{ padding: 0, fontSize: 12, border: 0, background: 'none', textDecoration: 'underline' }} onClick={() => show(d.placed)}>{d.placed}</button> : d.placed}
                    {d.onMap && d.placed !== d.target && <span className="case"> (target {d.target})</span>}
                    {d.removed && <span className="case"> {d.removed}</span>}
                  </td>
                  <td style={td}>{d.scatter}</td>
                  <td style={td}>{d.status}{d.regroup !== null && <span className="case" title="Regroup number (AW 41.3.5)"> regroup ≤{d.regroup}</span>}</td>
                  <td style={td} data-testid="ab-container">{d.container ? `${d.container.coys} Coy${d.container.coys === 1 ? '' : 's'}, ${d.container.dummies} dumm${d.container.dummies === 1 ? 'y' : 'ies'}` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="case">Regroup numbers by DZ status (AW 41.3.5): {model.regroup.map((r) => `${r.status} ${r.number}`).join(' · ')}; +1 with a leader; a leader alone 3.</div>
          <h4 style={{ margin: '6px 0 2px', fontSize: 12 }}>Drop schedule <span className="case">AW 41.2.0, 41.4.0</span></h4>
          <ul style={{ paddingLeft: 14, margin: 0 }} data-testid="ab-schedule">
            {model.dzs.flatMap((d) => d.schedule.map((s) => (
              <li key={`${d.key}-${s.segment}`} data-testid="ab-to-land">
                <b>{d.label}</b>, {s.segment}: {s.toLand ?? 'all landed'}
                <span style={{ color: '#666' }}> — {s.what}</span>
              </li>
            )))}
          </ul>
          <div style={{ margin: '4px 0' }} data-testid="ab-dummies">
            Dummies (AW 41.2.2): {model.dummies.added} added, {model.dummies.inContainers} not yet revealed, {model.dummies.removed} removed · FoW counters on the map: {model.fowOnMap}
          </div>
          {model.score && (
            <div data-testid="ab-score" style={{ margin: '4px 0' }}>
              <h4 style={{ margin: '6px 0 2px', fontSize: 12 }}>Victory points now <span className="case">{playerText(model.score.case)}</span></h4>
              <table style={{ borderCollapse: 'collapse', width: '100%' }}>
                <tbody>
                  {model.score.items.map((i) => <tr key={i.what}><td style={td}>{i.what}</td><td style={{ ...td, textAlign: 'right' }}>{i.count}</td><td style={{ ...td, textAlign: 'right', fontWeight: 600 }}>{i.points > 0 ? `+${i.points}` : i.points}</td></tr>)}
                  <tr><td style={td}><b>Total</b></td><td style={td} /><td style={{ ...td, textAlign: 'right', fontWeight: 700 }} data-testid="ab-score-total">{model.score.total}</td></tr>
                </tbody>
              </table>
              <div>If the stage ended now: <b>{model.score.winner === 'draw' ? 'a draw' : `${model.score.winner === 'allied' ? 'Allied' : 'German'} victory`}</b></div>
            </div>
          )}
          {model.es.length > 0 && (
            <>
              <h4 style={{ margin: '6px 0 2px', fontSize: 12 }}>Extended Scatter track <span className="case">AW 41.2.3c</span></h4>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(9, 1fr)', gap: 2 }} data-testid="ab-es">
                {model.es.map((b) => (
                  <div key={b.box} data-testid="ab-es-box" title={`${b.name}: ${b.counters.length ? b.counters.join(', ') : 'empty'}; eliminated on ${b.eliminate}`} style={{ border: '1px solid #bbb', borderRadius: 3, textAlign: 'center', padding: '1px 0', background: b.counters.length ? '#efe6c8' : '#fff' }}>
                    <div style={{ fontWeight: 600 }}>{b.name.replace(/^\D+/, '')}</div>
                    <div>{b.counters.length}</div>
                    <div className="case">{b.eliminate}</div>
                  </div>
                ))}
              </div>
              <div className="case">Each box: its number, FoW counters in it, the roll that eliminates a unit moving into it.</div>
            </>
          )}
        </>
      )}
    </section>
  );
}
