import { z } from 'zod';
import { Source } from './common';

export const Side = z.enum(['allied', 'german']);
export type Side = z.infer<typeof Side>;

export const TimeOfDay = z.enum(['AM', 'PM', 'Night']);
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/**
 * A sequence of play as data: the phases and segments of one player turn (run once per side in
 * `sides` order), then the game-turn end phase. `actor` says who acts in a segment: the phasing
 * player, the non-phasing player (e.g. defensive FS), or nobody (the engine runs it).
 */
export const Segment = z.object({
  id: z.string().regex(/^[a-zA-Z][\w-]*$/),
  name: z.string(),
  case: z.string(),
  actor: z.enum(['phasing', 'nonPhasing', 'auto']),
  /** What the acting player is expected to do, shown by the tracker. */
  prompt: z.string(),
  /** GT times in which the segment is skipped (e.g. Exploit at Night, AW 31.6). */
  skipAt: z.array(TimeOfDay).default([]),
});
export type Segment = z.infer<typeof Segment>;

export const SequenceFile = z.object({
  format: z.literal('neptune-sequence/1'),
  id: z.string(),
  name: z.string(),
  source: Source,
  timesOfDay: z.array(TimeOfDay).length(3),
  playerTurn: z.array(z.object({ id: z.string(), name: z.string(), case: z.string(), segments: z.array(Segment).min(1) })).min(1),
  turnEnd: z.object({ id: z.string(), name: z.string(), case: z.string() }),
}).superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.playerTurn.forEach((p, i) => p.segments.forEach((g, j) => {
    const k = `${p.id}.${g.id}`;
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['playerTurn', i, 'segments', j, 'id'], message: `duplicate segment ${k}` });
    seen.add(k);
  }));
});
export type SequenceFile = z.infer<typeof SequenceFile>;
