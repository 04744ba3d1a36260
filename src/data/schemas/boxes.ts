/**
 * Off-map box graphs (docs/engine.md "Locations"): the displays a scenario or module declares in data —
 * beach display boxes, landing and "in the queue" boxes, the airborne ES track (AW 41.2.3c), naval
 * transit boxes, strategic map boxes. Each box is one location in the engine's integer location space
 * (src/engine/rules/locations.ts), beside the map hexes. Validated at load (src/data/bundle.ts).
 */
import { z } from 'zod';
import { Source } from './common';
import { HexRef } from './map';
import { Side } from './sequence';

const BoxId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a box id is lowercase letters, digits and dashes, e.g. "es-3"');

/**
 * How many units a box holds. `unlimited`: no limit (a track, a pool); `units`: at most `max` units of
 * one side; `hex`: the GOSS 6.3.0 limits of a non-constricted hex (a box standing for a place on the
 * ground, e.g. a landing box).
 */
export const BoxStacking = z.discriminatedUnion('rule', [
  z.strictObject({ rule: z.literal('unlimited'), source: Source }),
  z.strictObject({ rule: z.literal('units'), max: z.number().int().positive(), source: Source }),
  z.strictObject({ rule: z.literal('hex'), source: Source }),
]);
export type BoxStacking = z.infer<typeof BoxStacking>;

/**
 * Supply of a unit in the box: `inSupply` (GenS, e.g. a reinforcement or transit box), `outOfSupply`
 * (OoS, e.g. units scattered far from any supply), `none` (not traced at all: the unit keeps its
 * supply markers; e.g. eliminated or pool boxes).
 */
export const BoxSupply = z.strictObject({ rule: z.enum(['inSupply', 'outOfSupply', 'none']), source: Source });
export type BoxSupply = z.infer<typeof BoxSupply>;

export const BoxDef = z.strictObject({
  id: BoxId,
  /** Player-facing name, e.g. "ES box 3". */
  name: z.string().min(1),
  /** Boxes a unit here may move to (directed: the ES track only descends, AW 41.2.3c). */
  adjacent: z.array(BoxId).default([]),
  /** Map hexes a unit here may move onto (e.g. the DZs a unit leaving ES box 1 lands on). */
  entry: z.array(HexRef).default([]),
  stacking: BoxStacking,
  supply: BoxSupply,
  /**
   * Who sees which units are in the box (view, docs/engine.md "Hidden information"): `public`, or
   * `owner` (the other side sees only how many units of each side are there).
   */
  visibility: z.enum(['public', 'owner']).default('public'),
  /** Box-specific numbers a module reads (e.g. an ES box's elimination range), each with its source. */
  values: z.record(z.string(), z.strictObject({ value: z.unknown(), source: Source })).optional(),
  source: Source,
});
export type BoxDef = z.infer<typeof BoxDef>;

export const BoxGraphFile = z.strictObject({
  format: z.literal('neptune-boxes/1'),
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  case: z.string().optional(),
  /** The side whose units use the graph, when only one does (the ES track: Allied airborne units). */
  side: Side.optional(),
  /**
   * Segment ids in which the phasing player may move its own units along the graph's adjacencies and
   * onto entry hexes with the generic `moveBox` action. Empty: the graph's moves are made by its module.
   */
  moveSegments: z.array(z.string()).default([]),
  moveCase: z.string().optional(),
  boxes: z.array(BoxDef).min(1),
  source: Source,
});
export type BoxGraphFile = z.infer<typeof BoxGraphFile>;
