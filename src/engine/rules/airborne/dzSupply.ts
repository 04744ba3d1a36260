/**
 * AW 15.0 (seed L2713–2756) the airborne divisions' primary DZs, kept by AW 41.12 after the stage:
 *  - each division traces GenS from its primary DZ (the display's `main` DZ: 101st E, 82nd W, 6th AB N)
 *    until the first corps HQ arrives (June 10; the DZs leave the map then, AW 41.0);
 *  - a German unit in a DZ hex removes the DZ at the start of the next German player turn (afterStage.ts);
 *  - when the removed DZ was the primary one, the division is in on-hand supply (OhS) for the rest of
 *    that game day (`primaryLost`);
 *  - in the next Command Phase the Allied player selects another DZ of that division, which becomes its
 *    primary DZ at once (`dzPrimary`). The Command Phase is not modelled yet: the choice is the first
 *    decision of the next AM GT, before any player segment (reconstructed, docs/errata.md); with a single
 *    DZ left it is made for him, with none the division keeps no primary DZ.
 */
import type { Draft } from 'immer';
import { formatHex } from '../../hex';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle } from '../../types';
import type { RuleContext } from '../registry';
import { decisionHandlers, defineProcedure, pushFrame, requireListed, runProcedures, type Run } from '../../procedures/stack';
import type { DzPrimaryFrame } from '../../procedures/frames';
import { gameTime } from '../../sequence';
import { M, addMarker, has } from '../combatTraits';
import { airborneDraft, airborneState, type DzKey } from './state';
import { mutUnit, unitIds, unitOf } from '../../unitTable';

/** The AW 15.0 sub-record of the airborne state. */
export interface DzSupplyState {
  /** Division → its primary DZ when it is no longer the display's main one (null: none chosen yet or none left). */
  primary?: Record<string, DzKey | null>;
  /** Division → the date of the game day it is in on-hand supply for (its primary DZ was removed). */
  onHand?: Record<string, string>;
  /** Divisions that select a new primary DZ in the next Command Phase. */
  due?: string[];
}

const sup = (s: GameState) => airborneState(s) as unknown as DzSupplyState;
const supDraft = (d: Draft<GameState>) => airborneDraft(d) as unknown as Draft<DzSupplyState>;

/** AW 15.0: the division's primary DZ now (on the map), or null. */
export function primaryDz(s: GameState, division: string): DzKey | null {
  const a = airborneState(s);
  const chosen = sup(s).primary?.[division];
  const key = chosen !== undefined ? chosen : Object.values(a.dzs).find((z) => z.division === division && z.main)?.key ?? null;
  const z = key ? a.dzs[key] : undefined;
  return z && z.hex !== null && !z.removed ? z.key : null;
}

/** AW 15.0: is the division in on-hand supply for the game day now (its primary DZ lost today)? */
export function divisionOnHand(s: GameState, bundle: ScenarioBundle, division: string): boolean {
  const day = sup(s).onHand?.[division];
  return day !== undefined && day === gameTime(bundle.scenario, bundle.sequence, s.pos.turn).date;
}

/** The division a unit belongs to: its formation, or for a FoW counter its container's DZ's. */
export function divisionOfUnit(s: GameState, bundle: ScenarioBundle, unitId: string): string | undefined {
  const a = airborneState(s);
  const f = a.fow[unitId];
  if (f) return a.dzs[f.pool]?.division ?? f.pool.split('-')[0];
  return (bundle.units.get(unitId) as { formation?: string } | undefined)?.formation;
}

/** The DZs of the division still on the map, by key. */
export function divisionDzs(s: GameState, division: string): DzKey[] {
  return Object.values(airborneState(s).dzs).filter((z) => z.division === division && z.hex !== null && !z.removed).map((z) => z.key).sort();
}

/**
 * AW 15.0: the DZ `key` was removed. When it was its division's primary DZ the division's units on the
 * map go on-hand (OhS) for the rest of the game day and a new primary DZ is due at the next Command Phase.
 * Call before marking the DZ removed.
 */
export function primaryLost(d: Draft<GameState>, ctx: RuleContext, key: DzKey): GameEvent[] {
  const s = d as GameState;
  const z = airborneState(s).dzs[key];
  if (!z || primaryDz(s, z.division) !== key) return [];
  const rec = supDraft(d);
  (rec.primary ??= {})[z.division] = null;
  (rec.onHand ??= {})[z.division] = gameTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn).date;
  if (!(rec.due ??= []).includes(z.division)) rec.due.push(z.division);
  const events: GameEvent[] = [{ type: 'dzPrimaryLost', dz: key, division: z.division, case: 'AW 15.0' }];
  for (const id of [...unitIds(d)].sort()) {
    const u = unitOf(d, id);
    if (u.side !== 'allied' || u.eliminated || u.hex === null) continue;
    if (divisionOfUnit(s, ctx.bundle, u.id) !== z.division) continue;
    if (has(u, M.OHS) || has(u, M.OOS)) continue;
    addMarker(mutUnit(d, id), M.OHS);
    events.push({ type: 'supplyChanged', unit: u.id, to: 'OhS', case: 'AW 15.0' });
  }
  return events;
}

/** AW 15.0: the game day ends: the on-hand status of a division that lost its primary DZ ends with it. */
export function onHandEnds(d: Draft<GameState>, date: string): void {
  const rec = supDraft(d);
  if (!rec.onHand) return;
  for (const [div, day] of Object.entries(rec.onHand)) if (day <= date) delete rec.onHand[div];
}

function choose(d: Draft<GameState>, division: string, key: DzKey | null, how: string): GameEvent {
  const rec = supDraft(d);
  (rec.primary ??= {})[division] = key;
  rec.due = (rec.due ?? []).filter((x) => x !== division);
  const z = key ? airborneState(d as GameState).dzs[key] : null;
  return { type: 'dzPrimaryChosen', division, dz: key, hex: z?.hex != null ? formatHex(z.hex) : null, how, case: 'AW 15.0' };
}

export const dzPrimaryProcedure = defineProcedure({
  name: 'dzPrimary',
  step(f, run) {
    const d = run.d;
    while (f.queue.length) {
      const division = f.queue[0];
      const left = divisionDzs(d as GameState, division);
      if (left.length > 1) {
        if (f.chosen === undefined) return { wait: { side: 'allied', kind: 'dzPrimary', prompt: `Select the new primary DZ of the ${division} (${left.join(', ')})`, case: 'AW 15.0' } };
        run.events.push(choose(d, division, f.chosen as DzKey, 'selected'));
      } else {
        run.events.push(choose(d, division, left[0] ?? null, left.length ? 'the only DZ left' : 'no DZ left'));
      }
      delete f.chosen;
      f.queue.shift();
    }
    return { end: null };
  },
  decisions: {
    dzPrimary: {
      case: 'AW 15.0',
      what: 'new primary DZ',
      legal(f, state) {
        const division = f.queue[0];
        return division ? divisionDzs(state, division).map((dz): Action => ({ type: 'dzPrimary', dz })) : [];
      },
      apply(f, action, run) {
        const a = action as ActionOf<'dzPrimary'>;
        requireListed(this.legal(f as DzPrimaryFrame, run.d as GameState, run.ctx.bundle), a, 'new primary DZ', 'AW 15.0');
        f.chosen = a.dz;
      },
    },
  },
});

/**
 * AW 15.0 "in the next Command Phase": at the start of an AM GT (the Command Phase is in the AM GT,
 * AW 3.3.3), each division whose primary DZ was removed selects a new one.
 */
export function commandPhasePrimary(d: Draft<GameState>, ctx: RuleContext, time: string): GameEvent[] {
  const due = sup(d as GameState).due ?? [];
  if (!due.length || time !== ctx.bundle.sequence.timesOfDay[0]) return [];
  const run: Run = { d, ctx, events: [] };
  pushFrame(d, { proc: 'dzPrimary', queue: [...due].sort() });
  runProcedures(run);
  return run.events;
}

export const dzSupplyHandlers = decisionHandlers(dzPrimaryProcedure);
