import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../game';
import { act, at, edit, fixture, fmt, hx, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { frameOf } from '../procedures';
import type { Action, GameState } from '../types';
import { movementOptions, overrunCost } from './movement';
import { gaOdds } from './gaOdds';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const MECH = { type: 'Arm', moveClass: 'mech' as const, ma: 12, steps: [[8, 6], [6, 4], [3, 2]] as [number, number][], extra: { armAttack: 3, armDefence: 3 } };

function setup() {
  const b = fixture({ units: [A('m', 2, 4, MECH), A('inf', 0, 0), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('far', 11, 9)] });
  const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); });
  return { b, s };
}

describe('GOSS 5.3.5 / AW 31.5 overrun', () => {
  it('GOSS 5.3.5: an Exploit Mech unit overruns an adjacent hex for +1 MP plus the entry cost (clear: 2 MP); not twice the same hex; only in Exploit mode', () => {
    const { b, s } = setup();
    expect(overrunCost(s, b, 'm', hx(3, 4))).toEqual({ cost: 2, left: 6 });
    const no = apply(edit(s, (d) => { mutUnit(d, "m").markers = []; }), { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(!no.ok && [no.error.code, no.error.case]).toEqual(['not-exploit', 'GOSS 5.3.4b, AW 31.5']);
    const r = act(s, { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(r.events.find((e) => e.type === 'overrunDeclared')).toMatchObject({ type: 'overrunDeclared', unit: 'm', cost: 2, case: 'GOSS 5.3.5, AW 31.5' });
    expect(unitOf(r.state, "m").mpSpent).toBe(2);
    let t = r.state;
    while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state;
    if (unitOf(t, "g") && !unitOf(t, "g").eliminated) {
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
      const ga = frameOf(r.state, 'groundAssault');
      if (ga) { expect(ga.att!.disc).toBe(0); expect(ga.att!.ignoreMax).toBe(true); expect(ga.att!.mand).toBeGreaterThanOrEqual(res.attackerHits); }
      if (res.success) { seen.success = true; expect(unitOf(r.state, "m").markers).toContain('Exploit'); }
      else { seen.failure = true; expect(unitOf(r.state, "m").markers).not.toContain('Exploit'); }
      // no advance after an overrun (GOSS 5.3.5)
      expect(unitOf(r.state, "m").hex).toBe(hx(2, 4));
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
    const { b, t } = overrunWith((x, ok) => ok && !!unitOf(x, "g") && !unitOf(x, "g").eliminated && unitOf(x, "g").hex === hx(3, 4));
    expect(unitOf(t, "m").hex).toBe(hx(2, 4));
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
    expect(unitOf(moved, "m").hex).toBe(hx(4, 4));
    expect(unitOf(moved, "m").mpSpent).toBe(2 + on.cost);
    // …for the rest of the phase: the next leg of its move ignores them too.
    const next = movementOptions(moved, b, 'm');
    if ('error' in next) throw new Error(next.error.message);
    expect(next.destinations.find((d) => d.hex === hx(4, 5))).toMatchObject({ cost: 1, halt: null });
  });
  it('GOSS 5.3.5: after a success against a defender that is gone, the overrunner may stop in the overrun hex', () => {
    const { b, t } = overrunWith((x, ok) => ok && (!unitOf(x, "g") || unitOf(x, "g").eliminated || unitOf(x, "g").hex !== hx(3, 4)));
    const o = movementOptions(t, b, 'm');
    if ('error' in o) throw new Error(o.error.message);
    expect(o.destinations.find((d) => d.hex === hx(3, 4))).toMatchObject({ cost: 0, path: [fmt(hx(3, 4))] });
    expect(unitOf(act(t, { type: 'move', unit: 'm', path: [at(3, 4)] }).state, "m").hex).toBe(hx(3, 4));
  });
  it('GOSS 5.3.5: after a failure the overrunner stays in the hex it came from and may not move on', () => {
    const { b, t } = overrunWith((_x, ok) => !ok);
    expect(unitOf(t, "m").hex).toBe(hx(2, 4));
    expect(movementOptions(t, b, 'm')).toHaveProperty('error');
  });
  it('GOSS 5.3.4b: no overrun from a last hex without MCT adjacent to more than one enemy hex', () => {
    const b = fixture({ units: [A('m', 2, 4, MECH), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('g2', 2, 5), G('far', 11, 9)] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); });
    const r = apply(s, { type: 'overrun', unit: 'm', hex: at(3, 4) });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['overrun-last-hex', 'GOSS 5.3.4b']);
    expect(legalActions(s, 'allied').filter((a) => a.type === 'overrun')).toEqual([]);
  });
});

describe('GOSS 5.3.5 defensive FS against an overrun', () => {
  const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };
  const SPECIAL = { artillery: {
    resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
    groups: [{ id: 'gag', side: 'german', name: 'test German group', kind: 'group', points: 12, range: 7, mapCounter: 'gag', source: 'test: group' }],
  } };
  function fsSetup(fieldworks?: 'ET-2') {
    const b = fixture({ special: SPECIAL, units: [A('m', 2, 4, MECH), A('inf', 0, 0), G('g', 3, 4, { steps: [[2, 2], [1, 1]], fieldworks }), G('gag', 7, 4, GROUP), G('far', 11, 9)] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); });
    return { b, s };
  }
  const OVERRUN = { type: 'overrun' as const, unit: 'm', hex: at(3, 4) };
  /** The first seed (fs0, fs1, …) whose mission on the overrunner gives `hits` numerical hits: the dice fixed by the seed. */
  function firedWith(s: ReturnType<typeof fsSetup>['s'], hits: number) {
    for (let i = 0; i < 500; i++) {
      const t = act(withSeed(s, `fs${i}`), OVERRUN).state;
      const r = act(t, legalActions(t, 'german').find((a) => (a as { fire?: boolean }).fire)!);
      const fs = r.events.find((e) => e.type === 'fsResolved') as { hits: number; as: number } | undefined;
      if (fs && fs.hits === hits && fs.as === 0) return { t, r, seed: `fs${i}` };
    }
    throw new Error('no seed');
  }

  it('GOSS 5.3.5: with no possible mission (no German artillery) the overrun resolves at once, without a decision', () => {
    const { s } = setup();
    const r = act(s, OVERRUN);
    expect(r.events.some((e) => e.type === 'overrunResult')).toBe(true);
    expect(r.state.pending?.kind).not.toBe('overrunFs');
    expect(frameOf(r.state, 'overrun')?.stage ?? 'end').toBe('end'); // past its FS decision
  });

  it('GOSS 5.3.5: the defender may fire a light mission (cap 8, reconstructed from AW 31.9.4) spotted from the overrun stack at the overrunner\'s hex, or decline; declining resolves the overrun', () => {
    const { b, s } = fsSetup();
    const r = act(s, OVERRUN);
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'overrunFs', case: 'GOSS 5.3.5' });
    expect(r.events.some((e) => e.type === 'gaResolved')).toBe(false);
    // The overrunner may do nothing meanwhile; the defender chooses between no fire and the mission.
    expect(legalActions(r.state, 'allied')).toEqual([]);
    expect(legalActions(r.state, 'german')).toEqual([
      { type: 'overrunFs', fire: false },
      { type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 8 }] },
    ]);
    // GOSS 5.3.5: light (the overrun unit is a Bn outside an ET): 9 points exceed the cap; the spotter must be in the overrun stack; artillery only.
    const nine = apply(r.state, { type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 9 }] });
    expect(!nine.ok && [nine.error.code, nine.error.case]).toEqual(['mission-cap', 'GOSS 5.3.5, AW 31.9.4']);
    const far = apply(r.state, { type: 'overrunFs', fire: true, spotter: 'far', artillery: [{ unit: 'gag', points: 4 }] });
    expect(!far.ok && [far.error.code, far.error.case]).toEqual(['overrun-spotter', 'GOSS 5.3.5']);
    // Declining: the overrun is resolved at full strength (dice of seed fs3, the seed the next test fires with).
    const { t: t3, seed } = firedWith(s, 1);
    expect(seed).toBe('fs3');
    const declined = act(t3, { type: 'overrunFs', fire: false });
    expect(declined.events.map((e) => e.type).filter((t) => ['overrunFsDeclined', 'fsResolved', 'gaResolved', 'overrunResult'].includes(t))).toEqual(['overrunFsDeclined', 'gaResolved', 'overrunResult']);
    expect(declined.events.find((e) => e.type === 'gaResolved')).toMatchObject({ odds: { attackers: [{ unit: 'm', cs: 8 }], baseLabel: '4:1', column: 'I' } });
    expect(declined.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackerHits: 0, defenderHits: 3, success: true });
    expect(frameOf(declined.state, 'overrun')?.stage ?? 'end').toBe('end'); // past its FS decision
    expect(unitOf(declined.state, "m").stepsLost).toBe(0);
    expect(unitOf(declined.state, "m").markers).toContain('Exploit');
    expect(b.units.get('gag')).toBeDefined();
  });

  it('GOSS 5.3.5 / 11.2.4: overrun units in an ET get a medium mission (cap 16): all 12 points of the group', () => {
    const { s } = fsSetup('ET-2');
    const r = act(s, OVERRUN);
    expect(legalActions(r.state, 'german')).toContainEqual({ type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 12 }] });
  });

  it('GOSS 5.3.5 / 11.6.2a: the defender fires, the overrunner takes one hit as a step loss, then the overrun is resolved at its reduced strength', () => {
    const { s } = fsSetup();
    const { r, seed } = firedWith(s, 1);
    expect(seed).toBe('fs3');
    const fs = r.events.find((e) => e.type === 'fsResolved') as unknown as { plan: { target: string; cap: number; drm: number; capWhy: string }; volleys: { points: number; fsv: number; result: string }[] };
    expect(fs.plan).toMatchObject({ target: fmt(hx(2, 4)), cap: 8, drm: -3 }); // pure armour −3, density 3 steps 0 (GOSS 11.5)
    expect(fs.plan.capWhy).toMatch(/^defensive mission against an overrunner: light/);
    expect(fs.volleys).toEqual([{ points: 8, roll: 5, drm: -3, fsv: 10, result: '1' }]);
    expect(r.state.pending).toMatchObject({ side: 'allied', kind: 'fsHits' });
    expect(r.events.some((e) => e.type === 'gaResolved')).toBe(false);
    const hit = act(r.state, { type: 'fsHits', option: 'step' });
    const types = hit.events.map((e) => e.type);
    expect(types.indexOf('fsEnded')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('gaResolved')).toBeGreaterThan(types.indexOf('fsEnded'));
    expect(types).toContain('overrunResult');
    // The GA uses the overrunner's strength after the FS step loss: its second step attacks with 6 (3:1, not 4:1), and this time the overrun fails.
    expect(hit.events.find((e) => e.type === 'gaResolved')).toMatchObject({ odds: { attackers: [{ unit: 'm', cs: 6 }], baseLabel: '3:1', column: 'H' } });
    expect(hit.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackerHits: 1, defenderHits: 1, success: false });
    expect(hit.state.pending).toBeNull();
    expect(unitOf(hit.state, "m").stepsLost).toBe(2); // 1 from FS + 1 from the GA
    expect(unitOf(hit.state, "m").hex).toBe(hx(2, 4));
    expect(unitOf(hit.state, "m").markers).not.toContain('Exploit');
  });

  it('GOSS 5.3.5 / 11.6.2b: a hit taken as a retreat forces the overrunner back and ends the overrun without a ground assault', () => {
    const { s } = fsSetup();
    const { r } = firedWith(s, 1);
    const back = act(r.state, { type: 'fsHits', option: 'retreat' });
    let t = back.state;
    const events = [...back.events];
    while (t.pending) { const x = act(t, legalActions(t, t.pending.side)[0]); t = x.state; events.push(...x.events); }
    expect(events.find((e) => e.type === 'overrunStopped')).toMatchObject({ hex: fmt(hx(3, 4)), attackers: ['m'], case: 'GOSS 5.3.5' });
    expect(events.some((e) => e.type === 'gaResolved' || e.type === 'overrunResult')).toBe(false);
    expect(unitOf(t, "m").hex).not.toBe(hx(2, 4));
    expect(unitOf(t, "m").stepsLost).toBe(0); // option b: 1 hit, the retreat takes it, nothing left (GOSS 11.6.2b)
    expect(unitOf(t, "m").move?.overrun).toBeUndefined();
    expect(unitOf(t, "g").stepsLost).toBe(0);
    // The same unit may not overrun the same units twice in a phase.
    expect(t.combat!.overruns).toContain(`m@${hx(3, 4)}`);
  });
});

describe('GOSS 5.3.5 / 6.2 overrun by a free-stacked group', () => {
  // A Mech infantry Bn and its free AT Co (GOSS 6.2.2): one group for movement, so one overrunner.
  const BN = { type: 'Inf', moveClass: 'mech' as const, ma: 12, steps: [[6, 6], [4, 4], [2, 2]] as [number, number][] };
  const AT = { type: 'AT', size: 'Co' as const, moveClass: 'mech' as const, ma: 12, steps: [[3, 2]] as [number, number][], extra: { at: 2 } };
  const GROUP_OVERRUN = { type: 'overrun' as const, unit: 'bn', hex: at(3, 4), with: ['at'] };
  function groupSetup(extra: UnitSpec[] = [], x: { at?: Partial<UnitSpec>; bn?: Partial<UnitSpec> } = {}) {
    const b = fixture({ units: [A('bn', 2, 4, { ...BN, ...x.bn }), A('at', 2, 4, { ...AT, ...x.at }), G('g', 3, 4, { steps: [[3, 3], [2, 2], [1, 1]] }), G('far', 11, 9), ...extra] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { for (const id of ['bn', 'at']) mutUnit(d, id).markers.push('Exploit'); });
    return { b, s };
  }
  const settle = (t: ReturnType<typeof groupSetup>['s']) => { while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state; return t; };

  it('GOSS 5.3.5 / 6.2: a Bn and its free AT Co overrun together: each pays +1 MP + entry (2 MP), both attack (9 against 3: 3:1, the Bn alone 2:1), the success test counts the hits of the whole group', () => {
    const { b, s } = groupSetup();
    // legalActions: each unit alone, and the group once, host first.
    const target = fmt(hx(3, 4));
    expect(legalActions(s, 'allied').filter((a) => a.type === 'overrun')).toEqual([
      { type: 'overrun', unit: 'bn', hex: target },
      { type: 'overrun', unit: 'at', hex: target },
      { type: 'overrun', unit: 'bn', hex: target, with: ['at'] },
    ]);
    expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['bn'], overrun: true })).toMatchObject({ ok: true, odds: { baseLabel: '2:1' } });
    // Seed gr2: the group takes 1 hit against the defender's 2 — success; the hit is a step loss of the group (the AT Co, its only step).
    const r = act(withSeed(s, 'gr2'), GROUP_OVERRUN);
    expect(r.events.filter((e) => e.type === 'overrunDeclared')).toEqual([
      { type: 'overrunDeclared', unit: 'bn', hex: fmt(hx(3, 4)), cost: 2, group: ['bn', 'at'], case: 'GOSS 5.3.5, 6.2, AW 31.5' },
      { type: 'overrunDeclared', unit: 'at', hex: fmt(hx(3, 4)), cost: 2, group: ['bn', 'at'], case: 'GOSS 5.3.5, 6.2, AW 31.5' },
    ]);
    expect(r.events.find((e) => e.type === 'gaResolved')).toMatchObject({ odds: { attackers: [{ unit: 'bn', cs: 6 }, { unit: 'at', cs: 3 }], gavAttacker: 9, gavDefender: 3, baseLabel: '3:1', column: 'H' } });
    expect(r.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackers: ['bn', 'at'], attackerHits: 1, defenderHits: 2, success: true });
    expect(r.events.filter((e) => e.type === 'stepLost').map((e) => (e as { unit: string }).unit)).toEqual(['at', 'g']);
    const t = settle(r.state);
    expect(unitOf(t, "at").eliminated).toBe(true);
    expect([unitOf(t, "bn").mpSpent, unitOf(t, "bn").stepsLost, unitOf(t, "bn").hex]).toEqual([2, 0, hx(2, 4)]);
    expect(unitOf(t, "bn").markers).toContain('Exploit');
    expect(t.combat!.overruns).toEqual([`bn@${hx(3, 4)}`, `at@${hx(3, 4)}`]);
  });

  it('GOSS 5.3.5 / 6.2: after a success every member of the group has entered the hex, and the group moves on from it as one', () => {
    const { b, s } = groupSetup();
    // Seed gr0: no hit on the group, 2 on the defender; the defender stays (its option: hold, its hits as step losses).
    const r = act(withSeed(s, 'gr0'), GROUP_OVERRUN);
    expect(r.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackerHits: 0, defenderHits: 2, success: true });
    const t = settle(r.state);
    expect(unitOf(t, "g").hex).toBe(hx(3, 4));
    const on = [fmt(hx(3, 4)), fmt(hx(4, 4))];
    for (const id of ['bn', 'at']) {
      expect([unitOf(t, id).mpSpent, unitOf(t, id).move?.overrun, unitOf(t, id).markers.includes('Exploit')]).toEqual([2, hx(3, 4), true]);
      const o = movementOptions(t, b, id);
      if ('error' in o) throw new Error(o.error.message);
      expect(o.destinations.find((d) => d.hex === hx(4, 4))).toMatchObject({ cost: 1, halt: null, path: on });
    }
    // The group goes on together (legalActions offers it, host first); the same group may also overrun again from the hex.
    expect(legalActions(t, 'allied')).toContainEqual({ type: 'move', unit: 'bn', path: on, with: ['at'] });
    const moved = act(t, { type: 'move', unit: 'bn', path: on, with: ['at'] });
    expect(moved.events.filter((e) => e.type === 'unitMoved').map((e) => { const m = e as unknown as { unit: string; to: string; cost: number }; return [m.unit, m.to, m.cost]; })).toEqual([['bn', fmt(hx(4, 4)), 1], ['at', fmt(hx(4, 4)), 1]]);
    expect([unitOf(moved.state, "bn").hex, unitOf(moved.state, "at").hex, unitOf(moved.state, "bn").mpSpent, unitOf(moved.state, "at").mpSpent]).toEqual([hx(4, 4), hx(4, 4), 3, 3]);
    // GOSS 7.1: apart, the first to move on ends the other's move.
    const alone = act(t, { type: 'move', unit: 'bn', path: on }).state;
    const left = apply(alone, { type: 'move', unit: 'at', path: on });
    expect(!left.ok && [left.error.code, left.error.case]).toEqual(['move-finished', 'GOSS 7.1']);
  });

  it('GOSS 5.3.5 / 6.2: after a failure the group stays in its hex and every member loses Exploit', () => {
    const { b, s } = groupSetup();
    // Seed gr1: 2 hits on the group against 2 on the defender — failure; the group takes both (the AT Co, then a Bn step) and a PRC step.
    const r = act(withSeed(s, 'gr1'), GROUP_OVERRUN);
    expect(r.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackers: ['bn', 'at'], attackerHits: 2, defenderHits: 2, success: false });
    const t = settle(r.state);
    expect(unitOf(t, "at").eliminated).toBe(true);
    expect([unitOf(t, "bn").hex, unitOf(t, "bn").stepsLost, unitOf(t, "bn").markers.includes('Exploit'), unitOf(t, "bn").move?.halted]).toEqual([hx(2, 4), 2, false, true]);
    expect(movementOptions(t, b, 'bn')).toHaveProperty('error');
  });

  it('GOSS 5.3.5 / 6.2: only one free-stacked group overruns together — two Bns, or an AT Co with a tank Bn, are refused; so is a group that did not start the phase together', () => {
    const two = groupSetup([A('bn2', 2, 4, BN)]);
    const s2 = edit(two.s, (d) => { mutUnit(d, "bn2").markers.push('Exploit'); });
    const r2 = apply(s2, { type: 'overrun', unit: 'bn', hex: at(3, 4), with: ['bn2'] });
    expect(!r2.ok && [r2.error.code, r2.error.case]).toEqual(['not-free-stacked', 'GOSS 5.3.5, 6.2']);
    expect(!r2.ok && r2.error.message).toMatch(/bn and bn2 are not free companies/);
    const tank = groupSetup([], { bn: { type: 'Arm', extra: { armAttack: 3, armDefence: 3 } } });
    const rt = apply(tank.s, GROUP_OVERRUN);
    expect(!rt.ok && [rt.error.code, rt.error.case]).toEqual(['not-free-stacked', 'GOSS 5.3.5, 6.2']);
    expect(!rt.ok && rt.error.message).toMatch(/at stacks free only with a Bn-size personnel or Recon unit; bn is not one/);
    // The AT Co joined the Bn this phase (GOSS 6.2: a group must start the phase together to move as one): its record starts in (1,4).
    const late = groupSetup();
    const joined = edit(late.s, (d) => { mutUnit(d, "at").move = { turn: d.pos.turn, playerTurn: d.pos.playerTurn, segment: 'exploitation', seq: 0, from: hx(1, 4), hexes: 1, mp: 1, type: 'offroad', halted: false, beyond6: false }; mutUnit(d, "at").mpSpent = 1; });
    const rl = apply(joined, GROUP_OVERRUN);
    expect(!rl.ok && [rl.error.code, rl.error.case]).toEqual(['not-together', 'GOSS 6.2']);
    expect(legalActions(joined, 'allied').filter((a) => a.type === 'overrun' && 'with' in a)).toEqual([]);
    // The same holds for a group move (GOSS 6.2).
    const mv = apply(joined, { type: 'move', unit: 'bn', path: [at(2, 5)], with: ['at'] });
    expect(!mv.ok && [mv.error.code, mv.error.case]).toEqual(['not-together', 'GOSS 6.2']);
  });

  it('GOSS 5.3.5 / 6.2: each member must qualify: Exploit Mech, in supply and unfatigued, with the MP to pay', () => {
    const { s } = groupSetup();
    const noExploit = apply(edit(s, (d) => { mutUnit(d, "at").markers = []; }), GROUP_OVERRUN);
    expect(!noExploit.ok && [noExploit.error.code, noExploit.error.message]).toEqual(['not-exploit', 'only a Mech unit in Exploit mode may overrun; at is not one']);
    const oos = apply(edit(s, (d) => { mutUnit(d, "at").markers.push('OoS'); }), GROUP_OVERRUN);
    expect(!oos.ok && [oos.error.code, oos.error.case]).toEqual(['cannot-overrun', 'GOSS 5.3.5']);
    const tired = apply(edit(s, (d) => { mutUnit(d, "at").mpSpent = 5; }), GROUP_OVERRUN);
    expect(!tired.ok && [tired.error.code, tired.error.message]).toEqual(['over-ma', `overrunning ${fmt(hx(3, 4))} costs 2 MP; at has 1 left`]);
    expect(legalActions(edit(s, (d) => { mutUnit(d, "at").mpSpent = 5; }), 'allied').filter((a) => a.type === 'overrun')).toEqual([{ type: 'overrun', unit: 'bn', hex: fmt(hx(3, 4)) }]);
  });

  it('GOSS 6.2.1 / 5.3.5: a German AFV Co overruns with a Mech unit of its own formation, not of another', () => {
    const PZG = { type: 'PzGd', moveClass: 'mech' as const, ma: 12, steps: [[6, 6], [4, 4], [2, 2]] as [number, number][], extra: { formation: '21Pz' } };
    const PZ = { type: 'Arm', size: 'Co' as const, moveClass: 'mech' as const, ma: 12, steps: [[4, 3]] as [number, number][], extra: { armAttack: 3, armDefence: 3, formation: '21Pz' } };
    const mk = (formation: string) => {
      const b = fixture({ units: [G('pzg', 2, 4, PZG), G('pz', 2, 4, { ...PZ, extra: { ...PZ.extra, formation } }), A('a', 3, 4, { steps: [[3, 3], [2, 2], [1, 1]] }), A('far', 11, 9)] });
      return edit(toSegment(start(b), b, 'exploitation', 1), (d) => { for (const id of ['pzg', 'pz']) mutUnit(d, id).markers.push('Exploit'); });
    };
    const same = mk('21Pz');
    expect(legalActions(same, 'german')).toContainEqual({ type: 'overrun', unit: 'pzg', hex: fmt(hx(3, 4)), with: ['pz'] });
    const other = apply(mk('12SS'), { type: 'overrun', unit: 'pzg', hex: at(3, 4), with: ['pz'] });
    expect(!other.ok && [other.error.code, other.error.message]).toEqual(['not-free-stacked', 'only one unit or one free-stacked group overruns: pz stacks free only with a unit of its own formation; pzg is not']);
  });
});

describe('GOSS 5.3.5 defensive FS against a group overrun and a chained overrun', () => {
  const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };
  const SPECIAL = { artillery: {
    resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
    groups: [{ id: 'gag', side: 'german', name: 'test German group', kind: 'group', points: 12, range: 7, mapCounter: 'gag', source: 'test: group' }],
  } };
  /** The first seed (`prefix`0, 1, …) whose mission fired after `declare` gives one numerical hit and no AS: the dice fixed by the seed. */
  function oneHit(s: GameState, declare: Action, prefix: string) {
    for (let i = 0; i < 500; i++) {
      const t = act(withSeed(s, `${prefix}${i}`), declare).state;
      const r = act(t, legalActions(t, 'german').find((a) => (a as { fire?: boolean }).fire)!);
      const fs = r.events.find((e) => e.type === 'fsResolved') as { hits: number; as: number } | undefined;
      if (fs && fs.hits === 1 && fs.as === 0) return { t, r, seed: `${prefix}${i}` };
    }
    throw new Error('no seed');
  }

  it('GOSS 5.3.5 / 6.2 defensive FS against a group overrun: the mission hits the group\'s hex; a member eliminated by it drops out and the rest overruns', () => {
    const BN = { type: 'Inf', moveClass: 'mech' as const, ma: 12, steps: [[6, 6], [4, 4], [2, 2]] as [number, number][], stepsLost: 2 };
    const AT = { type: 'AT', size: 'Co' as const, moveClass: 'mech' as const, ma: 12, steps: [[3, 2]] as [number, number][], extra: { at: 2 } };
    const b = fixture({ special: SPECIAL, units: [A('bn', 2, 4, BN), A('at', 2, 4, AT), G('g', 3, 4, { steps: [[1, 1]] }), G('gag', 7, 4, GROUP), G('far', 11, 9)] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { for (const id of ['bn', 'at']) mutUnit(d, id).markers.push('Exploit'); });
    const declare = { type: 'overrun' as const, unit: 'bn', hex: at(3, 4), with: ['at'] };
    const first = act(s, declare);
    expect(first.state.pending).toMatchObject({ side: 'german', kind: 'overrunFs', prompt: `Overrun of ${fmt(hx(3, 4))}: fire a defensive artillery mission at ${fmt(hx(2, 4))}, or not` });
    const { r, seed } = oneHit(s, declare, 'gf');
    expect(seed).toBe('gf1');
    expect(r.events.find((e) => e.type === 'fsResolved')).toMatchObject({ plan: { target: fmt(hx(2, 4)), cap: 8 }, hits: 1 });
    // The first hit as a step loss: the units have one step each, the AT Co (first by name) loses it and is eliminated (GOSS 11.6.2a).
    const hit = act(r.state, { type: 'fsHits', option: 'step' });
    expect(hit.events.filter((e) => e.type === 'stepLost' || e.type === 'unitEliminated').map((e) => `${e.type} ${(e as { unit: string }).unit}`).slice(0, 2)).toEqual(['stepLost at', 'unitEliminated at']);
    const types = hit.events.map((e) => e.type);
    expect(types).not.toContain('overrunStopped');
    // The Bn overruns alone: its one step (CS 2) against the defender's 1.
    expect(hit.events.find((e) => e.type === 'gaResolved')).toMatchObject({ odds: { attackers: [{ unit: 'bn', cs: 2 }], gavAttacker: 2, gavDefender: 1 } });
    expect(hit.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackers: ['bn'] });
  });

  // m overruns g (seed ch32: success, g holds in (3,4) with a step lost), then from (3,4) overruns g2 in (4,4).
  const MECH2 = { type: 'Arm', moveClass: 'mech' as const, ma: 12, steps: [[8, 6], [6, 4], [3, 2]] as [number, number][], extra: { armAttack: 3, armDefence: 3 } };
  function chained() {
    const b = fixture({ special: SPECIAL, units: [A('m', 2, 4, MECH2), A('m2', 0, 9, MECH2), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('g2', 4, 4, { steps: [[2, 2], [1, 1]] }), G('gag', 7, 4, GROUP), G('far', 11, 9)] });
    const s = edit(toSegment(start(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); mutUnit(d, "m2").markers.push('Exploit'); });
    const r = act(withSeed(s, 'ch32'), { type: 'overrun', unit: 'm', hex: at(3, 4) });
    let t = act(r.state, { type: 'overrunFs', fire: false }).state;
    while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state;
    return { b, t };
  }
  const CHAIN = { type: 'overrun' as const, unit: 'm', hex: at(4, 4) };

  it('GOSS 5.3.5 chained overrun: made from the hex just overrun (its GA from there), for +1 MP + entry only (the overrun units there cause no surcharge)', () => {
    const { b, t } = chained();
    expect([unitOf(t, "m").hex, unitOf(t, "m").mpSpent, unitOf(t, "m").move?.overrun, unitOf(t, "g").hex, unitOf(t, "g").stepsLost]).toEqual([hx(2, 4), 4, hx(3, 4), hx(3, 4), 1]);
    // (4,4) is not adjacent to the counter in (2,4): the overrun is made from (3,4), where m stands.
    expect(overrunCost(t, b, 'm', hx(4, 4))).toEqual({ cost: 2, left: 2 });
    expect(legalActions(t, 'allied').filter((a) => a.type === 'overrun')).toEqual([{ type: 'overrun', unit: 'm', hex: fmt(hx(4, 4)) }]);
    const r = act(t, CHAIN);
    expect(r.events.find((e) => e.type === 'overrunDeclared')).toMatchObject({ unit: 'm', hex: fmt(hx(4, 4)), cost: 2, from: fmt(hx(3, 4)) });
    // GOSS 7.1: the overrun is part of m's move; once another unit has moved, m's move (and its chain of overruns) is over.
    const other = act(t, { type: 'move', unit: 'm2', path: [at(1, 9)] }).state;
    const late = apply(other, CHAIN);
    expect(!late.ok && [late.error.code, late.error.case]).toEqual(['move-finished', 'GOSS 7.1']);
  });

  it('GOSS 5.3.5 defensive FS against a chained overrun: the mission targets the overrunner in the hex it overran before, spotted from the new overrun stack; the units it overran there are not hit', () => {
    const { t } = chained();
    const r = act(t, CHAIN);
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'overrunFs', prompt: `Overrun of ${fmt(hx(4, 4))}: fire a defensive artillery mission at ${fmt(hx(3, 4))}, or not` });
    expect(legalActions(r.state, 'german')).toEqual([
      { type: 'overrunFs', fire: false },
      { type: 'overrunFs', fire: true, spotter: 'g2', artillery: [{ unit: 'gag', points: 8 }] },
    ]);
    // The spotter must be in the stack being overrun now, not in the hex overrun before.
    const old = apply(r.state, { type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 8 }] });
    expect(!old.ok && [old.error.code, old.error.case]).toEqual(['overrun-spotter', 'GOSS 5.3.5']);
    const { r: fired, seed } = oneHit(t, CHAIN, 'cf');
    expect(seed).toBe('cf18');
    const fs = fired.events.find((e) => e.type === 'fsResolved') as unknown as { plan: { target: string; cap: number; drms: { why: string; value: number }[] }; volleys: unknown[] };
    // Target (3,4); DRMs from the overrunner alone (pure armour −3, density 3 steps), not from g there.
    expect(fs.plan).toMatchObject({ target: fmt(hx(3, 4)), cap: 8, drms: [{ why: 'pure armour', value: -3 }, { why: 'density: 3 step(s)', value: 0 }] });
    expect(fs.volleys).toEqual([{ points: 8, roll: 5, drm: -3, fsv: 10, result: '1' }]);
    expect(frameOf(fired.state, 'fireMission')).toMatchObject({ target: hx(3, 4), units: ['m'], entered: true });
    const hit = act(fired.state, { type: 'fsHits', option: 'step' });
    expect(hit.events.filter((e) => e.type === 'stepLost').map((e) => (e as { unit: string }).unit)).toEqual(['m', 'g2']);
    expect([unitOf(hit.state, "g").stepsLost, unitOf(hit.state, "g").markers]).toEqual([1, []]);
    // Then the overrun, from (3,4), at m's reduced strength: 6 against 2.
    expect(hit.events.find((e) => e.type === 'gaResolved')).toMatchObject({ odds: { attackers: [{ unit: 'm', cs: 6 }], baseLabel: '3:1', attackerHexes: [fmt(hx(3, 4))] } });
    expect(hit.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackerHits: 0, defenderHits: 3, success: true });
    expect([unitOf(hit.state, "m").hex, unitOf(hit.state, "m").stepsLost, unitOf(hit.state, "m").mpSpent, unitOf(hit.state, "m").move?.overrun]).toEqual([hx(2, 4), 1, 6, hx(4, 4)]);
    expect(hit.state.combat!.fsVacated).toEqual([]);
  });

  it('GOSS 5.3.5 / 11.6.2b defensive FS against a chained overrun: a hit taken as a retreat moves the overrunner 1 hex from the hex it stood in and ends the overrun', () => {
    const { t } = chained();
    const { r } = oneHit(t, CHAIN, 'cf');
    const back = act(r.state, { type: 'fsHits', option: 'retreat' });
    // Retreat hexes counted from (3,4), where m stood; its counter's hex (2,4) is one of them.
    const paths = legalActions(back.state, 'allied') as { type: string; path: string[] }[];
    expect(paths.map((a) => a.path[0])).toEqual([fmt(hx(3, 3)), fmt(hx(4, 5)), fmt(hx(3, 5)), fmt(hx(2, 5)), fmt(hx(2, 4))]);
    const done = act(back.state, { type: 'fsRetreat', path: [fmt(hx(3, 3))] });
    expect(done.events.find((e) => e.type === 'overrunStopped')).toMatchObject({ hex: fmt(hx(4, 4)), attackers: ['m'], case: 'GOSS 5.3.5' });
    expect(done.events.some((e) => e.type === 'gaResolved')).toBe(false);
    // Every hex next to (3,4) is next to the units m overran there: the retreat into open ground next to the enemy costs a step (GOSS 13.11).
    expect(done.events.find((e) => e.type === 'stepLost')).toMatchObject({ unit: 'm' });
    expect([unitOf(done.state, "m").hex, unitOf(done.state, "m").stepsLost, unitOf(done.state, "m").markers.includes('Exploit'), unitOf(done.state, "m").move?.overrun]).toEqual([hx(3, 3), 1, false, undefined]);
    expect(done.state.pending).toBeNull();
  });
});
