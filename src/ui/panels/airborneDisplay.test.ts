/**
 * The Airborne Display panel (AW 41) from a fixture shaped as the airborne module's state: rendered to
 * HTML with react-dom/server. It checks what the players see: DZs with scatter, status and regroup
 * number, what is still to land, the container and the ES track as counts and FoW backs only.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import type { GameState, ScenarioBundle, UnitState } from '../../engine';
import type { UnitDef } from '../../data/schemas/unit';
import type { BoxGraphFile } from '../../data/schemas/boxes';
import { hexOfRulesId } from '../../engine/hex';
import { BOX_BASE } from '../../engine/rules/locations';
import { airborneDisplayModel, type AirborneInput } from './airborneDisplayModel';
import { AirborneDisplayView } from './AirborneDisplay';
import { unitTable } from '../../engine/unitTable';

const defs = (JSON.parse(readFileSync('data/units/cw-airborne.json', 'utf8')) as { units: UnitDef[] }).units;
const coy = defs.find((u) => u.id === 'a-9para-6ab')!;
const fowDef = (id: string): UnitDef => ({ ...coy, id, designation: 'FoW', class: 'ab-fow', source: 'reconstructed: test placeholder' });
const units = new Map<string, UnitDef>([...defs.map((u) => [u.id, u] as const), ['cw-fow-1', fowDef('cw-fow-1')], ['cw-fow-2', fowDef('cw-fow-2')], ['cw-fow-3', fowDef('cw-fow-3')]]);
const es = JSON.parse(readFileSync('tests/fixtures/boxes/es-track.json', 'utf8')) as BoxGraphFile;
es.boxes.forEach((b, i) => { b.values = { eliminate: { value: i >= 4 ? [0, 0] : null, source: 'reconstructed: test' } }; });
const bundle = { units, boxGraphs: [es] } as unknown as ScenarioBundle;
const boxes = new Map(es.boxes.map((b, i) => [BOX_BASE + 2 + i, b.id] as const));

const at = (id: string, hex: string | null, extra: Partial<UnitState> = {}): UnitState => ({ id, side: 'allied', hex: hex === null ? null : hexOfRulesId(hex), stepsLost: 0, mpSpent: 0, markers: [], ...extra });
const v = { units: unitTable([
  at('cw-fow-1', 'C5318'),
  at('cw-fow-2', 'C5318'),
  at('cw-fow-3', null, { box: BOX_BASE + 2 + 2 }),
  at('9para-6ab', null),
  at('merville-9para', null),
  at('7para-6ab', 'C5318'),
]) } as unknown as GameState;
const fow = new Set(['cw-fow-1', 'cw-fow-2', 'cw-fow-3']);
const input: AirborneInput = {
  name: 'Airborne Display, 5/6 June 1944',
  dzs: [
    { key: '6AB-N', division: '6AB', letter: 'N', main: true, target: hexOfRulesId('C5317'), hex: hexOfRulesId('C5317'), scatter: 'S1', status: 'B' },
    { key: '6AB-V', division: '6AB', letter: 'V', main: false, target: hexOfRulesId('C5816'), hex: hexOfRulesId('C5916'), scatter: 'S2', status: 'D' },
    { key: '6AB-K', division: '6AB', letter: 'K', main: false, target: hexOfRulesId('C5521'), hex: null },
    { key: '6AB-W', division: '6AB', letter: 'W', main: true, target: hexOfRulesId('C5116'), hex: null, placedLater: 'in the June 6 PM Movement Phase' },
  ],
  pools: { '6AB-N': { coys: 6, dummies: 2, landed: 3 }, '6AB-V': { coys: 3, dummies: 0, landed: 0 } },
  dummiesRemoved: 1,
  schedule: [
    { dz: '6AB-N', segment: 'airborneDrop', btns: ['7para-6ab', '9para-6ab'], coys: 6, units: ['591-6ab-re'], unitsToLand: 0, fowToLand: 5 },
    { dz: '6AB-V', segment: 'gliderLanding', btns: [], coys: 0, units: ['merville-9para'], unitsToLand: 1, fowToLand: 0 },
    { dz: '6AB-K', segment: 'airborneDrop', btns: ['8para-6ab'], coys: 3, units: [], unitsToLand: 0, fowToLand: 0 },
  ],
  regroupNumbers: { A: 7, B: 6, C: 4, D: 3, E: 2 },
  esGraph: es.id,
  isFow: (id) => fow.has(id),
  pegasus: 'both bridges captured',
  score: { items: [{ what: 'bridges captured or blown', count: 2, points: 6 }], total: 6, winner: 'allied', case: 'reconstructed: night drop' },
};

describe('Airborne Display panel (AW 41)', () => {
  const model = airborneDisplayModel(v, bundle, input, boxes);
  const html = renderToStaticMarkup(createElement(AirborneDisplayView, { model }));

  it('AW 41.1.2–41.1.3, 41.3.5: each DZ by division and letter with where it is, its scatter, status and regroup number', () => {
    expect(model.dzs.map((d) => [d.label, d.placed, d.scatter, d.status, d.regroup])).toEqual([
      ['6AB N', 'C5317', 'S1', 'B', 6],
      ['6AB V', 'C5916', 'S2', 'D', 3],
      ['6AB K', 'not placed yet', '–', '–', null],
      ['6AB W', 'placed in the June 6 PM Movement Phase', '–', '–', null],
    ]);
    expect(html).toContain('(target C5816)');
    expect(html).not.toContain('(target C5317)');
    expect(html).toContain('A 7 · B 6 · C 4 · D 3 · E 2');
    expect(html).toContain('Pegasus Bridge: both bridges captured');
    expect(html).toContain('If the stage ended now: <b>Allied victory</b>');
  });

  it('AW 41.2.0, 41.4.0: the schedule per DZ counts what is still to land', () => {
    expect(model.dzs[0].schedule).toEqual([{ segment: 'Airborne Drop', what: '7Para/6AB, 9Para/6AB (6 Coys); 591/6AB RE', toLand: '5 FoW counters still to land' }]);
    expect(model.dzs[1].schedule).toEqual([{ segment: 'Glider Landing', what: 'Merville', toLand: '1 unit still to land' }]);
    expect(model.dzs[2].schedule).toEqual([{ segment: 'Airborne Drop', what: '8Para/6AB (3 Coys)', toLand: null }]);
    expect(html).toContain('6AB N</b>, Airborne Drop: 5 FoW counters still to land');
    expect(html).toContain('6AB K</b>, Airborne Drop: all landed');
  });

  it('AW 41.2.2, 41.2.3: the container and the dummies are counts; FoW counters show only their back', () => {
    expect(html).toContain('6 Coys, 2 dummies');
    expect(html).toContain('3 Coys, 0 dummies');
    expect(model.dummies).toEqual({ added: 3, inContainers: 2, removed: 1 });
    expect(model.fowOnMap).toBe(2);
    // The ES track: the FoW counter in box 3 by its back; boxes 5–9 eliminate on 0.
    expect(model.es.map((b) => b.counters)).toEqual([[], [], ['FoW CW'], [], [], [], [], [], []]);
    expect(model.es.map((b) => b.eliminate)).toEqual(['none', 'none', 'none', 'none', '0', '0', '0', '0', '0']);
    // No Coy designation of a container appears anywhere (the panel has counts only).
    expect(html).not.toMatch(/[ABC]\/(8|9|12|13)Para|1CanPara/);
  });
});
