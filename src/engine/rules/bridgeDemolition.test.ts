/**
 * Bridges in Epsom and Cherbourg (AW 33.6.0, 34.6.0): GOSS 17.3.2c prepared and 17.3.2b hasty
 * demolition, and the bridges of AW 32.6.1 / 33.6.1 in retreats. Dice fixed through the seed.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../game';
import { hexsideBetween, neighbours } from '../hex';
import { colOf, rowOf } from '../hex/lattice';
import type { GameState, ScenarioBundle } from '../types';
import { checkMove } from './movement';
import { retreatPaths } from './retreat';
import { gaOdds } from './gaOdds';
import { act, at, edit, fixture, fmt, hx, seedWhere, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const ENG1 = { type: 'Eng', size: 'Co' as const, steps: [[2, 2]] as [number, number][], extra: { engineer: true } };
const ENG2 = { type: 'Eng', size: 'Co' as const, steps: [[3, 3], [2, 2]] as [number, number][], extra: { engineer: true } };
const MECH = { moveClass: 'mech' as const, type: 'Mot Inf', ma: 12 };

const bridges = (segment: 'construction' | 'constructionCompletion' | null, ruleCase = 'AW 33.6.0') => ({
  bridges: {
    demolition: segment !== null, ...(segment ? { demolitionSegment: segment } : {}), hastyDemolition: segment !== null, case: ruleCase,
    construction: false, heavyBridgesAndCollapse: false, special: [], source: 'test: fixture',
  },
});
// The bridge: a river hexside with a bridge between (3,4) and (4,4).
const BRIDGE = [{ a: at(3, 4), b: at(4, 4), features: ['river', 'bridge'] }];
const SIDE = hexsideBetween(hx(3, 4), hx(4, 4));
const demolished = (s: GameState) => (s as GameState & { special?: { bridges?: { demolished?: number[] } } }).special?.bridges?.demolished ?? [];

function prepared(units: UnitSpec[], segment: 'construction' | 'constructionCompletion' = 'constructionCompletion'): { b: ScenarioBundle; s: GameState } {
  const b = fixture({ units, hexsides: BRIDGE, special: bridges(segment) });
  return { b, s: toSegment(start(b), b, segment, 1) };
}

describe('GOSS 17.3.2c prepared bridge demolition (AW 33.6.0 at the end of the friendly Movement Phase)', () => {
  const units = [G('e', 4, 4, ENG1), G('gm', 4, 4, MECH), A('far', 0, 4)];

  it('GOSS 17.3.2c, AW 33.6.0: one Eng step on a roll of 5 demolishes the bridge; a Mech unit may then not cross there, and the engineer may not move in its next Movement Segment', () => {
    const { b, s } = prepared(units);
    const offer = { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) } as const;
    expect(legalActions(s, 'german')).toContainEqual(offer);
    const r = apply(withSeed(s, seedWhere(s.n, (d) => d.d10('x') === 5)), offer);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'bridgeDemolition', kind: 'prepared', roll: 5, drm: 0, needed: 5, success: true, engSteps: 1, case: 'AW 33.6.0, GOSS 17.3.2c' }));
    expect(demolished(r.state)).toEqual([SIDE]);
    expect(unitOf(r.state, "e").markers).toContain('Demo');
    // The next German Movement Segment: the Mech unit was free to cross before, not now; the engineer stays put.
    const before = toSegment(s, b, 'move', 1);
    expect(checkMove(before, b, { type: 'move', unit: 'gm', path: [fmt(hx(3, 4))] }).ok).toBe(true);
    const next = toSegment(act(r.state, { type: 'endSegment' }).state, b, 'move', 1);
    expect(next.pos.turn).toBe(s.pos.turn + 1);
    expect(checkMove(next, b, { type: 'move', unit: 'gm', path: [fmt(hx(3, 4))] }).ok).toBe(false);
    expect(checkMove(next, b, { type: 'move', unit: 'e', path: [fmt(hx(4, 5))] })).toMatchObject({ ok: false, error: { code: 'demolition', case: 'GOSS 17.3.2c' } });
    // The marker comes off at the end of that segment.
    const after = act(next, { type: 'endSegment' }).state;
    expect(unitOf(after, "e").markers).not.toContain('Demo');
  });

  it('GOSS 17.3.2c: a roll of 6 with one Eng step fails; the bridge stands and the engineer is still held', () => {
    const { s } = prepared(units);
    const r = apply(withSeed(s, seedWhere(s.n, (d) => d.d10('x') === 6)), { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'bridgeDemolition', roll: 6, needed: 5, success: false }));
    if (!r.ok) return;
    expect(demolished(r.state)).toEqual([]);
    expect(unitOf(r.state, "e").markers).toContain('Demo');
    expect(apply(r.state, { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) })).toMatchObject({ ok: false, error: { code: 'tried' } });
  });

  it('GOSS 17.3.2c: two Eng steps succeed on 7, but an enemy adjacent to the bridge adds 1: 7 + 1 fails', () => {
    const { s } = prepared([G('e', 4, 4, ENG2), A('far', 0, 4)]);
    const seed7 = seedWhere(s.n, (d) => d.d10('x') === 7);
    const ok = apply(withSeed(s, seed7), { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) });
    expect(ok.ok && ok.events).toContainEqual(expect.objectContaining({ roll: 7, drm: 0, needed: 7, engSteps: 2, success: true }));
    const near = prepared([G('e', 4, 4, ENG2), A('adj', 2, 4)]).s;
    const bad = apply(withSeed(near, seedWhere(near.n, (d) => d.d10('x') === 7)), { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) });
    expect(bad.ok && bad.events).toContainEqual(expect.objectContaining({ roll: 7, drm: 1, needed: 7, success: false }));
  });

  it('GOSS 17.3.2c: refused without an enemy within 8 hexes, by a non-engineer, outside the scenario\'s segment, and where the scenario has no demolition (AW 32.6.0)', () => {
    const lone = prepared([G('e', 4, 4, ENG1), G('inf', 4, 4), A('far', 11, 9)]).s;
    expect(apply(lone, { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) })).toMatchObject({ ok: false, error: { code: 'no-enemy-near', case: 'GOSS 17.3.2c' } });
    expect(legalActions(lone, 'german').some((a) => a.type === 'demolishBridge')).toBe(false);
    const { b, s } = prepared(units);
    expect(apply(s, { type: 'demolishBridge', unit: 'gm', hex: fmt(hx(3, 4)) })).toMatchObject({ ok: false, error: { code: 'not-engineer' } });
    expect(apply(s, { type: 'demolishBridge', unit: 'e', hex: fmt(hx(4, 5)) })).toMatchObject({ ok: false, error: { code: 'no-bridge' } });
    const early = toSegment(start(b), b, 'construction', 1);
    expect(apply(early, { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) })).toMatchObject({ ok: false, error: { code: 'wrong-segment', case: 'AW 33.6.0, GOSS 17.3.2c' } });
    const gw = fixture({ units, hexsides: BRIDGE, special: bridges(null, 'AW 32.6.0') });
    const g = toSegment(start(gw), gw, 'constructionCompletion', 1);
    expect(apply(g, { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) })).toMatchObject({ ok: false, error: { code: 'no-demolition', case: 'AW 32.6.0' } });
  });

  it('AW 34.6.0: in Cherbourg the demolition is made in the Construction Segment, and the engineer then stays put in the same GT\'s Movement Segment', () => {
    const b = fixture({ units, hexsides: BRIDGE, special: bridges('construction', 'AW 34.6.0') });
    const s = toSegment(start(b), b, 'construction', 1);
    const r = act(withSeed(s, seedWhere(s.n, (d) => d.d10('x') <= 5)), { type: 'demolishBridge', unit: 'e', hex: fmt(hx(3, 4)) });
    expect(r.events).toContainEqual(expect.objectContaining({ success: true, case: 'AW 34.6.0, GOSS 17.3.2c' }));
    const mv = toSegment(r.state, b, 'move', 1);
    expect(mv.pos.turn).toBe(s.pos.turn);
    expect(checkMove(mv, b, { type: 'move', unit: 'e', path: [fmt(hx(4, 5))] })).toMatchObject({ ok: false, error: { code: 'demolition' } });
  });
});

describe('GOSS 17.3.2b hasty bridge demolition in a ground assault (AW 33.6.0, 34.6.0)', () => {
  function assault(attackers: UnitSpec[], roll: (r: number) => boolean) {
    const b = fixture({ units: [...attackers, G('e', 4, 4, ENG1), G('g', 4, 4)], hexsides: BRIDGE, special: bridges('constructionCompletion') });
    const s0 = edit(toSegment(start(b), b, 'groundAssault'), (d) => { for (const u of attackers) mutUnit(d, u.id).markers.push('TA'); });
    const ids = attackers.map((u) => u.id);
    expect(gaOdds(s0, b, { hex: hx(4, 4), attackers: ids }).ok).toBe(true);
    const s = withSeed(s0, seedWhere(s0.n, (d) => roll(d.d10('x'))));
    return { b, r: apply(s, { type: 'assault', hex: fmt(hx(4, 4)), attackers: ids }) };
  }

  it('GOSS 17.3.2b: a defending Eng step blows the bridge on 0–3; the Mech attacker across it drops out, the Leg attacker fights on', () => {
    const { r } = assault([A('am', 3, 4, MECH), A('al', 3, 4)], (x) => x === 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'bridgeDemolition', kind: 'hasty', roll: 3, needed: 3, success: true, droppedOut: ['am'], case: 'AW 33.6.0, GOSS 17.3.2b' }));
    expect(demolished(r.state)).toEqual([SIDE]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'gaResolved' }));
    expect(unitOf(r.state, "am").markers).not.toContain('TA');
  });

  it('GOSS 17.3.2b: on a 4 the bridge stands and the assault goes on with both', () => {
    const { r } = assault([A('am', 3, 4, MECH), A('al', 3, 4)], (x) => x === 4);
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'bridgeDemolition', kind: 'hasty', roll: 4, success: false, droppedOut: [] }));
    if (r.ok) expect(demolished(r.state)).toEqual([]);
  });

  it('GOSS 17.3.2b: with only Mech attackers across the blown bridge the assault ends without a roll on the table', () => {
    const { r } = assault([A('am', 3, 4, MECH)], (x) => x <= 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'gaCancelled', case: 'GOSS 17.3.2b' }));
    expect(r.events.some((e) => e.type === 'gaResolved')).toBe(false);
    expect(r.state.pending).toBeNull();
  });
});

describe('AW 32.6.1 / 33.6.1 bridges placed in play, and demolished ones, in retreats (GOSS 13.11)', () => {
  // (3,4) is boxed in by sea but for the river hexside to (4,4): a Mech stack can leave only by a bridge.
  const sea = Object.fromEntries(neighbours(hx(3, 4)).filter((h) => h !== hx(4, 4)).map((h) => [`@${colOf(h)},${rowOf(h)}`, 'sea']));
  const units = [A('m', 3, 4, MECH), G('far', 11, 9)];

  it('GOSS 13.11, AW 32.6.1: a Mech stack retreats across the river only over a bridge placed in play', () => {
    const b = fixture({ terrain: sea, units, hexsides: [{ a: at(3, 4), b: at(4, 4), features: ['river'] }] });
    const s = start(b);
    expect(retreatPaths(s, b, 'allied', hx(3, 4), ['m'], 1)).toEqual([]);
    const placed = edit(s, (d) => { (d as GameState & { special?: Record<string, unknown> }).special = { bridges: { sides: [SIDE] } }; });
    expect(retreatPaths(placed, b, 'allied', hx(3, 4), ['m'], 1)).toEqual([[hx(4, 4)]]);
  });

  it('GOSS 13.11, 17.3.2: a demolished map bridge no longer carries the retreat', () => {
    const b = fixture({ terrain: sea, units, hexsides: BRIDGE });
    const s = start(b);
    expect(retreatPaths(s, b, 'allied', hx(3, 4), ['m'], 1)).toEqual([[hx(4, 4)]]);
    const blown = edit(s, (d) => { (d as GameState & { special?: Record<string, unknown> }).special = { bridges: { demolished: [SIDE] } }; });
    expect(retreatPaths(blown, b, 'allied', hx(3, 4), ['m'], 1)).toEqual([]);
  });
});

