/**
 * Issue 15 (one spelling per action) and issue 14's speed line: `apply` skips the strict parse for a
 * bare `endSegment` and a bare free `roll` (src/engine/game.ts). These cases prove the shortcut
 * accepts exactly what normaliseAction accepts, with the same outcome.
 */
import { describe, expect, it } from 'vitest';
import { apply, stateHash, type Action } from '../src/engine';
import { normaliseAction } from '../src/engine/actions';
import { demoGame } from './helpers';

const variants: unknown[] = [
  { type: 'roll', dice: '1d10', purpose: 'check' },
  { type: 'roll', dice: '2d10', purpose: 'x'.repeat(200) },
  { type: 'roll', dice: '2d10', purpose: 'x'.repeat(201) },
  { type: 'roll', dice: '2d10', purpose: '' },
  { type: 'roll', dice: '3d10', purpose: 'check' },
  { type: 'roll', dice: '1d10', purpose: 7 },
  { type: 'roll', dice: '1d10' },
  { type: 'roll', dice: '1d10', purpose: 'check', extra: 1 },
  { type: 'roll', dice: '1d10', purpose: 'check', unit: undefined },
  Object.assign(Object.create({ inherited: true }) as object, { type: 'roll', dice: '1d10', purpose: 'check' }),
];

describe('apply: the bare roll shortcut', () => {
  it('accepts and refuses each spelling as the strict parse does, and an accepted roll applies as its parsed form', () => {
    const s = demoGame();
    for (const raw of variants) {
      const n = normaliseAction(raw);
      const r = apply(s, raw as Action);
      expect(r.ok, JSON.stringify(raw)).toBe(n.ok);
      if (n.ok && r.ok) {
        // A non-enumerable extra property: not bare (the long way), and invisible to the strict parse.
        const longWay = Object.defineProperty({ ...n.action }, 'hidden', { value: 1, enumerable: false });
        const viaParse = apply(s, longWay);
        expect(viaParse.ok).toBe(n.ok);
        if (viaParse.ok) expect(stateHash(r.state)).toBe(stateHash(viaParse.state));
        expect(r.action).toEqual(n.action);
      }
    }
  });
});
