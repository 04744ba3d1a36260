/**
 * Saves never go backwards silently (issue 15): a file older than, or parting from, the game stored
 * in this browser is opened as a separate copy; while that copy is open this says so.
 */
import type { SavedGame } from '../../save';
import './save.css';

export function CopyNotice({ game }: { game: SavedGame | null | undefined }) {
  if (!game?.note) return null;
  return <div className="nsave nsave-copy" role="status" data-testid="copy-notice">{game.note}</div>;
}
