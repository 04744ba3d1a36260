/**
 * The sequence-of-play state machine, driven by sequence data (data/sequences/*.json):
 * game turns (AM/PM/Night per game day) → player turns → phases → segments.
 */
import type { SequenceFile, Segment } from '../data/schemas/sequence';
import type { ScenarioFile } from '../data/schemas/scenario';
import type { SeqPos, Side, TimeOfDay } from './types';

/** Days since 1970-01-01 of a YYYY-MM-DD date (Howard Hinnant's days_from_civil; no clock involved). */
export function daysFromCivil(iso: string): number {
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

export function civilFromDays(z: number): string {
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

/** Calendar date and time of day of a game turn index (3 GTs per game day: AM, PM, Night). */
export function turnTime(scenario: ScenarioFile, seq: SequenceFile, turn: number): { date: string; time: TimeOfDay } {
  const startTod = seq.timesOfDay.indexOf(scenario.start.time);
  const k = startTod + turn;
  const day = Math.floor(k / 3);
  const d = civilFromDays(daysFromCivil(scenario.start.date) + day);
  return { date: d, time: seq.timesOfDay[((k % 3) + 3) % 3] };
}

/** Number of game turns from scenario start to `end` inclusive. */
export function turnCount(scenario: ScenarioFile, seq: SequenceFile, end: { date: string; time: TimeOfDay }): number {
  const days = daysFromCivil(end.date) - daysFromCivil(scenario.start.date);
  return days * 3 + seq.timesOfDay.indexOf(end.time) - seq.timesOfDay.indexOf(scenario.start.time) + 1;
}

export function segmentAt(seq: SequenceFile, pos: SeqPos): { phase: SequenceFile['playerTurn'][number]; segment: Segment } {
  const phase = seq.playerTurn[pos.phase];
  return { phase, segment: phase.segments[pos.segment] };
}

export function phasingSide(scenario: ScenarioFile, pos: SeqPos): Side {
  return scenario.sides[pos.playerTurn];
}

/** The side expected to act at `pos`, or null for an automatic segment. */
export function actorAt(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): Side | null {
  const { segment } = segmentAt(seq, pos);
  if (segment.actor === 'auto') return null;
  const phasing = phasingSide(scenario, pos);
  return segment.actor === 'phasing' ? phasing : scenario.sides[1 - pos.playerTurn];
}

export function posLabel(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): string {
  const { date, time } = turnTime(scenario, seq, pos.turn);
  const { phase, segment } = segmentAt(seq, pos);
  const side = phasingSide(scenario, pos);
  return `GT ${pos.turn + 1} (${date} ${time}) · ${side === 'allied' ? 'Allied' : 'German'} player turn · ${phase.name} · ${segment.name}`;
}

/** The next segment position, or null when the game turn ends (turn indication phase). */
export function nextSegment(seq: SequenceFile, pos: SeqPos): SeqPos | null {
  // Fields copied one by one: `pos` is often an immer draft, and spreading a proxy is slow.
  const { turn, playerTurn } = pos;
  const phase = seq.playerTurn[pos.phase];
  if (pos.segment + 1 < phase.segments.length) return { turn, playerTurn, phase: pos.phase, segment: pos.segment + 1 };
  if (pos.phase + 1 < seq.playerTurn.length) return { turn, playerTurn, phase: pos.phase + 1, segment: 0 };
  if (playerTurn === 0) return { turn, playerTurn: 1, phase: 0, segment: 0 };
  return null;
}

export function isSkipped(scenario: ScenarioFile, seq: SequenceFile, pos: SeqPos): boolean {
  return segmentAt(seq, pos).segment.skipAt.includes(turnTime(scenario, seq, pos.turn).time);
}

export function comparePos(a: SeqPos, b: SeqPos): number {
  return a.turn - b.turn || a.playerTurn - b.playerTurn || a.phase - b.phase || a.segment - b.segment;
}
