/**
 * Hotseat handover: when the side to act changes, the board is hidden until the next player
 * clicks, so one player does not watch the other's decisions (issue 6 item 8).
 */
import { useEffect, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct } from '../../engine';

const NAMES = { allied: 'Allied', german: 'German' } as const;
/** Decisions at game start the other player must not watch: a placement setup, a sealed choice (AW 3.3.3). */
const PRIVATE_AT_START = new Set(['setup', 'seal']);

export function Handover() {
  const state = useGame((s) => s.state);
  const aiSide = useGame((s) => s.aiSide);
  const pbem = useGame((s) => !!s.pbem);
  const actor = state ? sideToAct(state) : null;
  const [shownFor, setShownFor] = useState<string | null>(state?.n === 0 && PRIVATE_AT_START.has(state.pending?.kind ?? '') ? null : actor);
  useEffect(() => {
    // The first side to act at game start needs no handover, unless it starts by setting up its
    // placement pools (AW 34.11.2) or by sealing a hidden choice: the other player should not watch that.
    if (state && state.n === 0 && !PRIVATE_AT_START.has(state.pending?.kind ?? '')) setShownFor(actor);
  }, [state, actor]);
  // Solo: nothing to hide from a program; the opponent's turn shows as it plays. PBEM: one player per browser.
  if (!state || !actor || state.over || shownFor === actor || aiSide || pbem) return null;
  const player = state.players[actor] ?? `${NAMES[actor]} player`;
  return (
    <div className="handover" data-testid="handover" role="dialog" aria-label="Hand over">
      <div>
        <h2>{NAMES[actor]} to act</h2>
        <p>Pass the screen to <b>{player}</b>.</p>
        <button data-testid="reveal" autoFocus onClick={() => setShownFor(actor)}>I am {player}: show the board</button>
      </div>
    </div>
  );
}
