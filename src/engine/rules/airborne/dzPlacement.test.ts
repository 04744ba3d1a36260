import { describe, expect, it } from 'vitest';
import { loadScenario, BUILTIN } from '../../../data/bundle';
import { legalActions, newGame, apply } from '../../game';
import { neighbour } from '../../hex';
import { terrainOf } from '../../board';
import { act, b6, bUs, edit, fmt, hx, ofType, refusal, start, withDice } from './stage.fixture';
import { airborneState } from './state';
import tablesJson from '../../../../data/modules/airborne/tables.json';
import { AirborneTables } from '../../../data/schemas/airborne';
import { mutUnit, unitList, unitOf } from '../../unitTable';

const tables = AirborneTables.parse(tablesJson);

describe('AW 41.0 the night-drop scenarios start in the Airborne Assault Stage', { timeout: 30_000 }, () => {
  it('6th Airborne: newGame stands in the Drop Zone Placement Segment; the first offer is the Pegasus Bridge mission', () => {
    const s = start(b6());
    expect(s.pos).toMatchObject({ part: 'stage', stage: 0, phase: 0, segment: 0 });
    expect(legalActions(s, 'allied').filter((a) => a.type !== 'roll')).toEqual([{ type: 'pegasus' }]);
    expect(Object.keys(airborneState(s).dzs).sort()).toEqual(['6AB-K', '6AB-N', '6AB-V', '6AB-W']);
  });
  it('the American airborne: the first offers are the seven DZs of the 82nd and 101st placed in the stage', () => {
    const s = start(bUs());
    expect(legalActions(s, 'allied').filter((a) => a.type === 'placeDz').map((a) => (a as { dz: string }).dz).sort())
      .toEqual(['101AB-A', '101AB-C', '101AB-D', '101AB-E', '82AB-N', '82AB-O', '82AB-T', '82AB-W']);
    expect(legalActions(s, 'german')).toEqual([]);
  });
});

describe('AW 41.1.1 Pegasus Bridge mission (C5217)', { timeout: 30_000 }, () => {
  it('AW 41.1.1 nothing comes before the mission: a DZ placement is refused', () => {
    const e = refusal(start(b6()), { type: 'placeDz', dz: '6AB-N' });
    expect(e).toMatchObject({ code: 'pegasus-first', case: 'AW 41.1.1' });
    expect(refusal(start(b6()), { type: 'endSegment' }).case).toBe('AW 41.1.1');
  });
  it('AW 41.1.1 rolls 3 and 8: both bridges captured, the 1-1-6 Ox&Buck Coy stays at full strength in C5217', () => {
    const s0 = withDice(start(b6()), [['d10', 3], ['d10', 8]]);
    const { state, events } = act(s0, { type: 'pegasus' });
    expect(airborneState(state).pegasus).toEqual({ orne: 'captured', canal: 'captured', coy: 'full' });
    expect(fmt(unitOf(state, 'd-2obli-6ab').hex!)).toBe('C5217');
    expect(ofType(events, 'bridgeCaptured').map((e) => e.bridge)).toEqual(['Orne River bridge', 'Orne Canal bridge']);
    expect(airborneState(state).zSide).toBeUndefined();
  });
  it('AW 41.1.1 a 9 on the river bridge: the Coy flips to its z-step and the German roll 2 destroys the bridge; the canal roll 0 captures', () => {
    const s0 = withDice(start(b6()), [['d10', 9], ['d10', 2], ['d10', 0]]);
    const { state, events } = act(s0, { type: 'pegasus' });
    expect(airborneState(state).pegasus).toEqual({ orne: 'destroyed', canal: 'captured', coy: 'z' });
    expect(airborneState(state).zSide).toEqual({ 'd-2obli-6ab': true });
    expect(ofType(events, 'bridgeDestroyed')).toEqual([expect.objectContaining({ bridge: 'Orne River bridge', roll: 2, case: 'AW 41.1.1' })]);
  });
  it('AW 41.1.1 9 then 9: the z-step is eliminated; German rolls 5 (bridge held) and 4 (canal bridge destroyed)', () => {
    const s0 = withDice(start(b6()), [['d10', 9], ['d10', 5], ['d10', 9], ['d10', 4]]);
    const { state } = act(s0, { type: 'pegasus' });
    expect(airborneState(state).pegasus).toEqual({ orne: 'held', canal: 'destroyed', coy: 'eliminated' });
    expect(unitOf(state, 'd-2obli-6ab')).toMatchObject({ hex: null, eliminated: true });
    expect(refusal(state, { type: 'pegasus' }).code).toBe('pegasus-done');
  });
});

describe('AW 41.1.2 DZ placement and scatter', { timeout: 30_000 }, () => {
  it('AW 41.1.2 worked example through apply: DZ "O" (A5432), DR 2 on the 82nd column is S1, percentile 28 puts it in the second hex clockwise from north', () => {
    const s0 = withDice(start(bUs()), [['d10', 2], ['d100', 28], ['d10', null]]);
    const { state, events } = act(s0, { type: 'placeDz', dz: '82AB-O' });
    const o = airborneState(state).dzs['82AB-O'];
    expect(o.scatter).toBe('S1');
    expect(o.hex).toBe(neighbour(hx('A5432'), 1));
    expect(ofType(events, 'dzPlaced')[0]).toMatchObject({ dz: '82AB-O', target: 'A5432', scatter: 'S1', moved: true, position: 1, case: 'AW 41.1.2, 41.1.3' });
  });
  it('AW 41.1.2 DR 0 on the 82nd column: no scatter, the DZ stays on its target; a DZ is placed once', () => {
    const s0 = withDice(start(bUs()), [['d10', 0], ['d10', null]]);
    const { state } = act(s0, { type: 'placeDz', dz: '82AB-T' });
    expect(airborneState(state).dzs['82AB-T']).toMatchObject({ scatter: 'NS', hex: hx('A5230') });
    expect(refusal(state, { type: 'placeDz', dz: '82AB-T' }).code).toBe('dz-placed');
    expect(legalActions(state, 'allied').some((a) => a.type === 'placeDz' && a.dz === '82AB-T')).toBe(false);
  });
  it('AW 41.1.2a a main DZ (101st E) rolls S2 but never scatters: it stays on B4403 and reads its status in the S2 column', () => {
    const s0 = withDice(start(bUs()), [['d10', 9], ['d10', 0]]);
    const { state, events } = act(s0, { type: 'placeDz', dz: '101AB-E' });
    const e = airborneState(state).dzs['101AB-E'];
    expect(e).toMatchObject({ main: true, scatter: 'S2', hex: hx('B4403') });
    expect(ofType(events, 'dieRolled').map((x) => (x.roll as { dice: string }).dice)).toEqual(['1d10', '1d10']); // no percentile
    expect(ofType(events, 'dzPlaced')[0]).toMatchObject({ moved: false, case: 'AW 41.1.2a, 41.1.3' });
  });
  it('AW 41.1.0, 41.1.2 every DZ must be placed before the Drop Zone Placement Segment ends', () => {
    const s = act(withDice(start(bUs()), [['d10', 0], ['d10', 0]]), { type: 'placeDz', dz: '82AB-T' }).state;
    expect(refusal(s, { type: 'endSegment' })).toMatchObject({ code: 'dz-unplaced', case: 'AW 41.1.0' });
  });
});

describe('AW 41.1.3 DZ status with DRMs', { timeout: 30_000 }, () => {
  it('AW 41.1.3 an adjacent German AA unit (+2) and the DZ hex terrain: DZ 82nd T (A5230) rolls 4 under NS', () => {
    const b = bUs();
    // Clear the neighbourhood, then put a German 88 Flak step next to the DZ.
    let s = edit(start(b), (d) => {
      for (const u of unitList(d)) if (u.side === 'german' && u.hex !== null && [hx('A5230'), ...[0, 1, 2, 3, 4, 5].map((i) => neighbour(hx('A5230'), i as 0))].includes(u.hex)) u.hex = null;
    });
    const flak = [...b.units.values()].find((u) => u.side === 'german' && /flak/i.test(u.class ?? '') && unitOf(s, u.id))!;
    s = edit(s, (d) => { mutUnit(d, flak.id).hex = neighbour(hx('A5230'), 2); });
    const terrain = terrainOf(b.board, hx('A5230'));
    const terrainDrm = ['woods', 'marsh'].includes(terrain!) ? 1 : ['city', 'town', 'bocage', 'forest'].includes(terrain!) ? 2 : 0;
    const { state, events } = act(withDice(s, [['d10', 0], ['d10', 4]]), { type: 'placeDz', dz: '82AB-T' });
    const z = airborneState(state).dzs['82AB-T'];
    expect(z.drm).toBe(2 + terrainDrm);
    expect(ofType(events, 'dzPlaced')[0]).toMatchObject({ roll: 4, drm: 2 + terrainDrm, modified: 4 + 2 + terrainDrm });
    // The DZ Status Table's NS column at row 4 + DRMs (seed:004 L23045-23065).
    expect(z.status).toBe(tables.dzStatus.rows[Math.min(9, 4 + 2 + terrainDrm)][0]);
  });
});

describe('AW 41.1.2b 6th AB DZ W in the June 6 PM Movement Phase', { timeout: 30_000 }, () => {
  it('AW 41.1.2b DZ W is not offered in the stage, and placing it is refused with the case', () => {
    const s = act(withDice(start(b6()), [['d10', 0], ['d10', 0]]), { type: 'pegasus' }).state;
    expect(legalActions(s, 'allied').filter((a) => a.type === 'placeDz').map((a) => (a as { dz: string }).dz).sort()).toEqual(['6AB-K', '6AB-N', '6AB-V']);
    expect(refusal(s, { type: 'placeDz', dz: '6AB-W' })).toMatchObject({ code: 'dz-later', case: 'AW 41.1.2b' });
  });
  it('AW 41.1.2b in a longer game starting June 6 PM, DZ W goes on the map (C5116, no scatter: a main DZ) when the Allied Movement Segment begins', () => {
    const scen = structuredClone(BUILTIN.scenarios['data/scenarios/night-drop-6ab.json']) as Record<string, unknown> & { special: { airborne: Record<string, unknown> } };
    scen.id = 'night-drop-6ab';
    scen.start = { date: '1944-06-06', time: 'PM' };
    scen.lengths = [{ id: 'pm', label: 'June 6 PM', end: { date: '1944-06-06', time: 'PM' }, source: 'test: a longer game' }];
    delete scen.special.airborne.stageAlone;
    const b = loadScenario('night-drop-6ab', { ...BUILTIN, scenarios: { 'data/scenarios/night-drop-6ab.json': scen } });
    const g = newGame(b, { seed: 'w' });
    let s = g.state;
    // The first modelled segment with an actor is the Allied Movement Segment itself: newGame enters it.
    let placed = ofType(g.events, 'dzPlaced').find((e) => e.dz === '6AB-W') ?? null;
    expect(s.pos.part).toBeUndefined();
    for (let i = 0; i < 60 && !placed; i++) {
      const r = apply(s, { type: 'endSegment' });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      placed = ofType(r.events, 'dzPlaced').find((e) => e.dz === '6AB-W') ?? null;
    }
    expect(placed).toMatchObject({ dz: '6AB-W', hex: 'C5116', main: true, moved: false });
    expect(airborneState(s).dzs['6AB-W'].status).toMatch(/^[A-E]$/);
    loadScenario('night-drop-6ab'); // re-register the real scenario for the other tests
  });
});
