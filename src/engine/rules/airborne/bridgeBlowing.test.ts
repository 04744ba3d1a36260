import { describe, expect, it } from 'vitest';
import { b6, playTo, act, refusal, edit, withDice, ofType, hx, fmt, start } from './stage.fixture';
import { legalActions } from '../../game';
import { airborneState } from './state';
import { hexsideBetween } from '../../hex/lattice';
import type { GameState } from '../../types';
import { hasUnit, mutUnit, putUnit, unitIds, unitList, unitOf } from '../../unitTable';

const bundle = b6();
const s0 = playTo(start(bundle), bundle, 'alliedMovement1');
const WEST = hx('C5217');
const EAST = hx('C5317');
type Ab = { fow: Record<string, { pool: string }>; pools: Record<string, { ids: string[] }> };
const ab = (d: GameState) => (d.special as unknown as { airborne: Ab }).airborne;

/** A unit of the given kind at C5317, next to the Bénouville bridges (hexside C5217/C5317), nobody else around. */
function at(pick: (id: string, s: GameState) => boolean): { s: GameState; unit: string } {
  const unit = unitIds(s0).find((id) => unitOf(s0, id).side === 'allied' && unitOf(s0, id).hex !== null && pick(id, s0))
    ?? [...bundle.units.keys()].find((id) => bundle.units.get(id)!.side === 'allied' && !bundle.units.get(id)!.dummy && pick(id, s0))!;
  const s = edit(s0, (d) => {
    for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.hex === WEST || u.hex === EAST) u.hex = null;
    if (!hasUnit(d, unit)) putUnit(d, { id: unit, side: 'allied', hex: null, stepsLost: 0, mpSpent: 0, markers: [] });
    mutUnit(d, unit).hex = EAST;
  });
  return { s, unit };
}
const isPara = (id: string) => !!bundle.units.get(id)?.airborne && bundle.units.get(id)?.type === 'Inf';
const isFowId = (id: string, s: GameState) => airborneState(s).fow[id] !== undefined;

describe('AW 41.3.7b bridge blowing missions', () => {
  it('AW 41.3.7b a non-FoW unit next to a river bridge blows it on 0-5: the bridge is destroyed and no longer crossed (AW 41.3.7)', () => {
    const { s, unit } = at((id, st) => isPara(id) && !isFowId(id, st));
    const a = { type: 'blowBridge' as const, unit, across: fmt(WEST) };
    expect(legalActions(s, 'allied')).toContainEqual(a);
    const r = act(withDice(s, [['d10', 5]]), a);
    expect(ofType(r.events, 'bridgeAttempt')[0]).toMatchObject({ roll: 5, success: true, case: 'AW 41.3.7b' });
    expect(airborneState(r.state).bridges?.blown).toEqual([hexsideBetween(EAST, WEST)]);
    expect(airborneState(r.state).log?.bridgesBlown).toBe(1);
    // the unit's movement is over, and nobody crosses the blown bridge
    expect(refusal(r.state, { type: 'abMove', unit, path: [fmt(WEST)] })).toMatchObject({ code: 'moved' });
    expect(refusal(r.state, a)).toMatchObject({ code: 'no-bridge', case: 'AW 41.3.7b' });
  });
  it('AW 41.3.7b 6-9 fails; one attempt per bridge per segment, so a second unit may not try it', () => {
    const { s, unit } = at((id, st) => isPara(id) && !isFowId(id, st));
    const other = [...bundle.units.keys()].find((id) => id !== unit && isPara(id) && bundle.units.get(id)!.size === 'Co' && !bundle.units.get(id)!.dummy && !unitOf(s, id)?.eliminated)!;
    const s1 = edit(s, (d) => { if (!hasUnit(d, other)) putUnit(d, { id: other, side: 'allied', hex: null, stepsLost: 0, mpSpent: 0, markers: [] }); mutUnit(d, other).hex = EAST; });
    const r = act(withDice(s1, [['d10', 6]]), { type: 'blowBridge', unit, across: fmt(WEST) });
    expect(ofType(r.events, 'bridgeAttempt')[0]).toMatchObject({ roll: 6, success: false });
    expect(airborneState(r.state).bridges?.blown ?? []).toEqual([]);
    expect(refusal(r.state, { type: 'blowBridge', unit: other, across: fmt(WEST) })).toMatchObject({ code: 'bridge-tried', case: 'AW 41.3.7b' });
  });
  it('AW 41.3.7b HQ and artillery units may not try', () => {
    const { s, unit } = at((id) => bundle.units.get(id)?.type === 'HQ');
    expect(refusal(s, { type: 'blowBridge', unit, across: fmt(WEST) })).toMatchObject({ code: 'not-eligible', case: 'AW 41.3.7b' });
  });
  it('AW 41.3.7b a FoW unit that succeeds is revealed: a dummy is removed and the bridge stands', () => {
    const { s, unit } = at((id, st) => isFowId(id, st));
    const dummy = bundle.units.has('cw-dummy-1') ? 'cw-dummy-1' : [...bundle.units.keys()].find((k) => bundle.units.get(k)?.dummy)!;
    const s1 = edit(s, (d) => { const a = ab(d); a.pools[a.fow[unit].pool].ids = [dummy]; });
    const r = act(withDice(s1, [['d10', 0]]), { type: 'blowBridge', unit, across: fmt(WEST) });
    expect(ofType(r.events, 'fowRevealed')[0]).toMatchObject({ placeholder: unit, dummy: true, case: 'AW 41.3.7b' });
    expect(ofType(r.events, 'bridgeStands')).toHaveLength(1);
    expect(airborneState(r.state).bridges?.blown ?? []).toEqual([]);
    expect(unitOf(r.state, unit)).toBeUndefined();
  });
  it('AW 41.3.7b a FoW unit that is a para Coy destroys the bridge; the Coy stays on its regrouped side and has moved', () => {
    const { s, unit } = at((id, st) => isFowId(id, st));
    const coy = airborneState(s).pools[airborneState(s).fow[unit].pool].ids.find((id) => !bundle.units.get(id)?.dummy)!;
    const s1 = edit(s, (d) => { const a = ab(d); a.pools[a.fow[unit].pool].ids = [coy]; });
    const r = act(withDice(s1, [['d10', 3]]), { type: 'blowBridge', unit, across: fmt(WEST) });
    expect(ofType(r.events, 'fowRevealed')[0]).toMatchObject({ unit: coy, dummy: false });
    expect(ofType(r.events, 'bridgeDestroyed')).toHaveLength(1);
    expect(unitOf(r.state, coy).hex).toBe(EAST);
    expect(refusal(r.state, { type: 'abMove', unit: coy, path: ['C5318'] })).toMatchObject({ code: 'moved' });
  });
});
