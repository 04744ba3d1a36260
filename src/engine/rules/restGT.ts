/**
 * The secret rest game turn (AW 3.3.3 Command Segment: "The Axis side secretly designates which GT will
 * be the Axis rest GT", seed:004 L1230–1232; GOSS 3.5: each side has one rest GT per game day, the
 * Allies always at Night, the Axis designates secretly). A GT sealed once per game day
 * (rules/dailySealedGt.ts: sealed at the day's first segment, asked at each of the side's player turns,
 * revealed by the day's last GT), turned on by a scenario with `rules.secretRest: {side, source}`;
 * declined with `restPass`, reported as `restGT`, `restBroken` (revealed after it was declined) and
 * `restDeclined`. The effect, while the revealed rest GT lasts: the side's units may not enter PA or Exploit mode
 *   (GOSS 3.5; checked in movement.ts `checkMark`). The rest-GT fatigue costs of GOSS 3.5 are not
 *   modelled yet (docs/rules-coverage.md).
 */
import { dailySealedGt, isDesignatedGt, sealedGtKey } from './dailySealedGt';
import { SecretRestRule } from '../../data/schemas/hidden';
import type { GameState, ScenarioBundle, Side } from '../types';

const RULE_CASE = 'AW 3.3.3, GOSS 3.5';
const KIND = 'restGT';

const parsed = new WeakMap<ScenarioBundle, SecretRestRule | null>();

/** The scenario's `rules.secretRest`, validated (null when the scenario does not use it). */
export function secretRestRule(bundle: ScenarioBundle): SecretRestRule | null {
  let r = parsed.get(bundle);
  if (r === undefined) {
    const raw = bundle.scenario.rules.secretRest;
    if (raw === undefined) r = null;
    else {
      const p = SecretRestRule.safeParse(raw);
      if (!p.success) throw new Error(`scenario ${bundle.scenario.id}: rules.secretRest: ${p.error.issues[0]?.message}`);
      r = p.data;
    }
    parsed.set(bundle, r);
  }
  return r;
}

export const restKey = (date: string) => sealedGtKey(KIND, date);

/** GOSS 3.5: is this game turn `side`'s revealed rest GT? */
export function isRestGT(state: GameState, bundle: ScenarioBundle, side: Side): boolean {
  return isDesignatedGt(state, bundle, KIND, side);
}

export const restGTRules = dailySealedGt({
  kind: KIND,
  passType: 'restPass',
  case: RULE_CASE,
  what: 'rest GT',
  side: (bundle) => secretRestRule(bundle)?.side ?? null,
  events: { revealed: 'restGT', broken: 'restBroken', declined: 'restDeclined' },
});
