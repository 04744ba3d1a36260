/** The app shell: start screen, or the game screen (map + tracker, inspector and log panels). */
import { useEffect } from 'react';
import { useGame } from '../store/game';
import { StartScreen } from './StartScreen';
import { MapCanvas } from './map/MapCanvas';
import { Tracker } from './panels/Tracker';
import { Inspector } from './panels/Inspector';
import { GameLog } from './panels/GameLog';

function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.tagName === 'INPUT') return;
      const st = useGame.getState();
      if (e.key === 'Escape') st.selectHex(null);
      else if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); st.undo(); }
      else if (e.key === 'Enter' && st.state && !st.state.over) st.dispatch({ type: 'endSegment' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function App() {
  const bundle = useGame((s) => s.bundle);
  const board = useGame((s) => s.board);
  const leave = useGame((s) => s.leave);
  useShortcuts();
  if (!board) return <StartScreen />;
  return (
    <div className="game">
      <MapCanvas board={board} bundle={bundle} />
      <aside className="side">
        <nav className="top"><b>Neptune</b> · {board.name} <button data-testid="leave" onClick={leave}>Menu</button></nav>
        {bundle && <Tracker />}
        <Inspector />
        {bundle && <GameLog />}
        <footer className="attribution" data-testid="attribution">{board.attribution.join(' · ')}</footer>
      </aside>
    </div>
  );
}
