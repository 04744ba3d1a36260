/**
 * What the movement, stacking and observation rules need to know about a counter, read
 * defensively: the counter data (src/data/schemas/unit.ts) grows fields as the counters land, so
 * explicit flags win and the unit type string is the fallback. One place to adapt when it changes.
 */
import type { UnitDef } from '../../data/schemas/unit';
import type { UnitState } from '../types';

/** Marker names on UnitState.markers shared by the rule modules. */
export const MARKER = {
  /** Prepared assault (GOSS 5.2, AW 31.2.1). */
  PA: 'PA',
  /** Combat reserve (GOSS 5.8, AW 31.2.1). */
  CR: 'CR',
  /** Exploit (AW 31.5). */
  EXPLOIT: 'Exploit',
  /** Tactical assault designation (GOSS 5.1.2). */
  TA: 'TA',
  /** Artillery out of battery (GOSS 5.6, AW 31.2.1: flipped before it moves). Absent = in battery. */
  OOB: 'OoB',
  /** On-hand supply / out of supply (AW 31.11). */
  OHS: 'OhS',
  OOS: 'OoS',
  /** Fatigue levels (GOSS 14). */
  FATIGUE1: 'F1',
  FATIGUE2: 'F2',
  /** AW 31.9.2a: an artillery group that had to relocate has no mission points this GT. */
  NO_MISSIONS: 'NoMissions',
} as const;

type Loose = UnitDef & Record<string, unknown>;
const flag = (d: UnitDef, k: string): boolean => (d as Loose)[k] === true;
const text = (d: UnitDef): string => `${d.type} ${d.designation} ${(d as Loose).subtype ?? ''}`;

export function hasMarker(u: UnitState, m: string): boolean {
  return u.markers.includes(m);
}

export function stepsLeft(def: UnitDef, u: UnitState): number {
  return Math.max(0, def.steps.length - u.stepsLost);
}

export function isArtilleryGroup(d: UnitDef): boolean {
  return d.size === 'Group' || flag(d, 'artilleryGroup') || /\bart(illery)?\s*group\b/i.test(d.type);
}

/** Division HQs act as artillery groups in the introductory scenarios (AW 31.9.2b) when they carry mission points. */
export function isHqArtilleryGroup(d: UnitDef): boolean {
  const l = d as Loose;
  return d.size === 'HQ' && (typeof l.missionPoints === 'number' || typeof l.fsPoints === 'number' || flag(d, 'artilleryGroup'));
}

/** Artillery in the IB/OoB sense (GOSS 5.6): guns, howitzers, rockets, and artillery groups. */
export function isArtillery(d: UnitDef): boolean {
  if (flag(d, 'artillery')) return true;
  return isArtilleryGroup(d) || /^(art|nw)$/i.test(d.type.trim());
}

export function isHq(d: UnitDef): boolean {
  return d.size === 'HQ';
}

export function isZStep(d: UnitDef): boolean {
  return d.size === 'Z';
}

/** Pure AFV units (GOSS 7.8.0 surcharge waiver, FS DRMs). */
export function isPureAfv(d: UnitDef): boolean {
  const l = d as Loose;
  if (l.afv === 'pure' || flag(d, 'pureAfv')) return true;
  if (l.afv === 'mixed' || l.afv === 'none') return false;
  return /^(arm|td|flail|avre)$/i.test(d.type.trim());
}

export function isRanger(d: UnitDef): boolean {
  return flag(d, 'ranger') || /\branger/i.test(text(d));
}

export function isCommando(d: UnitDef): boolean {
  return flag(d, 'commando') || /\b(cdo|commando)/i.test(text(d));
}

/** Infantry battalions may enter combat reserve (AW 31.2.1, GOSS 5.8: personnel Bn with at least 2 steps). */
export function isInfantry(d: UnitDef): boolean {
  if (flag(d, 'personnel')) return true;
  return /^(inf|pzgd|mot inf|fest|ost|sturm|mg)$/i.test(d.type.trim()) || /\b(ranger|cdo|commando|para|airborne|glider)\b/i.test(d.designation);
}

export function isFlak(d: UnitDef): boolean {
  return /^flak$/i.test(d.type.trim());
}

/** Artillery that must not stack (AW 31.9.2a): artillery groups only (division HQs defend normally). */
export function mayNotStack(d: UnitDef): boolean {
  return isArtilleryGroup(d);
}
