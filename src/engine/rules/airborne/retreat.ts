/**
 * AW 41.2.3d airborne retreat, for both sides (airborne combat results, AW 41.5.2; a failed landing
 * PR check, AW 41.2.3b): one hex into any hex free of enemy units (enemy units have no other effect),
 * never into or across prohibited terrain, over a river only at an intact bridge; a stack that would
 * be overstacked goes on retreating; a unit that cannot retreat is eliminated. The owner picks the
 * hex when more than one is open (`abRetreat`), else it is automatic.
 *
 * Read as (docs/errata.md): a stack retreats as one; WN/StP (static) units stay where they are (they
 * are exempt from the landing PR check, AW 41.2.3b, and never move); non-SP artillery in battery that
 * must retreat is eliminated (AW 41.2.3b, 41.5.2).
 */
import type { Draft } from 'immer';
import { formatHex, hexOfRulesId, neighbours, type HexId } from '../../hex';
import { onMap } from '../../board';
import type { Action, GameEvent, GameState, ScenarioBundle, Side } from '../../types';
import { defOf, enemyOf } from '../combatTraits';
import { eliminate, type LossCtx } from '../losses';
import { stackViolationOf } from '../stacking';
import { defineProcedure, decisionHandlers, pushFrame, requireListed, runProcedures, type Run } from '../../procedures/stack';
import type { AirborneRetreatFrame } from '../../procedures/frames';
import type { RuleContext } from '../registry';
import { inBatteryNonSp, isStatic, liveAt, prohibitedHex, prohibitedSide, unbridgedRiver, type AbCombatEnv } from './combat';
import { abEnv } from './combatEnv';
import { mutUnit, unitOf } from '../../unitTable';

const CASE = 'AW 41.2.3d';
/** AW 41.3.1: besides normal stacking, up to four FoW units per hex. */
export const FOW_PER_HEX = 4;

/**
 * AW 41.3.1 / GOSS 6.0: would `side`'s units in `h` be overstacked (normal stacking for the non-FoW
 * units, at most four FoW units besides)?
 */
export function abOverstacked(env: AbCombatEnv, h: HexId, side: Side): boolean {
  const all = liveAt(env.state, h, side);
  const fow = all.filter((u) => env.isFow(u.id));
  if (fow.length > FOW_PER_HEX) return true;
  const rest = all.filter((u) => !env.isFow(u.id));
  return stackViolationOf(env.bundle, h, side, rest) !== null;
}

/** AW 41.2.3d: the hexes a stack of `side` may retreat into from `at` (not those in `visited`). */
export function retreatHexes(env: AbCombatEnv, side: Side, at: HexId, visited: readonly number[]): HexId[] {
  const enemy = enemyOf(side);
  return neighbours(at).filter((h) => h >= 0 && onMap(env.bundle.board, h) && !visited.includes(h)
    && !prohibitedHex(env.bundle, h) && !prohibitedSide(env.bundle, at, h) && !unbridgedRiver(env, at, h)
    && liveAt(env.state, h, enemy).length === 0);
}

function movers(d: GameState, bundle: ScenarioBundle, f: AirborneRetreatFrame): string[] {
  return f.units.filter((id) => { const u = unitOf(d, id); return u && !u.eliminated && u.hex === f.at && !isStatic(defOf(bundle, id)); });
}

export const airborneRetreatProcedure = defineProcedure({
  name: 'airborneRetreat',
  step(f, run) {
    const d = run.d;
    const bundle = run.ctx.bundle;
    const lc: LossCtx = { d, bundle, events: run.events, lost: {} };
    // Non-SP artillery in battery that must retreat is eliminated (AW 41.2.3b, 41.5.2); a WN/StP stays.
    if (!f.visited.length) {
      for (const id of movers(d as GameState, bundle, f)) {
        const u = unitOf(d, id);
        if (inBatteryNonSp(defOf(bundle, id), u as never)) eliminate(lc, u, 'non-SP artillery in battery forced to retreat', 'AW 41.5.2, 41.2.3b');
      }
    }
    const units = movers(d as GameState, bundle, f);
    if (!units.length) return { end: { hex: null } };
    const env = abEnv(d as GameState, bundle);
    let to: HexId | undefined = f.chosen;
    delete f.chosen;
    if (to === undefined) {
      const open = retreatHexes(env, f.side, f.at, f.visited);
      if (!open.length) {
        for (const id of units) eliminate(lc, unitOf(d, id), `${f.why}: no hex to retreat into (enemy units or prohibited terrain)`, CASE);
        return { end: { hex: null } };
      }
      if (open.length > 1) {
        return { wait: { side: f.side, kind: 'abRetreat', prompt: `Retreat ${units.map((id) => defOf(bundle, id).designation).join(', ')} one hex from ${formatHex(f.at)} (${f.why})`, case: CASE } };
      }
      to = open[0];
    }
    for (const id of units) mutUnit(d, id).hex = to;
    run.events.push({ type: 'airborneRetreated', units, from: formatHex(f.at), to: formatHex(to), why: f.why, case: CASE });
    // A stack that would be overstacked goes on retreating (never back into a hex it left).
    if (abOverstacked(abEnv(d as GameState, bundle), to, f.side)) {
      f.visited.push(f.at);
      f.at = to;
      return 'next';
    }
    return { end: { hex: to } };
  },
  decisions: {
    abRetreat: {
      case: CASE,
      what: 'airborne retreat',
      legal(f, state, bundle) {
        return retreatHexes(abEnv(state, bundle), f.side, f.at, f.visited).map((h): Action => ({ type: 'abRetreat', hex: formatHex(h) }));
      },
      apply(f, action, run) {
        const a = action as Extract<Action, { type: 'abRetreat' }>;
        requireListed(this.legal(f as AirborneRetreatFrame, run.d as GameState, run.ctx.bundle), a, 'airborne retreat', CASE);
        f.chosen = hexOfRulesId(a.hex);
      },
    },
  },
});

export const retreatHandlers = decisionHandlers(airborneRetreatProcedure);

/** A retreat frame for a stack of one side in hex `at` (AW 41.2.3d). */
export function airborneRetreatFrame(o: { side: Side; units: string[]; at: HexId; why: string; case?: string }): AirborneRetreatFrame {
  return { proc: 'airborneRetreat', side: o.side, units: [...o.units], at: o.at, visited: [], why: o.why, case: o.case ?? CASE };
}

/**
 * Starts an airborne retreat now (AW 41.2.3d; A's landing PR checks, 41.2.3b): pushes the frame and
 * runs the procedure stack. When the owner has a choice, the game waits for `abRetreat`.
 */
export function startAirborneRetreat(d: Draft<GameState>, ctx: RuleContext, o: { units: string[]; why: string; case?: string }): GameEvent[] {
  const first = unitOf(d, o.units[0]);
  if (!first || first.hex === null) return [];
  const run: Run = { d, ctx, events: [] };
  pushFrame(d, airborneRetreatFrame({ side: first.side, units: o.units, at: first.hex, why: o.why, case: o.case }));
  runProcedures(run);
  return run.events;
}
