/**
 * Fatigue recovery (AW 31.2.3b, GOSS 14.3): in the friendly Administrative Phase each unit of the
 * phasing side that is not adjacent to an enemy unit recovers one fatigue level. Fatigue effects
 * are applied where they bite (GAV ×½/×¼, no attack at F2, FS barrage ×½, no RIB, MA by movement).
 */
import { phasingSide } from '../sequence';
import type { GameEvent, GameState } from '../types';
import type { RuleModule } from './registry';
import { enemyOf, fatigue, live, withFatigue } from './combatTraits';
import { readUnits, sideAdjacent, unitIndex } from './unitIndex';
import { patchUnit } from '../unitTable';

export const fatigueRules: RuleModule = {
  name: 'fatigue',
  // A named step the sequence data lists in its Fatigue Recovery Segment (AW 31.2.3b, AW 3.3.5g).
  steps: {
    fatigueRecovery(d, ctx) {
      const side = phasingSide(ctx.bundle.scenario, d.pos);
      const events: GameEvent[] = [];
      // Recovery moves no unit: one index of the positions for every adjacency question.
      const ix = unitIndex(d as GameState);
      for (const u of readUnits(d.units)) {
        if (u.side !== side || !live(u)) continue;
        const f = fatigue(u);
        if (!f) continue;
        if (sideAdjacent(ix, u.hex!, enemyOf(side))) continue;
        patchUnit(d, u, { markers: withFatigue(u.markers, f - 1) });
        events.push({ type: 'fatigueRecovered', unit: u.id, level: f - 1, case: 'AW 31.2.3b, GOSS 14.3' });
      }
      return events;
    },
  },
};
