/**
 * Ammunition depletion of artillery in the scenarios that use it (the FS rules call these):
 *   - AW 33.5.2a (Epsom): each German artillery unit (with the heavy AA Coys, which "may conduct FS
 *     missions" under the same case) fires one FS mission per GT and then carries the scenario's
 *     "Ammo Depleted" marker; artilleryOncePerGt.ts (the `firesOncePerGt` extension point) names the units and removes the markers at the end of the GT.
 *   - AW 34.5.3 (Cherbourg): GOSS 11.8.0 applies. After each mission with artillery points, one 1d10
 *     + 1 per volley after the first is compared with the firing side's ADV (34.5.3a-b, and 1.2.6d for
 *     Landefront units through the landefront module's ADV step, `advOf`); each point above it depletes one firing artillery
 *     unit, in the order the firer listed them (`deplete`, else the `artillery` order: the owner's
 *     choice made with the mission). ADV 0 and OhS firers always deplete (GOSS 11.8.0). A depleted unit
 *     contributes no mission points (AW 31.9.0: "ammo depletion DRs only affect artillery mission point
 *     availability", so no CS 1 defence). Ignored per 34.5.3: ammo points, split fire, the NW / Flak
 *     AD rules (no +1 per NW volley) and ADV modification.
 *   - GOSS 16.3.7 replenishment without AmP (34.5.3 ignores ammo points): in each side's Ammo
 *     Replenishment Segment (AW 31.2.3a) 1d10 per depleted unit of the phasing side; cleared on DR ≤ ADV.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { phasingSide, turnTime } from '../sequence';
import { special } from './scenarioArea';
import { M, addMarker, defOf, dropMarker, has, isArtillery } from './combatTraits';
import { readUnits } from './unitIndex';
import { advFold, oncePerGt } from './extensions';
import { atOrAfter } from './weather';
import { mutUnit, unitOf } from '../unitTable';

/** The marker a depleted artillery unit carries (GOSS 11.8.0, AW 34.5.3). */
const AMMO_DEPLETED = 'Ammo Depleted';

/** Does a scenario module limit this unit to one FS mission per GT (AW 33.5.2a: German artillery, NW, heavy AA)? */
export function firesOncePerGtByMarker(bundle: ScenarioBundle, unitId: string): boolean {
  return oncePerGt(bundle, unitId) !== null;
}

/** AW 34.5.3: the side's ammo depletion value now (special.ammoDepletion by date), after the scenario modules' ADV steps (AW 1.2.6d Landefront). */
export function advOf(state: GameState, bundle: ScenarioBundle, side: Side, unitId?: string): number | null {
  const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const base = (special(bundle).ammoDepletion ?? []).filter((a) => a.side === side && atOrAfter(t, a.from)).at(-1)?.adv ?? null;
  return advFold(state, bundle, side, unitId, base);
}

/** Does the scenario run GOSS 11.8.0 ammunition depletion checks (AW 34.5.3: ADV data)? */
function usesAdChecks(bundle: ScenarioBundle): boolean {
  return !!special(bundle).ammoDepletion?.length;
}

/** Null when the unit has ammunition to fire now; else why not (AW 33.5.2a, AW 34.5.3 / GOSS 11.8.0). */
export function depletionBlock(state: GameState, bundle: ScenarioBundle, unitId: string): Rejection | null {
  const u = unitOf(state, unitId);
  if (!u) return null;
  const name = bundle.units.get(unitId)?.designation ?? unitId;
  const once = oncePerGt(bundle, unitId);
  if (once && u.markers.includes(once.marker)) return { code: 'ammo-depleted', message: `${name} has fired its one FS mission this GT (${once.marker} until the end of the GT)`, case: once.case };
  if (!u.markers.includes(AMMO_DEPLETED)) return null;
  return { code: 'ammo-depleted', message: `${name} is ammo depleted and contributes no mission points until it is replenished`, case: 'GOSS 11.8.0, AW 34.5.3' };
}

/** Applies the depletion a mission causes: the Epsom marker on each German firer, or the Cherbourg AD check. */
export function afterMission(d: Draft<GameState>, ctx: RuleContext, firers: string[], volleys: number, order?: string[]): GameEvent[] {
  const { bundle } = ctx;
  const m = AMMO_DEPLETED;
  const events: GameEvent[] = [];
  const marked: string[] = [];
  const art: string[] = [];
  let onceCase = '';
  for (const id of firers) {
    const once = oncePerGt(bundle, id);
    if (once) { addMarker(mutUnit(d, id), once.marker); marked.push(id); onceCase = once.case; }
    else if (isArtillery(defOf(bundle, id))) art.push(id);
  }
  if (marked.length) events.push({ type: 'ammoDepleted', units: marked, why: 'fired its one FS mission of the GT', case: onceCase });
  if (!usesAdChecks(bundle) || !art.length) return events;
  const side = unitOf(d, art[0]).side;
  // interpretation: with firers under different ADVs (Landefront and not), the lowest governs the one roll.
  const adv = Math.min(...art.map((id) => advOf(d as GameState, bundle, side, id) ?? 0));
  const drm = volleys - 1;
  const roll = ctx.dice.d10(`ammo depletion check (GOSS 11.8.0, ADV ${adv})`);
  const listed = order ?? [];
  const prio = [...listed.filter((id) => art.includes(id)), ...art.filter((id) => !listed.includes(id))];
  const always = art.filter((id) => { const u = unitOf(d, id) as UnitState; return adv === 0 || has(u, M.OHS) || has(u, M.OOS); });
  const excess = Math.max(0, roll + drm - adv);
  const depleted = [...new Set([...always, ...prio.slice(0, excess)])];
  for (const id of depleted) addMarker(mutUnit(d, id), m);
  events.push({ type: 'ammoDepletionCheck', roll, drm, adv, excess, depleted, case: 'GOSS 11.8.0, AW 34.5.3' });
  return events;
}

/** GOSS 16.3.7 (34.5.3: no ammo points): each depleted artillery unit of the phasing side recovers on 1d10 ≤ ADV. */
function replenish(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { bundle } = ctx;
  if (!usesAdChecks(bundle)) return [];
  const side = phasingSide(bundle.scenario, d.pos);
  const m = AMMO_DEPLETED;
  const events: GameEvent[] = [];
  for (const u of readUnits(d.units as GameState['units']).filter((x) => x.side === side && x.hex !== null && !x.eliminated && x.markers.includes(m)).sort((a, b) => a.id.localeCompare(b.id))) {
    const adv = advOf(d as GameState, bundle, side, u.id) ?? 0;
    const roll = ctx.dice.d10(`ammo replenishment ${u.id} (GOSS 16.3.7, ADV ${adv})`);
    const ok = roll <= adv;
    if (ok) dropMarker(mutUnit(d, u.id), m);
    events.push({ type: 'ammoReplenished', unit: u.id, roll, adv, replenished: ok, case: 'GOSS 16.3.7, AW 34.5.3' });
  }
  return events;
}

export const ammoDepletionRules: RuleModule = {
  name: 'ammoDepletion',
  hooks: [{ segment: 'ammo', onEnter: replenish }],
};
