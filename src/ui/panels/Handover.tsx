/**
 * Hotseat handover: when the side to act changes, the board is hidden until the next player
 * clicks, so one player does not watch the other's decisions (issue 6 item 8).
 *
 * It takes a deliberate action (issue 16 item 3): the key press that ended the segment must not
 * reveal the board, so nothing in it has focus when it opens (the card itself takes it, away from
 * the "Done" button behind it), the rest of the page is inert, and a reveal by keyboard needs
 * Tab to the button, then Enter or Space. A replay shows no handover: it is read-only.
 */
import { useEffect, useRef, useState } from 'react';
import { useGame } from '../../store/game';
import { sideToAct } from '../../engine';
import { SIDE_NAME } from '../describe';

/** Decisions at game start the other player must not watch: a placement setup, a sealed choice (AW 3.3.3). */
const PRIVATE_AT_START = new Set(['setup', 'seal']);

export function Handover() {
  const state = useGame((s) => s.state);
  const aiSide = useGame((s) => s.aiSide);
  const pbem = useGame((s) => !!s.pbem);
  const replaying = useGame((s) => !!s.replaying);
  const card = useRef<HTMLDivElement>(null);
  const actor = state ? sideToAct(state) : null;
  const [shownFor, setShownFor] = useState<string | null>(state?.n === 0 && PRIVATE_AT_START.has(state.pending?.kind ?? '') ? null : actor);
  useEffect(() => {
    // The first side to act at game start needs no handover, unless it starts by setting up its
    // placement pools (AW 34.11.2) or by sealing a hidden choice: the other player should not watch that.
    if (state && state.n === 0 && !PRIVATE_AT_START.has(state.pending?.kind ?? '')) setShownFor(actor);
  }, [state, actor]);
  // Solo: nothing to hide from a program; the opponent's turn shows as it plays. PBEM: one player per browser.
  const open = !(!state || !actor || state.over || shownFor === actor || aiSide || pbem || replaying);
  useEffect(() => {
    if (!open) return;
    card.current?.focus();
    const behind = [...document.querySelectorAll<HTMLElement>('.game > .map-host, .game > .side')];
    for (const el of behind) el.setAttribute('inert', '');
    return () => { for (const el of behind) el.removeAttribute('inert'); };
  }, [open]);
  if (!open || !state || !actor) return null;
  // A name the players gave, or "the German player" ("I am German player" read as a typo).
  const player = state.players[actor] ?? `the ${SIDE_NAME[actor]} player`;
  return (
    <div className="handover" data-testid="handover" role="dialog" aria-label="Hand over">
      <div ref={card} tabIndex={-1} data-testid="handover-card" style={{ outline: 'none' }}>
        <h2>{SIDE_NAME[actor]} to act</h2>
        <p>Pass the screen to <b>{player}</b>.</p>
        <button data-testid="reveal" onClick={() => setShownFor(actor)}>I am {player}: show the board</button>
        <p className="case">Keyboard: Tab to the button, then Enter.</p>
      </div>
    </div>
  );
}
