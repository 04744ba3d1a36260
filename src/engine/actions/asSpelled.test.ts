import { describe, expect, it } from 'vitest';
import { asSpelled } from './asSpelled';
import { ACTION_SCHEMAS, normaliseAction } from './index';
import { selfplayLogs } from '../../bench/scale';

/** What the action's schema gives (the spelling every action is recorded in, issue 15). */
const bySchema = (a: Record<string, unknown>) => (ACTION_SCHEMAS as Record<string, { parse(x: unknown): unknown }>)[a.type as string].parse(a);

describe('issue 17: a move or a marker already in its one spelling is taken as it is, exactly as its schema gives it', () => {
  it('every move and marker of the self-play games: the same action, key for key and in the same order', () => {
    let n = 0;
    for (const log of selfplayLogs()) {
      for (const a of log.actions as Record<string, unknown>[]) {
        if (a.type !== 'move' && a.type !== 'mark') continue;
        const fast = asSpelled(a);
        expect(fast).not.toBeNull();
        expect(JSON.stringify(fast)).toBe(JSON.stringify(bySchema(a)));
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it('anything else about them is left to the schemas (which decide), and what normaliseAction gives is unchanged', () => {
    const cases: Record<string, unknown>[] = [
      { type: 'move', unit: 'u1', path: ['c5320'] },
      { type: 'move', unit: 'u1', path: [' C5320'] },
      { type: 'move', unit: 'u1', path: ['@53,20'] },
      { type: 'move', unit: 'u1', path: [] },
      { type: 'move', unit: '', path: ['C5320'] },
      { type: 'move', unit: 'u1', path: ['C5320'], via: 'rail' },
      { type: 'move', unit: 'u1', path: ['C5320'], via: undefined },
      { type: 'move', unit: 'u1', path: ['C5320'], with: ['u3', 'u2'] },
      { type: 'move', unit: 'u1', path: ['C5320'], extra: 1 },
      { type: 'move', unit: 'u1', path: 'C5320' },
      { type: 'move', unit: 7, path: ['C5320'] },
      { type: 'mark', unit: 'u1', marker: 'XX' },
      { type: 'mark', unit: 'u1', marker: 'PA', note: '' },
      Object.assign(Object.create({ inherited: 1 }), { type: 'mark', unit: 'u1', marker: 'PA' }),
    ];
    for (const c of cases) {
      expect(asSpelled(c)).toBeNull();
      const viaSchema = ACTION_SCHEMAS[c.type as 'move'].safeParse(c);
      const r = normaliseAction(c);
      // normaliseAction still accepts or refuses as the schema does.
      expect(r.ok).toBe(viaSchema.success && Object.getPrototypeOf(c) === Object.prototype);
    }
    // A path's hexes as the map prints them, a road choice and each marker are taken as they are.
    for (const a of [
      { type: 'move', unit: 'u1', path: ['C5320', 'C5321'], via: 'road' },
      { type: 'mark', unit: 'u1', marker: 'IB' },
    ]) expect(JSON.stringify(asSpelled(a))).toBe(JSON.stringify(bySchema(a)));
  });

  it("a field found on a polluted Object.prototype is never read as the action's", () => {
    const P = Object.prototype as Record<string, unknown>;
    P.unit = 'u1';
    try {
      expect(asSpelled({ type: 'mark', marker: 'PA', note: 'x' })).toBeNull();
      expect(asSpelled({ type: 'move', path: ['C5320'], note: 'x' })).toBeNull();
    } finally {
      delete P.unit;
    }
  });

  it('every segment end and free roll of the self-play games is taken as the schema gives it; other spellings go to the schemas', () => {
    let n = 0;
    for (const log of selfplayLogs()) {
      for (const a of log.actions as Record<string, unknown>[]) {
        if (a.type !== 'endSegment' && a.type !== 'roll') continue;
        expect(JSON.stringify(asSpelled(a))).toBe(JSON.stringify(bySchema(a)));
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
    expect(JSON.stringify(asSpelled({ type: 'roll', dice: '2d10', purpose: 'x' }))).toBe(JSON.stringify(bySchema({ type: 'roll', dice: '2d10', purpose: 'x' })));
    for (const c of [
      { type: 'endSegment', note: 1 },
      { type: 'roll', dice: '3d10', purpose: 'x' },
      { type: 'roll', dice: '1d10', purpose: '' },
      { type: 'roll', dice: '1d10', purpose: 'x', extra: 1 },
      { type: 'roll', dice: '1d10' },
    ]) expect(asSpelled(c)).toBeNull();
  });
});
