/**
 * AW 35.3.1 random arrival: a roll one GD before a group's listed arrival with the weather DRMs of its
 * side, moving the arrival a GD early or one or two GDs late. Test scenario: the variable-weather
 * fixture with three German reinforcement groups of the 12th SS, the random arrival for the Germans.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { BUILTIN, loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame, sideToAct } from '../game';
import { gameTime } from '../sequence';
import type { Dice } from '../rng';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import { randomArrivalRules } from './randomArrival';
import { arrivalDate, groupsDue } from './reinforcements';

const group = (at: string, units: string[], extra: Record<string, unknown> = {}) => ({
  side: 'german', at: { date: at, time: 'AM' }, entry: { hexes: ['C5830'] }, entryText: 'C5830',
  units: units.map((unit) => ({ unit, stepsLost: 0, name: '12SS Pz Div' })), source: 'test: a German group', ...extra,
});

function arrivalBundle(date = '1944-06-10'): ScenarioBundle {
  const start = { date: '1944-06-08', time: 'AM' };
  const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { modules: string[]; special: Record<string, unknown> & { airborne: Record<string, unknown> } };
  scen.id = 'arrival-test';
  scen.start = start;
  scen.lengths = [{ id: 'long', label: 'to June 20', end: { date: '1944-06-20', time: 'Night' }, source: 'test: random arrival' }];
  delete scen.special.airborne.stageAlone;
  scen.modules = [...scen.modules, 'variableWeather', 'randomArrival'];
  scen.special.variableWeather = { tables: 'aw19-weather', from: { date: '1944-06-08', time: 'AM' }, source: 'test: variable weather' };
  scen.special.randomArrival = { tables: 'aw35-random-arrival', sides: ['german'], source: 'test: the German side rolls' };
  scen.special.reinforcements = [
    group(date, ['i-26-12ss']),
    group(date, ['ii-26-12ss'], { noDelayRoll: true }),
    { ...group(date, ['8para-6ab']), side: 'allied' },
  ];
  return loadScenario('arrival-test', { ...BUILTIN, scenarios: { 'data/scenarios/arrival-test.json': scen } });
}

const b = arrivalBundle();
const base = newGame(b, { seed: 'arrive' }).state;
const TIMES = ['AM', 'PM', 'Night'];
const turnOf = (date: string, time: string): number => (Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) - Date.UTC(1944, 5, 8)) / 86_400_000 * 3 + TIMES.indexOf(time);
/** The state at a GT with the given weather in both sectors. */
function at(date: string, time: string, w: { atmosphere: string; rain: boolean }): GameState {
  const turn = turnOf(date, time);
  return produce(base, (d) => {
    d.pos.turn = turn;
    const sp = (d as unknown as { special: Record<string, unknown> }).special;
    sp.weather = { gts: [{ turn, date, time, w: [{ ...w, ground: 'dry' }, { ...w, ground: 'dry' }] }] };
  });
}
const dice = (...faces: number[]) => ({ rolls: [], d10: () => { const f = faces.shift(); if (f === undefined) throw new Error('no roll scripted'); return f; } }) as unknown as Dice;
function segment(s: GameState, d: Dice): { state: GameState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  const state = produce(s, (x) => { events = randomArrivalRules.hooks![0].onEnter!(x, { bundle: b, dice: d, side: null }); });
  return { state, events };
}

describe('AW 35.3.1 random arrival', () => {
  it('AW 35.3.1 (seed:004 L11059-11123): one GD before, the German side rolls for each group with its weather DRMs; 2-6 on time, 9+ two GDs late; not for a group with no delay roll (AW 36.8) nor for a side that does not roll', () => {
    // June 9 AM, overcast with rain: 5 − 2 = 3, on time.
    let r = segment(at('1944-06-09', 'AM', { atmosphere: 'Ovr', rain: true }), dice(5));
    expect(r.events).toEqual([{ type: 'arrivalRolled', side: 'german', units: ['i-26-12ss'], roll: 5, drm: -2, days: 0, date: '1944-06-10', time: 'AM', case: 'AW 35.3.1' }]);
    expect(arrivalDate(r.state, b, 0)).toBe('1944-06-10');
    // Rolled once: the next GT rolls nothing.
    expect(segment(produce(r.state, (d) => { d.pos.turn += 1; }), dice()).events).toEqual([]);
    // Clear: 7 + 2 = 9, two GDs late: due on June 12 AM, not June 10 AM.
    r = segment(at('1944-06-09', 'AM', { atmosphere: 'clear', rain: false }), dice(7));
    expect(r.events[0]).toMatchObject({ roll: 7, drm: 2, days: 2, date: '1944-06-12' });
    expect(groupsDue(r.state, b, turnOf('1944-06-10', 'AM'), 'german')).toEqual([1]);
    expect(groupsDue(r.state, b, turnOf('1944-06-12', 'AM'), 'german')).toEqual([0]);
  });

  it('AW 35.3.1: a storm (−3) makes a low roll early: the group arrives in the GT of the roll; partial overcast with rain −1; 7-8 one GD late', () => {
    const now = turnOf('1944-06-09', 'AM');
    let r = segment(at('1944-06-09', 'AM', { atmosphere: 'storm', rain: true }), dice(3));
    expect(r.events[0]).toMatchObject({ roll: 3, drm: -3, days: -1, date: '1944-06-09' });
    expect(groupsDue(r.state, b, now, 'german')).toEqual([0]);
    r = segment(at('1944-06-09', 'AM', { atmosphere: 'POvr', rain: true }), dice(8));
    expect(r.events[0]).toMatchObject({ roll: 8, drm: -1, days: 1, date: '1944-06-11' });
    // Partial overcast without rain: no DRM.
    r = segment(at('1944-06-09', 'AM', { atmosphere: 'POvr', rain: false }), dice(8));
    expect(r.events[0]).toMatchObject({ roll: 8, drm: 0, days: 1 });
  });

  it('AW 35.3.1 in play: the roll comes in the Weather Segment from the seeded dice, and the units arrive in the German Movement Segment of the GD it gives', () => {
    const p = arrivalBundle('1944-06-09');
    const g = newGame(p, { seed: 'arrive' });
    let s = g.state;
    const events: GameEvent[] = [...g.events];
    let rolled = g.events.find((e) => e.type === 'arrivalRolled') as unknown as { units: string[]; date: string } | undefined;
    const arrivedOn: Record<string, string> = {};
    for (let i = 0; i < 3000 && (!rolled || gameTime(p.scenario, p.sequence, s.pos.turn).date <= rolled.date); i++) {
      const las = legalActions(s, sideToAct(s)!);
      const r = apply(s, las.find((a) => a.type === 'endSegment') ?? las[0]);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.events) {
        if (e.type === 'arrivalRolled') rolled = e as unknown as typeof rolled;
        if (e.type === 'reinforcementsArrived') for (const u of e.units as string[]) arrivedOn[u] = gameTime(p.scenario, p.sequence, r.state.pos.turn).date;
      }
      events.push(...r.events);
      s = r.state;
    }
    expect(rolled).toMatchObject({ units: ['i-26-12ss'] });
    expect(arrivedOn['i-26-12ss']).toBe(rolled!.date);
    expect(arrivedOn['ii-26-12ss']).toBe('1944-06-09'); // no delay roll
    expect(arrivedOn['8para-6ab']).toBe('1944-06-09'); // an Allied group: the Allies do not roll in this scenario
    expect(events.filter((e) => e.type === 'arrivalRolled')).toHaveLength(1);
  });
});
