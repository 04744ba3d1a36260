/**
 * Play by e-mail (docs/save-format.md "Mounting the UI"): whose move and the dice-mode note
 * (TurnStatusBanner), the side this browser plays, "End my turn and export" (seals the turn and
 * downloads the turn file), "Open opponent's turn…" (must continue this game; then the replay of
 * what they did), and in strict mode the commit / reveal / resolve steps as buttons with prompts.
 */
import { useState } from 'react';
import { useGame } from '../../store/game';
import { receiveTurn, SIDE_NAME } from '../../store/pbem';
import { enemyOf } from '../../engine/query';
import { downloadSave, fileName } from '../../save/autosave';
import { describeAction, turnStatus } from '../../save';
import { playerMessage } from '../describe';
import { TurnStatusBanner } from '../save/TurnStatusBanner';
import { SaveControls } from '../save/SaveControls';
import { StandingOrders } from './StandingOrders';

export function Pbem() {
  const saved = useGame((s) => s.saved);
  const seat = useGame((s) => s.pbem);
  const offer = useGame((s) => s.strictOffer);
  const replaying = useGame((s) => !!s.replaying);
  const step = useGame((s) => s.pbemStep);
  const openSaved = useGame((s) => s.openSaved);
  const error = useGame((s) => s.error);
  const bundle = useGame((s) => s.bundle);
  const [sent, setSent] = useState<string | null>(null);
  if (!saved || !seat) return null;
  const me = seat.me;
  const h = saved.save.header;
  const opp = enemyOf(me);
  const oppName = h.players[opp] ? `${h.players[opp]} (${SIDE_NAME[opp]})` : SIDE_NAME[opp];
  const status = turnStatus(saved, me);
  const strict = h.dice === 'strict';
  const send = () => {
    if (!step('send')) return;
    const g = useGame.getState().saved!;
    downloadSave(g);
    setSent(fileName(g));
  };
  const myMove = status.kind === 'your-turn' || status.kind === 'resolve';
  const sendLabel = status.kind === 'over' ? 'Export the final file'
    : status.kind === 'waiting-reveal' ? 'Send my commitment (export)'
      : myMove ? 'Send file now (export)' : 'End my turn and export';
  return (
    <section className="panel pbem" data-testid="pbem" aria-label="Play by e-mail">
      <div className="pbem-seat" data-testid="pbem-seat">
        Play by e-mail — you play <b>{SIDE_NAME[me]}</b>{h.players[me] ? ` (${h.players[me]})` : ''} against {oppName}. This browser acts only for your side.
      </div>
      <TurnStatusBanner game={saved} me={me} />
      {error && <div className="error" role="alert" data-testid="pbem-refusal">{playerMessage(error, bundle)}</div>}
      {!replaying && (
        <div className="buttons pbem-buttons">
          {strict && status.kind === 'reveal' && (
            <button data-testid="strict-reveal" title="Publishes the next link of your dice hash chain: it fixes the dice of their committed actions" onClick={() => step('reveal')}>Reveal dice for {oppName}'s commitment</button>
          )}
          {strict && status.kind === 'resolve' && (
            <button data-testid="strict-resolve" onClick={() => step('resolve')}>Resolve my committed actions ({saved.track.queue[me]?.length ?? 0})</button>
          )}
          {strict && offer && status.kind === 'your-turn' && (
            <button data-testid="strict-commit" title="You are bound to these actions; the dice come from the reveal in their reply" onClick={() => step('commit')}>Commit to this action: {offer.map((a) => describeAction(a)).join(', ')}</button>
          )}
          <button data-testid="send-turn" className={myMove ? '' : 'primary'} onClick={send}
            title={myMove ? 'You are still to act: sending now lets your opponent return a file (a dice nonce) before you go on' : 'Seal your turn and download the file to send'}>
            {sendLabel}
          </button>
        </div>
      )}
      <StandingOrders />
      {sent && <div className="pbem-sent" data-testid="pbem-sent">Turn file <code>{sent}</code> downloaded: e-mail it to {oppName}, then open their reply with “Open opponent's turn…”.</div>}
      {!replaying && (
        <SaveControls game={null} me={me} importLabel="Open opponent's turn…" importer={(file, verify) => receiveTurn(file, useGame.getState().saved!, me, undefined, verify)}
          onImported={(game, from) => { setSent(null); openSaved(game, { replayFrom: from }); }} />
      )}
    </section>
  );
}
