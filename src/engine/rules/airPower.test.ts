/**
 * AW 20.0 standard air rules (rules/airPower.ts): the AM Air Allocation Segment, the air sectors,
 * and GS missions with the German abort procedure and the GOSS 20.2.3 mission error. Test map: the
 * combat fixture on the standard sequence, an Army Group boundary along column 16 of sheet B (the
 * fixture's hexes west of it are a US sector, east of it a CW sector; all on sheet B, so northern).
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, type Action, type GameEvent, type GameState } from '../index';
import { at, edit, hx, seedWhere, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { airRecord, airSectorOf } from './airPower';
import { normaliseAction } from '../actions';
import { airFixture, TEST_AIR_POINTS } from './airPower.fixture';
import { fsPlan, fsResult } from './fireSupport';
import { BUILTIN, loadScenario } from '../../data/bundle';
import { formatHex, hexOfRulesId } from '../hex';
import { mutUnit, unitOf } from '../unitTable';
import type { ScenarioBundle } from '../types';

const AIR = TEST_AIR_POINTS;
const base = (extra: UnitSpec[] = [], special: Record<string, unknown> = {}): ScenarioBundle => airFixture({ extra, special });

function ok(s: GameState, a: Action, events?: GameEvent[]): GameState {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
  events?.push(...r.events);
  return r.state;
}
/** The GS missions of the mission's fsResolved event. */
const gsOf = (ev: GameEvent[]): Record<string, unknown>[] => (ev.find((e) => e.type === 'fsResolved') as { gs?: Record<string, unknown>[] } | undefined)?.gs ?? [];
const refusal = (s: GameState, a: Action) => { const r = apply(s, a); return r.ok ? null : r.error; };

const US_GS = { type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} } as const;
const CW_GS = { type: 'allocateAir', force: 'CW', gs: { 'cw-north': 30, 'cw-south': 10 }, gi: {} } as const;

/** The game after both Allied forces assigned their AP (US all GS north, CW 30 GS north and 10 south). */
function allocated(b: ScenarioBundle): GameState {
  let s = newGame(b, { seed: 'air' }).state;
  s = ok(s, US_GS as unknown as Action);
  return ok(s, CW_GS as unknown as Action);
}

describe('AW 20.0 standard air rules', () => {
  it('AW 3.3.1 / 20.1.0 (seed:004 L1181-1196, L4502-4515): in the AM Air Allocation Segment the German AP all go to GS; the Allied player assigns the US, then the CW AP', () => {
    const b = base();
    const g = newGame(b, { seed: 'air' });
    expect(g.events.find((e) => e.type === 'airAllocated')).toMatchObject({ force: 'german', ap: 6, gs: { all: 6 }, case: 'AW 20.1.0' });
    expect(g.state.pending).toMatchObject({ side: 'allied', kind: 'airAllocation', accepts: ['allocateAir'], case: 'AW 20.1.1' });
    expect(g.state.pending!.prompt).toBe('Assign the 44 US AP of today to GS and GI missions in the US northern sector and US southern sector');
    let s = ok(g.state, US_GS as unknown as Action);
    expect(s.pending!.prompt).toMatch(/^Assign the 40 CW AP of today/);
    s = ok(s, CW_GS as unknown as Action);
    expect(s.pending ?? null).toBeNull();
    expect(airRecord(s, b)!.map((f) => [f.force, f.ap, f.assigned, f.pools.map((p) => `${p.sector}:${p.gs}/${p.gi}`).join(' ')])).toEqual([
      ['US', 44, true, 'us-north:44/0 us-south:0/0'],
      ['CW', 40, true, 'cw-north:30/0 cw-south:10/0'],
      ['german', 6, true, 'all:6/0'],
    ]);
  });

  it('AW 20.1.1 / 20.1.1a / 20.3.0: every AP assigned, only to the force\'s own sectors, at most 32 GI AP a sector; every offered allocation is accepted', () => {
    const b = base();
    const s = newGame(b, { seed: 'air' }).state;
    expect(refusal(s, { type: 'allocateAir', force: 'US', gs: { 'us-north': 40 }, gi: {} } as Action)).toMatchObject({ code: 'all-ap', case: 'AW 20.1.1' });
    expect(refusal(s, { type: 'allocateAir', force: 'US', gs: { 'cw-north': 44 }, gi: {} } as Action)).toMatchObject({ code: 'not-own-sector', case: 'AW 20.1.1a' });
    expect(refusal(s, { type: 'allocateAir', force: 'US', gs: { 'us-north': 11 }, gi: { 'us-north': 33 } } as Action)).toMatchObject({ code: 'gi-max', case: 'AW 20.3.0' });
    expect(refusal(s, { type: 'allocateAir', force: 'german', gs: { all: 6 }, gi: {} } as Action)).toMatchObject({ code: 'not-open' });
    // The forces may answer in either order: the CW first, then the US is asked.
    expect(ok(s, CW_GS as unknown as Action).pending!.prompt).toMatch(/^Assign the 44 US AP/);
    expect(ok(s, { type: 'allocateAir', force: 'US', gs: { 'us-north': 12 }, gi: { 'us-north': 32 } } as Action).pending!.prompt).toMatch(/CW AP/);
    const offered = legalActions(s, 'allied').filter((a) => a.type === 'allocateAir');
    expect(offered.length).toBeGreaterThanOrEqual(3);
    for (const a of offered) expect(apply(s, a).ok).toBe(true);
    // One spelling of a split (the PBEM dice derive from it): sectors with 0 AP dropped, keys in order.
    const a = normaliseAction({ type: 'allocateAir', force: 'US', gs: { 'us-south': 4, 'us-north': 40 }, gi: { 'us-north': 0 } });
    const b2 = normaliseAction({ type: 'allocateAir', force: 'US', gs: { 'us-north': 40, 'us-south': 4 }, gi: {} });
    expect(a.ok && JSON.stringify(a.action)).toBe(b2.ok && JSON.stringify(b2.action));
    expect(a.ok && JSON.stringify(a.action)).toBe('{"type":"allocateAir","force":"US","gs":{"us-north":40,"us-south":4},"gi":{}}');
    // After the segment no allocation is taken.
    const done = allocated(b);
    expect(refusal(done, US_GS as unknown as Action)).toMatchObject({ code: 'no-decision' });
  });

  it('AW 20.1.1a (seed:004 L4531-4563): US sectors west of the AG boundary, CW east; northern on sheets A-C and to row 14 of D-F (Falaise F3414), southern below', () => {
    const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; special: Record<string, unknown> };
    scen.id = 'air-sectors';
    scen.modules = [...scen.modules, 'airPower'];
    scen.special.airPower = AIR;
    const b = loadScenario('air-sectors', { ...BUILTIN, scenarios: { 'data/scenarios/air-sectors.json': scen } });
    const sec = (ref: string) => airSectorOf(b, hexOfRulesId(ref))?.id ?? null;
    expect(sec('C4409')).toBe('cw-north'); // east of the Orne
    expect(sec('B3519')).toBe('us-north'); // Periers
    expect(sec('F3414')).toBe('cw-north'); // Falaise, row 14
    expect(sec('F3415')).toBe('cw-south');
    expect(sec('D2929')).toBe('us-south'); // Avranches
    expect(sec('E2517')).toBe('us-south'); // Vire, on the boundary line (given to the US side)
    expect(sec('E2614')).toBe('cw-north');
  });

  it('AW 20.2.1 / 11.4.3 (seed:004 L2527-2533, L4686-4704): a GS mission draws on the GS AP of the target\'s sector, at most 3 AP after the weather, 2 points an AP; one GS mission with an observed FS mission, two with a PA spotter', () => {
    const b = base();
    const s = toSegment(allocated(b), b, 'offensiveFs');
    const plan = (st: GameState, air: number, target = hx(8, 4), spotter = 'a1') => fsPlan(st, b, 'allied', { target, spotter, air });
    expect(plan(s, 3)).toMatchObject({ ok: true, plan: { total: 0, volleys: [], gs: { pool: 'gs:CW:cw-north', missions: [{ ap: 3, points: 6 }], divisor: 1 } } });
    expect(plan(s, 4)).toMatchObject({ ok: false, code: 'air-max', case: 'AW 20.2.1, GOSS 11.2.4' });
    const pa = edit(s, (d) => { mutUnit(d, 'a1').markers.push('PA'); });
    expect(plan(pa, 5)).toMatchObject({ ok: true, plan: { gs: { missions: [{ ap: 3, points: 6 }, { ap: 2, points: 4 }] } } });
    expect(plan(pa, 7)).toMatchObject({ ok: false, code: 'air-max' });
    // The US target's pool is the US northern sector's: the US put all 44 there.
    expect(plan(s, 3, hx(3, 4), 'a2')).toMatchObject({ ok: true, plan: { gs: { pool: 'gs:US:us-north' } } });
    // POvr: two AP count as one (GOSS 19.3), at most 3 after that, so 6 or 7 AP fly as 3; the mission error +1.
    const povr = base([], { weather: [{ from: { date: '1944-07-05', time: 'AM' }, atmosphere: 'POvr', ground: 'dry', source: 'test: POvr' }] });
    const sp = toSegment(allocated(povr), povr, 'offensiveFs');
    const pp = fsPlan(sp, povr, 'allied', { target: hx(8, 4), spotter: 'a1', air: 7 });
    expect(pp).toMatchObject({ ok: true, plan: { gs: { divisor: 2, missions: [{ ap: 7, points: 6 }], error: { drms: [{ value: 1, why: 'POvr' }] } } } });
    expect(fsPlan(sp, povr, 'allied', { target: hx(8, 4), spotter: 'a1', air: 8 })).toMatchObject({ ok: false, code: 'air-max' });
    expect(fsPlan(sp, povr, 'allied', { target: hx(8, 4), spotter: 'a1', air: 1 })).toMatchObject({ ok: false, code: 'air-weather', case: 'GOSS 19.3' });
  });

  it('GOSS 20.2.3: the mission error roll — on target the GS volley joins the mission (die + 6 points + DRM); 9+ aborts and the AP are spent for the day', () => {
    const b = base();
    const s = toSegment(allocated(b), b, 'offensiveFs');
    const drm = (() => { const p = fsPlan(s, b, 'allied', { target: hx(8, 4), spotter: 'a1', air: 3 }); return p.ok ? p.plan.drm : NaN; })();
    const fire = { type: 'fireMission', target: at(8, 4), spotter: 'a1', air: 3 } as Action;
    // Error 3 (on target), volley die 5.
    const hit = withSeed(s, seedWhere(s.n, (d) => d.d10('e') === 3 && d.d10('v') === 5));
    const ev: GameEvent[] = [];
    ok(hit, fire, ev);
    const res = ev.find((e) => e.type === 'fsResolved')!;
    const fsv = 5 + 6 + drm;
    expect(gsOf(ev)[0]).toMatchObject({ type: 'gsMission', mission: 1, ap: 3, points: 6, outcome: 'on target', error: { roll: 3, modified: 3 }, volley: { points: 6, roll: 5, drm, fsv } });
    // The GS volley is the mission's only volley: its FS Table row is the mission's result (GOSS 11.6).
    expect(res).toMatchObject({ volleys: [], hits: fsResult(b, fsv).hits, as: fsResult(b, fsv).as });
    // Error 9: aborted, no volley, the 3 AP gone from the CW northern sector's 30.
    const miss = withSeed(s, seedWhere(s.n, (d) => d.d10('e') === 9));
    const ev2: GameEvent[] = [];
    const after = ok(miss, fire, ev2);
    const r2 = ev2.find((e) => e.type === 'fsResolved')!;
    expect(r2).toMatchObject({ hits: 0, as: 0 });
    expect(gsOf(ev2)[0]).toMatchObject({ outcome: 'aborted', error: { roll: 9 } });
    expect(airRecord(after, b)!.find((f) => f.force === 'CW')!.pools.find((p) => p.sector === 'cw-north')).toMatchObject({ gs: 30, gsLeft: 27 });
  });

  it('GOSS 20.2.3: a mission error of 8 scatters the volley — 1d10 for the direction (0 north, 1-5 clockwise, 6+ rolled again); an empty hex or a Flak unit there aborts it, else whoever is there takes its hits', () => {
    // A German Bn north of the target (direction 0), a German Flak unit north-east of it (direction 1).
    const b = base([{ id: 'g3', side: 'german', hex: at(8, 3) }, { id: 'flak', side: 'german', hex: at(9, 3), type: 'Flak', extra: { at: 2 } }]);
    const s = toSegment(allocated(b), b, 'offensiveFs');
    const fire = { type: 'fireMission', target: at(8, 4), spotter: 'a1', air: 3 } as Action;
    const plan = fsPlan(s, b, 'allied', { target: hx(8, 4), spotter: 'a1', air: 3 });
    // The Flak unit at range 1 of the target adds +1 to the error roll: a die of 7 is the 8 that scatters.
    expect(plan.ok && plan.plan.gs!.error.drms).toEqual([{ value: 1, why: '1 enemy Flak-capable unit in range' }]);
    // Error die 7 (+1 = 8), a direction of 6+ (rolled again), then 0 (north), volley die 9 against g3.
    const north = withSeed(s, seedWhere(s.n, (d) => d.d10('e') === 7 && d.d10('dir') >= 6 && d.d10('dir') === 0 && d.d10('v') === 9));
    const ev: GameEvent[] = [];
    const st = ok(north, fire, ev);
    const m = gsOf(ev)[0];
    expect(m).toMatchObject({ outcome: 'scattered', scatter: { direction: 0, hex: formatHex(hx(8, 3)) }, volley: { roll: 9, points: 6 } });
    // The target g1 took nothing; g3's owner takes the scattered volley's hits (GOSS 11.6.2, its own decision).
    const v = m.volley as { fsv: number; result: string };
    expect(v.result).toMatch(/\d/);
    expect(st.pending).toMatchObject({ side: 'german', kind: 'fsHits' });
    expect(st.procs!.at(-1)).toMatchObject({ proc: 'hits', hex: hx(8, 3), units: ['g3'] });
    // Direction 1: the Flak unit's hex — aborted.
    const ne = withSeed(s, seedWhere(s.n, (d) => d.d10('e') === 7 && d.d10('dir') === 1));
    const ev3: GameEvent[] = [];
    ok(ne, fire, ev3);
    expect(gsOf(ev3)[0]).toMatchObject({ outcome: 'aborted', why: 'scattered onto a hex with Flak: aborted', scatter: { direction: 1 } });
    // Direction 3 (south): an empty hex — aborted.
    const south = withSeed(s, seedWhere(s.n, (d) => d.d10('e') === 7 && d.d10('dir') === 3));
    const ev4: GameEvent[] = [];
    ok(south, fire, ev4);
    expect(gsOf(ev4)[0]).toMatchObject({ outcome: 'aborted', why: 'scattered onto an empty hex: aborted' });
    expect(unitOf(st, 'g1').markers).not.toContain('AS');
  });

  it('AW 20.1.0 (seed:004 L4502-4515): each German AP rolls 1d10 before it flies, 0-8 aborts; the AP that fly make the volley; aborted AP fly no other mission that GD', () => {
    const b = base();
    // The German defensive FS in the Allied player turn, against the Allied a1 next to g1.
    const s = toSegment(allocated(b), b, 'defensiveFs');
    const fire = { type: 'fireMission', target: at(7, 4), spotter: 'g1', air: 3 } as Action;
    const p = fsPlan(s, b, 'german', { target: hx(7, 4), spotter: 'g1', air: 3 });
    expect(p).toMatchObject({ ok: true, plan: { gs: { pool: 'gs:german:all', abortMax: 8, missions: [{ ap: 3, points: 6 }] } } });
    // Abort rolls above 8, 8 or less, above 8: two AP fly (4 points); the error roll on target.
    const two = withSeed(s, seedWhere(s.n, (d) => d.d10('a') > 8 && d.d10('a') <= 8 && d.d10('a') > 8 && d.d10('e') <= 6));
    const ev: GameEvent[] = [];
    const after = ok(two, fire, ev);
    const g = gsOf(ev)[0];
    const rolls = g.abortRolls as number[];
    expect(rolls.map((r) => r > 8)).toEqual([true, false, true]);
    expect(g).toMatchObject({ flying: 2, points: 4, outcome: 'on target', volley: { points: 4 } });
    expect(airRecord(after, b)!.find((f) => f.force === 'german')!.pools[0]).toMatchObject({ gs: 6, gsLeft: 3 });
    // Every AP aborts: no mission error roll, nothing fires.
    const none = withSeed(s, seedWhere(s.n, (d) => d.d10('a') <= 8 && d.d10('a') <= 8 && d.d10('a') <= 8));
    const ev2: GameEvent[] = [];
    ok(none, fire, ev2);
    expect(gsOf(ev2)[0]).toMatchObject({ flying: 0, points: 0, outcome: 'aborted', why: 'every AP aborted (AW 20.1.0)' });
    // The aborted AP are spent: 3 of the day's 6 are left for another target.
    expect(fsPlan(after, b, 'german', { target: hx(2, 4), spotter: 'g2', air: 4 })).toMatchObject({ ok: false, code: 'air-pool', message: 'only 3 German GS AP left today' });
    expect(fsPlan(after, b, 'german', { target: hx(2, 4), spotter: 'g2', air: 3 })).toMatchObject({ ok: true });
  });
});

describe('AW 20.3.0 / GOSS 20.3 ground interdiction', () => {
  // The boundary east of the fixture: every hex is in the US northern sector.
  const giBase = (extra: UnitSpec[] = [], special: Record<string, unknown> = {}) => airFixture({
    boundary: ['B2501', 'B2536'], special, extra,
    units: [
      { id: 'a1', side: 'allied', hex: at(0, 0) },
      { id: 'pz', side: 'german', hex: at(1, 9), moveClass: 'mech', ma: 12, type: 'Mot Inf' },
      { id: 'inf', side: 'german', hex: at(1, 8), ma: 6 },
    ],
  });
  /** US: 12 GS and 32 GI in the northern sector; CW all GS; the GI value die fixed to `roll`. */
  function giGame(b: ScenarioBundle, roll: number): { s: GameState; events: GameEvent[] } {
    let s = newGame(b, { seed: 'gi' }).state;
    s = ok(s, { type: 'allocateAir', force: 'US', gs: { 'us-north': 12 }, gi: { 'us-north': 32 } } as Action);
    s = withSeed(s, seedWhere(s.n, (d) => d.d10('gi') === roll));
    const events: GameEvent[] = [];
    s = ok(s, CW_GS as unknown as Action, events);
    return { s, events };
  }

  it('AW 3.3.2 / 20.3.0 (seed:004 L1208, L4730-4752): the GI Value Segment rolls each sector with GI AP on the GOSS 20.3 table — 32 AP, die 9: Leg 3, Mech 3; die 0: no value', () => {
    const b = giBase();
    const { events } = giGame(b, 9);
    expect(events.find((e) => e.type === 'giValues')).toMatchObject({ sectors: ['US northern sector: 32 AP, rolled 9: Leg 3, Mech 3'], case: 'AW 20.3.0' });
    const none = giGame(b, 0).events.find((e) => e.type === 'giValues');
    expect(none).toMatchObject({ sectors: ['US northern sector: 32 AP, rolled 0: Leg –, Mech –'] });
    // POvr: 32 GI AP fly as 16 (GOSS 19.3): the 16 column, die 9: Leg 4, Mech 7.
    const povr = giBase([], { weather: [{ from: { date: '1944-07-05', time: 'AM' }, atmosphere: 'POvr', ground: 'dry', source: 'test: POvr' }] });
    expect(giGame(povr, 9).events.find((e) => e.type === 'giValues')).toMatchObject({ sectors: ['US northern sector: 16 AP (POvr), rolled 9: Leg 4, Mech 7'] });
  });

  it('GOSS 20.3: a German mover is open to one GI attack each time its MP spent more than 6 hexes from every enemy pass a multiple of its class\'s value by 1 — 7 MP against Mech 3: two attacks; MP near the enemy do not count', () => {
    const b = giBase();
    let s = toSegment(giGame(b, 9).s, b, 'move', 1);
    // The Pz unit: 7 clear hexes along the fixture's south row, all 9+ hexes from a1.
    const path = [2, 3, 4, 5, 6, 7, 8].map((c) => at(c, 9));
    s = ok(s, { type: 'move', unit: 'pz', path } as Action);
    expect(unitOf(s, 'pz').move).toMatchObject({ mp: 7, mpFar: 7 });
    // The infantry: from 1,8 north towards a1 — its MP close to a1 are not counted.
    s = ok(s, { type: 'move', unit: 'inf', path: [at(1, 7), at(1, 6), at(1, 5)] } as Action);
    const inf = unitOf(s, 'inf').move!;
    expect(inf.mpFar).toBeLessThan(inf.mp);
    const events: GameEvent[] = [];
    s = ok(s, { type: 'endSegment' }, events);
    expect(events.find((e) => e.type === 'giOpportunity')).toMatchObject({ units: ['pz'], attacks: 2, case: 'GOSS 20.3' });
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gi', case: 'GOSS 20.3' });
    expect(legalActions(s, 'allied')).toEqual([{ type: 'interdict', unit: 'pz' }, { type: 'giDone' }]);
    // Two attacks, each on the AW 31.7 table with the GOSS 20.3 DRMs (none here: clear, off-road, not a pure AFV).
    const ev: GameEvent[] = [];
    s = ok(s, { type: 'interdict', unit: 'pz' } as Action, ev);
    expect(s.pending).toMatchObject({ kind: 'gi' });
    s = ok(s, { type: 'interdict', unit: 'pz' } as Action, ev);
    expect(ev.filter((e) => e.type === 'giResolved').map((e) => { const x = e as Record<string, unknown>; return [x.unit, x.drms, x.case]; })).toEqual([['pz', [], 'GOSS 20.3'], ['pz', [], 'GOSS 20.3']]);
    expect(s.pending ?? null).toBeNull();
  });

  it('GOSS 20.3 with the AW 31.7 table: die 8 with no DRM is fatigue 2 and a step; Strat mode +2, a Flak unit within 1 hex −1', () => {
    const b = giBase([{ id: 'flak', side: 'german', hex: at(5, 8), type: 'Flak', extra: { at: 2 } }]);
    let s = toSegment(giGame(b, 9).s, b, 'move', 1);
    s = ok(s, { type: 'move', unit: 'pz', path: [2, 3, 4, 5, 6, 7, 8].map((c) => at(c, 9)) } as Action);
    s = ok(s, { type: 'endSegment' });
    // pz ends at 8,9; the Flak unit at 5,8 is 3 hexes away: no DRM. Die 8: fatigue 2 and a step lost.
    const hit = withSeed(s, seedWhere(s.n, (d) => d.d10('g') === 8));
    const ev: GameEvent[] = [];
    const after = ok(hit, { type: 'interdict', unit: 'pz' } as Action, ev);
    expect(ev.find((e) => e.type === 'giResolved')).toMatchObject({ roll: 8, modified: 8, fatigue: 2, steps: 1 });
    expect(unitOf(after, 'pz').stepsLost).toBe(1);
    // DRMs by hand: the mover next to the Flak unit, in Strat mode, in POvr.
    const posed = edit(s, (d) => { mutUnit(d, 'pz').hex = hx(6, 8); mutUnit(d, 'pz').markers.push('Strat'); });
    const ev2: GameEvent[] = [];
    ok(withSeed(posed, 'x'), { type: 'interdict', unit: 'pz' } as Action, ev2);
    expect((ev2.find((e) => e.type === 'giResolved') as { drms?: unknown })!.drms).toEqual([{ value: -1, why: '1 Flak point in range' }, { value: 2, why: 'Strat mode' }]);
  });
});

describe('AW 3.3.1 with another question of the day', () => {
  it('AW 3.3.1 / 35.5.2: when the German low-fuel GT is to be sealed as the AM Air Allocation Segment begins, the segment waits for the seal, then asks the Allied allocation, then the game day goes on', () => {
    const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; special: Record<string, Record<string, unknown>> };
    scen.id = 'air-and-fuel';
    scen.start = { date: '1944-06-09', time: 'AM' };
    scen.lengths = [{ id: 'l', label: 'June 9', end: { date: '1944-06-09', time: 'Night' }, source: 'test: one game day' }];
    delete scen.special.airborne.stageAlone;
    scen.modules = [...scen.modules, 'intermediateFuel', 'airPower'];
    scen.special.fuel = { tables: 'aw35-fuel', source: 'test: AW 35.5 fuel' };
    scen.special.airPower = AIR;
    const b = loadScenario('air-and-fuel', { ...BUILTIN, scenarios: { 'data/scenarios/air-and-fuel.json': scen } });
    let s = newGame(b, { seed: 'both' }).state;
    const seg = () => b.sequence.gameTurn[s.pos.phase]?.segments[s.pos.segment]?.id;
    expect(s.pos.part).toBe('gameTurn');
    expect(seg()).toBe('airAllocation');
    const asked: string[] = [];
    for (let i = 0; i < 4 && s.pending; i++) {
      asked.push(s.pending.kind);
      const p = s.pending;
      if (p.kind === 'seal') s = ok(s, { type: 'seal', key: 'lowFuelGT:1944-06-09', commitment: '0'.repeat(64) } as Action);
      else s = ok(s, legalActions(s, p.side).find((a) => a.type === 'allocateAir')!);
      if (s.pending) expect(seg()).toBe('airAllocation');
    }
    // The seal first (its module's hook ran first), then each Allied force; after the last answer the day goes on.
    expect(asked).toEqual(['seal', 'airAllocation', 'airAllocation']);
    expect(s.pending ?? null).toBeNull();
    expect(seg()).not.toBe('airAllocation');
    expect(airRecord(s, b)!.every((f) => f.assigned)).toBe(true);
  });
});
