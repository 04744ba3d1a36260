/** The opponent with the AW 20.0 standard air rules: it answers the AP allocation and flies full GS missions. */
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame } from '../engine/game';
import type { Action, ActionOf, GameState } from '../engine/types';
import { at, hx, toSegment } from '../engine/rules/combat.fixture';
import { airFixture } from '../engine/rules/airPower.fixture';
import { chooseAction } from './planner';
import { bestMission } from './combat';
import { makeCtx } from './context';

const bundle = () => airFixture({ units: [{ id: 'a1', side: 'allied', hex: at(7, 4) }, { id: 'g1', side: 'german', hex: at(8, 4) }, { id: 'a2', side: 'allied', hex: at(2, 4) }] });

const ok = (s: GameState, a: Action): GameState => { const r = apply(s, a); if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`); return r.state; };

describe('the opponent with the AW 20.0 standard air rules', () => {
  it('AW 20.1.1: as the Allies it answers each force\'s allocation with the engine\'s first offer, all AP to GS by where its units are', () => {
    const b = bundle();
    let s = newGame(b, { seed: 'air-ai' }).state;
    const first = legalActions(s, 'allied')[0] as ActionOf<'allocateAir'>;
    const a = chooseAction(s, 'allied', { level: 'fast', budgetMs: 600_000 }) as ActionOf<'allocateAir'>;
    expect(a).toEqual(first);
    // One Allied unit in each of the fixture's two northern sectors: all US AP to the US northern sector.
    expect(a).toEqual({ type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} });
    s = ok(s, a);
    const cw = chooseAction(s, 'allied', { level: 'fast', budgetMs: 600_000 }) as ActionOf<'allocateAir'>;
    expect(cw).toEqual({ type: 'allocateAir', force: 'CW', gs: { 'cw-north': 40 }, gi: {} });
    expect(ok(s, cw).pending ?? null).toBeNull();
  });

  it('AW 20.2.1: its mission against a German unit carries the most GS AP one GS mission takes (3 in clear weather)', () => {
    const b = bundle();
    let s = newGame(b, { seed: 'air-ai' }).state;
    s = ok(s, { type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} } as Action);
    s = ok(s, { type: 'allocateAir', force: 'CW', gs: { 'cw-north': 40 }, gi: {} } as Action);
    s = toSegment(s, b, 'offensiveFs');
    const m = bestMission(makeCtx(s, 'allied', { level: 'fast', budgetMs: 600_000 }), s, hx(8, 4), []);
    expect(m?.action).toMatchObject({ type: 'fireMission', spotter: 'a1', air: 3 });
  });
});
