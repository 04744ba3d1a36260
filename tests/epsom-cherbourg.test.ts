/**
 * Issue 9 acceptance: Epsom (AW 33) and Cherbourg (AW 34). German setups at their printed hexes,
 * the Cherbourg placement pools set up legally (by hand and by the seeded random setup), each
 * special rule by case with fixed dice, and both scenarios played to their result with scripted
 * legal actions, replaying to the same state hash.
 */
import { describe, expect, test } from 'vitest';
import { play as run } from './helpers';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, newGame, replay, sideToAct, stateHash } from '../src/engine/game';
import { NEIGHBOURS, distance, formatHex, hexOfRulesId } from '../src/engine/hex';
import type { Action, GameState, UnitState } from '../src/engine/types';
import { stackViolations } from '../src/engine/rules/stacking';
import { deploymentArea, deploymentHexes, fieldworksHexes, placementCheck, setupStatus } from '../src/engine/rules/setupPhase';
import { bridgeHexes } from '../src/engine/rules/bridgeMarkers';
import { mayAct, maAfterModules } from '../src/engine/rules/extensions';
import { cherbourgMorale, garrisonActive, garrisonMoveCheck } from '../src/engine/rules/landefront';
import { advOf } from '../src/engine/rules/ammoDepletion';
import { weatherNow } from '../src/engine/rules/weather';
import { controlOf } from '../src/engine/rules/scenarioVictory';
import { inGenS } from '../src/engine/rules/supply';
import { hexSet } from '../src/engine/rules/scenarioArea';
import { artilleryPoints, fsPlan } from '../src/engine/rules/fireSupport';
import { segmentAt } from '../src/engine/sequence';
import type { GameEvent, ScenarioBundle } from '../src/engine/types';
import { unitList, unitOf, unitTable, withUnits } from '../src/engine/unitTable';

const epsom = loadScenario('epsom');
const cherbourg = loadScenario('cherbourg');

/** Ends segments until `pred` holds (the side to act changes as the sequence goes). */
function until(state: GameState, pred: (s: GameState) => boolean, log?: Action[]): GameState {
  for (let i = 0; i < 5000 && !state.over && !pred(state); i++) { state = run(state, { type: 'endSegment' }); log?.push({ type: 'endSegment' }); }
  return state;
}

const segId = (b: ScenarioBundle, s: GameState) => segmentAt(b.sequence, s.pos).segment.id;
/** Answers FS decisions (hits, retreat, absorb) with the first legal choice until none is pending. */
function settle(state: GameState): GameState {
  for (let i = 0; i < 20 && state.pending && /^fs/.test(state.pending.kind); i++) state = run(state, legalActions(state, state.pending.side)[0]);
  return state;
}
const withUnit = (state: GameState, id: string, patch: Partial<UnitState>): GameState => ({ ...state, units: withUnits(state.units, [{ ...unitOf(state, id), ...patch }]) });
const evOf = (b: ScenarioBundle, state: GameState, a: Action) => { const r = apply(state, a); if (!r.ok) throw new Error(r.error.message); return r; };

describe('Epsom fire support (AW 33.3, 33.5, 33.7.1)', () => {
  test('AW 33.5.2a a German artillery unit fires one FS mission per GT: Ammo Depleted placed when it fires, refused again (also by legalActions) until the marker goes at the end of the GT', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    state = until(state, (s) => segId(epsom, s) === 'defensiveFs');
    expect(sideToAct(state)).toBe('german');
    const r = evOf(epsom, state, { type: 'fireMission', target: 'C3320', artillery: [{ unit: 'i-12-12ss' }] });
    expect(r.events).toContainEqual({ type: 'ammoDepleted', units: ['i-12-12ss'], why: 'fired its one FS mission of the GT', case: 'AW 33.5.2a' });
    state = settle(r.state);
    expect(unitOf(state, 'i-12-12ss').markers).toContain('Ammo Depleted');
    const again = apply(state, { type: 'fireMission', target: 'C3520', artillery: [{ unit: 'i-12-12ss' }] });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error).toMatchObject({ code: 'ammo-depleted', case: 'AW 33.5.2a' });
    const offered = () => legalActions(state, 'german').filter((a) => a.type === 'fireMission').flatMap((a) => ((a as { artillery?: { unit: string }[] }).artillery ?? []).map((x) => x.unit));
    expect(offered()).not.toContain('i-12-12ss');
    expect(offered()).toContain('ii-12-12ss');
    // Still depleted in the German player turn of the same GT; gone at the end of the GT.
    state = until(state, (s) => s.pos.playerTurn === 1 && segId(epsom, s) === 'offensiveFs');
    expect(fsPlan(state, epsom, 'german', { target: hexOfRulesId('C3520'), artillery: [{ unit: 'i-12-12ss' }] })).toMatchObject({ ok: false, code: 'ammo-depleted' });
    state = until(state, (s) => s.pos.turn === 1);
    expect(unitOf(state, 'i-12-12ss').markers).not.toContain('Ammo Depleted');
  }, 120_000);

  test('AW 33.5.2a German heavy AA Coys fire as artillery (1 point, range 4) once per GT; Nebelwerfer fire once per GT, not once per GD (AW 32.5.2b is Goodwood)', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    state = until(state, (s) => segId(epsom, s) === 'defensiveFs');
    const flak = fsPlan(state, epsom, 'german', { target: hexOfRulesId('C3920'), artillery: [{ unit: '88flak-coy-5' }] });
    expect(flak).toMatchObject({ ok: true, plan: { total: 1, sources: [{ unit: '88flak-coy-5', points: 1 }] } });
    expect(fsPlan(state, epsom, 'german', { target: hexOfRulesId('C3720'), artillery: [{ unit: '88flak-coy-4' }] })).toMatchObject({ ok: false, code: 'out-of-range' });
    const r = evOf(epsom, state, { type: 'fireMission', target: 'C3920', artillery: [{ unit: '88flak-coy-5' }] });
    state = settle(r.state);
    expect(unitOf(state, '88flak-coy-5').markers).toContain('Ammo Depleted');
    state = settle(run(state, { type: 'fireMission', target: 'C3520', artillery: [{ unit: 'i-83-7nw' }] }));
    expect(unitOf(state, 'i-83-7nw').markers).toContain('Ammo Depleted');
    // Next GT, same GD (June 25 PM): the Nebelwerfer fires again.
    state = until(state, (s) => s.pos.turn === 1 && segId(epsom, s) === 'defensiveFs');
    expect(unitOf(state, 'i-83-7nw').markers).not.toContain('Ammo Depleted');
    expect(fsPlan(state, epsom, 'german', { target: hexOfRulesId('C3520'), artillery: [{ unit: 'i-83-7nw' }] })).toMatchObject({ ok: true, plan: { total: 4, nebelwerfer: true } });
  }, 120_000);

  test('AW 33.5.1 VIII Corps group 16 points / division HQs 12, range 6, reset each player turn; AW 33.7.1 inactive VIII Corps neither fires nor observes before June 26 AM', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    state = until(state, (s) => segId(epsom, s) === 'offensiveFs');
    expect(fsPlan(state, epsom, 'allied', { target: hexOfRulesId('C3721'), artillery: [{ unit: 'viii-corps-hq', points: 8 }] })).toMatchObject({ ok: false, code: 'inactive', case: 'AW 33.7.1' });
    expect(fsPlan(state, epsom, 'allied', { target: hexOfRulesId('C3721'), spotter: '7-rtr-31', artillery: [{ unit: '49div-hq', points: 8 }] })).toMatchObject({ ok: false, code: 'inactive', case: 'AW 33.7.1' });
    expect(artilleryPoints(state, epsom, '49div-hq')).toMatchObject({ points: 12, range: 6 });
    state = until(state, (s) => s.pos.turn === 3 && segId(epsom, s) === 'offensiveFs');
    state = withUnit(state, 'viii-corps-hq', { hex: hexOfRulesId('C3618') }); // a test position: the group moved up (start C3416)
    expect(artilleryPoints(state, epsom, 'viii-corps-hq')).toMatchObject({ points: 16, range: 6 });
    state = settle(run(state, { type: 'fireMission', target: 'C3721', artillery: [{ unit: 'viii-corps-hq', points: 8 }] }));
    expect(artilleryPoints(state, epsom, 'viii-corps-hq').points).toBe(8);
    expect(fsPlan(state, epsom, 'allied', { target: hexOfRulesId('C3921'), artillery: [{ unit: 'viii-corps-hq', points: 8 }] }).ok).toBe(true);
    expect(fsPlan(state, epsom, 'allied', { target: hexOfRulesId('C3921'), artillery: [{ unit: 'viii-corps-hq', points: 8 }, { unit: '15div-hq', points: 1 }] }).ok).toBe(false); // 9 > unobserved cap 8
    // 33.5.1a: reset at the end of the player turn: the full 16 again in the German player turn of the same GT.
    state = until(state, (s) => s.pos.playerTurn === 1 && segId(epsom, s) === 'defensiveFs');
    expect(state.pos.turn).toBe(3);
    expect(artilleryPoints(state, epsom, 'viii-corps-hq').points).toBe(16);
  }, 120_000);

  test('AW 33.3.0 naval: BB 8 / CA 6, one ship per mission, each once per GD (AM or PM), targets within 5 hexes of C3620, observed from PA or ET (AW 31.9.3)', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    state = until(state, (s) => s.pos.turn === 3 && segId(epsom, s) === 'offensiveFs');
    const t = hexOfRulesId('C3721');
    // C3721 is in MCT: only an adjacent attack-designated observer sees it; a TA spotter makes an observed (not PA/ET) mission.
    expect(fsPlan(state, epsom, 'allied', { target: t, spotter: '7-rtr-31', ships: ['bb'] })).toMatchObject({ ok: false, code: 'not-observed' });
    expect(fsPlan(withUnit(state, '7-rtr-31', { markers: ['TA'] }), epsom, 'allied', { target: t, spotter: '7-rtr-31', ships: ['bb'] })).toMatchObject({ ok: false, code: 'naval-observer', case: 'AW 31.9.3' });
    expect(fsPlan(state, epsom, 'allied', { target: t, naval: 8 })).toMatchObject({ ok: false, code: 'naval-ships' });
    state = withUnit(withUnit(state, '7-rtr-31', { markers: ['PA'] }), '9-rtr-31', { markers: ['PA'] });
    expect(fsPlan(state, epsom, 'allied', { target: t, spotter: '7-rtr-31', ships: ['bb', 'ca'] })).toMatchObject({ ok: false, code: 'naval-one', case: 'AW 33.3.0' });
    expect(fsPlan(state, epsom, 'allied', { target: t, spotter: '7-rtr-31', ships: ['ca'] })).toMatchObject({ ok: true, plan: { total: 6 } });
    state = settle(run(state, { type: 'fireMission', target: 'C3721', spotter: '7-rtr-31', ships: ['bb'] }));
    const t2 = hexOfRulesId('C3921');
    expect(fsPlan(state, epsom, 'allied', { target: t2, spotter: '9-rtr-31', ships: ['bb'] })).toMatchObject({ ok: false, code: 'ship-used', case: 'AW 33.3.0' });
    expect(fsPlan(state, epsom, 'allied', { target: t2, spotter: '9-rtr-31', ships: ['ca'] })).toMatchObject({ ok: true, plan: { total: 6 } });
    // June 26 PM: the BB is still used for the GD; June 27 AM it is back. (The hand-set PA markers go before the segment ends.)
    const noPa = (s0: GameState) => withUnit(withUnit(s0, '7-rtr-31', { markers: [] }), '9-rtr-31', { markers: [] });
    state = until(noPa(state), (s) => s.pos.turn === 4 && segId(epsom, s) === 'offensiveFs');
    state = withUnit(state, '9-rtr-31', { markers: ['PA'] });
    expect(fsPlan(state, epsom, 'allied', { target: t2, spotter: '9-rtr-31', ships: ['bb'] })).toMatchObject({ ok: false, code: 'ship-used' });
    state = until(noPa(state), (s) => s.pos.turn === 6 && segId(epsom, s) === 'offensiveFs');
    state = withUnit(state, '9-rtr-31', { markers: ['PA'] });
    expect(fsPlan(state, epsom, 'allied', { target: t2, spotter: '9-rtr-31', ships: ['bb'] })).toMatchObject({ ok: true, plan: { total: 8 } });
    // Out of range: a German unit more than 5 hexes from C3620.
    // Out of range: the same target seen as if it stood 6 hexes from C3620 (the PA spotter next to it).
    const far = withUnit(withUnit(state, '1-i-12ss-mkiv', { hex: hexOfRulesId('C4223') }), '9-rtr-31', { hex: hexOfRulesId('C4222'), markers: ['PA'] });
    expect(distance(hexOfRulesId('C4223'), hexOfRulesId('C3620'))).toBe(6);
    expect(fsPlan(far, epsom, 'allied', { target: hexOfRulesId('C4223'), spotter: '9-rtr-31', ships: ['bb'] })).toMatchObject({ ok: false, code: 'naval-range', case: 'AW 33.3.0' });
  }, 180_000);
});

describe('Scenario 2: Epsom (AW 33)', () => {
  const setupOf = new Map(epsom.scenario.setup.map((e) => [e.unit, e]));
  test('AW 33.11.2 German setup: every listed unit in its printed hex with its fieldworks (NW Bdes in or adjacent)', () => {
    expect(setupOf.get('iii-26-12ss')).toMatchObject({ hex: 'C3122', fieldworks: 'ET-2' });
    expect(setupOf.get('1-i-12ss-mkiv')).toMatchObject({ hex: 'C3921', fieldworks: 'ET-3' });
    expect(setupOf.get('12ss-hq')).toMatchObject({ hex: 'C3829' });
    expect(setupOf.get('3-101-iss')).toMatchObject({ hex: 'C3629' });
    const fw = epsom.scenario.setup.filter((e) => e.fieldworks).reduce((m, e) => m.set(e.hex, e.fieldworks!), new Map<string, string>());
    expect([...fw.values()].filter((f) => f === 'ET-2')).toHaveLength(6);
    expect([...fw.values()].filter((f) => f === 'ET-3')).toHaveLength(1);
    expect([...fw.values()].filter((f) => f === 'IP')).toHaveLength(7);
    for (const id of ['i-83-7nw', 'ii-83-7nw', 'iii-83-7nw']) expect(['C3524', 'C3525']).toContain(setupOf.get(id)!.hex);
    const { state } = newGame(epsom, { seed: 'e' });
    expect(stackViolations(state, epsom)).toEqual([]);
    for (const e of epsom.scenario.setup) if (epsom.units.get(e.unit)!.side === 'allied') expect(e.source.startsWith('reconstructed:'), e.unit).toBe(true);
  }, 120_000);

  test('AW 33.7.1 VIII Corps inactive until June 26 AM; AW 33.7.2 only Germans west of the 49th Div boundary (and 12th SS Pz Coys) move', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    expect(mayAct(state, epsom, '3-rtr-29-11', 'move')).toMatchObject({ code: 'inactive', case: 'AW 33.7.1' });
    expect(mayAct(state, epsom, '6-dwr-147-49', 'move')).toBeNull(); // XXX Corps
    expect(mayAct(state, epsom, 'i-26-12ss', 'move')).toMatchObject({ case: 'AW 33.7.2' }); // C3721, east of the line
    expect(mayAct(state, epsom, 'iii-26-12ss', 'move')).toBeNull(); // C3122, west
    expect(mayAct(state, epsom, '5-ii-12ss', 'move')).toBeNull(); // 12SS Pz Coy exempt
    expect(mayAct(state, epsom, 'i-26-12ss', 'observe')).toBeNull(); // defends, observes normally
    state = until(state, (s) => s.pos.turn === 3);
    expect(mayAct(state, epsom, '3-rtr-29-11', 'move')).toBeNull();
  }, 120_000);

  test('AW 33.6.1 one Odon bridge per GT, three in all, into an Allied-occupied hex south of the Odon; it carries GenS (33.9.1)', () => {
    let { state } = newGame(epsom, { seed: 'e' });
    // Put a 15th Scottish Btn south of the Odon by hand (a test position), then reach the Construction Segment.
    const south = ['C3726', 'C3826', 'C3727'];
    state = { ...state, units: withUnits(state.units, ['6-rsf-44-15', '8-rs-44-15', '6-kosb-44-15'].map((u, i) => ({ ...unitOf(state, u), hex: hexOfRulesId(south[i]) }))) };
    expect(state.pos.segment).toBe(3); // construction
    expect(bridgeHexes(state, epsom).map(formatHex).sort()).toEqual(south.filter((h) => !['C3726'].includes(h) || true).sort());
    state = run(state, { type: 'placeBridge', hex: 'C3726' });
    const again = apply(state, { type: 'placeBridge', hex: 'C3826' });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.case).toBe('AW 33.6.1');
    for (let gtN = 1; gtN <= 3; gtN++) {
      state = until(state, (s) => s.pos.turn === gtN && s.pos.playerTurn === 0 && s.pos.segment === 3);
      const hs = bridgeHexes(state, epsom);
      if (gtN <= 2) { expect(hs.length).toBeGreaterThan(0); state = run(state, { type: 'placeBridge', hex: formatHex(hs[0]) }); } else expect(hs).toEqual([]);
    }
    expect((state as GameState & { special: { epsom: { bridges: number[] } } }).special.epsom.bridges).toHaveLength(3);
  }, 120_000);

  test('AW 33.9.0 GenS through the formation HQ: at most 6 hexes from it, road hexes one-half; units beyond are marked OhS in their Supply Determination Segment', () => {
    let { state } = newGame(epsom, { seed: 'sup' });
    const hq = unitOf(state, '12ss-hq').hex!;
    expect(formatHex(hq)).toBe('C3829'); // AW 33.11.2
    const at = (h: string) => withUnit(state, 'iii-26-12ss', { hex: hexOfRulesId(h) });
    expect(distance(hexOfRulesId('C3122'), hq)).toBe(10);
    expect(inGenS(state, epsom, 'iii-26-12ss')).toBe(false); // C3122, its setup hex
    expect(inGenS(at('C3626'), epsom, 'iii-26-12ss')).toBe(true); // 4 hexes
    // 5 hexes across the unbridged Odon from the HQ: AW 33.9.1 (the Odon blocks supply paths) is the Allied PSS
    // case, so German paths cross it (docs/errata.md).
    const south = hexSet(epsom, epsom.scenario.special!.epsom!.odon.south);
    expect([south.has(hexOfRulesId('C3625')), south.has(hq)]).toEqual([false, true]);
    expect(inGenS(at('C3625'), epsom, 'iii-26-12ss')).toBe(true);
    expect(distance(hexOfRulesId('C3033'), hq)).toBe(8);
    expect(inGenS(at('C3033'), epsom, 'iii-26-12ss')).toBe(true); // 8 hexes, but along the road: one-half each
    // 7NW has no HQ on the map: it traces from any German formation HQ (the 12th SS HQ, 6 hexes off across the Odon).
    expect(distance(unitOf(state, 'i-83-7nw').hex!, hq)).toBe(6);
    expect(inGenS(state, epsom, 'i-83-7nw')).toBe(true);
    expect(inGenS(withUnit(state, 'i-83-7nw', { hex: hexOfRulesId('C2923') }), epsom, 'i-83-7nw')).toBe(false);
    expect(inGenS(state, epsom, '12ss-hq')).toBe(true);
    // The German Supply Determination Segment (AW 31.2.1c) marks the units beyond the HQ leg OhS.
    const log: GameEvent[] = [];
    for (let i = 0; i < 200 && !(state.pos.playerTurn === 1 && segId(epsom, state) === 'construction'); i++) { const r = evOf(epsom, state, { type: 'endSegment' }); log.push(...r.events); state = r.state; }
    expect(log).toContainEqual({ type: 'supplyChanged', unit: 'iii-26-12ss', to: 'OhS', case: 'AW 31.11' });
    expect(unitOf(state, 'iii-26-12ss').markers).toContain('OhS');
    expect(unitOf(state, '3-rtr-29-11').markers).not.toContain('OhS');
  }, 120_000);

  test('scripted game to June 30 Night: AW 33.13 result, replay gives the same hash', () => {
    let { state } = newGame(epsom, { seed: 'epsom-script' });
    const log: Action[] = [];
    const act = (a: Action) => { state = run(state, a); log.push(a); };
    for (let i = 0; i < 20000 && !state.over; i++) {
      const side = sideToAct(state)!;
      if (state.pos.segment === 4) {
        const enter = legalActions(state, side).find((a) => a.type === 'enterReinforcement' && ['1-i-3-2pz', '2-200-21', '9ss-hq', '10ss-hq'].includes(a.unit as string));
        if (enter) { act(enter); continue; }
      }
      act({ type: 'endSegment' });
    }
    expect(state.over).not.toBeNull();
    const v = (state as GameState & { special: { victory: { case: string; level: string; winner: string } } }).special.victory;
    expect(v.case).toBe('AW 33.13');
    expect(v).toMatchObject({ winner: 'german', level: 'major' }); // no Allied unit ever left its start area
    expect(unitOf(state, '9ss-hq').hex).not.toBeNull();
    const r = replay({ scenario: 'epsom', dataHash: epsom.dataHash, options: { seed: 'epsom-script' }, actions: log });
    expect(r.ok).toBe(true);
    if (r.ok) expect(stateHash(r.state)).toBe(stateHash(state));
  }, 240_000);
});

describe('Cherbourg fire support (AW 34.3.0, 34.5.3)', () => {
  const ready = (seed: string) => { let { state } = newGame(cherbourg, { seed }); state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' }); return until(state, (s) => segId(cherbourg, s) === 'offensiveFs'); };

  test('AW 34.3.0 naval: BB, CA, 2 CL, 3 DD each AM and PM GT from any full sea hex (ship points and ranges from data/tables/naval.json), at most 8 naval points per mission (AW 31.9.3)', () => {
    let state = ready('ad2');
    expect(formatHex(unitOf(state, 'i-919-709').hex!)).toBe('A5723'); // 2 hexes from the sea (seeded random setup)
    expect(formatHex(unitOf(state, 'ii-739-709').hex!)).toBe('A5026'); // 9 hexes from the sea
    state = withUnit(withUnit(state, '4-4cav', { markers: ['PA'] }), '2-8-4', { markers: ['PA'] });
    const near = hexOfRulesId('A5723'); const inland = hexOfRulesId('A5026');
    expect(fsPlan(state, cherbourg, 'allied', { target: near, spotter: '4-4cav', ships: ['bb', 'ca'] })).toMatchObject({ ok: false, code: 'naval-max', case: 'AW 31.9.3' });
    expect(fsPlan(state, cherbourg, 'allied', { target: near, spotter: '4-4cav', ships: ['bb'] })).toMatchObject({ ok: true, plan: { total: 8 } });
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['dd-3'] })).toMatchObject({ ok: false, code: 'naval-range', case: 'AW 34.3.0, AW 11.9.1' });
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['cl-1'] })).toMatchObject({ ok: true, plan: { total: 5 } });
    const r = evOf(cherbourg, state, { type: 'fireMission', target: 'A5723', spotter: '4-4cav', ships: ['dd-1', 'dd-2'] });
    expect(r.events.find((e) => e.type === 'fsResolved')).toMatchObject({ plan: { total: 8, sources: [{ kind: 'naval', unit: 'dd-1', points: 4 }, { kind: 'naval', unit: 'dd-2', points: 4 }] } });
    expect(r.events.some((e) => e.type === 'ammoDepletionCheck')).toBe(false); // 34.3.0: no ammo depletion roll for ships
    state = settle(r.state);
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['dd-1'] })).toMatchObject({ ok: false, code: 'ship-used', case: 'AW 34.3.0' });
    // The next GT (June 19 PM) the destroyers are available again; not at Night.
    const clear = (s0: GameState) => withUnit(withUnit(s0, '4-4cav', { markers: [] }), '2-8-4', { markers: [] });
    state = until(clear(state), (s) => s.pos.turn === 1 && segId(cherbourg, s) === 'offensiveFs');
    state = withUnit(state, '2-8-4', { markers: ['PA'] });
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['cl-1'] })).toMatchObject({ ok: true, plan: { total: 5 } });
    // dd-1 is available again: refused now only for its 7-hex range (availability is checked first).
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['dd-1'] })).toMatchObject({ ok: false, code: 'naval-range' });
    state = until(clear(state), (s) => s.pos.turn === 2 && segId(cherbourg, s) === 'offensiveFs');
    state = withUnit(state, '2-8-4', { markers: ['PA'] });
    expect(fsPlan(state, cherbourg, 'allied', { target: inland, spotter: '2-8-4', ships: ['bb'] })).toMatchObject({ ok: false, code: 'naval-night' });
  }, 180_000);

  test('AW 34.5.3 / GOSS 11.8.0 ammo depletion: one roll per artillery mission, +1 per volley after the first, each point above the US ADV 6 depletes a firer in the owner\'s order; depleted artillery has no points until replenished on 1d10 ≤ ADV (GOSS 16.3.7)', () => {
    let state = ready('ad2');
    state = withUnit(state, '2-8-4', { markers: ['PA'] });
    const r = evOf(cherbourg, state, { type: 'fireMission', target: 'A5026', spotter: '2-8-4', artillery: [{ unit: '20-fa-4' }, { unit: '29-fa-4' }, { unit: '42-fa-4' }, { unit: '44-fa-4' }], deplete: ['44-fa-4', '20-fa-4'] });
    const fs = r.events.find((e) => e.type === 'fsResolved') as unknown as { volleys: { points: number }[] };
    expect(fs.volleys.map((v) => v.points)).toEqual([8, 5]);
    // 1d10 8, +1 for the second volley = 9: three points above ADV 6, so three of the four firers, 44 and 20 first (the order given), then 29 (the artillery order).
    expect(r.events.find((e) => e.type === 'ammoDepletionCheck')).toEqual({ type: 'ammoDepletionCheck', roll: 8, drm: 1, adv: 6, excess: 3, depleted: ['44-fa-4', '20-fa-4', '29-fa-4'], case: 'GOSS 11.8.0, AW 34.5.3' });
    state = settle(r.state);
    expect(unitOf(state, '42-fa-4').markers).not.toContain('Ammo Depleted');
    expect(fsPlan(state, cherbourg, 'allied', { target: hexOfRulesId('A5324'), artillery: [{ unit: '44-fa-4' }] })).toMatchObject({ ok: false, code: 'ammo-depleted', case: 'GOSS 11.8.0, AW 34.5.3' });
    expect(legalActions(state, 'allied').filter((a) => a.type === 'fireMission').flatMap((a) => ((a as { artillery?: { unit: string }[] }).artillery ?? []).map((x) => x.unit))).not.toContain('44-fa-4');
    // The Allied Ammo Replenishment Segment of this player turn: one 1d10 per depleted unit, cleared on ≤ 6.
    const log: GameEvent[] = [];
    state = withUnit(state, '2-8-4', { markers: unitOf(state, '2-8-4').markers.filter((m) => m !== 'PA') }); // the hand-set PA goes: no assault here
    for (let i = 0; i < 20 && segId(cherbourg, state) !== 'ammo' && state.pos.playerTurn === 0; i++) { const x = evOf(cherbourg, state, { type: 'endSegment' }); log.push(...x.events); state = x.state; }
    const rep = log.filter((e) => e.type === 'ammoReplenished') as unknown as { unit: string; roll: number; replenished: boolean }[];
    expect(rep.map((e) => e.unit)).toEqual(['20-fa-4', '29-fa-4', '44-fa-4']);
    // Rolls 9, 1, 4 against ADV 6: 20 FA stays depleted, 29 FA and 44 FA are replenished.
    expect(rep.map((e) => [e.roll, e.replenished])).toEqual([[9, false], [1, true], [4, true]]);
    expect(['20-fa-4', '29-fa-4', '44-fa-4'].map((u) => unitOf(state, u).markers.includes('Ammo Depleted'))).toEqual([true, false, false]);
  }, 180_000);
});

describe('Scenario 3: Cherbourg (AW 34)', () => {
  test('AW 34.11.2 Cherbourg garrison at its printed hexes; the pools wait off the map in a setup phase the German player owns', () => {
    const { state } = newGame(cherbourg, { seed: 'c' });
    const at = (u: string) => formatHex(unitOf(state, u).hex!);
    expect([at('1-i-30-7a'), at('653-30-7a'), at('152-30-ch'), at('153-30-ch'), at('fest-a-ch'), at('fest-b-ch'), at('1ae-ii-fjk'), at('1-206')])
      .toEqual(['A4810', 'A3509', 'A4709', 'A3710', 'A3810', 'A3610', 'A3414', 'A3010']);
    expect(sideToAct(state)).toBe('german');
    expect(state.pending?.kind).toBe('setup');
    expect(unitOf(state, 'i-729-709')).toMatchObject({ hex: null, stepsLost: 2 });
    expect(unitOf(state, '7a-sturm-btn').stepsLost).toBe(2);
    const st = setupStatus(state, cherbourg)!;
    expect(st.pools.reduce((n, p) => n + p.waiting.length, 0)).toBe(50);
    expect(st.fieldworksLeft).toEqual({ 'ET-2': 8, IP: 8 });
    expect(legalActions(state, 'german').some((a) => a.type === 'endSegment')).toBe(false);
    expect(apply(state, { type: 'finishSetup' }).ok).toBe(false);
  }, 120_000);

  test('AW 34.11.2 placement: division infantry only in front-line hexes of its sector, artillery in range of the US side, army units within 5 hexes', () => {
    const { state } = newGame(cherbourg, { seed: 'c' });
    const inf = deploymentArea(cherbourg, 'i-729-709');
    expect(inf.length).toBeGreaterThan(4);
    expect(placementCheck(state, cherbourg, 'i-729-709', hexOfRulesId('A3609'))).toMatchObject({ code: 'outside-deployment-area' });
    expect(placementCheck(state, cherbourg, 'i-729-709', inf[0])).toBeNull();
    const r = apply(state, { type: 'placeUnit', unit: 'i-729-709', hex: 'A3609' });
    expect(r.ok).toBe(false);
    expect(deploymentHexes(state, cherbourg, '101-101-7a').length).toBeGreaterThan(inf.length);
    for (const h of deploymentArea(cherbourg, 'ii-1709-709')) expect(h).toBeTypeOf('number');
  }, 120_000);

  test('AW 34.11.2 random legal setup (seeded): every unit placed in its area, 8 ET-2 + 8 IP on the front line, every front-line hex covered, no overstack; same seed same setup', () => {
    const go = (seed: string) => { let { state } = newGame(cherbourg, { seed }); state = run(state, { type: 'randomSetup' }); return state; };
    const a = go('rs-1');
    const st = setupStatus(a, cherbourg)!;
    expect(st.failures).toEqual([]);
    const ring = new Set(cherbourg.scenario.special!.cherbourg!.perimeter.hexes!.map((h) => hexOfRulesId(h)));
    // AW 4.5.9a: each WN hex holds an ET-2 of its own (none of the seeded setup's markers goes there).
    const wn = new Set([...cherbourg.units.values()].filter((d) => d.fortification?.kind === 'WN').map((d) => hexOfRulesId(d.fortification!.hex)));
    expect(Object.entries(a.fieldworks).filter(([h, f]) => f === 'ET-2' && !ring.has(Number(h)) && !wn.has(Number(h)))).toHaveLength(8); // plus the 16 Landefront ET-2 (AW 1.2.6b)
    expect(stackViolations(a, cherbourg, 'german')).toEqual([]);
    for (const p of st.pools) for (const u of p.placed) expect(deploymentArea(cherbourg, u)).toContain(unitOf(a, u).hex);
    expect(stateHash(go('rs-1'))).toBe(stateHash(a));
    const done = run(a, { type: 'finishSetup' });
    expect(done.pending).toBeNull();
    expect(sideToAct(done)).toBe('allied');
  }, 120_000);

  test('AW 34.4.0 weather: fixed POvr/dry on June 19, rolled from June 20 AM (1d10 0-4 clear; second die for the ground)', () => {
    let { state } = newGame(cherbourg, { seed: 'wx' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    expect(weatherNow(state, cherbourg)).toEqual({ atmosphere: 'POvr', ground: 'dry' });
    const r0 = until(state, (s) => s.pos.turn === 3);
    const w = weatherNow(r0, cherbourg);
    expect(['clear', 'POvr', 'Ovr']).toContain(w.atmosphere);
    if (w.atmosphere === 'clear') expect(w.ground).toBe('dry');
  }, 120_000);

  test('AW 34.7.2 German MA by weather and AW 34.5.3 ADV by date', () => {
    let { state } = newGame(cherbourg, { seed: 'ma' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    // June 19 AM POvr: Mech -2, Leg -1
    expect(maAfterModules(state, cherbourg, '653-30-7a').ma).toBe(10);
    expect(maAfterModules(state, cherbourg, 'fest-a-ch').ma).toBe(3);
    expect(maAfterModules(state, cherbourg, '4id-hq').ma).toBe(12);
    expect(advOf(state, cherbourg, 'allied')).toBe(6);
    expect(advOf(state, cherbourg, 'german')).toBe(4);
    const night = until(state, (s) => s.pos.turn === 2);
    expect(maAfterModules(night, cherbourg, '653-30-7a').ma).toBe(12);
    const j21 = until(state, (s) => s.pos.turn === 6);
    expect(advOf(j21, cherbourg, 'german')).toBe(3);
  }, 120_000);

  test('AW 1.2.6a garrison: inactive until the Landefront or three perimeter hexes; then only inside the perimeter. AW 1.2.6d declaration; 1.2.6e morale', () => {
    let { state } = newGame(cherbourg, { seed: 'lf' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    expect(garrisonActive(state, cherbourg)).toBe(false);
    expect(garrisonMoveCheck(state, cherbourg, 'fest-a-ch', hexOfRulesId('A3811'))).toMatchObject({ code: 'garrison-inactive', case: 'AW 1.2.6a' });
    expect(apply(state, { type: 'declareLandefront' }).ok).toBe(false); // Allied segment
    state = until(state, (s) => s.pos.playerTurn === 1 && s.pos.segment === 4);
    expect(legalActions(state, 'german')).toContainEqual({ type: 'declareLandefront' });
    state = run(state, { type: 'declareLandefront' });
    expect(garrisonActive(state, cherbourg)).toBe(true);
    expect(garrisonMoveCheck(state, cherbourg, 'fest-a-ch', hexOfRulesId('A3811'))).toBeNull();
    expect(garrisonMoveCheck(state, cherbourg, 'fest-a-ch', hexOfRulesId('A4622'))).toMatchObject({ code: 'garrison-perimeter' });
    // 1.2.6d: 12 corps assets at most; the rest OhS. Army pool 15 + 1./206 = 16 assets.
    const lf = (state as GameState & { special: { cherbourg: { landefront: { ohs: string[]; formations: string[] } } } }).special.cherbourg.landefront;
    expect(lf.ohs.length).toBe(3);
    expect(lf.formations).toEqual(['243', '709', '77', '91']);
    // 4 formations > 3: Cherbourg ADV 4 - 1 = 3, capped by the scenario ADV (34.5.3: 4 now)
    expect(advOf(state, cherbourg, 'german', 'fest-a-ch')).toBe(3);
    // 1.2.6e: a US unit in a Cherbourg city hex: -2; A3609 captured: PR reduced to one
    const withUs = { ...state, units: withUnits(state.units, [{ ...unitOf(state, '1-8-4'), hex: hexOfRulesId('A3710') }]) };
    expect(cherbourgMorale(withUs, cherbourg, 'fest-a-ch').delta).toBe(-2);
    expect(controlOf(withUs, cherbourg, hexOfRulesId('A3809'))).toBe('german');
  }, 120_000);

  test('AW 1.2.6b Landefront defences: every perimeter hex works as an ET-2 for either side and is never destroyed (not even when left empty)', () => {
    let { state } = newGame(cherbourg, { seed: 'et' });
    const ring = cherbourg.scenario.special!.cherbourg!.perimeter.hexes!;
    expect(ring).toHaveLength(16);
    // From newGame on, during the German setup too: no window without works; setup markers never go on them.
    for (const h of ring) expect(state.fieldworks[hexOfRulesId(h)], h).toBe('ET-2');
    for (const k of ['ET-2', 'IP']) expect(fieldworksHexes(state, cherbourg, k).filter((h) => ring.map((r) => hexOfRulesId(r)).includes(h))).toEqual([]);
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    for (const h of ring) expect(state.fieldworks[hexOfRulesId(h)], h).toBe('ET-2');
    // An ET-3 on a perimeter hex whose occupants leave goes back to the printed ET-2 (removeFieldworks), never to nothing.
    const a4511 = hexOfRulesId('A4511');
    const back = run({ ...state, fieldworks: { ...state.fieldworks, [a4511]: 'ET-3' } }, { type: 'endSegment' });
    expect(unitList(state).some((u) => u.hex === a4511)).toBe(false);
    expect(back.fieldworks[a4511]).toBe('ET-2');
    // A US unit in a perimeter hex gets the ET-2 against German FS (group B -2); the empty hexes keep theirs.
    const us = hexOfRulesId('A3013');
    let pos = withUnit(withUnit(state, '1-8-4', { hex: us }), 'ii-1709-709', { hex: hexOfRulesId('A3311'), markers: [] });
    pos = until(pos, (s) => s.pos.playerTurn === 1 && segId(cherbourg, s) === 'offensiveFs');
    const plan = fsPlan(pos, cherbourg, 'german', { target: us, artillery: [{ unit: 'ii-1709-709' }] });
    expect(plan.ok && plan.plan.drms.find((x) => x.group === 'B')).toEqual({ group: 'B', value: -2, why: 'fieldworks: ET-2', case: 'GOSS 11.5, 17.3.3' });
    expect(pos.fieldworks[hexOfRulesId('A4511')]).toBe('ET-2');
    // The garrison Btn in A3414 leaves: the hex stays fortified (GOSS 17.4 removal does not apply).
    pos = withUnit(pos, '1ae-ii-fjk', { hex: hexOfRulesId('A3413') });
    pos = until(pos, (s) => s.pos.turn === 1);
    expect(pos.fieldworks[hexOfRulesId('A3414')]).toBe('ET-2');
  }, 120_000);

  test('AW 34.9.0 GenS through formation HQs; AW 34.9.2 German units may treat Cherbourg (A3609) as a formation HQ; army assets trace from any HQ', () => {
    let { state } = newGame(cherbourg, { seed: 'sup' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    const us = unitList(state).filter((u) => u.side === 'allied' && u.hex !== null);
    expect(us.filter((u) => !inGenS(state, cherbourg, u.id)).map((u) => u.id)).toEqual([]); // the reconstructed US setup starts in GenS
    const hq709 = unitOf(state, '709-hq').hex!;
    const city = hexOfRulesId('A3609');
    // A 709th Div Btn 4 hexes from Cherbourg and far from its HQ: in GenS through A3609.
    const near = withUnit(state, 'i-729-709', { hex: hexOfRulesId('A3912') });
    expect(distance(hexOfRulesId('A3912'), hq709)).toBeGreaterThan(12);
    expect(distance(hexOfRulesId('A3912'), city)).toBeLessThanOrEqual(6);
    expect(inGenS(near, cherbourg, 'i-729-709')).toBe(true);
    // Next to its own HQ: in.
    const nb = NEIGHBOURS[hq709 * 6].valueOf();
    expect(inGenS(withUnit(state, 'i-729-709', { hex: nb }), cherbourg, 'i-729-709')).toBe(true);
    // An army asset (7A Sturm Btn) next to the 91st Div HQ: in.
    const hq91 = unitOf(state, '91-hq').hex!;
    expect(inGenS(withUnit(state, '7a-sturm-btn', { hex: hq91 }), cherbourg, '7a-sturm-btn')).toBe(true);
  }, 120_000);

  test('AW 34.10.1-34.10.2 lull: declared at the start of an AM GT, US Btns replace one step, Germans get six Inf steps (one per unit), US units move one hex', () => {
    let { state } = newGame(cherbourg, { seed: 'lull' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    state = until(state, (s) => s.pos.turn === 3 && s.pos.segment === 3 && s.pos.playerTurn === 0);
    state = { ...state, units: withUnits(state.units, [{ ...unitOf(state, '1-8-4'), stepsLost: 2 }]) };
    state = run(state, { type: 'declareLull' });
    expect(unitOf(state, '1-8-4').stepsLost).toBe(1);
    expect(maAfterModules(state, cherbourg, '1-8-4').hexLimit).toBe(1);
    expect(maAfterModules(state, cherbourg, 'i-729-709').ma).toBe(2);
    // No combat on the lull GD: attack designation (so no assault) is refused and not offered,
    const lullAd = until(state, (s) => segId(cherbourg, s) === 'attackDesignation');
    const ad = apply(lullAd, { type: 'designate', units: ['1-8-4'] });
    expect(ad.ok).toBe(false);
    if (!ad.ok) expect(ad.error).toMatchObject({ code: 'lull', case: 'AW 34.10.1' });
    expect(legalActions(lullAd, 'allied').filter((a) => a.type === 'designate')).toEqual([]);
    // and FS missions are refused (and not offered).
    const lullFs = until(state, (s) => segId(cherbourg, s) === 'offensiveFs');
    const anyGerman = unitList(lullFs).find((u) => u.side === 'german' && u.hex !== null)!;
    expect(fsPlan(lullFs, cherbourg, 'allied', { target: anyGerman.hex!, artillery: [{ unit: '20-fa-4' }] })).toMatchObject({ ok: false, code: 'lull', case: 'AW 34.10.1' });
    expect(legalActions(lullFs, 'allied').filter((a) => a.type === 'fireMission')).toEqual([]);
    state = until(state, (s) => s.pos.playerTurn === 1 && s.pos.segment === 4);
    state = run(state, { type: 'germanReplacement', unit: 'i-729-709' });
    expect(unitOf(state, 'i-729-709').stepsLost).toBe(1);
    const twice = apply(state, { type: 'germanReplacement', unit: 'i-729-709' });
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.error.case).toBe('AW 34.10.2');
  }, 120_000);

  test('AW 34.13.1 Strategic: all German units gone at the end of June 26 Night ends the game', () => {
    let { state } = newGame(cherbourg, { seed: 'sd' });
    state = run(run(state, { type: 'randomSetup' }), { type: 'finishSetup' });
    state = until(state, (s) => s.pos.turn === 23 && s.pos.playerTurn === 1);
    state = { ...state, units: unitTable(unitList(state).map((u) => (u.side === 'german' ? { ...u, hex: null, eliminated: true } : u))) };
    state = until(state, (s) => !!s.over);
    expect(state.pos.turn).toBe(24);
    expect((state as GameState & { special: { victory: { level: string; winner: string } } }).special.victory).toMatchObject({ winner: 'allied', level: 'strategic' });
  }, 120_000);

  test('scripted game to June 30 Night with the random German setup: AW 34.13 result (German strategic: Cherbourg held), replay gives the same hash', () => {
    let { state } = newGame(cherbourg, { seed: 'cherbourg-script' });
    const log: Action[] = [];
    const act = (a: Action) => { state = run(state, a); log.push(a); };
    act({ type: 'randomSetup' });
    act({ type: 'finishSetup' });
    act({ type: 'declareLull' });
    state = until(state, (s) => s.pos.playerTurn === 1 && s.pos.segment === 4, log);
    act({ type: 'declareLandefront' });
    state = until(state, (s) => !!s.over, log);
    const v = (state as GameState & { special: { victory: { case: string; level: string; winner: string } } }).special.victory;
    expect(v).toMatchObject({ case: 'AW 34.13', winner: 'german', level: 'strategic' });
    expect(inGenS(state, cherbourg, 'fest-a-ch')).toBe(true);
    const r = replay({ scenario: 'cherbourg', dataHash: cherbourg.dataHash, options: { seed: 'cherbourg-script' }, actions: log });
    expect(r.ok).toBe(true);
    if (r.ok) expect(stateHash(r.state)).toBe(stateHash(state));
  }, 240_000);
});
