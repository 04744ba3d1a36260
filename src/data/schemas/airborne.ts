import { z } from 'zod';
import { RulesHexId, Source } from './common';
import { HexRef } from './map';

/**
 * Schemas of the airborne module's data (AW 41): the Airborne Assault Tables Card and the Airborne
 * Display. The display graphic and the Scatter Diagram are not in the rules text, so their values are
 * reconstructed and labelled; an owner of the boxed game replaces them by editing the data only.
 */

const Die = z.number().int().min(0).max(9);
const DieRange = z.tuple([Die, Die]).refine(([a, b]) => a <= b, 'range must be [low, high] with low ≤ high');
const Percentile = z.number().int().min(0).max(99);
export const ScatterResult = z.enum(['NS', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'ES']);
export const DzStatus = z.enum(['A', 'B', 'C', 'D', 'E']);
const Overflow = z.object({ rule: z.literal('clamp'), min: Die.optional(), max: Die, source: Source });
const LandingResult = z.object({ from: Die, to: Die, result: z.enum(['eliminated', 'extendedScatter']) });
const TerrainName = z.enum(['sea', 'clear', 'rough', 'woods', 'hedgerow', 'forest', 'bocage', 'marsh', 'village', 'town', 'city', 'beach']);

export const AirborneTables = z.object({
  format: z.literal('neptune-airborne-tables/1'),
  id: z.literal('airborne-tables'),
  name: z.string(),
  source: Source,
  dzScatter: z.object({
    case: z.string(), source: Source,
    /** One column per airborne division (AW 41.1.2). */
    columns: z.array(z.string()).min(1),
    rows: z.array(z.array(z.enum(['NS', 'S1', 'S2']))).length(10),
  }),
  dzStatus: z.object({
    case: z.string(), source: Source,
    columns: z.tuple([z.literal('NS'), z.literal('S1'), z.literal('S2')]),
    rows: z.array(z.array(DzStatus).length(3)).length(10),
    adjacentGerman: z.number().int(),
    adjacentGermanAA: z.number().int(),
    terrain: z.array(z.object({ drm: z.number().int(), terrain: z.array(TerrainName).min(1), source: Source })),
    overflow: Overflow,
  }),
  unitScatter: z.object({
    case: z.string(), source: Source,
    columns: z.tuple([z.literal('A'), z.literal('B'), z.literal('C'), z.literal('D'), z.literal('E')]),
    rows: z.array(z.array(z.object({ result: ScatterResult, dummies: z.number().int().min(0).max(9) })).length(5)).length(10),
    regroupNumber: z.record(DzStatus, z.number().int().min(0).max(10)),
    gliderDrm: z.number().int(),
    overflow: Overflow,
  }),
  scatterDiagram: z.object({
    case: z.string(), source: Source,
    start: z.literal('N'), order: z.literal('clockwise'),
    rings: z.array(z.object({ ring: z.number().int().min(1).max(6), ranges: z.array(z.tuple([Percentile, Percentile])) })).length(6),
  }),
  landingTerrain: z.object({
    case: z.string(), source: Source,
    rows: z.array(z.object({ terrain: z.array(TerrainName).min(1), para: z.array(LandingResult), glider: z.array(LandingResult) })),
    nonFowExtendedScatter: z.object({ result: z.literal('eliminated'), source: Source }),
  }),
  extendedScatter: z.object({
    case: z.string(), source: Source,
    entry: z.object({ eliminated: DieRange, box: z.literal('roll'), source: Source }),
    boxes: z.array(z.object({ box: z.number().int().min(1).max(9), eliminated: DieRange.optional(), source: Source })).length(9),
  }),
  pegasus: z.object({ case: z.string(), source: Source, hex: RulesHexId, captured: DieRange, germanDestroys: DieRange }),
  merville: z.object({ case: z.string(), source: Source, hex: RulesHexId, landed: DieRange, gunsDestroyed: DieRange, assistedAttackDrm: z.number().int() }),
  bridgeBlowing: z.object({ case: z.string(), source: Source, success: DieRange }),
  regroupLeaderOnly: z.object({ case: z.string(), source: Source, number: z.number().int(), leaderBonus: z.number().int() }),
  /** AW 41.5.1–41.5.2: the airborne combat procedure's numbers (rules/airborne/combat.ts). */
  combat: z.object({
    case: z.string(), source: Source,
    leader: z.object({ drm: z.number().int(), source: Source }),
    leadPr: z.object({ divide: z.number().int().min(1), round: z.literal('up'), source: Source }),
    fow: z.object({ attack: z.number().int(), defence: z.number().int(), pr: z.number().int(), source: Source }),
    afvDoubling: z.object({ factor: z.number().int(), terrain: z.array(TerrainName).min(1), sides: z.enum(['both', 'defender']), source: Source }),
    /** One only applies, the highest (AW 41.5.1 Step 3): by the hex's terrain or a work (WN/StP) in it. */
    defenderTerrain: z.array(z.object({ drm: z.number().int(), terrain: z.array(TerrainName), works: z.array(z.enum(['WN', 'StP'])), source: Source })),
    bridge: z.object({ drm: z.number().int(), source: Source }),
    loserPr: z.object({ rule: z.literal('lead'), source: Source }),
  }),
}).superRefine((t, ctx) => {
  // Every ring of the Scatter Diagram covers 00–99 once, in order, with one range per hex (6n).
  t.scatterDiagram.rings.forEach((r, i) => {
    if (r.ring !== i + 1) ctx.addIssue({ code: 'custom', path: ['scatterDiagram', 'rings', i, 'ring'], message: `ring ${i + 1} expected` });
    if (r.ranges.length !== 6 * r.ring) ctx.addIssue({ code: 'custom', path: ['scatterDiagram', 'rings', i, 'ranges'], message: `ring ${r.ring} has ${6 * r.ring} hexes, so ${6 * r.ring} ranges` });
    let next = 0;
    r.ranges.forEach(([a, b], j) => {
      if (a !== next || b < a) ctx.addIssue({ code: 'custom', path: ['scatterDiagram', 'rings', i, 'ranges', j], message: `range ${a}-${b} must start at ${next} and not be empty` });
      next = b + 1;
    });
    if (next !== 100) ctx.addIssue({ code: 'custom', path: ['scatterDiagram', 'rings', i, 'ranges'], message: 'ranges must end at 99' });
  });
  t.extendedScatter.boxes.forEach((b, i) => {
    if (b.box !== i + 1) ctx.addIssue({ code: 'custom', path: ['extendedScatter', 'boxes', i, 'box'], message: `box ${i + 1} expected` });
  });
});
export type AirborneTables = z.infer<typeof AirborneTables>;

export const AirborneDisplay = z.object({
  format: z.literal('neptune-airborne-display/1'),
  id: z.string(),
  name: z.string(),
  source: Source,
  mainDzSource: Source,
  /** AW 41.0: the DZs stay on the map until this GT (June 10 AM for the June 6 drop), then leave it. */
  dzsUntil: z.object({ date: z.string(), time: z.enum(['AM', 'PM', 'Night']), source: Source }).optional(),
  dzs: z.array(z.object({
    /** Division column of the DZ Scatter Table; DZs are keyed by division and letter (6th AB and 82nd both have a "W"). */
    division: z.string(),
    letter: z.string().regex(/^[A-Z]$/),
    /** AW 41.1.2a: main DZs roll for status but never physically scatter. */
    main: z.boolean(),
    /** When the marker goes on the map: in the stage's DZ Placement Segment, or AW 41.1.2b's June 6 PM Movement Phase. */
    placed: z.enum(['stage', 'june6PmMovement']),
    site: z.object({ lat: z.number(), lon: z.number() }),
    target: RulesHexId,
    source: Source,
  })).min(1),
  /**
   * The divisions on the display: the DZ Scatter Table column each reads (AW 41.1.2), and the ids of
   * its nationality's FoW placeholder counters and dummies (data/units/airborne-fow.json, AW 41.2.2).
   */
  divisions: z.array(z.object({
    id: z.string(),
    name: z.string(),
    scatterColumn: z.string(),
    /** Placeholder counters `<fow>-1`, `<fow>-2`… (a FoW back on the map, AW 41.2.3). */
    fow: z.string().regex(/^[a-z]+-fow$/),
    /** Dummy counters `<dummies>-1`… of the division's nationality (AW 41.2.2). */
    dummies: z.string().regex(/^[a-z]+-dummy$/),
    source: Source,
  })).min(1),
  /**
   * The order of battle per DZ and segment (the Airborne Display's schedule): `airborneDrop` para
   * Btns (their Coys go into the container, AW 41.2.2) and non-FoW units; `gliderLanding` glider units
   * (AW 41.4.0); `june6Pm` the evening glider lift, landed in the June 6 PM Movement Phase (AW 3.2.2,
   * 41.1.2b) — not part of the stage.
   */
  drops: z.array(z.object({
    division: z.string(),
    letter: z.string().regex(/^[A-Z]$/),
    segment: z.enum(['airborneDrop', 'gliderLanding', 'june6Pm']),
    battalions: z.array(z.object({ bn: z.string(), coys: z.array(z.string()).min(1) })).default([]),
    /** Units without a FoW side (HQs, artillery, engineers, glider units), landed in the order the player picks. */
    units: z.array(z.string()).default([]),
    /** Leaders scheduled on the DZ: each is attached to a unit before it scatters (AW 41.2.3). */
    leaders: z.array(z.string()).default([]),
    source: Source,
  })).default([]),
}).superRefine((d, ctx) => {
  const seen = new Set<string>();
  d.dzs.forEach((z2, i) => {
    const key = `${z2.division} ${z2.letter}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['dzs', i], message: `DZ ${key} listed twice` });
    seen.add(key);
  });
  const divs = new Set(d.divisions.map((x) => x.id));
  d.dzs.forEach((z2, i) => { if (!divs.has(z2.division)) ctx.addIssue({ code: 'custom', path: ['dzs', i, 'division'], message: `no division "${z2.division}" in divisions` }); });
  const units = new Set<string>();
  d.drops.forEach((e, i) => {
    if (!seen.has(`${e.division} ${e.letter}`)) ctx.addIssue({ code: 'custom', path: ['drops', i], message: `no DZ ${e.division} ${e.letter} on the display` });
    for (const u of [...e.battalions.flatMap((b) => [b.bn, ...b.coys]), ...e.units, ...e.leaders]) {
      if (units.has(u)) ctx.addIssue({ code: 'custom', path: ['drops', i], message: `unit "${u}" is scheduled twice` });
      units.add(u);
    }
  });
});
export type AirborneDisplay = z.infer<typeof AirborneDisplay>;

/** Victory points of a stage-alone scenario (reconstructed: the stage has no victory rule of its own). */
export const AirborneVictory = z.object({
  case: z.string(),
  text: z.string(),
  points: z.object({
    /** Per bridge captured by Pegasus (AW 41.1.1) or blown (AW 41.3.7b) that the scenario lists. */
    bridge: z.number().int(),
    /** Per DZ with no German unit in its hex at the end of the stage (AW 41.1.2). */
    dzHeld: z.number().int(),
    /** Per Allied step on the map, regrouped (not FoW), at the end. */
    regroupedStep: z.number().int(),
    /** Per Allied step lost (FoW counters eliminated count one each). */
    alliedStepLost: z.number().int(),
    /** Per German step lost. */
    germanStepLost: z.number().int(),
    /** Per objective hex Allied-occupied at the end. */
    objective: z.number().int(),
  }),
  objectives: z.array(z.object({ hex: RulesHexId, name: z.string(), source: Source })).default([]),
  /** Allied win at ≥ allied, German win at ≤ german, a draw between. */
  thresholds: z.object({ allied: z.number().int(), german: z.number().int() }),
  source: Source,
});
export type AirborneVictory = z.infer<typeof AirborneVictory>;

/**
 * AW 41.6.2 / 41.10.0: a group of German units the German player may activate in the stage beyond
 * 41.6.1's (src/engine/rules/airborne/activation.ts). The June 6 groups (21st Pz, 91st/709th, the
 * 41.10.0 extras) are scenario data, so the module carries no June 6 specifics.
 */
export const ActivationGroup = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  case: z.string(),
  /** The German Movement Segment (1st: AW 41.6.0, 2nd: AW 41.10.0) in which the group activates. */
  segment: z.enum(['first', 'second']),
  /** Units of these formations (the counters' `formation`), or any German unit when absent. */
  formations: z.array(z.string()).optional(),
  /** Regiments not eligible (AW 41.6.2 note: the "921/21P", read 192/21 — docs/errata.md), their detached Coys too. */
  excludeRegiments: z.array(z.string()).optional(),
  /** How many: a fixed number, or ½d10 rounded up, rolled on entering the segment. */
  count: z.union([z.strictObject({ fixed: z.number().int().min(0) }), z.strictObject({ roll: z.literal('halfD10') })]),
  /** Only units within `hexes` of an Allied unit of that nationality group (AW 41.6.2 91st/709th, 41.10.0). */
  within: z.strictObject({ hexes: z.number().int().positive(), of: z.enum(['CW', 'US']) }).optional(),
  /** At most `max` units of these counter classes (AW 41.6.2: two MkIV Pz Coys). */
  classLimit: z.strictObject({ classes: z.array(z.string()).min(1), max: z.number().int().min(0), source: Source }).optional(),
  /** Units on `from`'s side of `river` only when an Allied unit is there too (AW 41.6.2: 21st Pz west of the Orne). */
  restricted: z.strictObject({ river: z.string(), from: HexRef, name: z.string(), source: Source }).optional(),
  /** Activated units must end their move closer to an airborne unit of this group than they began. */
  closerTo: z.enum(['CW', 'US']).optional(),
  /**
   * AW 41.6.2 Caen: when a non-FoW unit of `division` is in or next to a hex named `place`, the group
   * activates whole without a roll, the restriction lapses, and the units of `alsoFormations` within
   * `alsoWithin` hexes of the place activate too.
   */
  trigger: z.strictObject({
    division: z.string(), place: z.string(), alsoFormations: z.array(z.string()), alsoWithin: z.number().int().positive(), source: Source,
  }).optional(),
  source: Source,
});
export type ActivationGroup = z.infer<typeof ActivationGroup>;
export const GermanActivation = z.strictObject({ groups: z.array(ActivationGroup), source: Source });
export type GermanActivation = z.infer<typeof GermanActivation>;

/** A scenario's `special.airborne` block: the module turned on (src/engine/rules/airborne/module.ts). */
export const AirborneSpecial = z.object({
  /** The Airborne Display file (data/modules/airborne/<id>.json). */
  display: z.string(),
  tables: z.string().default('airborne-tables'),
  /** The divisions of the display that take part. */
  divisions: z.array(z.string()).min(1),
  /** AW 41.1.1: the Pegasus Bridge mission, when the scenario has it. */
  pegasus: z.object({ unit: z.string(), bridges: z.tuple([z.string(), z.string()]), source: Source }).optional(),
  /** AW 41.4.1: the Merville step and the battery it lands on. */
  merville: z.object({ unit: z.string(), battery: z.string(), source: Source }).optional(),
  /** The game ends when the Airborne Assault Stage ends (a stage-alone scenario), with this victory. */
  stageAlone: z.object({ victory: AirborneVictory, source: Source }).optional(),
  /** AW 41.6.2, 41.10.0: the German activation groups (src/engine/rules/airborne/activation.ts). */
  germanActivation: GermanActivation.optional(),
  source: Source,
});
export type AirborneSpecial = z.infer<typeof AirborneSpecial>;
