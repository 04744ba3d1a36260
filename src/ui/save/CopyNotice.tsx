/**
 * Saves never go backwards silently (issue 15): a file older than, or parting from, the game stored
 * in this browser is opened as a separate copy; while that copy is open this says so. A save of an
 * older data version brought up to date on opening (verify.ts migrateData) says so too.
 */
import type { SavedGame } from '../../save';
import './save.css';

export function CopyNotice({ game }: { game: SavedGame | null | undefined }) {
  if (game?.notice) return <div className="nsave nsave-copy" role="status" data-testid="migrated-notice">{game.notice}{game.note ? ` ${game.note}` : ''}</div>;
  if (!game?.note) return null;
  return <div className="nsave nsave-copy" role="status" data-testid="copy-notice">{game.note}</div>;
}
