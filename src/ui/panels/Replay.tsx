/**
 * Replay of a save (issue 7): the VCR bar steps through the log, the map shows each step's state
 * and the log its events; after an import it starts at the first new entry and summarises what
 * changed. Read-only: leaving the replay returns to the game at its last entry.
 */
import { useGame } from '../../store/game';
import { ReplayBar } from '../save/ReplayBar';
import { ChangesSummary } from '../save/ChangesSummary';
import { CopyNotice } from '../save/CopyNotice';

export function Replay() {
  const replaying = useGame((s) => s.replaying);
  const bundle = useGame((s) => s.bundle);
  const show = useGame((s) => s.showReplayStep);
  const stop = useGame((s) => s.stopReplay);
  // PBEM: a turn file opened in a browser new to the game starts at 0 and is still "what they did".
  const pbem = useGame((s) => !!s.pbem);
  if (!replaying) return null;
  return (
    <section className="panel replay" data-testid="replay">
      <b>Replay</b> <button data-testid="replay-exit" onClick={stop}>Back to the game</button>
      <CopyNotice game={replaying.game} />
      <ReplayBar save={replaying.game.save} start={replaying.from} onStep={({ state, events }) => show(state, events)} />
      {(replaying.from > 0 || pbem) && <ChangesSummary save={replaying.game.save} from={replaying.from} unitName={(id) => bundle?.units.get(id)?.designation ?? id} />}
    </section>
  );
}
