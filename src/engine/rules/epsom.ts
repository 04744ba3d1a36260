/**
 * Operation Epsom special rules (AW 33, scenario.special.epsom):
 *   - 33.6.1 bridging: `{type:'placeBridge', hex}` by the Allied player in the Construction Segment of a
 *     GT in which an Allied unit is south of the Odon: one marker per GT, three in all, into an
 *     Allied-occupied hex south of the Odon; the marker bridges that hex's Odon hexsides (supply, 33.9.1).
 *   - 33.7.1 / 33.7.2 queries for movement and combat: `epsomActCheck(state, bundle, unit, act)` says
 *     whether a unit may move / observe / fire / assault now (VIII Corps inactive until June 26 AM;
 *     only Germans west of the 49th Div boundary, and 12th SS Pz Coys, may move or assault).
 *   - 33.5.2a: German artillery units that fired carry "Ammo Depleted" until the end of the GT (the
 *     marker is removed here at the end of every GT; `germanArtilleryMayFire` for the FS rules).
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import { segmentAt, turnTime, phasingSide } from '../sequence';
import { hexSet, special } from './scenarioArea';

const CASE_BRIDGE = 'AW 33.6.1';
export interface EpsomState { bridges?: number[]; bridgeTurns?: number[] }
type WithEpsom = { special?: { epsom?: EpsomState } };
const ep = (s: GameState) => (s as GameState & WithEpsom).special?.epsom ?? {};

const before = (a: { date: string; time: string }, b: { date: string; time: string }) => {
  const order = { AM: 0, PM: 1, Night: 2 } as Record<string, number>;
  return a.date < b.date || (a.date === b.date && order[a.time] < order[b.time]);
};

/** AW 33.7.1-33.7.2: null when `unit` may do `act` ('move' | 'construction' | 'observe' | 'fireSupport' | 'offensiveGa') now. */
export function epsomActCheck(state: GameState, bundle: ScenarioBundle, unitId: string, act: string): Rejection | null {
  const e = special(bundle).epsom;
  if (!e) return null;
  const u = state.units[unitId];
  const def = bundle.units.get(unitId);
  if (!u || !def || u.hex === null) return null;
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  if (u.side === e.inactive.side && e.inactive.forbids.includes(act) && before(now, e.inactive.until)) {
    const corps = special(bundle).corps?.find((c) => c.id === e.inactive.corps);
    if (corps && (corps.formations.includes(def.formation ?? '') || corps.units.includes(unitId))) {
      return { code: 'inactive', message: `${unitId} (VIII Corps) is inactive until ${e.inactive.until.date} ${e.inactive.until.time}`, case: 'AW 33.7.1' };
    }
  }
  if (u.side === 'german' && e.germanMayAct.allows.includes(act)) {
    const ex = e.germanMayAct.exempt;
    const exempt = ex.formations.includes(def.formation ?? '') && ex.types.includes(def.type) && ex.sizes.includes(def.size);
    if (!exempt && !hexSet(bundle, e.germanMayAct.west).has(u.hex)) {
      return { code: 'restricted', message: `${unitId} is east of the 49th Div boundary: only German units west of it (and 12th SS Pz Coys) may ${act === 'move' ? 'move' : 'make offensive GAs'}`, case: 'AW 33.7.2' };
    }
  }
  return null;
}

/** AW 33.5.2a: a German artillery unit fires once per GT. */
export function germanArtilleryMayFire(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  const e = special(bundle).epsom;
  return !e || !state.units[unitId]?.markers.includes(e.germanArtillery.marker);
}

/** AW 33.6.1: hexes where the Allied player may place a bridge marker now. */
export function bridgeHexes(state: GameState, bundle: ScenarioBundle): HexId[] {
  const e = special(bundle).epsom;
  if (!e) return [];
  const s = ep(state);
  if ((s.bridges ?? []).length >= e.bridging.max || (s.bridgeTurns ?? []).includes(state.pos.turn)) return [];
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'construction' || phasingSide(bundle.scenario, state.pos) !== e.bridging.side) return [];
  const south = hexSet(bundle, e.odon.south);
  const occ = new Set(Object.values(state.units).filter((u) => u.side === e.bridging.side && u.hex !== null && !u.eliminated && south.has(u.hex)).map((u) => u.hex!));
  return [...occ].filter((h) => !(s.bridges ?? []).includes(h)).sort((a, b) => a - b);
}

function endOfGt(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const e = special(ctx.bundle).epsom;
  if (!e) return [];
  let n = 0;
  for (const u of Object.values(d.units)) if (u.markers.includes(e.germanArtillery.marker)) { u.markers = u.markers.filter((m) => m !== e.germanArtillery.marker); n++; }
  return n ? [{ type: 'markersRemoved', marker: e.germanArtillery.marker, count: n, case: 'AW 33.5.2a' }] : [];
}

export const epsomRules: RuleModule = {
  name: 'epsom',
  // AW 33.5.2a: the markers come off at the end of the GT.
  on: { turnEnd: endOfGt },
  handlers: [{
    type: 'placeBridge',
    apply(d, action: Action, ctx) {
      const e = special(ctx.bundle).epsom;
      if (!e) reject('not-in-scenario', 'this scenario has no AW 33.6.1 bridging', CASE_BRIDGE);
      const r = tryParseHexRef(String((action as { hex?: unknown }).hex));
      if ('error' in r) reject('bad-hex', r.error);
      const h = (r as { hex: HexId }).hex;
      if (ctx.side !== e!.bridging.side) reject('not-your-turn', 'only the Allied player places Odon bridges', CASE_BRIDGE);
      if (!bridgeHexes(d as GameState, ctx.bundle).includes(h)) reject('no-bridge', `no bridge may be placed in ${formatHex(h)} now: one per GT, three in all, in the Construction Segment, into an Allied-occupied hex south of the Odon`, CASE_BRIDGE);
      const s = d as Draft<GameState> & WithEpsom;
      if (!s.special) s.special = {};
      const st = (s.special.epsom ??= {});
      st.bridges = [...(st.bridges ?? []), h];
      st.bridgeTurns = [...(st.bridgeTurns ?? []), d.pos.turn];
      return [{ type: 'bridgePlaced', hex: formatHex(h), count: st.bridges.length, case: CASE_BRIDGE }];
    },
    legal(state, side, bundle) {
      const e = special(bundle).epsom;
      if (!e || side !== e.bridging.side) return [];
      return bridgeHexes(state, bundle).map((h) => ({ type: 'placeBridge', hex: formatHex(h) }));
    },
  }],
};
