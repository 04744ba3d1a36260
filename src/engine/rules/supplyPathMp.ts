/**
 * GOSS 15.2.1 supply paths counted in MP (goss-core.md §15, reconstructed from the public GOSS 2020
 * rules; AW 4.0 asks for v17, which may differ): from an HQ to its units, in MP like movement but
 * without the adjacent-enemy surcharge or a night cost; never into an enemy-occupied hex; a path may
 * enter a movement-halt hex but not go on from it; at most two of its hexes adjacent to an enemy unit.
 * Mech path costs are the road movement table's (primary ⅓, secondary ½) or off-road, the cheaper per
 * step; rivers at bridges or fords as movement reads them (bridges placed, blown or demolished
 * included). Not modelled: the mud and snow path shortening (GOSS 15.2, 19.4) and extended paths
 * (15.2.4). Also GOSS 15.2.3's passing of GenS to adjacent units (`passedOn`). First user: the AW 15.0
 * airborne leg (airborne/dzSupplyPath.ts).
 */
import { HEX_COUNT, NEIGHBOURS, distance, hexsideBetween, type HexId } from '../hex';
import { SIDE_BIT } from '../board';
import type { GameState, ScenarioBundle, UnitState } from '../types';
import { F_ENEMY_ADJ, groundNow, haltAt, sideView, stepCost, type MoverCtx, type SideView } from './movement-search';
import { tecOf } from './terrain';
import { placedBridgeSides, downBridgeSides, standingBridge } from './placedBridges';
import { unitOf } from '../unitTable';

/** GOSS 15.2.1: at most this many path hexes adjacent to an enemy unit. */
export const PATH_ENEMY_ADJACENT = 2;

let best = new Int16Array(0);

/** A GOSS 15.2 path's kind and limits. */
export interface MpPath {
  /** Leg MP costs, or Mech (GOSS 15.2.3: a Mech unit needs a Mech path). */
  leg: boolean;
  /** The path's length in MP (AW 15.0 airborne: 6; GOSS 15.2.3 formations: 12 Leg, 12 or 18 Mech). */
  mp: number;
  /** At most this many path hexes adjacent to an enemy unit (GOSS 15.2.1: two). */
  maxEnemyAdjacent: number;
}

/**
 * The least GOSS 15.2.1 path cost ×2 (half MPs) from the hex of `fromId` (an HQ) to each hex within
 * `path.mp`, −1 beyond: Dial's algorithm over (hex, enemy-adjacent hexes so far) with a bucket per half
 * MP. The hexes counted as enemy-adjacent are the ones entered (the last included, the first not). A
 * fresh array per call (the caller keeps it for its units); the label buffer is shared.
 */
export function supplyPathCosts(s: GameState, bundle: ScenarioBundle, fromId: string, path: MpPath): Int16Array {
  const hq = unitOf(s, fromId);
  const from = hq.hex!;
  const maxAdj = path.maxEnemyAdjacent;
  const leg = path.leg;
  const LAYERS = maxAdj + 1;
  if (best.length < HEX_COUNT * LAYERS) best = new Int16Array(HEX_COUNT * LAYERS);
  best.fill(-1, 0, HEX_COUNT * LAYERS);
  const res = new Int16Array(HEX_COUNT).fill(-1);
  const view = sideView(s, bundle, hq.side);
  const ctxs = contexts(s, bundle, view, fromId, leg);
  const adjFlags = view.flags;
  const limit = 2 * path.mp;
  const buckets: number[][] = Array.from({ length: limit + 1 }, () => []);
  best[from * LAYERS] = 0;
  buckets[0].push(from * LAYERS);
  const nb = NEIGHBOURS;
  for (let c = 0; c <= limit; c++) {
    const q = buckets[c];
    for (let i = 0; i < q.length; i++) {
      const st = q[i];
      if (best[st] !== c) continue;
      const h = (st / LAYERS) | 0;
      const adj = st % LAYERS;
      if (res[h] === -1 || c < res[h]) res[h] = c;
      // GOSS 15.2.1: a path may enter a halt hex but not go on from it.
      if (h !== from && haltAt(ctxs[0], h, h) !== null) continue;
      for (let d = 0; d < 6; d++) {
        const n = nb[h * 6 + d];
        if (n < 0) continue;
        let step = -1;
        for (const ctx of ctxs) { const v = stepCost(ctx, h, n); if (v >= 0 && (step < 0 || v < step)) step = v; }
        if (step < 0) continue;
        const a = adj + ((adjFlags[n] & F_ENEMY_ADJ) ? 1 : 0);
        if (a > maxAdj) continue;
        const total = c + step;
        if (total > limit) continue;
        const ns = n * LAYERS + a;
        if (best[ns] !== -1 && best[ns] <= total) continue;
        best[ns] = total;
        buckets[total].push(ns);
      }
    }
  }
  return res;
}

/** Movement contexts for a supply path: no entry filter or supply restriction, no adjacent-enemy surcharge, no friendly-occupied road cost. */
const pathViews = new WeakMap<SideView, SideView>();
/**
 * The side's view as a supply path reads it: no adjacent-enemy surcharge (the only use stepCost makes of
 * F_ENEMY_ADJ: a copy without that bit; the count of enemy-adjacent hexes reads the real flags), no
 * friendly-occupied road cost, no sliding rule. One per view: a division's Leg and Mech paths and the
 * GenS it passes on share it.
 */
function pathViewOf(view: SideView): SideView {
  let v = pathViews.get(view);
  if (!v) {
    const flags = view.flags.slice();
    for (let i = 0; i < flags.length; i++) flags[i] &= ~F_ENEMY_ADJ;
    pathViews.set(view, (v = { ...view, flags, friendly: () => false, noSlide: [] }));
  }
  return v;
}

function contexts(s: GameState, bundle: ScenarioBundle, view: SideView, hqId: string, leg: boolean): MoverCtx[] {
  const pathView = pathViewOf(view);
  const bridges = placedBridgeSides(s, bundle);
  const blown = downBridgeSides(s, bundle);
  // The HQ as the mover: the steps read neither (only the halts' PA and Mech rules would, and the path moves tactically).
  const base: MoverCtx = {
    state: s, bundle, tec: tecOf(bundle), view: pathView, unit: unitOf(s, hqId), def: bundle.units.get(hqId)!,
    leg, mode: 'tactical', type: 'offroad', commando: false, enter: null, gens: null, observed: null, ground: groundNow(s, bundle, unitOf(s, hqId).hex).ground,
    bridges: bridges.size ? bridges : undefined, blown: blown.size ? blown : undefined, limits: null,
  };
  // GOSS 15.2.1 Mech path costs: primary road ⅓, secondary ½ (the road movement table), or off-road.
  return leg ? [base] : [{ ...base, type: 'road' }, base];
}

const RIVERS = SIDE_BIT.river | SIDE_BIT.majorRiver | SIDE_BIT.canal;

/**
 * GOSS 15.2.3: a unit in GenS passes it to the adjacent units of the same HQ across hexsides open to Leg
 * movement and not across an unbridged river; the units it reaches pass it no farther. `traced`: the
 * HQ's units in GenS by a path of their own; `others`: its other units. Returns the ids of `others`
 * that receive it.
 */
export function passedOn(s: GameState, bundle: ScenarioBundle, traced: readonly UnitState[], others: readonly UnitState[]): string[] {
  const from = traced.find((t) => t.hex !== null);
  if (!from || !others.length) return [];
  const leg = contexts(s, bundle, sideView(s, bundle, from.side), from.id, true)[0];
  const out: string[] = [];
  for (const o of others) {
    if (o.hex === null) continue;
    const to = o.hex;
    if (traced.some((t) => t.hex !== null && distance(t.hex, to) === 1 && openSide(s, bundle, leg, t.hex, to))) out.push(o.id);
  }
  return out;
}

/** Open to Leg movement (GOSS 7 TEC, as a step of the supply path) and not an unbridged river (a road across is a bridge, GOSS 7.10). */
function openSide(s: GameState, bundle: ScenarioBundle, leg: MoverCtx, a: HexId, b: HexId): boolean {
  const f = bundle.board.sides.get(hexsideBetween(a, b)) ?? 0;
  if ((f & RIVERS) && !standingBridge(s, bundle, a, b, true)) return false;
  return stepCost(leg, a, b) >= 0;
}
