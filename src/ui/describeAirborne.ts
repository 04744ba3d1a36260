/**
 * The Airborne Assault Stage's events (AW 41) in the game log, in the player's words: what was rolled,
 * against what, and what came of it. Before, they fell to the generic line ("Ab combat: hex C5215"),
 * which named the event and hid the result. Each text ends with its rule case (added by the caller).
 */
import type { GameEvent, ScenarioBundle } from '../engine/types';
import { airborneData } from '../engine/query';
import { nameList, signed } from './words';

type Name = (id: unknown) => string;
type Ev = Record<string, unknown>;

const plural = (n: unknown, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;
const SIDE: Record<string, string> = { allied: 'Allied', german: 'German' };

interface AbTotal { side?: string; total: number }
interface AbOutcome { attacker: { roll: number; final: number }; defender: { roll: number; final: number }; winner: 'attacker' | 'defender' | null; diff: number; loserPr: number | null; result: 'none' | 'retreat' | 'retreatStep' }

/** AW 41.5.1–41.5.2: both totals, both dice, who won and by how much, what the loser suffers. */
function combat(e: Ev): string {
  const a = e.attacker as AbTotal; const d = e.defender as AbTotal; const o = e.outcome as AbOutcome;
  const side = (t: AbTotal, role: string) => `${SIDE[t.side ?? ''] ?? role} ${t.total} + die ${role === 'attacker' ? o.attacker.roll : o.defender.roll} = ${role === 'attacker' ? o.attacker.final : o.defender.final}`;
  const where = e.forced ? `${e.hex} (the landing unit's forced attack)` : `${e.hex} from ${e.from}`;
  const head = `Airborne combat on ${where}: ${side(a, 'attacker')} against ${side(d, 'defender')}`;
  if (!o.winner) return `${head} — a tie, no effect`;
  const loser = o.winner === 'attacker' ? 'defender' : 'attacker';
  const what = o.result === 'retreatStep' ? `loses a step and retreats (${o.diff} ≥ its PR ${o.loserPr})` : `retreats (${o.diff} < its PR ${o.loserPr})`;
  return `${head} — the ${o.winner} wins by ${o.diff}: the ${loser} ${what}`;
}

/** The text of an AW 41 event, or null for an event of another rule. */
export function airborneEventText(ev: GameEvent, name: Name, bundle: ScenarioBundle | null): string | null {
  const e = ev as unknown as Ev & { type: string };
  const pass = (p: unknown) => (p ? 'passed' : 'failed');
  switch (e.type) {
    case 'abCombat': return combat(e);
    case 'abCombatNone': return `No airborne combat in ${e.hex}: ${e.why}`;
    case 'abForcedOut': return `${nameList(name, e.units)} leave ${e.hex}: ${e.why}`;
    case 'abAdvanced': return `${nameList(name, e.units)} advance ${e.from} → ${e.to}`;
    case 'abAdvanceDeclined': return `No advance into ${e.hex}`;
    case 'abPassCheck': return `${name(e.checker)} checks ${name(e.unit)} passing ${e.hex}: PR ${e.pr}, rolled ${e.roll} — ${pass(e.pass)}`;
    case 'airborneRetreated': return `${nameList(name, e.units)} retreat ${e.from} → ${e.to}${e.why ? ` (${e.why})` : ''}`;
    case 'bridgeAttempt': return `${name(e.unit)} tries to blow the bridge ${e.hex}–${e.across}: rolled ${e.roll} — ${e.success ? 'blown' : 'it stands'}`;
    case 'bridgeCaptured': return `The ${e.bridge} is captured (rolled ${e.roll})`;
    case 'bridgeHeld': return `The ${e.bridge} stays in German hands (rolled ${e.roll})`;
    case 'bridgeDestroyed': return e.bridge ? `The Germans destroy the ${e.bridge} (rolled ${e.roll})` : `The bridge ${e.hex}–${e.across} is blown`;
    case 'bridgeStands': return `The bridge ${e.hex}–${e.across} stands${e.why ? `: ${e.why}` : ''}`;
    case 'containerFilled': return `DZ ${e.dz}'s container: ${plural(e.coys, 'Coy', 'Coys')} and ${plural(e.dummies, 'dummy', 'dummies')}`;
    case 'dummiesRolled': return `DZ ${e.dz}: ${plural(e.dummies, 'dummy', 'dummies')} for ${name(e.battalion)} (rolled ${e.roll})`;
    case 'dzPlaced': {
      const mod = e.drm ? `, ${signed(Number(e.drm))} = ${e.modified}` : '';
      const scatter = e.scatter === 'NS' ? 'no scatter' : `scatter ${e.scatter}${e.moved ? ` from ${e.target}` : ''}`;
      return `DZ ${e.dz}${e.main ? ' (main)' : ''} on ${e.hex}: ${scatter}; status ${e.status} (rolled ${e.roll}${mod})`;
    }
    case 'extendedScatter': return `${name(e.unit)} goes to box ${String(e.box).replace(/^es-/, '')} of the Extended Scatter track (rolled ${e.roll})`;
    case 'fowDisplaced': return `${nameList(name, e.units)} give way to a German unit: ${e.from} → ${e.to}`;
    case 'fowDrawn': return `A FoW counter drops from DZ ${e.dz} (${plural(e.left, 'counter', 'counters')} left in its container)`;
    case 'fowEntryCheck': return `${name(e.unit)} enters the FoW hex ${e.hex}: PR ${e.pr}, rolled ${e.roll} — ${pass(e.pass)}`;
    case 'fowRevealed': return `The FoW counter ${e.hex ? `in ${e.hex} ` : ''}is ${e.dummy ? 'a dummy, removed' : name(e.unit)}${e.eliminated ? ' (eliminated)' : ''}${e.why ? ` — ${e.why}` : ''}`;
    case 'germanActivated': return `German units activated${e.how ? ` (${e.how})` : ''}: ${nameList(name, e.units)}`;
    case 'germanActivationRoll': {
      const group = (bundle ? airborneData(bundle).special.germanActivation?.groups ?? [] : []).find((g) => g.id === e.group);
      return `${group?.name ?? e.group}: ${plural(e.count, 'unit', 'units')} may be activated (½d10 rounded up: rolled ${e.die})`;
    }
    case 'landingTerrain': return `${name(e.unit)} lands in ${e.terrain} at ${e.hex}: rolled ${e.roll} — ${e.result}`;
    case 'mervilleLanding': return `${name(e.unit)} ${e.landed ? 'lands on' : 'misses'} the Merville battery, ${e.hex}${e.roll ? ` (rolled ${e.roll})` : ''}`;
    case 'mervilleFailed': return `The attack on the Merville battery fails (rolled ${e.roll})`;
    case 'pegasusLanded': return `${name(e.unit)} lands at the bridges, ${e.hex}`;
    case 'regroupRoll': return `${name(e.unit)} in ${e.hex} tries to regroup (DZ status ${e.dz ?? '–'}${e.leader ? ', a leader' : ''}: ${e.number} or less): rolled ${e.roll} — ${e.success ? 'regrouped' : 'not yet'}`;
    case 'unitLanded': return `${name(e.unit)} lands on ${e.hex} (DZ ${e.dz})${e.leader ? ` with ${name(e.leader)}` : ''}`;
    case 'unitScatter': return `${name(e.unit)} scatters from DZ ${e.dz}: rolled ${e.roll}${e.modified !== undefined && e.modified !== e.roll ? ` (modified ${e.modified})` : ''} — ${e.result === 'NS' ? 'no scatter' : e.result}`;
    case 'victory': {
      if (!('points' in e)) return null; // a scenario's victory (rules/victory.ts): the caller's generic line
      const items = (e.items as { what: string; count: number; points: number }[] | undefined) ?? [];
      const result = e.winner === 'draw' ? 'a draw' : `${SIDE[String(e.winner)] ?? e.winner} victory`;
      return `The stage's victory points: ${items.map((i) => `${i.what} ${i.count} (${i.points >= 0 ? '+' : '−'}${Math.abs(i.points)})`).join(', ')} = ${e.points}: ${result}`;
    }
    default: return null;
  }
}
