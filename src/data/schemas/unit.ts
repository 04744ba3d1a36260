import { z } from 'zod';
import { RulesHexId, Source } from './common';
import { Side } from './sequence';

/** Combat values of one step state of a counter (GOSS 4.2: full, reduced, hit-marker values). */
export const StepValues = z.object({
  attack: z.number().nonnegative(),
  defence: z.number().nonnegative(),
});
export type StepValues = z.infer<typeof StepValues>;

/** AW 1.4.2: each nationality / branch has its own colour scheme. */
export const Nationality = z.enum(['US', 'British', 'Canadian', 'Polish', 'French', 'Wehrmacht', 'Luftwaffe', 'Waffen-SS']);
export type Nationality = z.infer<typeof Nationality>;
export const ALLIED_NATIONALITIES: readonly Nationality[] = ['US', 'British', 'Canadian', 'Polish', 'French'];

/** Unit types as the rules abbreviate them (AW 40.0 L16087–16158, goss-core.md §3). */
export const UnitType = z.enum([
  'Inf', 'PzGd', 'Mot Inf', 'Arm', 'Recon', 'AT', 'TD', 'Flak', 'Art', 'NW', 'Eng', 'Pio', 'MG',
  'Fest', 'Sturm', 'Ost', 'Flail', 'AVRE', 'HQ', 'Leader',
]);
export type UnitType = z.infer<typeof UnitType>;

export const Training = z.enum(['Raw', 'Green', 'Vet']);
export type Training = z.infer<typeof Training>;

/** GOSS 18 / AW 18.2: the breakdown companies a battalion produces, one per step it has left. */
export const Breakdown = z.object({
  class: z.string(),
  count: z.number().int().positive(),
  /** Values of each company in GOSS layout, e.g. `2-2-6`. */
  values: z.string(),
  /**
   * Mixed breakdowns (a hybrid's AFV and infantry Coys, GOSS 4.1.4): the Coys in the order they are
   * detached, by class; their counts add up to `count`. Without it every Coy is of `class`.
   */
  parts: z.array(z.object({ class: z.string(), count: z.number().int().positive(), values: z.string() })).min(1).optional(),
});

/**
 * AW 4.5.9 / 4.5.10: a Widerstandsnest (WN) or Stützpunkt (StP) counter carries the hex it is placed in
 * (printed on the counter, AW 38.8.2 L14662), an optional arc of fire and optional emplaced artillery
 * (battery ID, barrage factor, range, defence printed on the counter, AW 4.5.10b L2158-L2180).
 */
export const Fortification = z.object({
  kind: z.enum(['WN', 'StP']),
  hex: RulesHexId,
  /** The place the emplacement defended (the reason for the hex). */
  place: z.string().min(1),
  source: Source,
  /**
   * Arc of fire (AW 4.5.10b): compass bearings in degrees, clockwise from `from` to `to` (0 = map north);
   * a FS target outside it may not be fired on by the emplaced guns. Absent: no arc printed.
   */
  arc: z.object({ from: z.number().min(0).max(360), to: z.number().min(0).max(360), source: Source }).optional(),
  /** Emplaced artillery (AW 4.5.10b): battery, barrage factor, range in hexes, defence factor. */
  artillery: z.object({
    battery: z.string().min(1),
    bf: z.number().int().positive(),
    range: z.number().int().positive(),
    defence: z.number().int().nonnegative(),
    source: Source,
  }).optional(),
});
export type Fortification = z.infer<typeof Fortification>;

/**
 * A counter (GOSS 4.0, goss-core.md §3.1). `steps[i]` holds the values with i steps lost (the
 * reduced side, then the hit-marker values); for artillery `attack` is the barrage factor (BF).
 * PR, Arm/AT and MA are not reduced by losses (GOSS 4.2.2). Every field past `source` is optional
 * so hand-written test sets stay short; `validateCounter` states what each type needs.
 */
export const UnitDef = z.object({
  id: z.string().min(1),
  designation: z.string().min(1),
  side: Side,
  nationality: Nationality,
  type: UnitType,
  size: z.enum(['Bn', 'Co', 'Z', 'HQ', 'Group', 'Leader']),
  moveClass: z.enum(['leg', 'mech', 'static']),
  ma: z.number().nonnegative(),
  prOff: z.number().int().min(0).max(10).nullable(),
  prDef: z.number().int().min(0).max(10).nullable(),
  steps: z.array(StepValues).min(1),
  source: Source,
  /** AW 18.2.0: values of the Z-step printed on the back of a one-step Coy. */
  zSide: StepValues.nullable().optional(),
  /** GOSS 13.8.4 superscripts: Arm beside the attack factor, Arm beside the defence factor, AT (defence only). */
  armAttack: z.number().int().nonnegative().nullable().optional(),
  armDefence: z.number().int().nonnegative().nullable().optional(),
  at: z.number().int().nonnegative().nullable().optional(),
  /** Artillery (GOSS 11.3.1, 26.0): range in hexes; heavy = white circle (11.4.1f); SP = square round MA (5.6.0); horse = "H" (5.6.2). */
  range: z.number().int().nonnegative().nullable().optional(),
  heavyArt: z.boolean().optional(),
  sp: z.boolean().optional(),
  horse: z.boolean().optional(),
  /** AFV weight class for bridges (GOSS 17.3.2a). */
  weight: z.enum(['H', 'VH', 'SH']).nullable().optional(),
  /** Red hexagon: generates movement halts (GOSS 7.7.1–7.7.2); on a German 88 Flak it may fire as artillery (11.4.1b). */
  redHexagon: z.boolean().optional(),
  /** Rear-echelon unit (GOSS 4.6.3). */
  re: z.boolean().optional(),
  /** White square: independent corps or army asset (GOSS 9.1.0). */
  independent: z.boolean().optional(),
  /** Red triangle: may not break down (GOSS 18.3.0). */
  mayNotBreakDown: z.boolean().optional(),
  /** Red square: may create only one breakdown unit (GOSS 18.3.0). */
  redSquare: z.boolean().optional(),
  /**
   * Hybrid (GOSS 4.1.4): 1-2 AFV Coys with one Mot/Arm Inf or Arm Recon Coy, Mech class; 3 steps is a
   * Bn, 2 steps a Co. Breaks down only at full strength (GOSS 18); a 2-step hybrid hosts a free Eng/AT
   * Co (GOSS 6.2.2).
   */
  hybrid: z.boolean().optional(),
  /** US armoured cavalry squadron: its free company may be an M5 Co (GOSS 6.2.3). */
  armCav: z.boolean().optional(),
  /** US M5 light-tank Co: stacks free with an Arm Cav Bn (GOSS 6.2.3). */
  m5: z.boolean().optional(),
  pureAfv: z.boolean().optional(),
  engineer: z.boolean().optional(),
  /** Engineer AFV (flail, AVRE): each step counts as an Eng step in GA (GOSS 4.6). */
  engAfv: z.boolean().optional(),
  /** CW Recon Bn restrictions (GOSS 4.6). */
  cwRecon: z.boolean().optional(),
  /** AW 41: delivered by parachute or glider (the airborne module's drop and glider procedures). */
  airborne: z.enum(['para', 'glider']).optional(),
  /** AW 41.2.0: a para Coy with a Fog of War reverse (its identity hidden until it regroups, 41.2.3). */
  fow: z.boolean().optional(),
  /** AW 41.2.2: a dummy FoW counter, removed when revealed. */
  dummy: z.boolean().optional(),
  /** AW 4.5.9 / 4.5.10: WN and StP counters (placement hex, arc of fire, emplaced artillery). */
  fortification: Fortification.optional(),
  /** Attached to a formation it does not belong to (e.g. a US tank Bn attached to a division). */
  attached: z.boolean().optional(),
  formation: z.string().nullable().optional(),
  regiment: z.string().nullable().optional(),
  /** Counter id of the formation HQ. */
  hq: z.string().nullable().optional(),
  breakdown: Breakdown.nullable().optional(),
  training: Training.nullable().optional(),
  /** Method class the values were derived from (docs/data-provenance.md). */
  class: z.string().optional(),
  /** Generic counter type (e.g. `88Flak Coy`) when the counter is one of several identical ones. */
  generic: z.string().nullable().optional(),
  /** The strings the rules use for this counter (resolved by src/data/unitNames.ts). */
  names: z.array(z.string()).optional(),
  /** Provenance per value group: identity, values, pr, ma, zSide, note. */
  sources: z.record(z.string(), Source).optional(),
}).passthrough();
export type UnitDef = z.infer<typeof UnitDef>;

const ARTILLERY: readonly string[] = ['Art', 'NW'];

/** Per-type requirements (goss-core.md §3.1); returns [path, message] pairs. */
export function counterProblems(u: UnitDef): [string, string][] {
  const p: [string, string][] = [];
  const n = u.steps.length;
  if (u.size === 'Bn' && (n < 1 || n > 3)) p.push(['steps', 'a Bn has 1-3 steps (GOSS 4.1)']);
  if (u.size === 'Co' && n > 2) p.push(['steps', 'a Co has 1-2 steps (GOSS 4.1)']);
  if (u.size === 'Z' && n !== 1) p.push(['steps', 'a Z-step has exactly one value line (GOSS 4.1.3)']);
  if (ALLIED_NATIONALITIES.includes(u.nationality) !== (u.side === 'allied'))
    p.push(['nationality', `${u.nationality} is not on the ${u.side} side (AW 1.4.2)`]);
  if (ARTILLERY.includes(u.type)) {
    if (typeof u.range !== 'number' || u.range < 1) p.push(['range', `${u.type} needs a range (GOSS 11.3.1)`]);
    if (!(u.steps[0].attack > 0)) p.push(['steps', `${u.type} needs a barrage factor (GOSS 26.0)`]);
  } else if (u.range != null) p.push(['range', 'only artillery has a range']);
  if (u.type === 'Arm' || u.pureAfv) {
    if (u.armAttack == null && u.armDefence == null) p.push(['armAttack', 'an AFV needs an Arm factor (GOSS 13.8.4)']);
  }
  if ((u.type === 'AT' || u.type === 'Flak' || u.type === 'TD') && u.at == null && u.armAttack == null && u.armDefence == null)
    p.push(['at', `${u.type} needs an AT or Arm factor (GOSS 13.8.4)`]);
  if (u.armAttack != null || u.armDefence != null) {
    if (u.at != null) p.push(['at', 'a unit with Arm factors has no AT factor (GOSS 13.8.4)']);
  }
  if (u.size === 'HQ' || u.type === 'HQ') {
    if (u.prOff !== null) p.push(['prOff', 'an HQ has only a defensive PR (GOSS 4.4.0)']);
    if (u.moveClass !== 'mech') p.push(['moveClass', 'all HQs are Mech (GOSS 4.3)']);
  }
  if (u.size !== 'Leader' && u.prDef === null) p.push(['prDef', 'every unit but a leader has a defensive PR (GOSS 4.4.0)']);
  if (u.moveClass === 'static' && u.ma !== 0) p.push(['ma', 'a static unit has MA 0 (GOSS 4.3.3)']);
  if (u.moveClass !== 'static' && !(u.ma > 0)) p.push(['ma', 'a moving unit needs an MA (GOSS 7.1)']);
  if (u.breakdown && u.mayNotBreakDown) p.push(['breakdown', 'a red-triangle unit may not break down (GOSS 18.3.0)']);
  if (u.breakdown && u.breakdown.count > n) p.push(['breakdown', 'a Bn breaks into at most one Coy per step']);
  if (u.breakdown?.parts && u.breakdown.parts.reduce((k, x) => k + x.count, 0) !== u.breakdown.count) p.push(['breakdown', 'the parts of a breakdown add up to its count']);
  if (u.redSquare && u.mayNotBreakDown) p.push(['redSquare', 'a red-triangle unit may not break down at all, so it has no red square (GOSS 18.3.0)']);
  if (u.hybrid && (u.moveClass !== 'mech' || !((u.size === 'Bn' && n === 3) || (u.size === 'Co' && n === 2))))
    p.push(['hybrid', 'a hybrid is Mech class, a 3-step Bn or a 2-step Co (GOSS 4.1.4)']);
  if ((u.armCav || u.m5) && u.nationality !== 'US') p.push([u.armCav ? 'armCav' : 'm5', 'the Arm Cav / M5 free stacking is a US rule (GOSS 6.2.3)']);
  if (u.m5 && u.size !== 'Co') p.push(['m5', 'an M5 free company is a Co (GOSS 6.2.3)']);
  if (u.zSide && !(u.size === 'Co' && n === 1)) p.push(['zSide', 'only a one-step Coy has a Z-step back (AW 18.2.0)']);
  return p;
}

export const UnitsFile = z.object({
  format: z.literal('neptune-units/1'),
  id: z.string(),
  title: z.string().optional(),
  source: Source,
  generatedBy: z.string().optional(),
  units: z.array(UnitDef),
}).superRefine((f, ctx) => {
  const seen = new Set<string>();
  f.units.forEach((u, i) => {
    if (seen.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `duplicate unit id ${u.id}` });
    seen.add(u.id);
    for (const [path, message] of counterProblems(u)) ctx.addIssue({ code: 'custom', path: ['units', i, path], message: `${u.id}: ${message}` });
  });
});
export type UnitsFile = z.infer<typeof UnitsFile>;
