/**
 * The procedure stack (issue 14 part 2): nested procedures are frames, each resumed when the one it
 * called ends, the pending decision always the top frame's; and one "apply hits" procedure takes the
 * hits of fire support, ground assault and carpet bombing. Dice fixed by the seed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apply, legalActions, newGame } from '../game';
import { loadScenario } from '../../data/bundle';
import { act, at, edit, fixture, fmt, hx, start, toSegment, withSeed, type UnitSpec } from '../rules/combat.fixture';
import type { Action, GameEvent, GameState } from '../types';
import { frameOf, topFrame } from '.';
import { hitsProcedure } from './hits';
import type { HitsFrame } from './frames';
import { mutUnit, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });
const MECH = { type: 'Arm', moveClass: 'mech' as const, ma: 12, steps: [[8, 6], [6, 4], [3, 2]] as [number, number][], extra: { armAttack: 3, armDefence: 3 } };
const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };
const SPECIAL = { artillery: {
  resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
  groups: [
    { id: 'gag', side: 'german', name: 'test German group', kind: 'group', points: 12, range: 7, mapCounter: 'gag', source: 'test: group' },
    { id: 'aag', side: 'allied', name: 'test Allied group', kind: 'group', points: 24, range: 7, mapCounter: 'aag', source: 'test: group' },
  ],
} };

/** The procedures on the stack, bottom first, with their stage (and the hits' rule). */
const stackOf = (s: GameState) => (s.procs ?? []).map((f) => `${f.proc}${f.proc === 'hits' ? `:${f.rule}` : ''}${'stage' in f ? `/${f.stage}` : ''}`);
const types = (es: GameEvent[], only: string[]) => es.map((e) => e.type).filter((t) => only.includes(t));

describe('issue 14: nested procedures on the stack', () => {
  // An Exploit tank Bn next to a 2-step German Bn; a German artillery group in range to fire at the overrunner.
  const b = fixture({ special: SPECIAL, units: [A('m', 2, 4, MECH), A('inf', 0, 0), G('g', 3, 4, { steps: [[2, 2], [1, 1]] }), G('gag', 7, 4, GROUP), G('far', 11, 9)] });
  const s0 = edit(toSegment(start(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); });
  const OVERRUN: Action = { type: 'overrun', unit: 'm', hex: at(3, 4) };
  const FIRE: Action = { type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 8 }] };
  /** The first seed (n0, n1, …) whose mission gives 2 hits and no AS and whose FS PRC then fails: the dice fixed by the seed. */
  function seeded(): GameState {
    for (let i = 0; i < 2000; i++) {
      const t = act(withSeed(s0, `n${i}`), OVERRUN).state;
      const fired = apply(t, FIRE);
      const fs = fired.ok ? fired.events.find((e) => e.type === 'fsResolved') as { hits: number; as: number } | undefined : undefined;
      if (!fired.ok || !fs || fs.hits !== 2 || fs.as !== 0) continue;
      const step = apply(fired.state, { type: 'fsHits', option: 'step' });
      if (step.ok && step.events.some((e) => e.type === 'prc' && !(e as unknown as { pass: boolean }).pass) && step.state.pending?.kind === 'fsRetreat') return t;
    }
    throw new Error('no seed');
  }

  it('GOSS 5.3.5 / 11.2.4 / AW 31.5 / GOSS 11.6.3: an overrun draws defensive fire whose hits force a retreat; each procedure is resumed when the one it called ends, the decision always the top frame\'s', () => {
    // 1. The overrun waits for the defender's FS decision (GOSS 5.3.5).
    const t1 = seeded();
    expect(t1.seed).toBe('n4');
    expect(stackOf(t1)).toEqual(['overrun/fire']);
    expect(t1.pending).toMatchObject({ side: 'german', kind: 'overrunFs', accepts: ['overrunFs'], case: 'GOSS 5.3.5' });
    // 2. The mission (GOSS 11.2.4, light cap 8) is called by the overrun; its hits by the mission: 2 numerical hits on the overrunner.
    const r2 = act(t1, FIRE);
    expect(r2.events.find((e) => e.type === 'fsResolved')).toMatchObject({ plan: { target: fmt(hx(2, 4)), cap: 8, drm: -3 }, hits: 2, as: 0 });
    expect(stackOf(r2.state)).toEqual(['overrun/assault', 'fireMission/end', 'hits:fs/option']);
    expect(r2.state.pending).toMatchObject({ side: 'allied', kind: 'fsHits', case: 'GOSS 11.6.2' });
    expect(topFrame(r2.state)).toMatchObject({ proc: 'hits', rule: 'fs', side: 'allied', hex: hx(2, 4), units: ['m'], hits: 2 });
    // 3. First hit a step loss; the PRC fails (GOSS 11.6.2a): 1 AS and a forced 1-hex retreat — the hit procedure calls the retreat.
    const r3 = act(r2.state, { type: 'fsHits', option: 'step' });
    expect(r3.events.filter((e) => e.type === 'stepLost' || e.type === 'prc')).toEqual([
      { type: 'stepLost', unit: 'm', why: 'first numerical hit as a step loss', case: 'GOSS 11.6.2a' },
      { type: 'prc', pr: 5, roll: 7, pass: false, why: 'FS hits PRC', case: 'GOSS 11.6.2a' },
    ]);
    expect(stackOf(r3.state)).toEqual(['overrun/assault', 'fireMission/end', 'hits:fs/absorb', 'retreat']);
    expect(r3.state.pending).toMatchObject({ side: 'allied', kind: 'fsRetreat', case: 'GOSS 11.6.3' });
    const paths = legalActions(r3.state, 'allied');
    // GOSS 13.11.2 priorities leave three hexes away from the enemy; the owner picks.
    expect(paths).toEqual([{ type: 'fsRetreat', path: [fmt(hx(2, 3))] }, { type: 'fsRetreat', path: [fmt(hx(1, 4))] }, { type: 'fsRetreat', path: [fmt(hx(1, 3))] }]);
    expect(unitOf(r3.state, "m").markers.filter((x) => x === 'AS')).toHaveLength(1);
    // 4. The retreat ends and each caller resumes in turn: the hits' rest (capped: Max step loss reached, so 1 fatigue),
    // the mission's end, then the overrun, which ends — its overrunner forced out of its hex (GOSS 5.3.5).
    const r4 = act(r3.state, paths[1]);
    expect(types(r4.events, ['retreated', 'fatigued', 'stepLost', 'fsEnded', 'overrunStopped', 'gaResolved'])).toEqual(['retreated', 'fatigued', 'fsEnded', 'overrunStopped']);
    expect(r4.events.find((e) => e.type === 'retreated')).toMatchObject({ units: ['m'], from: fmt(hx(2, 4)), path: [fmt(hx(1, 4))], case: 'GOSS 11.6.3' });
    expect(r4.events.find((e) => e.type === 'fatigued')).toMatchObject({ unit: 'm', level: 1, case: 'GOSS 11.6.2' });
    expect(r4.events.find((e) => e.type === 'overrunStopped')).toMatchObject({ hex: fmt(hx(3, 4)), attackers: ['m'], why: 'defensive FS eliminated the overrunner or forced it out of its hex' });
    expect(r4.state.procs).toBeUndefined();
    expect(r4.state.pending).toBeNull();
    expect(unitOf(r4.state, "m")).toMatchObject({ hex: hx(1, 4), stepsLost: 1 });
    expect(unitOf(r4.state, "m").move?.overrun).toBeUndefined();
    expect(unitOf(r4.state, "g").stepsLost).toBe(0);
    expect(r4.state.combat!.retreatedAfterFs).toEqual(['m']);
  });

  it('GOSS 5.3.5: declining the fire resumes the overrun at once, which calls its assault; the assault\'s hits are the hit procedure\'s, attacker first', () => {
    const t1 = seeded();
    const r = act(t1, { type: 'overrunFs', fire: false });
    expect(types(r.events, ['overrunFsDeclined', 'gaResolved', 'overrunResult'])).toEqual(['overrunFsDeclined', 'gaResolved', 'overrunResult']);
    expect(r.events.find((e) => e.type === 'overrunResult')).toMatchObject({ attackerHits: 1, defenderHits: 5, success: true });
    // The overrunner's hits are taken (1 mandatory step), the defender's mandatory PRC passes and its mandatory step is taken;
    // the defender now decides on its 4 discretionary hits: overrun ▸ assault (its defender's results) ▸ hits.
    expect(r.events.filter((e) => e.type === 'stepLost').map((e) => (e as unknown as { unit: string }).unit)).toEqual(['m', 'g']);
    expect(stackOf(r.state)).toEqual(['overrun/end', 'groundAssault/results', 'hits:ga/option']);
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'gaOption', prompt: '4 discretionary hit(s): Hold, Limited retreat or Full retreat?', case: 'GOSS 13.10.4' });
    expect(topFrame(r.state)).toMatchObject({ rule: 'ga', role: 'defender', side: 'german', disc: 4, units: ['g'] });
    // Full retreat: the hit procedure calls the retreat; when all have ended, the assault clears up (no advance after an overrun) and the overrun ends.
    let t = act(r.state, { type: 'gaOption', option: 'full' });
    const events = [...t.events];
    while (t.state.pending) { t = act(t.state, legalActions(t.state, t.state.pending.side)[0]); events.push(...t.events); }
    expect(types(events, ['gaOptionDeclared', 'retreated', 'unitEliminated', 'gaEnded'])).toEqual(['gaOptionDeclared', 'retreated', 'gaEnded']);
    // GOSS 13.10.4c: 2 hexes (a Leg defender's most) cancel 2 hits; Max step loss already reached, the other 2 are fatigue.
    expect(events.find((e) => e.type === 'retreated')).toMatchObject({ units: ['g'], from: fmt(hx(3, 4)), path: [fmt(hx(4, 4)), fmt(hx(4, 3))], case: 'GOSS 13.11' });
    expect(events.find((e) => e.type === 'fatigued')).toMatchObject({ unit: 'g', level: 2, case: 'GOSS 13.10.4' });
    expect(unitOf(t.state, "g")).toMatchObject({ hex: hx(4, 3), stepsLost: 1, markers: ['F2'] });
    expect(t.state.procs).toBeUndefined();
    expect(unitOf(t.state, "m")).toMatchObject({ hex: hx(2, 4), stepsLost: 1 });
    expect(unitOf(t.state, "m").markers).toContain('Exploit');
  });
});

describe('issue 14: decisions go to the top frame', () => {
  it('a decision answered while none is pending is refused with its case; legalActions offers none', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4)] });
    const s = toSegment(start(b), b, 'offensiveFs');
    expect(topFrame(s)).toBeNull();
    // With no decision waiting, the sequence's dispatcher refuses every decision answer before its procedure sees it.
    const answers: Action[] = [{ type: 'fsHits', option: 'step' }, { type: 'gaOption', option: 'hold' }, { type: 'fsRetreat', path: [at(1, 4)] }, { type: 'overrunFs', fire: false }];
    for (const a of answers) expect(apply(s, a)).toMatchObject({ ok: false, error: { code: 'no-decision', message: expect.stringContaining('no decision it answers is waiting') } });
    expect(legalActions(s, 'allied').filter((x) => ['fsHits', 'gaOption', 'fsRetreat', 'overrunFs'].includes(x.type))).toEqual([]);
  });
});

describe('issue 14: one "apply hits" procedure for FS, GA and carpet bombing', () => {
  afterEach(() => { vi.restoreAllMocks(); });
  /** Spies on the hit procedure: the rule and side of every hits frame it stepped, in order, once each. */
  function spyHits() {
    const seen: string[] = [];
    const step = hitsProcedure.step;
    vi.spyOn(hitsProcedure, 'step').mockImplementation((f, run) => {
      const h = f as HitsFrame;
      const key = `${h.rule}:${h.side}:${fmt(h.hex)}`;
      if (seen[seen.length - 1] !== key) seen.push(key);
      return step(f, run);
    });
    return seen;
  }
  const b = fixture({ special: SPECIAL, units: [A('aag', 0, 4, GROUP), A('spot', 2, 4), A('a2', 2, 3), G('g', 3, 4), G('far', 11, 9)] });

  it('GOSS 11.6.2: an FS mission\'s hits are applied by the hit procedure (rule fs), which owns the fsHits decision', () => {
    const seen = spyHits();
    let s = toSegment(start(b), b, 'offensiveFs');
    for (let i = 0; ; i++) {
      const r = apply(withSeed(s, `h${i}`), { type: 'fireMission', target: fmt(hx(3, 4)), spotter: 'spot', artillery: [{ unit: 'aag', points: 8 }] });
      if (r.ok && r.state.pending?.kind === 'fsHits') { s = r.state; break; }
    }
    expect(topFrame(s)).toMatchObject({ proc: 'hits', rule: 'fs', side: 'german', units: ['g'] });
    expect(frameOf(s, 'fireMission')).toMatchObject({ target: hx(3, 4), targetSide: 'german', stage: 'end' });
    const r = act(s, { type: 'fsHits', option: 'step' });
    expect(r.events.find((e) => e.type === 'stepLost')).toMatchObject({ unit: 'g', case: 'GOSS 11.6.2a' });
    expect(seen[0]).toBe(`fs:german:${fmt(hx(3, 4))}`);
    expect(seen.every((x) => x.startsWith('fs:'))).toBe(true);
  });

  it('GOSS 13.10: a ground assault\'s results are applied by the same procedure (rule ga), the attacker\'s first, then the defender\'s', () => {
    const seen = spyHits();
    let s = toSegment(start(b), b, 'attackDesignation');
    s = act(s, { type: 'designate', units: ['spot'] }).state;
    s = toSegment(s, b, 'groundAssault');
    let r: ReturnType<typeof act> | null = null;
    for (let i = 0; !r; i++) {
      const x = apply(withSeed(s, `g${i}`), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['spot'] });
      const res = x.ok ? x.events.find((e) => e.type === 'gaResolved') as { onAttacker: string; onDefender: string } | undefined : undefined;
      // A result with hits on both sides, so that both sides' hit frames run.
      if (x.ok && res && res.onAttacker !== '-' && res.onDefender !== '-' && x.events.some((e) => e.type === 'stepLost' || e.type === 'prc')) r = { state: x.state, events: x.events };
    }
    let t = r.state;
    while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state;
    expect(seen.filter((x) => x.startsWith('ga:'))).toEqual([`ga:allied:${fmt(hx(3, 4))}`, `ga:german:${fmt(hx(3, 4))}`]);
    expect(t.procs).toBeUndefined();
  });

  it('AW 32.2.2: each carpet-bombed hex\'s step losses are applied by the same procedure (rule carpet), one frame per hex, the steps the table gives', () => {
    const gw = loadScenario('goodwood');
    const seen = spyHits();
    const g0 = newGame(gw, { seed: 'abc', length: 'short' }).state;
    // AW 32.11.0: the German setup breakdowns come first; the bombing runs when the setup is finished.
    const { state, events } = act(g0, { type: 'finishSetup' });
    const hexes = events.filter((e) => e.type === 'carpetBombingHex') as unknown as { hex: string; steps: number; units: string[] }[];
    expect(hexes.length).toBeGreaterThan(10);
    expect(seen).toEqual(hexes.map((h) => `carpet:german:${h.hex}`));
    // The steps lost in each hex are the table's (as far as its units had steps), every one with the AW 32.2.2 case.
    const lost = events.filter((e) => e.type === 'stepLost') as unknown as { unit: string; case: string; why: string }[];
    for (const h of hexes) {
      const here = lost.filter((e) => e.why === `carpet bombing of ${h.hex}`);
      const steps = h.units.reduce((n, id) => n + gw.units.get(id)!.steps.length - (gw.scenario.setup.find((x) => x.unit === id)?.stepsLost ?? 0), 0);
      expect(here.length, h.hex).toBe(Math.min(h.steps, steps));
      expect(here.every((e) => e.case === 'AW 32.2.2')).toBe(true);
    }
    expect(state.procs).toBeUndefined();
  });
});
