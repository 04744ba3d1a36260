/**
 * What the combat rules read from counters and hexes, read defensively: the counter schema grows
 * fields as the counters land (Arm/AT, training, regiment, barrage factor, range). The counter's
 * classification (infantry, artillery, AFV…) comes from unit-traits.ts, re-exported here; marker
 * names match its MARKER.
 */
import { markersOf } from '../draftPeek';
import { patchUnit, type UnitTable } from '../unitTable';
import { distance, type HexId } from '../hex';
import { otherTerrainOf, terrainOf } from '../board';
import type { UnitDef } from '../../data/schemas/unit';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import { sideAdjacent, unitIndex, unitsIn } from './unitIndex';
import { isArtillery, isArtilleryGroup } from './unit-traits';

export const M = {
  PA: 'PA', CR: 'CR', EXPLOIT: 'Exploit', TA: 'TA', OOB: 'OoB', OHS: 'OhS', OOS: 'OoS', F1: 'F1', F2: 'F2',
  AS: 'AS', AD: 'AD', NO_MISSIONS: 'NoMissions', STRAT: 'Strat',
} as const;

type Loose = UnitDef & Record<string, unknown>;
const num = (d: UnitDef, ...keys: string[]): number | undefined => {
  for (const k of keys) { const v = (d as Loose)[k]; if (typeof v === 'number') return v; }
  return undefined;
};
const str = (d: UnitDef, ...keys: string[]): string | undefined => {
  for (const k of keys) { const v = (d as Loose)[k]; if (typeof v === 'string') return v; }
  return undefined;
};
// Asked mostly of frozen units in the hot loops (odds, searches): the plain read. Adding and dropping
// happen on drafts: there the list is read without drafting it (draftPeek.ts), most drops finding nothing to change.
export const has = (u: UnitState, m: string): boolean => u.markers.includes(m);
export function addMarker(u: UnitState, m: string): void { if (!markersOf(u).includes(m)) u.markers.push(m); }
export function dropMarker(u: UnitState, m: string): void { const now = markersOf(u); if (now.includes(m)) u.markers = now.filter((x) => x !== m); }
/** `markers` without `from` and with `to` (last, when not there yet): dropMarker then addMarker, on a list. */
export function swapMarker(markers: readonly string[], from: string, to: string): string[] {
  const out = markers.filter((m) => m !== from);
  if (!out.includes(to)) out.push(to);
  return out;
}

/**
 * Writes unit `u` (a draft's unit as it is now, `readUnits`) without the markers `drop`, as a new record
 * in the draft's table; nothing when it has none of them. For the segment hooks that walk every unit:
 * drafting each unit to drop a marker made an immer proxy for the unit and its list (issue 17).
 */
export function dropMarkersOf(d: { units: UnitTable }, u: UnitState, drop: readonly string[]): void {
  const now = markersOf(u);
  if (!now.some((m) => drop.includes(m))) return;
  patchUnit(d, u, { markers: now.filter((m) => !drop.includes(m)) });
}

/** GOSS 14: fatigue level 0–2 (markers F1 / F2). */
export function fatigue(u: UnitState): 0 | 1 | 2 {
  return has(u, M.F2) ? 2 : has(u, M.F1) ? 1 : 0;
}
export function setFatigue(u: UnitState, level: number): void {
  u.markers = withFatigue(u.markers, level);
}
/** `markers` with the fatigue marker of `level` (0–2) in place of any other, last. */
export function withFatigue(markers: readonly string[], level: number): string[] {
  const l = Math.max(0, Math.min(2, level));
  const out = markers.filter((x) => x !== M.F1 && x !== M.F2);
  if (l === 1) out.push(M.F1);
  if (l === 2) out.push(M.F2);
  return out;
}
/** GOSS 11.6.1: artillery-shift markers on a unit (max 2). */
export function asCount(u: UnitState): number {
  let n = 0;
  for (const m of u.markers) if (m === M.AS) n++;
  return n;
}
export function addAs(u: UnitState, n = 1): void { const m = withAs(markersOf(u), n); if (m) u.markers = m; }
/** `markers` with up to `n` AS markers added, at most 2 on the unit (addAs, on a list); null when none is added. */
export function withAs(markers: readonly string[], n: number): string[] | null {
  let have = 0;
  for (const m of markers) if (m === M.AS) have++;
  const add = Math.max(0, Math.min(n, 2 - have));
  return add ? [...markers, ...Array<string>(add).fill(M.AS)] : null;
}

export function isAttackDesignated(u: UnitState): boolean { return has(u, M.TA) || has(u, M.PA); }

// The counter's classification is decided in one place, unit-traits.ts (`traitsOf`).
export {
  isZStep as isZ, isHq, isLeader, isArtilleryGroup as isArtGroup, isArtillery, isNebelwerfer, isFlak, isHeavyFlak, isEngineer,
  isRecon, isCommando, isPureAfv, hasArmourSymbol, isPersonnel, isInfantry, stepsLeft,
} from './unit-traits';

/** GOSS 13.8.4: Arm factor when attacking / defending, AT factor; 0 when the counter has none. */
export function armAtt(d: UnitDef): number { return num(d, 'armAttack', 'arm') ?? 0; }
export function armDef(d: UnitDef): number { return num(d, 'armDefence', 'armDefense', 'arm') ?? 0; }
export function atDef(d: UnitDef): number { return num(d, 'at', 'antiTank') ?? 0; }
/** GOSS 4.5: training raw / green / vet (vet when the counter does not say). */
export function training(d: UnitDef): 'raw' | 'green' | 'vet' {
  const t = str(d, 'training')?.toLowerCase();
  return t === 'raw' || t === 'green' ? t : 'vet';
}
export function regiment(d: UnitDef): string | undefined { return str(d, 'regiment', 'rgt'); }
export function formation(d: UnitDef): string | undefined { return str(d, 'formation', 'division'); }
/** AW 31.9.2: FS mission points of an artillery group or division HQ; barrage factor otherwise. */
export function fsPoints(d: UnitDef): number {
  return num(d, 'missionPoints', 'fsPoints', 'bf', 'barrage') ?? (isArtillery(d) ? d.steps[0].attack : 0);
}
export function fsRange(d: UnitDef): number { return num(d, 'range', 'fsRange') ?? (isArtilleryGroup(d) ? 99 : 0); }

export function defOf(bundle: ScenarioBundle, id: string): UnitDef {
  const d = bundle.units.get(id);
  if (!d) throw new Error(`unknown unit ${id}`);
  return d;
}
/** GOSS 26.0 CS: the factors after step losses. */
export function csAtt(d: UnitDef, u: UnitState): number { return d.steps[Math.min(u.stepsLost, d.steps.length - 1)].attack; }
export function csDef(d: UnitDef, u: UnitState): number { return d.steps[Math.min(u.stepsLost, d.steps.length - 1)].defence; }

export function live(u: UnitState | undefined): u is UnitState { return !!u && !u.eliminated && u.hex !== null; }

/** Live units in a hex, optionally of one side (from the per-state index, rules/unitIndex.ts). */
export function unitsAt(state: GameState, h: HexId, side?: Side): UnitState[] {
  return unitsIn(state, h, side);
}
export function enemyOf(side: Side): Side { return side === 'allied' ? 'german' : 'allied'; }
/** Whether a live enemy of `side` stands next to `h` (one index for the six questions: unitIndex.ts `sideAdjacent`). */
export function enemyAdjacent(state: GameState, h: HexId, side: Side): boolean {
  return sideAdjacent(unitIndex(state), h, enemyOf(side));
}
export function nearestDistance(state: GameState, h: HexId, side: Side): number {
  let best = Infinity;
  for (const u of unitIndex(state).live) if (u.side === side) best = Math.min(best, distance(h, u.hex!));
  return best;
}

/**
 * Terrains the defender may pick a GAT line from (GOSS 13.3.2): the hex's terrain; a village's other terrain in hex
 * (GOSS 7 TEC: clear when the map gives none); clear ground around a town (`alsoClear`).
 */
export function hexTerrains(bundle: ScenarioBundle, h: HexId, alsoClear: string[]): string[] {
  const t = terrainOf(bundle.board, h);
  if (!t) return [];
  const other = otherTerrainOf(bundle.board, h);
  if (other) return other === t ? [t] : [t, other];
  return alsoClear.includes(t) ? [t, 'clear'] : [t];
}
