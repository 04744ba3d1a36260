/** Game events in words, with their rule cases, for the log panel. */
import type { GameEvent, ScenarioBundle } from '../engine';

export function describeEvent(e: GameEvent, bundle: ScenarioBundle | null): string {
  const name = (id: unknown) => bundle?.units.get(String(id))?.designation ?? String(id);
  switch (e.type) {
    case 'turnStarted': return `Game turn ${Number(e.turn) + 1}: ${e.date} ${e.time}`;
    case 'segmentStarted': return `${String(e.label).split(' · ').slice(1).join(' · ')} (${e.case})`;
    case 'unitMoved': return `${name(e.unit)} moved ${e.from} → ${e.to}, ${e.cost} MP (${e.case})`;
    case 'dieRolled': {
      const r = e.roll as { purpose: string; dice: string; faces: number[]; value: number };
      return `🎲 ${r.dice} for ${r.purpose}: ${r.dice === '2d10' ? String(r.value).padStart(2, '0') : r.value}`;
    }
    case 'gameOver': return `Game over: ${e.reason}`;
    default: return `${e.type}${'case' in e && e.case ? ` (${e.case})` : ''}`;
  }
}
