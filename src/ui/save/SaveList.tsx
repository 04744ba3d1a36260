/** The list of saved games in this browser: date, scenario, turn, side to move; open, download, delete. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { deleteSave, downloadSave, idbKv, listSaves, readSave, type Kv, type SaveSummary } from '../../save/autosave';
import type { SavedGame } from '../../save';
import './save.css';

export interface SaveListProps {
  /** Called with the verified game the player chose to open (or replay). */
  onOpen(game: SavedGame, summary: SaveSummary): void;
  /** Optional second action per row, e.g. "Replay" from the start screen. */
  onReplay?(game: SavedGame, summary: SaveSummary): void;
  /** Change it to reload the list (e.g. after an import). */
  refreshKey?: unknown;
  kv?: Kv;
}

const when = (iso: string) => { const d = new Date(iso); return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(); };

export function SaveList({ onOpen, onReplay, refreshKey, kv }: SaveListProps) {
  const [rows, setRows] = useState<SaveSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const store = useMemo(() => kv ?? idbKv(), [kv]);
  const reload = useCallback(() => { listSaves(store).then(setRows, (e) => setError(`saved games cannot be read: ${String(e)}`)); }, [store]);
  useEffect(reload, [reload, refreshKey]);
  // Opening checks the stored game by re-playing it, in the file checker's worker: a long game takes a
  // moment, shown here (the page stays responsive meanwhile).
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (s: SaveSummary, then: (g: SavedGame, s: SaveSummary) => void) => {
    setError(null);
    setOpening(`Opening “${s.scenarioName}”…`);
    const r = await readSave(s.id, store, { onProgress: (p) => setOpening(p.total && p.phase === 'replaying' ? `Opening “${s.scenarioName}”: checked ${p.done.toLocaleString('en')} of ${p.total.toLocaleString('en')} log entries…` : `Opening “${s.scenarioName}”…`) });
    setOpening(null);
    if (r.ok) then(r.game, s);
    else setError(`"${s.scenarioName}" cannot be opened: ${r.error}`);
  };
  const download = async (s: SaveSummary) => {
    const r = await readSave(s.id, store);
    if (r.ok) downloadSave(r.game); else setError(r.error);
  };
  const remove = async (s: SaveSummary) => {
    if (!window.confirm(`Delete the saved game "${s.scenarioName}" (turn ${s.turn})?`)) return;
    await deleteSave(s.id, store);
    reload();
  };
  if (!rows) return <div className="nsave" data-testid="save-list">Loading saved games…</div>;
  return (
    <section className="nsave panel" data-testid="save-list" aria-label="Saved games">
      {error && <div className="error" role="alert">{error}</div>}
      {opening && <div role="status" data-testid="save-opening">{opening}</div>}
      {rows.length === 0 ? <p>No saved games in this browser yet.</p> : (
        <table>
          <thead><tr><th>Saved</th><th>Scenario</th><th>Turn</th><th>To move</th><th>Dice</th><th /></tr></thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-testid={`save-${s.id}`}>
                <td>{when(s.savedAt)}</td>
                <td title={s.note ?? s.label}>{s.scenarioName}{s.note && <i data-testid="save-copy"> (separate copy)</i>}</td>
                <td>{s.turn}</td>
                <td>{s.over ? 'game over' : `${s.sideToMove ?? '—'}${s.sideToMove && s.players[s.sideToMove] ? ` (${s.players[s.sideToMove]})` : ''}`}</td>
                <td>{s.dice}</td>
                <td>
                  <button data-testid="save-open" onClick={() => open(s, onOpen)}>Open</button>
                  {onReplay && <button data-testid="save-replay" onClick={() => open(s, onReplay)}>Replay</button>}
                  <button onClick={() => download(s)} title="Download as a .neptune.json file">Download</button>
                  <button onClick={() => remove(s)} aria-label={`Delete ${s.scenarioName}`}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
