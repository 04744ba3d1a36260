/**
 * The game log in words, each die roll shown, newest at the bottom. Clicking an entry that names a
 * hex selects that hex on the map (issue 6 item 6), so a player can see where it happened.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGame, type LogEntry } from '../../store/game';
import { describeEvent, playerMessage } from '../describe';
import type { GameEvent } from '../../engine';
import { tryParseHexRef } from '../../engine/hex';

// The fields an event names a hex by, most telling first (a move's destination before its origin).
const HEX_FIELDS = ['hex', 'to', 'target', 'from'] as const;

/** The first hex an event names, as a lattice id, or null. */
export function hexOfEvent(e: GameEvent): number | null {
  const ev = e as unknown as Record<string, unknown>;
  for (const k of HEX_FIELDS) {
    const v = ev[k];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string') {
      const r = tryParseHexRef(v);
      if ('hex' in r) return r.hex;
    }
  }
  return null;
}

/**
 * How many of the latest entries the log shows, and how many more each "Show earlier" adds. The whole
 * log is rendered after every action: a campaign-length game has tens of thousands of entries, which
 * React would lay out again each time (issue 17: a move must paint within 50 ms).
 */
export const LOG_PAGE = 1000;

export function GameLog() {
  const entries = useGame((s) => s.entries);
  const bundle = useGame((s) => s.bundle);
  const error = useGame((s) => s.error);
  const selectHex = useGame((s) => s.selectHex);
  const [shown, setShown] = useState(LOG_PAGE);
  const [picked, setPicked] = useState<number | null>(null);
  const box = useRef<HTMLElement>(null);
  // Each entry worded once (its event object is kept from action to action): the log is rendered after
  // every action, and wording an event (unit names, rule cases in the player's words) is ~3 µs.
  const worded = useMemo(() => new WeakMap<GameEvent, string>(), [bundle]);
  const words = (e: GameEvent) => { let t = worded.get(e); if (t === undefined) worded.set(e, (t = describeEvent(e, bundle))); return t; };
  // Scroll the log itself, not the side panel around it (a long setup panel would scroll away).
  useEffect(() => { const el = box.current; if (el) el.scrollTop = el.scrollHeight; }, [entries.length]);
  return (
    <section className="panel log" aria-label="Game log" ref={box}>
      {error && <div className="error" role="alert" data-testid="error">{playerMessage(error, bundle)}</div>}
      <LogEntries entries={entries} shown={shown} words={words} picked={picked}
        onEarlier={() => setShown((n) => n + LOG_PAGE)} onPick={(i, h) => { setPicked(i); selectHex(h); }} />
    </section>
  );
}

export interface LogEntriesProps {
  entries: readonly LogEntry[];
  /** How many of the latest entries to show. */
  shown: number;
  words(e: GameEvent): string;
  picked: number | null;
  onEarlier(): void;
  onPick(i: number, hex: number): void;
}

/** The latest `shown` entries, and a button for the earlier ones when there are more. */
export function LogEntries({ entries, shown, words, picked, onEarlier, onPick }: LogEntriesProps) {
  const from = Math.max(0, entries.length - shown);
  return (
    <>
      {from > 0 && <button data-testid="log-earlier" onClick={onEarlier}>Show earlier entries ({from.toLocaleString('en')} not shown)</button>}
      {/* Numbered as in the whole log. */}
      <ol data-testid="game-log" start={from + 1}>
        {entries.slice(from).map((e, j) => {
          const i = from + j;
          const h = hexOfEvent(e.event);
          return (
            <li key={i} className={`ev-${e.event.type}`} data-hex={h ?? undefined}
              style={h !== null ? { cursor: 'pointer', background: picked === i ? '#fff1b8' : undefined } : undefined}
              title={h !== null ? 'Show on the map' : undefined}
              onClick={h !== null ? () => onPick(i, h) : undefined}>
              {words(e.event)}
            </li>
          );
        })}
      </ol>
    </>
  );
}
