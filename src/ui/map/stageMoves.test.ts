/**
 * Map play of the Airborne Assault Stage's moves (AW 41.3.7, 41.6.1): with a stack selected in an
 * Allied airborne / German stage movement segment the map's reach is the airborne module's (the
 * stack's common end hexes, from abMoveOptions / gMoveOptions for its units alone), a click on a
 * highlighted hex makes the move through the store (one abMove / gMove per unit), a click elsewhere
 * selects; the panels' legal list no longer holds the stage moves (they are asked per unit).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, sideToAct, type Action, type GameState } from '../../engine';
import { distance, formatHex, hexOfRulesId, hexesWithin } from '../../engine/hex';
import { abMoveOptions, gMoveOptions } from '../../engine/query';
import { segmentAt } from '../../engine/sequence';
import { useGame } from '../../store/game';
import { act, b6, edit, start, withDice } from '../../engine/rules/airborne/stage.fixture';
import { legalFor } from '../../store/legal';
import { clickHex, moveStack } from '../interaction';
import { movableUnits } from './reach';
import { stageMoveKind, stageReach } from './stageMoves';
import { hexChoices } from './hexChoices';
import { mapKey } from './keyboard';
import { putUnit, unitList, unitOf } from '../../engine/unitTable';

const FIRST = ['pegasus', 'placeDz', 'dropUnit', 'dropFow', 'landGlider'];
const st = () => useGame.getState();
const seg = () => segmentAt(st().bundle!.sequence, st().state!.pos).segment.id;

/** Plays the store's game (first landing offers, first decision offers, else endSegment) to the start of `id`, German units activated there. */
function storeTo(id: string): GameState {
  for (let guard = 0; guard < 500; guard++) {
    const s = st().state!;
    if (seg() === id && !s.pending) break;
    const side = sideToAct(s)!;
    const a = s.pending ? legalActions(s, side).find((x) => x.type !== 'roll' && x.type !== 'diceKey') : legalActions(s, side).find((x) => FIRST.includes(x.type));
    expect(st().dispatch(a ?? { type: 'endSegment' })).toBe(true);
  }
  for (let g = 0; g < 30 && id.startsWith('german'); g++) {
    const a = legalActions(st().state!, 'german').find((x) => x.type === 'gActivate');
    if (!a) break;
    expect(st().dispatch(a)).toBe(true);
  }
  expect(seg()).toBe(id);
  return st().state!;
}

const actionUnit = (a: Action) => (a as { unit: string }).unit;
const endOf = (a: Action) => hexOfRulesId((a as { path: string[] }).path.at(-1)!);

afterAll(() => st().leave());

describe('the stage moves on the map (AW 41.3.7, 41.6)', { timeout: 120_000 }, () => {
  it('AW 41.3.7 a selected airborne stack: its reach is its units\' common abMove ends; a click there moves it, a click off it selects', () => {
    st().startGame('night-drop-6ab', { seed: 'm1', players: { allied: 'A', german: 'G' } });
    const s = storeTo('alliedMovement1');
    const bundle = st().bundle!;
    expect(stageMoveKind(s, bundle)).toBe('abMove');
    // the panels' list leaves the stage moves out: only the selected unit's are computed
    expect(legalFor(s, 'allied').some((a) => a.type === 'abMove')).toBe(false);
    const offers = legalActions(s, 'allied').filter((a) => a.type === 'abMove');
    const mover = actionUnit(offers[0]);
    const from = unitOf(s, mover).hex!;
    const stack = movableUnits(s, from);
    const reach = stageReach(s, bundle, from)!;
    const common = stack.map((id) => { const o = abMoveOptions(s, bundle, id, 'allied'); return 'error' in o ? null : new Set(o.moves.map((m) => m.hex)); }).filter((x): x is Set<number> => !!x);
    const expected = [...common[0]].filter((h) => common.every((c) => c.has(h))).sort((a, b) => a - b);
    expect([...reach.keys()].sort((a, b) => a - b)).toEqual(expected);
    for (const r of reach.values()) expect(r.cost).toBeGreaterThanOrEqual(1);
    // a click on a highlighted hex without friendly units moves the stack there, one abMove per unit, one undo step
    const to = [...reach.keys()].find((h) => !unitList(s).some((u) => u.hex === h && u.side === 'allied' && !u.eliminated))!;
    expect(to).toBeDefined();
    st().selectHex(from);
    const n = st().log!.actions.length;
    clickHex(to);
    const moved = st().log!.actions.slice(n);
    expect(moved.map((a) => a.type)).toEqual(common.map(() => 'abMove'));
    expect(moved.map(endOf)).toEqual(common.map(() => to));
    for (const a of moved) expect(unitOf(st().state!, actionUnit(a)).hex).toBe(to);
    expect(st().selectedHex).toBe(to);
    // the moved units have no reach left; a click on a far hex only selects it
    expect(stageReach(st().state!, bundle, to)).toBeNull();
    const far = hexOfRulesId('C3010');
    clickHex(far);
    expect(st().log!.actions.length).toBe(n + moved.length);
    expect(st().selectedHex).toBe(far);
    // undo takes the stack's moves back at once
    st().undo();
    expect(st().log!.actions.length).toBe(n);
    // the keyboard: Enter on the cursor hex acts as the click (issue 16 item 1)
    st().selectHex(from);
    st().setCursor(to);
    expect(mapKey({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false }, { reveal: () => {}, zoomBy: () => {}, centreHex: () => from, onBoard: () => true })).toBe(true);
    expect(st().log!.actions.slice(n)).toEqual(moved);
    st().undo();
    expect(st().log!.actions.length).toBe(n);
  });

  it('AW 41.3.7 a hex outside the reach refuses the move: moveStack says no and nothing is dispatched', () => {
    const s = st().state!;
    const bundle = st().bundle!;
    const offers = legalActions(s, 'allied').filter((a) => a.type === 'abMove');
    const from = unitOf(s, actionUnit(offers[0])).hex!;
    const n = st().log!.actions.length;
    // four hexes away: beyond any allowance (three hexes at most)
    const far = hexesWithin(from, 4).find((h) => distance(h, from) === 4 && bundle.board.terrain[h] !== 255)!;
    expect(stageReach(s, bundle, from)!.has(far)).toBe(false);
    expect(moveStack(from, far, [])).toBe(false);
    expect(st().log!.actions.length).toBe(n);
  });

  it('AW 41.4.2 a landed glider unit selected: its displacement hexes are highlighted and a click on one displaces it', () => {
    storeTo('gliderLanding');
    // land glider units until one is on the map with hexes to displace into (one may be lost or land on Germans)
    let offered: Action[] = [];
    let unit = '';
    for (let i = 0; i < 10 && !offered.length; i++) {
      const land = legalActions(st().state!, 'allied').find((a) => a.type === 'landGlider')!;
      expect(st().dispatch(land)).toBe(true);
      unit = actionUnit(land);
      offered = legalActions(st().state!, 'allied').filter((a) => a.type === 'gliderDisplace' && actionUnit(a) === unit && (a as { hex?: string }).hex);
    }
    expect(offered.length).toBeGreaterThan(0);
    const s = st().state!;
    const bundle = st().bundle!;
    const at = unitOf(s, unit).hex!;
    // another stack selected: no hex choice, a click selects
    expect(hexChoices(s, bundle, null).size).toBe(0);
    const choices = hexChoices(s, bundle, at);
    expect([...choices.keys()].map(formatHex).sort()).toEqual(offered.map((a) => (a as { hex: string }).hex).sort());
    st().selectHex(at);
    const target = offered[0] as { hex: string };
    const n = st().log!.actions.length;
    clickHex(hexOfRulesId(target.hex));
    expect(st().log!.actions.slice(n)).toEqual([offered[0]]);
    expect(unitOf(st().state!, unit).hex).toBe(hexOfRulesId(target.hex));
  });

  it('AW 41.6.1 a selected activated German unit: its reach is its gMove ends; a click there makes the gMove', () => {
    const s = storeTo('germanMovement1');
    const bundle = st().bundle!;
    expect(stageMoveKind(s, bundle)).toBe('gMove');
    expect(legalFor(s, 'german').some((a) => a.type === 'gMove')).toBe(false);
    const offers = legalActions(s, 'german').filter((a) => a.type === 'gMove');
    // a unit alone in its hex (a stack would move at its slowest)
    const mover = [...new Set(offers.map(actionUnit))].find((id) => movableUnits(s, unitOf(s, id).hex!).length === 1)!;
    const from = unitOf(s, mover).hex!;
    const o = gMoveOptions(s, bundle, mover, 'german');
    if ('error' in o) throw new Error(o.error.message);
    const reach = stageReach(s, bundle, from)!;
    expect([...reach.keys()].sort((a, b) => a - b)).toEqual([...new Set(o.moves.map((m) => m.hex))].sort((a, b) => a - b));
    // a hex with no PR check on the way: the unit ends there
    const m = o.moves.find((x) => !x.check && !unitList(s).some((u) => u.hex === x.hex && !u.eliminated))!;
    st().selectHex(from);
    const n = st().log!.actions.length;
    clickHex(m.hex);
    expect(st().log!.actions.slice(n)).toEqual([m.action]);
    expect(unitOf(st().state!, mover).hex).toBe(m.hex);
    expect(st().selectedHex).toBe(m.hex);
  });
});

describe('hex choices of a pending airborne decision on the map (AW 41.2.3d)', () => {
  it('AW 41.2.3d a German stack retreating after airborne combat: the open hexes are the map\'s choices, whatever is selected', () => {
    const B = b6();
    const segs = B.sequence.stages![0].phases[0].segments.map((x) => x.id);
    const placed: Record<string, string> = { 'a-8para-6ab': 'C4727', 'b-8para-6ab': 'C4727', gale: 'C4727', 'ii-726-716': 'C4827', 'c-8para-6ab': 'C4828' };
    // 8 against a German Bn 6 + 3 = 9: rolls 9 and 4, 17 – 13 = 4 < PR 5: the defender retreats (as combatProcedure.test.ts)
    const s0 = withDice(edit(start(B), (d) => {
      d.pos = { ...d.pos, part: 'stage', stage: 0, phase: 0, segment: segs.indexOf('alliedCombat1') };
      for (const [id, h] of Object.entries(placed)) putUnit(d, { id, side: B.units.get(id)!.side, hex: hexOfRulesId(h), stepsLost: 0, mpSpent: 0, markers: [] });
    }), [['d10', 9], ['d10', 4]]);
    const r = act(s0, { type: 'abAttack', hex: 'C4827', attackers: ['a-8para-6ab', 'b-8para-6ab'] });
    expect(r.state.pending).toMatchObject({ side: 'german', kind: 'abRetreat' });
    const offered = legalActions(r.state, 'german');
    for (const sel of [null, hexOfRulesId('C4827'), hexOfRulesId('C3010')]) {
      const c = hexChoices(r.state, B, sel);
      expect([...c.keys()].map(formatHex).sort()).toEqual(['C4726', 'C4826', 'C4926', 'C4927']);
      for (const [h, list] of c) expect(list).toEqual([offered.find((a) => (a as { hex: string }).hex === formatHex(h))]);
    }
    // an Allied hex next to the retreat is no choice: a click there selects it
    expect(hexChoices(r.state, B, null).has(hexOfRulesId('C4727'))).toBe(false);
    expect(stageMoveKind(r.state, B)).toBeNull();
  });
});
