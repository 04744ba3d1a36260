/**
 * AW 35.3.1 random arrival of reinforcements (scenario.special.randomArrival, an optional rule "by
 * mutual consent", to be used always for the Allied side): one GD before a group's historical arrival
 * the owner rolls 1d10 for the group (a named unit or a formation rolls once), with the DRMs of the
 * weather that GD (data/modules/arrival/*.json); 0–1 the group arrives one GD early, 2–6 on its
 * historical GD, 7–8 one GD late, 9 or more two GDs late. The roll is made in the Weather Segment of
 * the GT one GD before the group's listed GT (after that GT's weather, in the sector of the group's
 * entry), so an early group arrives in that same GT's Movement Segment. Groups marked `noDelayRoll`
 * (AW 36.8) arrive as listed. Reinforcements read the result through the `arrivalShift` hook.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { RandomArrivalTables, type RandomArrivalRule } from '../../data/schemas/arrival';
import { addDays, gameTime } from '../sequence';
import { moduleOn, type Extension } from './extensions';
import { moduleDraft, moduleState } from './moduleState';
import { hexSet, special } from './scenarioArea';
import { weatherNow } from './weather';

export const RANDOM_ARRIVAL = 'randomArrival';
const CASE = 'AW 35.3.1';

/** The module's bookkeeping in `state.special.randomArrival`: the game days each rolled group moved by, by group index. */
interface ArrivalState { shift?: Record<string, number> }
const as = (s: GameState): ArrivalState => moduleState<ArrivalState>(s, 'randomArrival');
const asd = (d: Draft<GameState>): Draft<ArrivalState> => moduleDraft<ArrivalState>(d, 'randomArrival');

function rule(bundle: ScenarioBundle): RandomArrivalRule | undefined {
  return (bundle.scenario.special as { randomArrival?: RandomArrivalRule } | undefined)?.randomArrival;
}
function tables(bundle: ScenarioBundle): RandomArrivalTables {
  return bundle.moduleData![rule(bundle)!.tables] as RandomArrivalTables;
}

/** The Weather Segment: the rolls of the groups whose listed GT is one GD after this one. */
function roll(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const bundle = ctx.bundle;
  const r = rule(bundle);
  if (!r || !moduleOn(bundle, RANDOM_ARRIVAL)) return [];
  const s = d as unknown as GameState;
  const t = tables(bundle);
  const now = gameTime(bundle.scenario, bundle.sequence, d.pos.turn);
  const tomorrow = addDays(now.date, 1);
  const events: GameEvent[] = [];
  (special(bundle).reinforcements ?? []).forEach((g, i) => {
    if (!r.sides.includes(g.side) || g.noDelayRoll || g.skipInLengths.includes(s.length)) return;
    if (g.at.date !== tomorrow || g.at.time !== now.time || as(s).shift?.[String(i)] !== undefined) return;
    const side = t.sides[g.side];
    const entry = hexSet(bundle, g.entry).values().next().value ?? null;
    const w = weatherNow(s, bundle, entry);
    const drm = side?.drm.find((x) => x.atmosphere === w.atmosphere && (x.rain === undefined || x.rain === (w.rain === true)))?.drm ?? 0;
    const die = ctx.dice.d10(`arrival: ${g.units.map((u) => u.name).join(', ')} (AW 35.3.1)`);
    const days = t.results.find((x) => die + drm <= x.max)?.days ?? t.results.at(-1)!.days;
    const st = asd(d);
    st.shift = { ...(st.shift ?? {}), [String(i)]: days };
    events.push({ type: 'arrivalRolled', side: g.side, units: g.units.map((u) => u.unit), roll: die, drm, days, date: addDays(g.at.date, days), time: g.at.time, case: CASE });
  });
  return events;
}

export const randomArrival: Extension = {
  name: RANDOM_ARRIVAL,
  cases: 'AW 35.3.1',
  needs: [RANDOM_ARRIVAL],
  data(scenario) {
    const r = (scenario.special as { randomArrival?: RandomArrivalRule } | undefined)?.randomArrival;
    return r ? [{ id: r.tables, schema: RandomArrivalTables }] : [];
  },
  arrivalShift: (state, _bundle, group) => as(state).shift?.[String(group)] ?? null,
};

export const randomArrivalRules: RuleModule = {
  name: RANDOM_ARRIVAL,
  hooks: [{ segment: 'weather', onEnter: roll }],
};
