import { z } from 'zod';
import { Source } from './common';
import { ROUTE_CLASSES } from './map';

/**
 * Schemas of the combat rules tables in data/tables/ (GOSS 11, 13, AW 31.7, 31.9). Each table names
 * its source; a reconstructed table uses the same schema an owner's transcription of the printed
 * chart would, so the file can be replaced by editing data only.
 */

/** A GA result (GOSS 13.9.2): `*` mandatory PRC, `n` discretionary hits, `(n)` mandatory hits; `-` none. */
export const GaResult = z.string().regex(/^(-|\*?[0-3]?(\([1-3]\))?)$/, 'a GA result looks like -, *, 1, (1), *2(3)')
  .refine((s) => s.length > 0, 'empty GA result');

const Range = z.tuple([z.number().int(), z.number().int()]).refine(([a, b]) => a <= b, 'range must be [low, high] with low ≤ high');

export const GroundAssaultTable = z.object({
  format: z.literal('neptune-table/1'),
  id: z.literal('ground-assault'),
  name: z.string(),
  source: Source,
  /** Lettered columns, left (worst for the attacker) to right (GOSS 13.9.1). */
  columns: z.array(z.string().min(1)).min(2),
  /** Terrain lines (GOSS 13.3.2): each maps its combat ratios onto the lettered columns it spans. */
  lines: z.array(z.object({
    line: z.number().int().min(1),
    terrain: z.array(z.string()).min(1),
    /** Left to right; `ratio` is attacker:defender as a number (e.g. 0.5 for 1:2). */
    ratios: z.array(z.object({ label: z.string(), ratio: z.number().positive(), column: z.string() })).min(1),
  })).min(1),
  /** Per column: 10 attacker DR ranges (top half, results on the defender), lowest row first. */
  attackerRolls: z.record(z.string(), z.array(Range).length(10)),
  /** Per column: 10 defender DR ranges (bottom half, results on the attacker), lowest row first. */
  defenderRolls: z.record(z.string(), z.array(Range).length(10)),
  /** Result columns (GOSS 13.9.1: one right of H, one right of N); each lettered column reads one. */
  resultSets: z.array(z.object({
    id: z.string(),
    columns: z.array(z.string()).min(1),
    /** Row i of the top half: result on the defender. */
    onDefender: z.array(GaResult).length(10),
    /** Row i of the bottom half: result on the attacker. */
    onAttacker: z.array(GaResult).length(10),
  })).min(1),
  /** Worked examples the table must reproduce (checked by tests and tools/tables/ga.mjs). */
  checks: z.array(z.object({
    line: z.number().int(), ratio: z.string(), roll: z.enum(['attacker', 'defender']), modified: z.number().int(),
    result: GaResult, source: Source,
  })).default([]),
}).superRefine((t, ctx) => {
  const cols = new Set(t.columns);
  t.columns.forEach((c) => {
    if (!t.attackerRolls[c]) ctx.addIssue({ code: 'custom', path: ['attackerRolls', c], message: `column ${c} has no attacker DR ranges` });
    if (!t.defenderRolls[c]) ctx.addIssue({ code: 'custom', path: ['defenderRolls', c], message: `column ${c} has no defender DR ranges` });
    if (!t.resultSets.some((s) => s.columns.includes(c))) ctx.addIssue({ code: 'custom', path: ['resultSets'], message: `column ${c} reads no result set` });
  });
  t.lines.forEach((l, i) => l.ratios.forEach((r, j) => {
    if (!cols.has(r.column)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'ratios', j, 'column'], message: `unknown column ${r.column}` });
    if (j > 0 && r.ratio <= l.ratios[j - 1].ratio) ctx.addIssue({ code: 'custom', path: ['lines', i, 'ratios', j, 'ratio'], message: 'ratios must increase left to right' });
  }));
  for (const half of ['attackerRolls', 'defenderRolls'] as const) {
    for (const [c, rows] of Object.entries(t[half])) {
      rows.forEach((r, i) => {
        if (i > 0 && r[0] !== rows[i - 1][1] + 1) ctx.addIssue({ code: 'custom', path: [half, c, i], message: `row ${i + 1} must start right after row ${i}` });
      });
    }
  }
});
export type GroundAssaultTable = z.infer<typeof GroundAssaultTable>;

/** GA modifiers as data (GOSS 13.3, 13.6–13.8, 13.11–13.12, AW 1.2.7b). */
export const GaModifiersTable = z.object({
  format: z.literal('neptune-table/1'),
  id: z.literal('ga-modifiers'),
  name: z.string(),
  source: Source,
  /** Map terrain → GAT line (GOSS 13.3.2, AW 1.2.7b). */
  terrainLine: z.record(z.string(), z.number().int().min(1)),
  /** Terrain that also holds clear ground the defender may choose (e.g. a village in open country). */
  alsoClear: z.array(z.string()).default([]),
  /** Left shifts for the defender's fieldworks (GOSS 13.7.4). */
  dwShifts: z.record(z.string(), z.number().int()),
  /** Arm/AT terrain modifier and maximum bonuses (GOSS 13.8.4). */
  armTerrain: z.record(z.string(), z.object({ mod: z.number().int(), max: z.number().int() })),
  armDw: z.record(z.string(), z.number().int()),
  armGtCap: z.object({ day: z.number().int(), night: z.number().int() }),
  drmPer: z.object({ pr: z.number(), cr: z.number(), rib: z.number(), arm: z.number(), armHeavy: z.number() }),
  drmCap: z.number().int().positive(),
  maxCr: z.number().int(),
  ribMax: z.object({ attacker: z.number().int(), defender: z.number().int(), attackerRgts: z.number().int(), defenderRgts: z.number().int(), perRgtMin: z.number().int(), perRgtMax: z.number().int() }),
  retreatMax: z.object({ defendingLeg: z.number().int(), defendingMech: z.number().int(), attackingLeg: z.number().int(), attackingMech: z.number().int() }),
  advanceMax: z.object({ tac: z.number().int(), paLeg: z.number().int(), paMech: z.number().int(), night: z.number().int(), bocage: z.number().int() }),
  /** Terrain in which retreating / advancing Mech units stop (GOSS 13.11, 13.12). */
  mechStops: z.array(z.string()),
  /** Movement covering terrain (GOSS 8.2, AW 1.2.7a) and other covering terrain. */
  mct: z.array(z.string()),
  oct: z.array(z.string()),
});
export type GaModifiersTable = z.infer<typeof GaModifiersTable>;

const FsRow = z.object({ min: z.number().int(), max: z.number().int(), result: z.string(), as: z.number().int().min(0), hits: z.number().int().min(0) });

/** Fire support (GOSS 11.5–11.6, AW 31.9). */
export const FireSupportTable = z.object({
  format: z.literal('neptune-table/1'),
  id: z.literal('fire-support'),
  name: z.string(),
  source: Source,
  /** FSV = 1d10 + volley points + net DRM → result (GOSS 11.6.0). Rows cover every FSV, lowest first. */
  results: z.array(FsRow).min(2),
  volleySize: z.number().int().positive(),
  drmCap: z.number().int().positive(),
  terrain: z.record(z.string(), z.number().int()),
  dw: z.record(z.string(), z.number().int()),
  armour: z.object({ mixed: z.number().int(), pure: z.number().int() }),
  density: z.array(z.object({ maxSteps: z.number(), drm: z.number().int() })),
  other: z.object({ night: z.number().int(), unobserved: z.number().int(), vantageSpotter: z.number().int(), nebelwerfer: z.number().int(), strat: z.number().int() }),
  /** AW 31.9.4 mission caps by observation. */
  caps: z.object({ unobserved: z.number().int(), observed: z.number().int(), observedPaOrEt: z.number().int() }),
  air: z.object({ maxPerMission: z.number().int(), apPerPoint: z.record(z.string(), z.number().positive()) }),
  naval: z.object({ maxPerMission: z.number().int() }),
  heavyFlak: z.object({ points: z.number().int(), range: z.number().int() }),
}).superRefine((t, ctx) => {
  t.results.forEach((r, i) => {
    if (i > 0 && r.min !== t.results[i - 1].max + 1) ctx.addIssue({ code: 'custom', path: ['results', i], message: 'FS rows must be contiguous' });
  });
});
export type FireSupportTable = z.infer<typeof FireSupportTable>;

/** AW 31.7 ground interdiction. */
export const GroundInterdictionTable = z.object({
  format: z.literal('neptune-table/1'),
  id: z.literal('ground-interdiction'),
  name: z.string(),
  source: Source,
  results: z.array(z.object({ min: z.number().int(), max: z.number().int(), fatigue: z.number().int().min(0).max(2), steps: z.number().int().min(0) })),
  drm: z.object({ pureAfv: z.number().int(), flakOrHqNear: z.number().int(), flakOrHqRange: z.number().int(), povr: z.number().int(), road: z.number().int() }),
  farFromEnemy: z.number().int(),
});
export type GroundInterdictionTable = z.infer<typeof GroundInterdictionTable>;

/**
 * AW 11.9.0 naval units: the Naval Unit Availability chart (1d10 per ship type per task force, W/E),
 * and the FS points and range of each ship type (GOSS 11.4 NGS; the seed has no numbers for them).
 */
const ShipKind = z.enum(['BB', 'MN', 'CA', 'CL', 'DD']);
export const NavalTable = z.object({
  format: z.literal('neptune-table/1'),
  id: z.literal('naval'),
  name: z.string(),
  source: Source,
  ships: z.record(ShipKind, z.object({ points: z.number().int().nonnegative(), range: z.number().int().positive(), source: Source })),
  /** Rows for die rolls 0-9: per ship type, [western TF (US), eastern TF (CW)] ship counts. */
  availability: z.object({
    rows: z.array(z.object({ roll: z.number().int().min(0).max(9), W: z.record(ShipKind, z.number().int().nonnegative()), E: z.record(ShipKind, z.number().int().nonnegative()) })).length(10),
    source: Source,
  }),
  /** AW 11.9.0: naval units' fixed ADV for the ammunition depletion check. */
  adv: z.number().int().nonnegative(),
  advSource: Source,
});
export type NavalTable = z.infer<typeof NavalTable>;

/** The Terrain Effects Chart (GOSS 7, data/tables/tec.json), read by src/engine/rules/terrain.ts. */
const Mp = z.number().nonnegative().multipleOf(0.5);
const Cover = z.enum(['open', 'OCT', 'MCT']);
const Src = z.string().min(3);

export const TecTable = z.object({
  id: z.literal('tec'),
  terrain: z.record(z.string(), z.object({ leg: Mp.nullable(), mech: Mp.nullable(), mechRoad: Mp.nullable(), cover: Cover, source: Src })),
  fieldworks: z.record(z.string(), z.object({ cover: Cover, halt: z.boolean(), noSlide: z.boolean(), source: Src })),
  hexsides: z.record(z.string(), z.object({ leg: Mp.nullable(), mech: Mp.nullable(), source: Src })),
  roads: z.record(z.string(), z.object({ leg: Mp, mechRoad: Mp, mechRoadNonClear: Mp, source: Src })),
  adjacentEnemy: z.object({ leg: Mp, mech: Mp, source: Src }),
  constricted: z.object({ leg: Mp, mech: z.union([Mp, z.literal('allMA')]), source: Src }),
  friendlyOccupiedRoad: z.object({ mp: Mp, source: Src }),
  overrun: z.object({ mp: Mp, source: Src }),
  pa: z.object({ hexes: z.object({ leg: z.number().int(), mech: z.number().int(), ranger: z.number().int(), cdo: z.number().int() }), mechStop: z.array(z.string()), source: Src }),
  night: z.object({ halfMaUnlessEnemyWithin: z.number().int().nonnegative(), source: Src }),
  exploit: z.object({ printedMaDivisor: z.number().positive(), source: Src }),
  artilleryGroupMa: z.object({ ma: z.number().nonnegative(), source: Src }),
  /** GOSS 7.6.1 step 2 / 7.6.2: Leg road march MA bonus and the road classes it runs on (absent: no road march). */
  legRoadMarch: z.object({ ma: z.number().nonnegative(), roads: z.array(z.enum(ROUTE_CLASSES)), source: Src }).optional(),
  /**
   * GOSS 7.6.1 step 5 / 19.4 (AW 31.2.1b): effects of the ground condition by name (absent: none), the
   * roads a move must follow wholly to be exempt, and the conditions in which Mech road movement may
   * use clear hexes as roads (GOSS 7.10.1).
   */
  ground: z.object({
    exemptRoads: z.array(z.enum(ROUTE_CLASSES)),
    clearAsRoadIn: z.array(z.string()),
    conditions: z.record(z.string(), z.object({
      mechMa: z.number().int().optional(), maDivisor: z.number().int().positive().optional(),
      paMechHexes: z.number().int().nonnegative().optional(), paCdoHexes: z.number().int().nonnegative().optional(),
      advanceMax: z.number().int().nonnegative().optional(), source: Src,
    })),
    source: Src,
  }).optional(),
});
export type TecTable = z.infer<typeof TecTable>;

/** Stacking limits (GOSS 6, AW 31.9.2a; data/tables/stacking.json), read by src/engine/rules/stacking.ts. */
const Limit = z.object({ bn: z.number().int(), co: z.number().int(), z: z.number().int(), maxUnits: z.object({ german: z.number().int(), allied: z.number().int() }), freeCo: z.object({ german: z.number().int(), allied: z.number().int() }), source: z.string() });
export const StackingTable = z.object({
  id: z.literal('stacking'),
  limits: z.object({ nonConstricted: Limit, constricted: Limit }),
  freeTypes: z.object({ engAt: z.string(), afv: z.string(), source: z.string() }),
  hq: z.object({ countsAs: z.enum(['bn', 'co', 'none']), source: z.string() }),
  artilleryGroupsAlone: z.object({ value: z.boolean(), source: z.string() }),
});
export type StackingTable = z.infer<typeof StackingTable>;

/** One bridge demolition method (GOSS 17.3.2b hasty, 17.3.2c prepared): success when 1d10 + DRMs <= max of the row for the Eng steps. */
const Demolition = z.object({
  success: z.array(z.object({ engSteps: z.number().int().positive(), max: z.number().int() })).min(1),
  drm: z.object({ night: z.number().int(), enemyAdjacent: z.number().int() }),
  /** The bridge must be within this many hexes of an enemy unit. */
  enemyWithin: z.number().int().positive(),
  source: z.string(),
});
const BridgeRow = z.object({ eng: z.number().int().positive(), gts: z.number().int().positive() });
const BuildRow = z.object({ eng: z.number().int().nonnegative(), other: z.number().int().nonnegative(), time: z.enum(['thisGt', 'nextGt']) });
/** Construction and demolition (GOSS 17.3; data/tables/construction.json), read by src/engine/rules/bridgeDemolition.ts. */
export const ConstructionTable = z.object({
  format: z.literal('neptune-table/1'), id: z.literal('construction'), name: z.string(), source: z.string(),
  demolition: z.object({ prepared: Demolition, hasty: Demolition }),
  /** GOSS 17.3.3: the builders' steps (Eng, and Eng + other) for each fieldwork, first matching row, and when it is finished. */
  fieldworks: z.object({
    IP: z.array(BuildRow).min(1),
    'ET-2': z.array(BuildRow).min(1),
    source: z.string(),
  }),
  /** GOSS 17.3.0: GTs to build a bridge by water type and Eng steps (first row the steps reach). */
  bridges: z.object({
    stream: z.array(BridgeRow).min(1), river: z.array(BridgeRow).min(1), majorRiver: z.array(BridgeRow).min(1), source: z.string(),
  }),
});
export type ConstructionTable = z.infer<typeof ConstructionTable>;

/** The schema of each table id in data/tables/: every table is validated when a scenario loads. */
export const TABLE_SCHEMAS: Record<string, z.ZodType> = {
  'ground-assault': GroundAssaultTable,
  'ga-modifiers': GaModifiersTable,
  'fire-support': FireSupportTable,
  'ground-interdiction': GroundInterdictionTable,
  naval: NavalTable,
  tec: TecTable,
  stacking: StackingTable,
  construction: ConstructionTable,
};
