import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { rulesIdsOf } from '../../engine/hex';
import { firstViewHexes, playAreaHexes } from './framing';

describe('the map\'s first view', () => {
  it('frames the play area where the scenario has one (AW 32.0: Goodwood)', () => {
    const b = loadScenario('goodwood');
    expect(firstViewHexes(b)).toEqual(playAreaHexes(b));
  });
  it('without one, frames where the units are set up: map C for the 6th Airborne\'s night drop, maps A and B for the American one', () => {
    // Each hex framed is on one of the sheets (a hex where two sheets overlap has a name on each).
    const onSheets = (id: string, sheets: string) => firstViewHexes(loadScenario(id))!.every((h) => rulesIdsOf(h).some((r) => sheets.includes(r[0])));
    expect(playAreaHexes(loadScenario('night-drop-6ab'))).toBeNull();
    expect(firstViewHexes(loadScenario('night-drop-6ab'))!.length).toBeGreaterThan(20);
    expect(onSheets('night-drop-6ab', 'C')).toBe(true);
    expect(onSheets('night-drop-us', 'AB')).toBe(true);
    expect(onSheets('night-drop-us', 'C')).toBe(false);
  });
});
