import { describe, expect, it } from 'vitest';
import { act, at, edit, fixture, hx, start } from './combat.fixture';

describe('GOSS 17.4 / AW 31.10 fieldworks', () => {
  it('a fieldworks marker is removed when its hex is left empty at the end of a phase; occupied ones stay', () => {
    const b = fixture({ units: [{ id: 'a', side: 'allied', hex: at(1, 1), fieldworks: 'IP' }, { id: 'g', side: 'german', hex: at(8, 8), fieldworks: 'ET-2' }] });
    let s = edit(start(b), (d) => { d.units.a.hex = hx(1, 2); });
    s = act(s, { type: 'endSegment' }).state;
    expect(s.fieldworks[hx(1, 1)]).toBeUndefined();
    expect(s.fieldworks[hx(8, 8)]).toBe('ET-2');
  });
});
