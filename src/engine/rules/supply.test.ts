import { describe, expect, it } from 'vitest';
import { act, at, edit, fixture, hx, start, toSegment } from './combat.fixture';
import { genSCost } from './supply';
import { unitOf } from '../unitTable';

const RULES = { combat: { supply: {
  allied: { edges: ['W'], maxAdjacentToEnemy: 2, source: 'test: AW 32.9.1-style PSS' },
  german: { edges: ['E'], source: 'test: AW 32.9.2-style PSS' },
} } };

describe('AW 31.11 / 32.9 supply', () => {
  it('AW 32.9: a path of any length from a PSS, through no enemy unit, with at most two hexes adjacent to an enemy', () => {
    // A wall of German units across column 4 leaves the Allied unit at (6,4) cut off from the west edge.
    const wall = Array.from({ length: 10 }, (_, r) => ({ id: `w${r}`, side: 'german' as const, hex: at(4, r) }));
    const b = fixture({ rules: RULES, units: [{ id: 'in', side: 'allied', hex: at(1, 4) }, { id: 'cut', side: 'allied', hex: at(6, 4) }, ...wall] });
    const s = start(b);
    const cost = genSCost(s, b, 'allied');
    expect(cost.get(hx(1, 4))).toBe(0);
    expect(cost.has(hx(6, 4))).toBe(false);
  });
  it('AW 31.11: a unit that cannot trace is marked OhS; one that can again loses OhS/OoS; an OhS unit that attacks becomes OoS at half CS', () => {
    const wall = Array.from({ length: 10 }, (_, r) => ({ id: `w${r}`, side: 'german' as const, hex: at(4, r) }));
    const b = fixture({ rules: RULES, units: [{ id: 'in', side: 'allied', hex: at(1, 4) }, { id: 'cut', side: 'allied', hex: at(6, 4) }, ...wall] });
    let s = start(b); // the Supply Determination Segment of GT 1 has run
    expect(unitOf(s, "cut").markers).toContain('OhS');
    expect(unitOf(s, "in").markers).not.toContain('OhS');
    s = toSegment(s, b, 'groundAssault');
    s = edit(s, (d) => { unitOf(d, "cut").markers.push('TA'); unitOf(d, "cut").hex = hx(5, 4); });
    const r = act(s, { type: 'assault', hex: at(4, 4), attackers: ['cut'] });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'supplyChanged', unit: 'cut', to: 'OoS', case: 'AW 31.11' }));
    const ga = r.events.find((e) => e.type === 'gaResolved') as { odds: { attackers: { unit: string; factor: number }[] } } | undefined;
    expect(ga?.odds.attackers[0].factor).toBe(0.5);
  });
});
