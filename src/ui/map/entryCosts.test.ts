import { describe, expect, it } from 'vitest';
import mapJson from '../../../data/map/normandy.json';
import tec from '../../../data/tables/tec.json';
import { loadMap } from '../../data/mapLoad';
import { hexOfRulesId, formatHex } from '../../engine/hex';
import { HEXSIDE_FEATURES, TERRAIN } from '../../data/schemas/map';
import { hexsideHexes } from '../../engine/hex/lattice';
import { entryCosts, formatCost } from './entryCosts';

const board = loadMap('data/map/normandy.json', mapJson).board!;

describe('inspector entry costs (GOSS 7 TEC, through the engine step function)', () => {
  it('C4522 (Caen): a road on every side, so Leg pays the road (GOSS 7.6.2), Mech off-road the city row, Mech road the road', () => {
    const rows = entryCosts(board, null, hexOfRulesId('C4522'));
    expect(rows.map((r) => [r.dir, formatHex(r.from), formatCost(r.leg), formatCost(r.mech), formatCost(r.mechRoad)])).toEqual([
      ['N', 'C4521', '1', '3', '1'],
      ['NE', 'C4622', '1', '3', '0.5'],
      // Over the Orne by the bridge: non-road Mech adds the bridge's +3 (the TEC bridge row).
      ['SE', 'C4623', '1', '6', '0.5'],
      ['S', 'C4523', '1', '6', '0.5'],
      ['SW', 'C4423', '1', '3', '0.5'],
      ['NW', 'C4422', '1', '3', '0.5'],
    ]);
  });
  it('into a city off-road: the TEC city row; no Mech road movement without a road (GOSS 7.10.1)', () => {
    const city = TERRAIN.indexOf('city');
    let checked = 0;
    for (const h of board.hexes) {
      if (board.terrain[h] !== city) continue;
      for (const r of entryCosts(board, null, h)) {
        if (r.side.length) continue;
        expect(r.leg).toEqual({ mp: tec.terrain.city.leg });
        expect(r.mech).toEqual({ mp: tec.terrain.city.mech });
        expect(formatCost(r.mechRoad)).toBe('—');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
  it('a major-river hexside without a bridge is prohibited, with the reason', () => {
    // AW 1.2.2: the Orne is a major river from C4423/4523; most of its hexsides have no bridge.
    const major = 1 << HEXSIDE_FEATURES.indexOf('majorRiver'), bridge = 1 << HEXSIDE_FEATURES.indexOf('bridge');
    let checked = 0;
    for (const [side, bits] of board.sides) {
      if (!(bits & major) || bits & bridge || board.routes.get(side)) continue;
      const [a, b] = hexsideHexes(side);
      const r = entryCosts(board, null, b).find((x) => x.from === a);
      if (!r || board.terrain[a] !== board.terrain[b]) continue;
      expect(formatCost(r.leg)).toBe('—');
      expect(formatCost(r.mech)).toBe('—');
      expect((r.leg as { prohibited: string }).prohibited).toMatch(/hexside/);
      if (++checked > 3) break;
    }
    expect(checked).toBeGreaterThan(0);
  });
  it('an off-map hex has no entry rows', () => {
    expect(entryCosts(board, null, -1)).toEqual([]);
  });
});
