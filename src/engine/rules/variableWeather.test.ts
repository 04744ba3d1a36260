/**
 * AW 19.0 variable weather: sectors, the Weather Determination Table and its DRMs, storms, rain and
 * the Ground Condition Matrix. Dice are scripted by purpose (each roll names what it is for), and
 * every scripted roll must be used; a roll nobody scripted fails the test.
 */
import { describe, expect, test } from 'vitest';
import { produce } from 'immer';
import { weatherBundle } from './variableWeather.fixture';
import { apply, legalActions, newGame, sideToAct } from '../game';
import { gameTime } from '../sequence';
import { hexOfRulesId, neighbour } from '../hex';
import type { Dice } from '../rng';
import type { GameEvent, GameState } from '../types';
import { groundAfter, sectorOf, variableWeatherRules, weatherTables, type SectorWeather, type WeatherState } from './variableWeather';
import { weatherNow } from './weather';
import { atmosphere, fsPlan } from './fireSupport';
import { unitList } from '../unitTable';
import { groundNow } from './movement-search';
import { centreOf } from './weatherSectors';
import { hexCenter, HEX_RADIUS } from '../hex/honeycomb';

const b = weatherBundle();
const TIMES = ['AM', 'PM', 'Night'];
/** The GT index of a date and time of day (the fixture starts June 6 AM). */
const turnOf = (date: string, time: string): number => (Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) - Date.UTC(1944, 5, 6)) / 86_400_000 * 3 + TIMES.indexOf(time);
const W = (atmosphere: SectorWeather['atmosphere'], rain = false, ground: SectorWeather['ground'] = 'dry'): SectorWeather => ({ atmosphere, rain, ground });

/** Dice that answer each roll from the list scripted for the first key its purpose contains. */
function scripted(script: Record<string, number[]>): Dice & { left(): Record<string, number[]> } {
  const roll = (p: string): number => {
    const k = Object.keys(script).find((x) => p.includes(x));
    const f = k === undefined ? undefined : script[k].shift();
    if (f === undefined) throw new Error(`no roll scripted for "${p}"`);
    return f;
  };
  return { rolls: [], d10: roll, d100: roll, left: () => Object.fromEntries(Object.entries(script).filter(([, v]) => v.length)) } as unknown as Dice & { left(): Record<string, number[]> };
}

const base = newGame(b, { seed: 'wx' }).state;
/** The state at a GT with the given weather bookkeeping. */
function at(date: string, time: string, st: WeatherState = {}): GameState {
  return produce(base, (d) => {
    d.pos.turn = turnOf(date, time);
    (d as unknown as { special: Record<string, unknown> }).special = { ...(d as unknown as { special?: Record<string, unknown> }).special, weather: structuredClone(st) };
  });
}
/** The Weather Segment's hook on `s` with the dice: the state after it and its events. */
function segment(s: GameState, dice: Dice): { state: GameState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  const state = produce(s, (d) => { events = variableWeatherRules.hooks![0].onEnter!(d, { bundle: b, dice, side: null }); });
  return { state, events };
}
const determined = (events: GameEvent[]) => events.find((e) => e.type === 'weatherDetermined') as unknown as { sectors: { sector: string; atmosphere: string; rain: boolean; ground: string; why: string }[] };
const wsOf = (s: GameState): WeatherState => (s as unknown as { special: { weather: WeatherState } }).special.weather;
const gt = (date: string, time: string, west: SectorWeather, east: SectorWeather = west) => ({ turn: turnOf(date, time), date, time, w: [west, east] });

describe('AW 19.0 variable weather', () => {
  test('AW 19.2.2a (seed:004 L4144-4160) the weather boundary splits the map into the western and the eastern sector; the hexes it runs through are western', () => {
    const t = weatherTables(b);
    expect(t.sectors.map((s) => s.id)).toEqual(['western', 'eastern']);
    // The boundary runs C2007 – C2031 – E2502 – E2555 (data/map/overlays.json).
    expect(sectorOf(b, hexOfRulesId('C2020'))).toBe(0);
    expect(sectorOf(b, hexOfRulesId('C1920'))).toBe(0);
    expect(sectorOf(b, hexOfRulesId('C2120'))).toBe(1);
    expect(sectorOf(b, hexOfRulesId('C4520'))).toBe(1); // east of Caen
    expect(sectorOf(b, hexOfRulesId('A3811'))).toBe(0); // Cherbourg
    expect(sectorOf(b, hexOfRulesId('E2540'))).toBe(0); // on the line's last leg
    expect(sectorOf(b, neighbour(hexOfRulesId('E2540'), 1))).toBe(1);
    // The centres the split uses are honeycomb's (the renderer's), scaled by the hex radius.
    for (const ref of ['C2020', 'E2502', 'A3811', 'B1010']) {
      const h = hexOfRulesId(ref), c = centreOf(h), p = hexCenter(h);
      expect((c.x * HEX_RADIUS - p.x) - (centreOf(hexOfRulesId('C2020')).x * HEX_RADIUS - hexCenter(hexOfRulesId('C2020')).x)).toBeCloseTo(0, 6);
      expect((c.y * HEX_RADIUS - p.y) - (centreOf(hexOfRulesId('C2020')).y * HEX_RADIUS - hexCenter(hexOfRulesId('C2020')).y)).toBeCloseTo(0, 6);
    }
  });

  test('AW 19.2.1 (seed:004 L4120-4140) June 6 partial overcast and dry; June 7 AM overcast, PM and Night clear; no dice', () => {
    const want: [string, string, string][] = [['1944-06-06', 'AM', 'POvr'], ['1944-06-06', 'Night', 'POvr'], ['1944-06-07', 'AM', 'Ovr'], ['1944-06-07', 'PM', 'clear'], ['1944-06-07', 'Night', 'clear']];
    for (const [date, time, atm] of want) {
      const r = segment(at(date, time), scripted({}));
      expect(determined(r.events).sectors.map((x) => [x.atmosphere, x.rain, x.ground])).toEqual([[atm, false, 'dry'], [atm, false, 'dry']]);
      expect(weatherNow(r.state, b, hexOfRulesId('C4520'))).toEqual({ atmosphere: atm, ground: 'dry', rain: false });
    }
  });

  test('AW 19.2.2b (seed:004 L23394-23461) the western sector first; DRMs of the month, the previous GT and the western sector; AW 19.4.1 rain with +1 till July 14; AW 19.5.0 ground', () => {
    // July 3 PM. Western: 55 − 10 (July) + 5 (previous Ovr) = 50 → Ovr; rain 6 + 1 = 7 > 6: no rain; after rain on wet ground → wet.
    // Eastern: 70 − 10 + 0 (previous POvr) + 5 (western Ovr) = 65 → Ovr; rain 3 + 1 = 4 ≤ 6: rain; after rain on wet ground → mud.
    const s = at('1944-07-03', 'PM', { gts: [gt('1944-07-03', 'AM', W('Ovr', true, 'wet'), W('POvr', true, 'wet'))] });
    const d = scripted({ 'weather: Western': [55], 'weather: Eastern': [70], 'rain, Western': [6], 'rain, Eastern': [3] });
    const r = segment(s, d);
    expect(d.left()).toEqual({});
    const sec = determined(r.events).sectors;
    expect(sec.map((x) => [x.atmosphere, x.rain, x.ground])).toEqual([['Ovr', false, 'wet'], ['Ovr', true, 'mud']]);
    expect(sec[0].why).toBe('roll 55 (month −10, previous GT +5) = 50; rain roll 6 +1: no rain');
    expect(sec[1].why).toBe('roll 70 (month −10, western sector +5) = 65; rain roll 3 +1: rain');
    // Each sector's weather where it applies: movement and fire support read the hex's sector.
    expect(groundNow(r.state, b, hexOfRulesId('C1920')).ground).toBe('wet');
    expect(groundNow(r.state, b, hexOfRulesId('C4520')).ground).toBe('mud');
    expect(atmosphere(r.state, b, hexOfRulesId('C4520'))).toEqual({ value: 'Ovr', rain: true });
    // July 15: no rain DRM; clear rolls no rain; a western clear gives the eastern −5.
    const d2 = scripted({ 'weather: Western': [20], 'weather: Eastern': [48], 'rain, Eastern': [6] });
    const r2 = segment(at('1944-07-15', 'AM', { gts: [gt('1944-07-14', 'Night', W('clear'), W('Ovr'))] }), d2);
    expect(d2.left()).toEqual({});
    // Western 20 − 10 − 5 = 5 → clear. Eastern 48 − 10 + 5 (previous Ovr) − 5 (western clear) = 38 → POvr; rain 6 > 1: no rain.
    expect(determined(r2.events).sectors.map((x) => [x.atmosphere, x.rain, x.why])).toEqual([
      ['clear', false, 'roll 20 (month −10, previous GT −5) = 05'],
      ['POvr', false, 'roll 48 (month −10, previous GT +5, western sector −5) = 38; rain roll 6: no rain'],
    ]);
  });

  test('GOSS 19.3 / AW 19.2.2a: no air points and no naval gunfire against a target in a sector with a storm; the other sector flies', () => {
    const germans = unitList(base).filter((u) => u.side === 'german' && u.hex !== null);
    const east = germans.find((u) => sectorOf(b, u.hex) === 1)!;
    const stormy = at('1944-06-21', 'AM', { gts: [gt('1944-06-21', 'AM', W('POvr'), W('storm', true, 'wet'))] });
    expect(fsPlan(stormy, b, 'allied', { target: east.hex!, air: 2 })).toMatchObject({ ok: false, code: 'air-storm', case: 'GOSS 19.3' });
    expect(fsPlan(stormy, b, 'allied', { target: east.hex!, naval: 2 })).toMatchObject({ ok: false, code: 'naval-storm', case: 'GOSS 19.3' });
    const calm = at('1944-06-21', 'AM', { gts: [gt('1944-06-21', 'AM', W('POvr'), W('Ovr'))] });
    expect(fsPlan(calm, b, 'allied', { target: east.hex!, air: 2 })).not.toMatchObject({ code: 'air-storm' });
  });

  test('AW 19.2.4 (seed:004 L4188-4214) the same atmosphere in every GT of two GDs: −15 after overcast, +15 after clear; not when one GT differs', () => {
    const days = (west: SectorWeather[], east: SectorWeather) => ['1944-06-20', '1944-06-21'].flatMap((date, i) => TIMES.map((time, j) => gt(date, time, west[i * 3 + j], east)));
    const ovr = Array(6).fill(W('Ovr'));
    // June 22 AM, western: 30 + 5 (previous Ovr) − 15 = 20 → clear (35 → POvr without the pattern).
    const d = scripted({ 'weather: Western': [30], 'weather: Eastern': [20] });
    const r = segment(at('1944-06-22', 'AM', { gts: days(ovr, W('clear')) }), d);
    expect(d.left()).toEqual({});
    const sec = determined(r.events).sectors;
    expect(sec[0]).toMatchObject({ atmosphere: 'clear', why: 'roll 30 (previous GT +5, two GDs alike −15) = 20' });
    // Eastern: six clear GTs: 20 − 5 (previous clear) + 15 − 5 (western clear) = 25 → clear.
    expect(sec[1]).toMatchObject({ atmosphere: 'clear', why: 'roll 20 (previous GT −5, two GDs alike +15, western sector −5) = 25' });
    // One POvr GT of the six breaks the pattern.
    const broken = [...ovr]; broken[2] = W('POvr');
    const d2 = scripted({ 'weather: Western': [30], 'weather: Eastern': [20], 'rain, Western': [9] });
    const r2 = segment(at('1944-06-22', 'AM', { gts: days(broken, W('clear')) }), d2);
    expect(d2.left()).toEqual({});
    expect(determined(r2.events).sectors[0]).toMatchObject({ atmosphere: 'POvr', why: 'roll 30 (previous GT +5) = 35; rain roll 9 +1: no rain' });
  });

  test('AW 19.3.0 (seed:004 L4216-4230) before June 12 AM a storm result is overcast with rain, with no rain roll', () => {
    // June 11 Night: western 97 + 5 (previous Ovr) = 99 → storm → Ovr with rain; eastern 10 + 5 (western Ovr) = 15 → clear.
    const d = scripted({ 'weather: Western': [97], 'weather: Eastern': [10] });
    const r = segment(at('1944-06-11', 'Night', { gts: [gt('1944-06-11', 'PM', W('Ovr'), W('POvr'))] }), d);
    expect(d.left()).toEqual({});
    const sec = determined(r.events).sectors;
    expect(sec.map((x) => [x.atmosphere, x.rain, x.ground])).toEqual([['Ovr', true, 'dry'], ['clear', false, 'dry']]);
    expect(sec[0].why).toContain('no storm yet: overcast with rain (AW 19.3.0)');
    expect(wsOf(r.state).storm).toBeUndefined();
  });

  test('AW 19.3.4a (seed:004 L4232-4305) a storm: both sectors the GT after, until the AM end checks (1d10 halved, round up; 0-6 ends, −2 a GD); overcast with no rain that GD; one storm a month', () => {
    const noRain = (n: number) => Array(n).fill(9);
    // June 20 PM: western 95 → storm (generated); its rain roll 3 + 1 ≤ 7: rain. Eastern 10 (no DRM for a western storm) → clear.
    let s = at('1944-06-20', 'PM', { gts: [gt('1944-06-20', 'AM', W('POvr'))] });
    let d = scripted({ 'weather: Western': [95], 'weather: Eastern': [10], 'rain, Western': [3] });
    let r = segment(s, d);
    expect(d.left()).toEqual({});
    expect(determined(r.events).sectors.map((x) => [x.atmosphere, x.rain])).toEqual([['storm', true], ['clear', false]]);
    expect(wsOf(r.state)).toMatchObject({ storm: { date: '1944-06-20' }, stormMonths: ['1944-06'] });
    // June 20 Night: both sectors storm, no atmosphere rolls; each rolls for rain.
    s = produce(r.state, (x) => { x.pos.turn += 1; });
    d = scripted({ 'rain, Western': [9], 'rain, Eastern': [0] });
    r = segment(s, d);
    expect(d.left()).toEqual({});
    expect(determined(r.events).sectors.map((x) => [x.atmosphere, x.rain, x.ground])).toEqual([['storm', false, 'dry'], ['storm', true, 'dry']]);
    // June 21 AM: the duration roll, 5 → 3 GDs (round up), the first end check on June 24 AM.
    s = produce(r.state, (x) => { x.pos.turn += 1; });
    d = scripted({ 'storm duration': [5], 'rain, ': noRain(2) });
    r = segment(s, d);
    expect(r.events.find((e) => e.type === 'stormDuration')).toMatchObject({ roll: 5, days: 3, checkOn: '1944-06-24' });
    expect(determined(r.events).sectors.every((x) => x.atmosphere === 'storm')).toBe(true);
    // Through June 23: storm, rain rolls only.
    for (let k = 0; k < 8; k++) {
      s = produce(r.state, (x) => { x.pos.turn += 1; });
      r = segment(s, scripted({ 'rain, ': noRain(2) }));
      expect(determined(r.events).sectors.every((x) => x.atmosphere === 'storm')).toBe(true);
    }
    expect(gameTime(b.scenario, b.sequence, r.state.pos.turn)).toMatchObject({ date: '1944-06-23', time: 'Night' });
    // June 24 AM: 8 > 6, the storm goes on (rest of the GD).
    s = produce(r.state, (x) => { x.pos.turn += 1; });
    r = segment(s, scripted({ 'storm end': [8], 'rain, ': noRain(2) }));
    expect(r.events.find((e) => e.type === 'stormEndCheck')).toMatchObject({ roll: 8, drm: 0, ends: false });
    for (let k = 0; k < 2; k++) { s = produce(r.state, (x) => { x.pos.turn += 1; }); r = segment(s, scripted({ 'rain, ': noRain(2) })); }
    // June 25 AM: 8 − 2 = 6: ends. Overcast, no rain, both sectors, all that GD with no dice.
    s = produce(r.state, (x) => { x.pos.turn += 1; });
    r = segment(s, scripted({ 'storm end': [8] }));
    expect(r.events.find((e) => e.type === 'stormEndCheck')).toMatchObject({ roll: 8, drm: -2, ends: true });
    expect(determined(r.events).sectors.map((x) => [x.atmosphere, x.rain])).toEqual([['Ovr', false], ['Ovr', false]]);
    for (let k = 0; k < 2; k++) {
      s = produce(r.state, (x) => { x.pos.turn += 1; });
      r = segment(s, scripted({}));
      expect(determined(r.events).sectors.map((x) => [x.atmosphere, x.rain])).toEqual([['Ovr', false], ['Ovr', false]]);
    }
    expect(wsOf(r.state).storm).toBeUndefined();
    // June 26 AM: rolled again; a second storm in June is overcast with rain (no rain roll).
    s = produce(r.state, (x) => { x.pos.turn += 1; });
    d = scripted({ 'weather: Western': [99], 'weather: Eastern': [0] });
    r = segment(s, d);
    expect(d.left()).toEqual({});
    expect(determined(r.events).sectors[0]).toMatchObject({ atmosphere: 'Ovr', rain: true });
    expect(determined(r.events).sectors[0].why).toContain('one storm a month: overcast with rain (AW 19.3.4a)');
  });

  test('AW 19.3.4a / chart (seed:004 L23410-23412) July and August: an unmodified 96-99 is a storm though the month DRM lowers it', () => {
    // August 2 AM: western 96 − 25 + 5 = 76 → Ovr, but unmodified 96: storm (the first of August).
    const d = scripted({ 'weather: Western': [96], 'weather: Eastern': [40], 'rain, Western': [8] });
    const r = segment(at('1944-08-02', 'AM', { gts: [gt('1944-08-01', 'Night', W('Ovr'), W('clear'))], stormMonths: ['1944-06', '1944-07'] }), d);
    expect(d.left()).toEqual({});
    const sec = determined(r.events).sectors;
    expect(sec[0]).toMatchObject({ atmosphere: 'storm', rain: false });
    expect(sec[0].why).toBe('roll 96 (month −25, previous GT +5) = 76; unmodified 96 is a storm; a storm is generated (AW 19.3.4a); rain roll 8: no rain');
    // Eastern: 40 − 25 − 5 (previous clear) = 10 → clear: no DRM for a western storm.
    expect(sec[1]).toMatchObject({ atmosphere: 'clear' });
    expect(wsOf(r.state).stormMonths).toEqual(['1944-06', '1944-07', '1944-08']);
  });

  test('AW 19.5.0 (seed:004 L4337-4373, chart L23463-23489) Ground Condition Matrix: the previous GT\'s rain and ground against this GT\'s rain', () => {
    const t = weatherTables(b);
    const cases: [boolean, SectorWeather['ground'], boolean, SectorWeather['ground']][] = [
      [false, 'dry', false, 'dry'], [false, 'dry', true, 'dry'],
      [true, 'dry', false, 'dry'], [true, 'dry', true, 'wet'],
      [true, 'wet', false, 'wet'], [true, 'wet', true, 'mud'],
      [true, 'mud', false, 'wet'], [true, 'mud', true, 'mud'],
      // reconstructed rows: no rain after no rain dries one step; the first rain changes nothing.
      [false, 'wet', false, 'dry'], [false, 'wet', true, 'wet'],
      [false, 'mud', false, 'wet'], [false, 'mud', true, 'mud'],
    ];
    for (const [pr, pg, rain, want] of cases) expect(groundAfter(t, W('Ovr', pr, pg), rain), `${pr ? 'rain' : 'no rain'}, ${pg} → ${rain ? 'rain' : 'no rain'}`).toBe(want);
  });

  test('AW 19.0 in play: the Weather Segment of every GT rolls from the seeded dice; the same seed gives the same weather', () => {
    const play = (seed: string) => {
      const g = newGame(weatherBundle({ date: '1944-06-08', time: 'AM' }), { seed });
      let s = g.state;
      const seen: unknown[] = [g.events.filter((e) => e.type === 'weatherDetermined')];
      for (let i = 0; i < 400 && s.pos.turn < 6; i++) {
        const las = legalActions(s, sideToAct(s)!);
        const r = apply(s, las.find((a) => a.type === 'endSegment') ?? las[0]);
        if (!r.ok) throw new Error(r.error.message);
        seen.push(...r.events.filter((e) => e.type === 'weatherDetermined'));
        s = r.state;
      }
      return { seen: seen.flat(), s };
    };
    const a = play('wx-1'), again = play('wx-1');
    expect(a.seen).toHaveLength(7); // June 8 AM to June 10 AM
    expect(again.seen).toEqual(a.seen);
    // Kept back as far as the two-GD pattern reads: the last nine GTs at most, the newest last.
    expect(wsOf(a.s).gts!.map((g) => g.turn)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(play('wx-2').seen).not.toEqual(a.seen);
    for (const e of a.seen as { sectors: { why: string }[] }[]) for (const x of e.sectors) expect(x.why).toMatch(/^roll \d\d/);
  });
});
