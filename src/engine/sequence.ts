/**
 * The sequence of play (AW 3.0–3.3, 31.1–31.4, 35.1), driven by sequence data
 * (data/sequences/*.json, schema src/data/schemas/sequence.ts). Per game turn: the stages that run
 * before it (AW 3.2.2–3.2.3), the game-turn phases both sides share (AW 3.3.1–3.3.4), the player
 * turn once per side (AW 3.3.5–3.3.6), then the game-turn end (AW 3.3.7). This file is pure
 * navigation and time: which segment comes next, who acts, which guards hold. Running segments
 * (hooks, steps, events) is src/engine/game.ts.
 */
import type { Guard, Phase, SequenceFile, Segment, Stage, OneActor } from '../data/schemas/sequence';
import type { ScenarioFile } from '../data/schemas/scenario';
import type { SeqPos, Side, TimeOfDay } from './types';

/** Days since 1970-01-01 of a YYYY-MM-DD date (Howard Hinnant's days_from_civil; no clock involved). */
const DAYS = new Map<string, number>();

export function daysFromCivil(iso: string): number {
  let n = DAYS.get(iso);
  if (n === undefined) { n = daysOf(iso); if (DAYS.size < 100_000) DAYS.set(iso, n); }
  return n;
}

function daysOf(iso: string): number {
  let y = +iso.slice(0, 4);
  const m = +iso.slice(5, 7);
  const d = +iso.slice(8, 10);
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** civilFromDays's answers: every segment event names its date (a replay asks for a few hundred days, thousands of times). */
const CIVIL = new Map<number, string>();

/** The date `n` days after `date` (before it when negative). */
export function addDays(date: string, n: number): string {
  return civilFromDays(daysFromCivil(date) + n);
}

export function civilFromDays(z: number): string {
  let s = CIVIL.get(z);
  if (s === undefined) { s = civilOf(z); if (CIVIL.size < 100_000) CIVIL.set(z, s); }
  return s;
}

function civilOf(z: number): string {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A point of game time: the GT index within the scenario, its calendar date and time of day
 * (3 GTs per game day, GOSS 3.0), and the game day of the scenario (1 = the day it starts).
 */
export interface GameTime {
  turn: number;
  date: string;
  time: TimeOfDay;
  day: number;
}

/** The game time of GT index `turn`. */
export function gameTime(scenario: ScenarioFile, seq: SequenceFile, turn: number): GameTime {
  const startTod = seq.timesOfDay.indexOf(scenario.start.time);
  const k = startTod + turn;
  const day = Math.floor(k / 3);
  const date = civilFromDays(daysFromCivil(scenario.start.date) + day);
  return { turn, date, time: seq.timesOfDay[((k % 3) + 3) % 3], day: day + 1 };
}

/** Calendar date and time of day of a game turn index (a GameTime; the name older callers use). */
export const turnTime = gameTime;

/** Order of two (date, time of day) points: negative when `a` comes first. */
export function compareTime(seq: SequenceFile, a: { date: string; time: TimeOfDay }, b: { date: string; time: TimeOfDay }): number {
  return (daysFromCivil(a.date) - daysFromCivil(b.date)) * 3 + seq.timesOfDay.indexOf(a.time) - seq.timesOfDay.indexOf(b.time);
}

/** Number of game turns from scenario start to `end` inclusive. */
export function turnCount(scenario: ScenarioFile, seq: SequenceFile, end: { date: string; time: TimeOfDay }): number {
  return compareTime(seq, end, scenario.start) + 1;
}

// ---------------------------------------------------------------------------------------------
// Positions. A SeqPos without `part` is in a player turn (the only part the introductory
// sequence has, so its positions keep their old shape); `part: 'gameTurn'` is in the game-turn
// phases, `part: 'stage'` in stage `stage` (index into the file's stages).

/** The phases `pos` indexes into. */
export function phasesAt(seq: SequenceFile, pos: SeqPos): Phase[] {
  if (pos.part === 'stage') return seq.stages[pos.stage ?? 0].phases;
  if (pos.part === 'gameTurn') return seq.gameTurn;
  return seq.playerTurn;
}

export function stageAt(seq: SequenceFile, pos: SeqPos): Stage | null {
  return pos.part === 'stage' ? seq.stages[pos.stage ?? 0] : null;
}

export function segmentAt(seq: SequenceFile, pos: SeqPos): { phase: Phase; segment: Segment } {
  const phase = phasesAt(seq, pos)[pos.phase];
  return { phase, segment: phase.segments[pos.segment] };
}

/** The phasing side: the side whose player turn it is (in stages and game-turn phases, the scenario's first side). */
export function phasingSide(scenario: ScenarioFile, pos: SeqPos): Side {
  return scenario.sides[pos.playerTurn];
}

function resolveActor(scenario: ScenarioFile, pos: SeqPos, a: OneActor): Side {
  if (a === 'allied' || a === 'german') return a;
  return a === 'phasing' ? scenario.sides[pos.playerTurn] : scenario.sides[1 - pos.playerTurn];
}

/** The side expected to act at `pos`, or null for an automatic segment (and one whose rules are not built yet). */
export function actorAt(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): Side | null {
  const { segment } = segmentAt(seq, pos);
  const a = segment.actor;
  if (a === 'auto' || !segment.modelled) return null;
  if (typeof a === 'object') return resolveActor(scenario, pos, a.both[pos.actorStep ?? 0]);
  return resolveActor(scenario, pos, a);
}

/** True while the first of two sides of a `both` segment acts (its endSegment hands over to the second). */
export function firstOfBoth(seq: SequenceFile, pos: SeqPos): boolean {
  const a = segmentAt(seq, pos).segment.actor;
  return typeof a === 'object' && !pos.actorStep;
}

/** A side's name as players read it ("Allied", "German"): the one spelling for the engine's texts, the save layer's and the UI's. */
export const SIDE_NAME: Readonly<Record<Side, string>> = { allied: 'Allied', german: 'German' };

/** The part of the game turn, in words: "Allied player turn", "Game-turn phases", or the stage's name. */
export function partLabel(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): string {
  if (pos.part === 'stage') return stageAt(seq, pos)!.name;
  if (pos.part === 'gameTurn') return 'Game-turn phases';
  return `${SIDE_NAME[phasingSide(scenario, pos)]} player turn`;
}

/** The phase name, with the side that plays it when it is the non-phasing side (AW 3.3.5d "Axis Exploitation Phase"). */
export function phaseLabel(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): string {
  const { phase } = segmentAt(seq, pos);
  return phase.side === 'nonPhasing' ? `${SIDE_NAME[scenario.sides[1 - pos.playerTurn]]} ${phase.name}` : phase.name;
}

export function posLabel(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): string {
  const { date, time } = gameTime(scenario, seq, pos.turn);
  const { segment } = segmentAt(seq, pos);
  return `GT ${pos.turn + 1} (${date} ${time}) · ${partLabel(scenario, seq, pos)} · ${phaseLabel(scenario, seq, pos)} · ${segment.name}`;
}

/** The parts of a game turn in order: each stage, the game-turn phases, the two player turns. */
function partStart(seq: SequenceFile, turn: number, k: number): SeqPos | null {
  const ns = seq.stages.length;
  if (k < ns) return { turn, playerTurn: 0, phase: 0, segment: 0, part: 'stage', stage: k };
  if (k === ns && seq.gameTurn.length) return { turn, playerTurn: 0, phase: 0, segment: 0, part: 'gameTurn' };
  if (k <= ns + 1) return { turn, playerTurn: 0, phase: 0, segment: 0 };
  if (k === ns + 2) return { turn, playerTurn: 1, phase: 0, segment: 0 };
  return null;
}

function partIndex(seq: SequenceFile, pos: SeqPos): number {
  const ns = seq.stages.length;
  if (pos.part === 'stage') return pos.stage ?? 0;
  if (pos.part === 'gameTurn') return ns;
  return ns + 1 + pos.playerTurn;
}

/** The first position of game turn `turn`. */
export function firstPos(seq: SequenceFile, turn: number): SeqPos {
  return partStart(seq, turn, 0)!;
}

/** The first position after the part `pos` is in (e.g. after a stage that does not run), or null at the turn's end. */
export function nextPart(seq: SequenceFile, pos: SeqPos): SeqPos | null {
  return partStart(seq, pos.turn, partIndex(seq, pos) + 1);
}

/** The next segment position, or null when the game turn ends (game-turn end phase). */
export function nextSegment(seq: SequenceFile, pos: SeqPos): SeqPos | null {
  // Fields copied one by one: `pos` is often an immer draft, and spreading a proxy is slow.
  const { turn, playerTurn } = pos;
  const phases = phasesAt(seq, pos);
  const base: SeqPos = { turn, playerTurn, phase: pos.phase, segment: pos.segment };
  if (pos.part) base.part = pos.part;
  if (pos.part === 'stage') base.stage = pos.stage;
  if (pos.segment + 1 < phases[pos.phase].segments.length) return { ...base, segment: pos.segment + 1 };
  if (pos.phase + 1 < phases.length) return { ...base, phase: pos.phase + 1, segment: 0 };
  return nextPart(seq, pos);
}

// ---------------------------------------------------------------------------------------------
// Guards (AW 3.3.0: "AM" means the phase happens only on AM game turns).

/** How a custom guard is decided: a rule module's function, or the sequence file's default while none is registered. */
export type CustomGuard = (name: string) => boolean | undefined;

export interface GuardEnv {
  seq: SequenceFile;
  time: GameTime;
  /** The phasing side in a player turn; null in the stages and game-turn phases. */
  phasing: Side | null;
  custom: CustomGuard;
}

/** Guards every sequence may use without declaring them. */
const BUILT_IN = new Set(['AM', 'PM', 'night', 'alliedPlayerTurn', 'germanPlayerTurn']);

export function evalGuard(g: Guard, env: GuardEnv): boolean {
  if (typeof g === 'string') {
    if (g === 'AM' || g === 'PM') return env.time.time === g;
    if (g === 'night') return env.time.time === 'Night';
    if (g === 'alliedPlayerTurn') return env.phasing === 'allied';
    if (g === 'germanPlayerTurn') return env.phasing === 'german';
    const v = env.custom(g) ?? env.seq.guards[g]?.default;
    if (v === undefined) throw new Error(`sequence ${env.seq.id}: guard "${g}" is neither built in, registered by a rule module, nor declared in the file`);
    return v;
  }
  if ('fromDate' in g) return compareTime(env.seq, env.time, { date: g.fromDate, time: g.time ?? env.seq.timesOfDay[0] }) >= 0;
  if ('untilDate' in g) return compareTime(env.seq, env.time, { date: g.untilDate, time: g.time ?? env.seq.timesOfDay[2] }) <= 0;
  if ('dayOfScenario' in g) {
    const w = g.dayOfScenario;
    return typeof w === 'number' ? env.time.day === w : env.time.day >= (w.from ?? 1) && env.time.day <= (w.until ?? Infinity);
  }
  if ('not' in g) return !evalGuard(g.not, env);
  if ('anyOf' in g) return g.anyOf.some((x) => evalGuard(x, env));
  return g.allOf.every((x) => evalGuard(x, env));
}

const GUARD_TEXT: Record<string, string> = { alliedPlayerTurn: 'Allied player turn', germanPlayerTurn: 'German player turn' };

/** A guard in words, for events and the tracker ("not night", "from 1944-06-07"). */
export function guardText(g: Guard, seq?: SequenceFile): string {
  if (typeof g === 'string') return seq?.guards[g]?.text ?? GUARD_TEXT[g] ?? g;
  if ('fromDate' in g) return `from ${g.fromDate}${g.time ? ` ${g.time}` : ''}`;
  if ('untilDate' in g) return `until ${g.untilDate}${g.time ? ` ${g.time}` : ''}`;
  if ('dayOfScenario' in g) {
    const w = g.dayOfScenario;
    return typeof w === 'number' ? `game day ${w}` : `game days ${w.from ?? 1}–${w.until ?? 'end'}`;
  }
  if ('not' in g) return `not ${guardText(g.not, seq)}`;
  if ('anyOf' in g) return g.anyOf.map((x) => guardText(x, seq)).join(' or ');
  return g.allOf.map((x) => guardText(x, seq)).join(' and ');
}

/**
 * Why the segment at `pos` does not run now: the first of its phase's and its own guards that
 * fails, with the case that makes it conditional; null when it runs.
 */
export function skipReason(seq: SequenceFile, pos: SeqPos, env: GuardEnv): { guard: string; case: string } | null {
  const { phase, segment } = segmentAt(seq, pos);
  for (const g of phase.when) if (!evalGuard(g, env)) return { guard: guardText(g, seq), case: phase.whenCase ?? phase.case };
  for (const g of segment.when) if (!evalGuard(g, env)) return { guard: guardText(g, seq), case: segment.whenCase ?? segment.case };
  return null;
}

/** Every custom guard name the file uses (to check at game start that each is registered or declared). */
export function guardNames(seq: SequenceFile): Set<string> {
  const out = new Set<string>();
  const walk = (g: Guard): void => {
    if (typeof g === 'string') { if (!BUILT_IN.has(g)) out.add(g); return; }
    if ('not' in g) walk(g.not);
    else if ('anyOf' in g) g.anyOf.forEach(walk);
    else if ('allOf' in g) g.allOf.forEach(walk);
  };
  const phases = (ps: Phase[]) => ps.forEach((p) => { p.when.forEach(walk); p.segments.forEach((s) => s.when.forEach(walk)); });
  for (const st of seq.stages) { st.when.forEach(walk); if (st.runs !== 'once') walk(st.runs.until); phases(st.phases); }
  phases(seq.gameTurn);
  phases(seq.playerTurn);
  return out;
}

/** Every segment of the file, with the phases it is in. */
export function allSegments(seq: SequenceFile): { phase: Phase; segment: Segment }[] {
  const out: { phase: Phase; segment: Segment }[] = [];
  for (const ps of [...seq.stages.map((s) => s.phases), seq.gameTurn, seq.playerTurn]) for (const phase of ps) for (const segment of phase.segments) out.push({ phase, segment });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which actions a segment admits (the dispatcher in apply refuses the others).

const ADMITS = new WeakMap<Segment, Set<string>>();

/** The action types admitted at `pos` when no decision is pending: the segment's own and the file's `anywhere` ones. */
export function admitted(seq: SequenceFile, pos: SeqPos): Set<string> {
  const { segment } = segmentAt(seq, pos);
  let s = ADMITS.get(segment);
  if (!s) {
    s = new Set(segment.modelled ? [...segment.admits, ...seq.anywhere] : seq.anywhere);
    ADMITS.set(segment, s);
  }
  return s;
}

/** Action type in words, for refusals ("moving units"). */
export function actionName(seq: SequenceFile, type: string): string {
  return seq.actionNames[type] ?? type.replace(/([A-Z])/g, ' $1').toLowerCase();
}

/** The segments that admit action `type` (with their cases), for the refusal of it elsewhere. */
export function segmentsAdmitting(seq: SequenceFile, type: string): Segment[] {
  const seen = new Set<string>();
  return allSegments(seq).map((x) => x.segment).filter((s) => s.modelled && s.admits.includes(type) && !seen.has(s.id) && seen.add(s.id));
}
