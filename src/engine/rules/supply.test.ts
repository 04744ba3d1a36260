import { describe, expect, it } from 'vitest';
import { act, at, edit, fixture, hx, start, toSegment } from './combat.fixture';
import { genSCost } from './supply';
import { mutUnit, unitOf } from '../unitTable';
import { apply } from '../game';

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
  it('GOSS 7.7.5 / AW 32.9: a cut-off unit may not move into a hex without a GenS trace within 3 hexes of an enemy; farther off it may', () => {
    // The wall of column 4 cuts off both Allied units from the west edge: no hex east of it has a trace.
    const wall = Array.from({ length: 10 }, (_, r) => ({ id: `w${r}`, side: 'german' as const, hex: at(4, r) }));
    const b = fixture({ rules: RULES, units: [{ id: 'near', side: 'allied', hex: at(6, 4) }, { id: 'far', side: 'allied', hex: at(9, 4) }, ...wall] });
    const s = toSegment(start(b), b, 'move');
    const cost = genSCost(s, b, 'allied');
    expect([cost.has(hx(7, 4)), cost.has(hx(10, 4))]).toEqual([false, false]);
    // (7,4) is 3 hexes from the wall: refused. (10,4) is 6 hexes from it: allowed.
    const r = apply(s, { type: 'move', unit: 'near', path: [at(7, 4)] });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['out-of-supply', 'GOSS 7.7.5, AW 32.9']);
    expect(unitOf(act(s, { type: 'move', unit: 'far', path: [at(10, 4)] }).state, 'far').hex).toBe(hx(10, 4));
  });
  it('AW 31.11: a unit that cannot trace is marked OhS; one that can again loses OhS/OoS; an OhS unit that attacks becomes OoS at half CS', () => {
    const wall = Array.from({ length: 10 }, (_, r) => ({ id: `w${r}`, side: 'german' as const, hex: at(4, r) }));
    const b = fixture({ rules: RULES, units: [{ id: 'in', side: 'allied', hex: at(1, 4) }, { id: 'cut', side: 'allied', hex: at(6, 4) }, ...wall] });
    let s = start(b); // the Supply Determination Segment of GT 1 has run
    expect(unitOf(s, "cut").markers).toContain('OhS');
    expect(unitOf(s, "in").markers).not.toContain('OhS');
    s = toSegment(s, b, 'groundAssault');
    s = edit(s, (d) => { mutUnit(d, "cut").markers.push('TA'); mutUnit(d, "cut").hex = hx(5, 4); });
    const r = act(s, { type: 'assault', hex: at(4, 4), attackers: ['cut'] });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'supplyChanged', unit: 'cut', to: 'OoS', case: 'AW 31.11' }));
    const ga = r.events.find((e) => e.type === 'gaResolved') as { odds: { attackers: { unit: string; factor: number }[] } } | undefined;
    expect(ga?.odds.attackers[0].factor).toBe(0.5);
  });
});
