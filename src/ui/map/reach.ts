/** MP cost of every hex the acting side's units in `hex` can reach now (movement highlighting). */
import { sideToAct, type GameState, type ScenarioBundle } from '../../engine';
import { reachable } from '../../engine/rules/movement';
import { segmentAt } from '../../engine/sequence';

export function reachableCosts(state: GameState, bundle: ScenarioBundle, hex: number): Map<number, number> | null {
  const side = sideToAct(state);
  if (!side || segmentAt(bundle.sequence, state.pos).segment.id !== 'move') return null;
  const ids = Object.keys(state.units).filter((id) => state.units[id].hex === hex && state.units[id].side === side);
  if (!ids.length) return null;
  const out = new Map<number, number>();
  // A stack moves at the pace of its slowest unit: keep hexes every unit can reach, at the highest cost.
  ids.forEach((id, i) => {
    const r = reachable(state, bundle, id);
    for (const [h, v] of r) {
      if (h === hex) continue;
      if (i === 0) out.set(h, v.cost);
      else if (out.has(h)) out.set(h, Math.max(out.get(h)!, v.cost));
    }
    if (i > 0) for (const h of [...out.keys()]) if (!r.has(h)) out.delete(h);
  });
  return out;
}
