/**
 * The programmed opponent (issue 8). A fast subset of the self-play runs (`npm run selfplay` plays
 * whole games; docs/ai.md has the 20-seed command): AI against AI without a refused action, an
 * exception or a stall; the same seed giving the same log, which replays to the same state. The
 * opponent against a random-legal-move player: tests/ai-vs-random.test.ts; Epsom and Cherbourg:
 * tests/ai-scenarios.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../data/bundle';
import { apply, legalActions, newGame, replay, sideToAct, stateHash } from '../engine/game';
import { chooseAction, planTurn, playSide } from './planner';
import { playGame } from './selfplay';
import { aiFileFor, postureFor } from './posture';
import { aiRng } from './rng';
import { decide } from './decisions';
import { makeCtx } from './context';
import { act, at, edit, fixture, start as fxStart, toSegment } from '../engine/rules/combat.fixture';
import { mutUnit } from '../engine/unitTable';

const bundle = loadScenario('goodwood');
// A budget no test reaches: the wall-clock safety net (docs/ai.md) must not make results depend on the machine's load.
const AI = { budgetMs: 600_000 };

describe('AI data and seeded choices', () => {
  test('data/ai/goodwood.json validates and names hexes of the map', () => {
    const f = aiFileFor('goodwood');
    expect(f?.sides.allied?.posture).toBe('attack');
    expect(f?.sides.german?.posture).toBe('defend');
    const p = postureFor(bundle, 'german');
    expect(p.hold.find((h) => h.id === 'troarn')?.value).toBeGreaterThan(0);
  });

  test('the AI PRNG is keyed by seed, action index and side (no Math.random)', () => {
    const { state } = newGame(bundle, { seed: 's1', length: 'short' });
    const a = aiRng(state, 'allied', 'x').next();
    expect(aiRng(state, 'allied', 'x').next()).toBe(a);
    expect(aiRng({ ...state, n: state.n + 1 }, 'allied', 'x').next()).not.toBe(a);
    expect(aiRng({ ...state, seed: 's2' }, 'allied', 'x').next()).not.toBe(a);
  });
});

describe('Goodwood self-play (fast subset: 4 seeds × the first game turn)', () => {
  const seeds = ['ci-1', 'ci-2', 'ci-3', 'ci-4'];
  for (const seed of seeds) {
    test(`seed ${seed}: AI vs AI plays GT 1 without a refused action or a stall; the log replays to the same state`, () => {
      const r = playGame({ scenario: 'goodwood', seed, length: 'short', players: { allied: 'ai', german: 'ai' }, maxTurns: 1, ai: AI });
      expect(r.stuck).toBeUndefined();
      expect(r.finalState.pos.turn).toBe(1);
      // The Allies attack in GT 1 and both sides lose steps; neither side is wiped out.
      expect(r.actions.some((a) => a.type === 'assault')).toBe(true);
      expect(r.stepsLost.allied / r.stepsTotal.allied).toBeLessThan(0.5);
      expect(r.stepsLost.german / r.stepsTotal.german).toBeLessThan(0.5);
      const rep = replay({ scenario: 'goodwood', options: { seed, length: 'short' }, actions: r.actions });
      expect(rep.ok).toBe(true);
      if (rep.ok) expect(stateHash(rep.state)).toBe(stateHash(r.finalState));
    }, 120_000);
  }

  test('determinism: the same seed gives the same log', () => {
    const spec = { scenario: 'goodwood', seed: 'det-1', length: 'short', players: { allied: 'ai', german: 'ai' }, maxTurns: 1, ai: AI } as const;
    const a = playGame({ ...spec, players: { ...spec.players } });
    const b = playGame({ ...spec, players: { ...spec.players } });
    expect(JSON.stringify(b.actions)).toBe(JSON.stringify(a.actions));
    expect(stateHash(b.finalState)).toBe(stateHash(a.finalState));
  }, 120_000);
});

// The opponent against a random-legal-move player (10 seeds each side): tests/ai-vs-random.test.ts.

describe('API', () => {
  test('chooseAction returns a legal action for the side to act and null for the other side', () => {
    const { state } = newGame(bundle, { seed: 'api', length: 'short' });
    const side = sideToAct(state)!;
    const a = chooseAction(state, side);
    expect(a).not.toBeNull();
    expect(apply(state, a!).ok).toBe(true);
    expect(chooseAction(state, side === 'allied' ? 'german' : 'allied')).toBeNull();
  });

  test('planTurn plays until the other side is to act; "fast" level also plays legally', () => {
    const start = newGame(bundle, { seed: 'api', length: 'short' }).state;
    // AW 32.11.0: the German setup (breakdowns) comes first; the AI finishes it as it stands.
    const g = planTurn(start, 'german', { level: 'fast' });
    expect(g.actions).toEqual([{ type: 'finishSetup' }]);
    const p = planTurn(g.state, 'allied', { level: 'fast' });
    expect(p.actions.length).toBeGreaterThan(0);
    expect(sideToAct(p.state)).not.toBe('allied');
  }, 60_000);

  test('GOSS 5.3.5 defensive FS against an overrun (pending overrunFs): the opponent fires the biggest mission offered', () => {
    const b = fixture({
      special: { artillery: { resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: artillery', groups: [{ id: 'gag', side: 'german', name: 'group', kind: 'group', points: 12, range: 7, mapCounter: 'gag', source: 'test: group' }] } },
      units: [
        { id: 'm', side: 'allied', hex: at(2, 4), type: 'Arm', moveClass: 'mech', ma: 12, steps: [[8, 6], [6, 4], [3, 2]], extra: { armAttack: 3, armDefence: 3 } },
        { id: 'g', side: 'german', hex: at(3, 4), steps: [[2, 2], [1, 1]] },
        { id: 'gag', side: 'german', hex: at(7, 4), type: 'Art', size: 'Group', steps: [[8, 1]], pr: [null, 3], extra: { range: 7 } },
      ],
    });
    const s = edit(toSegment(fxStart(b), b, 'exploitation'), (d) => { mutUnit(d, "m").markers.push('Exploit'); });
    const t = act(s, { type: 'overrun', unit: 'm', hex: at(3, 4) }).state;
    expect(t.pending?.kind).toBe('overrunFs');
    expect(decide(makeCtx(t, 'german'), t)).toEqual({ type: 'overrunFs', fire: true, spotter: 'g', artillery: [{ unit: 'gag', points: 8 }] });
  });

  test('pending decisions: the choice is one of the listed legal options', () => {
    let { state } = newGame(bundle, { seed: 'pend', length: 'short' });
    let checked = 0;
    for (let i = 0; i < 2000 && !state.over && checked < 8 && state.pos.turn < 1; i++) {
      const side = sideToAct(state)!;
      if (state.pending) {
        const a = decide(makeCtx(state, side), state)!;
        const legal = legalActions(state, side).map((x) => JSON.stringify(x));
        expect(legal).toContain(JSON.stringify(a));
        checked++;
      }
      // Play on to the next decision (the worker does the same: a new plan at each decision).
      for (const step of playSide(state, side)) { state = step.state; if (state.pending) break; }
    }
    expect(checked).toBeGreaterThan(0);
  }, 120_000);
});
