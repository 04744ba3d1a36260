import { describe, expect, it } from 'vitest';
import { areAdjacent, colOf, hexsideBetween, rowOf } from './lattice';
import { erratumOf, formatHex, hexOfRulesId, HexIdError, parseRulesHexside, parseRulesId, rulesIdsOf, tryHexOfRulesId } from './sheets';

describe('rules hex IDs ⇄ master lattice', () => {
  it('sheet B is the master lattice; C = B + 60 columns exactly (errata "C1004 or B7004")', () => {
    expect(colOf(hexOfRulesId('B2517'))).toBe(25);
    expect(rowOf(hexOfRulesId('B2517'))).toBe(17);
    expect(hexOfRulesId('C1004')).toBe(hexOfRulesId('B7004'));
    expect(rulesIdsOf(hexOfRulesId('C1004'))).toEqual(['C1004', 'B7004']);
  });
  it('C4423/C4523 share a hexside (the Orne, AW 1.2.2)', () => {
    const [a, b] = parseRulesHexside('C4423/4523');
    expect(areAdjacent(a, b)).toBe(true);
    expect(hexsideBetween(a, b)).toBe(hexsideBetween(hexOfRulesId('C4523'), hexOfRulesId('C4423')));
  });
  it('rules pairs are neighbours: E2517–E2618 (Vire), C6216/6315 (Dives), C5217→C5317 (Pegasus)', () => {
    expect(areAdjacent(hexOfRulesId('E2517'), hexOfRulesId('E2618'))).toBe(true);
    expect(areAdjacent(...parseRulesHexside('C6216/6315'))).toBe(true);
    expect(areAdjacent(...parseRulesHexside('C5217→C5317'))).toBe(true);
  });
  it('odd column offsets keep adjacency (sheet A shifted -13 columns)', () => {
    expect(areAdjacent(hexOfRulesId('A2517'), hexOfRulesId('A2618'))).toBe(true);
    expect(areAdjacent(hexOfRulesId('A2616'), hexOfRulesId('A2717'))).toBe(false);
  });
  it('round-trips every hex of every sheet', () => {
    for (const id of ['A0101', 'A7036', 'B0101', 'C7036', 'D0155', 'E4555', 'F5055', 'F3414', 'D2929']) {
      expect(rulesIdsOf(hexOfRulesId(id))).toContain(id);
    }
    for (let c = 1; c <= 70; c += 3) for (let r = 1; r <= 36; r += 5) {
      const id = `A${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
      expect(rulesIdsOf(hexOfRulesId(id))).toContain(id);
    }
  });
  it('errata: misprinted IDs from the rules text resolve to the corrected hex when asked', () => {
    const E = { errata: true };
    expect(hexOfRulesId('C3609', E)).toBe(hexOfRulesId('A3609'));
    expect(hexOfRulesId('E2929', E)).toBe(hexOfRulesId('D2929'));
    expect(hexOfRulesId('B5656', E)).toBe(hexOfRulesId('B5627'));
    expect(hexOfRulesId('C6402', E)).toBe(hexOfRulesId('B6402'));
    expect(parseRulesId('B5656', E).corrected?.printed).toBe('B5656');
    expect(formatHex(hexOfRulesId('B5656', E))).toBe('B5627');
    expect(erratumOf('c3609')).toMatchObject({ correct: 'A3609' });
  });
  it('errata are not applied to exact references: the real C3609 stays reachable and round-trips', () => {
    const h = hexOfRulesId('C3609');
    expect(h).not.toBe(hexOfRulesId('A3609'));
    expect(rulesIdsOf(h)).toContain('C3609');
    expect(() => hexOfRulesId('B5656')).toThrow(/row 56 is off sheet B/);
  });
  it('malformed IDs get clear errors', () => {
    expect(() => hexOfRulesId('G1234')).toThrow(HexIdError);
    expect(() => hexOfRulesId('C45')).toThrow(/map letter A–F and four digits/);
    expect(() => hexOfRulesId('C9922')).toThrow(/column 99 is off sheet C/);
    expect(() => hexOfRulesId('B1060')).toThrow(/row 60 is off sheet B/);
    expect(tryHexOfRulesId('')).toEqual({ error: expect.stringContaining('Bad hex id') });
    expect(hexOfRulesId(' c4522 ')).toBe(hexOfRulesId('C4522'));
  });
});
