/**
 * What the combat rules read from counters and hexes, read defensively: the counter schema grows
 * fields as the counters land (Arm/AT, training, regiment, barrage factor, range), so explicit
 * fields win and the unit type string is the fallback. Marker names match rules/unit-traits.ts.
 */
import { distance, neighbours, type HexId } from '../hex';
import { terrainOf } from '../board';
import type { UnitDef } from '../../data/schemas/unit';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import { unitIndex, unitsIn } from './unitIndex';

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
const flag = (d: UnitDef, k: string): boolean => (d as Loose)[k] === true;
const text = (d: UnitDef): string => `${d.type} ${(d as Loose).subtype ?? ''}`;
/**
 * Counter traits read by pattern are fixed per counter: each predicate remembers its answer per
 * UnitDef (bundle defs are never changed after loading), so the GA and FS hot paths do not rerun
 * the regular expressions for every unit on every resolution.
 */
function memo(f: (d: UnitDef) => boolean): (d: UnitDef) => boolean {
  const m = new WeakMap<UnitDef, boolean>();
  return (d) => { let v = m.get(d); if (v === undefined) { v = f(d); m.set(d, v); } return v; };
}

export const has = (u: UnitState, m: string): boolean => u.markers.includes(m);
export function addMarker(u: UnitState, m: string): void { if (!u.markers.includes(m)) u.markers.push(m); }
export function dropMarker(u: UnitState, m: string): void { if (u.markers.includes(m)) u.markers = u.markers.filter((x) => x !== m); }

/** GOSS 14: fatigue level 0–2 (markers F1 / F2). */
export function fatigue(u: UnitState): 0 | 1 | 2 {
  return has(u, M.F2) ? 2 : has(u, M.F1) ? 1 : 0;
}
export function setFatigue(u: UnitState, level: number): void {
  const l = Math.max(0, Math.min(2, level));
  u.markers = u.markers.filter((x) => x !== M.F1 && x !== M.F2);
  if (l === 1) u.markers.push(M.F1);
  if (l === 2) u.markers.push(M.F2);
}
/** GOSS 11.6.1: artillery-shift markers on a unit (max 2). */
export function asCount(u: UnitState): number {
  let n = 0;
  for (const m of u.markers) if (m === M.AS) n++;
  return n;
}
export function addAs(u: UnitState, n = 1): void { for (let i = 0; i < n && asCount(u) < 2; i++) u.markers.push(M.AS); }

export function isAttackDesignated(u: UnitState): boolean { return has(u, M.TA) || has(u, M.PA); }

export const isZ = (d: UnitDef): boolean => d.size === 'Z';
export const isHq = (d: UnitDef): boolean => d.size === 'HQ';
export const isLeader = (d: UnitDef): boolean => d.size === 'Leader';
export const isArtGroup = memo((d: UnitDef): boolean => {
  return d.size === 'Group' || flag(d, 'artilleryGroup') || /\bart(illery)?\s*group\b/i.test(d.type);
});
export const isArtillery = memo((d: UnitDef): boolean => {
  return flag(d, 'artillery') || isArtGroup(d) || /\b(art|arty|artillery|how|howitzer|nw|nebelwerfer|rocket)\b/i.test(text(d));
});
export const isNebelwerfer = memo((d: UnitDef): boolean => { return flag(d, 'nebelwerfer') || /\b(nw|nebelwerfer|werfer)\b/i.test(text(d)); });
export const isFlak = memo((d: UnitDef): boolean => { return /\bflak\b/i.test(text(d)); });
/** GOSS 11.4.1b: German heavy (88) Flak may fire as artillery. */
export const isHeavyFlak = memo((d: UnitDef): boolean => { return flag(d, 'heavyFlak') || (isFlak(d) && /88/.test(`${d.designation} ${text(d)}`)); });
export const isEngineer = memo((d: UnitDef): boolean => { return flag(d, 'engineer') || /\b(eng|engineer|pio|pioneer)\b/i.test(text(d)); });
export const isRecon = memo((d: UnitDef): boolean => { return flag(d, 'recon') || /\b(recon|rcn|aufkl)\b/i.test(text(d)); });
export const isCommando = memo((d: UnitDef): boolean => { return flag(d, 'commando') || /\b(cdo|commando)\b/i.test(text(d)); });
export const isPureAfv = memo((d: UnitDef): boolean => {
  const a = str(d, 'afv');
  if (a === 'pure' || flag(d, 'pureAfv')) return true;
  if (a === 'mixed' || a === 'none') return false;
  return /^(arm|armou?r|tank|tk|afv|td|stug|pzj|pzjg|jgpz|assault gun|sp ?at)$/i.test(d.type.trim());
});
/** GOSS 11.5 group C: any unit with the armour symbol (pure or mixed). */
export const hasArmourSymbol = memo((d: UnitDef): boolean => { return isPureAfv(d) || str(d, 'afv') === 'mixed' || flag(d, 'armoured'); });
export const isPersonnel = memo((d: UnitDef): boolean => {
  if (flag(d, 'personnel')) return true;
  return !isPureAfv(d) && !isArtillery(d) && !isHq(d) && !isLeader(d) && !isFlak(d);
});
export const isInfantry = memo((d: UnitDef): boolean => {
  if (flag(d, 'infantry')) return true;
  return /\b(inf|infantry|para|fallschirm|gren|grenadier|pzgren|rifle|ranger|cdo|commando|airborne|glider|fus|fusilier|jaeger|jäger|ost|marine)\b/i.test(text(d));
});

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
export function fsRange(d: UnitDef): number { return num(d, 'range', 'fsRange') ?? (isArtGroup(d) ? 99 : 0); }

export function defOf(bundle: ScenarioBundle, id: string): UnitDef {
  const d = bundle.units.get(id);
  if (!d) throw new Error(`unknown unit ${id}`);
  return d;
}
export function stepsLeft(d: UnitDef, u: UnitState): number { return Math.max(0, d.steps.length - u.stepsLost); }
/** GOSS 26.0 CS: the factors after step losses. */
export function csAtt(d: UnitDef, u: UnitState): number { return d.steps[Math.min(u.stepsLost, d.steps.length - 1)].attack; }
export function csDef(d: UnitDef, u: UnitState): number { return d.steps[Math.min(u.stepsLost, d.steps.length - 1)].defence; }

export function live(u: UnitState | undefined): u is UnitState { return !!u && !u.eliminated && u.hex !== null; }

/** Live units in a hex, optionally of one side (from the per-state index, rules/unitIndex.ts). */
export function unitsAt(state: GameState, h: HexId, side?: Side): UnitState[] {
  return unitsIn(state, h, side);
}
export function enemyOf(side: Side): Side { return side === 'allied' ? 'german' : 'allied'; }
export function enemyAdjacent(state: GameState, h: HexId, side: Side): boolean {
  for (const n of neighbours(h)) if (unitsAt(state, n, enemyOf(side)).length) return true;
  return false;
}
export function nearestDistance(state: GameState, h: HexId, side: Side): number {
  let best = Infinity;
  for (const u of unitIndex(state).live) if (u.side === side) best = Math.min(best, distance(h, u.hex!));
  return best;
}

/** Terrains the defender may pick a GAT line from (GOSS 13.3.2): the hex's terrain, plus clear ground around a village or town. */
export function hexTerrains(bundle: ScenarioBundle, h: HexId, alsoClear: string[]): string[] {
  const t = terrainOf(bundle.board, h);
  if (!t) return [];
  return alsoClear.includes(t) ? [t, 'clear'] : [t];
}
