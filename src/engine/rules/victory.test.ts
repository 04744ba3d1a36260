/** AW 32.13 victory conditions evaluated as data on hand-set final positions (AW 31.4). */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { newGame } from '../game';
import { formatHex, hexOfRulesId, neighbours } from '../hex';
import type { GameState } from '../types';
import { evaluateVictory } from './victory';
import { enterCheck, restrictedInside, inPlayArea, sheetRow } from './scenarioArea';
import { inGenS } from './supply';
import { unitOf } from '../unitTable';

const bundle = loadScenario('goodwood');
const start = (length: 'short' | 'long') => newGame(bundle, { seed: 'v', length }).state;
/** A final position: the start, with units moved (hex null = off the map). */
function position(length: 'short' | 'long', moves: Record<string, string | null>): GameState {
  const s = structuredClone(start(length));
  for (const [id, hex] of Object.entries(moves)) unitOf(s, id).hex = hex === null ? null : hexOfRulesId(hex);
  return s;
}
const clearCaenSE = { '272-75at-coy': null, 'inf-coy-226-1': null } as const; // the Germans in C4523
const clearTroarn = { '16lw-hq': null, '88flak-coy-9': null } as const; // the Germans in C5823

describe('AW 32.13.1 victory, game ending July 19 PM', () => {
  test('AW 32.13.1b German major: the start position meets none of the Allied conditions', () => {
    const r = evaluateVictory(start('short'), bundle)!;
    expect([r.winner, r.level, r.case]).toEqual(['german', 'major', 'AW 32.13.1']);
    expect(r.conditions.map((c) => c.holds)).toEqual([false, false, false]);
    expect(r.conditions[1].detail).toBe('Allied units occupy 0 of 2 (none); needed 2');
  });

  test('AW 32.13.1a Allied major: Troarn, both Caen hexes south-east of the Orne, and a unit on row xx27 in GenS', () => {
    const s = position('short', { ...clearCaenSE, ...clearTroarn, '3-rtr-29-11': 'C5823', 'black-watch-5-2c': 'C4523', 'calgary-h-5-2c': 'C4623', '2-ffy-29-11': 'C5327' });
    expect(inGenS(s, bundle, '2-ffy-29-11')).toBe(true);
    const r = evaluateVictory(s, bundle)!;
    expect([r.winner, r.level]).toEqual(['allied', 'major']);
    expect(r.conditions[2].detail).toMatch(/2-ffy-29-11 in C5327/);
  });

  test('AW 32.13.1a Allied operational: the same without a unit on or south of row xx27 in GenS', () => {
    const s = position('short', { ...clearCaenSE, ...clearTroarn, '3-rtr-29-11': 'C5823', 'black-watch-5-2c': 'C4523', 'calgary-h-5-2c': 'C4623' });
    expect(evaluateVictory(s, bundle)).toMatchObject({ winner: 'allied', level: 'operational' });
  });

  test('AW 32.13.1a a unit south of xx27 but out of GenS (surrounded by German units) does not count', () => {
    const ring = neighbours(hexOfRulesId('C5330')).map((h) => formatHex(h));
    const germans = ['i-32-16lw', 'fus-16lw', 'ii-46-16lw', 'i-46-16lw', 'ii-32-16lw', 'ii-192-21'];
    const s = position('short', { ...clearCaenSE, ...clearTroarn, '3-rtr-29-11': 'C5823', 'black-watch-5-2c': 'C4523', 'calgary-h-5-2c': 'C4623', '2-ffy-29-11': 'C5330',
      ...Object.fromEntries(germans.map((g, i) => [g, ring[i]])) });
    expect(inGenS(s, bundle, '2-ffy-29-11')).toBe(false);
    const r = evaluateVictory(s, bundle)!;
    expect(r.level).toBe('operational');
    expect(r.conditions[2].detail).toMatch(/out of supply/);
  });

  test('AW 32.13.1b German operational: Germans hold both Caen hexes south-east of the Orne, Allies hold Troarn, no Allied unit south of xx27', () => {
    const s = position('short', { ...clearTroarn, '3-rtr-29-11': 'C5823', '12flak-12ss': 'C4623' });
    expect(evaluateVictory(s, bundle)).toMatchObject({ winner: 'german', level: 'operational' });
  });

  test('AW 32.13.1b draw: the Allies hold Troarn and have a unit south of xx27 in GenS, but not Caen south-east of the Orne', () => {
    const s = position('short', { ...clearTroarn, '3-rtr-29-11': 'C5823', '2-ffy-29-11': 'C5327' });
    const r = evaluateVictory(s, bundle)!;
    expect([r.winner, r.level]).toEqual([null, 'draw']);
    expect(r.outcomes.map((o) => o.holds)).toEqual([false, false, false, false]);
  });
});

describe('AW 32.13.2 victory, game ending July 20 Night', () => {
  const allCaen = { ...clearCaenSE, 'fmr-6-2c': 'C4422', 'maisonneuve-5-2c': 'C4423', 'black-watch-5-2c': 'C4523', 'calgary-h-5-2c': 'C4623', 'rwr-7-3c': 'C4521', 's-sask-6-2c': 'C4522', 'regina-7-3c': 'C4622' };
  test('AW 32.13.2a Allied major: all Caen, Troarn and a unit on or south of row xx30 in GenS', () => {
    const s = position('long', { ...allCaen, ...clearTroarn, '3-rtr-29-11': 'C5823', '2-ffy-29-11': 'C5330' });
    expect(evaluateVictory(s, bundle)).toMatchObject({ winner: 'allied', level: 'major', case: 'AW 32.13.2' });
  });
  test('AW 32.13.2a Allied operational: only two of the three', () => {
    const s = position('long', { ...allCaen, ...clearTroarn, '3-rtr-29-11': 'C5823' });
    expect(evaluateVictory(s, bundle)).toMatchObject({ winner: 'allied', level: 'operational' });
  });
  test('AW 32.13.2a Allied marginal: all of Caen only', () => {
    expect(evaluateVictory(position('long', allCaen), bundle)).toMatchObject({ winner: 'allied', level: 'marginal' });
  });
  test('AW 32.13.2b German major: no Allied condition and no Allied unit south of xx27', () => {
    expect(evaluateVictory(start('long'), bundle)).toMatchObject({ winner: 'german', level: 'major' });
  });
  test('AW 32.13.2b German operational: Troarn and a Caen hex German, an Allied unit south of xx27 but none on xx30', () => {
    const s = position('long', { '2-ffy-29-11': 'C5328' });
    expect(evaluateVictory(s, bundle)).toMatchObject({ winner: 'german', level: 'operational' });
  });
  test('AW 32.13.2b outcomes are tried in order: German major and German marginal both hold, major wins; German operational fails without a German Caen hex', () => {
    const s = position('long', { ...clearCaenSE, 'black-watch-5-2c': 'C4523' });
    const r = evaluateVictory(s, bundle)!;
    expect(r.outcomes.map((o) => o.holds).slice(3)).toEqual([true, false, true]);
    expect([r.winner, r.level]).toEqual(['german', 'major']);
  });
});

describe('scenario geography as data (AW 32.0, 32.7.1)', () => {
  const s = start('short');
  test('AW 32.0 the reconstructed play area is map C columns 44-58, rows 15-34', () => {
    expect(['C4415', 'C5834', 'C5823', 'C4422'].every((h) => inPlayArea(bundle, hexOfRulesId(h)))).toBe(true);
    expect(['C4315', 'C5934', 'C5014', 'C5035'].some((h) => inPlayArea(bundle, hexOfRulesId(h)))).toBe(false);
    expect(enterCheck(s, bundle, '3-rtr-29-11', hexOfRulesId('C5914'))).toMatchObject({ code: 'outside-play-area' });
    expect(sheetRow(hexOfRulesId('C5027'), 'C')).toBe(27);
  });
  test('AW 32.7.1 2 Cdn Div, 2 Cdn Armd Bde and the II Cdn Corps AGRAs may not voluntarily cross east of column 47', () => {
    expect(enterCheck(s, bundle, 'black-watch-5-2c', hexOfRulesId('C4722'))).toBeNull();
    expect(enterCheck(s, bundle, 'black-watch-5-2c', hexOfRulesId('C4822'))).toMatchObject({ code: 'restricted-area', case: 'AW 32.7.1' });
    expect(enterCheck(s, bundle, '1-h-2ca', hexOfRulesId('C4821'))).toMatchObject({ code: 'restricted-area' });
    expect(enterCheck(s, bundle, '1-3agra', hexOfRulesId('C4819'))).toMatchObject({ code: 'restricted-area' });
    expect(enterCheck(s, bundle, 'rwr-7-3c', hexOfRulesId('C4822'))).toBeNull(); // 3 Cdn Div is not restricted
    const forced = structuredClone(s);
    unitOf(forced, 'black-watch-5-2c').hex = hexOfRulesId('C4822');
    expect(restrictedInside(forced, bundle, 'black-watch-5-2c')).toBe(true);
    expect(enterCheck(forced, bundle, 'black-watch-5-2c', hexOfRulesId('C4722'))).toBeNull(); // it may move back
    expect(restrictedInside(s, bundle, 'black-watch-5-2c')).toBe(false);
  });
  test('AW 32.9.1 Allied GenS: units east of the Orne trace back over the bridges; AW 32.9.2 Germans trace to the W/S/E edges', () => {
    expect(inGenS(s, bundle, '3-rtr-29-11')).toBe(true);
    expect(inGenS(s, bundle, 'i-125-21')).toBe(true);
  });
});
