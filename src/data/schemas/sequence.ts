import { z } from 'zod';
import { Source } from './common';

export const Side = z.enum(['allied', 'german']);
export type Side = z.infer<typeof Side>;

export const TimeOfDay = z.enum(['AM', 'PM', 'Night']);
export type TimeOfDay = z.infer<typeof TimeOfDay>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');

/**
 * A named condition on the game time or the state (AW 3.3.0: "AM" means the phase happens only on
 * AM game turns). Strings: `AM`, `PM`, `night`, or the name of a custom guard a rule module
 * registers (`RuleModule.guards`) or the sequence file declares (`guards`). Objects: a date window
 * (`fromDate` / `untilDate`, inclusive, optionally from / until a time of day), the game day of the
 * scenario (1 = its first day), and the combinators `not`, `anyOf`, `allOf`.
 */
export type Guard =
  | string
  | { fromDate: string; time?: TimeOfDay }
  | { untilDate: string; time?: TimeOfDay }
  | { dayOfScenario: number | { from?: number; until?: number } }
  | { not: Guard }
  | { anyOf: Guard[] }
  | { allOf: Guard[] };

export const Guard: z.ZodType<Guard> = z.lazy(() => z.union([
  z.string().regex(/^[a-zA-Z][\w-]*$/),
  z.object({ fromDate: IsoDate, time: TimeOfDay.optional() }).strict(),
  z.object({ untilDate: IsoDate, time: TimeOfDay.optional() }).strict(),
  z.object({ dayOfScenario: z.union([z.number().int().min(1), z.object({ from: z.number().int().min(1).optional(), until: z.number().int().min(1).optional() }).strict()]) }).strict(),
  z.object({ not: Guard }).strict(),
  z.object({ anyOf: z.array(Guard).min(1) }).strict(),
  z.object({ allOf: z.array(Guard).min(1) }).strict(),
]));

/** Who acts in a segment (one side). In the game-turn phases "phasing" is the first side of the scenario. */
export const OneActor = z.enum(['phasing', 'nonPhasing', 'allied', 'german']);
export type OneActor = z.infer<typeof OneActor>;

/**
 * `auto`: nobody acts, the engine runs the segment's hooks and steps and moves on. `{both: [a, b]}`:
 * both sides act in the set order, each ending its part with `endSegment`.
 */
export const Actor = z.union([z.literal('auto'), OneActor, z.object({ both: z.tuple([OneActor, OneActor]) }).strict()]);
export type Actor = z.infer<typeof Actor>;

/**
 * One segment: the smallest step of the sequence of play. `admits` lists the action types the
 * dispatcher accepts in it (besides the file's `anywhere` types and the answers to a pending
 * decision); `steps` the named automatic steps rule modules register (`RuleModule.steps`), run in
 * order on entry. `modelled: false`: the rules are not built yet; the segment is entered, says so
 * in a `notModelled` event ("not modelled yet: AW x.y") and passes.
 */
export const Segment = z.object({
  id: z.string().regex(/^[a-zA-Z][\w-]*$/),
  name: z.string(),
  case: z.string(),
  /** Where the segment is in the rules text (seed line). */
  source: Source.optional(),
  actor: Actor,
  /** What the acting player is expected to do, shown by the tracker. */
  prompt: z.string(),
  /** Every guard must hold, or the segment is skipped (a `segmentSkipped` event names the guard). */
  when: z.array(Guard).default([]),
  /** The case that makes the segment conditional (e.g. "AW 31.6" for no Exploitation at Night). */
  whenCase: z.string().optional(),
  admits: z.array(z.string()).default([]),
  steps: z.array(z.string()).default([]),
  modelled: z.boolean().default(true),
  /**
   * An automatic segment whose hooks may open a decision (AW 3.3.1: the Allied player's AP
   * allocation): the sequence waits in it until the decision closes, then goes on by itself.
   * Otherwise an automatic segment never holds the sequence.
   */
  waitsForDecisions: z.boolean().optional(),
}).strict();
export type Segment = z.infer<typeof Segment>;

/**
 * A phase: its segments in order. `side: 'nonPhasing'` marks a phase the non-phasing side plays
 * inside the other side's player turn (AW 3.3.5d: the Axis Exploitation Phase in the Allied player turn).
 */
export const Phase = z.object({
  id: z.string().regex(/^[a-zA-Z][\w-]*$/),
  name: z.string(),
  case: z.string(),
  source: Source.optional(),
  side: z.enum(['phasing', 'nonPhasing']).default('phasing'),
  when: z.array(Guard).default([]),
  whenCase: z.string().optional(),
  segments: z.array(Segment).min(1),
}).strict();
export type Phase = z.infer<typeof Phase>;

/**
 * A stage played before a game turn (AW 3.2.0): its sub-phases in order. `runs: 'once'`: before the
 * first GT whose `when` holds, never again (AW 41.0 Airborne Assault Stage). `runs: {until}`: before
 * every GT whose `when` holds while the `until` guard does not; once it holds at the start of a GT, never again
 * (AW 42.0 Amphibious Assault Stage, "until all beaches are cleared").
 */
export const Stage = z.object({
  id: z.string().regex(/^[a-zA-Z][\w-]*$/),
  name: z.string(),
  case: z.string(),
  source: Source,
  when: z.array(Guard).default([]),
  runs: z.union([z.literal('once'), z.object({ until: Guard }).strict()]),
  phases: z.array(Phase).min(1),
}).strict();
export type Stage = z.infer<typeof Stage>;

/** A custom guard declared in data, with the value it has while no rule module registers it. */
export const GuardDecl = z.object({
  text: z.string(),
  case: z.string(),
  source: Source,
  /** The value while the rules that decide it are not built (a stage shell runs once, then stops). */
  default: z.boolean(),
}).strict();

/**
 * A sequence of play as data (docs/engine.md "Sequence of play"), per game turn: the stages that
 * run before it, the game-turn phases both sides share, the player turn (run once per side in the
 * scenario's `sides` order), then the game-turn end phase.
 */
export const SequenceFile = z.object({
  format: z.literal('neptune-sequence/2'),
  id: z.string(),
  name: z.string(),
  source: Source,
  timesOfDay: z.array(TimeOfDay).length(3),
  stages: z.array(Stage).default([]),
  gameTurn: z.array(Phase).default([]),
  playerTurn: z.array(Phase).min(1),
  turnEnd: z.object({ id: z.string(), name: z.string(), case: z.string(), source: Source.optional() }).strict(),
  /** Action types admitted in every segment (a free die roll, a PBEM dice key). */
  anywhere: z.array(z.string()).default([]),
  /** Player-facing names of action types, for the dispatcher's refusals ("units move"). */
  actionNames: z.record(z.string(), z.string()).default({}),
  guards: z.record(z.string(), GuardDecl).default({}),
}).strict().superRefine((s, ctx) => {
  const seen = new Set<string>();
  const check = (phases: Phase[], path: (string | number)[], scope: string) => phases.forEach((p, i) => p.segments.forEach((g, j) => {
    const k = `${scope}.${p.id}.${g.id}`;
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [...path, i, 'segments', j, 'id'], message: `duplicate segment ${k}` });
    seen.add(k);
  }));
  s.stages.forEach((st, i) => check(st.phases, ['stages', i, 'phases'], st.id));
  check(s.gameTurn, ['gameTurn'], 'gameTurn');
  check(s.playerTurn, ['playerTurn'], 'playerTurn');
});
export type SequenceFile = z.infer<typeof SequenceFile>;
