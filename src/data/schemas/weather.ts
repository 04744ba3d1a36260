import { z } from 'zod';
import { Source } from './common';
import { TimeOfDay } from './sequence';

/**
 * Schemas of the AW 19.0 variable weather (data/modules/weather/*.json): the Weather Determination
 * Table of the Weather & Interdiction Track with its DRMs, the Rain Determination Table, the Ground
 * Condition Matrix, the storm patterns and the historical June 6–7 weather. The chart in the rules
 * text is OCR with columns run together, so parts are reconstructed and labelled; an owner of the
 * boxed game corrects them by editing the data only.
 */

export const Atmosphere = z.enum(['clear', 'POvr', 'Ovr', 'storm']);
export type Atmosphere = z.infer<typeof Atmosphere>;
export const Ground = z.enum(['dry', 'wet', 'mud']);
export type Ground = z.infer<typeof Ground>;
const Percentile = z.number().int().min(0).max(99);
const Die = z.number().int().min(0).max(9);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Month = z.string().regex(/^\d{2}$/);

/** One sector's column of the Weather Determination Table: bands of the modified 2d10 (00–99), ascending. */
const WeatherSector = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  bands: z.array(z.strictObject({ max: Percentile, atmosphere: Atmosphere })).min(1)
    .refine((b) => b.every((x, i) => i === 0 || x.max > b[i - 1].max) && b.at(-1)!.max === 99, 'bands must ascend and end at 99'),
  /** DRMs from another sector's weather this GT (AW 19.2.2b: the eastern sector reads the western, rolled first). */
  afterSector: z.strictObject({ sector: z.string(), drm: z.partialRecord(Atmosphere, z.number().int()), source: Source }).optional(),
  source: Source,
});

export const VariableWeatherTables = z.strictObject({
  format: z.literal('neptune-weather/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  case: z.string(),
  source: Source,
  /**
   * The line that splits the map into the sectors, and which sector each side of it is: a line of the
   * map's overlays file (data/map, id `<map>-overlays`).
   */
  boundary: z.strictObject({
    overlay: z.string().min(1),
    west: z.string(),
    east: z.string(),
    /** The sector of the hexes the line runs through. */
    onLine: z.string(),
    source: Source,
  }),
  /** Rolled in this order (AW 19.2.2a: the western sector first). */
  sectors: z.array(WeatherSector).min(1),
  /** Fixed weather of given dates in every sector (AW 19.2.1: June 6 and 7). */
  historical: z.array(z.strictObject({ date: IsoDate, times: z.array(TimeOfDay).min(1), atmosphere: Atmosphere, rain: z.boolean(), ground: Ground, source: Source })),
  drm: z.strictObject({
    month: z.strictObject({ byMonth: z.record(Month, z.number().int()), source: Source }),
    /** By the sector's atmosphere in the previous GT. */
    previous: z.strictObject({ drm: z.partialRecord(Atmosphere, z.number().int()), source: Source }),
    /** AW 19.2.4: the same atmosphere in every GT of the last `days` GDs. */
    pattern: z.strictObject({ days: z.number().int().positive(), drm: z.partialRecord(Atmosphere, z.number().int()), source: Source }),
  }),
  storm: z.strictObject({
    /** Before this GT a storm result is overcast with rain, with no rain roll (AW 19.3.0). */
    notBefore: z.strictObject({ date: IsoDate, time: TimeOfDay, source: Source }),
    /** Storms generated per calendar month; another storm result is overcast with rain (AW 19.3.4a). */
    perMonth: z.strictObject({ max: z.number().int().positive(), source: Source }),
    /** Months in which an unmodified roll from `min` is a storm (if permissible). */
    unmodified: z.strictObject({ months: z.array(Month), min: Percentile, source: Source }),
    /** The AM GT after the storm: 1d10 halved is the GDs that pass (the current one counted) before the first end check. */
    duration: z.strictObject({ round: z.enum(['up', 'down']), zeroIs: z.number().int().positive(), source: Source }),
    /** The end check: 1d10 ≤ `max` (with `drmPerDay` for each GD after the first check) ends the storm; the weather of that GD. */
    end: z.strictObject({ max: Die, drmPerDay: z.number().int(), atmosphere: Atmosphere, rain: z.boolean(), source: Source }),
  }),
  /** AW 19.4.1: 1d10 + DRMs; rain when at most `max` of the atmosphere (atmospheres not listed roll no rain). */
  rain: z.strictObject({
    max: z.partialRecord(Atmosphere, Die),
    drm: z.array(z.strictObject({ until: IsoDate, drm: z.number().int(), source: Source })),
    source: Source,
  }),
  /** AW 19.5.0 Ground Condition Matrix: the previous GT's rain and ground against this GT's rain. */
  ground: z.strictObject({
    rows: z.array(z.strictObject({ previousRain: z.boolean(), previousGround: Ground, noRain: Ground, rain: Ground, source: Source })).min(1),
    source: Source,
  }),
}).superRefine((t, ctx) => {
  const ids = new Set(t.sectors.map((s) => s.id));
  for (const k of ['west', 'east', 'onLine'] as const) if (!ids.has(t.boundary[k])) ctx.addIssue({ code: 'custom', path: ['boundary', k], message: `no sector "${t.boundary[k]}"` });
  t.sectors.forEach((s, i) => {
    if (s.afterSector && !t.sectors.slice(0, i).some((x) => x.id === s.afterSector!.sector)) ctx.addIssue({ code: 'custom', path: ['sectors', i, 'afterSector', 'sector'], message: `"${s.afterSector.sector}" is not a sector rolled before "${s.id}"` });
  });
  for (const rain of [false, true]) for (const g of Ground.options) {
    if (!t.ground.rows.some((r) => r.previousRain === rain && r.previousGround === g)) ctx.addIssue({ code: 'custom', path: ['ground', 'rows'], message: `no row for the previous GT ${rain ? 'rain' : 'no rain'}, ${g}` });
  }
});
export type VariableWeatherTables = z.infer<typeof VariableWeatherTables>;

/** A scenario's use of the variable weather (scenario.special.variableWeather). */
export const VariableWeatherRule = z.strictObject({
  /** The id of the tables file in data/modules/weather. */
  tables: z.string().min(1),
  /** The first GT rolled; before it the historical weather, else the scenario's fixed `weather`. */
  from: z.strictObject({ date: IsoDate, time: TimeOfDay }),
  source: Source,
});
export type VariableWeatherRule = z.infer<typeof VariableWeatherRule>;
