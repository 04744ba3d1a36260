/**
 * The odds preview the UI calls while a player assembles an assault (issue 5 item 9): the full
 * GOSS 13.3–13.8 breakdown for a declaration, computed from the state alone. No dice are rolled and
 * the state is not changed.
 */
import { bundleOf } from '../bundles';
import { tryParseHexRef } from '../hex';
import type { GameState } from '../types';
import { gaOdds, type OddsResult } from './gaOdds';

export interface PreviewRequest {
  hex: string;
  attackers: string[];
  line?: number;
  standoff?: string[];
  fullStrength?: string[];
}

export function oddsPreview(state: GameState, req: PreviewRequest): OddsResult {
  const h = tryParseHexRef(req.hex);
  if ('error' in h) return { ok: false, code: 'bad-hex', message: h.error, case: 'GOSS 13.3' };
  return gaOdds(state, bundleOf(state), { hex: h.hex, attackers: req.attackers, line: req.line, standoff: req.standoff, fullStrength: req.fullStrength });
}
