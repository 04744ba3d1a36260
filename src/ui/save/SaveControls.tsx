/**
 * Export / import buttons. Import reads the picked file, verifies it off the main thread (a Web
 * Worker, verifyClient.ts: a progress bar while it re-plays a long file, and a Cancel button; for a
 * file of the game in progress, also that it continues it) and only then hands it over and stores
 * it. A refused file shows why and changes nothing.
 */
import { useRef, useState } from 'react';
import type { Side } from '../../engine';
import { downloadSave, idbKv, importSaveFile, type Kv } from '../../save/autosave';
import type { Imported, LoadProgress, SavedGame } from '../../save';
import type { VerifyOptions } from '../../save/verifyClient';
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
  importer?(file: File, verify: VerifyOptions): Promise<Imported>;
  /** Label of the import button (default "Import…"). */
  importLabel?: string;
}

export function SaveControls({ game, me = null, onImported, kv, importer, importLabel = 'Import…' }: SaveControlsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true); setError(null); setProgress(null);
    const ctl = new AbortController();
    abort.current = ctl;
    const verify: VerifyOptions = { signal: ctl.signal, onProgress: setProgress };
    try {
      const r = importer ? await importer(file, verify) : await importSaveFile(file, game, me, kv ?? idbKv(), undefined, verify);
      if (r.ok) onImported(r.game, r.from, r.warnings);
      else setError(r.code === 'cancelled' ? `${file.name}: the check was cancelled.` : `${file.name} was not loaded: ${r.error}`);
    } finally {
      abort.current = null;
      setBusy(false); setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="nsave" data-testid="save-controls">
      {game && <button data-testid="export" onClick={() => downloadSave(game)} title="Download this game as a .neptune.json file">Export</button>}
      {game && <button onClick={() => downloadSave(game, true)} title="Smaller, gzip-compressed">Export (.gz)</button>}
      <button data-testid="import" disabled={busy} onClick={() => input.current?.click()}>{busy ? 'Checking…' : importLabel}</button>
      {busy && (
        <span className="nsave-progress" data-testid="import-progress" role="status">
          <progress max={progress?.total || 1} value={progress?.phase === 'replaying' ? progress.done : 0} />
          {progress?.phase === 'replaying' ? ` Re-playing entry ${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')}…` : ' Checking the file…'}
          <button data-testid="import-cancel" onClick={() => abort.current?.abort()}>Cancel</button>
        </span>
      )}
      <input ref={input} data-testid="import-file" type="file" accept=".json,.gz,application/json,application/gzip" hidden onChange={(e) => pick(e.target.files?.[0])} />
      {error && <div className="error" role="alert" data-testid="import-error">{error}{game || me ? ' Nothing was changed: the game on screen and its autosave are as they were.' : ' Nothing was stored.'}</div>}
    </div>
  );
}
