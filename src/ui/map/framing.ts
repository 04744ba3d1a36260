/**
 * What the map camera frames (issue 16 items 8, 9): the scenario's play area for the first view,
 * the objective hexes of its victory conditions, and the hexes of the other side's moves to follow
 * (each replay step; the programmed opponent's moves in solo play).
 */
import type { ScenarioBundle } from '../../engine';
import { hexOfRulesId, type HexId } from '../../engine/hex';
import { hexSet, special } from '../../engine/rules/scenarioArea';
import type { GameStore } from '../../store/game';
import { unitOf } from '../../engine/unitTable';

/** The scenario's play area (AW 32.0, 33.0, 34.0), or null when it has none (the whole map). */
export function playAreaHexes(bundle: ScenarioBundle): HexId[] | null {
  const area = special(bundle).playArea;
  return area ? [...hexSet(bundle, area.hexes)] : null;
}

/**
 * The first view: the play area, or where a scenario without one sets its units up (the night drops:
 * the German units of map C, or of maps A and B, where the paratroops land), or null (the whole map).
 */
export function firstViewHexes(bundle: ScenarioBundle): HexId[] | null {
  const area = playAreaHexes(bundle);
  if (area) return area;
  // Setup hexes are validated at load; an entry without one starts off the map.
  const out = bundle.scenario.setup.filter((e) => e.hex).map((e) => hexOfRulesId(e.hex!));
  return out.length ? out : null;
}

/** Hex sets larger than this are regions (a whole map sheet, one bank of a river), not objectives to mark. */
const OBJECTIVE_MAX = 40;

/** The objective hexes named by the scenario's victory conditions (AW 31.4), with the set each belongs to. */
export function objectiveHexes(bundle: ScenarioBundle): { hex: HexId; set: string }[] {
  const sets = special(bundle).victory?.hexSets ?? {};
  const out = new Map<HexId, string>();
  for (const [name, def] of Object.entries(sets)) {
    const hexes = hexSet(bundle, def.hexes);
    if (hexes.size > OBJECTIVE_MAX) continue;
    for (const h of hexes) if (!out.has(h)) out.set(h, name);
  }
  return [...out].map(([hex, set]) => ({ hex, set }));
}

type Snap = Pick<GameStore, 'entries' | 'replaying' | 'aiSide' | 'state'>;

/** Hexes the camera should show after the store changed from `prev` to `st`: moves of a replay step, or the opponent's. */
export function followHexes(st: Snap, prev: Snap): HexId[] {
  if (!st.state) return [];
  // Opening a replay sets the whole log as entries: the first step shown follows, not the whole game.
  if (st.replaying !== prev.replaying) return [];
  let events;
  if (st.replaying) events = st.entries;
  else if (st.aiSide && st.entries.length > prev.entries.length) events = st.entries.slice(prev.entries.length);
  else return [];
  const out: HexId[] = [];
  for (const { event: e } of events) {
    if (e.type !== 'unitMoved') continue;
    const m = e as { unit: string; from: string; to: string };
    if (!st.replaying && unitOf(st.state, m.unit)?.side !== st.aiSide) continue;
    for (const id of [m.from, m.to]) {
      try { out.push(hexOfRulesId(id)); } catch { /* off the map (eliminated) */ }
    }
  }
  return out;
}
