/**
 * The game log in words, each die roll shown, newest at the bottom. Clicking an entry that names a
 * hex selects that hex on the map (issue 6 item 6), so a player can see where it happened.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGame } from '../../store/game';
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

export function GameLog() {
  const entries = useGame((s) => s.entries);
  const bundle = useGame((s) => s.bundle);
  const error = useGame((s) => s.error);
  const selectHex = useGame((s) => s.selectHex);
  const [picked, setPicked] = useState<number | null>(null);
  const box = useRef<HTMLElement>(null);
  // Each entry worded once (its event object is kept from action to action): the whole log is rendered
  // after every action, and wording an event (unit names, rule cases in the player's words) is ~3 µs.
  const worded = useMemo(() => new WeakMap<GameEvent, string>(), [bundle]);
  const words = (e: GameEvent) => { let t = worded.get(e); if (t === undefined) worded.set(e, (t = describeEvent(e, bundle))); return t; };
  // Scroll the log itself, not the side panel around it (a long setup panel would scroll away).
  useEffect(() => { const el = box.current; if (el) el.scrollTop = el.scrollHeight; }, [entries.length]);
  return (
    <section className="panel log" aria-label="Game log" ref={box}>
      {error && <div className="error" role="alert" data-testid="error">{playerMessage(error, bundle)}</div>}
      <ol data-testid="game-log">
        {entries.map((e, i) => {
          const h = hexOfEvent(e.event);
          return (
            <li key={i} className={`ev-${e.event.type}`} data-hex={h ?? undefined}
              style={h !== null ? { cursor: 'pointer', background: picked === i ? '#fff1b8' : undefined } : undefined}
              title={h !== null ? 'Show on the map' : undefined}
              onClick={h !== null ? () => { setPicked(i); selectHex(h); } : undefined}>
              {words(e.event)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
