/** The game log in words, each die roll shown, newest at the bottom. */
import { useEffect, useRef } from 'react';
import { useGame } from '../../store/game';
import { describeEvent } from '../describe';

export function GameLog() {
  const entries = useGame((s) => s.entries);
  const bundle = useGame((s) => s.bundle);
  const error = useGame((s) => s.error);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => { end.current?.scrollIntoView({ block: 'end' }); }, [entries.length]);
  return (
    <section className="panel log" aria-label="Game log">
      {error && <div className="error" role="alert" data-testid="error">{error}</div>}
      <ol data-testid="game-log">
        {entries.map((e, i) => (
          <li key={i} className={`ev-${e.event.type}`}>{describeEvent(e.event, bundle)}</li>
        ))}
      </ol>
      <div ref={end} />
    </section>
  );
}
