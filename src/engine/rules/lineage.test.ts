import { describe, expect, it } from 'vitest';
import { freeze } from 'immer';
import { apply, newGame, sideToAct } from '../index';
import { loadScenario } from '../../data/bundle';
import { selfplayLogs } from '../../bench/scale';
import { HEX_COUNT } from '../hex';
import type { GameState, Side } from '../types';
import { sideView } from './movement-search';
import { segmentMoves } from './movement';
import { unitIndex } from './unitIndex';

// Issue 17: in a movement segment the mover's side view is derived from the previous state's
// (rules/lineage.ts) instead of being built over every unit. A derived view must be the view built
// whole: checked on the opponent's own games, against a copy of each state that has no predecessor.
describe('GOSS 7.7–7.8 side views derived from the previous state equal the views built whole', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: every derived view of the first 700 actions`, () => {
      const bundle = loadScenario(log.scenario);
      let { state } = newGame(bundle, log.options);
      let derived = 0;
      const wrong: string[] = [];
      for (const a of log.actions.slice(0, 700)) {
        const side = sideToAct(state) as Side | null;
        const before = side ? sideView(state, bundle, side) : null;
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        if (!side || !before) continue;
        const v = sideView(state, bundle, side);
        // A derived view shares the previous view's cover (what it does not recompute).
        if (v === before || v.coverAt !== before.coverAt) continue;
        derived++;
        const whole = sideView(freeze(structuredClone(state), true) as GameState, bundle, side);
        if (whole.coverAt === v.coverAt) wrong.push(`action ${state.n}: the copy's view was not built whole`);
        for (let h = 0; h < HEX_COUNT; h++) {
          if (v.flags[h] !== whole.flags[h]) wrong.push(`action ${state.n} hex ${h}: flags ${v.flags[h]}, built ${whole.flags[h]}`);
          else if (v.flags[h] && v.coverAt(h) !== whole.coverAt(h)) wrong.push(`action ${state.n} hex ${h}: cover ${v.coverAt(h)}, built ${whole.coverAt(h)}`);
        }
        if (JSON.stringify([v.noSlide, v.enemyHexes, v.night]) !== JSON.stringify([whole.noSlide, whole.enemyHexes, whole.night])) wrong.push(`action ${state.n}: enemy hexes or works`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(derived).toBeGreaterThan(50);
    }, 300_000);
  }
});

// The same for who has moved this segment (GOSS 7.1, AW 31.2.1), derived from the previous state's answer.
describe('GOSS 7.1 who has moved this segment, derived from the previous state, equals the count over every unit', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: the first 700 actions`, () => {
      const bundle = loadScenario(log.scenario);
      let { state } = newGame(bundle, log.options);
      const wrong: string[] = [];
      let nonEmpty = 0;
      for (const a of log.actions.slice(0, 700)) {
        segmentMoves(state, bundle);
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        const m = segmentMoves(state, bundle);
        const whole = segmentMoves(freeze(structuredClone(state), true) as GameState, bundle);
        if (m.moved.size) nonEmpty++;
        const show = (x: typeof m) => JSON.stringify([x.last, x.lastSeq, [...x.moved].sort(), [...x.paMoved].sort()]);
        if (show(m) !== show(whole)) wrong.push(`action ${state.n}: ${show(m)}, counted ${show(whole)}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(nonEmpty).toBeGreaterThan(50);
    }, 300_000);
  }
});

// The unit index (where the units are), derived from the previous state's when no unit came or went.
describe('the unit index derived from the previous state equals the index built over every unit', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: the first 700 actions`, () => {
      const bundle = loadScenario(log.scenario);
      let { state } = newGame(bundle, log.options);
      const wrong: string[] = [];
      let derived = 0;
      const show = (ix: ReturnType<typeof unitIndex>) => JSON.stringify([ix.live.map((u) => u.id), [...ix.byHex].sort((a, b) => a[0] - b[0]).map(([h, l]) => [h, l.map((u) => u.id)])]);
      for (const a of log.actions.slice(0, 700)) {
        unitIndex(state);
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        const ix = unitIndex(state);
        if (ix.at) derived++;
        const whole = unitIndex(freeze(structuredClone(state), true) as GameState);
        if (show(ix) !== show(whole)) wrong.push(`action ${state.n}`);
        // Derived lists hold the state's own unit records.
        if (ix.live.some((u) => state.units[u.id] !== u)) wrong.push(`action ${state.n}: a unit record of another state`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(derived).toBeGreaterThan(100);
    }, 300_000);
  }
});
