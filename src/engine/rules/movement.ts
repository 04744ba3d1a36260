/**
 * Movement (GOSS 7, AW 31.2.1e): a unit moves along a path of adjacent hexes, paying the TEC cost
 * of each hex entered, within its MA, never into an enemy-occupied hex.
 * Scope today: terrain costs by movement class. Hexside costs, roads, the adjacent-enemy
 * surcharge, halts and mode limits are listed as "not yet" in docs/rules-coverage.md.
 */
import { z } from 'zod';
import { areAdjacent, type HexId, formatHex, tryParseHexRef, neighbours } from '../hex';
import { onMap, terrainOf } from '../board';
import { reject, type RuleModule } from './registry';
import type { GameState, ScenarioBundle, UnitState, Action } from '../types';
import { segmentAt } from '../sequence';

const TecTable = z.object({
  terrain: z.record(z.string(), z.object({ leg: z.number().nullable(), mech: z.number().nullable() })),
});

const MoveAction = z.object({ type: z.literal('move'), unit: z.string(), path: z.array(z.string()).min(1).max(200) });

export function tec(bundle: ScenarioBundle): z.infer<typeof TecTable> {
  return TecTable.parse(bundle.tables.tec);
}

/** MP cost for `unit` to enter hex `to`, or null when the terrain is prohibited. */
export function entryCost(bundle: ScenarioBundle, moveClass: 'leg' | 'mech' | 'static', to: HexId): number | null {
  const t = terrainOf(bundle.board, to);
  if (!t || moveClass === 'static') return null;
  const row = tec(bundle).terrain[t];
  return row ? row[moveClass] : null;
}

function enemyAt(state: GameState, side: string, h: HexId): boolean {
  for (const id in state.units) {
    const u = state.units[id];
    if (u.hex === h && u.side !== side && !u.eliminated) return true;
  }
  return false;
}

export function maOf(bundle: ScenarioBundle, u: UnitState): number {
  return bundle.units.get(u.id)?.ma ?? 0;
}

/** Cheapest cost to every hex the unit can still reach this phase (Dijkstra on the lattice). */
export function reachable(state: GameState, bundle: ScenarioBundle, unitId: string): Map<HexId, { cost: number; prev: HexId }> {
  const u = state.units[unitId];
  const def = bundle.units.get(unitId);
  const out = new Map<HexId, { cost: number; prev: HexId }>();
  if (!u || !def || u.hex === null) return out;
  const budget = def.ma - u.mpSpent;
  out.set(u.hex, { cost: 0, prev: -1 });
  const open: HexId[] = [u.hex];
  while (open.length) {
    open.sort((a, b) => out.get(b)!.cost - out.get(a)!.cost);
    const h = open.pop()!;
    const here = out.get(h)!.cost;
    for (const n of neighbours(h)) {
      if (!onMap(bundle.board, n) || enemyAt(state, u.side, n)) continue;
      const c = entryCost(bundle, def.moveClass, n);
      if (c === null) continue;
      const total = here + c;
      if (total > budget) continue;
      const prev = out.get(n);
      if (!prev || total < prev.cost) {
        if (!prev) open.push(n);
        out.set(n, { cost: total, prev: h });
      }
    }
  }
  return out;
}

export function pathTo(reach: Map<HexId, { cost: number; prev: HexId }>, to: HexId): HexId[] {
  const path: HexId[] = [];
  for (let h = to; h !== -1; h = reach.get(h)!.prev) path.unshift(h);
  return path.slice(1);
}

export const movementRules: RuleModule = {
  name: 'movement',
  handlers: [{
    type: 'move',
    apply(draft, action, ctx) {
      const a = MoveAction.safeParse(action);
      if (!a.success) reject('bad-action', `move needs a unit id and a path of hex ids: ${a.error.issues[0].message}`);
      const { bundle } = ctx;
      const seg = segmentAt(bundle.sequence, draft.pos).segment;
      if (seg.id !== 'move') reject('wrong-segment', `units move only in the Movement Segment, not the ${seg.name}`, 'AW 31.2.1e');
      const u = draft.units[a.data.unit];
      const def = bundle.units.get(a.data.unit);
      if (!u || !def) reject('no-such-unit', `there is no unit "${a.data.unit}"`);
      if (u.side !== ctx.side) reject('not-your-unit', `${def.designation} belongs to the other side`);
      if (u.hex === null || u.eliminated) reject('not-on-map', `${def.designation} is not on the map`);
      const from = u.hex;
      let at = u.hex;
      let cost = 0;
      for (const ref of a.data.path) {
        const r = tryParseHexRef(ref);
        if ('error' in r) reject('bad-hex', r.error);
        const h = r.hex;
        if (!areAdjacent(at, h)) reject('not-adjacent', `${ref} is not adjacent to ${formatHex(at)}: a unit moves hex by hex`, 'GOSS 7.1');
        if (!onMap(bundle.board, h)) reject('off-map', `${ref} is not on the playing area`);
        if (enemyAt(draft as GameState, u.side, h)) reject('enemy-hex', `${ref} holds enemy units; a unit may never enter an enemy-occupied hex`, 'GOSS 7.1');
        const c = entryCost(bundle, def.moveClass, h);
        if (c === null) reject('prohibited-terrain', `${def.moveClass} units may not enter ${terrainOf(bundle.board, h)} (${ref})`, 'GOSS 7 TEC');
        cost += c;
        at = h;
      }
      if (u.mpSpent + cost > def.ma) {
        reject('over-ma', `${def.designation} would spend ${u.mpSpent + cost} MP but has an MA of ${def.ma}`, 'GOSS 7.1');
      }
      u.mpSpent += cost;
      u.hex = at;
      return [{ type: 'unitMoved', unit: u.id, from: formatHex(from), to: formatHex(at), path: a.data.path, cost, case: 'GOSS 7.1' }];
    },
    legal(state, side, bundle) {
      const out: Action[] = [];
      if (segmentAt(bundle.sequence, state.pos).segment.id !== 'move') return out;
      for (const id in state.units) {
        const u = state.units[id];
        if (u.side !== side || u.hex === null || u.eliminated) continue;
        const reach = reachable(state, bundle, id);
        for (const h of reach.keys()) {
          if (h === u.hex) continue;
          out.push({ type: 'move', unit: id, path: pathTo(reach, h).map(formatHex) });
        }
      }
      return out;
    },
  }],
  hooks: [{
    segment: 'move',
    onExit(draft) {
      for (const id in draft.units) draft.units[id].mpSpent = 0;
      return [];
    },
  }],
};
