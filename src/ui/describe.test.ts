/** Game events in words (issue 16 item 11): fire results show the FS Table row they were read on. */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../data/bundle';
import type { GameEvent } from '../engine';
import { describeEvent } from './describe';

const bundle = loadScenario('goodwood');

describe('describeEvent', () => {
  test('GOSS 11.6 fsResolved shows each volley: die + points + DRM = FSV and the FS Table row with its result', () => {
    const e = { type: 'fsResolved', plan: {}, volleys: [{ points: 8, roll: 5, drm: -1, fsv: 12, result: 'AS1' }, { points: 4, roll: 9, drm: 0, fsv: 13, result: 'AS1' }, { points: 8, roll: 9, drm: 6, fsv: 23, result: '4' }], as: 2, hits: 6, case: 'GOSS 11.6' } as unknown as GameEvent;
    const text = describeEvent(e, bundle);
    expect(text).toContain('volley 1: die 5 + 8 points − 1 DRM = FSV 12, FS Table row 12–13 "AS1"');
    expect(text).toContain('volley 2: die 9 + 4 points + 0 DRM = FSV 13, FS Table row 12–13 "AS1"');
    expect(text).toContain('volley 3: die 9 + 8 points + 6 DRM = FSV 23, FS Table row ≥ 23 "4"');
    expect(text).toMatch(/6 hit\(s\), 2 AS \(GOSS 11\.6\)$/);
  });

  test('a single volley is not numbered; a low FSV reads the first row', () => {
    const e = { type: 'fsResolved', plan: {}, volleys: [{ points: 2, roll: 1, drm: -4, fsv: -1, result: '-' }], as: 0, hits: 0, case: 'GOSS 11.6' } as unknown as GameEvent;
    expect(describeEvent(e, bundle)).toBe('Fire support resolved: die 1 + 2 points − 4 DRM = FSV -1, FS Table row ≤ 7 "-" — 0 hit(s) (GOSS 11.6)');
  });
});
