/**
 * Issue 15 item 9 (docs/engine.md): legalActions lists endSegment only when apply accepts it, and
 * endSegmentRefusal says why it is not available (the rule's refusal with its case).
 */
import { describe, expect, it } from 'vitest';
import { apply, endSegmentRefusal, legalActions } from '../src/engine/game';
import { mini, must, move, ref, type MiniUnit, type XY } from './fixtures/mini';

const A = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'allied', at, ...o });
const G = (id: string, at: XY, o: Partial<MiniUnit> = {}): MiniUnit => ({ id, side: 'german', at, ...o });
const rows = ['cccccc', 'cccccc', 'cccccc'];

describe('endSegment availability', () => {
  it('GOSS 6.7.0: an overstacked hex keeps endSegment off the list, with the reason; eliminating the excess brings it back', () => {
    const { state } = mini({ rows, units: [A('b1', [1, 0]), A('b2', [1, 0]), A('b3', [0, 0]), G('x', [5, 2])] });
    expect(endSegmentRefusal(state)).toBeNull();
    expect(legalActions(state, 'allied')).toContainEqual({ type: 'endSegment' });
    const s = must(state, move('b3', [1, 0]));
    const why = endSegmentRefusal(s);
    expect(why).toMatchObject({ code: 'overstacked', case: 'GOSS 6.7.0' });
    expect(why!.message).toContain(ref([1, 0]));
    expect(legalActions(s, 'allied').map((a) => a.type)).not.toContain('endSegment');
    const r = apply(s, { type: 'endSegment' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual(why);
    const fixed = must(s, { type: 'eliminateOverstack', unit: 'b3' });
    expect(endSegmentRefusal(fixed)).toBeNull();
    expect(legalActions(fixed, 'allied')).toContainEqual({ type: 'endSegment' });
    expect(apply(fixed, { type: 'endSegment' }).ok).toBe(true);
  });

  it('a pending decision: endSegment is not listed and the refusal names the decision', () => {
    const { state } = mini({ rows, units: [A('b1', [1, 0]), G('x', [5, 2])] });
    const pending = { ...state, pending: { side: 'allied' as const, kind: 'gi', accepts: ['giDone'], prompt: 'Ground interdiction', case: 'AW 31.7' } };
    expect(endSegmentRefusal(pending)).toMatchObject({ code: 'decision-pending', case: 'AW 31.7' });
    expect(legalActions(pending, 'allied').map((a) => a.type)).not.toContain('endSegment');
  });
});
