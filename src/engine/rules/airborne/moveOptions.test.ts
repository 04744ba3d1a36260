/**
 * The stage's moves one unit at a time (AW 41.3.7, 41.6.1, 41.6.2, 41.8.0, 41.10.0): what the map
 * highlights and the Decisions panel lists for the selected unit are exactly the moves legalActions
 * offers for it, each accepted by apply; a unit that may not move says why, with its case.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../../game';
import { formatHex } from '../../hex';
import type { Action, GameState } from '../../types';
import { abMoveOptions, gMoveOptions } from '../../query';
import { act, b6, playTo, start } from './stage.fixture';
import { unitList } from '../../unitTable';

const bundle = b6();
const actionUnit = (a: Action) => (a as { unit: string }).unit;

/** The 6th AB stage at `seg`, the German units activated (gActivate offers taken) in a German segment. */
function at(seg: string): GameState {
  let s = playTo(start(bundle, 'm1'), bundle, seg);
  for (let g = 0; g < 30 && seg.startsWith('german'); g++) {
    const a = legalActions(s, 'german').find((x) => x.type === 'gActivate');
    if (!a) break;
    s = act(s, a).state;
  }
  return s;
}

describe('AW 41.3.7 the Allied airborne moves of one unit', () => {
  for (const seg of ['alliedMovement1', 'alliedMovement2']) {
    it(`AW 41.3.7 ${seg}: abMoveOptions per unit are exactly legalActions' abMove offers, each accepted by apply`, () => {
      const s = at(seg);
      const legal = legalActions(s, 'allied').filter((a) => a.type === 'abMove');
      expect(legal.length).toBeGreaterThan(20);
      const byUnit: Action[] = [];
      for (const u of unitList(s)) {
        const o = abMoveOptions(s, bundle, u.id, 'allied');
        if ('error' in o) continue;
        for (const m of o.moves) {
          const path = (m.action as { path: string[] }).path;
          expect(formatHex(m.hex)).toBe(path.at(-1));
          expect(m.cost).toBe(path.length);
          expect(m.cost).toBeLessThanOrEqual(o.allowance.hexes);
        }
        byUnit.push(...o.moves.map((m) => m.action));
      }
      expect(byUnit).toEqual(legal);
      // a sample of them applied: the first offer of each unit
      for (const id of new Set(legal.map(actionUnit))) {
        const a = legal.find((x) => actionUnit(x) === id)!;
        const r = apply(s, a);
        expect(r.ok, JSON.stringify(a)).toBe(true);
      }
    });
  }

  it('AW 41.3.7 a unit that has moved this segment, a German unit and a unit off the map may not move: each says why', () => {
    const s = at('alliedMovement1');
    const first = legalActions(s, 'allied').find((a) => a.type === 'abMove')!;
    const after = act(s, first).state;
    expect(abMoveOptions(after, bundle, actionUnit(first), 'allied')).toEqual({ error: expect.objectContaining({ code: 'moved', case: 'AW 41.3.7' }) });
    const german = unitList(s).find((u) => u.side === 'german' && u.hex !== null)!;
    expect(abMoveOptions(s, bundle, german.id, 'allied')).toEqual({ error: expect.objectContaining({ code: 'not-your-unit', case: 'AW 41.3.7' }) });
    expect(abMoveOptions(s, bundle, actionUnit(first), 'german')).toEqual({ error: expect.objectContaining({ code: 'not-your-unit' }) });
  });

  it('AW 41.3.7 outside the Allied Movement Segments nothing moves by abMove', () => {
    const s = at('germanMovement1');
    const para = unitList(s).find((u) => u.side === 'allied' && u.hex !== null)!;
    expect(abMoveOptions(s, bundle, para.id, 'allied')).toEqual({ error: expect.objectContaining({ code: 'wrong-segment' }) });
  });
});

describe('AW 41.6 German moves of one unit', () => {
  for (const seg of ['germanMovement1', 'germanMovement2']) {
    it(`AW 41.6.1/41.10.0 ${seg}: gMoveOptions per unit are exactly legalActions' gMove offers, each unit's first accepted by apply`, () => {
      const s = at(seg);
      const legal = legalActions(s, 'german').filter((a) => a.type === 'gMove');
      expect(legal.length).toBeGreaterThan(20);
      const ids = [...new Set(legal.map(actionUnit))].sort();
      const byUnit = ids.flatMap((id) => {
        const o = gMoveOptions(s, bundle, id, 'german');
        if ('error' in o) throw new Error(`${id}: ${o.error.message}`);
        return o.moves.map((m) => m.action);
      });
      expect(byUnit).toEqual(legal);
      for (const id of ids) expect(apply(s, legal.find((x) => actionUnit(x) === id)!).ok).toBe(true);
    });
  }

  it('AW 41.6.1 a German unit that is not activated may not move: it says why, with the case', () => {
    const s = at('germanMovement1');
    const movers = new Set(legalActions(s, 'german').filter((a) => a.type === 'gMove').map(actionUnit));
    const idle = unitList(s).find((u) => u.side === 'german' && u.hex !== null && !u.eliminated && !movers.has(u.id))!;
    expect(gMoveOptions(s, bundle, idle.id, 'german')).toEqual({ error: expect.objectContaining({ code: 'not-activated', case: 'AW 41.6.1' }) });
  });

  it('AW 41.6.1 hex moves count hexes: a unit moving in hexes reaches at most 2 hexes (3 only after a FoW hex)', () => {
    const s = at('germanMovement1');
    const ids = [...new Set(legalActions(s, 'german').filter((a) => a.type === 'gMove').map(actionUnit))];
    let hexMovers = 0;
    for (const id of ids) {
      const o = gMoveOptions(s, bundle, id, 'german');
      if ('error' in o || !('hexes' in o.allowance)) continue;
      hexMovers++;
      for (const m of o.moves) expect(m.cost).toBeLessThanOrEqual(o.allowance.hexes + (m.check ? 1 : 0));
    }
    expect(hexMovers).toBeGreaterThan(0);
  });
});
