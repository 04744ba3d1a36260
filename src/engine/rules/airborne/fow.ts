/**
 * AW 41.2.2–41.2.3, 41.3.5: Fog of War counters and the container (docs/engine.md "Random hidden
 * draws"). A FoW counter on the map is a placeholder unit (data/units/airborne-fow.json) that knows
 * only its DZ container; its identity is drawn, uniformly with the game's dice, from that container
 * as it is when a rule reveals it. Nothing may depend on a FoW counter's identity before then: the
 * rules read the FoW ratings below.
 */
import type { Draft } from 'immer';
import type { Dice } from '../../rng';
import type { GameEvent, GameState, UnitState } from '../../types';
import type { RuleContext } from '../registry';
import { formatHex } from '../../hex';
import { airborneDraft, airborneState, type DzKey, type FowPool } from './state';
import { dropUnit, putUnit, unitOf } from '../../unitTable';

/** AW 41.2.3b, 41.3.3, 41.12: what a FoW counter is worth whoever it is. `attack` is 1 only in a forced attack (41.2.3b). */
export const FOW_RATINGS = { attack: 0, forcedAttack: 1, defence: 1, pr: 6, ma: 3, steps: 1 } as const;

/** Is the unit a FoW counter (a placeholder not yet revealed)? */
export function isFow(state: GameState, unitId: string): boolean {
  return airborneState(state).fow[unitId] !== undefined;
}

/**
 * A uniform draw of one of `n` items with the game's dice: a 2d10 percentile, rolled again while it
 * falls in the top remainder (100 mod n), so each item has exactly 1/n (AW 41.2.3 "randomly select").
 */
export function uniformIndex(dice: Dice, n: number, purpose: string): number {
  if (n <= 0) throw new Error('a draw from an empty container');
  if (n === 1) return 0;
  if (n > 100) throw new Error(`a container of ${n} is larger than one percentile roll can draw from`);
  const limit = 100 - (100 % n);
  for (;;) {
    const v = dice.d100(purpose);
    if (v < limit) return v % n;
  }
}

/** Fills a DZ's container (AW 41.2.2): the para Coys and the dummies added; sorted, so its order carries nothing. */
export function fillPool(draft: Draft<GameState>, dz: DzKey, coys: string[], dummies: string[]): FowPool {
  const a = airborneDraft(draft);
  const ids = [...coys, ...dummies].sort();
  a.pools[dz] = { ids, dummies: dummies.length, landed: 0, size: ids.length };
  return a.pools[dz];
}

/**
 * Lands the next FoW counter of a DZ's container (AW 41.2.3): a fresh placeholder of the division's
 * nationality, with no identity, recorded as drawn from that container. Returns its id.
 */
export function nextPlaceholder(draft: Draft<GameState>, prefix: string, dz: DzKey, units: ReadonlyMap<string, unknown>): string {
  const a = airborneDraft(draft);
  for (let i = 1; ; i++) {
    const id = `${prefix}-${i}`;
    if (!units.has(id)) throw new Error(`no FoW counter ${id} left in the counter mix (data/units/airborne-fow.json)`);
    if (unitOf(draft, id)) continue;
    putUnit(draft, { id, side: 'allied', hex: null, stepsLost: 0, mpSpent: 0, markers: [] });
    a.fow[id] = { pool: dz };
    a.pools[dz].landed += 1;
    return id;
  }
}

export interface RevealReason { case: string; why: string }

/**
 * Reveals a FoW counter (AW 41.3.5 regroup, 41.3.7b bridge blown by a FoW unit, 41.2.3 the eliminated
 * ones once all have regrouped): draws its identity uniformly from its container as it is now, with
 * the game's dice (a barrier, like any roll), removes it from the container, puts the real Coy where
 * the placeholder was (an eliminated placeholder's Coy is eliminated), or removes a dummy; the
 * placeholder leaves the game. Returns the revealed Coy id or null for a dummy, with the events.
 */
export function revealFow(draft: Draft<GameState>, ctx: RuleContext, placeholder: string, reason: RevealReason): { unit: string | null; events: GameEvent[] } {
  const a = airborneDraft(draft);
  const rec = a.fow[placeholder];
  if (!rec) throw new Error(`${placeholder} is not a FoW counter`);
  const pool = a.pools[rec.pool];
  const i = uniformIndex(ctx.dice, pool.ids.length, `${reason.case} identity of a FoW counter of DZ ${rec.pool} (${pool.ids.length} in its container)`);
  const drawn = pool.ids[i];
  pool.ids.splice(i, 1);
  const ph = unitOf(draft, placeholder);
  const where = ph?.hex ?? null;
  const box = ph?.box;
  const eliminated = !!rec.eliminated || !!ph?.eliminated;
  const dummy = !!ctx.bundle.units.get(drawn)?.dummy;
  delete a.fow[placeholder];
  dropUnit(draft, placeholder);
  (a.revealed ??= {})[placeholder] = dummy ? 'dummy' : drawn;
  const events: GameEvent[] = [];
  if (!dummy) {
    const u: UnitState = { id: drawn, side: 'allied', hex: eliminated ? null : where, stepsLost: 0, mpSpent: ph?.mpSpent ?? 0, markers: [] };
    if (eliminated) u.eliminated = true;
    else if (box !== undefined) u.box = box;
    putUnit(draft, u);
  }
  events.push({
    type: 'fowRevealed', placeholder, unit: dummy ? null : drawn, dummy, pool: rec.pool,
    hex: where !== null ? formatHex(where) : null, eliminated, why: reason.why, case: reason.case,
  });
  return { unit: dummy ? null : drawn, events };
}

/** The containers' public composition (what either player may know): per DZ, the ids left and how many counters are still unrevealed. */
export function poolsView(state: GameState): Record<DzKey, { ids: string[]; dummies: number; unrevealed: number }> {
  const a = airborneState(state);
  const out: Record<DzKey, { ids: string[]; dummies: number; unrevealed: number }> = {};
  for (const [k, p] of Object.entries(a.pools)) out[k] = { ids: [...p.ids], dummies: p.dummies, unrevealed: Object.values(a.fow).filter((f) => f.pool === k).length };
  return out;
}
