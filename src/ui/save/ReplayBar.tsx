/**
 * VCR bar over a save (anchors.md §5.6): first / previous / play-pause / next / last, speed, a
 * scrubber, bookmarks at player-turn and phase starts, combats (steps with dice) highlighted. The
 * parent shows `onStep`'s state on the map and may animate the step's `unitMoved` events.
 */
import { useEffect, useMemo, useState } from 'react';
import { bundleOf, hasBundle, type GameEvent, type GameState } from '../../engine';
import { timeline, type SaveFile, type Timeline } from '../../save';
import { longDate, unitNames } from '../describe';
import './save.css';

export interface ReplayStep { step: number; state: GameState; events: GameEvent[]; label: string; combat: boolean }

export interface ReplayBarProps {
  save: SaveFile;
  /** Step to start at (e.g. the first entry new to me after an import). Default: 0. */
  start?: number;
  onStep(step: ReplayStep): void;
  /** Precomputed timeline (optional). */
  timeline?: Timeline;
}

const SPEEDS = [0.5, 1, 2, 4, 8];

export function ReplayBar({ save, start = 0, onStep, timeline: given }: ReplayBarProps) {
  const tl = useMemo(() => given ?? timeline(save), [given, save]);
  const last = tl.length - 1;
  const [step, setStep] = useState(Math.min(start, last));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const combat = (k: number) => tl.events[k].some((e) => e.type === 'dieRolled');
  useEffect(() => {
    onStep({ step, state: tl.stateAt(step), events: tl.events[step], label: tl.labels[step], combat: combat(step) });
  }, [step, tl]);
  useEffect(() => {
    if (!playing) return;
    if (step >= last) { setPlaying(false); return; }
    // Combats stay on screen longer than moves.
    const t = setTimeout(() => setStep((s) => Math.min(last, s + 1)), (combat(step) ? 1600 : 700) / speed);
    return () => clearTimeout(t);
  }, [playing, step, speed, last]);
  const go = (k: number) => { setPlaying(false); setStep(Math.max(0, Math.min(last, k))); };
  const bookmark = tl.bookmarks.filter((b) => b.step <= step).pop();
  return (
    <div className="nsave nsave-vcr panel" data-testid="replay-bar" role="toolbar" aria-label="Replay">
      <button data-testid="vcr-first" onClick={() => go(0)} title="First" aria-label="First">|◀◀</button>
      <button data-testid="vcr-prev" onClick={() => go(step - 1)} title="Previous" aria-label="Previous">◀|</button>
      <button data-testid="vcr-play" onClick={() => (step >= last ? (setStep(0), setPlaying(true)) : setPlaying((p) => !p))} title={playing ? 'Pause' : 'Play'} aria-label={playing ? 'Pause' : 'Play'}>{playing ? '||' : '▶'}</button>
      <button data-testid="vcr-next" onClick={() => go(step + 1)} title="Next" aria-label="Next">|▶</button>
      <button data-testid="vcr-last" onClick={() => go(last)} title="Last" aria-label="Last">▶▶|</button>
      <select aria-label="Speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => <option key={s} value={s}>{s}×</option>)}
      </select>
      <input type="range" min={0} max={last} value={step} aria-label="Step" onChange={(e) => go(Number(e.target.value))} />
      <span className="step" data-testid="vcr-step">{step} / {last}</span>
      <select aria-label="Bookmarks" data-testid="vcr-bookmarks" value={bookmark?.step ?? 0} onChange={(e) => go(Number(e.target.value))}>
        {tl.bookmarks.map((b) => <option key={`${b.step}-${b.label}`} value={b.step}>{b.kind === 'turn' ? '■ ' : '· '}{longDate(b.label)}</option>)}
      </select>
      <span className={`label${combat(step) ? ' combat' : ''}`} data-testid="vcr-label">
        {longDate(tl.labels[step])}{combat(step) ? ` — ${tl.events[step].filter((e) => e.type === 'dieRolled').map((e) => { const r = (e as { roll: { purpose: string; faces: number[] } }).roll; return `${unitNames(r.purpose, hasBundle(save.header.scenario) ? bundleOf(tl.stateAt(step)) : null)}: ${r.faces.join('')}`; }).join(', ')}` : ''}
      </span>
    </div>
  );
}
