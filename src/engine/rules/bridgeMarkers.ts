/**
 * AW 33.6.1 bridging (scenario.special.epsom.bridging / odon): `{type:'placeBridge', hex}` by the
 * Allied player in the Construction Segment of a GT in which an Allied unit is south of the river:
 * one marker per GT, three in all, into an Allied-occupied hex south of it; the marker bridges that
 * hex's river hexsides (supply, AW 33.9.1: scenarioSupply.ts reads `state.special.epsom.bridges`).
 */
import type { Draft } from 'immer';
import type { Action, GameState, ScenarioBundle } from '../types';
import { reject, type RuleModule } from './registry';
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import { segmentAt, phasingSide } from '../sequence';
import { hexSet, special } from './scenarioArea';
import { moduleOn, type Extension } from './extensions';

const NAME = 'bridgeMarkers';
const CASE_BRIDGE = 'AW 33.6.1';
export interface BridgeState { bridges?: number[]; bridgeTurns?: number[] }
type WithEpsom = { special?: { epsom?: BridgeState } };
const ep = (s: GameState) => (s as GameState & WithEpsom).special?.epsom ?? {};

export const bridgeMarkers: Extension = { name: NAME, cases: CASE_BRIDGE, needs: ['epsom'] };

/** AW 33.6.1: hexes where the Allied player may place a bridge marker now. */
export function bridgeHexes(state: GameState, bundle: ScenarioBundle): HexId[] {
  const e = special(bundle).epsom;
  if (!e || !moduleOn(bundle, NAME)) return [];
  const s = ep(state);
  if ((s.bridges ?? []).length >= e.bridging.max || (s.bridgeTurns ?? []).includes(state.pos.turn)) return [];
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'construction' || phasingSide(bundle.scenario, state.pos) !== e.bridging.side) return [];
  const south = hexSet(bundle, e.odon.south);
  const occ = new Set(Object.values(state.units).filter((u) => u.side === e.bridging.side && u.hex !== null && !u.eliminated && south.has(u.hex)).map((u) => u.hex!));
  return [...occ].filter((h) => !(s.bridges ?? []).includes(h)).sort((a, b) => a - b);
}

export const bridgeMarkerRules: RuleModule = {
  name: NAME,
  handlers: [{
    type: 'placeBridge',
    apply(d, action: Action, ctx) {
      const e = special(ctx.bundle).epsom;
      if (!e || !moduleOn(ctx.bundle, NAME)) reject('not-in-scenario', 'this scenario has no AW 33.6.1 bridging', CASE_BRIDGE);
      const r = tryParseHexRef(String((action as { hex?: unknown }).hex));
      if ('error' in r) reject('bad-hex', r.error);
      const h = (r as { hex: HexId }).hex;
      if (ctx.side !== e!.bridging.side) reject('not-your-turn', `only the ${e!.bridging.side === 'allied' ? 'Allied' : 'German'} player places ${e!.bridging.river} bridges`, CASE_BRIDGE);
      if (!bridgeHexes(d as GameState, ctx.bundle).includes(h)) reject('no-bridge', `no bridge may be placed in ${formatHex(h)} now: one per GT, three in all, in the Construction Segment, into an Allied-occupied hex south of the ${e!.bridging.river}`, CASE_BRIDGE);
      const s = d as Draft<GameState> & WithEpsom;
      if (!s.special) s.special = {};
      const st = (s.special.epsom ??= {});
      st.bridges = [...(st.bridges ?? []), h];
      st.bridgeTurns = [...(st.bridgeTurns ?? []), d.pos.turn];
      return [{ type: 'bridgePlaced', hex: formatHex(h), count: st.bridges.length, case: CASE_BRIDGE }];
    },
    legal(state, side, bundle) {
      const e = special(bundle).epsom;
      if (!e || !moduleOn(bundle, NAME) || side !== e.bridging.side) return [];
      return bridgeHexes(state, bundle).map((h) => ({ type: 'placeBridge', hex: formatHex(h) }));
    },
  }],
};
