/**
 * AW 41.6.1: a German unit enters a hex of FoW paratroops only after an offensive PR check, so one
 * without an offensive PR may not enter it. The German movement by MP (AW 41.6.2, 41.10.0) offered such
 * a move anyway, and `apply` refused it. Found by the random-play property test over the US night drop.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, replay, sideToAct, type Action } from '../src/engine';
import { gMoveOptions } from '../src/engine/query';
import { effectivePr } from '../src/engine/rules/combatPr';

interface Fixture { scenario: string; options: { seed: string }; actions: Action[]; offered: { type: 'gMove'; unit: string; path: string[] } }
const fixture = JSON.parse(readFileSync(new URL('./fixtures/random-play/night-drop-us-gmove-fow-no-pr.json', import.meta.url), 'utf8')) as Fixture;

describe('German movement into FoW hexes (AW 41.6.1)', () => {
  it('AW 41.6.1: a unit without an offensive PR is not offered a move into a FoW hex; every move it is offered is accepted; the FoW move is refused with the case', () => {
    const bundle = loadScenario(fixture.scenario);
    const r = replay({ scenario: fixture.scenario, options: fixture.options, actions: fixture.actions });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const state = r.state;
    const unit = fixture.offered.unit;
    expect(sideToAct(state)).toBe('german');
    expect(effectivePr(state, bundle, unit, 'off').pr).toBeNull();
    const opts = gMoveOptions(state, bundle, unit, 'german');
    expect('moves' in opts).toBe(true);
    if (!('moves' in opts)) return;
    // It moves by MP (AW 41.6.2), but not into the FoW hex.
    expect('mp' in opts.allowance).toBe(true);
    expect(opts.moves.map((m) => (m.action as { path: string[] }).path.at(-1))).not.toContain(fixture.offered.path.at(-1));
    const offered = legalActions(state, 'german').filter((a) => a.type === 'gMove' && (a as { unit: string }).unit === unit);
    expect(offered).toEqual(opts.moves.map((m) => m.action));
    for (const a of offered) expect(apply(state, a).ok, JSON.stringify(a)).toBe(true);
    const refused = apply(state, fixture.offered);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('no-pr');
      expect(refused.error.case).toContain('AW 41.6');
    }
  });
});
