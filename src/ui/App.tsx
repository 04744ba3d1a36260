/** The app shell: start screen, or the game screen (map + tracker, inspector and log panels). */
import { useEffect, useState } from 'react';
import { useGame } from '../store/game';
import { StartScreen } from './StartScreen';
import { MapCanvas } from './map/MapCanvas';
import { Tracker } from './panels/Tracker';
import { Inspector } from './panels/Inspector';
import { GameLog } from './panels/GameLog';
import { Handover } from './panels/Handover';
import { Victory, VictoryNow } from './panels/Victory';
import { Help } from './panels/Help';
import { CounterSheet } from './counters/CounterSheet';
import { Decisions } from './panels/Decisions';
import { FireMission } from './dialogs/FireMission';
import { Assault } from './dialogs/Assault';
import { watchOpponent } from '../store/opponent';
import { watchAutosave } from '../store/autosave';
import { GameFile } from './panels/GameFile';
import { Replay } from './panels/Replay';
import { AiStatus } from './panels/AiStatus';
import { Pbem } from './panels/Pbem';
import { AirborneDisplay } from './panels/AirborneDisplay';
import { SetupPanel } from './setup/SetupPanel';
import { openSetup } from './setup/place';
import { sideToAct } from '../engine';

/** Elements that take Enter themselves: a focused button, link, field or the map (keyboard.ts). */
const OWN_ENTER = 'button, a[href], input, select, textarea, summary, [role=application], [role=dialog]';

function useShortcuts(toggleHelp: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.defaultPrevented || t?.tagName === 'INPUT' || t?.tagName === 'TEXTAREA' || t?.tagName === 'SELECT' || document.querySelector('[data-testid=handover]')) return;
      const st = useGame.getState();
      if (e.key === '?') toggleHelp();
      else if (e.key === 'Escape') st.selectHex(null);
      else if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); st.undo(); }
      else if (e.key === 'Enter' && !e.repeat && st.state && !st.state.over && !st.replaying) {
        // One Enter ends one segment (issue 16 item 2): a focused button takes its own Enter (its click
        // ends the segment once); Shift+Enter ends it from anywhere, the map included. Held keys never repeat it.
        const own = !e.shiftKey ? (t?.closest?.(OWN_ENTER) as HTMLButtonElement | null) : null;
        if (own && !own.disabled) return;
        e.preventDefault();
        st.dispatch({ type: 'endSegment' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleHelp]);
}

export function App() {
  const bundle = useGame((s) => s.bundle);
  const board = useGame((s) => s.board);
  const leave = useGame((s) => s.leave);
  const sheet = useGame((s) => s.sheet);
  const replaying = useGame((s) => !!s.replaying);
  // AW 34.11.2: while a placement-pool setup is open its panel replaces the Decisions list.
  const inSetup = useGame((s) => !!openSetup(s.state));
  // PBEM: the other side's segments and decisions are played in its own browser: no dialogs for them here.
  const othersTurn = useGame((s) => !!s.pbem && !!s.state && !s.state.over && sideToAct(s.state) !== s.pbem.me);
  const [help, setHelp] = useState(false);
  const [victoryOpen, setVictoryOpen] = useState(false);
  useShortcuts(() => setHelp((h) => !h));
  useEffect(() => watchOpponent(), []);
  useEffect(() => watchAutosave(), []);
  if (sheet) {
    return (
      <div className="sheet-page">
        <nav className="top"><b>Neptune</b> · counter sheet <button data-testid="leave" onClick={leave}>Menu</button></nav>
        <CounterSheet scenarioId={sheet} />
      </div>
    );
  }
  if (!board) return <StartScreen />;
  return (
    <div className="game">
      <MapCanvas board={board} bundle={bundle} />
      <Handover />
      {bundle && <Victory />}
      <aside className="side">
        <nav className="top"><b>Neptune</b> <span className="title" data-testid="top-title">{bundle?.scenario.name ?? board.name}</span> {bundle && <button data-testid="victory-toggle" aria-pressed={victoryOpen} onClick={() => setVictoryOpen((o) => !o)} title="Victory conditions now (V)">Victory</button>}<button onClick={() => setHelp((h) => !h)} title="Help (?)">?</button><button data-testid="leave" onClick={leave}>Menu</button></nav>
        {help && <Help onClose={() => setHelp(false)} />}
        {bundle && <Pbem />}
        {bundle && <Replay />}
        {bundle && <Tracker />}
        {bundle && victoryOpen && <VictoryNow onClose={() => setVictoryOpen(false)} />}
        {bundle && <AiStatus />}
        {bundle && <AirborneDisplay />}
        {bundle && inSetup && <SetupPanel />}
        {bundle && !replaying && !inSetup && !othersTurn && <Decisions />}
        {bundle && !replaying && !othersTurn && <FireMission />}
        {bundle && !replaying && !othersTurn && <Assault />}
        <Inspector />
        {bundle && <GameFile />}
        {bundle && <GameLog />}
        <footer className="attribution" data-testid="attribution">{board.attribution.join(' · ')}</footer>
      </aside>
    </div>
  );
}
