/**
 * Whose decision it is and about what (issue 16 item 10): above a pending decision's prompt, the
 * player who decides, and the procedure it belongs to — which ground assault (hex, attackers,
 * defenders, column and dice) or which fire mission, and whether the stack deciding is the
 * attacking or the defending one — read from the engine's combat bookkeeping (combatState.ts).
 */
import { frameOf } from '../../engine/query';
import { useGame } from '../../store/game';
import { formatHex } from '../../engine/hex';
import type { GameState, ScenarioBundle } from '../../engine';
import { SIDE_NAME } from '../describe';


function pendingContext(state: GameState, bundle: ScenarioBundle | null): { who: string; about: string | null } | null {
  const p = state.pending;
  if (!p) return null;
  const name = (id: string) => bundle?.units.get(id)?.designation ?? id;
  const list = (ids: string[]) => ids.map(name).join(', ');
  const player = state.players[p.side];
  // The player's name when one was given (not the default "Allied player").
  const who = `${SIDE_NAME[p.side]} player${player && player !== `${SIDE_NAME[p.side]} player` ? ` (${player})` : ''} decides`;
  const ga = frameOf(state, 'groundAssault');
  if (ga && p.kind.startsWith('ga')) {
    const role = p.side === ga.attackerSide ? 'attacking' : 'defending';
    const col = ga.odds ? `, column ${ga.odds.columnLabel}` : '';
    const dice = ga.rolls ? `, dice ${ga.rolls.attackerModified} (attacker) / ${ga.rolls.defenderModified} (defender)` : '';
    const what = p.kind === 'gaAdvance' ? 'for the attackers' : p.kind === 'gaDefend' ? 'for the defenders' : `for the ${role} units`;
    return { who: `${who} ${what}`, about: `${ga.overrun ? 'Overrun' : 'Ground assault'} on ${formatHex(ga.hex)}: ${list(ga.attackers)} (${SIDE_NAME[ga.attackerSide]}) against ${list(ga.defenders)} (${SIDE_NAME[ga.defenderSide]})${col}${dice}.` };
  }
  const fs = frameOf(state, 'fireMission');
  if (fs && p.kind.startsWith('fs')) {
    return { who: `${who} for the target stack`, about: `Fire support on ${formatHex(fs.target)} (${SIDE_NAME[fs.firingSide]} mission, ${fs.hits} hit${fs.hits === 1 ? '' : 's'}): ${list(fs.units)}.` };
  }
  return { who, about: null };
}

export function PendingContext() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const c = state ? pendingContext(state, bundle) : null;
  if (!c) return null;
  return (
    <div className="pending-context" data-testid="pending-context">
      <div className={`pending-who side-${state!.pending!.side}`}>{c.who}</div>
      {c.about && <div className="pending-about">{c.about}</div>}
    </div>
  );
}
