/** PBEM status and dice mode, always visible: whose move, and whether a file waits for a reveal. */
import type { Side } from '../../engine';
import { turnStatus, type SavedGame } from '../../save';
import './save.css';

export function TurnStatusBanner({ game, me }: { game: SavedGame; me: Side }) {
  const s = turnStatus(game, me);
  return (
    <div className="nsave" data-testid="turn-status">
      <div className={`nsave-status ${s.kind}`} role="status">{s.message}</div>
      <div className="nsave-dice" data-testid="dice-mode">{s.dice}</div>
    </div>
  );
}
