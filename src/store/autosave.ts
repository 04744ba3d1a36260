/**
 * Autosave: every recorded action writes the game to IndexedDB (coalesced, latest wins), so
 * reloading the page resumes exactly. A failed import or load never reaches here: only games the
 * store accepted are written.
 */
import { autosaver } from '../save/autosave';
import { useGame } from './game';

export function watchAutosave(): () => void {
  if (typeof indexedDB === 'undefined') return () => {};
  const writer = autosaver();
  return useGame.subscribe((s, prev) => {
    if (s.saved && s.saved !== prev.saved && !s.replaying) writer.save(s.saved);
  });
}
