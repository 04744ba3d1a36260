/**
 * Export / import buttons. Import reads the picked file, verifies it (loadSave; for a file of the
 * game in progress, also that it continues it) and only then hands it over and stores it. A refused
 * file shows why and changes nothing.
 */
import { useRef, useState } from 'react';
import type { Side } from '../../engine';
import { downloadSave, idbKv, importSaveFile, type Kv } from '../../save/autosave';
import type { Imported, SavedGame } from '../../save';
import './save.css';

export interface SaveControlsProps {
  /** The game in progress (null on the start screen). */
  game: SavedGame | null;
  /** The side this browser plays in a PBEM game (null in hotseat). */
  me?: Side | null;
  /** A verified import: `from` is the first entry new to this player (for the replay and the summary). */
  onImported(game: SavedGame, from: number, warnings: string[]): void;
  kv?: Kv;
  /** Replaces the default import (e.g. PBEM "Open opponent's turn…": the file must continue this game). */
  importer?(file: File): Promise<Imported>;
  /** Label of the import button (default "Import…"). */
  importLabel?: string;
}

export function SaveControls({ game, me = null, onImported, kv, importer, importLabel = 'Import…' }: SaveControlsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true); setError(null);
    try {
      const r = importer ? await importer(file) : await importSaveFile(file, game, me, kv ?? idbKv());
      if (r.ok) onImported(r.game, r.from, r.warnings);
      else setError(`${file.name} was not loaded: ${r.error}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="nsave" data-testid="save-controls">
      {game && <button data-testid="export" onClick={() => downloadSave(game)} title="Download this game as a .neptune.json file">Export</button>}
      {game && <button onClick={() => downloadSave(game, true)} title="Smaller, gzip-compressed">Export (.gz)</button>}
      <button data-testid="import" disabled={busy} onClick={() => input.current?.click()}>{busy ? 'Checking…' : importLabel}</button>
      <input ref={input} data-testid="import-file" type="file" accept=".json,.gz,application/json,application/gzip" hidden onChange={(e) => pick(e.target.files?.[0])} />
      {error && <div className="error" role="alert" data-testid="import-error">{error}{game || me ? ' Nothing was changed: the game on screen and its autosave are as they were.' : ' Nothing was stored.'}</div>}
    </div>
  );
}
