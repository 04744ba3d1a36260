/**
 * GOSS 7 TEC: a village takes the other terrain in its hex (OTIH). The map gives each village hex that terrain
 * (places[].terrain, from the terrain the generator had there before the village); movement pays its costs, the
 * defender may choose its GA line, FS DRM and cover, and bocage rules apply to a village in bocage.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { hexOfRulesId } from '../hex';
import { otherTerrainOf, terrainOf, terrainsIn } from '../board';
import { movementOptions } from './movement';
import { lineOptions } from './gaOdds';
import { fsPlan } from './fireSupport';
import { coverAgainst } from './observation';
import { et3ToGiveUp } from './fieldworks';
import { COVER_MCT, COVER_OCT, tecOf } from './terrain';
import { at, edit, fixture, hx, start, toSegment, type UnitSpec } from './combat.fixture';
import { mutUnit } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });

/** Three village hexes in a row: in bocage (4,4), in clear (5,4) and one the map gives no other terrain (6,4). */
const SPECIAL = { artillery: {
  resetEach: 'gameTurn', naval: { separatePoints: true, source: 'test: naval points separate' }, source: 'test: AW 32.5-style artillery',
  groups: [{ id: 'ag', side: 'allied', name: 'test group', kind: 'group', points: 24, range: 7, mapCounter: 'ag', source: 'test: AW 32.5.2-style group' }],
} };
const GROUP = { size: 'Group' as const, type: 'Art', steps: [[8, 1]] as [number, number][], pr: [null, 3] as [null, number], extra: { range: 7 } };
const b = fixture({
  terrain: { [at(4, 4)]: 'village', [at(5, 4)]: 'village', [at(6, 4)]: 'village' },
  places: [{ hex: at(4, 4), name: 'Bocage village', kind: 'village', terrain: 'bocage' }, { hex: at(5, 4), name: 'Open village', kind: 'village', terrain: 'clear' }],
  special: SPECIAL,
  units: [A('ag', 0, 4, GROUP), A('mech', 3, 4, { moveClass: 'mech', ma: 12 }), A('leg', 3, 4, { ma: 6 }), G('far', 11, 9)],
});
const cost = (unit: string, c: number, r: number): number | undefined => {
  const o = movementOptions(toSegment(start(b), b, 'move'), b, unit);
  if ('error' in o) throw new Error(o.error.message);
  return o.destinations.find((d) => d.hex === hx(c, r))?.cost;
};

describe('GOSS 7 TEC villages: other terrain in hex', () => {
  it('GOSS 7 TEC: the board keeps a village\'s other terrain in hex (clear when the map gives none)', () => {
    expect([terrainOf(b.board, hx(4, 4)), otherTerrainOf(b.board, hx(4, 4)), terrainsIn(b.board, hx(4, 4))]).toEqual(['village', 'bocage', ['village', 'bocage']]);
    expect(terrainsIn(b.board, hx(5, 4))).toEqual(['village', 'clear']);
    expect(otherTerrainOf(b.board, hx(6, 4))).toBe('clear');
    expect(otherTerrainOf(b.board, hx(3, 4))).toBeNull(); // not a village
  });

  it('GOSS 7 TEC: entering a village in bocage costs a Mech unit 4 MP and a Leg unit 2 MP (the bocage costs), a village in clear 1 MP', () => {
    expect(cost('mech', 4, 4)).toBe(4);
    expect(cost('leg', 4, 4)).toBe(2);
    // Around the bocage village through clear hexes: 1 for the clear hex, 1 for the village in clear.
    expect(cost('mech', 5, 4)).toBe(2);
    expect(cost('mech', 6, 4)).toBe(3); // a village the map gives no other terrain costs as clear
  });

  it('GOSS 13.3.2: the defender of a village chooses the village line or its other terrain\'s line (bocage 3, village 2; clear 1)', () => {
    expect(lineOptions(b, hx(4, 4))).toEqual([{ line: 3, terrain: 'bocage' }, { line: 2, terrain: 'village' }]);
    expect(lineOptions(b, hx(5, 4))).toEqual([{ line: 2, terrain: 'village' }, { line: 1, terrain: 'clear' }]);
  });

  it('GOSS 11.5 / 8.2: an FS mission on a village in bocage gets the better terrain DRM of the two, and the hex is MCT for observation', () => {
    const s = toSegment(start(b), b, 'offensiveFs');
    const cover = coverAgainst(s, b, hx(4, 4), null, 'allied');
    expect(cover).toBe(COVER_MCT);
    expect(coverAgainst(s, b, hx(5, 4), null, 'allied')).toBe(COVER_OCT);
    const tec = tecOf(b);
    expect(tec.cover[b.board.moveTerrain[hx(4, 4)]]).toBe(COVER_MCT);
    const drm = (h: number) => {
      // An adjacent attack-designated spotter observes even into MCT (GOSS 8.2.1).
      const p = fsPlan(edit(s, (d) => { mutUnit(d, "far").hex = h; mutUnit(d, "mech").hex = h === hx(4, 4) ? hx(3, 4) : hx(4, 4); mutUnit(d, "mech").markers.push('TA'); }), b, 'allied', { target: h, spotter: 'mech', artillery: [{ unit: 'ag', points: 8 }] });
      if (!p.ok) throw new Error(p.message);
      return p.plan.drms.filter((y) => y.why.startsWith('terrain')).map((y) => [y.value, y.why]);
    };
    // bocage −2 (as village, AW 1.2.7b) and village −2 tie: the first kept is the village; a village in clear: village −2.
    expect(drm(hx(4, 4))).toEqual([[-2, 'terrain: village']]);
    expect(drm(hx(5, 4))).toEqual([[-2, 'terrain: village']]);
  });

  it('AW 1.2.7b: an ET-2 in a village in bocage may be given up as an ET-3', () => {
    const s = edit(start(b), (d) => { d.fieldworks[hx(4, 4)] = 'ET-2'; d.fieldworks[hx(5, 4)] = 'ET-2'; });
    expect(et3ToGiveUp(s, b, hx(4, 4))).toBe('ET-2');
    expect(et3ToGiveUp(s, b, hx(5, 4))).toBeNull();
  });

  it('GOSS 7 TEC on the generated map: Hérouvillette (C5419) is a village in bocage, so a Mech unit pays the bocage 4 MP to enter it off-road', () => {
    const gw = loadScenario('goodwood');
    const h = hexOfRulesId('C5419');
    expect([terrainOf(gw.board, h), otherTerrainOf(gw.board, h), gw.board.names.get(h)]).toEqual(['village', 'bocage', 'Hérouvillette']);
    const tec = tecOf(gw);
    expect([tec.mech[gw.board.moveTerrain[h]] / 2, tec.leg[gw.board.moveTerrain[h]] / 2]).toEqual([4, 2]);
  });
});
