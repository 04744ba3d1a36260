/** Autosaves the given game whenever it changes (every action). Writes are coalesced; see autosave.ts. */
import { useEffect, useMemo } from 'react';
import { autosaver, idbKv, type Kv } from '../../save/autosave';
import type { SavedGame } from '../../save';

export function useAutosave(game: SavedGame | null, kv?: Kv): void {
  const writer = useMemo(() => autosaver(kv ?? idbKv()), [kv]);
  useEffect(() => { if (game) writer.save(game); }, [game, writer]);
}
