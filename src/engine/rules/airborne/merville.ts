/**
 * AW 41.4.1: when other Allied units attack the Merville battery in the 1st Allied Combat Segment while
 * the Merville step has landed and not attacked alone, the attack gets +2. One condition, read by the
 * glider rules (the step's own attack) and by the airborne combat procedure (the assisted attack); a
 * leaf so that neither imports the other.
 */
import type { GameState, ScenarioBundle } from '../../types';
import type { HexId } from '../../hex';
import { segmentAt } from '../../sequence';
import { airborneData, airborneState } from './state';
import { unitOf } from '../../unitTable';

/** The +2 an attack on `targetHex` gets now (0 when the battery is not there or the step cannot assist). */
export function mervilleDrm(s: GameState, b: ScenarioBundle, targetHex: HexId): number {
  const { special, tables } = airborneData(b);
  const m = special.merville;
  const battery = m ? unitOf(s, m.battery) : undefined;
  const st = airborneState(s).merville;
  if (!m || !battery || battery.eliminated || battery.hex !== targetHex || !st?.landed || st.attacked) return 0;
  if (segmentAt(b.sequence, s.pos).segment.id !== 'alliedCombat1') return 0;
  return tables.merville.assistedAttackDrm;
}
