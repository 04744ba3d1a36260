import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../game';
import { act, at, edit, fixture, fmt, hx, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { movementOptions, overrunCost } from './movement';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const MECH = { type: 'Arm', moveClass: 'mech' as const, ma: 12, steps: [[8, 6], [6, 4], [3, 2]] as [number, number][], extra: { armAttack: 3, armDefence: 3 } };

function setup() {
  const b = fixture({ units: [A('m', 2, 4, MECH), A('inf', 0, 0), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('far', 11, 9)] });
  const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { d.units.m.markers.push('Exploit'); });
  return { b, s };
}

describe('GOSS 5.3.5 / AW 31.5 overrun', () => {
  it('GOSS 5.3.5: an Exploit Mech unit overruns an adjacent hex for +1 MP plus the entry cost (clear: 2 MP); not twice the same hex; only in Exploit mode', () => {
    const { b, s } = setup();
    expect(overrunCost(s, b, 'm', hx(3, 4))).toEqual({ cost: 2, left: 6 });
    const no = apply(edit(s, (d) => { d.units.m.markers = []; }), { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(!no.ok && [no.error.code, no.error.case]).toEqual(['not-exploit', 'GOSS 5.3.4b, AW 31.5']);
    const r = act(s, { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(r.events.find((e) => e.type === 'overrunDeclared')).toMatchObject({ type: 'overrunDeclared', unit: 'm', cost: 2, case: 'GOSS 5.3.5, AW 31.5' });
    expect(r.state.units.m.mpSpent).toBe(2);
    let t = r.state;
    while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state;
    if (t.units.g && !t.units.g.eliminated) {
      const again = apply(t, { type: 'overrun', unit: 'm', hex: at(3, 4) });
      expect(!again.ok && again.error.code).toMatch(/overrun-twice|not-exploit/);
    }
  });

  it('GOSS 5.3.5 success test: all the overrunner\'s hits are step losses; it succeeds only with fewer hits than the defender, else it loses Exploit', () => {
    const { s } = setup();
    const seen = { success: false, failure: false };
    for (let i = 0; i < 300 && !(seen.success && seen.failure); i++) {
      const r = apply(withSeed(s, `ov${i}`), { type: 'overrun', unit: 'm', hex: at(3, 4) });
      if (!r.ok) throw new Error(r.error.message);
      const res = r.events.find((e) => e.type === 'overrunResult') as { success: boolean; attackerHits: number; defenderHits: number } | undefined;
      if (!res) continue;
      expect(res.success).toBe(res.attackerHits < res.defenderHits);
      const ga = r.state.combat!.ga;
      if (ga) { expect(ga.att!.disc).toBe(0); expect(ga.att!.ignoreMax).toBe(true); expect(ga.att!.mand).toBeGreaterThanOrEqual(res.attackerHits); }
      if (res.success) { seen.success = true; expect(r.state.units.m.markers).toContain('Exploit'); }
      else { seen.failure = true; expect(r.state.units.m.markers).not.toContain('Exploit'); }
      // no advance after an overrun (GOSS 5.3.5)
      expect(r.state.units.m.hex).toBe(hx(2, 4));
    }
    expect(seen).toEqual({ success: true, failure: true });
  });
});

describe('GOSS 5.3.5 after the overrun, GOSS 5.3.4b last hex', () => {
  /** Resolves every pending decision with the first legal choice. */
  const settle = (t: ReturnType<typeof setup>['s']) => { while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state; return t; };
  /** The first seed (ov0, ov1, …) whose overrun ends as `want` says: dice fixed by the seed. */
  function overrunWith(want: (t: ReturnType<typeof setup>['s'], success: boolean) => boolean) {
    const { b, s } = setup();
    for (let i = 0; i < 300; i++) {
      const r = apply(withSeed(s, `ov${i}`), { type: 'overrun', unit: 'm', hex: at(3, 4) });
      if (!r.ok) throw new Error(r.error.message);
      const res = r.events.find((e) => e.type === 'overrunResult') as { success: boolean } | undefined;
      const t = settle(r.state);
      if (res && want(t, res.success)) return { b, t, seed: `ov${i}` };
    }
    throw new Error('no seed');
  }
  it('GOSS 5.3.5: after a success the overrunner enters the hex and moves on from it with its remaining MP (path through the overrun hex)', () => {
    const { b, t } = overrunWith((x, ok) => ok && !!x.units.g && !x.units.g.eliminated && x.units.g.hex === hx(3, 4));
    expect(t.units.m.hex).toBe(hx(2, 4));
    const o = movementOptions(t, b, 'm');
    if ('error' in o) throw new Error(o.error.message);
    const on = o.destinations.find((d) => d.hex === hx(4, 4))!;
    expect(on.path[0]).toBe(fmt(hx(3, 4)));
    // It may not end stacked with the units it overran; they are still there.
    expect(o.destinations.find((d) => d.hex === hx(3, 4))).toBeUndefined();
    const stay = apply(t, { type: 'move', unit: 'm', path: [at(3, 4)] });
    expect(!stay.ok && [stay.error.code, stay.error.case]).toEqual(['overrun-stack', 'GOSS 5.3.5']);
    // Ignoring the overrun units: (4,4) is next to them, yet clear terrain costs 1 MP, without surcharge or halt (AW 31.8b).
    expect(on).toMatchObject({ cost: 1, halt: null });
    expect(o.destinations.find((d) => d.hex === hx(6, 4))).toMatchObject({ cost: 3, path: [fmt(hx(3, 4)), fmt(hx(4, 4)), fmt(hx(5, 4)), fmt(hx(6, 4))] });
    const moved = act(t, { type: 'move', unit: 'm', path: on.path }).state;
    expect(moved.units.m.hex).toBe(hx(4, 4));
    expect(moved.units.m.mpSpent).toBe(2 + on.cost);
    // …for the rest of the phase: the next leg of its move ignores them too.
    const next = movementOptions(moved, b, 'm');
    if ('error' in next) throw new Error(next.error.message);
    expect(next.destinations.find((d) => d.hex === hx(4, 5))).toMatchObject({ cost: 1, halt: null });
  });
  it('GOSS 5.3.5: after a success against a defender that is gone, the overrunner may stop in the overrun hex', () => {
    const { b, t } = overrunWith((x, ok) => ok && (!x.units.g || x.units.g.eliminated || x.units.g.hex !== hx(3, 4)));
    const o = movementOptions(t, b, 'm');
    if ('error' in o) throw new Error(o.error.message);
    expect(o.destinations.find((d) => d.hex === hx(3, 4))).toMatchObject({ cost: 0, path: [fmt(hx(3, 4))] });
    expect(act(t, { type: 'move', unit: 'm', path: [at(3, 4)] }).state.units.m.hex).toBe(hx(3, 4));
  });
  it('GOSS 5.3.5: after a failure the overrunner stays in the hex it came from and may not move on', () => {
    const { b, t } = overrunWith((_x, ok) => !ok);
    expect(t.units.m.hex).toBe(hx(2, 4));
    expect(movementOptions(t, b, 'm')).toHaveProperty('error');
  });
  it('GOSS 5.3.4b: no overrun from a last hex without MCT adjacent to more than one enemy hex', () => {
    const b = fixture({ units: [A('m', 2, 4, MECH), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('g2', 2, 5), G('far', 11, 9)] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { d.units.m.markers.push('Exploit'); });
    const r = apply(s, { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['overrun-last-hex', 'GOSS 5.3.4b']);
    expect(legalActions(s, 'allied').filter((a) => a.type === 'overrun')).toEqual([]);
  });
});
