/**
 * The airborne module's choices of a hex, made on the map: where a retreating stack goes (AW 41.2.3d
 * `abRetreat`), the DZ a FoW unit leaving ES box 1 lands on (AW 41.2.3c `esLand`) and where a landed
 * glider unit displaces (AW 41.4.2 `gliderDisplace`). The map highlights the offered hexes and a
 * click on one makes the choice; the Decisions panel keeps its buttons (and the choices that are not
 * a hex: a glider unit staying put).
 *
 * A pending decision's hexes are offered whatever is selected (the decision names its unit); a
 * glider's displacement, not a decision, only while the glider unit's stack is selected, so that a
 * click next to it still selects another stack otherwise.
 */
import { sideToAct, type Action, type GameState, type ScenarioBundle } from '../../engine';
import { hexOfRulesId } from '../../engine/hex';
import { legalFor } from '../../store/legal';
import { unitOf } from '../../engine/unitTable';

const HEX_CHOICES = new Set(['abRetreat', 'esLand', 'gliderDisplace']);

/** Hex → the actions a click there makes (several units displacing to one hex go together); empty when none. */
export function hexChoices(state: GameState, bundle: ScenarioBundle, selectedHex: number | null): Map<number, Action[]> {
  const out = new Map<number, Action[]>();
  const side = sideToAct(state);
  if (!side || state.over || !bundle.scenario.modules?.includes('airborne')) return out;
  // Only a pending decision that accepts a hex choice, or a segment that offers one, is looked at.
  if (state.pending && !state.pending.accepts.some((t) => HEX_CHOICES.has(t))) return out;
  for (const a of legalFor(state, side)) {
    if (!HEX_CHOICES.has(a.type)) continue;
    const ref = (a as { hex?: string }).hex;
    if (!ref) continue;
    const unit = (a as { unit?: string }).unit;
    if (!state.pending && (selectedHex === null || !unit || unitOf(state, unit)?.hex !== selectedHex)) continue;
    const h = hexOfRulesId(ref);
    const list = out.get(h);
    if (!list) out.set(h, [a]);
    // A decision is one choice; displacements of several selected glider units to one hex go together.
    else if (!state.pending) list.push(a);
  }
  return out;
}
