/**
 * AW 11.9.0–11.9.1 naval unit availability (rules/navalAvailability.ts): the daily rolls on the Naval
 * Unit Availability chart, the limits by date, the task forces' support and the ammunition check.
 * Test map: the combat fixture on the standard sequence, a sea column on its west edge.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, type Action, type GameEvent, type GameState } from '../index';
import { at, fixture, hx, seedWhere, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { fsPlan } from './fireSupport';
import { navalTable } from './combatTables';
import type { ScenarioBundle } from '../types';
import { produce } from 'immer';

const SEA = Object.fromEntries(Array.from({ length: 10 }, (_, r) => [at(0, r), 'sea']));

function bundle(start: { date: string; time: 'AM' | 'PM' | 'Night' }, extra: UnitSpec[] = []): ScenarioBundle {
  return fixture({
    sequence: 'standard', start, modules: ['navalAvailability'], terrain: SEA,
    special: { navalAvailability: { tables: 'aw11-naval', source: 'test: AW 11.9.0' } },
    units: [
      // In ET-2: the missions they observe may take naval points (AW 31.9.3).
      { id: 'cw', side: 'allied', hex: at(3, 4), fieldworks: 'ET-2' },
      { id: 'us', side: 'allied', hex: at(3, 6), fieldworks: 'ET-2', extra: { nationality: 'US' } },
      { id: 'g1', side: 'german', hex: at(4, 4) },
      { id: 'g2', side: 'german', hex: at(4, 6) },
      ...extra,
    ],
  });
}
const ok = (s: GameState, a: Action, ev?: GameEvent[]): GameState => { const r = apply(s, a); if (!r.ok) throw new Error(`${a.type}: ${r.error.code} ${r.error.message}`); ev?.push(...r.events); return r.state; };
type NavalEvent = { taskForce: string; rolls: Record<string, number>; units: Record<string, number>; text: string };

describe('AW 11.9.0 naval unit availability', () => {
  it('AW 11.9.0 (seed:004 L2535-2575): in the game day\'s first GT 1d10 per type per task force; the chart gives the units (W the left number, E the right); no new roll later that day', () => {
    const b = bundle({ date: '1944-06-20', time: 'AM' });
    const g = newGame(b, { seed: 'naval' });
    const rolled = g.events.filter((e) => e.type === 'navalUnits') as unknown as NavalEvent[];
    expect(rolled.map((e) => e.taskForce)).toEqual(['Western TF', 'Eastern TF']);
    const chart = navalTable(b).availability.rows;
    for (const [i, tf] of (['W', 'E'] as const).entries()) {
      const e = rolled[i];
      expect(Object.keys(e.rolls)).toEqual(['BB', 'MN', 'CA', 'CL', 'DD']);
      for (const [k, roll] of Object.entries(e.rolls)) expect(e.units[k] ?? 0).toBe(chart[roll][tf][k as 'BB']);
    }
    // The PM GT of the same day rolls nothing.
    let s = g.state;
    const later: GameEvent[] = [];
    for (let i = 0; i < 60 && s.pos.turn === 0; i++) s = ok(s, { type: 'endSegment' }, later);
    expect(s.pos.turn).toBe(1);
    for (let i = 0; i < 10 && !later.some((e) => e.type === 'segmentStarted' && (e as { label: string }).label.includes('Movement Segment') && s.pos.turn === 1); i++) s = ok(s, { type: 'endSegment' }, later);
    expect(later.filter((e) => e.type === 'navalUnits')).toEqual([]);
  });

  it('AW 11.9.0 (seed:004 L2577-2587): from July 1 the Western TF rolls for DDs only; from July 8 the Eastern TF keeps at most 1 BB or monitor, 1 CA, 2 CL, 4 DD', () => {
    const b = bundle({ date: '1944-07-08', time: 'AM' });
    // Rolls in order: W DD; E BB, MN, CA, CL, DD. E BB 1+ (a BB) and MN 2+ (a monitor), CL 9 (3 CLs).
    const seed = seedWhere(-1, (d) => { d.d10('w'); return d.d10('bb') >= 1 && d.d10('mn') >= 2 && (d.d10('ca'), d.d10('cl') === 9); });
    const rolled = newGame(b, { seed }).events.filter((e) => e.type === 'navalUnits') as unknown as NavalEvent[];
    expect(Object.keys(rolled[0].rolls)).toEqual(['DD']);
    const e = rolled[1];
    expect(e.units.MN ?? 0).toBe(0);
    expect(e.units.BB).toBe(1);
    expect(e.units.CL).toBe(2);
    expect(e.text).toMatch(/MN 1 → 0/);
    expect(e.text).toMatch(/CL 3 → 2/);
  });

  it('AW 11.9.1 / 11.9.0: a ship fires for its own task force\'s nationality, from any full sea hex within its range; after each mission 1d10 above ADV 4 bars it for the rest of the GD', () => {
    const b = bundle({ date: '1944-06-20', time: 'AM' }, [{ id: 'cw2', side: 'allied', hex: at(8, 8), fieldworks: 'ET-2' }, { id: 'g3', side: 'german', hex: at(9, 8) }]);
    // A game whose Eastern TF has at least one DD (every row of the chart gives it 2+) and the Western TF one DD too.
    let s = newGame(b, { seed: 'naval' }).state;
    s = toSegment(s, b, 'offensiveFs');
    expect(fsPlan(s, b, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['E-DD1'] })).toMatchObject({ ok: true, plan: { sources: [{ kind: 'naval', unit: 'E-DD1', points: 4, adv: 4 }] } });
    expect(fsPlan(s, b, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['W-DD1'] })).toMatchObject({ ok: false, code: 'naval-task-force', case: 'AW 11.9.1' });
    expect(fsPlan(s, b, 'allied', { target: hx(4, 6), spotter: 'us', ships: ['W-DD1'] })).toMatchObject({ ok: true });
    // A DD reaches 7 hexes from a full sea hex (the fixture's column 0): 9 columns east is out of range.
    expect(fsPlan(s, b, 'allied', { target: hx(9, 8), spotter: 'cw2', ships: ['E-DD1'] })).toMatchObject({ ok: false, code: 'naval-range' });
    // Naval points by number are refused: the units are named.
    expect(fsPlan(s, b, 'allied', { target: hx(4, 4), spotter: 'cw', naval: 4 })).toMatchObject({ ok: false, code: 'naval-ships' });
    // The ammunition check: die 5 (above 4) after the volley.
    const fire = { type: 'fireMission', target: at(4, 4), spotter: 'cw', ships: ['E-DD1'] } as Action;
    const bad = withSeed(s, seedWhere(s.n, (d) => { d.d10('v'); return d.d10('ad') === 5; }));
    const ev: GameEvent[] = [];
    const after = ok(bad, fire, ev);
    expect(ev.find((e) => e.type === 'navalAdCheck')).toMatchObject({ ship: 'E-DD1', roll: 5, adv: 4, depleted: true, case: 'AW 11.9.0' });
    const good = withSeed(s, seedWhere(s.n, (d) => { d.d10('v'); return d.d10('ad') === 4; }));
    const ev2: GameEvent[] = [];
    const fine = ok(good, fire, ev2);
    expect(ev2.find((e) => e.type === 'navalAdCheck')).toMatchObject({ roll: 4, depleted: false });
    // Next GT (PM): the depleted DD may not fire; the other may.
    /** On to the PM GT's Offensive FS Segment, the target's owner taking the hits its first way each time. */
    const pm = (st: GameState) => {
      let x = st;
      for (let i = 0; i < 120 && x.pos.turn === 0; i++) x = ok(x, x.pending ? legalActions(x, x.pending.side)[0] : { type: 'endSegment' });
      return toSegment(x, b, 'offensiveFs');
    };
    const pmBad = pm(after);
    expect(fsPlan(pmBad, b, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['E-DD1'] })).toMatchObject({ ok: false, code: 'ship-used', message: expect.stringMatching(/ammunition check/) });
    const pmFine = pm(fine);
    expect(fsPlan(pmFine, b, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['E-DD1'] })).toMatchObject({ ok: true });
  });
});

describe('GOSS 11.2.4 / 11.4 / 11.5 naval gunfire of the rolled units', () => {
  /** The game at the Allied Offensive FS Segment with the day's units set by hand: E 1 BB, 1 CA, 1 CL, 2 DD. */
  function atFs(b: ScenarioBundle): GameState {
    const s = toSegment(newGame(b, { seed: 'ngs' }).state, b, 'offensiveFs');
    return produce(s, (d) => { (d as unknown as { special: Record<string, unknown> }).special.navalDay = { date: '1944-06-20', units: { W: { DD: 2 }, E: { BB: 1, CA: 1, CL: 1, DD: 2 } } }; });
  }
  const plain = (extra: UnitSpec[] = []) => bundle({ date: '1944-06-20', time: 'AM' }, [{ id: 'cw3', side: 'allied', hex: at(3, 2) }, { id: 'g4', side: 'german', hex: at(4, 2) }, ...extra]);

  it('GOSS 11.2.4: the ships a mission carries by its observation — observed: up to 2 DD; from PA or an ET: 1 BB or MN, or CA+CL, CA+DD, CL+DD, 2 DD; the AW 31.9.3 PA/ET observer and 8-point limit do not apply', () => {
    const b = plain();
    const s = atFs(b);
    const plan = (spotter: string, target: number, ships: string[]) => fsPlan(s, b, 'allied', { target, spotter, ships });
    // cw3 is in the open (observed, medium): DDs only, at most two.
    expect(plan('cw3', hx(4, 2), ['E-DD1', 'E-DD2'])).toMatchObject({ ok: true });
    expect(plan('cw3', hx(4, 2), ['E-CA1'])).toMatchObject({ ok: false, code: 'naval-capacity', case: 'GOSS 11.2.4', message: 'an observed mission carries at most DD + DD' });
    // cw in an ET-2 (heavy): a BB alone, CA + CL (11 points, over the introductory 8), not BB + DD.
    expect(plan('cw', hx(4, 4), ['E-BB1'])).toMatchObject({ ok: true });
    expect(plan('cw', hx(4, 4), ['E-CA1', 'E-CL1'])).toMatchObject({ ok: true, plan: { total: 0, volleys: [] } });
    expect(plan('cw', hx(4, 4), ['E-BB1', 'E-DD1'])).toMatchObject({ ok: false, code: 'naval-capacity' });
  });

  it('GOSS 11.4 / 11.5: each ship fires a volley of its own: die + its points + the mission\'s DRM, a BB +1, POvr with rain −1', () => {
    const b = plain();
    const s = atFs(b);
    const p = fsPlan(s, b, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['E-BB1'] });
    expect(p).toMatchObject({ ok: true, plan: { sources: [{ unit: 'E-BB1', points: 8, volley: { drm: 1, why: ['BB +1'] } }] } });
    const base = p.ok ? p.plan.drmRaw : NaN;
    const fire = withSeed(s, seedWhere(s.n, (d) => d.d10('v') === 6));
    const ev: GameEvent[] = [];
    ok(fire, { type: 'fireMission', target: at(4, 4), spotter: 'cw', ships: ['E-BB1'] } as Action, ev);
    const res = ev.find((e) => e.type === 'fsResolved') as unknown as { volleys: unknown[]; naval: { ship: string; roll: number; points: number; drm: number; fsv: number }[] };
    expect(res.volleys).toEqual([]);
    expect(res.naval).toEqual([expect.objectContaining({ ship: 'E-BB1', roll: 6, points: 8, drm: base + 1, fsv: 6 + 8 + base + 1 })]);
    // POvr with rain: −1 on the ship's volley (GOSS 11.5 NGS weather).
    const wetB = fixture({
      sequence: 'standard', start: { date: '1944-06-20', time: 'AM' }, modules: ['navalAvailability'], terrain: SEA,
      special: { navalAvailability: { tables: 'aw11-naval', source: 'test: AW 11.9.0' }, weather: [{ from: { date: '1944-06-20', time: 'AM' }, atmosphere: 'POvr', rain: true, ground: 'dry', source: 'test: POvr with rain' }] },
      units: [{ id: 'cw', side: 'allied', hex: at(3, 4), fieldworks: 'ET-2' }, { id: 'g1', side: 'german', hex: at(4, 4) }],
    });
    expect(fsPlan(atFs(wetB), wetB, 'allied', { target: hx(4, 4), spotter: 'cw', ships: ['E-DD1'] })).toMatchObject({ ok: true, plan: { sources: [{ volley: { drm: -1, why: ['POvr with rain -1'] } }] } });
  });
});
