/**
 * GOSS 7.12.3b / AW 34.7.0: the US divisions in Cherbourg carry Leg units on their inherent transport
 * (3 per division HQ, MA 12, moving as Mech); Goodwood and Epsom withhold it (AW 32.7.0, 33.7.0).
 */
import { describe, expect, test } from 'vitest';
import { run, until } from '../../../tests/fixtures/segments';
import { loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame } from '../game';
import { movementOptions } from './movement';
import { designationProblem } from './attackDesignation';
import { carriedBy, divisionOf } from './motorised';
import type { GameState } from '../types';
import { unitIds, unitOf } from '../unitTable';

const cherbourg = loadScenario('cherbourg');

const start = () => run(run(newGame(cherbourg, { seed: 'mot' }).state, { type: 'randomSetup' }), { type: 'finishSetup' });
const allowance = (s: GameState, id: string) => {
  const o = movementOptions(s, cherbourg, id);
  if ('error' in o) throw new Error(o.error.message);
  return o.allowance;
};

describe('GOSS 7.12.3b Allied inherent transport (AW 34.7.0)', () => {
  const s0 = until(cherbourg, start(), 'move', 0, 0);
  // 4th Infantry Division: its nine Leg rifle battalions on the map.
  const inf4 = unitIds(s0).filter((id) => cherbourg.units.get(id)!.hq === '4id-hq' && cherbourg.units.get(id)!.moveClass === 'leg' && unitOf(s0, id).hex !== null).sort();

  test('GOSS 7.12.3b, AW 34.7.0: a Leg battalion mounts for half the transport MA and then moves as Mech with MA 12 (6 MP left)', () => {
    const id = inf4[0];
    expect(divisionOf(s0, cherbourg, id)).toBe('4id-hq');
    expect(allowance(s0, id).budget).toBe(2 * 6);
    const offers = legalActions(s0, 'allied').filter((a) => a.type === 'mount');
    expect(offers).toContainEqual({ type: 'mount', unit: id });
    const r = apply(s0, { type: 'mount', unit: id });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'mounted', unit: id, division: '4id-hq', mpCost: 6, case: 'GOSS 7.12.3b, AW 34.7.0' }));
    const a = allowance(r.state, id);
    expect(a.budget).toBe(2 * 12);
    expect(a.spent).toBe(2 * 6);
    expect(a.parts.map((p) => p.case)).toContain('GOSS 7.12.3b, AW 34.7.0');
    // Every destination offered is a Mech move the engine accepts.
    const move = legalActions(r.state, 'allied').find((x) => x.type === 'move' && x.unit === id);
    if (move) expect(apply(r.state, move).ok).toBe(true);
  }, 120_000);

  test('GOSS 7.12.3b: a division carries three units at a time; the fourth is refused and not offered', () => {
    let s = s0;
    for (const id of inf4.slice(0, 3)) s = run(s, { type: 'mount', unit: id });
    expect(carriedBy(s, cherbourg, '4id-hq')).toEqual(inf4.slice(0, 3).sort());
    const r = apply(s, { type: 'mount', unit: inf4[3] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'transport-full', case: 'GOSS 7.12.3b, AW 34.7.0' });
    expect(legalActions(s, 'allied').filter((a) => a.type === 'mount' && inf4.includes(a.unit))).toEqual([]);
    // Another division's transport is its own.
    const inf9 = unitIds(s).find((id) => cherbourg.units.get(id)!.hq === '9id-hq' && cherbourg.units.get(id)!.moveClass === 'leg' && unitOf(s, id).hex !== null)!;
    expect(apply(s, { type: 'mount', unit: inf9 }).ok).toBe(true);
    // Dismounting frees a place.
    s = run(s, { type: 'dismount', unit: inf4[0] });
    expect(apply(s, { type: 'mount', unit: inf4[3] }).ok).toBe(true);
  }, 120_000);

  test('GOSS 7.12.0: a carried unit that has not moved dismounts with half its Leg MA left; one that moved ends its move', () => {
    const id = inf4[1];
    let s = run(s0, { type: 'mount', unit: id });
    const r = apply(s, { type: 'dismount', unit: id });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.events).toContainEqual(expect.objectContaining({ type: 'dismounted', unit: id, mpLeft: 0 }));
      expect(unitOf(r.state, id).markers).not.toContain('Mot');
    }
    // Next Allied Movement Segment: still carried, fresh; dismounting costs half of the Leg MA 6.
    s = until(cherbourg, s, 'move', 0, 1);
    expect(allowance(s, id)).toMatchObject({ budget: 24, spent: 0 });
    const d = apply(s, { type: 'dismount', unit: id });
    expect(d.ok).toBe(true);
    if (d.ok) {
      expect(d.events).toContainEqual(expect.objectContaining({ type: 'dismounted', unit: id, mpLeft: 3 }));
      expect(allowance(d.state, id)).toMatchObject({ budget: 12, spent: 6 });
    }
  }, 240_000);

  test('GOSS 5.2.1h, 5.1.2, 7.12.5: a carried unit may not enter PA mode, be combat reserve or be attack designated', () => {
    const id = inf4[2];
    const s = run(s0, { type: 'mount', unit: id });
    for (const marker of ['PA', 'CR'] as const) {
      const r = apply(s, { type: 'mark', unit: id, marker });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('transported');
    }
    expect(legalActions(s, 'allied').filter((a) => a.type === 'mark' && a.unit === id && (a.marker === 'PA' || a.marker === 'CR'))).toEqual([]);
    expect(designationProblem(s, cherbourg, unitOf(s, id), 'allied')).toMatchObject({ code: 'transported', case: 'GOSS 5.1.2, 7.12.3' });
    // A PA-marked unit is not in Tac mode and may not mount.
    const other = inf4.find((x) => legalActions(s0, 'allied').some((a) => a.type === 'mark' && a.unit === x && a.marker === 'PA'))!;
    const r = apply(run(s0, { type: 'mark', unit: other, marker: 'PA' }), { type: 'mount', unit: other });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not-tactical');
  }, 120_000);

  test('GOSS 7.12.3b: Mech units, German units and units that have moved do not mount', () => {
    const mech = unitIds(s0).find((id) => cherbourg.units.get(id)!.hq === '4id-hq' && cherbourg.units.get(id)!.moveClass === 'mech' && unitOf(s0, id).hex !== null && cherbourg.units.get(id)!.size !== 'HQ')!;
    const r = apply(s0, { type: 'mount', unit: mech });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not-leg');
    const move = legalActions(s0, 'allied').find((a) => a.type === 'move' && a.unit === inf4[4]);
    expect(move).toBeDefined();
    const moved = run(s0, move!);
    const m = apply(moved, { type: 'mount', unit: inf4[4] });
    expect(m.ok).toBe(false);
    if (!m.ok) expect(m.error.code).toBe('has-moved');
    const g = until(cherbourg, s0, 'move', 1, 0);
    const leg = unitIds(g).find((id) => cherbourg.units.get(id)!.side === 'german' && cherbourg.units.get(id)!.moveClass === 'leg' && unitOf(g, id).hex !== null)!;
    const gr = apply(g, { type: 'mount', unit: leg });
    expect(gr.ok).toBe(false);
    if (!gr.ok) expect(gr.error.code).toBe('no-transport');
    expect(legalActions(g, 'german').some((a) => a.type === 'mount')).toBe(false);
  }, 120_000);

  test('AW 32.7.0, 33.7.0: Goodwood and Epsom offer no transport', () => {
    for (const id of ['goodwood', 'epsom']) {
      const b = loadScenario(id);
      expect(b.scenario.special!.movement!.inherentTransport).toBeUndefined();
      let s = newGame(b, { seed: 'mot' }).state;
      s = until(b, s, 'move', 0);
      expect(legalActions(s, 'allied').some((a) => a.type === 'mount')).toBe(false);
      const leg = unitIds(s).find((u) => b.units.get(u)!.side === 'allied' && b.units.get(u)!.moveClass === 'leg' && unitOf(s, u).hex !== null)!;
      const r = apply(s, { type: 'mount', unit: leg });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('no-transport');
    }
  }, 240_000);
});
