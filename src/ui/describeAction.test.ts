import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import { describeAction } from './describeAction';

// The airborne movement actions (AW 41.3.7, 41.3.7a, 41.3.7b, 41.6) are buttons of the Decisions panel for the
// selected stack: each must read as words, never as its internal type name.
describe('describeAction: the airborne movement actions in words', () => {
  const say = (a: Record<string, unknown>) => describeAction(a as unknown as Action, null);
  it('AW 41.3.7 abMove names the destination and the hexes counted', () => {
    expect(say({ type: 'abMove', unit: 'u', path: ['C5317', 'C5318'] })).toBe('Move u to C5318 (2 hexes: C5317 → C5318)');
  });
  it('AW 41.3.7a, 41.3.7b, 41.6 the German check, bridge blowing, activation and German moves', () => {
    expect(say({ type: 'abPassCheck', unit: 'g' })).toBe('g makes the defensive PR check against the FoW unit passing through');
    expect(say({ type: 'blowBridge', unit: 'u', across: 'C5217' })).toBe('u tries to blow the bridge towards C5217');
    expect(say({ type: 'gActivate', group: '21pz', unit: 'g' })).toBe('Activate g');
    expect(say({ type: 'gMove', unit: 'g', path: ['C5020', 'C5021'], via: 'road' })).toBe('Move g to C5021 by road');
  });
});
