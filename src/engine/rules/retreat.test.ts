/**
 * `canRetreat` answers "is there a retreat of at least one hex?" without listing the paths (GOSS
 * 13.10.2, 11.6.3: the hit procedure asks it at every decision). It must agree with `retreatPaths`.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../game';
import { loadScenario } from '../../data/bundle';
import { selfplayLogs } from '../../bench/scale';
import { unitList } from '../unitTable';
import { canRetreat, retreatPaths } from './retreat';
import { at, fixture, fmt, hx, start } from './combat.fixture';
import { neighbours } from '../hex';
import type { GameState } from '../types';

describe('GOSS 13.11 retreat: canRetreat agrees with retreatPaths', () => {
  it('every stack of both sides, at every 100th state of the opponent\'s Epsom game: a 1-hex retreat exists exactly when a path is listed', () => {
    const log = selfplayLogs().find((l) => l.scenario === 'epsom')!;
    const b = loadScenario('epsom');
    let s: GameState = newGame(b, log.options).state;
    let yes = 0;
    log.actions.forEach((a, i) => {
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      if (i % 100) return;
      const stacks = new Map<string, { side: 'allied' | 'german'; hex: number; ids: string[] }>();
      for (const u of unitList(s)) {
        if (u.hex === null || u.eliminated) continue;
        const k = `${u.side}${u.hex}`;
        const e = stacks.get(k) ?? { side: u.side, hex: u.hex, ids: [] };
        e.ids.push(u.id); stacks.set(k, e);
      }
      for (const st of stacks.values()) {
        const can = canRetreat(s, b, st.side, st.hex, st.ids);
        expect(can).toBe(retreatPaths(s, b, st.side, st.hex, st.ids, 1).length > 0);
        if (can) yes++;
      }
    });
    expect(yes).toBeGreaterThan(100);
  }, 120_000);

  it('a surrounded stack has no retreat; with one neighbour left open it has one (both functions)', () => {
    const ring = neighbours(hx(5, 5));
    const enemies = (open: number) => ring.filter((_, k) => k !== open).map((h, k) => ({ id: `g${k}`, side: 'german' as const, hex: fmt(h) }));
    const closed = fixture({ units: [{ id: 'a', side: 'allied', hex: at(5, 5) }, ...enemies(-1)] });
    const s0 = start(closed);
    expect([canRetreat(s0, closed, 'allied', hx(5, 5), ['a']), retreatPaths(s0, closed, 'allied', hx(5, 5), ['a'], 1).length]).toEqual([false, 0]);
    const gap = fixture({ units: [{ id: 'a', side: 'allied', hex: at(5, 5) }, ...enemies(2)] });
    const s1 = start(gap);
    expect([canRetreat(s1, gap, 'allied', hx(5, 5), ['a']), retreatPaths(s1, gap, 'allied', hx(5, 5), ['a'], 1)]).toEqual([true, [[ring[2]]]]);
  });
});
