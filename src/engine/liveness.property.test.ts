/**
 * Liveness property (issue 5 / issue 8 dead ends): from any position reached by random legal play —
 * moves, designations, assaults, every pending decision answered at random, at day and at Night —
 * the side to act always has at least one action that `apply` accepts, until the game is over.
 * A listed action other than endSegment is accepted as listed (docs/engine.md: legalActions).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, legalActions, newGame, sideToAct } from './game';
import { segmentAt } from './sequence';
import { at, fixture, type UnitSpec } from './rules/combat.fixture';
import type { Action, GameState } from './types';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });

/** Two lines a hex apart on a small map with woods and a village, so assaults, retreats and pile-ups happen. */
const bundles = new Map<string, ReturnType<typeof fixture>>();
function bundleAt(time: 'PM' | 'Night') {
  const hit = bundles.get(time);
  if (hit) return hit;
  const b = fixture({
    start: { date: '1944-07-18', time },
    terrain: { [at(4, 3)]: 'woods', [at(5, 5)]: 'village', [at(3, 6)]: 'woods' },
    units: [
      A('a1', 3, 3), A('a2', 3, 4), A('a3', 3, 4), A('a4', 3, 5), A('a5', 2, 4), A('a6', 2, 5), A('ac', 3, 5, { size: 'Co', steps: [[3, 3]] }),
      A('am', 2, 3, { moveClass: 'mech', type: 'Arm', ma: 10, extra: { armAttack: 1 } }),
      G('g1', 4, 3), G('g2', 4, 4, { fieldworks: 'IP' }), G('g3', 4, 5), G('g4', 5, 4), G('gc', 5, 5, { size: 'Co', steps: [[3, 3]] }),
    ],
  });
  bundles.set(time, b);
  return b;
}

/** Plays `steps` random actions; at each position some listed action must be accepted. */
function play(time: 'PM' | 'Night', picks: number[], steps: number): void {
  const bundle = bundleAt(time);
  let state: GameState = newGame(bundle, { seed: `live-${picks[0] ?? 0}` }).state;
  for (let i = 0; i < steps && !state.over; i++) {
    const side = sideToAct(state);
    expect(side).not.toBeNull();
    const legal = legalActions(state, side!).filter((a) => a.type !== 'roll' && a.type !== 'diceKey');
    const where = `${segmentAt(bundle.sequence, state.pos).segment.id} GT ${state.pos.turn + 1}.${state.pos.playerTurn}${state.pending ? ` pending ${state.pending.kind}` : ''}`;
    expect(legal.length, `no legal action for ${side} at ${where}`).toBeGreaterThan(0);
    const p = picks[i % picks.length] ?? 0;
    // End segments often enough that the game moves on; otherwise a listed action at random.
    const others = legal.filter((a) => a.type !== 'endSegment');
    const first: Action = others.length && p % 3 !== 0 ? others[p % others.length] : legal[0];
    let r = apply(state, first);
    if (first.type !== 'endSegment') expect(r.ok, `listed ${JSON.stringify(first)} refused at ${where}: ${r.ok ? '' : r.error.message}`).toBe(true);
    for (const a of legal) { if (r.ok) break; r = apply(state, a); }
    expect(r.ok, `no listed action accepted for ${side} at ${where}: ${r.ok ? '' : r.error.message}`).toBe(true);
    if (r.ok) state = r.state;
  }
}

describe('liveness property (fast-check)', () => {
  it('GOSS 6.0, 13.4, AW 31.6 property: random legal play never reaches a position without an accepted action (day and Night)', () => {
    fc.assert(fc.property(
      fc.array(fc.nat({ max: 1000 }), { minLength: 20, maxLength: 60 }),
      fc.constantFrom<'PM' | 'Night'>('PM', 'Night'),
      (picks, time) => { play(time, picks, 400); },
    ), { numRuns: 12, seed: 19440718 });
  }, 120_000);
});
