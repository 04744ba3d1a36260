/**
 * Issue 15 item 8: Cherbourg (AW 34) — a lull (AW 34.10.1) while a Bn has a breakdown Coy out
 * (GOSS 18) must not replace the detached step, so recombining never leaves negative steps; and the
 * AW 34.11.2 German setup can always be finished after a partial manual placement.
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, newGame, replay, sideToAct, stateHash } from '../src/engine/game';
import { segmentAt } from '../src/engine/sequence';
import { setupStatus } from '../src/engine/rules/setupPhase';
import { invariantProblems } from '../src/engine/invariants';
import type { Action, ActionOf, GameState } from '../src/engine/types';
import { unitList, unitOf, withUnits } from '../src/engine/unitTable';

const cherbourg = loadScenario('cherbourg');
const seg = (s: GameState) => segmentAt(cherbourg.sequence, s.pos).segment.id;

/** A game and its log: every action goes through apply and is recorded as normalised. */
function game(seed: string) {
  let state = newGame(cherbourg, { seed }).state;
  const log: Action[] = [];
  const act = (a: Action) => {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.message}`);
    state = r.state;
    log.push(r.action);
    expect(invariantProblems(state)).toEqual([]);
  };
  /** Ends segments (answering decisions with their first offer) until `pred` holds. */
  const until = (pred: (s: GameState) => boolean) => {
    for (let i = 0; i < 3000 && !state.over && !pred(state); i++) {
      const side = sideToAct(state)!;
      const legal = legalActions(state, side);
      act(legal.find((a) => a.type === 'endSegment') ?? legal.find((a) => a.type !== 'roll' && a.type !== 'diceKey')!);
    }
    expect(pred(state)).toBe(true);
  };
  return { get state() { return state; }, set state(s: GameState) { state = s; }, log, act, until };
}

describe('AW 34.10.1 lull and GOSS 18 breakdown Coys', () => {
  test('the Cherbourg position replays without negative steps (a Bn breaks down a Coy, the lull, the Coy recombines)', () => {
    const g = game('lull-breakdown');
    g.act({ type: 'randomSetup' });
    g.act({ type: 'finishSetup' });
    g.until((s) => seg(s) === 'move' && s.pos.playerTurn === 0);
    const bd = legalActions(g.state, 'allied').find((a): a is ActionOf<'breakdown'> => a.type === 'breakdown' && a.coys === 1 && unitOf(g.state, a.unit).stepsLost === 0)!;
    expect(bd).toBeDefined();
    const bn = bd.unit;
    g.act(bd);
    expect(unitOf(g.state, bn).stepsLost).toBe(1); // the step is out as a Coy, not lost
    const coy = unitOf(g.state, bn).detached![0];
    // The next AM GT: the US player declares the lull; the Bn has lost nothing, so nothing is replaced.
    g.until((s) => s.pos.turn === 3 && s.pos.playerTurn === 0 && seg(s) === 'construction');
    const r = apply(g.state, { type: 'declareLull' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.filter((e) => e.type === 'stepReplaced' && e.unit === bn)).toEqual([]);
    g.act({ type: 'declareLull' });
    expect(unitOf(g.state, bn).stepsLost).toBe(1);
    // The Coy rejoins at the first Allied Movement Segment where it may; the Bn is whole again.
    for (let i = 0; i < 12 && unitOf(g.state, coy); i++) {
      g.until((s) => seg(s) === 'move' && s.pos.playerTurn === 0);
      const re = legalActions(g.state, 'allied').find((a) => a.type === 'recombine' && a.unit === bn);
      if (re) g.act(re);
      else g.act({ type: 'endSegment' });
    }
    expect(unitOf(g.state, coy)).toBeUndefined();
    expect(unitOf(g.state, bn).stepsLost).toBe(0);
    // From the next Allied Movement Segment on, the engine lists actions (it threw before) and never goes negative.
    g.act({ type: 'endSegment' });
    g.until((s) => seg(s) === 'move' && s.pos.playerTurn === 0);
    expect(() => legalActions(g.state, 'allied')).not.toThrow();
    expect(unitList(g.state).filter((u) => u.stepsLost < 0)).toEqual([]);
    const back = replay({ scenario: 'cherbourg', options: { seed: 'lull-breakdown' }, actions: g.log });
    expect(back.ok).toBe(true);
    if (back.ok) expect(stateHash(back.state)).toBe(stateHash(g.state));
  }, 240_000);

  test('AW 34.10.1: a Bn with a real step loss and a Coy out replaces the lost step only; a fully broken-down Bn with a loss re-forms with one step', () => {
    const g = game('lull-loss');
    g.act({ type: 'randomSetup' });
    g.act({ type: 'finishSetup' });
    g.until((s) => seg(s) === 'move' && s.pos.playerTurn === 0);
    const offers = legalActions(g.state, 'allied').filter((a): a is ActionOf<'breakdown'> => a.type === 'breakdown' && unitOf(g.state, a.unit).stepsLost === 0);
    const part = offers.find((a) => a.coys === 1)!;
    g.act(part);
    const full = legalActions(g.state, 'allied').find((a): a is ActionOf<'breakdown'> => a.type === 'breakdown' && a.unit !== part.unit && unitOf(g.state, a.unit).stepsLost === 0
      && cherbourg.units.get(a.unit)!.steps.length === a.coys)!;
    g.act(full);
    expect(unitOf(g.state, full.unit).hex).toBeNull();
    g.until((s) => s.pos.turn === 3 && s.pos.playerTurn === 0 && seg(s) === 'construction');
    // One Coy of each Bn is eliminated: a real loss of one step each (GOSS 18: an eliminated Coy's step is lost to its Bn).
    const kill = (id: string) => { const c = unitOf(g.state, id); g.state = { ...g.state, units: withUnits(g.state.units, [{ ...c, hex: null, eliminated: true }]) }; };
    const fullCoys = [...unitOf(g.state, full.unit).detached!];
    kill(unitOf(g.state, part.unit).detached![0]);
    kill(fullCoys[0]);
    expect(unitOf(g.state, part.unit).stepsLost).toBe(1);
    g.act({ type: 'declareLull' });
    expect(unitOf(g.state, part.unit).stepsLost).toBe(0);
    const bn = unitOf(g.state, full.unit);
    expect(bn.hex).toBe(unitOf(g.state, fullCoys[1]).hex); // re-formed with one step beside its Coy
    expect(cherbourg.units.get(full.unit)!.steps.length - bn.stepsLost).toBe(1);
    expect(invariantProblems(g.state)).toEqual([]);
  }, 240_000);
});

/** A small seeded generator for the test's own choices (not the engine's dice). */
function lcg(seed: number) { let x = seed >>> 0; return (n: number) => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x % n; }; }

describe('AW 34.11.2 random setup', () => {
  test('the Cherbourg setup can always be finished: after a partial manual placement, random setup leaves finishSetup offered and accepted (36 seeds)', () => {
    for (let seed = 0; seed < 36; seed++) {
      let state = newGame(cherbourg, { seed: `partial-${seed}` }).state;
      const rnd = lcg(seed + 1);
      const manual = 5 + rnd(40);
      for (let i = 0; i < manual; i++) {
        const offers = legalActions(state, 'german').filter((a) => a.type === 'placeUnit' || a.type === 'placeFieldworks');
        if (!offers.length) break;
        const r = apply(state, offers[rnd(offers.length)]);
        expect(r.ok).toBe(true);
        if (r.ok) state = r.state;
      }
      const r = apply(state, { type: 'randomSetup' });
      expect(r.ok, `seed ${seed}: ${r.ok ? '' : r.error.message}`).toBe(true);
      if (!r.ok) continue;
      state = r.state;
      expect(setupStatus(state, cherbourg)!.failures, `seed ${seed}`).toEqual([]);
      const legal = legalActions(state, 'german');
      expect(legal.map((a) => a.type)).toContain('finishSetup');
      expect(legal.map((a) => a.type)).not.toContain('randomSetup'); // no no-op offered
      expect(apply(state, { type: 'finishSetup' }).ok).toBe(true);
    }
  }, 300_000);
});
