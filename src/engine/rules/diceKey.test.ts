import { describe, expect, it } from 'vitest';
import { apply, type Action, type GameState } from '..';
import { Dice } from '../rng';
import { demoGame, play } from '../../../tests/helpers';

const KEY = 'ab'.repeat(32);
const roll = (purpose: string): Action => ({ type: 'roll', dice: '2d10', purpose });
function rolls(s: GameState, a: Action) {
  const r = apply(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.rolls.map((x) => x.value);
}

describe('PBEM dice key (anchors.md §5.1)', () => {
  it('a diceKey action records the key, rejects a malformed one, and is an undo barrier', () => {
    const s = play(demoGame(), { type: 'endSegment' });
    const r = apply(s, { type: 'diceKey', key: KEY });
    expect(r.ok && r.state.diceKey).toBe(KEY);
    expect(r.ok && r.barrier).toBe(true);
    expect(apply(s, { type: 'diceKey', key: 'nope' })).toMatchObject({ ok: false, error: { code: 'bad-action' } });
  });
  it('with a key, dice depend on the key and on the action content, not only on the action index', () => {
    const s = play(demoGame(), { type: 'endSegment' });
    const k1 = play(s, { type: 'diceKey', key: KEY });
    const k2 = play(s, { type: 'diceKey', key: 'cd'.repeat(32) });
    const seeded = play(s, { type: 'roll', dice: '1d10', purpose: 'pad' }); // same n, no key
    const a = Array.from({ length: 8 }, (_, i) => rolls(k1, roll(`attack ${i}`))[0]);
    expect(new Set(a).size).toBeGreaterThan(1); // the purpose (action content) changes the roll
    expect(rolls(k1, roll('x'))).toEqual(rolls(k1, roll('x'))); // same state + action: same roll
    const b = Array.from({ length: 8 }, (_, i) => rolls(k2, roll(`attack ${i}`))[0]);
    expect(a).not.toEqual(b);
    const c = Array.from({ length: 8 }, (_, i) => rolls(seeded, roll(`attack ${i}`))[0]);
    expect(new Set(c).size).toBe(1); // without a key: index-bound, content-blind (hotseat)
  });
  it('Dice with a seed function builds its seed only at the first roll', () => {
    let calls = 0;
    const lazy = new Dice(() => { calls++; return 's'; }, 3);
    expect(calls).toBe(0);
    const v = [lazy.d10('a'), lazy.d100('b')];
    expect(calls).toBe(1);
    const eager = new Dice('s', 3);
    expect(v).toEqual([eager.d10('a'), eager.d100('b')]);
  });
});
