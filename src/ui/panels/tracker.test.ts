import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { newGame } from '../../engine/game';
import { turnTime } from '../../engine/sequence';
import type { Action, GameState } from '../../engine/types';
import { weatherLine } from './Tracker';
import { produce } from 'immer';
import { weatherBundle } from '../../engine/rules/variableWeather.fixture';

describe('tracker weather line (AW 32.4.0, GOSS 19.4)', () => {
  const bundle = loadScenario('goodwood');
  const s0 = newGame(bundle, { seed: 'weather' }).state;
  const at = (date: string, time: string): GameState => {
    for (let t = s0.pos.turn; t < s0.pos.turn + 12; t++) {
      const tt = turnTime(bundle.scenario, bundle.sequence, t);
      if (tt.date === date && tt.time === time) return { ...s0, pos: { ...s0.pos, turn: t } };
    }
    throw new Error(`no GT ${date} ${time}`);
  };
  it('AW 32.4.0: July 18 clear and dry, no ground effect; July 19 partial overcast and wet (Mech −2); July 20 PM overcast and mud (MA halved)', () => {
    expect(weatherLine(at('1944-07-18', 'AM'), bundle)).toEqual({ text: 'Clear, dry ground', effect: null });
    expect(weatherLine(at('1944-07-19', 'PM'), bundle)).toEqual({ text: 'Partial overcast, wet ground', effect: 'Mech MA -2 unless wholly along primary or secondary roads' });
    expect(weatherLine(at('1944-07-20', 'PM'), bundle)?.text).toBe('Overcast, mud ground');
    expect(weatherLine(at('1944-07-20', 'PM'), bundle)?.effect).toMatch(/^MA ÷2 unless wholly along primary or secondary roads; advance max 1/);
  });
});

describe('tracker weather line with the AW 19.0 sectors', () => {
  it('AW 19.2.2a: one line when both sectors have the same weather; each sector named, with its ground effect, when they differ', () => {
    const bundle = weatherBundle();
    const s0 = newGame(bundle, { seed: 'weather' }).state;
    const withWeather = (w: object[]): GameState => produce(s0, (d) => { (d as unknown as { special: Record<string, unknown> }).special = { ...(d as unknown as { special?: object }).special, weather: { gts: [{ turn: 0, date: '1944-06-06', time: 'AM', w }] } }; });
    expect(weatherLine(withWeather([{ atmosphere: 'POvr', rain: false, ground: 'dry' }, { atmosphere: 'POvr', rain: false, ground: 'dry' }]), bundle)).toEqual({ text: 'Partial overcast, dry ground', effect: null });
    expect(weatherLine(withWeather([{ atmosphere: 'Ovr', rain: true, ground: 'wet' }, { atmosphere: 'storm', rain: true, ground: 'mud' }]), bundle)).toEqual({
      text: 'Western sector Overcast with rain, wet ground · Eastern sector Storm with rain, mud ground',
      effect: expect.stringMatching(/^Western sector: Mech MA -2 unless wholly along primary or secondary roads; Eastern sector: MA ÷2 unless/),
    });
  });
});

describe('"Done with segment" availability (issue 15)', () => {
  it('GOSS 6.7.0: an overstacked hex shows why the segment cannot end, with the case; nothing when it can', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { EndRefusal } = await import('./Tracker');
    const { mini, must, move } = await import('../../../tests/fixtures/mini');
    const { state } = mini({ rows: ['cccccc', 'cccccc', 'cccccc'], units: [
      { id: 'b1', side: 'allied', at: [1, 0] }, { id: 'b2', side: 'allied', at: [1, 0] }, { id: 'b3', side: 'allied', at: [0, 0] }, { id: 'x', side: 'german', at: [5, 2] },
    ] });
    expect(renderToStaticMarkup(createElement(EndRefusal, { state }))).toBe('');
    const over = must(state, move('b3', [1, 0]));
    const html = renderToStaticMarkup(createElement(EndRefusal, { state: over }));
    expect(html).toContain('data-testid="end-refusal"');
    expect(html).toMatch(/Not done yet: the phase cannot end with overstacked hexes/);
    expect(html).toContain('(GOSS 6.7.0)');
  });
});

describe('tracker AP Record Track (AW 3.3.1, 20.1.1)', () => {
  it('AW 3.3.1: each force\'s AP of the day, the GS AP per air sector with what is left and the GI AP; nothing in a scenario without the AW 20.0 air rules', async () => {
    const { airRecordLines } = await import('./Tracker');
    const { airBundle, airGame, ok } = await import('./air.fixture');
    const { at, seedWhere, toSegment, withSeed } = await import('../../engine/rules/combat.fixture');
    const goodwood = loadScenario('goodwood');
    expect(airRecordLines(newGame(goodwood, { seed: 'air' }).state, goodwood)).toBeNull();
    const b = airBundle();
    const s0 = airGame(b);
    // The Air Allocation Segment: the German AP all to GS (AW 20.1.0), the Allied forces still to assign.
    expect(airRecordLines(s0, b)).toEqual(['US 44 AP: not assigned yet', 'CW 40 AP: not assigned yet', 'German 6 AP: GS 6']);
    let s = ok(s0, { type: 'allocateAir', force: 'US', gs: { 'us-north': 20, 'us-south': 10 }, gi: { 'us-south': 14 } } as Action);
    s = ok(s, { type: 'allocateAir', force: 'CW', gs: { 'cw-north': 30 }, gi: { 'cw-south': 10 } } as Action);
    expect(airRecordLines(s, b)).toEqual([
      'US 44 AP: northern GS 20 · southern GS 10, GI 14',
      'CW 40 AP: northern GS 30 · southern GI 10',
      'German 6 AP: GS 6',
    ]);
    // A GS mission of 3 CW AP against a target in the CW northern sector, aborted by its mission error (GOSS 20.2.3): the 3 AP are spent.
    const fs = toSegment(s, b, 'offensiveFs');
    const flown = ok(withSeed(fs, seedWhere(fs.n, (d) => d.d10('e') === 9)), { type: 'fireMission', target: at(8, 4), spotter: 'a1', air: 3 } as Action);
    expect(airRecordLines(flown, b)![1]).toBe('CW 40 AP: northern GS 30 (27 left) · southern GI 10');
  });

  it('AW 20.1.0: a force with no AP today says so', async () => {
    const { airForceLine } = await import('./Tracker');
    expect(airForceLine({ force: 'US', name: 'US', side: 'allied', ap: 0, assigned: false, giMax: 32, pools: [] })).toBe('US: no AP today');
    expect(airForceLine({ force: 'german', name: 'German', side: 'german', ap: 6, assigned: true, giMax: 0, pools: [{ sector: 'all', name: 'battlefield', gs: 6, gsLeft: 3, gi: 0 }] })).toBe('German 6 AP: GS 6 (3 left)');
  });
});

describe('tracker naval units (AW 11.9.0)', () => {
  it('AW 11.9.0: the day\'s naval units per task force, a unit that failed its ammunition check named; nothing without the rolled naval units', async () => {
    const { navalLines } = await import('./Tracker');
    const { fixture, at } = await import('../../engine/rules/combat.fixture');
    const goodwood = loadScenario('goodwood');
    expect(navalLines(newGame(goodwood, { seed: 'n' }).state, goodwood)).toBeNull();
    const b = fixture({
      sequence: 'standard', start: { date: '1944-07-08', time: 'AM' }, modules: ['navalAvailability'],
      special: { navalAvailability: { tables: 'aw11-naval', source: 'test: AW 11.9.0' } },
      units: [{ id: 'a', side: 'allied', hex: at(1, 1) }, { id: 'g', side: 'german', hex: at(5, 5) }],
    });
    const s = newGame(b, { seed: 'n' }).state;
    const lines = navalLines(s, b)!;
    expect(lines).toHaveLength(2);
    // From July 1 the Western TF has DDs only (AW 11.9.0); every chart row gives it 2 to 4.
    expect(lines[0]).toMatch(/^Western TF: [234] DD$/);
    expect(lines[1]).toMatch(/^Eastern TF: .*\d DD$/);
    const out = produce(s, (d) => { d.combat = { ...(d.combat ?? {}), naval: { 'ship:E-DD1': { turn: d.pos.turn, used: 4, depleted: '1944-07-08' } } } as never; });
    expect(navalLines(out, b)![1]).toMatch(/\(out of ammunition today: E-DD1\)$/);
  });
});
