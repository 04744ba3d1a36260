/**
 * Issue 16 item 12: the programmed opponent as the Germans in Goodwood counterattacks and keeps its
 * fieldworks. The figures over 20 games: `node scripts/selfplay-german-hold.mjs` (docs/ai.md); here
 * the first 4 of its seeds, the first two game turns each.
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../data/bundle';
import { newGame } from '../engine/game';
import { hexOfRulesId } from '../engine/hex';
import { goodwoodHoldGame } from './germanHold';
import { isCounterattacker, leavesFortEmpty, makeCtx } from './context';

const bundle = loadScenario('goodwood');

describe('Goodwood German posture (data/ai/goodwood.json keepFieldworks, counterattack)', () => {
  test('GOSS 17 fieldworks kept: the last combat unit may not leave the ET-3 at C5028, an HQ or a second unit may; the Allies have no such rule', () => {
    const { state } = newGame(bundle, { seed: 'fw', length: 'short' });
    const g = makeCtx(state, 'german');
    const c5028 = hexOfRulesId('C5028');
    expect(state.fieldworks[c5028]).toBe('ET-3');
    expect(leavesFortEmpty(g, state, ['1-2-21'], c5028)).toBe(false);
    expect(leavesFortEmpty(g, state, ['1-2-21', '88flak-coy-5'], c5028)).toBe(true);
    // C5326 ET-2 holds a Flak Coy and the 21st Pz HQ: the HQ may go, the Flak Coy may not leave the HQ alone in it.
    const c5326 = hexOfRulesId('C5326');
    expect(leavesFortEmpty(g, state, ['21pz-hq'], c5326)).toBe(false);
    expect(leavesFortEmpty(g, state, ['88flak-coy-6'], c5326)).toBe(true);
    expect(leavesFortEmpty(makeCtx(state, 'allied'), state, ['1-2-21', '88flak-coy-5'], c5028)).toBe(false);
    // The counterattack force: armour and panzergrenadiers, not AT or Flak companies.
    expect(isCounterattacker(g, '3-503')).toBe(true);
    expect(isCounterattacker(g, 'i-192-21')).toBe(true);
    expect(isCounterattacker(g, '88flak-coy-5')).toBe(false);
  });

  test('AI vs AI, 4 seeds × GTs 1–2: the Germans counterattack (a German GA in at least 3 of 4 games) and leave no fortified hex by choice', () => {
    const rs = ['hold-1', 'hold-2', 'hold-3', 'hold-4'].map((seed) => goodwoodHoldGame(seed, 2));
    const s = rs.map((r) => `${r.seed}: GAs [${r.gaByTurn.join(', ')}], left by choice ${r.leftVoluntarily.map((x) => x.hex).join(' ') || 'none'}`).join('; ');
    for (const r of rs) expect(r.result.stuck, s).toBeUndefined();
    expect(rs.filter((r) => r.gaByTurn.some((n) => n > 0)).length, s).toBeGreaterThanOrEqual(3);
    for (const r of rs) expect(r.leftVoluntarily, s).toEqual([]);
  }, 600_000);
});
