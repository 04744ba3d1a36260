/**
 * React-side reading API for off-map boxes (docs/engine.md "Locations"): the box graphs of the game on
 * screen with the units the viewing side may see — always read through the engine's `view`, never
 * from the raw state, so a box panel cannot show the other side's units in an owner-only box.
 * Viewer: this browser's side in PBEM, else the side to act (hotseat: the player the screen is for).
 */
import { useMemo } from 'react';
import { useGame } from '../store/game';
import { sideToAct, view } from '../engine';
import { boxDisplays } from '../engine/rules/locations';

export function useBoxDisplays() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const me = useGame((s) => s.pbem?.me ?? null);
  return useMemo(() => {
    if (!state || !bundle?.boxGraphs?.length) return [];
    return boxDisplays(view(state, me ?? sideToAct(state) ?? 'allied'), bundle);
  }, [state, bundle, me]);
}
