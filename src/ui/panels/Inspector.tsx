/** Hex and stack inspector: the selected hex's rules IDs, terrain, place, hexsides and entry costs, fieldworks and units. */
import { useGame } from '../../store/game';
import { rulesIdsOf, formatHex } from '../../engine/hex';
import { useMemo, type CSSProperties } from 'react';
import { terrainOf } from '../../engine/board';
import { hexsideBetween } from '../../engine/hex/lattice';
import { entryCosts, formatCost, type EntryCost } from '../map/entryCosts';
import { movementOptions } from '../../engine/query';
import { segmentAt } from '../../engine/sequence';
import { sideToAct, type Action } from '../../engine';
import { legalFor } from '../../store/legal';
import { actionUnits, describeAction } from '../describeAction';
import { playerText } from '../describe';
import { useAfterPaint } from '../afterPaint';
import type { GameState } from '../../engine/types';
import { unitList, unitOf } from '../../engine/unitTable';

export function Inspector() {
  const h = useGame((s) => s.selectedHex);
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const board = useGame((s) => s.board);
  // The searches below (each unit's movement options, the side's legal actions: ~40 ms at 2,000 counters)
  // read the state as of the last painted frame, so that a move's frame is not held back by them (issue 17).
  const later = useAfterPaint(state, bundle);
  if (!board) return null;
  const moveSeg = !!state && !!bundle && segmentAt(bundle.sequence, state.pos).segment.id === 'move';
  const actor = state ? sideToAct(state) : null;
  // Unit actions are offered only with no decision pending (a setup phase lists thousands of placements).
  const ls = later.value;
  const unitActions: Action[] = ls && actor && h !== null && !ls.pending && sideToAct(ls) === actor ? legalFor(ls, actor).filter((a) => UNIT_ACTIONS.has(a.type)) : [];
  return (
    <section className="panel inspector" aria-label="Inspector">
      <HoverHex />
      {h === null ? <p className="hint">Click a hex to inspect it; click your units in the Movement Segment to move them.</p> : (
        <div data-testid="inspector">
          <h3 data-testid="inspector-hex">{formatHex(h)}</h3>
          {rulesIdsOf(h).length > 1 && <div className="ids">Also: {rulesIdsOf(h).slice(1).join(', ')}</div>}
          <div>Terrain: {terrainOf(board, h) ?? 'off map'}{board.names.get(h) ? ` · ${board.names.get(h)}` : ''}</div>
          {state?.fieldworks[h] && <div>Fieldworks: {state.fieldworks[h]}</div>}
          {board.vantage.get(h) && <div>Vantage point, LOS {board.vantage.get(h)} (AW 1.2.8)</div>}
          <EntryCosts h={h} />
          <ul className="units">
            {state && bundle && unitList(state).filter((u) => u.hex === h && !u.eliminated).map((u) => {
              const d = bundle.units.get(u.id)!;
              const v = d.steps[Math.min(u.stepsLost, d.steps.length - 1)];
              return (
                <li key={u.id} className={`side-${u.side}`} data-testid="unit">
                  <b>{d.designation}</b> {d.type} {d.size} · {v.attack}-{v.defence}-{d.ma} ({d.moveClass}) · PR {d.prOff ?? '–'}/{d.prDef ?? '–'}
                  {u.stepsLost ? ` · ${u.stepsLost} step(s) lost` : ''}{u.mpSpent ? ` · ${u.mpSpent} MP spent` : ''}
                  {moveSeg && u.side === actor && <MoveWith unitId={u.id} />}
                  {moveSeg && u.side === actor && later.value && unitOf(later.value, u.id) && <MoveInfo state={later.value} unitId={u.id} />}
                  {u.markers.length > 0 && <div className="markers">Markers: {u.markers.join(', ')}</div>}
                  {u.side === actor && !state.pending && <UnitActions stale={later.stale} actions={unitActions.filter((a) => actionUnits(a).includes(u.id))} />}
                  <div className="source">{playerText(d.source)}</div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The hovered hex: its own component, so that a hover re-renders this line and not the inspector's searches (issue 17: hover per frame). */
function HoverHex() {
  const hover = useGame((s) => s.hoverHex);
  return <div className="hover" data-testid="hover-hex">{hover !== null ? `Hex ${formatHex(hover)}` : 'Hover a hex'}</div>;
}

/** Why a unit can or cannot move, with the allowance's breakdown and cases. */
function MoveInfo({ state, unitId }: { state: GameState; unitId: string }) {
  const bundle = useGame((s) => s.bundle);
  const o = useMemo(() => (bundle ? movementOptions(state, bundle, unitId) : null), [state, bundle, unitId]);
  if (!o) return null;
  if ('error' in o) return <div className="move-info blocked">Cannot move: {o.error.message}{o.error.case ? ` (${o.error.case})` : ''}</div>;
  const a = o.allowance;
  return (
    <div className="move-info" title={a.parts.map((p) => `${p.text} (${p.case})`).join('\n')}>
      {o.mode === 'pa'
        ? `PA move: ${a.budget - a.spent} of ${a.budget} hexes left`
        : `${o.mode === 'exploit' ? 'Exploit' : 'Tactical'} move: ${(a.budget - a.spent) / 2} of ${a.budget / 2} MP left`} · {o.destinations.length} hexes reachable
    </div>
  );
}

const UNIT_ACTIONS = new Set(['mark', 'designate', 'dropAttack', 'eliminateOverstack', 'relocateGroup']);

/** `stale`: the actions are of the state before the last action, until its frame is painted; they cannot be pressed then. */
function UnitActions({ actions, stale }: { actions: Action[]; stale: boolean }) {
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  if (!actions.length) return null;
  return (
    <div className="unit-actions">
      {actions.map((a, i) => <button key={i} data-testid={`unit-${a.type}`} disabled={stale} onClick={() => dispatch(a)}>{describeAction(a, bundle)}</button>)}
    </div>
  );
}

const why = (c: EntryCost) => ('prohibited' in c ? c.prohibited : 'allMA' in c ? 'only as a move of the whole MA (GOSS 7 TEC constricted terrain)' : undefined);

/**
 * GOSS 7 TEC: the MP to enter this hex from each neighbour, terrain + hexside + road, for Leg, Mech
 * and Mech road movement (GOSS 7.10), from the engine's step function (see map/entryCosts.ts).
 */
function EntryCosts({ h }: { h: number }) {
  const board = useGame((s) => s.board)!;
  const bundle = useGame((s) => s.bundle);
  const rows = useMemo(() => entryCosts(board, bundle, h), [board, bundle, h]);
  if (!rows.length) return null;
  return (
    <table className="entry-costs" data-testid="entry-costs" style={{ borderCollapse: 'collapse', fontSize: 12, margin: '4px 0' }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>MP to enter (GOSS 7 TEC)</caption>
      <thead>
        <tr><th style={TH}>From</th><th style={TH}>Hexside</th><th style={TH}>Leg</th><th style={TH}>Mech</th><th style={TH} title="Mech road movement (GOSS 7.10)">Road</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const name = board.sideNames.get(hexsideBetween(r.from, h));
          return (
            <tr key={r.from} data-testid="entry-cost-row">
              <td style={{ ...TD, whiteSpace: 'nowrap' }}>{r.dir} {formatHex(r.from)}</td>
              <td style={TD}>{r.side.map((f) => (f === 'majorRiver' ? 'major river' : f)).join(', ')}{name ? ` (${name})` : ''}</td>
              <td style={TD} title={why(r.leg)}>{formatCost(r.leg)}</td>
              <td style={TD} title={why(r.mech)}>{formatCost(r.mech)}</td>
              <td style={TD} title={why(r.mechRoad)}>{formatCost(r.mechRoad)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr><td colSpan={5} className="case" style={{ paddingTop: 2 }}>
          Terrain, hexside and road only. — prohibited (hover for why). Add the adjacent-enemy cost (GOSS 7.8.0) and,
          on a road, +1 into a friendly-occupied hex (AW 31.2.1); night and supply limits (AW 31.6, GOSS 7.7.5) apply.
        </td></tr>
      </tfoot>
    </table>
  );
}

const TH: CSSProperties = { textAlign: 'left', padding: '0 6px 0 0', fontWeight: 600 };
const TD: CSSProperties = { padding: '0 6px 0 0', verticalAlign: 'top' };

/** Tick to move a unit with its stack; untick to leave it behind (split a stack). */
function MoveWith({ unitId }: { unitId: string }) {
  const held = useGame((s) => s.heldUnits.includes(unitId));
  const toggle = useGame((s) => s.toggleHeld);
  return (
    <label className="move-with"><input type="checkbox" data-testid="move-with" checked={!held} onChange={() => toggle(unitId)} /> moves with the stack</label>
  );
}
