/**
 * The opponent in the Airborne Assault Stage (src/ai/airborne.ts): it plays the stage's segments
 * instead of ending them, its attack preview is the combat's own arithmetic, and it plays better than
 * a random-legal-move player on both night drops, for either side (the stage's reconstructed points,
 * docs/scenarios/night-drop-*.md). Seeds are fixed: every figure below is exact for this code.
 */
import { describe, expect, test } from 'vitest';
import { playGame, type GameResult } from './selfplay';
import { loadScenario } from '../data/bundle';
import { apply, newGame } from '../engine/game';
import { abAttackPreview, stageScore } from '../engine/query';
import { segmentAt } from '../engine/sequence';
import { tryParseHexRef } from '../engine/hex';
import type { Action, ActionOf, GameState } from '../engine/types';

const AI = { level: 'fast' as const, budgetMs: 600_000 };
type Who = 'ai' | 'random';

function game(scenario: string, seed: string, allied: Who, german: Who): GameResult {
  return playGame({ scenario, seed, players: { allied, german }, ai: AI });
}
const score = (scenario: string, r: GameResult) => stageScore(r.finalState, loadScenario(scenario))!.total;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The segment of each action of a game, replayed from its log. */
function segmentsOf(scenario: string, seed: string, actions: Action[]): { action: Action; seg: string; before: GameState; events: unknown[] }[] {
  const bundle = loadScenario(scenario);
  let state = newGame(bundle, { seed }).state;
  const out = [];
  for (const a of actions) {
    const r = apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    out.push({ action: a, seg: segmentAt(bundle.sequence, state.pos).segment.id, before: state, events: r.events });
    state = r.state;
  }
  return out;
}

describe('AW 41 the opponent in the Airborne Assault Stage', () => {
  test('AW 41.3–41.11: it regroups, blows bridges, moves and attacks as the Allies, activates, moves and attacks as the Germans', () => {
    const seed = 'ab-ai-1';
    const r = game('night-drop-6ab', seed, 'ai', 'ai');
    const steps = segmentsOf('night-drop-6ab', seed, r.actions);
    const count = (t: string) => r.actions.filter((a) => a.type === t).length;
    for (const t of ['regroup', 'blowBridge', 'abMove', 'abAttack', 'gActivate', 'gMove']) expect(count(t), t).toBeGreaterThan(0);
    // AW 41.3.4–41.3.5: in each Allied movement segment the regroup rolls come before the first move.
    for (const seg of ['alliedMovement1', 'alliedMovement2']) {
      const kinds = steps.filter((s) => s.seg === seg).map((s) => s.action.type);
      const firstMove = kinds.indexOf('abMove');
      if (firstMove >= 0) expect(kinds.slice(firstMove).includes('regroup'), seg).toBe(false);
    }
  }, 120_000);

  test('AW 41.5.1–41.5.2: the preview it attacks by gives the totals the combat then uses, and odds that sum to 1', () => {
    const seed = 'ab-ai-2';
    let checked = 0;
    for (const scenario of ['night-drop-6ab', 'night-drop-us']) {
      const r = game(scenario, seed, 'ai', 'ai');
      const bundle = loadScenario(scenario);
      for (const s of segmentsOf(scenario, seed, r.actions)) {
        if (s.action.type !== 'abAttack') continue;
        const a = s.action as ActionOf<'abAttack'>;
        const hex = tryParseHexRef(a.hex);
        if ('error' in hex) throw new Error(hex.error);
        const p = abAttackPreview(s.before, bundle, hex.hex, a.attackers)!;
        const ev = s.events.find((e) => (e as { type: string }).type === 'abCombat') as { attacker: { total: number; pr: number }; defender: { total: number; pr: number } } | undefined;
        if (!ev) continue; // every defender had left the hex (no combat)
        expect({ a: p.attacker, d: p.defender }).toEqual({ a: { total: ev.attacker.total, pr: ev.attacker.pr }, d: { total: ev.defender.total, pr: ev.defender.pr } });
        const o = p.odds;
        const sum = o.none + Object.values(o.attackerWins).reduce((x, y) => x + y, 0) + Object.values(o.defenderWins).reduce((x, y) => x + y, 0);
        expect(sum).toBeCloseTo(1, 9);
        // Equal totals: the same chance each way (AW 41.5.2, one 1d10 each).
        if (p.attacker.total === p.defender.total) expect(o.none).toBeCloseTo(0.1, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  }, 120_000);

  for (const scenario of ['night-drop-6ab', 'night-drop-us']) {
    test(`${scenario}: over 8 seeds it scores more as the Allies, and holds the Allies to less as the Germans, than random play does`, () => {
      const seeds = Array.from({ length: 8 }, (_, i) => `ab-ai-vs-${i + 1}`);
      const rr = mean(seeds.map((s) => score(scenario, game(scenario, s, 'random', 'random'))));
      const ai = mean(seeds.map((s) => score(scenario, game(scenario, s, 'ai', 'random'))));
      const ag = mean(seeds.map((s) => score(scenario, game(scenario, s, 'random', 'ai'))));
      const line = `random vs random ${rr}, AI Allies ${ai}, AI Germans ${ag}`;
      expect(ai, line).toBeGreaterThanOrEqual(rr + 4);
      expect(ag, line).toBeLessThanOrEqual(rr - 3);
    }, 300_000);
  }
});
