/**
 * Property (issue 5): random legal movement sequences never leave a unit in an enemy hex, never
 * spend more MP (or PA hexes) than allowed, and never end a Movement Segment overstacked.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, legalActions } from '../index';
import { segmentAt } from '../sequence';
import { allowance, sideView } from './movement-search';
import { stackViolations } from './stacking';
import { mini, type MiniUnit } from '../../../tests/fixtures/mini';
import type { GameState, ScenarioBundle } from '../types';
import { unitIds, unitOf } from '../unitTable';

const TERRAIN = 'cccwwbfrmhvt';

function invariants(state: GameState, bundle: ScenarioBundle): void {
  const seg = segmentAt(bundle.sequence, state.pos).segment.id;
  const where = new Map<number, Set<string>>();
  for (const id of unitIds(state)) {
    const u = unitOf(state, id);
    if (u.hex === null || u.eliminated) continue;
    if (!where.has(u.hex)) where.set(u.hex, new Set());
    where.get(u.hex)!.add(u.side);
    const def = bundle.units.get(id)!;
    if (u.move && u.move.segment === seg && u.move.turn === state.pos.turn && u.move.playerTurn === state.pos.playerTurn) {
      const mode = u.move.type === 'pa' ? 'pa' : seg === 'exploitation' ? 'exploit' : 'tactical';
      const a = allowance({ state, bundle, view: sideView(state, bundle, u.side), unit: u, def, mode, leg: def.moveClass !== 'mech' });
      if (mode === 'pa') expect(u.move.hexes).toBeLessThanOrEqual(a.budget);
      else expect(u.mpSpent * 2).toBeLessThanOrEqual(a.budget);
    }
  }
  for (const sides of where.values()) expect(sides.size).toBe(1); // GOSS 7.1: never in an enemy hex
}

describe('movement property (fast-check)', () => {
  it('GOSS 6.7 / 7.1 property: random legal moves keep units out of enemy hexes, within their MA, and end the phase legally stacked', () => {
    const unitArb = fc.record({ mech: fc.boolean(), ma: fc.integer({ min: 2, max: 12 }), size: fc.constantFrom<'Bn' | 'Co' | 'Z'>('Bn', 'Bn', 'Co', 'Z'), pa: fc.boolean() });
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...TERRAIN), { minLength: 36, maxLength: 36 }),
      fc.array(unitArb, { minLength: 3, maxLength: 6 }),
      fc.array(fc.nat(), { minLength: 5, maxLength: 30 }),
      fc.constantFrom<'AM' | 'Night'>('AM', 'AM', 'Night'),
      (cells, specs, choices, time) => {
        const rows = [0, 1, 2, 3, 4, 5].map((r) => cells.slice(r * 6, r * 6 + 6).join(''));
        const units: MiniUnit[] = specs.map((s, i) => ({
          id: `a${i}`, side: 'allied', at: [i % 6, Math.floor(i / 6)] as [number, number], moveClass: s.mech ? 'mech' : 'leg', ma: s.ma,
          size: s.size, type: s.mech ? 'Mot Inf' : 'Inf', steps: s.size === 'Bn' ? 3 : 1,
        }));
        units.push({ id: 'g0', side: 'german', at: [3, 5] }, { id: 'g1', side: 'german', at: [5, 3] });
        const { state: s0, bundle } = mini({ rows, units, time, fieldworks: [{ at: [5, 3], fw: 'ET-2' }] });
        let state = s0;
        // Optional PA marks first (AW 31.2.1 order), then random moves, then try to end the segment.
        specs.forEach((sp, i) => { if (sp.pa) { const r = apply(state, { type: 'mark', unit: `a${i}`, marker: 'PA' }); if (r.ok) state = r.state; } });
        for (const c of choices) {
          const acts = legalActions(state, 'allied').filter((a) => a.type === 'move' || a.type === 'eliminateOverstack');
          if (!acts.length) break;
          const r = apply(state, acts[c % acts.length]);
          expect(r.ok).toBe(true);
          if (r.ok) state = r.state;
          invariants(state, bundle);
        }
        const end = apply(state, { type: 'endSegment' });
        if (end.ok) expect(stackViolations(end.state, bundle, 'allied')).toEqual([]);
        else {
          expect(end.error.code).toBe('overstacked');
          expect(stackViolations(state, bundle, 'allied').length).toBeGreaterThan(0);
        }
      },
    ), { numRuns: 40, seed: 20240718 });
  }, 60_000);
});
