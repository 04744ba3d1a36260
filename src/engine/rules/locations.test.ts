/**
 * One location space (issue 14 part 3, docs/engine.md "Locations"): units in the off-map boxes of
 * declared box graphs — a fixture in the shape of the AW 41.2.3c ES track and one of AW 42 landing
 * boxes (tests/fixtures/boxes, labelled reconstructed / test) — move between adjacent boxes and onto
 * hexes, and stacking, supply and view treat them per the declared rules.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { BUILTIN, loadScenario, type DataSources } from '../../data/bundle';
import { DataError } from '../../data/problems';
import { apply, legalActions, newGame, view, type Action, type GameState } from '../index';
import demo from '../../../data/scenarios/demo.json';
import esTrack from '../../../tests/fixtures/boxes/es-track.json';
import landing from '../../../tests/fixtures/boxes/landing.json';
import { BOX_BASE, ELIMINATED_BOX, boxDisplays, OFF_MAP_BOX, boxRegistry, isBox, isHex, locationOf, parseLocation, placeUnit, unitsInBox } from './locations';
import { unitIndex } from './unitIndex';
import { determineSupply, inGenS } from './supply';
import goodwood from '../../../data/scenarios/goodwood.json';
import { hexOfRulesId, HEX_COUNT } from '../hex';
import { mutUnit, unitList, unitOf } from '../unitTable';

const scenario = { ...demo, id: 'demo-boxes', boxGraphs: ['test-es-track', 'test-landing'] };
const src = (boxes: Record<string, unknown> = { 'data/boxes/es-track.json': esTrack, 'data/boxes/landing.json': landing }, scen: object = scenario): DataSources =>
  ({ ...BUILTIN, scenarios: { 'data/scenarios/demo-boxes.json': scen }, boxes });
const bundle = loadScenario('demo-boxes', src());
const loc = (ref: string) => { const r = parseLocation(bundle, ref); if ('error' in r) throw new Error(r.error); return r.loc; };

function ok(state: GameState, a: Action): GameState {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message}`);
  return r.state;
}
function refused(state: GameState, a: Action) {
  const r = apply(state, a);
  if (r.ok) throw new Error(`${a.type} was accepted`);
  return r.error;
}
/** The demo game at the Allied Movement Segment, with units put in boxes (as a module's placement would). */
function inBoxes(places: Record<string, string>): GameState {
  let s = newGame(bundle, { seed: 'boxes' }).state;
  s = ok(s, { type: 'endSegment' }); // construction → move
  return produce(s, (d) => { for (const [u, ref] of Object.entries(places)) placeUnit(mutUnit(d, u), loc(ref)); });
}

describe('one location space (issue 14 part 3)', () => {
  it('hexes and boxes share one integer space: hexes below BOX_BASE, core and declared boxes above', () => {
    expect(HEX_COUNT).toBeLessThan(BOX_BASE);
    const reg = boxRegistry(bundle);
    expect(reg.list.map((b) => b.def.id)).toEqual(['es-1', 'es-2', 'es-3', 'es-4', 'es-5', 'es-6', 'es-7', 'es-8', 'es-9', 'queue', 'landing']);
    for (const b of reg.list) expect(isBox(b.loc) && !isHex(b.loc) && b.loc > OFF_MAP_BOX).toBe(true);
    expect(reg.byId.get('es-3')!.adjacent).toEqual([loc('es-2')]);
    expect(reg.byId.get('es-1')!.entry).toEqual(['C4718', 'C4719', 'C4825'].map((h) => hexOfRulesId(h)));
    const s = inBoxes({ 'demo-gds-1': 'es-3' });
    expect(locationOf(unitOf(s, 'demo-gds-1'))).toBe(loc('es-3'));
    expect(locationOf(unitOf(s, 'demo-kosb'))).toBe(hexOfRulesId('C4719'));
    expect(locationOf({ hex: null, eliminated: true })).toBe(ELIMINATED_BOX);
    expect(locationOf({ hex: null })).toBe(OFF_MAP_BOX);
  });

  it('a unit in a box has no hex: the hex index, and so movement, hex stacking and the Pixi map (which draw u.hex) ignore it', () => {
    const s = inBoxes({ 'demo-gds-1': 'es-3' });
    expect(unitOf(s, 'demo-gds-1').hex).toBeNull();
    expect(unitIndex(s).live.map((u) => u.id)).not.toContain('demo-gds-1');
    expect(unitsInBox(s, loc('es-3')).map((u) => u.id)).toEqual(['demo-gds-1']);
    expect(refused(s, { type: 'move', unit: 'demo-gds-1', path: ['C4718'] })).toMatchObject({ code: 'not-on-map', message: '1 Gds/5 Gds Armd is in ES box 3, not on the map' });
  });

  it('AW 41.2.3c (reconstructed fixture): a unit moves down the ES track box by box and from box 1 onto an entry hex', () => {
    let s = inBoxes({ 'demo-gds-1': 'es-3' });
    expect(legalActions(s, 'allied').filter((a) => a.type === 'moveBox')).toEqual([{ type: 'moveBox', unit: 'demo-gds-1', to: 'es-2' }]);
    const r = apply(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-2' });
    expect(r.ok && r.events).toEqual([{ type: 'unitMovedBox', unit: 'demo-gds-1', from: 'es-3', to: 'es-2', case: 'AW 41.2.3c' }]);
    s = ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-2' });
    s = ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-1' });
    // From box 1 the entry hexes: not the one the Germans hold (GOSS 7.1).
    const offers = legalActions(s, 'allied').filter((a) => a.type === 'moveBox');
    expect(offers).toEqual([{ type: 'moveBox', unit: 'demo-gds-1', to: 'C4718' }, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4719' }]);
    for (const a of offers) expect(apply(s, a).ok).toBe(true);
    expect(refused(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4825' })).toMatchObject({ code: 'enemy-hex', case: 'GOSS 7.1' });
    s = ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4718' });
    expect(unitOf(s, 'demo-gds-1')).toMatchObject({ hex: hexOfRulesId('C4718') });
    expect(unitOf(s, 'demo-gds-1').box).toBeUndefined();
    expect(unitIndex(s).byHex.get(hexOfRulesId('C4718'))!.map((u) => u.id)).toEqual(['demo-gds-1']);
  });

  it('AW 41.2.3c (reconstructed fixture): the track only descends, one box at a time, in the segments the graph names', () => {
    const s = inBoxes({ 'demo-gds-1': 'es-3', 'demo-3rgr': 'es-1' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-1' })).toMatchObject({ code: 'not-adjacent', message: 'ES box 1 is not adjacent to ES box 3', case: 'AW 41.2.3c' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-4' })).toMatchObject({ code: 'not-adjacent' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4718' })).toMatchObject({ code: 'not-adjacent', case: 'AW 41.2.3c' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-3rgr', to: 'C5024' })).toMatchObject({ code: 'not-adjacent', message: '3 RTR/29 Armd may leave ES box 1 only onto C4718, C4719, C4825, not C5024' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-kosb', to: 'es-1' })).toMatchObject({ code: 'not-in-box' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'nowhere' })).toMatchObject({ code: 'bad-location' });
    const construction = produce(newGame(bundle, { seed: 'boxes' }).state, (d) => placeUnit(mutUnit(d, 'demo-gds-1'), loc('es-3')));
    expect(refused(construction, { type: 'moveBox', unit: 'demo-gds-1', to: 'es-2' })).toMatchObject({ code: 'wrong-segment' }); // the sequence's dispatcher: box moves are admitted only in Movement Segments
  });

  it('GOSS 6.3.0: a unit leaving a box onto a hex counts against the hex stacking limits; in the box it counts against none', () => {
    // es-1 holds two battalions (unlimited); C4719 already holds 1 KOSB: 2 Bn are legal, the third overstacks.
    let s = inBoxes({ 'demo-gds-1': 'es-1', 'demo-3rgr': 'es-1' });
    expect(unitsInBox(s, loc('es-1'))).toHaveLength(2);
    s = ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4719' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-3rgr', to: 'C4719' })).toMatchObject({ code: 'overstacked', case: 'GOSS 6.3.0' });
    expect(legalActions(s, 'allied')).not.toContainEqual({ type: 'moveBox', unit: 'demo-3rgr', to: 'C4719' });
  });

  it('a box\'s declared stacking rule: the landing box holds one unit of a side (test fixture)', () => {
    let s = inBoxes({ 'demo-gds-1': 'queue', 'demo-3rgr': 'queue' });
    s = ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'landing' });
    expect(refused(s, { type: 'moveBox', unit: 'demo-3rgr', to: 'landing' })).toMatchObject({ code: 'overstacked', message: '3 RTR/29 Armd may not enter Landing box: Landing box holds at most 1 unit of a side (it has 1)', case: 'AW 42' });
  });

  it('a box\'s declared supply rule: in the queue in supply, in the landing box out of supply, on the ES track not traced', () => {
    const s = inBoxes({ 'demo-gds-1': 'queue', 'demo-3rgr': 'landing', 'demo-kosb': 'es-4' });
    expect(inGenS(s, bundle, 'demo-gds-1')).toBe(true);
    expect(inGenS(s, bundle, 'demo-3rgr')).toBe(false);
    expect(inGenS(s, bundle, 'demo-kosb')).toBe(false);
  });

  it('AW 32.9 / 31.11 supply determination in a scenario with supply rules: box units take their box\'s declared status', () => {
    const gw = { ...goodwood, id: 'goodwood-boxes', boxGraphs: ['test-landing'] };
    const b = loadScenario('goodwood-boxes', { ...BUILTIN, scenarios: { 'data/scenarios/goodwood-boxes.json': gw }, boxes: { 'data/boxes/landing.json': landing } });
    const at = (ref: string) => { const r = parseLocation(b, ref); if ('error' in r) throw new Error(r.error); return r.loc; };
    const s = produce(newGame(b, { seed: 'boxes' }).state, (d) => {
      placeUnit(mutUnit(d, '3-rtr-29-11'), at('landing'));
      placeUnit(mutUnit(d, '8-rb-29-11'), at('queue'));
      mutUnit(d, '8-rb-29-11').markers.push('OhS');
    });
    const changes = determineSupply(s, b, 'allied');
    expect(changes.filter((c) => ['3-rtr-29-11', '8-rb-29-11'].includes(c.unit))).toEqual([{ unit: '3-rtr-29-11', to: 'OhS' }, { unit: '8-rb-29-11', to: 'GenS' }]);
  });

  it('view: the other side sees units in an owner-only box as anonymous counters; public boxes as they are', () => {
    const s = inBoxes({ 'demo-gds-1': 'queue', 'demo-3rgr': 'queue', 'demo-kosb': 'es-2' });
    const mine = view(s, 'allied');
    expect(unitOf(mine, 'demo-gds-1')).toMatchObject({ box: loc('queue'), hex: null });
    const theirs = view(s, 'german');
    expect(unitOf(theirs, 'demo-gds-1')).toBeUndefined();
    expect(unitOf(theirs, 'demo-3rgr')).toBeUndefined();
    const anon = unitList(theirs).filter((u) => u.box === loc('queue'));
    expect(anon).toEqual([
      { id: 'hidden:queue:0', side: 'allied', hex: null, box: loc('queue'), stepsLost: 0, mpSpent: 0, markers: [] },
      { id: 'hidden:queue:1', side: 'allied', hex: null, box: loc('queue'), stepsLost: 0, mpSpent: 0, markers: [] },
    ]);
    expect(JSON.stringify(theirs)).not.toContain('demo-gds-1');
    expect(unitOf(theirs, 'demo-kosb')).toMatchObject({ box: loc('es-2') });
    expect('seed' in theirs).toBe(false);
    // The React reading API (src/ui/boxes.ts) reads the view: the German panel shows two anonymous counters in the queue.
    const panel = boxDisplays(theirs, bundle);
    expect(panel.map((g) => g.graph)).toEqual(['test-es-track', 'test-landing']);
    const queue = panel[1].boxes.find((b) => b.id === 'queue')!;
    expect(queue).toMatchObject({ name: 'In the queue', adjacent: ['landing'], entry: [] });
    expect(queue.units.map((u) => u.id)).toEqual(['hidden:queue:0', 'hidden:queue:1']);
    expect(panel[0].boxes[1].units.map((u) => u.id)).toEqual(['demo-kosb']);
    expect(boxDisplays(mine, bundle)[1].boxes[0].units.map((u) => u.id)).toEqual(['demo-gds-1', 'demo-3rgr']);
  });

  it('a scenario sets units up in boxes (boxSetup): they start there, off the map, and move on by the graph', () => {
    const scen = { ...scenario, id: 'demo-boxes-setup', setup: demo.setup.filter((e) => e.unit !== 'demo-gds-1'), boxSetup: [{ unit: 'demo-gds-1', box: 'es-2', source: 'test: a scattered unit' }] };
    const b = loadScenario('demo-boxes-setup', { ...src(undefined, scen), scenarios: { 'data/scenarios/demo-boxes-setup.json': scen } });
    let s = newGame(b, { seed: 'boxes' }).state;
    const es2 = boxRegistry(b).byId.get('es-2')!.loc;
    expect(unitOf(s, 'demo-gds-1')).toEqual({ id: 'demo-gds-1', side: 'allied', hex: null, box: es2, stepsLost: 0, mpSpent: 0, markers: [] });
    s = ok(ok(s, { type: 'endSegment' }), { type: 'moveBox', unit: 'demo-gds-1', to: 'es-1' });
    expect(unitOf(ok(s, { type: 'moveBox', unit: 'demo-gds-1', to: 'C4718' }), 'demo-gds-1').hex).toBe(hexOfRulesId('C4718'));
    const bad = { ...scen, id: 'demo-boxes-setup-bad', boxSetup: [{ unit: 'demo-kosb', box: 'es-0', source: 'test: bad' }] };
    try {
      loadScenario('demo-boxes-setup-bad', { ...src(undefined, bad), scenarios: { 'data/scenarios/bad.json': bad } });
      throw new Error('loaded');
    } catch (e) {
      expect((e as DataError).problems).toEqual([
        { file: 'data/scenarios/bad.json', path: 'boxSetup[0].unit', reason: 'unit "demo-kosb" is also set up on a hex' },
        { file: 'data/scenarios/bad.json', path: 'boxSetup[0].box', reason: '"es-0" is no box of the scenario\'s box graphs' },
      ]);
    }
  });

  it('box graphs are validated at load: file, path and reason', () => {
    const bad = { ...esTrack, boxes: esTrack.boxes.map((b, i) => (i === 2 ? { ...b, adjacent: ['es-0'] } : i === 0 ? { ...b, entry: ['A0101'] } : b)) };
    const scen = { ...scenario, id: 'demo-boxes-bad' };
    const load = () => loadScenario('demo-boxes-bad', { ...src({ 'data/boxes/es-track.json': bad, 'data/boxes/landing.json': landing }, scen), scenarios: { 'data/scenarios/demo-boxes-bad.json': scen } });
    expect(load).toThrow(DataError);
    try { load(); } catch (e) {
      expect((e as DataError).problems).toEqual([
        { file: 'data/boxes/es-track.json', path: 'boxes[0].entry[0]', reason: "A0101 is not on the scenario's map" },
        { file: 'data/boxes/es-track.json', path: 'boxes[2].adjacent[0]', reason: '"es-0" is no box of graph "test-es-track"' },
      ]);
    }
    const missing = { ...scenario, id: 'demo-boxes-missing', boxGraphs: ['nope'] };
    expect(() => loadScenario('demo-boxes-missing', { ...src({}, missing), scenarios: { 'data/scenarios/m.json': missing } })).toThrow(/no box graph with id "nope"/);
  });

  it('scenarios without box graphs keep their data version (the box files are hashed only when used)', () => {
    const plain = loadScenario('demo');
    expect(plain.boxGraphs).toBeUndefined();
    expect(bundle.dataHash).not.toBe(plain.dataHash);
  });
});
