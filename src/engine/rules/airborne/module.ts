/**
 * The airborne module (AW 41): one `RuleModule` and one `Extension`, both named `airborne`, turned on by
 * `"modules": ["airborne"]` with a `special.airborne` block (src/data/schemas/airborne.ts). Core rule
 * files never import it. Each area of the module registers its handlers and hooks here, one line each.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState } from '../../types';
import type { ActionHandler, RuleContext, RuleModule, SegmentHook } from '../registry';
import { moduleOn, type Extension } from '../extensions';
import { hexOfRulesId } from '../../hex';
import { AirborneDisplay, AirborneTables } from '../../../data/schemas/airborne';
import { AIRBORNE, airborneData, airborneDraft, airborneSpecial, dzKey } from './state';
import { dzHandlers, dzHooks } from './dzPlacement';
import { dropHandlers, dropHooks, initDrop } from './drop';
import { regroupHandlers, stackingHooks } from './regroup';
import { gliderHandlers, gliderHooks } from './glider';
import { stageAloneEnd } from './victory';
import { combatHandlers } from './combatProcedure';
import { retreatHandlers } from './retreat';
import { afterStageExtension, afterStageHandlers, afterStageHooks, afterStageSteps, dzsExpire, recordDropDate } from './afterStage';
import { abMoveHandlers } from './movement';
import { bridgeHandlers } from './bridgeBlowing';
import { activationHandlers, activationHooks } from './activation';
import { germanMoveHandlers } from './germanMovement';
import { commandPhasePrimary, dzSupplyHandlers, onHandEnds } from './dzSupply';
import { abGenS, abGenSAnyLength, hqMayEnter } from './dzSupplyPath';

// Each area of the module adds its handlers and hooks here (drop and regroup, combat, movement).
const handlers: ActionHandler[] = [...dzHandlers, ...dropHandlers, ...regroupHandlers, ...gliderHandlers, ...combatHandlers, ...retreatHandlers, ...afterStageHandlers, ...abMoveHandlers, ...bridgeHandlers, ...activationHandlers, ...germanMoveHandlers, ...dzSupplyHandlers];
const hooks: SegmentHook[] = [...dzHooks, ...dropHooks, ...stackingHooks, ...gliderHooks, ...afterStageHooks, ...activationHooks];

/** The DZs of the scenario's divisions, off the map until placed (AW 41.1.2). */
function onNewGame(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
  const { display, special } = airborneData(ctx.bundle);
  const a = airborneDraft(d);
  for (const z of display.dzs) {
    if (!special.divisions.includes(z.division)) continue;
    const key = dzKey(z.division, z.letter);
    a.dzs[key] = { key, division: z.division, letter: z.letter, main: z.main, target: hexOfRulesId(z.target), hex: null };
  }
  initDrop(d, ctx.bundle);
  return [];
}

export const airborneRules: RuleModule = {
  name: AIRBORNE,
  handlers,
  hooks,
  onNewGame,
  steps: { ...afterStageSteps },
  on: {
    stageStart(d, ctx, at) {
      if (moduleOn(ctx.bundle, AIRBORNE) && at.stage === 'airborneAssault') recordDropDate(d, at.date);
      return [];
    },
    turnStart(d, ctx, at) {
      if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
      return [...dzsExpire(d, ctx, at.date, at.time), ...commandPhasePrimary(d, ctx, at.time)];
    },
    dayEnd(d, ctx, at) {
      if (moduleOn(ctx.bundle, AIRBORNE)) onHandEnds(d, at.date);
      return [];
    },
    stageEnd(d, ctx, at) {
      if (!moduleOn(ctx.bundle, AIRBORNE) || at.stage !== 'airborneAssault') return [];
      return stageAloneEnd(d, ctx);
    },
  },
};

export const airborne: Extension = {
  name: AIRBORNE,
  cases: 'AW 41',
  needs: [AIRBORNE],
  ...afterStageExtension,
  // AW 41.3.3 FoW units move no farther from a DZ; AW 15.0 an AB Div HQ stays within one hex of its primary DZ (an HQ is never a FoW unit).
  mayEnter: (s, bundle, unitId) => afterStageExtension.mayEnter!(s, bundle, unitId) ?? hqMayEnter(s, bundle, unitId),
  // AW 15.0: the airborne divisions trace GenS from their primary DZ until the first corps HQ.
  genS: abGenS,
  // GOSS 15.7.0: isolation asks for a path of any length from the HQ.
  genSAnyLength: abGenSAnyLength,
  data(scenario) {
    const s = (scenario.special as { airborne?: { display: string; tables?: string } } | undefined)?.airborne;
    if (!s) return [];
    return [{ id: s.display, schema: AirborneDisplay }, { id: s.tables ?? 'airborne-tables', schema: AirborneTables }];
  },
};

export { airborneSpecial };
