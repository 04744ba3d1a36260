/**
 * Victory screen (issue 6 item 9): when the game is over, the result and every victory condition of
 * the scenario length evaluated and explained (AW 31.4; Goodwood AW 32.13), from the engine's
 * evaluateVictory report kept in state.special.victory. The outcomes are tried in order and the
 * first that holds decides; the screen shows each with whether it holds. It can be closed to look
 * at the final board and reopened from a small banner.
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { useGame } from '../../store/game';
import type { ScenarioBundle, Side } from '../../engine';
import { airborneData, evaluateVictory, stageScore, type ConditionReport, type VictoryResult } from '../../engine/query';
import { formatHex } from '../../engine/hex';
import { objectiveHexes } from '../map/framing';
import { SIDE_NAME, playerText, unitNames } from '../describe';
import { mapBridge } from '../setup/mapBridge';

const LEVEL: Record<string, string> = { major: 'major victory', operational: 'operational victory', marginal: 'marginal victory', strategic: 'strategic victory', tactical: 'tactical victory', draw: 'draw' };

const overlay: CSSProperties = { position: 'fixed', inset: 0, background: 'rgba(20, 26, 34, 0.72)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 11 };
const card: CSSProperties = { background: '#fbfaf5', color: '#222', maxWidth: 720, width: '90vw', maxHeight: '86vh', overflow: 'auto', padding: '16px 22px', borderRadius: 6, boxShadow: '0 6px 30px rgba(0,0,0,0.4)', fontSize: 14 };
const mark = (holds: boolean) => <span aria-label={holds ? 'holds' : 'does not hold'} style={{ color: holds ? '#2a6a1a' : '#8a2a1a', fontWeight: 700 }}>{holds ? '✔' : '✘'}</span>;

/** A condition's line; `bundle` names the units the engine's report gives by id (the report is kept in the final state, its hash as saved). */
function Condition({ r, bundle, depth = 0 }: { r: ConditionReport; bundle: ScenarioBundle | null; depth?: number }) {
  return (
    <li data-testid={depth ? undefined : 'victory-condition'} style={{ margin: '3px 0' }}>
      {mark(r.holds)} <b>{r.label}</b>{r.parts ? null : <> — <span style={{ color: '#555' }}>{unitNames(r.detail, bundle)}</span></>}
      {r.parts && (
        <ul style={{ paddingLeft: 18, margin: '2px 0' }}>
          {r.parts.map((p, i) => <Condition key={i} r={p} bundle={bundle} depth={depth + 1} />)}
        </ul>
      )}
    </li>
  );
}

/** The stage's victory points item by item, and the thresholds they are judged by. */
function StagePoints({ stage, bundle }: { stage: NonNullable<ReturnType<typeof stageScore>>; bundle: ScenarioBundle }) {
  const v = airborneData(bundle).special.stageAlone?.victory;
  const td: CSSProperties = { padding: '2px 8px' };
  return (
    <>
      {v && <p style={{ margin: '4px 0' }}>{playerText(v.text)} <span className="case">{playerText(v.case)}</span></p>}
      <table data-testid="victory-points" style={{ borderCollapse: 'collapse', margin: '8px 0' }}>
        <tbody>
          {stage.items.map((i) => (
            <tr key={i.what}><td style={td}>{i.what}</td><td style={{ ...td, textAlign: 'right' }}>{i.count}</td><td style={{ ...td, textAlign: 'right' }}>{i.points > 0 ? `+${i.points}` : i.points}</td></tr>
          ))}
          <tr style={{ fontWeight: 700 }}><td style={td}>Total</td><td /><td style={{ ...td, textAlign: 'right' }}>{stage.total}</td></tr>
        </tbody>
      </table>
      {v && <p style={{ margin: '4px 0' }}>An Allied victory at {v.thresholds.allied} points or more, a German victory at {v.thresholds.german} or less, a draw between.</p>}
    </>
  );
}

function headline(v: VictoryResult | undefined, winner: string): string {
  if (v) return v.level === 'draw' || !v.winner ? 'Draw' : `${SIDE_NAME[v.winner]} ${LEVEL[v.level] ?? v.level}`;
  return winner === 'draw' ? 'Draw' : `${SIDE_NAME[winner as Side] ?? winner} victory`;
}

export function Victory() {
  const over = useGame((s) => s.state?.over ?? null);
  const v = useGame((s) => (s.state?.special as { victory?: VictoryResult } | undefined)?.victory);
  const leave = useGame((s) => s.leave);
  const bundle = useGame((s) => s.bundle);
  const [closed, setClosed] = useState(false);
  // A stage-alone scenario (the night drops) is won on points (docs/scenarios/night-drop-*.md): its table.
  const state = useGame((s) => s.state);
  const stage = useMemo(() => (over && state && bundle ? stageScore(state, bundle) : null), [over, state, bundle]);
  if (!over) return null;
  const title = headline(v, String(over.winner));
  if (closed) {
    return (
      <div className="panel" data-testid="victory-banner" style={{ position: 'fixed', left: 8, bottom: 8, zIndex: 5, background: '#fbfaf5', padding: '4px 10px', borderRadius: 4, boxShadow: '0 2px 8px rgba(0,0,0,0.3)' }}>
        Game over: <b>{title}</b> <button onClick={() => setClosed(false)}>Show result</button>
      </div>
    );
  }
  return (
    <div style={overlay} role="dialog" aria-label="Victory" data-testid="victory">
      <div style={card}>
        <h2 style={{ margin: '0 0 4px' }} data-testid="victory-winner">{title}</h2>
        {v ? (
          <>
            <p style={{ margin: '4px 0' }}>{v.text} <span className="case">{v.case}; {playerText(v.source)}</span></p>
            <h3 style={{ fontSize: 15, margin: '12px 0 4px' }}>Victory conditions ({v.length} game) at the end</h3>
            <ul style={{ paddingLeft: 18, margin: 0 }}>
              {v.conditions.map((c, i) => <Condition key={i} r={c} bundle={bundle} />)}
            </ul>
            <h3 style={{ fontSize: 15, margin: '12px 0 4px' }}>Outcomes, tried in order <span className="case">{v.case}</span></h3>
            <ol style={{ paddingLeft: 22, margin: 0 }} data-testid="victory-outcomes">
              {v.outcomes.map((o, i) => {
                const decided = o.holds && v.outcomes.findIndex((x) => x.holds) === i;
                return (
                  <li key={i} style={{ margin: '3px 0', fontWeight: decided ? 700 : 400 }}>
                    {mark(o.holds)} {o.side ? SIDE_NAME[o.side] : 'Draw'} {LEVEL[o.level] ?? o.level}: {o.text}
                    <span style={{ color: '#555', fontWeight: 400 }}> — {o.report.holds ? 'holds' : 'does not hold'}: {unitNames(o.report.detail, bundle)}</span>
                    {decided && <b> ← the result</b>}
                  </li>
                );
              })}
              {!v.outcomes.some((o) => o.holds) && <li style={{ fontWeight: 700 }}>None of the above holds: {title} ← the result</li>}
            </ol>
          </>
        ) : stage && bundle ? (
          <StagePoints stage={stage} bundle={bundle} />
        ) : (
          <p>{playerText(over.reason)}</p>
        )}
        {(v || stage) && <p style={{ color: '#555', fontSize: 12 }}>{playerText(over.reason)}</p>}
        <div style={{ display: 'flex', gap: 8 }}>
          <button data-testid="victory-close" autoFocus onClick={() => setClosed(true)}>See the final board</button>
          <button onClick={leave}>Main menu</button>
        </div>
      </div>
    </div>
  );
}

/**
 * The victory conditions during play (issue 16 item 8): each condition of the scenario length with
 * whether it holds on the position now and why, and the result if the game ended now, from the
 * engine's evaluateVictory (read-only). "Show" centres the map on a condition's hexes.
 */
export function VictoryNow({ onClose }: { onClose: () => void }) {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const v = useMemo(() => (state && bundle ? evaluateVictory(state, bundle) : null), [state, bundle]);
  const sets = useMemo(() => (bundle ? objectiveHexes(bundle) : []), [bundle]);
  return (
    <section className="panel victory-now" aria-label="Victory conditions" data-testid="victory-now">
      <div className="victory-now-head"><b>Victory conditions</b> {v && <span className="case">{v.case}, {v.length} game</span>} <button className="link" onClick={onClose}>Close</button></div>
      {!v ? <p className="hint">This scenario has no victory conditions for this length.</p> : (
        <>
          <ul className="victory-now-list">
            {v.conditions.map((c, i) => <Condition key={i} r={c} bundle={bundle} />)}
          </ul>
          <div data-testid="victory-now-result">If the game ended now: <b>{headline(v, String(v.winner ?? 'draw'))}</b> — {v.text}</div>
          {sets.length > 0 && (
            <div className="victory-now-map">
              Objective hexes (gold stars on the map): {[...new Set(sets.map((s) => s.set))].map((name) => {
                const hexes = sets.filter((s) => s.set === name).map((s) => s.hex);
                return <button key={name} className="link" onClick={() => mapBridge()?.showHexes(hexes)}>{hexes.map(formatHex).join(', ')}</button>;
              })}
            </div>
          )}
        </>
      )}
    </section>
  );
}
