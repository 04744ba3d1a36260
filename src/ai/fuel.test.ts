/** The opponent and the AW 35.5.2 fuel exemptions: before moving, it names the formation with the most Mech units in play. */
import { describe, expect, it } from 'vitest';
import { apply, legalActionsOf, newGame } from '../engine/game';
import type { Action, ActionOf, GameState } from '../engine/types';
import { fuelBundle } from '../engine/rules/intermediateFuel.fixture';
import { aiSealedAction } from '../store/aiSecrets';
import { memoryStorage } from '../store/pbem';
import { unitList } from '../engine/unitTable';
import { chooseAction } from './planner';

describe('the opponent with the AW 35.5.2 German fuel rules', () => {
  it('AW 35.5.2: its first action in its Movement Segment names the formation with the most Mech units in play for full MA', () => {
    const b = fuelBundle({ date: '1944-06-09', time: 'AM' });
    const storage = memoryStorage();
    let s: GameState = newGame(b, { seed: 'fuel-ai' }).state;
    const ok = (x: GameState, a: Action) => { const r = apply(x, a); if (!r.ok) throw new Error(r.error.message); return r.state; };
    for (let i = 0; i < 200; i++) {
      const sealed = aiSealedAction(s, b, 'german', 'fuel-ai', storage);
      if (sealed) { s = ok(s, sealed); continue; }
      if (s.pos.playerTurn === 1 && b.sequence.playerTurn[s.pos.phase].segments[s.pos.segment].id === 'move' && !s.pending) break;
      s = ok(s, { type: 'endSegment' });
    }
    const options = legalActionsOf(s, 'german', ['fuelExempt']) as ActionOf<'fuelExempt'>[];
    expect(options.length).toBeGreaterThan(1);
    const mechIn = (f: string) => unitList(s).filter((u) => u.side === 'german' && u.hex !== null && !u.eliminated && b.units.get(u.id)?.moveClass === 'mech' && !b.units.get(u.id)?.independent && b.units.get(u.id)?.formation === f).length;
    const best = Math.max(...options.filter((o) => o.formations.length).map((o) => mechIn(o.formations[0])));
    const a = chooseAction(s, 'german', { level: 'fast' }) as ActionOf<'fuelExempt'>;
    expect(a.type).toBe('fuelExempt');
    expect(mechIn(a.formations[0])).toBe(best);
  });
});
