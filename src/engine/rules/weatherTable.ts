/**
 * Rolled weather (AW 34.4.0, scenario.special.weatherTable): from the table's first GT, at the start
 * of each GT (the Weather Segment) 1d10 for the atmosphere and, unless clear, 1d10 for the ground;
 * before it the scenario's fixed weather applies (weather.ts). Also the side's MA by weather and time
 * of day (AW 34.7.2, special.maByWeather), as an MA step of the movement rules.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { turnTime } from '../sequence';
import { special } from './scenarioArea';
import { moduleOn, type Extension } from './extensions';
import { atOrAfter, weatherNow } from './weather';
import { moduleDraft, moduleState } from './moduleState';
import { unitOf } from '../unitTable';

const NAME = 'weatherTable';
interface CherbourgState { weather?: Record<string, { atmosphere: string; ground: string }> }
/** The module's bookkeeping lives in `state.special.cherbourg` (the key saved games carry). */
const cs = (s: GameState): CherbourgState => moduleState<CherbourgState>(s, 'cherbourg');
const csd = (d: Draft<GameState>): Draft<CherbourgState> => moduleDraft<CherbourgState>(d, 'cherbourg');

function rollWeather(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const wt = special(ctx.bundle).weatherTable;
  if (!wt || !moduleOn(ctx.bundle, NAME) || d.pos.playerTurn !== 0) return [];
  const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  if (!atOrAfter(t, wt.from) || cs(d as GameState).weather?.[String(d.pos.turn)]) return [];
  const a = ctx.dice.d10('weather: atmosphere (AW 34.4.0)');
  const atmosphere = wt.atmosphere.find((r) => a >= r.min && a <= r.max)!.value;
  let ground: string = wt.groundWhenClear;
  if (atmosphere !== 'clear') { const g = ctx.dice.d10('weather: ground (AW 34.4.0)'); ground = wt.ground.find((r) => g >= r.min && g <= r.max)!.value; }
  const c = csd(d);
  c.weather = { ...(c.weather ?? {}), [String(d.pos.turn)]: { atmosphere, ground } };
  return [{ type: 'weatherRolled', atmosphere, ground, case: 'AW 34.4.0' }];
}

export const weatherTable: Extension = {
  name: NAME,
  cases: 'AW 34.4.0, AW 34.7.2',
  needs: ['weatherTable'],
  weather: (state) => cs(state).weather?.[String(state.pos.turn)] ?? null,
  ma(state, bundle, unitId, ma) {
    const mw = special(bundle).maByWeather;
    const def = bundle.units.get(unitId)!;
    if (!mw || unitOf(state, unitId)?.side !== mw.side) return null;
    const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
    const w = weatherNow(state, bundle);
    const r = mw.rules.find((x) => (x.when.night ? t.time === 'Night' : t.time !== 'Night' || x.when.atmosphere === undefined) && (x.when.atmosphere === undefined || x.when.atmosphere === w.atmosphere) && !(x.when.night && t.time !== 'Night'));
    if (!r) return null;
    const out = Math.max(0, r.thirdOff ? ma - Math.floor(ma / 3) : ma + ((def.moveClass === 'mech' ? r.mech : r.leg) ?? 0));
    return { ma: out, case: 'AW 34.7.2', text: `MA ${out} (German movement by weather)` };
  },
};

export const weatherTableRules: RuleModule = {
  name: NAME,
  hooks: [{ segment: 'weather', onEnter: rollWeather }],
};
