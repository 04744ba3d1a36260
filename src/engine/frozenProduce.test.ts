import { describe, expect, it } from 'vitest';
import { CACHE_BOX, cacheBox, freezeNew, produceFrozen } from './frozenProduce';
import { apply, newGame, stateHash } from './game';
import { loadScenario } from '../data/bundle';
import { selfplayLogs } from '../bench/scale';
import type { GameState } from './types';

/** Paths to every object of `v` that is not frozen (each shared object looked at once). */
function unfrozen(v: unknown, path = '', seen = new Set<object>(), out: string[] = []): string[] {
  if (v === null || typeof v !== 'object' || seen.has(v)) return out;
  seen.add(v);
  if (!Object.isFrozen(v)) out.push(path || '(root)');
  for (const [k, x] of Object.entries(v)) unfrozen(x, `${path}.${k}`, seen, out);
  return out;
}

describe("the engine's produce keeps every state deeply frozen (the per-state caches rely on it)", () => {
  it('freezeNew freezes new objects and arrays at any depth, and leaves what was frozen as it is', () => {
    const old = Object.freeze({ a: 1 });
    const v = { x: [{ y: { z: [1, 2] } }], old };
    freezeNew(v);
    expect(unfrozen(v)).toEqual([]);
    expect(freezeNew(1)).toBeUndefined();
  });

  it('produceFrozen: the result deeply frozen, the base unchanged, unchanged parts shared', () => {
    const base = { a: { n: 1 }, b: { list: [1] } };
    freezeNew(base);
    const next = produceFrozen(base, (d) => { d.a.n = 2; (d as { c?: object }).c = { deep: { v: [3] } }; });
    expect(unfrozen(next)).toEqual([]);
    expect(base.a.n).toBe(1);
    expect(next.b).toBe(base.b);
  });

  it('every state of a self-play game (its first 400 actions) is deeply frozen', () => {
    const log = selfplayLogs()[0];
    const bundle = loadScenario(log.scenario);
    let state: GameState = newGame(bundle, log.options).state;
    const bad: string[] = unfrozen(state).map((p) => `start: ${p}`);
    for (const a of log.actions.slice(0, 400)) {
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
      bad.push(...unfrozen(state).slice(0, 3).map((p) => `action ${state.n}: ${p}`));
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('a structured clone of a state (as the opponent worker receives one) takes every action to the same state as the original (issue 17: its plain unit table is made a table again)', () => {
    const log = selfplayLogs()[0];
    const bundle = loadScenario(log.scenario);
    let state: GameState = newGame(bundle, log.options).state;
    const differ: number[] = [];
    for (const [i, a] of log.actions.slice(0, 300).entries()) {
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      if (i % 10 === 0) {
        const c = apply(structuredClone(state), a);
        if (!c.ok || stateHash(c.state) !== stateHash(r.state) || unfrozen(c.state).length) differ.push(i);
      }
      state = r.state;
    }
    expect(differ).toEqual([]);
  });

  it("immer's records of a finished produce no longer reach the base or the copies (issue 17: V8 may allocate them in the old generation)", () => {
    const base = { a: { n: 1 }, b: { list: [1] } };
    freezeNew(base);
    const records: Record<string, unknown>[] = [];
    const next = produceFrozen(base, (d) => {
      d.a.n = 2;
      d.b.list.push(2);
      const rec = (x: object) => (x as Record<symbol, Record<string, unknown>>)[Symbol.for('immer-state')];
      records.push(rec(d), rec(d.a), rec(d.b), rec(d.b.list));
    });
    expect(next.a.n).toBe(2);
    expect(next.b.list).toEqual([1, 2]);
    // If immer keeps its records otherwise (a new version), these fail: release() would then do nothing.
    expect(records.every((r) => r && typeof r === 'object')).toBe(true);
    for (const r of records) {
      expect(r.base_).toBeNull();
      expect(r.copy_).toBeNull();
      expect(r.parent_).toBeNull();
    }
  });

  it('a draft has no cache box of its own: asking for it does not draft its base\'s box into the next state', () => {
    const base = produceFrozen({ a: { n: 1 } }, (d) => { d.a.n = 2; });
    let seen: unknown = 'not asked';
    const next = produceFrozen(base, (d) => { seen = cacheBox(d); d.a.n = 3; });
    expect(seen).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(next, CACHE_BOX)?.enumerable).toBe(false);
    expect(cacheBox(next)).not.toBe(cacheBox(base));
  });
});
