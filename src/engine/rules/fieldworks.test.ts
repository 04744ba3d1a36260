import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { GameEvent } from '../types';
import { act, at, edit, fixture, fmt, hx, landefront, start } from './combat.fixture';
import { removeFieldworks } from './fieldworks';
import { mutUnit } from '../unitTable';

describe('GOSS 17.4 / AW 31.10 fieldworks', () => {
  it('a fieldworks marker is removed when its hex is left empty at the end of a phase; occupied ones stay', () => {
    const b = fixture({ units: [{ id: 'a', side: 'allied', hex: at(1, 1), fieldworks: 'IP' }, { id: 'g', side: 'german', hex: at(8, 8), fieldworks: 'ET-2' }] });
    let s = edit(start(b), (d) => { mutUnit(d, "a").hex = hx(1, 2); });
    s = act(s, { type: 'endSegment' }).state;
    expect(s.fieldworks[hx(1, 1)]).toBeUndefined();
    expect(s.fieldworks[hx(8, 8)]).toBe('ET-2');
  });
});

describe('AW 1.2.6b Landefront defences through the one removal function (fieldworks.ts removeFieldworks)', () => {
  const mk = () => fixture({
    special: landefront([at(5, 5), at(6, 5)]),
    units: [{ id: 'a', side: 'allied', hex: at(1, 1) }, { id: 'g', side: 'german', hex: at(5, 5), fieldworks: 'ET-3' }, { id: 'h', side: 'german', hex: at(6, 5) }],
  });

  it('AW 1.2.6b: the printed ET-2 stands from newGame on (no window before the first segment ends); an ET-3 set up there stays an ET-3', () => {
    const b = mk();
    const s = start(b);
    expect(s.fieldworks[hx(6, 5)]).toBe('ET-2');
    expect(s.fieldworks[hx(5, 5)]).toBe('ET-3');
  });

  it('AW 1.2.6b / GOSS 17.4: a Landefront hex left empty keeps its ET-2; an ET-3 there goes back to the ET-2 in the same step, never to nothing', () => {
    const b = mk();
    let s = edit(start(b), (d) => { mutUnit(d, "g").hex = hx(4, 5); mutUnit(d, "h").hex = hx(7, 5); });
    const r = act(s, { type: 'endSegment' });
    s = r.state;
    expect(s.fieldworks[hx(5, 5)]).toBe('ET-2');
    expect(s.fieldworks[hx(6, 5)]).toBe('ET-2');
    expect(r.events.filter((e) => e.type === 'fieldworksRemoved')).toEqual([
      { type: 'fieldworksRemoved', hex: fmt(hx(5, 5)), fieldworks: 'ET-3', left: 'ET-2', why: 'hex left empty; the Landefront ET-2 stays (may not be destroyed)', case: 'GOSS 17.4, AW 1.2.6b' },
    ]);
    // No later segment end puts anything back or takes the ET-2 away.
    const r2 = act(s, { type: 'endSegment' });
    expect(r2.events.filter((e) => e.type === 'fieldworksRemoved' || e.type === 'fieldworksPlaced')).toEqual([]);
    expect(r2.state.fieldworks[hx(5, 5)]).toBe('ET-2');
  });

  it('AW 1.2.6b: removeFieldworks never removes the printed ET-2 (null, no event); elsewhere it removes any marker', () => {
    const b = mk();
    const s = edit(start(b), (d) => { d.fieldworks[hx(2, 2)] = 'ET-3'; });
    const events: GameEvent[] = [];
    let out: unknown[] = [];
    const after = produce(s, (d) => {
      out = [
        removeFieldworks(d, b, hx(6, 5), events, 'test', 'GOSS 17.4'),
        removeFieldworks(d, b, hx(5, 5), events, 'test', 'GOSS 13.10.2a'),
        removeFieldworks(d, b, hx(5, 5), events, 'test', 'GOSS 13.10.2a'),
        removeFieldworks(d, b, hx(2, 2), events, 'test', 'GOSS 13.10.2a'),
        removeFieldworks(d, b, hx(3, 3), events, 'test', 'GOSS 17.4'),
      ];
    });
    expect(out).toEqual([null, { removed: 'ET-3', left: 'ET-2' }, null, { removed: 'ET-3', left: null }, null]);
    expect([after.fieldworks[hx(6, 5)], after.fieldworks[hx(5, 5)], after.fieldworks[hx(2, 2)]]).toEqual(['ET-2', 'ET-2', undefined]);
    expect(events.map((e) => { const x = e as Record<string, unknown>; return [x.type, x.hex, x.left ?? null, x.case]; })).toEqual([
      ['fieldworksRemoved', fmt(hx(5, 5)), 'ET-2', 'GOSS 13.10.2a, AW 1.2.6b'],
      ['fieldworksRemoved', fmt(hx(2, 2)), null, 'GOSS 13.10.2a'],
    ]);
  });
});
