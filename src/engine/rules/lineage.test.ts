import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import vm from 'node:vm';
import { current, freeze, produce } from 'immer';
import { apply, newGame, sideToAct } from '../index';
import { loadScenario } from '../../data/bundle';
import { selfplayLogs } from '../../bench/scale';
import { HEX_COUNT } from '../hex';
import type { GameState, ScenarioBundle, Side } from '../types';
import { VIEW_BITS, sideView } from './movement-search';
import { segmentMoves } from './movement';
import { memoOf, unitIndex } from './unitIndex';
import { predecessorOf } from './lineage';
import { cacheBox } from '../frozenProduce';
import { stackViolations } from './stacking';
import { mutUnit, unitOf } from '../unitTable';

// Issue 17: caches derived from the previous state's value (rules/lineage.ts) instead of being built
// over every unit. A derived value must be the value built whole: checked on the opponent's own games
// (their first 700 actions), against a copy of each state that has no predecessor (so built whole).

/** A copy of `state` with no predecessor: its caches are built whole. */
const whole = (state: GameState) => freeze(structuredClone(state), true) as GameState;

/**
 * Plays each self-play game's first 700 actions; `before` warms the cache on the state an action starts
 * from, `check` compares the next state's cache with the value built whole and returns whether the value
 * was derived (counted) and what differs.
 */
function overSelfPlay<T>(name: string, before: (state: GameState, bundle: ScenarioBundle) => T,
  check: (state: GameState, bundle: ScenarioBundle, warmed: T) => { derived: boolean; wrong: string[] }, minDerived: number): void {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: ${name}, the first 700 actions`, () => {
      const bundle = loadScenario(log.scenario);
      let { state } = newGame(bundle, log.options);
      let derived = 0;
      const wrong: string[] = [];
      for (const a of log.actions.slice(0, 700)) {
        const warmed = before(state, bundle);
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        const c = check(state, bundle, warmed);
        if (c.derived) derived++;
        wrong.push(...c.wrong.map((w) => `action ${state.n}: ${w}`));
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(derived).toBeGreaterThan(minDerived);
    }, 300_000);
  }
}

describe('GOSS 7.7–7.8 side views derived from the previous state equal the views built whole', () => {
  overSelfPlay('every derived view', (state, bundle) => {
    const side = sideToAct(state) as Side | null;
    return side ? { side, view: sideView(state, bundle, side) } : null;
  }, (state, bundle, warmed) => {
    if (!warmed) return { derived: false, wrong: [] };
    const v = sideView(state, bundle, warmed.side);
    // A derived view shares the previous view's cover (what it does not recompute).
    if (v === warmed.view || v.coverAt !== warmed.view.coverAt) return { derived: false, wrong: [] };
    const w = sideView(whole(state), bundle, warmed.side);
    const wrong: string[] = [];
    if (w.coverAt === v.coverAt) wrong.push("the copy's view was not built whole");
    for (let h = 0; h < HEX_COUNT; h++) {
      if ((v.flags[h] & VIEW_BITS) !== (w.flags[h] & VIEW_BITS)) wrong.push(`hex ${h}: flags ${v.flags[h]}, built ${w.flags[h]}`);
      else if (v.flags[h] && v.coverAt(h) !== w.coverAt(h)) wrong.push(`hex ${h}: cover ${v.coverAt(h)}, built ${w.coverAt(h)}`);
      else if (v.friendly(h) !== w.friendly(h)) wrong.push(`hex ${h}: friendly ${v.friendly(h)}, built ${w.friendly(h)}`);
    }
    if (JSON.stringify([v.noSlide, v.enemyHexes, v.night]) !== JSON.stringify([w.noSlide, w.enemyHexes, w.night])) wrong.push('enemy hexes or works');
    return { derived: true, wrong };
  }, 50);
});

describe('GOSS 7.1 who has moved this segment, derived from the previous state, equals the count over every unit', () => {
  const show = (x: ReturnType<typeof segmentMoves>) => JSON.stringify([x.last, x.lastSeq, [...x.moved].sort(), [...x.paMoved].sort()]);
  overSelfPlay('who has moved', (state, bundle) => segmentMoves(state, bundle), (state, bundle) => {
    const m = segmentMoves(state, bundle);
    const w = segmentMoves(whole(state), bundle);
    // Counted as derived when someone has moved (the answers worth deriving).
    return { derived: m.moved.size > 0, wrong: show(m) === show(w) ? [] : [`${show(m)}, counted ${show(w)}`] };
  }, 50);
});

describe('the unit index derived from the previous state equals the index built over every unit', () => {
  const show = (ix: ReturnType<typeof unitIndex>) => JSON.stringify([ix.live.map((u) => u.id), [...ix.byHex].sort((a, b) => a[0] - b[0]).map(([h, l]) => [h, l.map((u) => u.id)])]);
  overSelfPlay('the unit index', (state) => unitIndex(state), (state) => {
    const ix = unitIndex(state);
    const built = unitIndex(whole(state));
    const wrong = show(ix) === show(built) ? [] : ['lists differ'];
    // Each hex asked alone (a derived index reads its own changed stacks first, then the shared map).
    for (let h = 0; h < HEX_COUNT; h++) {
      const x = ix.byHex.get(h)?.map((u) => u.id).join(); const y = built.byHex.get(h)?.map((u) => u.id).join();
      if (x !== y || ix.byHex.has(h) !== built.byHex.has(h)) { wrong.push(`hex ${h}: ${x}, built ${y}`); break; }
    }
    // Derived lists hold the state's own unit records.
    if (ix.live.some((u) => unitOf(state, u.id) !== u)) wrong.push('a unit record of another state');
    // A derived index carries the live positions (`at`) from the first derivation on.
    return { derived: !!ix.at, wrong };
  }, 100);
});

describe('a derived index whose live list is read only now and then makes it from the line of indexes before it', () => {
  // The list is made when first read (unitIndex.ts LiveList): from the last list made in the line and
  // the positions written since. Read every 5th, then every 37th state (a line longer than MAX_CHAIN).
  for (const every of [5, 37]) {
    overSelfPlay(`the live list read every ${every} states`, (state) => unitIndex(state), (state) => {
      const ix = unitIndex(state);
      if (state.n % every !== 0) return { derived: false, wrong: [] };
      const ids = ix.live.map((u) => u.id).join();
      const built = unitIndex(whole(state)).live.map((u) => u.id).join();
      const wrong = ids === built ? [] : ['live lists differ'];
      if (ix.live.some((u) => unitOf(state, u.id) !== u)) wrong.push('a unit record of another state');
      return { derived: !!ix.at, wrong };
    }, every === 5 ? 20 : 2);
  }
});

describe('GOSS 6.3–6.4, AW 31.9.2a stack violations derived from the previous index equal those found over every stack', () => {
  const sides = [undefined, 'allied', 'german'] as const;
  const show = (state: GameState, bundle: ScenarioBundle) => JSON.stringify(sides.map((x) => stackViolations(state, bundle, x)));
  overSelfPlay('the stack violations', (state, bundle) => show(state, bundle), (state, bundle) => {
    const from = unitIndex(state).from;
    const derived = !!from && sides.every((x) => from.memo.has(`stackViolations:${x ?? 'both'}`)) && !memoOf(unitIndex(state)).size;
    const got = show(state, bundle);
    const built = show(whole(state), bundle);
    return { derived, wrong: got === built ? [] : [`${got}, built ${built}`] };
  }, 100);
});

describe("a draft's unit index, derived from its base's after writes, equals the index built over every unit", () => {
  const show = (ix: ReturnType<typeof unitIndex>) => JSON.stringify([ix.live.map((u) => u.id), [...ix.byHex].sort((a, b) => a[0] - b[0]).map(([h, l]) => [h, l.map((u) => `${u.id}:${u.hex}:${u.markers.join('+')}`)])]);
  it('after a marker, a move to another hex and an elimination (the last built whole), read as the units are now', () => {
    const log = selfplayLogs()[0];
    const bundle = loadScenario(log.scenario);
    let { state } = newGame(bundle, log.options);
    for (const a of log.actions.slice(0, 200)) { const r = apply(state, a); if (!r.ok) throw new Error(r.error.message); state = r.state; }
    const base = unitIndex(state);
    const [a, b, c] = base.live;
    const wrong: string[] = [];
    const check = (d: GameState, what: string) => {
      const ix = unitIndex(d);
      if (show(ix) !== show(unitIndex(whole(current(d as never) as GameState)))) wrong.push(`${what}: lists differ`);
      return ix;
    };
    produce(state, (d) => {
      mutUnit(d, a.id).markers.push('F1');
      const ix1 = check(d as GameState, 'a marker');
      if (ix1 === base) wrong.push('a marker: the base index, its record without the marker');
      const to = base.live.find((u) => u.hex !== b.hex)!.hex!;
      mutUnit(d, b.id).hex = to;
      check(d as GameState, 'a move');
      mutUnit(d, c.id).eliminated = true;
      check(d as GameState, 'an elimination');
    });
    expect(wrong).toEqual([]);
  });
});

describe('lineage notes keep only the newest link of a line', () => {
  it('a state made by apply knows its predecessor until its own successor is made; the predecessor is the state itself', () => {
    const log = selfplayLogs()[0];
    const bundle = loadScenario(log.scenario);
    let { state } = newGame(bundle, log.options);
    const states: GameState[] = [state];
    for (const a of log.actions.slice(0, 3)) { const r = apply(state, a); if (!r.ok) throw new Error(r.error.message); state = r.state; states.push(state); }
    const [s0, s1, s2, s3] = states;
    // The newest state reaches the one before it (its top-level values are that state's) ...
    expect(predecessorOf(s3)?.top).toBe(s2);
    expect(predecessorOf(s3)).toBe(predecessorOf(s3));
    // ... and no further: a long game does not keep every state alive through its notes.
    expect(predecessorOf(s2)).toBeUndefined();
    expect(predecessorOf(s1)).toBeUndefined();
    expect(predecessorOf(s0)).toBeUndefined();
    // The note is not state: a copy (immer's next draft, a spread) does not carry it, nor does JSON.
    expect(cacheBox(s3)).toBeDefined();
    expect(cacheBox({ ...s3 })).toBeUndefined();
    expect(JSON.stringify(structuredClone(s3))).toBe(JSON.stringify(s3));
  });
});

describe('per-state caches do not keep earlier states alive (issue 17)', () => {
  it('after 300 actions of a self-play game, with their caches asked for, a full collection leaves only the newest state and its predecessor', async () => {
    // A full collection, precise where the young-generation one is not: the caches derived from the
    // previous state's once chained every state of a game to the next (each state's diff held its
    // predecessor), so a long game kept all its states alive.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const log = selfplayLogs()[0];
    const bundle = loadScenario(log.scenario);
    const refs: WeakRef<GameState>[] = [];
    const holder: { s: GameState } = { s: newGame(bundle, log.options).state };
    const step = (a: (typeof log.actions)[number]) => {
      const s = holder.s;
      const side = sideToAct(s);
      unitIndex(s); segmentMoves(s, bundle); stackViolations(s, bundle);
      if (side) sideView(s, bundle, side);
      const r = apply(s, a);
      if (!r.ok) throw new Error(r.error.message);
      holder.s = r.state;
      refs.push(new WeakRef(r.state));
    };
    for (const a of log.actions.slice(0, 300)) step(a);
    // WeakRefs keep their targets until the job ends. Collections in separate tasks, up to five: a
    // collection that finishes a marking already under way keeps what that marking found alive, and
    // under load (the whole suite in parallel) one state allocated during such a marking outlived two
    // back-to-back collections once (state 294 of 300). A chain that keeps states alive keeps them
    // through any number of collections, so the check still fails on one.
    const alive = () => refs.map((r, i) => (r.deref() ? i : -1)).filter((i) => i >= 0);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      gc();
      gc();
      if (alive().length <= 2) break;
    }
    expect(alive()).toEqual([refs.length - 2, refs.length - 1]);
  });
});
