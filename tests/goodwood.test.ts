/**
 * Issue 6 acceptance (data part): Goodwood (AW 32) loads, every German setup entry of AW 32.11.2 is on
 * the map in its hex with its fieldworks and step losses (checked against the transcription in
 * ../shared when present), every setup hex is legal, and the whole scenario plays to the victory
 * result with scripted legal actions; replaying the log gives the same final state hash.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { loadScenario } from '../src/data/bundle';
import { createResolver } from '../src/data/unitNames';
import { apply, legalActions, newGame, replay, sideToAct, stateHash } from '../src/engine/game';
import { distance, formatHex, hexOfRulesId } from '../src/engine/hex';
import { isLand } from '../src/engine/board';
import { stackViolations } from '../src/engine/rules/stacking';
import { enterCheck, hexSet, inPlayArea, special } from '../src/engine/rules/scenarioArea';
import type { Action, GameEvent, GameState } from '../src/engine/types';
import { segmentAt } from '../src/engine/sequence';
import { assaultOptions } from '../src/engine/rules/groundAssault';
import { unitOf } from '../src/engine/unitTable';

const SETUPS = '/work/shared/research/scenario-setups.json';
// AW 32.2.2 roll, modified roll and steps in C5424 with seed 'setup-bd' (the pre-game dice: the same rolls as without a setup).
const HIT_C5424 = [7, 4, 2];
// C5424 after I/125/21 broke down (seed 'setup-bd'): a 7 less 3 in DRMs takes two steps — its PzGd Coy and the 88 AT Z-step, each lost and eliminated.
const LOST_C5424 = ['spare-pzgd-coy-1', 'spare-pzgd-coy-1', '88at-z-step-1', '88at-z-step-1'];
const bundle = loadScenario('goodwood');
const setupOf = new Map(bundle.scenario.setup.map((e) => [e.unit, e]));
const setupFw = new Map(bundle.scenario.setup.flatMap((e) => (e.fieldworks ? [[hexOfRulesId(e.hex), e.fieldworks] as const] : [])));

describe('AW 32.11.2 German setup', () => {
  test.skipIf(!existsSync(SETUPS))('every entry of the transcription is on the map in its hex, with its fieldworks and step losses (needs ../shared; skipped without it)', () => {
    const tr = JSON.parse(readFileSync(SETUPS, 'utf8')).scenario1.setup.german as { hex: string; fieldworks: string | null; units: string[]; placement?: string }[];
    const resolver = createResolver(bundle.units.values());
    let count = 0;
    for (const e of tr) {
      const at = hexOfRulesId(e.hex);
      const radius = Number(/within (\d+) hexes/.exec(e.placement ?? '')?.[1] ?? 0);
      // the setup as written (the carpet bombing may empty a hex and its fieldworks afterwards)
      expect(setupFw.get(at) ?? null, `fieldworks in ${e.hex}`).toBe(e.fieldworks);
      for (const name of e.units) {
        const r = resolver.resolve(name);
        expect(r.ids.length, name).toBeGreaterThan(0);
        const s = setupOf.get(r.ids[0]);
        expect(s, name).toBeDefined();
        let lost = 0;
        for (const id of r.ids) {
          const def = bundle.units.get(id)!;
          const e2 = setupOf.get(id)!;
          expect(distance(hexOfRulesId(e2.hex), at), `${id} (${name}) placed ${e2.hex}, rule says ${e.hex}`).toBeLessThanOrEqual(radius);
          // setup state before the carpet bombing: the scenario data
          lost += e2.stepsLost;
          expect(e2.stepsLost).toBeLessThan(def.steps.length);
          count++;
        }
        expect(lost, `step losses of ${name}`).toBe(r.stepLosses === -1 ? r.ids.reduce((n, id) => n + bundle.units.get(id)!.steps.length - 1, 0) : r.stepLosses);
      }
    }
    expect(count).toBe(bundle.scenario.setup.filter((e) => bundle.units.get(e.unit)!.side === 'german').length);
  });

  test('AW 32.11.2 fieldworks: 22 ET-2 and 5 ET-3 hexes; step losses as printed', () => {
    const fw = [...setupFw.values()];
    expect(fw.filter((f) => f === 'ET-2')).toHaveLength(22);
    expect(fw.filter((f) => f === 'ET-3')).toHaveLength(5);
    expect(setupOf.get('i-192-21')).toMatchObject({ hex: 'C4923', stepsLost: 2, fieldworks: 'ET-2' });
    expect(setupOf.get('12flak-12ss')).toMatchObject({ hex: 'C4825', stepsLost: 1 });
    expect(setupOf.get('i-125-21')).toMatchObject({ hex: 'C5424', stepsLost: 2, fieldworks: 'ET-3' });
    expect([setupOf.get('i-857-346')!.stepsLost, setupOf.get('ii-857-346')!.stepsLost]).toEqual([2, 1]);
  });

  test('every setup hex is a land hex of the normandy map inside the play area, and no stack breaks GOSS 6 / AW 31.9.2a', () => {
    const { state } = newGame(bundle, { seed: 'legal' });
    for (const e of bundle.scenario.setup) {
      const h = hexOfRulesId(e.hex);
      expect(isLand(bundle.board, h), e.hex).toBe(true);
      expect(inPlayArea(bundle, h), e.hex).toBe(true);
    }
    // before the bombing thins them out: a fresh state with the setup as written
    const fresh = structuredClone(state);
    for (const e of bundle.scenario.setup) Object.assign(unitOf(fresh, e.unit), { hex: hexOfRulesId(e.hex), stepsLost: e.stepsLost, eliminated: undefined });
    expect(stackViolations(fresh, bundle)).toEqual([]);
  });

  test('reconstructed Allied setup: every Allied counter of AW 32.11.1 placed, on the track or arriving; none in the carpet-bombing box; 2 Cdn Div west of its boundary', () => {
    const box = hexSet(bundle, special(bundle).carpetBombing!.box);
    const { state } = newGame(bundle, { seed: 'allied' });
    for (const e of bundle.scenario.setup) {
      const def = bundle.units.get(e.unit)!;
      if (def.side !== 'allied') continue;
      expect(e.source.startsWith('reconstructed:'), e.unit).toBe(true);
      expect(box.has(hexOfRulesId(e.hex)), e.unit).toBe(false);
      expect(enterCheck(state, bundle, e.unit, hexOfRulesId(e.hex)), `${e.unit} in ${e.hex}`).toBeNull();
    }
    const placed = new Set(bundle.scenario.setup.map((e) => e.unit));
    const offMap = new Set(special(bundle).offMap!.map((o) => o.unit));
    const reinf = new Set(special(bundle).reinforcements!.flatMap((g) => g.units.map((u) => u.unit)));
    for (const u of bundle.units.values()) {
      if (u.side !== 'allied' || !['11Arm', 'GdsArm', '3Div', '3CanDiv', '2CanDiv'].includes(u.formation ?? '')) continue;
      if (u.regiment === '9 Bde' || u.regiment === '4 Cdn Bde') continue; // AW 32.11.1: 3rd Div minus 9 Bde; 2 Cdn Div only 5 and 6 Bdes
      expect(placed.has(u.id) || offMap.has(u.id) || reinf.has(u.id), u.id).toBe(true);
    }
  });
});

/**
 * One scripted game: end every segment; in a few places move, bring in a reinforcement, and in the first
 * Allied player turn designate a tactical assault, fire one FS mission and resolve one ground assault
 * (every pending decision answered with the first legal choice), all through `apply`.
 */
function script(length: 'short' | 'long'): { actions: Action[]; state: GameState; events: GameEvent[] } {
  let { state } = newGame(bundle, { seed: 'goodwood-script', length });
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  const act = (a: Action) => {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} rejected at ${JSON.stringify(state.pos)} after ${JSON.stringify(actions.slice(-3))}: ${r.error.message}`);
    actions.push(a);
    events.push(...r.events);
    state = r.state;
  };
  const done = { designate: false, fire: false, assault: false };
  for (let guard = 0; guard < 5000 && !state.over; guard++) {
    const side = sideToAct(state)!;
    const seg = segmentAt(bundle.sequence, state.pos).segment.id;
    const firstAllied = state.pos.turn === 0 && state.pos.playerTurn === 0;
    // Legal actions are listed only where the script picks from them (every other segment just ends):
    // listing every unit's moves and missions at each step was most of this test's time.
    const picks = state.pending || seg === 'move' || (firstAllied && ['attackDesignation', 'offensiveFs', 'groundAssault'].includes(seg));
    if (!picks) { act({ type: 'endSegment' }); continue; }
    const legal = legalActions(state, side);
    if (state.pending) { act(legal[0]); continue; }
    if (firstAllied && seg === 'attackDesignation' && !done.designate) {
      // a TA whose assault the engine will accept (GOSS 13.4)
      const d = legal.find((a) => a.type === 'designate' && (() => { const r = apply(state, a); return r.ok && assaultOptions(r.state, bundle, 'allied').length > 0; })());
      done.designate = true;
      if (d) { act(d); continue; }
    }
    if (firstAllied && seg === 'offensiveFs' && !done.fire) {
      done.fire = true;
      const f = legal.find((a) => a.type === 'fireMission');
      if (f) { act(f); continue; }
    }
    if (firstAllied && seg === 'groundAssault' && !done.assault) {
      done.assault = true;
      const g = legal.find((a) => a.type === 'assault');
      if (g) { act(g); continue; }
    }
    // GOSS 6.0: a stack overstacked by a combat retreat is fixed in the owner's next Movement Segment.
    if (seg === 'move') {
      const over = stackViolations(state, bundle, side);
      const fix = over.length ? legal.find((a) => a.type === 'move' && over[0].units.includes(a.unit as string)
        && (() => { const r = apply(state, a); return r.ok && stackViolations(r.state, bundle, side).length < over.length; })()) : undefined;
      if (fix) { act(fix); continue; }
    }
    // July 18 PM: bring 7th Armd's HQ in at C5419 and 1039 AT in on the east edge.
    const enter = legal.find((a) => a.type === 'enterReinforcement' && (a.unit === '7arm-hq' || (a.unit === '1039-okw' && a.hex === 'C5834')));
    if (enter) { act(enter); continue; }
    // A few moves: the first legal move (that leaves no overstack) of a VIII Corps armoured Btn each Allied movement segment of the first day.
    const mv = state.pos.turn < 3 ? legal.find((a) => a.type === 'move' && a.unit === '3-rtr-29-11' && !unitOf(state, '3-rtr-29-11').move
      && (() => { const r = apply(state, a); return r.ok && !stackViolations(r.state, bundle, 'allied').length; })()) : undefined;
    if (mv && unitOf(state, '3-rtr-29-11').move?.turn !== state.pos.turn) { act(mv); continue; }
    act({ type: 'endSegment' });
  }
  return { actions, state, events };
}

describe('AW 32.11.0 German breakdown at setup', () => {
  const ok = (state: GameState, a: Action) => {
    const r = apply(state, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
    return r;
  };
  const refusal = (state: GameState, a: Action) => {
    const r = apply(state, a);
    if (r.ok) throw new Error(`${JSON.stringify(a)} was accepted`);
    return r.error;
  };

  test('AW 32.11.0: the Germans act first, before the first Allied segment and the carpet bombing, breaking units down into Coys in the parent hex at no MA cost', () => {
    const g = newGame(bundle, { seed: 'setup-bd', length: 'short' });
    expect(g.state.pending).toMatchObject({ side: 'german', kind: 'setup', accepts: ['breakdown', 'finishSetup'], case: 'AW 32.11.0' });
    expect(g.state.beforePlay).toBe(true);
    expect(sideToAct(g.state)).toBe('german');
    expect(g.events.some((e) => e.type === 'carpetBombing' || e.type === 'segmentStarted')).toBe(false);
    expect(legalActions(g.state, 'allied')).toEqual([]);
    const legal = legalActions(g.state, 'german');
    expect(legal).toContainEqual({ type: 'breakdown', unit: 'i-980-272', coys: 3 });
    expect(legal.at(-1)).toEqual({ type: 'finishSetup' });
    expect(legal.some((a) => a.type === 'randomSetup' || a.type === 'endSegment')).toBe(false);
    const r = ok(g.state, { type: 'breakdown', unit: 'i-980-272' });
    expect(r.events).toEqual([{ type: 'brokenDown', unit: 'i-980-272', coys: ['spare-inf-coy-226-1', 'spare-inf-coy-226-2', 'spare-inf-coy-226-3'], hex: 'C4722', stepsLeft: 0, full: true, mpCost: 0, case: 'AW 32.11.0, GOSS 18' }]);
    // Undo is free: no dice, the same side still acts.
    expect(r.barrier).toBe(false);
    expect(unitOf(r.state, 'i-980-272')).toMatchObject({ hex: null, stepsLost: 3, mpSpent: 0 });
    for (const id of ['spare-inf-coy-226-1', 'spare-inf-coy-226-2', 'spare-inf-coy-226-3']) {
      expect(unitOf(r.state, id)).toMatchObject({ hex: hexOfRulesId('C4722'), stepsLost: 0, mpSpent: 0, side: 'german' });
      expect(bundle.units.get(id)?.steps[0]).toEqual({ attack: 2, defence: 2 });
    }
    // The 2-2-6 Coys of the counter mix are used up (GOSS 18, AW 18.2.0).
    expect(refusal(r.state, { type: 'breakdown', unit: 'i-981-272', coys: 1 })).toMatchObject({ code: 'no-counters', case: 'GOSS 18, AW 18.2.0' });
  });

  test('AW 32.11.0: refusals — stacking kept in the parent hex, the other side\'s units, play before the setup ends', () => {
    const { state } = newGame(bundle, { seed: 'setup-bd', length: 'short' });
    // I/981/272 shares C4424 with a 75 AT Coy: three Coys and the AT Coy (no Bn left to host it free) are four companies.
    const e = refusal(state, { type: 'breakdown', unit: 'i-981-272', coys: 3 });
    expect(e).toMatchObject({ code: 'overstack', case: 'AW 32.11.0, GOSS 6.3.0' });
    expect(e.message).toContain('C4424');
    ok(state, { type: 'breakdown', unit: 'i-981-272', coys: 2 });
    expect(refusal(state, { type: 'breakdown', unit: '3-rtr-29-11' })).toMatchObject({ code: 'not-your-unit', case: 'AW 32.11.0' });
    expect(refusal(state, { type: 'endSegment' })).toMatchObject({ code: 'decision-pending', case: 'AW 32.11.0' });
    expect(refusal(state, { type: 'randomSetup' })).toMatchObject({ code: 'decision-pending' });
  });

  test('AW 32.11.0 / 32.2.2: finishing the setup starts play; the carpet bombing then hits the Coys, not the broken-down Bn; the log replays to the same hash', () => {
    const g = newGame(bundle, { seed: 'setup-bd', length: 'short' });
    const actions: Action[] = [{ type: 'breakdown', unit: 'i-125-21' }, { type: 'finishSetup' }];
    const a = ok(g.state, actions[0]);
    expect(a.events[0]).toMatchObject({ type: 'brokenDown', unit: 'i-125-21', coys: ['spare-pzgd-coy-1'], hex: 'C5424', full: true });
    const f = ok(a.state, actions[1]);
    expect(f.barrier).toBe(true);
    // The bombing rolls the pre-game dice: no player's rolls (PBEM), and the same whatever the setup did.
    expect(f.rolls).toEqual([]);
    const rolls = (ev: GameEvent[]) => ev.filter((e) => e.type === 'carpetBombingHex').map((e) => [(e as { hex?: string }).hex, (e as { roll?: number }).roll]);
    expect(rolls(f.events)).toEqual(rolls(ok(g.state, { type: 'finishSetup' }).events));
    expect(f.events[0]).toEqual({ type: 'setupFinished', side: 'german', case: 'AW 32.11.0' });
    expect(f.events.filter((e) => e.type === 'carpetBombing')).toHaveLength(1);
    expect(f.state.beforePlay).toBeUndefined();
    // Seeded dice count play from here: the two setup actions do not shift the game's rolls.
    expect(f.state.playFrom).toBe(2);
    expect(f.state.pending).toBeNull();
    expect(segmentAt(bundle.sequence, f.state.pos).segment.id).toBe('construction');
    expect(sideToAct(f.state)).toBe('allied');
    const hit = f.events.find((e) => e.type === 'carpetBombingHex' && (e as { hex?: string }).hex === 'C5424') as unknown as { roll: number; modified: number; steps: number };
    expect([hit.roll, hit.modified, hit.steps]).toEqual(HIT_C5424);
    expect(unitOf(f.state, 'i-125-21').hex).toBeNull();
    expect(f.events.filter((e) => (e.type === 'stepLost' || e.type === 'unitEliminated') && /C5424/.test(String((e as { why?: string }).why))).map((e) => (e as { unit?: string }).unit)).toEqual(LOST_C5424);
    // The same play after a bare finishSetup rolls the same dice: end segments until the first roll (the AW 32.2.2 PR checks).
    const firstRolls = (s: GameState) => {
      for (let i = 0; i < 200; i++) { const r = ok(s, { type: 'endSegment' }); if (r.rolls.length) return r.rolls.map((x) => x.value); s = r.state; }
      throw new Error('no roll');
    };
    const bare = ok(g.state, { type: 'finishSetup' }).state;
    expect(bare.playFrom).toBe(1);
    const rolled = firstRolls(f.state);
    expect(rolled.length).toBeGreaterThan(0);
    expect(rolled).toEqual(firstRolls(bare));
    const rep = replay({ scenario: 'goodwood', dataHash: bundle.dataHash, options: { seed: 'setup-bd', length: 'short' }, actions });
    expect(rep.ok && stateHash(rep.state)).toBe(stateHash(f.state));
  });
});

describe('Goodwood plays to the end (AW 31.4, 32.13)', () => {
  test('scripted legal actions to the end of July 19 PM: the game ends on the AW 32.13.1 result, and replaying the log gives the same hash', () => {
    const { actions, state, events } = script('short');
    expect(state.over).not.toBeNull();
    // a move, an FS mission and a ground assault were resolved through apply (issue 6)
    expect(events.some((e) => e.type === 'unitMoved')).toBe(true);
    expect(events.filter((e) => e.type === 'fsResolved')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'gaResolved')).toHaveLength(1);
    expect(actions.map((a) => a.type)).toEqual(expect.arrayContaining(['move', 'designate', 'fireMission', 'assault']));
    expect(state.pos.turn).toBe(4);
    const v = state.special!.victory!;
    expect(v.case).toBe('AW 32.13.1');
    expect(state.over!.winner).toBe(v.winner ?? 'draw');
    expect(unitOf(state, '7arm-hq').hex).toBe(hexOfRulesId('C5419'));
    expect(formatHex(unitOf(state, '1039-okw').hex!)).toBe('C5834');
    // the July 19 PM German groups are ignored in the short game (AW 32.1.0)
    expect(unitOf(state, '1ss-hq')).toBeUndefined();
    const r = replay({ scenario: 'goodwood', dataHash: bundle.dataHash, options: { seed: 'goodwood-script', length: 'short' }, actions });
    expect(r.ok).toBe(true);
    if (r.ok) expect(stateHash(r.state)).toBe(stateHash(state));
  }, 120_000);

  test('the long game runs to July 20 Night, the July 19 PM Germans arrive, and the AW 32.13.2 conditions decide', () => {
    const { state } = script('long');
    expect(state.pos.turn).toBe(8);
    expect(state.special!.victory!.case).toBe('AW 32.13.2');
    expect(unitOf(state, '1ss-hq')).toMatchObject({ hex: null, markers: ['Reinf'] });
  }, 180_000);
});
