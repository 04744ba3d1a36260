/** AW 32.2.2 carpet bombing with fixed dice: DRMs, table, allocation, AS markers and their later effects. */
import { describe, expect, test } from 'vitest';
import { produce } from 'immer';
import { loadScenario } from '../../data/bundle';
import { newGame, apply } from '../game';
import type { Dice } from '../rng';
import type { GameEvent, GameState } from '../types';
import { carpetResult, generatesHalts, maFactor, runCarpetBombing } from './carpetBombing';
import { special } from './scenarioArea';
import { unitList, unitOf } from '../unitTable';

const bundle = loadScenario('goodwood');
const cb = special(bundle).carpetBombing!;
/** Dice that read the given faces in order (the rule rolls hexes in hex-id order). */
const fixed = (faces: number[] | ((purpose: string) => number)) => {
  let i = 0;
  return { rolls: [], d10: (p: string) => (typeof faces === 'function' ? faces(p) : faces[i++ % faces.length]) } as unknown as Dice;
};
/** A new game with the German setup (AW 32.11.0) finished as it stands: the bombing has run. */
function started(seed: string): { state: GameState; events: GameEvent[] } {
  const g = newGame(bundle, { seed });
  const r = apply(g.state, { type: 'finishSetup' });
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: [...g.events, ...r.events] };
}
/** The setup before the bombing: a fresh game whose German setup (AW 32.11.0) is still open, so nothing is bombed yet; closed by hand for the direct calls below. */
function setupState(): GameState {
  const fresh = structuredClone(newGame(bundle, { seed: 'cb' }).state);
  delete fresh.special;
  fresh.pending = null;
  delete fresh.beforePlay;
  return fresh;
}
function bomb(faces: number[] | ((p: string) => number)): { state: GameState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  const state = produce(setupState(), (d) => { events = runCarpetBombing(d, { bundle, dice: fixed(faces), side: null }); });
  return { state, events };
}
const hexEvent = (events: GameEvent[], hex: string) => events.find((e) => e.type === 'carpetBombingHex' && e.hex === hex) as unknown as { roll: number; modified: number; steps: number; drms: { drm: number }[]; units: string[] };

describe('AW 32.2.2 carpet bombing', () => {
  test('AW 32.2.2 the table: 0 no effect, 1-3 one step, 4-6 two, 7-9 three; below 0 reads as no effect', () => {
    expect([-5, -1, 0, 1, 3, 4, 6, 7, 9].map((m) => carpetResult(cb, m))).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
  });

  test('AW 32.2.2 every German-occupied hex of the box 5120-5125 to 5625-5620 is attacked, and only those', () => {
    const { events } = bomb([0]);
    const first = events[0] as unknown as { hexes: string[] };
    expect(first.hexes).toEqual(['C5120', 'C5122', 'C5125', 'C5223', 'C5320', 'C5321', 'C5325', 'C5424', 'C5520', 'C5521', 'C5522', 'C5523', 'C5524', 'C5620', 'C5622', 'C5624']);
  });

  test('AW 32.2.2 cumulative DRMs: C5122 has 2 steps (-1), a pure AFV StG Coy (-1) and an ET-3 (-2); a 6 becomes 2: one step lost', () => {
    const { state, events } = bomb((p) => (p.includes('C5122') ? 6 : 0));
    const e = hexEvent(events, 'C5122');
    expect(e.drms.map((x) => x.drm)).toEqual([-1, -1, -2]);
    expect([e.roll, e.modified, e.steps]).toEqual([6, 2, 1]);
    expect(unitOf(state, '2-200-21').stepsLost + unitOf(state, 'pzgd-coy-2').stepsLost).toBe(1);
  });

  test('AW 32.2.2 no DRM in C5622 (3 steps, no fieldworks): a 9 costs three steps, equalised over the units (GOSS 4.2.1)', () => {
    const { state, events } = bomb((p) => (p.includes('C5622') ? 9 : 0));
    expect(hexEvent(events, 'C5622')).toMatchObject({ roll: 9, modified: 9, steps: 3, drms: [] });
    // II/125/21 (-1 at setup: 2 steps left) and a one-step 88AT Coy: the Btn loses a step, then the Coy, then the Btn.
    expect(unitOf(state, 'ii-125-21').eliminated).toBe(true);
    expect(unitOf(state, '88at-coy-4').eliminated).toBe(true);
  });

  test('AW 32.2.2 ET-2 with an AFV in C5522: a 2 becomes -1, no effect, but the AS hit is placed', () => {
    const { state, events } = bomb((p) => (p.includes('C5522') ? 2 : 0));
    expect(hexEvent(events, 'C5522')).toMatchObject({ roll: 2, modified: -1, steps: 0 });
    expect(unitOf(state, '1-503').stepsLost).toBe(0);
    expect(unitOf(state, '1-503').markers).toEqual(['AS', 'AS-blue']);
  });

  test('AW 32.2.2 units outside the box and Allied units get nothing', () => {
    const { state } = bomb([9]);
    expect(unitOf(state, 'i-32-16lw').markers).toEqual([]);
    expect(unitOf(state, '3-rtr-29-11').markers).toEqual([]);
  });

  test('AW 32.2.2 bombed units generate no movement halts and have their MA halved while they keep the blue marker', () => {
    const { state } = bomb([0]);
    expect(generatesHalts(state, bundle, '1-503')).toBe(false);
    expect(maFactor(state, bundle, '1-503')).toBe(0.5);
    expect(generatesHalts(state, bundle, 'i-32-16lw')).toBe(true);
    expect(maFactor(state, bundle, 'i-32-16lw')).toBe(1);
  });

  test('AW 32.2.2 runs once, after the German setup (AW 32.11.0) and before the first Allied action, with its rolls in the events', () => {
    expect(newGame(bundle, { seed: 'once' }).events.some((e) => e.type === 'carpetBombing')).toBe(false);
    const g = started('once');
    expect(g.events.filter((e) => e.type === 'carpetBombing')).toHaveLength(1);
    expect(g.state.special?.bombed).toHaveLength(16);
    const r = apply(g.state, { type: 'endSegment' });
    expect(r.ok && r.events.some((e) => e.type === 'carpetBombing')).toBe(false);
  });

  test('AW 32.2.2 PR checks at the end of the July 18 AM German player turn, all markers gone at the end of the July 18 PM German player turn', () => {
    let { state } = started('pr');
    const prChecks: (GameEvent & { turn: number })[] = [];
    const removed: (GameEvent & { turn: number })[] = [];
    while (state.pos.turn < 2 && !state.over) {
      const r = apply(state, { type: 'endSegment' });
      if (!r.ok) throw new Error(r.error.message);
      prChecks.push(...r.events.filter((e) => e.type === 'prCheck').map((e) => ({ ...e, turn: state.pos.turn })));
      removed.push(...r.events.filter((e) => e.type === 'markersRemoved' && (e.markers as string[]).includes('AS-blue')).map((e) => ({ ...e, turn: state.pos.turn })));
      state = r.state;
    }
    expect(prChecks.length).toBeGreaterThan(0);
    expect(prChecks.every((e) => e.turn === 0)).toBe(true);
    for (const e of prChecks as unknown as { pr: number; roll: number; pass: boolean }[]) expect(e.pass).toBe(e.roll < e.pr);
    expect(removed).toHaveLength(1);
    expect(removed[0].turn).toBe(1);
    expect(unitList(state).some((u) => u.markers.includes('AS-blue'))).toBe(false);
  });
});
