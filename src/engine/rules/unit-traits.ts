/**
 * What the rules need to know about a counter (`traitsOf`), read defensively: the counter data
 * (src/data/schemas/unit.ts) grows fields as the counters land, so explicit flags win and the unit
 * type string is the fallback. The one place to adapt when it changes; combatTraits.ts re-exports.
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
  /** Carried by its division's inherent transport (GOSS 7.12.3b): moves as Mech. */
  MOT: 'Mot',
  /** Tried a prepared bridge demolition (GOSS 17.3.2c): may not move in its side's next Movement Segment. */
  DEMO: 'Demo',
  /** Building a fieldwork (GOSS 17.3): does nothing else until it is finished. */
  BUILD: 'Build',
} as const;

type Loose = UnitDef & Record<string, unknown>;
const flag = (d: UnitDef, k: string): boolean => (d as Loose)[k] === true;
const str = (d: UnitDef, k: string): string | undefined => { const v = (d as Loose)[k]; return typeof v === 'string' ? v : undefined; };

/**
 * How the rules classify a counter, decided once per counter: an explicit flag on the counter data
 * wins, else the unit type (and subtype / designation) pattern. The one place counters are
 * classified: the movement, stacking, observation and combat rules (combatTraits.ts re-exports these)
 * all read it, so no two rules can disagree on what a counter is.
 */
export interface UnitTraits {
  hq: boolean; z: boolean; leader: boolean;
  artilleryGroup: boolean; artillery: boolean; nebelwerfer: boolean; flak: boolean; heavyFlak: boolean;
  engineer: boolean; recon: boolean; commando: boolean; ranger: boolean;
  pureAfv: boolean; armourSymbol: boolean; personnel: boolean; infantry: boolean;
}

function classify(d: UnitDef): UnitTraits {
  const type = d.type.trim();
  const sub = str(d, 'subtype') ?? '';
  const text = `${type} ${sub}`;
  const named = `${type} ${d.designation} ${sub}`;
  const hq = d.size === 'HQ', z = d.size === 'Z', leader = d.size === 'Leader';
  const artilleryGroup = d.size === 'Group' || flag(d, 'artilleryGroup') || /\bart(illery)?\s*group\b/i.test(type);
  // GOSS 5.6: guns, howitzers, rockets and artillery groups.
  const artillery = flag(d, 'artillery') || artilleryGroup || /^(art|nw)$/i.test(type) || /\b(art|arty|artillery|how|howitzer|nw|nebelwerfer|rocket)\b/i.test(text);
  const nebelwerfer = flag(d, 'nebelwerfer') || /\b(nw|nebelwerfer|werfer)\b/i.test(text);
  const flak = /\bflak\b/i.test(text);
  // GOSS 11.4.1b: German heavy (88) Flak may fire as artillery.
  const heavyFlak = flag(d, 'heavyFlak') || (flak && /88/.test(`${d.designation} ${text}`));
  const engineer = flag(d, 'engineer') || /\b(eng|engineer|pio|pioneer)\b/i.test(text);
  const recon = flag(d, 'recon') || /\b(recon|rcn|aufkl)\b/i.test(text);
  const commando = flag(d, 'commando') || /\b(cdo|commando)/i.test(named);
  const ranger = flag(d, 'ranger') || /\branger/i.test(named);
  // GOSS 7.8.0 surcharge waiver, FS DRMs: the counter's afv field, else the type.
  const afv = str(d, 'afv');
  const pureAfv = afv === 'pure' || flag(d, 'pureAfv') ? true : afv === 'mixed' || afv === 'none' ? false
    : /^(arm|armou?r|tank|tk|afv|td|stug|pzj|pzjg|jgpz|assault gun|sp ?at|flail|avre)$/i.test(type);
  // GOSS 11.5 group C: any unit with the armour symbol (pure or mixed).
  const armourSymbol = pureAfv || afv === 'mixed' || flag(d, 'armoured');
  const personnel = flag(d, 'personnel') || (!pureAfv && !artillery && !hq && !leader && !flak);
  // Infantry (AW 31.2.1 combat reserve, GOSS 13.8.3 regimental integrity): rifle, motorised and
  // panzergrenadier, fortress, Ost, assault and MG battalions, paras, rangers and commandos.
  const infantry = flag(d, 'infantry') || flag(d, 'personnel')
    || /^(inf|pzgd|mot inf|fest|ost|sturm|mg)$/i.test(type)
    || /\b(ranger|cdo|commando|para|airborne|glider)\b/i.test(d.designation)
    || /\b(inf|infantry|para|fallschirm|gren|grenadier|pzgren|pzgd|rifle|ranger|cdo|commando|airborne|glider|fus|fusilier|jaeger|jäger|ost|marine|fest|sturm|mg)\b/i.test(text);
  return { hq, z, leader, artilleryGroup, artillery, nebelwerfer, flak, heavyFlak, engineer, recon, commando, ranger, pureAfv, armourSymbol, personnel, infantry };
}

const traitCache = new WeakMap<UnitDef, UnitTraits>();
/** The counter's classification (bundle counters are never changed after loading, so it is kept per counter). */
export function traitsOf(d: UnitDef): UnitTraits {
  let t = traitCache.get(d);
  if (!t) { t = Object.freeze(classify(d)); traitCache.set(d, t); }
  return t;
}

export function hasMarker(u: UnitState, m: string): boolean {
  // The plain read: asked mostly of frozen units in hot loops, where the draft check (draftPeek.ts) cost more than it saved.
  return u.markers.includes(m);
}

export function stepsLeft(def: UnitDef, u: UnitState): number {
  return Math.max(0, def.steps.length - u.stepsLost);
}

export const isArtilleryGroup = (d: UnitDef): boolean => traitsOf(d).artilleryGroup;

/** Division HQs act as artillery groups in the introductory scenarios (AW 31.9.2b) when they carry mission points. */
export function isHqArtilleryGroup(d: UnitDef): boolean {
  const l = d as Loose;
  return d.size === 'HQ' && (typeof l.missionPoints === 'number' || typeof l.fsPoints === 'number' || flag(d, 'artilleryGroup'));
}

/** Artillery in the IB/OoB sense (GOSS 5.6): guns, howitzers, rockets, and artillery groups. */
export const isArtillery = (d: UnitDef): boolean => traitsOf(d).artillery;
export const isHq = (d: UnitDef): boolean => d.size === 'HQ';
export const isZStep = (d: UnitDef): boolean => d.size === 'Z';
export const isLeader = (d: UnitDef): boolean => d.size === 'Leader';
/** Pure AFV units (GOSS 7.8.0 surcharge waiver, FS DRMs). */
export const isPureAfv = (d: UnitDef): boolean => traitsOf(d).pureAfv;
export const hasArmourSymbol = (d: UnitDef): boolean => traitsOf(d).armourSymbol;
export const isRanger = (d: UnitDef): boolean => traitsOf(d).ranger;
export const isCommando = (d: UnitDef): boolean => traitsOf(d).commando;
/** Infantry (AW 31.2.1 combat reserve with GOSS 5.8; GOSS 13.8.3 regimental integrity). */
export const isInfantry = (d: UnitDef): boolean => traitsOf(d).infantry;
export const isPersonnel = (d: UnitDef): boolean => traitsOf(d).personnel;
export const isFlak = (d: UnitDef): boolean => traitsOf(d).flak;
export const isHeavyFlak = (d: UnitDef): boolean => traitsOf(d).heavyFlak;
export const isNebelwerfer = (d: UnitDef): boolean => traitsOf(d).nebelwerfer;
export const isEngineer = (d: UnitDef): boolean => traitsOf(d).engineer;
export const isRecon = (d: UnitDef): boolean => traitsOf(d).recon;

/** Artillery that must not stack (AW 31.9.2a): artillery groups only (division HQs defend normally). */
export function mayNotStack(d: UnitDef): boolean {
  return isArtilleryGroup(d);
}
