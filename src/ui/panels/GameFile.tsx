/** Export and import of the game in progress (issue 7), and the way into a replay of it. */
import { useGame } from '../../store/game';
import { SaveControls } from '../save/SaveControls';
import { CopyNotice } from '../save/CopyNotice';

export function GameFile() {
  const saved = useGame((s) => s.saved);
  const openSaved = useGame((s) => s.openSaved);
  const replaying = useGame((s) => s.replaying);
  // PBEM: an import of this game's file must continue it (importTurn's checks), as "Open opponent's turn…".
  const me = useGame((s) => s.pbem?.me ?? null);
  if (!saved || replaying) return null;
  return (
    <section className="panel file" aria-label="Game file">
      <CopyNotice game={saved} />
      <SaveControls game={saved} me={me} onImported={(game, from) => openSaved(game, { replayFrom: from })} />
      <button data-testid="replay-game" onClick={() => openSaved(saved, { replayFrom: 0 })}>Replay this game</button>
    </section>
  );
}
