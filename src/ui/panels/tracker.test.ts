import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { newGame } from '../../engine/game';
import { turnTime } from '../../engine/sequence';
import type { GameState } from '../../engine/types';
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
