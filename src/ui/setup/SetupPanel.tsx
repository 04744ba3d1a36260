/**
 * Setup phase panel (AW 34.11.2; any scenario with placement pools, `special.deployment`): the
 * pool units still to place, grouped by pool and deployment area, each dragged onto the map or
 * clicked and then placed with a click on a highlighted hex; placed units taken back (Unplace, or
 * dragged back onto the list); the pool's fieldworks; "Random legal setup" for everything still
 * waiting; "Finish setup" once the engine's whole-setup checks pass. Every placement is an action
 * in the game store, so it is in the log and the save, and undo takes it back.
 *
 * A setup of breakdowns only (AW 32.11.0, Goodwood: no placement pools) shows the setup option, the
 * breakdown choices of the units in the selected hex (each a legal `breakdown` action) and what has
 * been broken down so far, and "Finish setup".
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useGame } from '../../store/game';
import { sideToAct, type ScenarioBundle } from '../../engine';
import { formatHex } from '../../engine/hex';
import { deploymentArea, setupStatus } from '../../engine/query';
import { drawCounterFace, facesOf, symbolImage } from '../counters/drawCounter';
import { useSetup, sameArmed, type Armed } from './setupStore';
import { armFor, beginDrag, consumeDragClick, openSetup, placeAt, setupHighlight, unitName, unplace } from './place';
import { mapBridge } from './mapBridge';
import { legalFor } from '../../store/legal';
import { describeAction } from '../describeAction';
import { SIDE_NAME } from '../describe';
import type { Action, GameState } from '../../engine';
import { unitList, unitOf } from '../../engine/unitTable';

const CASE = 'AW 34.11.2';

export function SetupPanel() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const aiSide = useGame((s) => s.aiSide);
  const pbemMe = useGame((s) => s.pbem?.me ?? null);
  const replaying = useGame((s) => !!s.replaying);
  const selectedHex = useGame((s) => s.selectedHex);
  const dispatch = useGame((s) => s.dispatch);
  const armed = useSetup((s) => s.armed);
  const message = useSetup((s) => s.message);
  const su = openSetup(state);
  const status = useMemo(() => (state && bundle && su ? setupStatus(state, bundle) : null), [state, bundle, su]);
  // A closed setup or another game forgets what was picked up.
  useEffect(() => {
    if (!su) { useSetup.getState().arm(null); useSetup.getState().say(null); }
  }, [su, bundle]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') useSetup.getState().arm(null); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!state || !bundle || !su || !status) return null;
  const side = SIDE_NAME[su.side];
  const breakdownOnly = status.breakdown.length > 0 && status.pools.length === 0;
  if (aiSide === su.side) {
    return (
      <section className="panel setup" data-testid="setup-panel" aria-label="Setup">
        <b>{side} setup</b> <span className="case">{breakdownOnly ? BREAKDOWN_CASE : CASE}</span>
        <p data-testid="setup-ai">Neptune AI is setting up the {side} {breakdownOnly ? 'units' : 'placement pools'}; play starts when it has finished.</p>
      </section>
    );
  }
  if (pbemMe && pbemMe !== su.side) {
    return (
      <section className="panel setup" data-testid="setup-panel" aria-label="Setup">
        <b>{side} setup</b> <span className="case">{CASE}</span>
        <p data-testid="setup-pbem">Play by e-mail: the {side} player sets up the placement pools in their own browser. Send them this file (“End my turn and export”); their reply shows the setup.</p>
      </section>
    );
  }
  const mine = !replaying && sideToAct(state) === su.side;
  if (breakdownOnly) return <BreakdownSetup state={state} bundle={bundle} side={su.side} options={status.breakdown} mine={mine} />;
  const name = (id: string) => unitName(bundle, id);
  const waiting = status.pools.reduce((n, p) => n + p.waiting.length, 0);
  const fwLeft = Object.entries(status.fieldworksLeft).filter(([, n]) => n > 0);
  const fwTotal = fwLeft.reduce((n, [, k]) => n + k, 0);
  const failures = status.failures;
  const say = useSetup.getState().say;
  const run = (type: 'randomSetup' | 'finishSetup') => {
    // A random setup takes a few seconds on a slow machine: say so before the page is busy.
    if (type === 'randomSetup') say({ ok: true, text: 'Placing every waiting unit and marker…' });
    setTimeout(() => {
      if (dispatch({ type })) say(type === 'randomSetup' ? { ok: true, text: 'Random legal setup: every waiting unit and marker placed (seeded dice)' } : null);
      else say({ ok: false, text: useGame.getState().error ?? `${type} refused` });
    }, 30);
  };
  const here = selectedHex !== null ? status.pools.flatMap((p) => p.placed).filter((u) => unitOf(state, u).hex === selectedHex) : [];
  return (
    <section className="panel setup" data-testid="setup-panel" aria-label="Setup">
      <div className="setup-head"><b>{side} setup</b> <span className="case">{CASE}</span></div>
      <p className="hint">
        Drag a unit onto the map, or click it and then click a highlighted hex. Placed units can be moved the same way,
        taken back with <i>Unplace</i> or dragged back onto the list. Esc drops what you picked up; Ctrl+Z undoes a placement.
      </p>
      <div className="buttons setup-buttons">
        <button data-testid="setup-random" disabled={!mine || (waiting === 0 && fwTotal === 0)} onClick={() => run('randomSetup')}
          title="Places every unit and marker still waiting in a legal hex chosen with the seeded dice (front-line hexes first); units already placed stay">
          Random legal setup{waiting + fwTotal ? ` (${waiting} units, ${fwTotal} markers)` : ''}
        </button>
        <button data-testid="setup-finish" disabled={!mine || failures.length > 0} onClick={() => run('finishSetup')}
          title={failures.length ? `Not yet: ${failures.join('; ')}` : 'End the setup; play begins'}>Finish setup ▸</button>
      </div>
      {message && <div className={`setup-msg ${message.ok ? 'ok' : 'bad'}`} role={message.ok ? 'status' : 'alert'} data-testid="setup-message">{message.text}</div>}
      {armed && mine && <PlaceForm key={armed.kind === 'unit' ? armed.unit : armed.fw} armed={armed} label={armed.kind === 'unit' ? name(armed.unit) : armed.fw} />}
      {failures.length > 0 ? (
        <ul className="setup-failures" data-testid="setup-failures" aria-label="Still to do">{failures.map((f) => <li key={f}>{f}</li>)}</ul>
      ) : <div className="setup-ready" data-testid="setup-ready">The setup is complete and legal: finish it to begin play.</div>}
      {here.length > 0 && (
        <div className="setup-here" data-testid="setup-here">
          <b>In {formatHex(selectedHex!)}</b>
          {here.map((u) => (
            <div key={u} className="setup-row">
              <CounterIcon bundle={bundle} unit={u} stepsLost={unitOf(state, u).stepsLost} />
              <span>{name(u)}</span>
              <button disabled={!mine} onClick={() => armFor({ kind: 'unit', unit: u })}>Move</button>
              <button data-testid="setup-unplace" disabled={!mine} onClick={() => unplace(u)}>Unplace</button>
            </div>
          ))}
        </div>
      )}
      {Object.keys(status.fieldworksLeft).length > 0 && (
        <div className="setup-fw" data-testid="setup-fieldworks">
          <b>Fieldworks</b>{' '}
          {Object.entries(status.fieldworksLeft).map(([kind, n]) => (
            <Pick key={kind} item={{ kind: 'fieldworks', fw: kind }} label={kind} armed={armed} disabled={!mine || n === 0} testid="setup-fw">
              {kind} · {n} left
            </Pick>
          ))}
        </div>
      )}
      <div className="setup-pools" data-setup-drop="pool">
        {status.pools.map((p) => {
          const total = p.waiting.length + p.placed.length;
          const first = p.waiting[0] ?? p.placed[0];
          return (
            <div key={p.id} className="setup-pool" data-testid="setup-pool" data-pool={p.id}>
              <div className="setup-pool-head" title={p.source}>
                <b>{p.label}</b> <span className="count">{p.placed.length}/{total} placed</span>
                {first && <button className="link" title="Show this pool's deployment area on the map" onClick={() => mapBridge()?.showHexes(deploymentArea(bundle, first))}>show area</button>}
              </div>
              <div className="setup-units">
                {p.waiting.map((u) => (
                  <Pick key={u} item={{ kind: 'unit', unit: u }} label={name(u)} armed={armed} disabled={!mine} testid="setup-unit" unit={u}>
                    <CounterIcon bundle={bundle} unit={u} stepsLost={unitOf(state, u).stepsLost} />
                    <span>{name(u)}{unitOf(state, u).stepsLost ? ` (−${unitOf(state, u).stepsLost})` : ''}</span>
                  </Pick>
                ))}
              </div>
              {p.placed.length > 0 && (
                <details className="setup-placed">
                  <summary>{p.placed.length} placed</summary>
                  {p.placed.map((u) => (
                    <div key={u} className="setup-row" data-testid="setup-placed" data-unit={u}>
                      <Pick item={{ kind: 'unit', unit: u }} label={name(u)} armed={armed} disabled={!mine} testid="setup-placed-unit" unit={u}>
                        <CounterIcon bundle={bundle} unit={u} stepsLost={unitOf(state, u).stepsLost} />
                        <span>{name(u)} · {formatHex(unitOf(state, u).hex!)}</span>
                      </Pick>
                      <button data-testid="setup-unplace" disabled={!mine} onClick={() => unplace(u)} title="Take back off the map">Unplace</button>
                    </div>
                  ))}
                </details>
              )}
            </div>
          );
        })}
      </div>
      {status.notPlaced.length > 0 && <ul className="setup-notes">{status.notPlaced.map((t) => <li key={t}>{t}</li>)}</ul>}
      <DragGhost />
    </section>
  );
}

const BREAKDOWN_CASE = 'AW 32.11.0';

/** AW 32.11.0: break units down at setup (Coys in the parent's hex, stacking kept), then finish. */
function BreakdownSetup({ state, bundle, side, options, mine }: { state: GameState; bundle: ScenarioBundle; side: 'allied' | 'german'; options: string[]; mine: boolean }) {
  const selectedHex = useGame((s) => s.selectedHex);
  const dispatch = useGame((s) => s.dispatch);
  const message = useSetup((s) => s.message);
  const say = useSetup.getState().say;
  const legal = mine ? legalFor(state, side) : [];
  const actionUnit = (a: Action) => String((a as { unit?: unknown }).unit);
  const here = selectedHex === null ? [] : legal.filter((a) => a.type === 'breakdown' && unitOf(state, actionUnit(a))?.hex === selectedHex);
  const done = unitList(state).filter((u) => u.side === side && u.detached?.length);
  const name = (id: string) => unitName(bundle, id);
  const run = (a: Action) => { if (!dispatch(a)) say({ ok: false, text: useGame.getState().error ?? `${a.type} refused` }); else say(null); };
  return (
    <section className="panel setup" data-testid="setup-panel" aria-label="Setup">
      <div className="setup-head"><b>{SIDE_NAME[side]} setup</b> <span className="case">{BREAKDOWN_CASE}</span></div>
      {options.map((t) => <p key={t} className="hint" data-testid="setup-option">{t}</p>)}
      <p className="hint">Select a hex on the map: the breakdowns its units may make are listed here. Ctrl+Z undoes a breakdown until the setup is finished.</p>
      <div className="buttons setup-buttons">
        <button data-testid="setup-finish" disabled={!mine} onClick={() => run({ type: 'finishSetup' })} title="End the setup; play begins">Finish setup ▸</button>
      </div>
      {message && <div className={`setup-msg ${message.ok ? 'ok' : 'bad'}`} role={message.ok ? 'status' : 'alert'} data-testid="setup-message">{message.text}</div>}
      {selectedHex !== null && (
        <div className="setup-here" data-testid="setup-here">
          <b>In {formatHex(selectedHex)}</b>
          {here.length ? here.map((a, i) => (
            <div key={i} className="setup-row">
              <CounterIcon bundle={bundle} unit={actionUnit(a)} stepsLost={unitOf(state, actionUnit(a)).stepsLost} />
              <button data-testid="setup-breakdown" disabled={!mine} onClick={() => run(a)}>{describeAction(a, bundle)}</button>
            </div>
          )) : <span> — no unit here may break down now</span>}
        </div>
      )}
      {done.length > 0 && (
        <ul className="setup-notes" data-testid="setup-broken" aria-label="Broken down">
          {done.map((u) => <li key={u.id}>{name(u.id)} → {u.detached!.map(name).join(', ')}</li>)}
        </ul>
      )}
    </section>
  );
}

/** A unit or marker to pick up: click to arm (click again to drop it), or drag it onto the map. */
function Pick({ item, label, armed, disabled, testid, unit, children }: { item: Armed; label: string; armed: Armed | null; disabled: boolean; testid: string; unit?: string; children: ReactNode }) {
  const on = sameArmed(item, armed);
  return (
    <button type="button" className={`setup-pick${on ? ' armed' : ''}`} aria-pressed={on} disabled={disabled} data-testid={testid} data-unit={unit}
      title={on ? 'Click a highlighted hex to place it (Esc to put it down)' : 'Click, then click a highlighted hex; or drag onto the map'}
      onPointerDown={(e) => beginDrag(e, item, label)}
      onClick={() => { if (!consumeDragClick()) armFor(on ? null : item); }}>
      {children}
    </button>
  );
}

/** The keyboard path: the legal hexes of what is picked up, in a list, and a Place button. */
function PlaceForm({ armed, label }: { armed: Armed; label: string }) {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const hexes = useMemo(() => setupHighlight(state, bundle, armed) ?? [], [state, bundle, armed]);
  return (
    <form className="setup-place" data-testid="setup-place-form" onSubmit={(e) => {
      e.preventDefault();
      const v = new FormData(e.currentTarget).get('hex');
      if (v !== null && v !== '') placeAt(Number(v));
    }}>
      <label>Place <b>{label}</b> in <select name="hex" aria-label={`Hex for ${label}`} defaultValue={hexes[0]}>
        {hexes.map((h) => <option key={h} value={h}>{formatHex(h)}</option>)}
      </select></label>
      <button type="submit" disabled={!hexes.length}>Place</button>
      <span className="case">{hexes.length} legal {hexes.length === 1 ? 'hex' : 'hexes'}, highlighted on the map</span>
    </form>
  );
}

/** The label following the pointer during a drag. */
function DragGhost() {
  const drag = useSetup((s) => s.drag);
  if (!drag) return null;
  return <div className="setup-ghost" data-testid="setup-ghost" style={{ left: drag.x + 12, top: drag.y + 12 }}>{drag.label}</div>;
}

/** The unit's counter face as on the map (its current step), small. */
function CounterIcon({ bundle, unit, stepsLost, size = 24 }: { bundle: ScenarioBundle; unit: string; stepsLost: number; size?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const def = bundle.units.get(unit);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !def) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(size * dpr);
    c.height = Math.round(size * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const faces = facesOf(def).filter((f) => f !== 'z');
    drawCounterFace(ctx, def, faces[Math.min(stepsLost, faces.length - 1)], size, symbolImage(def, Math.round(size * dpr * 0.28)));
  }, [def, stepsLost, size]);
  return <canvas ref={ref} className="counter-icon" style={{ width: size, height: size }} aria-hidden />;
}
