/**
 * The lull (AW 34.10.1-34.10.2, scenario.special.lull): the Allied player may declare one GD of lull
 * at the start of an AM GT (his first Construction Segment). During it no combat starts, Allied
 * units move at most `alliedMoveHexes` hexes, German units a third of their printed MA, a unit
 * that starts adjacent to an enemy moves only towards its source of GenS; US Btns with losses
 * replace one step and the Germans get `germanInfSteps` infantry steps (`germanReplacement`).
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { distance, type HexId } from '../hex';
import { segmentAt, turnTime } from '../sequence';
import { special } from './scenarioArea';
import { moduleOn, type Extension } from './extensions';
import { F_ENEMY_ADJ, moveRecordNow, sideView } from './movement-search';
import { supplyRule } from './supply';
import { lostSteps, replaceStep } from './breakdownSteps';
import { moduleDraft, moduleState } from './moduleState';
import { mutUnit, unitList, unitOf } from '../unitTable';

const NAME = 'lull';
interface CherbourgState { lull?: { turn: number; germanStepsLeft: number; replaced: string[] } | null }
/** The module's bookkeeping lives in `state.special.cherbourg` (the key saved games carry). */
const cs = (s: GameState): CherbourgState => moduleState<CherbourgState>(s, 'cherbourg');
const csd = (d: Draft<GameState>): Draft<CherbourgState> => moduleDraft<CherbourgState>(d, 'cherbourg');

/** AW 34.10.1: the lull lasts one game day (three GTs) from the GT it was declared in. */
export function lullActive(state: GameState, bundle: ScenarioBundle): boolean {
  const l = cs(state).lull;
  return !!l && state.pos.turn >= l.turn && state.pos.turn < l.turn + 3 && !!special(bundle).lull && moduleOn(bundle, NAME);
}

/** AW 34.10.1: why no combat (FS mission, attack designation, assault, overrun) may start now, or null. */
export function lullCombatBan(state: GameState, bundle: ScenarioBundle): (Rejection & { case: string }) | null {
  return special(bundle).lull?.noCombat && lullActive(state, bundle)
    ? { code: 'lull', message: 'neither side may initiate combat during the lull', case: 'AW 34.10.1' }
    : null;
}

/**
 * AW 34.10.1: during the lull a unit that starts the phase adjacent to an enemy unit may only move so
 * as to move closer to its source of GenS. reconstructed: "closer" = fewer hexes to the nearest hex of
 * its side's PSS (AW 34.9), checked for every hex it enters.
 */
function mayEnter(state: GameState, bundle: ScenarioBundle, unitId: string) {
  if (!lullActive(state, bundle)) return null;
  const u = unitOf(state, unitId);
  if (u.hex === null) return null;
  const rec = moveRecordNow(state, bundle, u);
  const start = rec ? rec.from : u.hex;
  if (!(sideView(state, bundle, u.side).flags[start] & F_ENEMY_ADJ)) return null;
  const sources = supplyRule(bundle, u.side)?.sources ?? [];
  if (!sources.length) return null;
  const toSource = (h: HexId) => { let best = Infinity; for (const x of sources) { const dd = distance(h, x); if (dd < best) best = dd; } return best; };
  const here = toSource(start);
  return (h: HexId) => (toSource(h) < here ? null : {
    code: 'lull-adjacent', message: `during the lull a unit that starts adjacent to an enemy unit may only move closer to its source of GenS (${here} hexes from it now)`, case: 'AW 34.10.1',
  });
}

export const lull: Extension = {
  name: NAME,
  cases: 'AW 34.10.1, AW 34.10.2',
  needs: ['lull'],
  combatBan: lullCombatBan,
  mayEnter,
  ma(state, bundle, unitId, ma) {
    const l = special(bundle).lull;
    if (!l || !lullActive(state, bundle)) return null;
    const def = bundle.units.get(unitId)!;
    if (unitOf(state, unitId)?.side === l.side) return { ma, hexLimit: l.alliedMoveHexes, case: 'AW 34.10.1', text: `lull: ${l.alliedMoveHexes} hex${l.alliedMoveHexes > 1 ? 'es' : ''} this GT` };
    const out = Math.min(ma, Math.floor(def.ma / l.germanMaFraction));
    return { ma: out, case: 'AW 34.10.1', text: `MA ${out} (lull: one-third of the printed MA)` };
  },
};

function startingSteps(bundle: ScenarioBundle, id: string): number {
  return (bundle.scenario.setup.find((e) => e.unit === id)?.stepsLost) ?? 0;
}

function declareLull(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const l = special(ctx.bundle).lull;
  if (!l || !moduleOn(ctx.bundle, NAME)) reject('not-in-scenario', 'this scenario has no lull', 'AW 34.10.1');
  if (ctx.side !== l!.side) reject('not-your-turn', 'only the US player declares a lull', 'AW 34.10.1');
  const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  const first = segmentAt(ctx.bundle.sequence, d.pos).segment.id === 'construction' && d.pos.playerTurn === 0;
  if (t.time !== 'AM' || !first) reject('wrong-time', 'a lull is declared at the start of an AM GT (the US Construction Segment)', 'AW 34.10.1');
  if (cs(d as GameState).lull) reject('already', 'the one lull of the scenario has been declared', 'AW 34.10.1');
  const events: GameEvent[] = [];
  // 34.10.1: every US Btn with a step loss replaces one, never above its starting strength.
  for (const u of [...unitList(d)].sort((a, b) => a.id.localeCompare(b.id))) {
    const def = ctx.bundle.units.get(u.id)!;
    // Steps out as breakdown Coys are not lost (GOSS 18): only real losses are replaced, so the Coys can still rejoin.
    if (u.side !== l!.side || u.eliminated || def.size !== 'Bn') continue;
    const due = Math.min(l!.alliedReplacePerBtn, lostSteps(d as GameState, ctx.bundle, u.id) - startingSteps(ctx.bundle, u.id));
    let n = 0;
    while (n < due && replaceStep(d, ctx.bundle, u.id)) n++;
    if (n) events.push({ type: 'stepReplaced', unit: u.id, case: 'AW 34.10.1' });
  }
  csd(d).lull = { turn: d.pos.turn, germanStepsLeft: l!.germanInfSteps, replaced: [] };
  return [{ type: 'lullDeclared', until: 'the next AM GT', case: 'AW 34.10.1' }, ...events];
}

function germanReplacement(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const l = special(ctx.bundle).lull;
  const st = cs(d as GameState).lull;
  if (!l || !st || !lullActive(d as GameState, ctx.bundle)) reject('no-lull', 'German replacements come only on the lull GD', 'AW 34.10.2');
  if (ctx.side !== 'german') reject('not-your-turn', 'the German player takes the lull replacements', 'AW 34.10.2');
  const id = String((action as { unit?: unknown }).unit);
  const u = unitOf(d, id);
  const def = ctx.bundle.units.get(id);
  if (!u || !def || u.side !== 'german' || u.eliminated || u.hex === null) reject('no-such-unit', `${id} is not a German unit on the map (eliminated units do not return)`, 'AW 34.10.2');
  if (st!.germanStepsLeft <= 0) reject('none-left', 'all six replacement steps are used', 'AW 34.10.2');
  if (!['Inf', 'Fest', 'Ost', 'MG', 'Sturm'].includes(def!.type) || lostSteps(d as GameState, ctx.bundle, id) <= 0) reject('not-eligible', `${id} is not a reduced unit that can be rebuilt with Inf RePs`, 'AW 34.10.2');
  if (st!.replaced.includes(id)) reject('once', `${id} has already taken its one replacement step`, 'AW 34.10.2');
  mutUnit(d, id).stepsLost -= 1;
  const w = csd(d).lull!;
  w.germanStepsLeft -= 1;
  w.replaced.push(id);
  return [{ type: 'stepReplaced', unit: id, left: w.germanStepsLeft, case: 'AW 34.10.2' }];
}

export const lullRules: RuleModule = {
  name: NAME,
  handlers: [
    { type: 'declareLull', apply: (d, _a, ctx) => declareLull(d, ctx),
      legal: (s, side, b) => {
        const l = special(b).lull;
        if (!l || !moduleOn(b, NAME) || side !== l.side || cs(s).lull || s.pos.playerTurn !== 0 || segmentAt(b.sequence, s.pos).segment.id !== 'construction') return [];
        return turnTime(b.scenario, b.sequence, s.pos.turn).time === 'AM' ? [{ type: 'declareLull' }] : [];
      } },
    { type: 'germanReplacement', apply: (d, a, ctx) => germanReplacement(d, a, ctx) },
  ],
};
