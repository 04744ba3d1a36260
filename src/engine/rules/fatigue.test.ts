import { describe, expect, it } from 'vitest';
import { act, at, edit, fixture, start, toSegment } from './combat.fixture';
import { mutUnit, unitOf } from '../unitTable';

describe('GOSS 14 / AW 31.2.3b fatigue recovery', () => {
  it('AW 31.2.3b: in the Administrative Phase a phasing unit not adjacent to an enemy recovers one level; an adjacent one does not', () => {
    const b = fixture({ units: [
      { id: 'far', side: 'allied', hex: at(0, 0) }, { id: 'near', side: 'allied', hex: at(5, 4) }, { id: 'g', side: 'german', hex: at(6, 4) },
      { id: 'gf', side: 'german', hex: at(9, 9) },
    ] });
    let s = toSegment(start(b), b, 'exploitation');
    s = edit(s, (d) => { mutUnit(d, "far").markers.push('F2'); mutUnit(d, "near").markers.push('F1'); mutUnit(d, "gf").markers.push('F1'); });
    s = act(s, { type: 'endSegment' }).state; // → Administrative Phase (auto) → German player turn
    expect(unitOf(s, "far").markers).toEqual(['F1']);
    expect(unitOf(s, "near").markers).toEqual(['F1']);
    expect(unitOf(s, "gf").markers).toEqual(['F1']); // not the phasing side
  });
});
