import { describe, expect, it } from 'vitest';
import { legalActions } from '../game';
import { Dice } from '../rng';
import type { GameState } from '../types';
import { act, at, edit, fixture, hx, start, toSegment, withSeed } from './combat.fixture';
import { giDrms } from './interdiction';
import { mutUnit, unitOf } from '../unitTable';

function germanMoveEnd(time: 'AM' | 'Night', road = false) {
  const b = fixture({ start: { date: '1944-07-18', time }, units: [
    { id: 'a', side: 'allied', hex: at(0, 0) }, { id: 'g', side: 'german', hex: at(10, 9), type: 'Arm', moveClass: 'mech', ma: 10, extra: { pureAfv: true, armAttack: 3, armDefence: 3 } },
    { id: 'hq', side: 'german', hex: at(11, 9), type: 'HQ', size: 'HQ', moveClass: 'mech', pr: [null, 6], steps: [[0, 3], [0, 2]] },
  ] });
  let s = toSegment(start(b), b, 'move', 1);
  s = edit(s, (d) => { mutUnit(d, "g").move = { turn: d.pos.turn, playerTurn: 1, segment: 'move', seq: d.n, from: hx(10, 5), hexes: 4, mp: 6, type: road ? 'road' : 'offroad', halted: false, beyond6: true }; });
  return { b, s: act(s, { type: 'endSegment' }).state };
}

describe('AW 31.7 ground interdiction', () => {
  it('a German unit that spent more than half its MA more than 6 hexes from Allied units is offered to the Allied player at the end of its move', () => {
    const { s } = germanMoveEnd('AM');
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gi', case: 'AW 31.7' });
    expect(legalActions(s, 'allied')).toEqual([{ type: 'interdict', unit: 'g' }, { type: 'giDone' }]);
  });
  it('no GI at night', () => {
    expect(germanMoveEnd('Night').s.pending ?? null).toBeNull();
  });
  it('DRMs: pure AFV −1, Flak or HQ within 2 hexes −2, road movement +1; a modified 6–7 gives fatigue 2', () => {
    const { b, s } = germanMoveEnd('AM', true);
    expect(giDrms(s, b, 'g').map((x) => x.value)).toEqual([-1, -2, 1]);
    let seed = '';
    for (let i = 0; i < 10000 && !seed; i++) if (new Dice(`gi${i}`, s.n).d10('x') === 8) seed = `gi${i}`;
    const r = act(withSeed(s, seed), { type: 'interdict', unit: 'g' });
    expect(r.events.find((e) => e.type === 'giResolved')).toMatchObject({ type: 'giResolved', roll: 8, modified: 6, fatigue: 2, steps: 0 });
    expect(unitOf((r.state as GameState), "g").markers).toContain('F2');
    expect(r.state.pending).toBeNull();
  });
});
