import { describe, expect, it } from 'vitest';
import { legalActions, view } from '../../game';
import { formatHex } from '../../hex';
import { terrainOf } from '../../board';
import { boxRegistry } from '../locations';
import { act, atDrop, b6, edit, fmt, hexOfTerrain, noGermans, ofType, refusal, withDice } from './stage.fixture';
import { airborneState, type DzState } from './state';
import { scatterHex } from './scatter';
import tablesJson from '../../../../data/modules/airborne/tables.json';
import { AirborneTables } from '../../../data/schemas/airborne';
import type { GameState } from '../../types';
import { mutUnit, unitOf } from '../../unitTable';

const T = AirborneTables.parse(tablesJson);
const K = '6AB-K';

/** DZ K moved to `hex` with the given status and DRM, no German on the map. */
function dzK(s: GameState, hex: number, status: DzState['status'], drm = 0): GameState {
  return edit(noGermans(s), (d) => {
    const z = (d.special as { airborne: { dzs: Record<string, DzState> } }).airborne.dzs[K];
    z.hex = hex; z.status = status; z.drm = drm;
  });
}

describe('AW 41.2.2 the container and its dummies', { timeout: 30_000 }, () => {
  it('AW 41.2.2 the first landing on DZ K (status C) rolls 1d10 for its one Btn (8 Para): 3 adds 2 dummies to the three Coys', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const s0 = withDice(dzK(atDrop(b), clear, 'C'), [['d10', 3], ['d10', 0]]);
    const { state, events } = act(s0, { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(ofType(events, 'dummiesRolled')).toEqual([expect.objectContaining({ dz: K, battalion: '8para-6ab', roll: 3, dummies: 2, case: 'AW 41.2.2' })]);
    expect(airborneState(state).pools[K]).toEqual({ ids: ['a-8para-6ab', 'b-8para-6ab', 'c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2'], dummies: 2, landed: 0, size: 5 });
  });
});

describe('AW 41.2.3 drop procedure', { timeout: 30_000 }, () => {
  it('AW 41.2.3 non-FoW units land first: a FoW drop on K is refused while 3 Sqn RE waits; then offered', () => {
    const b = b6();
    const s0 = dzK(atDrop(b), hexOfTerrain(b, 'C5521', 'clear'), 'A');
    expect(refusal(s0, { type: 'dropFow', dz: K })).toMatchObject({ code: 'non-fow-first', case: 'AW 41.2.3' });
    expect(legalActions(s0, 'allied').filter((a) => a.type === 'dropFow' && a.dz === K)).toEqual([]);
    const s1 = act(withDice(s0, [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' }).state;
    expect(legalActions(s1, 'allied')).toContainEqual({ type: 'dropFow', dz: K });
  });
  it('AW 41.2.0 each DZ is finished before the next: once K has begun, a landing on N is refused', () => {
    const b = b6();
    const s1 = act(withDice(dzK(atDrop(b), hexOfTerrain(b, 'C5521', 'clear'), 'A'), [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' }).state;
    expect(refusal(s1, { type: 'dropUnit', dz: '6AB-N', unit: '591-6ab-re' })).toMatchObject({ code: 'finish-dz', case: 'AW 41.2.0' });
    expect(legalActions(s1, 'allied').every((a) => a.type === 'endSegment' || a.type === 'roll' || (a as { dz?: string }).dz === K)).toBe(true);
    expect(refusal(s1, { type: 'endSegment' })).toMatchObject({ code: 'drop-unfinished', case: 'AW 41.2.0' });
  });
  it('AW 41.2.3a NS in a clear hex: the unit lands on the DZ with no terrain roll', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const { state, events } = act(withDice(dzK(atDrop(b), clear, 'A'), [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(unitOf(state, '3-6ab-re').hex).toBe(clear);
    expect(ofType(events, 'unitScatter')[0]).toMatchObject({ roll: 0, modified: 0, result: 'NS', case: 'AW 41.2.3a' });
    expect(ofType(events, 'landingTerrain')).toEqual([]);
  });
  it('AW 41.2.3a status C, roll 3 with DRM +1 reads row 4: S2, percentile 50 on ring 2', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const s0 = withDice(dzK(atDrop(b), clear, 'C', 1), [['d10', 0], ['d10', 3], ['d100', 50], ['d10', 0]]);
    const { state, events } = act(s0, { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(ofType(events, 'unitScatter')[0]).toMatchObject({ roll: 3, modified: 4, result: 'S2' });
    const want = scatterHex(T, clear, 2, 50).hex;
    const u = unitOf(state, '3-6ab-re');
    // Landed in the ring-2 hex, unless its terrain roll 0 says otherwise (0 never eliminates).
    expect(u.hex).toBe(want);
    expect(terrainOf(b.board, want)).not.toBe('sea');
  });
  it('AW 41.2.3a landing terrain: a woods hex, roll 9 eliminates the unit and the leader attached to it shares its fate (AW 41.2.3)', () => {
    const b = b6();
    const woods = hexOfTerrain(b, 'C5521', 'woods');
    const s0 = withDice(dzK(atDrop(b), woods, 'A'), [['d10', 0], ['d10', 0], ['d10', 9]]);
    // Gale is scheduled on N by glider; attach a leader of K for the test: put Gale in K's waiting list.
    const s1 = edit(s0, (d) => { (d.special as { airborne: { drop: { waiting: Record<string, string[]> } } }).airborne.drop.waiting['drop:6AB-K'].push('gale'); });
    const { state, events } = act(s1, { type: 'dropUnit', dz: K, unit: '3-6ab-re', leader: 'gale' });
    expect(ofType(events, 'landingTerrain')[0]).toMatchObject({ terrain: 'woods', roll: 9, result: 'eliminated', case: 'AW 41.2.3a' });
    expect(unitOf(state, '3-6ab-re').eliminated).toBe(true);
    expect(unitOf(state, "gale").eliminated).toBe(true);
  });
  it('AW 41.2.3a landing terrain: a leader attached to a unit that lands safely is placed with it', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const s0 = edit(withDice(dzK(atDrop(b), clear, 'A'), [['d10', 0], ['d10', 0]]), (d) => { (d.special as { airborne: { drop: { waiting: Record<string, string[]> } } }).airborne.drop.waiting['drop:6AB-K'].push('gale'); });
    const { state } = act(s0, { type: 'dropUnit', dz: K, unit: '3-6ab-re', leader: 'gale' });
    expect(unitOf(state, "gale").hex).toBe(clear);
  });
});

describe('AW 41.2.3 FoW counters drawn from the container', { timeout: 30_000 }, () => {
  function afterRe(status: DzState['status'], hex?: number) {
    const b = b6();
    const h = hex ?? hexOfTerrain(b, 'C5521', 'clear');
    return act(withDice(dzK(atDrop(b), h, status), [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' }).state;
  }
  it('AW 41.2.1, 41.2.3 a FoW drop lands a fresh placeholder with no identity, drawn from DZ K\'s container', () => {
    const s1 = afterRe('A');
    const { state, events } = act(withDice(s1, [['d10', 0]]), { type: 'dropFow', dz: K });
    const a = airborneState(state);
    expect(ofType(events, 'fowDrawn')[0]).toMatchObject({ dz: K, placeholder: 'cw-fow-1', case: 'AW 41.2.3' });
    expect(a.fow['cw-fow-1']).toMatchObject({ pool: K });
    expect(unitOf(state, 'cw-fow-1').hex).toBe(a.dzs[K].hex);
    expect(a.pools[K].landed).toBe(1);
    // Nobody knows who it is: no Coy of the container is in the state.
    for (const id of a.pools[K].ids) expect(unitOf(state, id)).toBeUndefined();
  });
  it('AW 41.2.3a ES: status E, roll 9 is ES; the ES roll 4 puts the FoW counter in ES box 4, FoW side up', () => {
    const s1 = afterRe('E');
    const { state, events } = act(withDice(s1, [['d10', 9], ['d10', 4]]), { type: 'dropFow', dz: K });
    const box = boxRegistry(b6()).byId.get('es-4')!;
    expect(unitOf(state, 'cw-fow-1')).toMatchObject({ hex: null, box: box.loc });
    expect(ofType(events, 'extendedScatter')[0]).toMatchObject({ box: 'es-4', roll: 4, case: 'AW 41.2.3a' });
  });
  it('AW 41.2.3a ES roll 0: the FoW counter is eliminated, its identity not revealed (AW 41.2.3 note)', () => {
    const s1 = afterRe('E');
    const { state } = act(withDice(s1, [['d10', 9], ['d10', 0]]), { type: 'dropFow', dz: K });
    expect(unitOf(state, 'cw-fow-1').eliminated).toBe(true);
    expect(airborneState(state).fow['cw-fow-1']).toEqual({ pool: K, eliminated: true });
    expect(airborneState(state).pools[K].ids).toHaveLength(airborneState(state).pools[K].size);
  });
  it('AW 41.2.3a marsh, roll 6: a FoW counter goes to the ES track (then ES roll 2: box 2); a non-FoW unit would be eliminated', () => {
    const b = b6();
    const marsh = hexOfTerrain(b, 'C5521', 'marsh');
    const s1 = afterRe('A', marsh);
    expect(unitOf(s1, '3-6ab-re').hex === marsh || unitOf(s1, '3-6ab-re').eliminated).toBe(true);
    const { state } = act(withDice(s1, [['d10', 0], ['d10', 6], ['d10', 2]]), { type: 'dropFow', dz: K });
    expect(unitOf(state, 'cw-fow-1').box).toBe(boxRegistry(b).byId.get('es-2')!.loc);
  });
});

describe('AW 41.2.3b landing in a German-occupied hex', { timeout: 30_000 }, () => {
  const german = (s: GameState, hex: number, id: string) => edit(s, (d) => { mutUnit(d, id).hex = hex; mutUnit(d, id).eliminated = undefined; });
  it('AW 41.2.3b the German fails its defensive PR check (roll ≥ PR): it retreats one hex and the Allied unit stays', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const base = atDrop(b);
    const inf = [...b.units.values()].find((u) => u.side === 'german' && u.type === 'Inf' && u.prDef !== null && u.size === 'Bn' && unitOf(base, u.id))!;
    const s0 = german(dzK(base, clear, 'A'), clear, inf.id);
    const r = act(withDice(s0, [['d10', 0], ['d10', 0], ['d10', 9]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(ofType(r.events, 'prCheck')[0]).toMatchObject({ unit: inf.id, pr: inf.prDef, roll: 9, pass: false, case: 'AW 41.2.3b' });
    // The German owner picks the retreat hex when several are open (AW 41.2.3d, h/abcombat's procedure).
    const state = r.state.pending ? act(r.state, legalActions(r.state, 'german')[0]).state : r.state;
    expect(unitOf(state, inf.id).hex).not.toBe(clear);
    expect(unitOf(state, '3-6ab-re').hex).toBe(clear);
    expect(ofType(r.events, 'abCombat')).toEqual([]);
  });
  it('AW 41.2.3b the German passes (roll 0 < PR): the landing unit must attack it (the AW 41.5 procedure is called)', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const base = atDrop(b);
    const inf = [...b.units.values()].find((u) => u.side === 'german' && u.type === 'Inf' && u.prDef !== null && u.size === 'Bn' && unitOf(base, u.id))!;
    const s0 = german(dzK(base, clear, 'A'), clear, inf.id);
    const { state, events } = act(withDice(s0, [['d10', 0], ['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(ofType(events, 'prCheck')[0]).toMatchObject({ unit: inf.id, roll: 0, pass: true });
    // The forced attack runs the AW 41.5 procedure at once (h/abcombat): one airborne combat in the hex.
    expect(ofType(events, 'abCombat')[0]).toMatchObject({ hex: formatHex(clear), forced: true, case: 'AW 41.5.1, 41.5.2' });
    expect(unitOf(state, '3-6ab-re').side).toBe('allied');
  });
  it('AW 41.2.3b non-SP in-battery German artillery that fails its check is eliminated, not retreated', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const base = atDrop(b);
    const art = [...b.units.values()].find((u) => u.side === 'german' && u.type === 'Art' && !u.sp && u.prDef !== null && !u.fortification && unitOf(base, u.id))!;
    const s0 = german(dzK(base, clear, 'A'), clear, art.id);
    const { state, events } = act(withDice(s0, [['d10', 0], ['d10', 0], ['d10', 9]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(unitOf(state, art.id)).toMatchObject({ hex: null, eliminated: true });
    expect(ofType(events, 'unitEliminated')[0]).toMatchObject({ unit: art.id, case: 'AW 41.2.3b' });
  });
  it('AW 41.2.3b a WN makes no PR check: the landing unit must attack it', () => {
    const b = b6();
    const clear = hexOfTerrain(b, 'C5521', 'clear');
    const s0 = german(dzK(atDrop(b), clear, 'A'), clear, 'wn02');
    const { events } = act(withDice(s0, [['d10', 0], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' });
    expect(ofType(events, 'prCheck')).toEqual([]);
    expect(ofType(events, 'abCombat')[0]).toMatchObject({ hex: formatHex(clear), forced: true });
  });
});

describe('AW 41.2.3 hidden identities in view (hotseat)', { timeout: 30_000 }, () => {
  it('view for either side holds no identity of an unrevealed FoW counter; the containers\' composition is all there is', () => {
    const b = b6();
    let s = act(withDice(dzK(atDrop(b), hexOfTerrain(b, 'C5521', 'clear'), 'C'), [['d10', 3], ['d10', 0]]), { type: 'dropUnit', dz: K, unit: '3-6ab-re' }).state;
    for (let i = 0; i < 5; i++) s = act(withDice(s, [['d10', 0]], `f${i}`), { type: 'dropFow', dz: K }).state;
    const a = airborneState(s);
    expect(Object.keys(a.fow).sort()).toEqual(['cw-fow-1', 'cw-fow-2', 'cw-fow-3', 'cw-fow-4', 'cw-fow-5']);
    for (const side of ['allied', 'german'] as const) {
      const v = view(s, side);
      const text = JSON.stringify(v.units);
      for (const coy of ['a-8para-6ab', 'b-8para-6ab', 'c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2']) expect(text).not.toContain(`"${coy}"`);
      // The placeholders differ only by their number: same container, same ratings, no identity field.
      const recs = Object.keys(a.fow).map((id) => (v as unknown as { special: { airborne: { fow: Record<string, unknown> } } }).special.airborne.fow[id]);
      expect(new Set(recs.map((r) => JSON.stringify(r))).size).toBe(1);
    }
    expect(a.pools[K]).toEqual({ ids: ['a-8para-6ab', 'b-8para-6ab', 'c-8para-6ab', 'cw-dummy-1', 'cw-dummy-2'], dummies: 2, landed: 5, size: 5 });
    expect(fmt(unitOf(s, 'cw-fow-1').hex!)).toBe(fmt(a.dzs[K].hex!));
  });
});
