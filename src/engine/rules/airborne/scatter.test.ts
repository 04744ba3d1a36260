import { describe, expect, it } from 'vitest';
import tablesJson from '../../../../data/modules/airborne/tables.json';
import displayJson from '../../../../data/modules/airborne/display-1944-06-06.json';
import { AirborneDisplay, AirborneTables } from '../../../data/schemas/airborne';
import { hexOfRulesId, formatHex } from '../../hex/sheets';
import { neighbour, type Direction } from '../../hex/lattice';
import {
  dummiesFor, dzScatter, dzStatus, dzStatusDrm, extendedScatterEntry, extendedScatterStep, landing, regroupNumber,
  ringHexes, scatterHex, unitScatter,
} from './scatter';

const T = AirborneTables.parse(tablesJson);
const D = AirborneDisplay.parse(displayJson);
const hex = (id: string) => hexOfRulesId(id);

describe('airborne tables and display data', () => {
  it('validate at load, and a broken Scatter Diagram ring is refused with its path', () => {
    const bad = structuredClone(tablesJson) as { scatterDiagram: { rings: { ranges: number[][] }[] } };
    bad.scatterDiagram.rings[0].ranges[1] = [18, 32];
    const r = AirborneTables.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['scatterDiagram', 'rings', 0, 'ranges', 1]);
  });
  it('AW 41.1.2a the main DZs are 6th AB N and W, 82nd W, 101st E; DZs are keyed by division and letter', () => {
    expect(D.dzs.filter((d) => d.main).map((d) => `${d.division} ${d.letter}`).sort()).toEqual(['101AB E', '6AB N', '6AB W', '82AB W']);
    expect(D.dzs.filter((d) => d.letter === 'W')).toHaveLength(2);
  });
  it('AW 41.1.2b 6th AB DZ W is placed in the June 6 PM Movement Phase', () => {
    expect(D.dzs.find((d) => d.division === '6AB' && d.letter === 'W')!.placed).toBe('june6PmMovement');
  });
});

describe('AW 41.1.2 Scatter Diagram', () => {
  it('ring n has 6n hexes, starting directly north and going clockwise', () => {
    const c = hex('B3010');
    const r1 = ringHexes(c, 1);
    expect(r1).toEqual(([0, 1, 2, 3, 4, 5] as Direction[]).map((d) => neighbour(c, d)));
    const r2 = ringHexes(c, 2);
    expect(r2).toHaveLength(12);
    expect(r2[0]).toBe(neighbour(neighbour(c, 0), 0));
    expect(r2[1]).toBe(neighbour(neighbour(c, 0), 1)); // between north and north-east
    expect(r2[2]).toBe(neighbour(neighbour(c, 1), 1));
    expect(new Set(r2).size).toBe(12);
  });
  it('AW 41.1.2 worked example: DZ "O" (A5432), DR 2 on the 82nd column gives S1; percentile 28 puts it in the second hex clockwise from north (seed:004 L17891-17915)', () => {
    const o = D.dzs.find((d) => d.division === '82AB' && d.letter === 'O')!;
    expect(o.target).toBe('A5432');
    expect(dzScatter(T, '82nd', 2)).toBe('S1');
    const s = scatterHex(T, hex(o.target), 1, 28);
    expect(s.position).toBe(1);
    expect(s.hex).toBe(neighbour(hex('A5432'), 1));
    expect(formatHex(s.hex)).toBe(formatHex(neighbour(hex('A5432'), 1)));
    // the two printed ranges of ring 1: 00-16 the north hex, 17-32 the next
    expect(scatterHex(T, hex('A5432'), 1, 16).position).toBe(0);
    expect(scatterHex(T, hex('A5432'), 1, 17).position).toBe(1);
    expect(scatterHex(T, hex('A5432'), 1, 32).position).toBe(1);
    expect(scatterHex(T, hex('A5432'), 1, 33).position).toBe(2);
  });
  it('AW 41.2.3a S6 reads ring 6 (36 hexes): percentile 99 is the last hex, north-west of north', () => {
    const s = scatterHex(T, hex('C5317'), 6, 99);
    expect(s.position).toBe(35);
  });
});

describe('AW 41.1.2 DZ Scatter Table and AW 41.1.3 DZ status', () => {
  it('AW 41.1.2 the 6th AB scatters only on 6-9, the 82nd from 1', () => {
    expect([0, 1, 5, 6, 9].map((r) => dzScatter(T, '6AB', r))).toEqual(['NS', 'NS', 'NS', 'S1', 'S1']);
    expect([0, 1, 3, 9].map((r) => dzScatter(T, '82nd', r))).toEqual(['NS', 'S1', 'S2', 'S2']);
    expect([2, 3, 5].map((r) => dzScatter(T, '101st', r))).toEqual(['NS', 'S1', 'S2']);
  });
  it('AW 41.1.3 one adjacency DRM (+2 if an adjacent German is AA) and one terrain DRM (+2 bocage, +1 marsh)', () => {
    expect(dzStatusDrm(T, { terrain: 'clear', adjacentGerman: false, adjacentAA: false })).toBe(0);
    expect(dzStatusDrm(T, { terrain: 'clear', adjacentGerman: true, adjacentAA: false })).toBe(1);
    expect(dzStatusDrm(T, { terrain: 'marsh', adjacentGerman: true, adjacentAA: true })).toBe(3);
    expect(dzStatusDrm(T, { terrain: 'bocage', adjacentGerman: true, adjacentAA: true })).toBe(4);
    expect(dzStatusDrm(T, { terrain: 'forest', adjacentGerman: false, adjacentAA: false })).toBe(2);
  });
  it('AW 41.1.3 status read under the scatter column; a modified roll above 9 reads row 9', () => {
    expect(dzStatus(T, 'NS', 0, 0).status).toBe('A');
    expect(dzStatus(T, 'S1', 3, 0).status).toBe('C');
    expect(dzStatus(T, 'S2', 4, 4)).toEqual({ status: 'E', modified: 8 });
    expect(dzStatus(T, 'NS', 9, 4)).toEqual({ status: 'D', modified: 13 });
  });
});

describe('AW 41.2 drop: dummies, unit scatter, landing terrain, ES track', () => {
  it('AW 41.2.2 dummies per Btn read the parenthesised number under the DZ status (unmodified 1d10)', () => {
    expect(dummiesFor(T, 'A', 0)).toBe(0);
    expect(dummiesFor(T, 'A', 1)).toBe(1);
    expect(dummiesFor(T, 'E', 5)).toBe(3);
    expect(dummiesFor(T, 'C', 3)).toBe(2);
  });
  it('AW 41.2.3a unit scatter adds the DZ DRMs; AW 41.4.2 gliders −3; rolls outside 0-9 read the end rows', () => {
    expect(unitScatter(T, 'A', 7, 0).result).toBe('S1');
    expect(unitScatter(T, 'E', 9, 0).result).toBe('ES');
    expect(unitScatter(T, 'D', 7, 2)).toEqual({ result: 'S6', modified: 9 });
    expect(unitScatter(T, 'C', 9, 3)).toEqual({ result: 'S4', modified: 12 });
    expect(unitScatter(T, 'C', 2, 0, true)).toEqual({ result: 'NS', modified: -1 });
    expect(unitScatter(T, 'E', 9, 0, true).result).toBe('S4');
  });
  it('AW 41.2.3a landing terrain: woods/town 9 eliminates; bocage 6-7 ES for FoW, 8-9 eliminated; water always', () => {
    expect(landing(T, 'clear', 9, 'para', true)).toBe('landed');
    expect(landing(T, 'woods', 8, 'para', true)).toBe('landed');
    expect(landing(T, 'woods', 9, 'para', true)).toBe('eliminated');
    expect(landing(T, 'bocage', 6, 'para', true)).toBe('extendedScatter');
    expect(landing(T, 'bocage', 6, 'para', false)).toBe('eliminated');
    expect(landing(T, 'marsh', 8, 'para', true)).toBe('eliminated');
    expect(landing(T, 'sea', 0, 'para', false)).toBe('eliminated');
  });
  it('AW 41.4.2 glider landing terrain: bocage 7-9 eliminates, 6 lands', () => {
    expect(landing(T, 'bocage', 6, 'glider', false)).toBe('landed');
    expect(landing(T, 'bocage', 7, 'glider', false)).toBe('eliminated');
  });
  it('AW 41.2.3a ES result: 1-9 into that box, 0 eliminated', () => {
    expect(extendedScatterEntry(T, 0)).toBe('eliminated');
    expect(extendedScatterEntry(T, 7)).toEqual({ box: 7 });
  });
  it('AW 41.2.3c ES track: one box lower then a survival roll; a unit starting in box 1 goes onto a DZ', () => {
    expect(extendedScatterStep(T, 1, 0)).toBe('toDz');
    expect(extendedScatterStep(T, 9, 0)).toBe('eliminated');
    expect(extendedScatterStep(T, 9, 1)).toEqual({ box: 8 });
    expect(extendedScatterStep(T, 3, 0)).toEqual({ box: 2 });
  });
  it('AW 41.3.5 / 41.3.6 regroup numbers: A7 B6 C4 D3 E2, +1 leader, leader alone 3, +1 per GD after June 6', () => {
    expect((['A', 'B', 'C', 'D', 'E'] as const).map((s) => regroupNumber(T, s, false))).toEqual([7, 6, 4, 3, 2]);
    expect(regroupNumber(T, 'C', true)).toBe(5);
    expect(regroupNumber(T, null, true)).toBe(3);
    expect(regroupNumber(T, null, false)).toBeNull();
    expect(regroupNumber(T, 'E', false, 2)).toBe(4);
  });
});
