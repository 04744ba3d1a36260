/**
 * AW 32.6.1 bridge construction (scenario.special.bridges.special, Goodwood): at the end of the July 19
 * AM GT only, the Allied player may bridge one Orne hexside into each hex south of the river that an
 * Allied unit occupies and a German unit occupied at the start — reconstructed timing: in the Allied
 * Construction Segment of the next GT, the first segment the Allied player acts in after the end of that
 * GT (nothing moves in between). Same action, `{type:'placeBridge', hex}`; the bridge spans the hex's
 * first river hexside (by hexside id) to a hex north of the river. Stored as hexsides in
 * `state.special.bridges.sides` (placedBridges.ts), which movement, retreats and supply read.
 *
 * AW 33.6.1 bridging (scenario.special.epsom.bridging / odon): `{type:'placeBridge', hex}` by the
 * Allied player in the Construction Segment of a GT in which an Allied unit is south of the river:
 * one marker per GT, three in all, into an Allied-occupied hex south of it; the marker bridges that
 * hex's river hexsides (supply, AW 33.9.1: scenarioSupply.ts reads `state.special.epsom.bridges`).
 */
import type { Draft } from 'immer';
import type { Action, GameState, ScenarioBundle } from '../types';
import { reject, type RuleModule } from './registry';
import { formatHex, hexsideBetween, neighbours, tryParseHexRef, type HexId } from '../hex';
import { segmentAt, phasingSide, compareTime } from '../sequence';
import { riverSidesOf, type PlacedBridgesState } from './placedBridges';
import { hexSet, special } from './scenarioArea';
import { moduleOn, type Extension } from './extensions';
import { unitList } from '../unitTable';

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
  const occ = new Set(unitList(state).filter((u) => u.side === e.bridging.side && u.hex !== null && !u.eliminated && south.has(u.hex)).map((u) => u.hex!));
  return [...occ].filter((h) => !(s.bridges ?? []).includes(h)).sort((a, b) => a - b);
}

const CASE_BUILD = 'AW 32.6.1';
type WithPlaced = { special?: { bridges?: PlacedBridgesState } };

/** AW 32.6.1: the rule in force now (its side may bridge in this segment), or null. */
function buildRuleNow(state: GameState, bundle: ScenarioBundle) {
  const rules = special(bundle).bridges?.special ?? [];
  if (!rules.length || segmentAt(bundle.sequence, state.pos).segment.id !== 'construction') return null;
  const side = phasingSide(bundle.scenario, state.pos);
  return rules.find((r) => r.side === side && state.pos.turn === compareTime(bundle.sequence, r.at, bundle.scenario.start) + 1) ?? null;
}

/** AW 32.6.1: hex → the river hexside a bridge into it would span, for the hexes that may get one now. */
export function buildSites(state: GameState, bundle: ScenarioBundle): Map<HexId, number> {
  const out = new Map<HexId, number>();
  const r = buildRuleNow(state, bundle);
  if (!r) return out;
  const into = hexSet(bundle, r.intoSideOf);
  const placed = new Set((state as GameState & WithPlaced).special?.bridges?.sides ?? []);
  const enemyAtStart = new Set<HexId>();
  for (const e of bundle.scenario.setup) {
    if (bundle.units.get(e.unit)?.side === r.side) continue;
    const x = tryParseHexRef(e.hex);
    if (!('error' in x)) enemyAtStart.add(x.hex);
  }
  for (const u of unitList(state)) {
    if (u.side !== r.side || u.eliminated || u.hex === null || !into.has(u.hex) || !enemyAtStart.has(u.hex) || out.has(u.hex)) continue;
    const sides = riverSidesOf(bundle, u.hex, r.river);
    if (sides.filter((x) => placed.has(x)).length >= r.perHex) continue;
    // The hexside to a hex across the river (north of it), lowest id first.
    const across = sides.filter((x) => !placed.has(x)).find((x) => {
      for (const n of neighbours(u.hex!)) if (hexsideBetween(u.hex!, n) === x) return !into.has(n);
      return false;
    });
    if (across !== undefined) out.set(u.hex, across);
  }
  return out;
}

function placeBuilt(d: Draft<GameState>, h: HexId, ctx: { side: string | null; bundle: ScenarioBundle }) {
  const r = buildRuleNow(d as GameState, ctx.bundle)!;
  if (ctx.side !== r.side) reject('not-your-turn', `only the ${r.side === 'allied' ? 'Allied' : 'German'} player places ${r.river} bridges`, CASE_BUILD);
  const side = buildSites(d as GameState, ctx.bundle).get(h);
  if (side === undefined) reject('no-bridge', `no bridge may be placed into ${formatHex(h)}: one bridge across the ${r.river} into each hex south of it that a friendly unit occupies and an enemy unit occupied at the start`, CASE_BUILD);
  const s = d as Draft<GameState> & WithPlaced;
  if (!s.special) s.special = {};
  const st = (s.special.bridges ??= {});
  st.sides = [...(st.sides ?? []), side!];
  return [{ type: 'bridgePlaced', hex: formatHex(h), river: r.river, case: CASE_BUILD }];
}

export const bridgeMarkerRules: RuleModule = {
  name: NAME,
  handlers: [{
    type: 'placeBridge',
    apply(d, action: Action, ctx) {
      if (buildRuleNow(d as GameState, ctx.bundle)) {
        const r = tryParseHexRef(String((action as { hex?: unknown }).hex));
        if ('error' in r) reject('bad-hex', r.error);
        return placeBuilt(d, (r as { hex: HexId }).hex, ctx);
      }
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
      const b = buildRuleNow(state, bundle);
      if (b) return b.side === side ? [...buildSites(state, bundle).keys()].sort((x, y) => x - y).map((h) => ({ type: 'placeBridge', hex: formatHex(h) })) : [];
      const e = special(bundle).epsom;
      if (!e || !moduleOn(bundle, NAME) || side !== e.bridging.side) return [];
      return bridgeHexes(state, bundle).map((h) => ({ type: 'placeBridge', hex: formatHex(h) }));
    },
  }],
};
