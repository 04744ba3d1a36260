import { describe, expect, it } from 'vitest';
import { Dice } from './index';

describe('GOSS 26.0 dice through the seeded RNG', () => {
  it('same seed and action index give the same rolls; another index gives another stream', () => {
    const a = new Dice('s', 5); const b = new Dice('s', 5); const c = new Dice('s', 6);
    const ra = Array.from({ length: 20 }, () => a.d10('x'));
    const rb = Array.from({ length: 20 }, () => b.d10('x'));
    const rc = Array.from({ length: 20 }, () => c.d10('x'));
    expect(ra).toEqual(rb);
    expect(ra).not.toEqual(rc);
  });
  it('1d10 reads 0–9 and 2d10 reads 00–99 as tens and units, each face equally likely', () => {
    const d = new Dice('uniform', 0);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20000; i++) counts[d.d10('u')]++;
    for (const c of counts) { expect(c).toBeGreaterThan(1800); expect(c).toBeLessThan(2200); }
    const p = d.d100('GA');
    const last = d.rolls[d.rolls.length - 1];
    expect(last).toEqual({ purpose: 'GA', dice: '2d10', faces: [Math.floor(p / 10), p % 10], value: p });
    expect(p).toBeGreaterThanOrEqual(0); expect(p).toBeLessThanOrEqual(99);
  });
  it('records every roll with its purpose', () => {
    const d = new Dice('s', 1);
    d.d10('PRC I/981'); d.d100('GA attacker');
    expect(d.rolls.map((r) => r.purpose)).toEqual(['PRC I/981', 'GA attacker']);
  });
  it('a fixed seed gives fixed faces (regression: derivation must not change silently)', () => {
    const d = new Dice('neptune', 0);
    expect([d.d10('a'), d.d10('b'), d.d10('c'), d.d100('d')]).toMatchSnapshot();
  });

  it('dice retired when their action ends drop their callbacks, and a roll after that is refused (an engine bug)', () => {
    const d = new Dice(() => 's', 1);
    const seen: number[] = [];
    d.onRoll = (r) => seen.push(r.value);
    d.d10('x');
    d.retire();
    expect(d.onRoll).toBeNull();
    expect(() => d.d10('y')).toThrow('a die was rolled after its action ended');
    expect(seen).toHaveLength(1);
  });
});
