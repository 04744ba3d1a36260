/**
 * A sealed choice of the side on screen (docs/engine.md "Hidden information"; AW 3.3.3 secret rest GT):
 * the choice is sealed here — value and salt kept in this browser (store/secrets.ts), only the
 * commitment dispatched — and revealed from what this browser kept when the rules ask. Shown only
 * inside Decisions, i.e. to the side the pending decision belongs to (hotseat: behind the handover).
 */
import { useGame } from '../../store/game';
import { keptSecret, revealAction, sealChoice } from '../../store/secrets';
import { questionSeal } from '../../engine/query';

export function SealedChoice() {
  const state = useGame((s) => s.state);
  const gameId = useGame((s) => s.saved?.save.header.game ?? null);
  const dispatch = useGame((s) => s.dispatch);
  const pending = state?.pending;
  if (!state || !pending || !gameId) return null;
  const side = pending.side;
  const req = state.hidden?.request;
  if (pending.kind === 'seal' && req) {
    return (
      <div className="sealed" data-testid="sealed-choice">
        {req.options.map((o) => (
          <button key={o} data-testid={`seal-${o}`} onClick={() => dispatch(sealChoice(gameId, side, req.key, o))}>Seal: {o}</button>
        ))}
      </div>
    );
  }
  const seal = questionSeal(state);
  if (!seal) return null;
  const kept = keptSecret(gameId, side, seal.key);
  if (!kept) return <div className="sealed" data-testid="sealed-choice">This browser does not hold your sealed choice ({seal.case}): reveal it from the browser that sealed it.</div>;
  const reveal = revealAction(gameId, side, seal.key)!;
  return (
    <div className="sealed" data-testid="sealed-choice">
      Your sealed choice: <b>{kept.value}</b>{' '}
      <button data-testid="reveal-seal" onClick={() => dispatch(reveal)}>Reveal it</button>
    </div>
  );
}
