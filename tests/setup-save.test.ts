/**
 * AW 34.11.2 setup phase through the save (the path the setup panel takes): a random setup rolls
 * two dice per unit and marker placed (132 in Cherbourg), and must be recorded in one save entry,
 * verify on load, and give the engine's state.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { appendAction, createSave, loadSave, saveToText, type SavedGame } from '../src/save';
import type { Action } from '../src/engine/types';
import { stateHash } from '../src/engine';
import { deploymentArea, setupStatus } from '../src/engine/rules/setupPhase';
import { formatHex } from '../src/engine/hex';

describe('setup phase in the save (issue 9)', () => {
  it('AW 34.11.2 placeUnit, unplaceUnit, randomSetup (132 rolls in one entry) and finishSetup are recorded and verify on load', () => {
    const bundle = loadScenario('cherbourg');
    const c = createSave({ scenario: 'cherbourg', length: 'full', players: { allied: 'A', german: 'G' }, seed: 'setup-save', dice: 'hotseat', created: '2026-01-01T00:00:00Z', bundles: () => bundle });
    if (!c.ok) throw new Error(c.error);
    let g: SavedGame = c.game;
    const act = (a: Action) => {
      const w = appendAction(g, a);
      if (!w.ok) throw new Error(w.error);
      g = w.game;
      return w;
    };
    act({ type: 'placeUnit', unit: 'i-729-709', hex: formatHex(deploymentArea(bundle, 'i-729-709')[0]) });
    act({ type: 'unplaceUnit', unit: 'i-729-709' });
    act({ type: 'randomSetup' });
    const entry = g.save.entries.at(-1)!;
    expect(entry.kind === 'action' && entry.dice.length).toBe(132); // (50 units + 8 ET-2 + 8 IP) × 2
    expect(setupStatus(g.state, bundle)!.failures).toEqual([]);
    act({ type: 'finishSetup' });
    const r = loadSave(saveToText(g.save));
    if (!r.ok) throw new Error(r.error);
    expect(stateHash(r.game.state)).toBe(stateHash(g.state));
    expect(r.game.state.pending).toBeNull();
  }, 120_000);
});
