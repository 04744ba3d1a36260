/**
 * A decision's answer is checked against the choices its procedure lists (procedures/stack.ts
 * `requireListed`). The answer arrives in its one spelling (unit sets sorted, issue 15); a procedure may
 * list a set in the order it found the units. Found by the random-play property test over Cherbourg: a
 * GOSS 13.3.2 defence naming two full-strength units was offered, then refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, replay, sideToAct, type Action } from '../src/engine';
import { requireListed } from '../src/engine/procedures/stack';
import { RuleViolation } from '../src/engine/rules/registry';

interface Fixture { scenario: string; options: { seed: string }; actions: Action[]; offered: Action }
const fixture = JSON.parse(readFileSync(new URL('./fixtures/random-play/cherbourg-ga-defend-two-full-strength.json', import.meta.url), 'utf8')) as Fixture;

describe('decision answers in any order of their unit sets (GOSS 13.3.2)', () => {
  it('GOSS 13.3.2: Cherbourg, a defence with two units at full strength (OhS), as offered and in the other order, is accepted and declared', () => {
    loadScenario(fixture.scenario);
    const r = replay({ scenario: fixture.scenario, options: fixture.options, actions: fixture.actions });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const state = r.state;
    expect(state.pending?.kind).toBe('gaDefend');
    const side = sideToAct(state)!;
    const offered = legalActions(state, side).filter((a) => a.type === 'gaDefend');
    expect(offered).toContainEqual(fixture.offered);
    const units = (fixture.offered as { fullStrength: string[] }).fullStrength;
    expect(units).toHaveLength(2);
    expect([...units].sort()).not.toEqual(units); // listed in an order that is not the sorted one
    for (const fullStrength of [units, [...units].reverse()]) {
      const a = apply(state, { ...fixture.offered, fullStrength } as Action);
      expect(a.ok, a.ok ? '' : a.error.message).toBe(true);
      if (!a.ok) continue;
      const declared = a.events.find((e) => e.type === 'gaDefenceDeclared') as { fullStrength: string[] } | undefined;
      expect(declared?.fullStrength).toEqual([...units].sort());
    }
    // Every offered answer is accepted (docs/engine.md: legalActions).
    for (const o of offered) expect(apply(state, o).ok, JSON.stringify(o)).toBe(true);
  });

  it('GOSS 13.3.2: an answer that is not among the listed choices is still refused, in either order', () => {
    const listed: Action[] = [{ type: 'gaDefend', line: 3, standoff: [], fullStrength: ['inf-coy-226-2', '561-ost-btn'] } as Action];
    expect(() => requireListed(listed, { type: 'gaDefend', line: 3, fullStrength: ['561-ost-btn', 'inf-coy-226-2'] } as Action, 'gaDefend', 'GOSS 13.3.2')).not.toThrow();
    for (const fs of [['561-ost-btn', 'x-coy'], ['x-coy', '561-ost-btn']]) {
      expect(() => requireListed(listed, { type: 'gaDefend', line: 3, fullStrength: fs } as Action, 'gaDefend', 'GOSS 13.3.2')).toThrow(RuleViolation);
    }
    expect(() => requireListed(listed, { type: 'gaDefend', line: 2, fullStrength: ['561-ost-btn', 'inf-coy-226-2'] } as Action, 'gaDefend', 'GOSS 13.3.2')).toThrow(RuleViolation);
  });
});
