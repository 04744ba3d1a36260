/** "What changed since my last turn": moves, losses, every die rolled and the phases passed. */
import { useMemo } from 'react';
import { changesSince, timeline, type SaveFile, type Timeline } from '../../save';
import { longDate } from '../describe';
import './save.css';

export interface ChangesSummaryProps {
  save: SaveFile;
  /** Number of entries I had before (importTurn's `from`). */
  from: number;
  timeline?: Timeline;
  /** Display name of a unit id (default: the id). */
  unitName?(id: string): string;
}

export function ChangesSummary({ save, from, timeline: given, unitName = (id) => id }: ChangesSummaryProps) {
  const ch = useMemo(() => changesSince(save, given ?? timeline(save), from), [save, from, given]);
  return (
    <section className="nsave panel" data-testid="changes-summary" aria-label="What changed since your last turn">
      <h3>Since your last turn ({ch.entries} action{ch.entries === 1 ? '' : 's'})</h3>
      {ch.passed.length > 0 && <p>Passed: {ch.passed.map(longDate).join(' → ')}</p>}
      {ch.moved.length > 0 && (
        <><h4>Moved</h4><ul>{ch.moved.map((m) => <li key={m.unit}>{unitName(m.unit)}: {m.from ?? 'off map'} → {m.to ?? 'off map'}</li>)}</ul></>
      )}
      {ch.losses.length > 0 && (
        <><h4>Losses</h4><ul>{ch.losses.map((l) => <li key={l.unit}>{unitName(l.unit)}: {l.eliminated ? 'eliminated' : `${l.steps} step${l.steps === 1 ? '' : 's'} lost`}</li>)}</ul></>
      )}
      {ch.rolls.length > 0 && (
        <><h4>Dice</h4><ul>{ch.rolls.map((r, i) => <li key={i}>{r.by}: {r.purpose} — {r.faces.join('')}</li>)}</ul></>
      )}
      {ch.entries === 0 && <p>Nothing new.</p>}
    </section>
  );
}
