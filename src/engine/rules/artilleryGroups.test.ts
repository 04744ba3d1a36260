import { describe, expect, it } from 'vitest';
import { apply } from '../game';
import { fsPlan } from './fireSupport';
import { act, at, edit, fixture, fmt, hx, start, toSegment, type UnitSpec } from './combat.fixture';
import { hexStackViolation } from './stacking';
import { movementOptions } from './movement';
import { mutUnit } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
/** An ordinary artillery Btn counter (barrage 5, range 8) standing on the map for an AGRA, as in AW 32.5.1's note. */
const ART = { type: 'Art', size: 'Bn' as const, moveClass: 'mech' as const, ma: 12, steps: [[5, 1], [3, 1]] as [number, number][], pr: [null, 6] as [null, number], extra: { range: 8 } };
const FLAK = { type: 'Flak', size: 'Co' as const, designation: '88Flak Coy', steps: [[2, 3]] as [number, number][], extra: { at: 6 } };

const SPECIAL = {
  corps: [
    { id: 'IICan', name: 'II Canadian Corps', side: 'allied', formations: ['3CanDiv'], source: 'test: AW 32.11.1-style corps' },
    { id: 'I', name: 'I Corps', side: 'allied', formations: ['3Div'], source: 'test: AW 32.11.1-style corps' },
  ],
  artillery: {
    resetEach: 'gameTurn', naval: { separatePoints: false, source: 'test: AW 32.3.0 naval in the groups' }, source: 'test: AW 32.5',
    groups: [
      { id: 'agra', side: 'allied', name: '2 Cdn AGRA', kind: 'group', points: 16, range: 7, mapCounter: 'agra', supports: ['IICan'], source: 'test: AW 32.5.1a 16 points range 7' },
      { id: 'corps', side: 'german', name: 'ISS Pz Corps artillery', kind: 'group', points: 16, range: 7, mapCounter: 'corpshq', pointsAt: [{ at: { date: '1944-07-18', time: 'AM' }, points: 0 }], source: 'test: AW 32.5.2a zero on July 18 AM' },
      { id: 'flak', side: 'german', name: 'Heavy Flak Coys', kind: 'heavyFlak', points: 1, range: 4, firesOncePer: 'playerTurn', units: ['fk'], source: 'test: AW 32.5.2c 1 point range 4' },
    ],
  },
};

function bundle(extra: UnitSpec[] = []) {
  return fixture({
    special: SPECIAL,
    units: [
      A('agra', 0, 4, ART), A('can', 2, 4, { extra: { formation: '3CanDiv' } }), A('brit', 2, 6, { extra: { formation: '3Div' } }),
      G('g', 3, 4), G('g2', 3, 6), G('corpshq', 8, 4, { type: 'HQ', size: 'HQ', moveClass: 'mech', ma: 12, pr: [null, 6], steps: [[0, 3], [0, 2]] }),
      G('fk', 6, 4, FLAK), ...extra,
    ],
  });
}

describe('AW 32.5 artillery groups as scenario data (special.artillery)', () => {
  it('AW 32.5.1a: the counter standing for an AGRA fires the group\'s 16 points at range 7, not its barrage factor 5 / range 8', () => {
    const b = bundle([G('far', 8, 6), A('can2', 7, 6, { extra: { formation: '3CanDiv' } })]);
    const s = toSegment(start(b), b, 'offensiveFs');
    const p = fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'can', artillery: [{ unit: 'agra' }] });
    expect(p.ok && p.plan.sources.map((x) => [x.unit, x.points])).toEqual([['agra', 16]]);
    expect(p.ok && p.plan.volleys).toEqual([8, 8]);
    // 8 hexes away: beyond the group's range 7 (the counter's printed 8 does not count)
    expect(fsPlan(s, b, 'allied', { target: hx(8, 6), artillery: [{ unit: 'agra', points: 8 }] })).toMatchObject({ ok: false, code: 'out-of-range', case: 'GOSS 11.4' });
  });

  it('AW 32.5.1: a group assigned to II Canadian Corps may not support an I Corps spotter; a Canadian spotter or unit next to the target is needed', () => {
    const b = bundle();
    const s = toSegment(start(b), b, 'offensiveFs');
    expect(fsPlan(s, b, 'allied', { target: hx(3, 6), spotter: 'brit', artillery: [{ unit: 'agra', points: 8 }] })).toMatchObject({ ok: false, code: 'not-supported', case: 'AW 32.5.1' });
    expect(fsPlan(s, b, 'allied', { target: hx(3, 4), spotter: 'can', artillery: [{ unit: 'agra', points: 8 }] })).toMatchObject({ ok: true });
  });

  it('AW 32.5.2a: the German corps artillery has zero points in the July 18 AM GT and 16 from July 18 PM', () => {
    const b = bundle();
    let s = toSegment(start(b), b, 'defensiveFs');
    expect(fsPlan(s, b, 'german', { target: hx(2, 4), artillery: [{ unit: 'corpshq', points: 1 }] })).toMatchObject({ ok: false, code: 'no-points' });
    for (let i = 0; i < 40 && s.pos.turn === 0; i++) { const r = apply(s, { type: 'endSegment' }); if (!r.ok) break; s = r.state; }
    s = toSegment(s, b, 'defensiveFs');
    expect(s.pos.turn).toBe(1);
    const p = fsPlan(s, b, 'german', { target: hx(2, 4), artillery: [{ unit: 'corpshq', points: 8 }] });
    expect(p.ok && p.plan.total).toBe(8);
  });

  it('AW 32.5.2c: a heavy Flak Coy adds 1 point at range 4, once per player turn', () => {
    const b = bundle();
    let s = toSegment(start(b), b, 'defensiveFs');
    const p = fsPlan(s, b, 'german', { target: hx(2, 4), artillery: [{ unit: 'fk' }] });
    expect(p.ok && p.plan.sources.map((x) => [x.unit, x.points])).toEqual([['fk', 1]]);
    s = act(s, { type: 'fireMission', target: fmt(hx(2, 4)), artillery: [{ unit: 'fk' }] }).state;
    while (s.pending) {
      const kind = s.pending.kind;
      s = act(s, kind === 'fsHits' ? { type: 'fsHits', option: 'step' } : kind === 'fsAbsorb' ? { type: 'fsAbsorb', fatigue: 0 } : { type: 'fsRetreat', path: [fmt(hx(1, 4))] }).state;
    }
    expect(fsPlan(s, b, 'german', { target: hx(2, 6), artillery: [{ unit: 'fk' }] })).toMatchObject({ ok: false, code: 'flak-once' });
  });

  it('AW 31.9.2a / 31.9.2b: the AGRA counter acts as an artillery group: it may not stack, and it moves with MA 6', () => {
    const b = bundle([A('inf', 0, 4)]);
    const s = start(b);
    expect(hexStackViolation(s, b, hx(0, 4), 'allied')).toMatchObject({ case: 'AW 31.9.2a' });
    const moved = toSegment(edit(s, (d) => { mutUnit(d, "inf").hex = hx(0, 6); }), b, 'move');
    const o = movementOptions(moved, b, 'agra');
    expect('error' in o ? o.error : o.allowance.parts.find((p) => p.case === 'AW 31.9.2b')?.text).toBe('artillery group MA 6');
  });
});
