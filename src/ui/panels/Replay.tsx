/**
 * Replay of a save (issue 7): the VCR bar steps through the log, the map shows each step's state
 * and the log its events; after an import it starts at the first new entry and summarises what
 * changed. Read-only: leaving the replay returns to the game at its last entry.
 */
import { useMemo } from 'react';
import { useGame } from '../../store/game';
import { ReplayBar } from '../save/ReplayBar';
import { timelineOf, type SavedGame, type Timeline } from '../../save';
import type { Action, ScenarioBundle, Side } from '../../engine';
import { describeAction } from '../describeAction';
import { SIDE_NAME } from '../describe';
import { ChangesSummary } from '../save/ChangesSummary';
import { CopyNotice } from '../save/CopyNotice';

export function Replay() {
  const replaying = useGame((s) => s.replaying);
  const bundle = useGame((s) => s.bundle);
  const show = useGame((s) => s.showReplayStep);
  const stop = useGame((s) => s.stopReplay);
  // PBEM: a turn file opened in a browser new to the game starts at 0 and is still "what they did".
  const pbem = useGame((s) => !!s.pbem);
  const tl = useMemo(() => (replaying && bundle ? playerTimeline(replaying.game, bundle) : undefined), [replaying, bundle]);
  if (!replaying) return null;
  return (
    <section className="panel replay" data-testid="replay">
      <b>Replay</b> <button data-testid="replay-exit" onClick={stop}>Back to the game</button>
      <CopyNotice game={replaying.game} />
      <ReplayBar save={replaying.game.save} timeline={tl} start={replaying.from} onStep={({ state, events }) => show(state, events)} />
      {(replaying.from > 0 || pbem) && <ChangesSummary save={replaying.game.save} timeline={tl} from={replaying.from} unitName={(id) => bundle?.units.get(id)?.designation ?? id} />}
    </section>
  );
}


/**
 * The save's timeline with each step labelled in the player's words (issue 16 item 11): "German:
 * Move 2/200/21 to C5122", not the save layer's `move unit=… path=[…]` or `diceKey key=9d29…`.
 */
function playerTimeline(game: SavedGame, bundle: ScenarioBundle): Timeline {
  // From the file check's own re-play when the game has one (no second re-play of a long game here).
  const t = timelineOf(game, () => bundle);
  const save = game.save;
  const labels = t.labels.map((l, k) => {
    const e = save.entries[k - 1];
    if (!e) return 'Start of the game';
    const who = SIDE_NAME[e.by as Side] ?? e.by;
    if (e.kind !== 'action') return `${who}: ${e.kind === 'anchor' ? 'publishes its dice chain' : 'commits to its next actions'}`;
    const a = e.action as Action;
    return `${who}: ${a.type === 'diceKey' ? 'seals the dice for the next rolls' : describeAction(a, bundle)}`;
  });
  return { ...t, labels };
}
