/**
 * The recovery screen (issue 15): an exception while React renders shows this instead of a blank
 * page. The game is never lost: it can be exported as it is, reopened at its last good state (the
 * save without its last entry, once per click), or left for the menu; the report text says what
 * failed, for a bug report.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useGame } from '../store/game';
import { loadSave, saveToText, type SaveFile, type SavedGame } from '../save';
import { downloadSave } from '../save/autosave';

/** The save as it was one entry earlier (the chain's head moves back to that entry), or null when there is none. */
export function withoutLastEntry(save: SaveFile): SaveFile | null {
  const last = save.entries.at(-1);
  if (!last) return null;
  return { ...save, entries: save.entries.slice(0, -1), head: last.prev } as SaveFile;
}

/** The last good game before `game`: its save one entry shorter, verified again; null when none is left. */
export function lastGoodGame(game: SavedGame): SavedGame | null {
  const shorter = withoutLastEntry(game.save);
  if (!shorter) return null;
  const r = loadSave(saveToText(shorter));
  return r.ok ? r.game : null;
}

/** A plain-text report of the failure: what failed and where in the game (no seed, no hidden data). */
export function errorReport(error: Error, componentStack: string | null, game: SavedGame | null): string {
  const h = game?.save.header;
  return [
    `Neptune: the screen failed to draw (${error.name}: ${error.message})`,
    h ? `Game: ${h.scenario}, ${game!.save.entries.length} entries, dice ${h.dice}` : 'Game: none open',
    '',
    error.stack ?? '',
    componentStack ? `Components:${componentStack}` : '',
  ].join('\n');
}

interface Props { children: ReactNode }
interface State { error: Error | null; componentStack: string | null; note: string | null }

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: null, note: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), note: null };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? null });
  }

  private retry = () => this.setState({ error: null, componentStack: null, note: null });

  private exportGame = () => {
    const g = useGame.getState().saved;
    if (!g) { this.setState({ note: 'There is no game to export.' }); return; }
    downloadSave(g);
    this.setState({ note: 'The game was downloaded as it is: keep the file (it can be opened again, or attached to a report).' });
  };

  private openLastGood = () => {
    const g = useGame.getState().saved;
    const back = g ? lastGoodGame(g) : null;
    if (!back) { this.setState({ note: 'No earlier state is left to open.' }); return; }
    useGame.getState().openSaved(back);
    this.retry();
  };

  private menu = () => {
    useGame.getState().leave();
    this.retry();
  };

  private copyReport = () => {
    const text = errorReport(this.state.error!, this.state.componentStack, useGame.getState().saved);
    void navigator.clipboard?.writeText(text).then(
      () => this.setState({ note: 'The report was copied: paste it into a bug report with the exported game.' }),
      () => this.setState({ note: 'The report could not be copied: select the text below instead.' }),
    );
  };

  override render(): ReactNode {
    const { error, componentStack, note } = this.state;
    if (!error) return this.props.children;
    const game = useGame.getState().saved;
    return (
      <div className="recovery" role="alert" data-testid="recovery">
        <h1>Something went wrong drawing the screen</h1>
        <p>The game itself is safe: every action is saved. Export it first, then open its last good state or go back to the menu.</p>
        <div className="buttons">
          <button data-testid="recovery-export" onClick={this.exportGame} disabled={!game}>Export the game</button>
          <button data-testid="recovery-last-good" onClick={this.openLastGood} disabled={!game || game.save.entries.length < 1} title="Reopens the game without its last action (each click goes one action further back)">Open the last good state</button>
          <button data-testid="recovery-retry" onClick={this.retry}>Try again</button>
          <button data-testid="recovery-menu" onClick={this.menu}>Back to the menu</button>
          <button data-testid="recovery-report" onClick={this.copyReport}>Copy a report</button>
        </div>
        {note && <p className="note" data-testid="recovery-note">{note}</p>}
        <pre className="report" data-testid="recovery-report-text">{errorReport(error, componentStack, game)}</pre>
      </div>
    );
  }
}
