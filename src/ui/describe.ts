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
    case 'stepLost': return `${name(e.unit)} loses a step${e.why ? ` — ${e.why}` : ''}${tail(e)}`;
    case 'unitEliminated': return `${name(e.unit)} is eliminated${e.why ? ` — ${e.why}` : ''}${tail(e)}`;
    case 'designated': return `${name(e.unit)} designated to attack (${e.marker})${tail(e)}`;
    case 'gaResolved': return `Ground assault resolved: ${String((e.odds as { columnLabel?: string })?.columnLabel ?? '')} — on the defender ${e.onDefender}, on the attacker ${e.onAttacker}${tail(e)}`;
    case 'fsResolved': return `Fire support resolved: ${e.hits} hit(s)${e.as ? `, ${e.as} AS` : ''}${tail(e)}`;
    case 'retreated': return `${Array.isArray(e.units) ? e.units.map(name).join(', ') : ''} retreat ${(e.path as string[] | undefined)?.join(' → ') ?? ''}${tail(e)}`;
    case 'prCheck': case 'prc': case 'surrenderCheck': return `${name(e.unit)} PR check (PR ${e.pr}): rolled ${e.roll} — ${e.pass ?? !e.surrendered ? 'passed' : 'failed'}${e.why ? `, ${e.why}` : ''}${tail(e)}`;
    default: return generic(e, name);
  }
}

function tail(e: GameEvent): string {
  return 'case' in e && e.case ? ` (${e.case})` : '';
}

/** Any other event: its type in words plus the fields a player cares about. */
function generic(ev: GameEvent, name: (id: unknown) => string): string {
  const e = ev as Record<string, unknown> & { type: string };
  const words = e.type.replace(/([A-Z])/g, ' $1').toLowerCase();
  const parts: string[] = [];
  if (typeof e.unit === 'string') parts.push(name(e.unit));
  if (Array.isArray(e.units)) parts.push((e.units as unknown[]).map(name).join(', '));
  for (const k of ['hex', 'target', 'marker', 'fieldworks', 'kind', 'to', 'result', 'entry']) if (typeof e[k] === 'string' || typeof e[k] === 'number') parts.push(`${k} ${e[k]}`);
  if (typeof e.why === 'string') parts.push(e.why);
  return `${words[0].toUpperCase()}${words.slice(1)}${parts.length ? `: ${parts.join(' · ')}` : ''}${tail(ev)}`;
}
