/**
 * AW 41.2.3a–41.2.3b and 41.4.2: landing one unit on its DZ — unit scatter (1d10 + the DZ's status
 * DRMs, read under its status; gliders −3), the Scatter Diagram ring for S1–S6, the landing terrain
 * roll, the ES entry roll, and a landing among German units (defensive PR checks, then a forced attack).
 * Shared by the drop (drop.ts) and the glider landing (glider.ts).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, UnitState } from '../../types';
import type { RuleContext } from '../registry';
import { formatHex, type HexId } from '../../hex';
import { terrainOf } from '../../board';
import { boxRegistry, placeUnit } from '../locations';
import { isArtillery } from '../unit-traits';
import { effectivePr } from '../combatPr';
import { extendedScatterEntry, landing, ringOf, scatterHex, unitScatter, type ScatterResult } from './scatter';
import { airborneData, airborneDraft, markAttacked, type DzKey } from './state';
import { airborneRetreat, forcedAttack, germansIn } from './combatBridge';
import { FOW_RATINGS } from './fow';
import { hasUnit, mutUnit, patchUnit, putUnit, unitList, unitOf, type UnitTable } from '../../unitTable';

export interface LandOpts {
  unit: string;
  dz: DzKey;
  /** A FoW counter (placeholder): may go to the ES track. */
  fow: boolean;
  /** AW 41.4.2: −3 to scatter, the glider terrain column, no ES, AT/artillery lost to a German who holds. */
  glider: boolean;
  /** AW 41.2.3: a leader attached before the scatter roll shares the unit's fate. */
  leader?: string;
}

function ensureUnit(d: Draft<GameState>, id: string): UnitState {
  if (!hasUnit(d, id)) putUnit(d, { id, side: 'allied', hex: null, stepsLost: 0, mpSpent: 0, markers: [] });
  return mutUnit(d, id);
}

/** Eliminates a landing unit (and its leader); a FoW counter stays unrevealed (AW 41.2.3 note). */
export function eliminateLanded(d: Draft<GameState>, id: string, why: string, c: string): GameEvent[] {
  const a = airborneDraft(d);
  const u = ensureUnit(d, id);
  u.hex = null;
  delete u.box;
  u.eliminated = true;
  if (a.fow[id]) {
    a.fow[id].eliminated = true;
    const log = (a.log ??= {});
    log.fowLost = (log.fowLost ?? 0) + 1;
  }
  return [{ type: 'unitEliminated', unit: id, why, case: c }];
}

/** Lands one unit: scatter, terrain, ES, then German contact. */
export function landUnit(d: Draft<GameState>, ctx: RuleContext, o: LandOpts): GameEvent[] {
  const { tables } = airborneData(ctx.bundle);
  const a = airborneDraft(d);
  const z = a.dzs[o.dz];
  const events: GameEvent[] = [];
  const unit = ensureUnit(d, o.unit);
  const leader = o.leader ? ensureUnit(d, o.leader) : null;
  const who = o.fow ? 'a FoW counter' : o.unit;
  const fate = (loc: 'eliminated' | { hex: HexId } | { box: number }, why: string, c: string) => {
    for (const u of leader ? [unit, leader] : [unit]) {
      if (loc === 'eliminated') events.push(...eliminateLanded(d, u.id, why, c));
      else if ('hex' in loc) placeUnit(u as UnitState, loc.hex);
      else placeUnit(u as UnitState, loc.box);
    }
  };
  const roll = ctx.dice.d10(`${o.glider ? 'AW 41.4.2' : 'AW 41.2.3a'} Unit Scatter Table, ${who} on DZ ${o.dz}`);
  const scat = unitScatter(tables, z.status!, roll, z.drm ?? 0, o.glider);
  const modified = scat.modified;
  let result = scat.result;
  // AW 41.4.2: gliders ignore ES: read as the longest scatter, S6 (reconstructed, docs/errata.md).
  if (o.glider && result === 'ES') result = 'S6';
  events.push({ type: 'unitScatter', unit: o.unit, fow: o.fow, dz: o.dz, roll, modified, result, leader: o.leader ?? null, case: o.glider ? 'AW 41.4.2' : 'AW 41.2.3a' });
  const toEs = (c: string): void => {
    if (!o.fow) { fate('eliminated', 'no FoW side: a unit without one cannot go to the ES track', c); return; }
    const r = ctx.dice.d10(`AW 41.2.3a ES entry, ${who} from DZ ${o.dz}`);
    const e = extendedScatterEntry(tables, r);
    if (e === 'eliminated') { fate('eliminated', `ES entry roll ${r}`, 'AW 41.2.3a'); return; }
    const box = boxRegistry(ctx.bundle).byId.get(`es-${e.box}`);
    if (!box) throw new Error('the scenario lists no ES track (data/boxes/airborne-es-track.json)');
    fate({ box: box.loc }, '', c);
    events.push({ type: 'extendedScatter', unit: o.unit, box: `es-${e.box}`, roll: r, case: 'AW 41.2.3a' });
  };
  if (result === 'ES') { toEs('AW 41.2.3a'); return events; }
  let hex = z.hex!;
  const ring = ringOf(result as ScatterResult);
  if (ring > 0) {
    const s = scatterHex(tables, z.hex!, ring, ctx.dice.d100(`AW 41.1.2 Scatter Diagram ring ${ring}, ${who} from DZ ${o.dz}`));
    if (s.hex < 0 || terrainOf(ctx.bundle.board, s.hex) === null) {
      // Off the map: lost (reconstructed, docs/errata.md).
      fate('eliminated', `scattered off the map (${result})`, 'AW 41.2.3a');
      return events;
    }
    hex = s.hex;
  }
  const terrain = terrainOf(ctx.bundle.board, hex) ?? 'clear';
  const kind = o.glider ? 'glider' : 'para';
  const row = tables.landingTerrain.rows.find((x) => x.terrain.includes(terrain as never));
  if (row) {
    // An all-water hex eliminates without a roll; the other terrains roll 1d10 (AW 41.2.3a, 41.4.2).
    const sure = row[kind].some((x) => x.from === 0 && x.to === 9);
    const tr = sure ? 0 : ctx.dice.d10(`AW 41.2.3a landing terrain (${terrain}), ${who} in ${formatHex(hex)}`);
    const out = landing(tables, terrain, tr, kind, o.fow);
    events.push({ type: 'landingTerrain', unit: o.unit, hex: formatHex(hex), terrain, roll: sure ? null : tr, result: out, case: o.glider ? 'AW 41.4.2' : 'AW 41.2.3a' });
    if (out === 'eliminated') { fate('eliminated', `landing in ${terrain}`, o.glider ? 'AW 41.4.2' : 'AW 41.2.3a'); return events; }
    if (out === 'extendedScatter') { toEs('AW 41.2.3a'); return events; }
  }
  fate({ hex }, '', '');
  if (o.fow && hex === z.hex) a.fow[o.unit].landedOn = hex;
  events.push({ type: 'unitLanded', unit: o.unit, fow: o.fow, hex: formatHex(hex), dz: o.dz, leader: o.leader ?? null, case: o.glider ? 'AW 41.4.2' : 'AW 41.2.3' });
  if (germansIn(d.units as UnitTable, hex).length) events.push(...enemyHex(d, ctx, hex, o));
  return events;
}

/**
 * AW 41.2.3b: each German unit in the hex but a WN/StP makes a defensive PR check (pass: roll < PR,
 * GOSS 4.4.1); a failure retreats (AW 41.2.3d) — non-SP in-battery artillery is eliminated instead.
 * If Germans remain the landing unit must attack them all (FoW: attack 1, PR 6). AW 41.4.2: if a
 * German holds, the Allied artillery and AT units that landed there are eliminated first.
 */
function enemyHex(d: Draft<GameState>, ctx: RuleContext, hex: HexId, o: LandOpts): GameEvent[] {
  const events: GameEvent[] = [];
  const c = o.glider ? 'AW 41.4.2, 41.2.3b' : 'AW 41.2.3b';
  let held = false;
  const landedOn = germansIn(d.units as UnitTable, hex).sort((x, y) => x.id.localeCompare(y.id));
  // AW 41.6.1: a German unit landed on is "attacked in any manner" (its PR check, a retreat): it is activated.
  markAttacked(d, landedOn.map((g) => g.id));
  for (const g of landedOn) {
    const def = ctx.bundle.units.get(g.id)!;
    if (def.fortification) { held = true; continue; }
    const pr = effectivePr(d as GameState, ctx.bundle, g.id, 'def').pr;
    const roll = ctx.dice.d10(`AW 41.2.3b defensive PR check of ${g.id} against a landing in ${formatHex(hex)}`);
    const pass = pr !== null && roll < pr;
    events.push({ type: 'prCheck', unit: g.id, pr, roll, pass, why: pass ? 'holds the hex' : 'must retreat', case: c });
    if (pass) { held = true; continue; }
    if (isArtillery(def) && !def.sp) {
      patchUnit(d, g, { hex: null, eliminated: true });
      events.push({ type: 'unitEliminated', unit: g.id, why: 'non-SP in-battery artillery forced to retreat', case: 'AW 41.2.3b' });
    } else events.push(...airborneRetreat(d, ctx, g.id, 'failed its PR check against a landing'));
  }
  const attackers = [o.unit];
  if (o.glider && held) {
    for (const u of unitList(d).filter((x) => x.hex === hex && x.side === 'allied' && !x.eliminated)) {
      const def = ctx.bundle.units.get(u.id);
      if (def && (def.type === 'AT' || isArtillery(def))) events.push(...eliminateLanded(d, u.id, 'landed among Germans who held', 'AW 41.4.2'));
    }
  }
  if (!germansIn(d.units as UnitTable, hex).length) return events;
  if (unitOf(d, o.unit).eliminated) return events;
  events.push(...forcedAttack(d, ctx, hex, attackers, o.fow));
  return events;
}

export { FOW_RATINGS };
