import { z } from 'zod';
import { Source } from './common';
import { Side, TimeOfDay } from './sequence';

/**
 * Schema of the standard air rules (data/modules/air/*.json, AW 20.0 with GOSS 20): the air forces and
 * their Battlefield Map air sectors (AW 20.1.1a), the GS mission limits and the GOSS GS mission error
 * (AW 20.2.1, 11.4.3; GOSS 20.2.3), the German abort procedure (AW 20.1.0) and the GI limits and value
 * table (AW 20.3.0, GOSS 20.3).
 */
const At = z.strictObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: TimeOfDay });
const Atmosphere = z.enum(['clear', 'POvr', 'Ovr', 'storm']);

/** One air force: the AP pool of a national group (AW 20.1.0: US, CW; German). */
export const AirForce = z.strictObject({
  id: z.string().min(1).max(20),
  side: Side,
  name: z.string().min(1),
  /** German AP fly only GS missions, battlefield-wide, each AP rolling the abort procedure (AW 20.1.0). */
  gsOnly: z.boolean().default(false),
  /** 1d10 at most this is an abort, per AP attempting a GS mission (AW 20.1.0: 0–8); absent: no abort roll. */
  abortMax: z.number().int().min(0).max(9).optional(),
  source: Source,
});
export type AirForce = z.infer<typeof AirForce>;

export const AirSector = z.strictObject({
  id: z.string().min(1).max(30),
  name: z.string().min(1),
  /** The force whose AP may be assigned to it (AW 20.1.1a: only US AP to US sectors, CW to CW). */
  force: z.string().min(1),
  half: z.enum(['north', 'south']),
  /** West or east of the boundary line. */
  of: z.enum(['west', 'east']),
});
export type AirSector = z.infer<typeof AirSector>;

export const AirTables = z.strictObject({
  format: z.literal('neptune-air/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  case: z.string(),
  source: Source,
  forces: z.array(AirForce).min(1),
  sectors: z.strictObject({
    list: z.array(AirSector).min(1),
    /** The line between the US and the CW sectors: a map overlay (data/map/overlays.json). */
    boundary: z.strictObject({ overlay: z.string().min(1), onLine: z.enum(['west', 'east']), source: Source }),
    /** North of the line: every hex of `northSheets`, and rows up to `lastNorthRow` of `rowSheets`. */
    northSouth: z.strictObject({ northSheets: z.array(z.string().min(1)), rowSheets: z.array(z.string().min(1)), lastNorthRow: z.number().int().positive(), source: Source }),
    source: Source,
  }),
  /** AW 20.2.1 / 11.4.3, GOSS 11.4 and 20.2: a GS mission's AP, its points and how many join one FS mission. */
  gs: z.strictObject({
    pointsPerAp: z.number().int().positive(),
    /** AP flying count 1/n in this atmosphere, rounded down (GOSS 19.3). */
    weatherDivisor: z.record(Atmosphere, z.number().int().positive()),
    /** At most this many AP after the weather adjustment, per force and date (AW 20.2.1: 3; US 4 from Aug 1). */
    maxAp: z.array(z.strictObject({ force: z.string().nullable(), from: At.nullable(), ap: z.number().int().positive(), source: Source })).min(1),
    /** GS missions one FS mission may carry by observation (GOSS 11.2.4 capacity: medium 1, heavy 2; light and unobserved none). */
    missions: z.strictObject({ observed: z.number().int().nonnegative(), observedPaOrEt: z.number().int().nonnegative(), source: Source }),
    source: Source,
  }),
  /** GOSS 20.2.3 GS mission error: 1d10 + DRMs. */
  error: z.strictObject({
    abortMin: z.number().int(),
    scatter: z.number().int(),
    terrain: z.record(z.string(), z.number().int()),
    atmosphere: z.record(Atmosphere, z.number().int()),
    /** Each enemy Flak-capable unit within `flakRange` of the target: +perFlak, at most +flakMax. */
    perFlak: z.number().int(),
    flakMax: z.number().int(),
    flakRange: z.number().int().nonnegative(),
    strat: z.number().int(),
    /** The scatter direction: 1d10, 0 the hex to the north, 1–5 clockwise from it, higher rerolled. */
    scatterDirections: z.number().int().min(1).max(10),
    source: Source,
  }),
  /** AW 20.3.0: GI AP per Battlefield Map sector; GOSS 20.3 value table (AP column × 1d10 → Leg/Mech value). */
  gi: z.strictObject({
    maxPerSector: z.number().int().positive(),
    /** The AP columns (the largest not above the sector's AP is read; fewer than the first: no GI). */
    columns: z.array(z.number().int().positive()).min(1),
    /** Rows by modified 1d10 (`max` inclusive, ascending); each cell [Leg, Mech] MP values, null for none. */
    rows: z.array(z.strictObject({ max: z.number().int(), cells: z.array(z.tuple([z.number().int().positive().nullable(), z.number().int().positive().nullable()])) })).min(1),
    /** The GTs whose GI values are rolled (the AP serve the AM and PM GTs, AW 3.3.1). */
    times: z.array(TimeOfDay).min(1),
    /** GOSS 20.3 attack DRMs (the attack table is the AW 31.7 one, data/tables/ground-interdiction.json). */
    attack: z.strictObject({
      pureAfv: z.number().int(), perFlak: z.number().int(), flakRange: z.number().int().nonnegative(), notClear: z.number().int(),
      mechRoad: z.number().int(), strat: z.number().int(), source: Source,
    }),
    source: Source,
  }),
});
export type AirTables = z.infer<typeof AirTables>;

/** A scenario's use of the standard air rules (scenario.special.airPower): the tables and each force's AP a game day. */
export const AirPowerRule = z.strictObject({
  tables: z.string().min(1),
  /** AP a game day per force, from a date on (AW 36.2.0: US 44, CW 40, German 6). */
  points: z.array(z.strictObject({ force: z.string().min(1), from: At, perGameDay: z.number().int().nonnegative(), source: Source })).min(1),
  source: Source,
});
export type AirPowerRule = z.infer<typeof AirPowerRule>;
