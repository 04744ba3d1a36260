/**
 * Setup-phase placements from the UI (AW 34.11.2): every placement is a game-store action
 * (placeUnit / unplaceUnit / placeFieldworks), so it is logged, saved and undoable like any other.
 * A refused placement says why, with the engine's reason and case (placementCheck).
 */
import { useGame } from '../../store/game';
import { playerText, sideToAct, type GameState, type Rejection, type ScenarioBundle } from '../../engine';
import { formatHex } from '../../engine/hex';
import { deploymentHexes, fieldworksHexes, placementCheck, setupState, setupStatus, type SetupState } from '../../engine/query';
import { useSetup, type Armed } from './setupStore';
import { mapBridge } from './mapBridge';
import { unitOf } from '../../engine/unitTable';

/** The open setup phase of `state`, or null. */
export function openSetup(state: GameState | null): SetupState | null {
  const su = state ? setupState(state) : undefined;
  return su?.open ? su : null;
}

/** True when the player at the screen sets up now (hotseat, or solo and the setup is not the AI's). */
export function humanSetsUp(): boolean {
  const { state, aiSide, replaying, pbem } = useGame.getState();
  const su = openSetup(state);
  // PBEM: only the browser that plays the setting-up side places (the other opens the file after).
  return !!su && !replaying && aiSide !== su.side && (!pbem || pbem.me === su.side) && sideToAct(state!) === su.side;
}

/** The hexes the armed unit or marker may go in now (stacking included), for the map highlight. */
export function setupHighlight(state: GameState | null, bundle: ScenarioBundle | null, armed: Armed | null): number[] | null {
  if (!state || !bundle || !armed || !openSetup(state)) return null;
  if (armed.kind === 'fieldworks') return fieldworksHexes(state, bundle, armed.fw);
  return unitOf(state, armed.unit) ? deploymentHexes(state, bundle, armed.unit) : null;
}

/** The placement pool `unit` belongs to (waiting or placed). */
function poolOf(state: GameState, bundle: ScenarioBundle, unit: string) {
  return setupStatus(state, bundle)?.pools.find((p) => p.waiting.includes(unit) || p.placed.includes(unit));
}

/** placementCheck's rejection in the player's words (the engine names the unit by id and repeats the hex). */
function reason(why: Rejection, bundle: ScenarioBundle, unit: string, name: string): string {
  const pool = poolOf(useGame.getState().state!, bundle, unit);
  if (why.code === 'outside-deployment-area' && pool) return `outside the deployment area of ${pool.label} — ${playerText(pool.source)}`;
  if (why.code === 'overstack') return 'the hex would be overstacked (GOSS 6)';
  return why.message.split(unit).join(name);
}

export const unitName = (bundle: ScenarioBundle | null, id: string): string => bundle?.units.get(id)?.designation ?? id;

/** The next unit waiting in `unit`'s pool (so a pool can be placed click, click, click…). */
function nextWaiting(state: GameState, bundle: ScenarioBundle, unit: string): string | null {
  return poolOf(state, bundle, unit)?.waiting.find((u) => u !== unit) ?? null;
}

/** Arms `a` (click on a unit or marker in the panel) and brings its legal hexes into view. */
export function armFor(a: Armed | null): void {
  useSetup.getState().arm(a);
  const { state, bundle } = useGame.getState();
  const hexes = setupHighlight(state, bundle, a);
  if (hexes?.length) mapBridge()?.showHexes(hexes, true);
}

/**
 * Places the armed unit or marker in `h` (a click on the map or a drop). Returns false when there
 * is nothing to place (the click is then an ordinary hex selection).
 */
export function placeAt(h: number): boolean {
  const g = useGame.getState();
  const ui = useSetup.getState();
  const { state, bundle } = g;
  const a = ui.armed;
  if (!state || !bundle || !a || !humanSetsUp()) return false;
  const hex = formatHex(h);
  if (a.kind === 'unit') {
    const name = unitName(bundle, a.unit);
    const why = placementCheck(state, bundle, a.unit, h);
    if (why) {
      ui.say({ ok: false, text: `${name} cannot set up in ${hex}: ${reason(why, bundle, a.unit, name)} (${why.case})` });
      return true;
    }
    const wasWaiting = unitOf(state, a.unit)?.hex === null;
    if (!g.dispatch({ type: 'placeUnit', unit: a.unit, hex })) {
      ui.say({ ok: false, text: useGame.getState().error ?? `${name} cannot set up in ${hex}` });
      return true;
    }
    ui.say({ ok: true, text: `${name} placed in ${hex}` });
    const next = wasWaiting ? nextWaiting(useGame.getState().state!, bundle, a.unit) : null;
    ui.arm(next ? { kind: 'unit', unit: next } : null);
  } else {
    if (!g.dispatch({ type: 'placeFieldworks', kind: a.fw, hex })) {
      ui.say({ ok: false, text: useGame.getState().error ?? `${a.fw} cannot go in ${hex}` });
      return true;
    }
    ui.say({ ok: true, text: `${a.fw} placed in ${hex}` });
    if (!(setupState(useGame.getState().state!)?.fieldworksLeft[a.fw] ?? 0)) ui.arm(null);
  }
  useGame.getState().selectHex(h);
  return true;
}

/** Takes a placed pool unit back off the map. */
export function unplace(unit: string): void {
  const g = useGame.getState();
  const ui = useSetup.getState();
  const name = unitName(g.bundle, unit);
  if (g.dispatch({ type: 'unplaceUnit', unit })) ui.say({ ok: true, text: `${name} taken back off the map` });
  else ui.say({ ok: false, text: useGame.getState().error ?? `${name} cannot be taken back` });
}

let justDragged = false;
/** True once after a drag ended on its own button, so the click that follows does not also arm it. */
export function consumeDragClick(): boolean {
  const was = justDragged;
  justDragged = false;
  return was;
}

/**
 * Pointer drag from the setup panel (mouse, pen or touch): past a few pixels the item is armed
 * (its legal hexes light up) and follows the pointer; dropped on the map it is placed in the hex
 * under the pointer; a placed unit dropped back on the pool list is taken off the map.
 */
export function beginDrag(e: { button: number; clientX: number; clientY: number; pointerId: number }, item: Armed, label: string): void {
  if (e.button !== 0 || !humanSetsUp()) return;
  const x0 = e.clientX, y0 = e.clientY;
  let dragging = false;
  const ui = useSetup.getState;
  const move = (ev: PointerEvent) => {
    if (ev.pointerId !== e.pointerId) return;
    if (!dragging && Math.abs(ev.clientX - x0) + Math.abs(ev.clientY - y0) > 6) {
      dragging = true;
      ui().arm(item);
    }
    if (dragging) ui().setDrag({ label, x: ev.clientX, y: ev.clientY });
  };
  const done = (ev: PointerEvent, drop: boolean) => {
    if (ev.pointerId !== e.pointerId) return;
    document.removeEventListener('pointermove', move);
    document.removeEventListener('pointerup', up);
    document.removeEventListener('pointercancel', cancel);
    if (!dragging) return;
    ui().setDrag(null);
    justDragged = true;
    setTimeout(() => { justDragged = false; }, 0);
    if (!drop) return;
    const el = document.elementFromPoint(ev.clientX, ev.clientY);
    if (el?.closest('[data-testid="map-canvas"]')) {
      const h = mapBridge()?.hexAtClient(ev.clientX, ev.clientY) ?? null;
      if (h === null) ui().say({ ok: false, text: `Drop ${label} on a hex of the map` });
      else placeAt(h);
    } else if (item.kind === 'unit' && el?.closest('[data-setup-drop="pool"]') && useGame.getState().state && unitOf(useGame.getState().state!, item.unit)?.hex !== null) {
      unplace(item.unit);
      ui().arm(null);
    }
  };
  const up = (ev: PointerEvent) => done(ev, true);
  const cancel = (ev: PointerEvent) => done(ev, false);
  document.addEventListener('pointermove', move);
  document.addEventListener('pointerup', up);
  document.addEventListener('pointercancel', cancel);
}
