/**
 * Issue 17: the opponent is sent the game's state, not its log (a log is re-played whole in the
 * worker at every turn and decision the opponent owes). A state arrives as a structured clone: the
 * opponent must play from it exactly as from the re-played log.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { hasBundle, replay, sideToAct, type Action, type GameLog } from '../engine';
import { loadScenario } from '../data/bundle';
import { runInThread } from './inThread';
import type { FromWorker } from './protocol';

async function played(msg: Parameters<typeof runInThread>[0]): Promise<Action[]> {
  const out: Action[] = [];
  let error = '';
  await runInThread(msg, (m: FromWorker) => { if (m.type === 'action') out.push(m.action); if (m.type === 'error') error = m.message; }, () => false);
  if (error) throw new Error(error);
  return out;
}

describe('the opponent from a state', { timeout: 120_000 }, () => {
  it('plays the same actions from a structured clone of the state as from the re-played log (Goodwood, the German side)', async () => {
    const full = JSON.parse(readFileSync('tests/fixtures/selfplay/goodwood-long-bench-1.json', 'utf8')) as GameLog;
    if (!hasBundle(full.scenario)) loadScenario(full.scenario);
    // The first point after the opening where the Germans are to act.
    let n = 40;
    for (; n < full.actions.length; n++) {
      const r = replay({ ...full, actions: full.actions.slice(0, n) });
      if (r.ok && sideToAct(r.state) === 'german') break;
    }
    const log = { ...full, actions: full.actions.slice(0, n) };
    const r = replay(log);
    if (!r.ok) throw new Error(r.error);
    // A budget no run reaches: the plans depend on the state only, not on the clock.
    const common = { type: 'start' as const, id: 1, side: 'german' as const, level: 'fast' as const, budgetMs: 1e9 };
    const fromLog = await played({ ...common, log });
    const clone = structuredClone(r.state);
    expect(Object.isFrozen(clone)).toBe(false);
    const fromState = await played({ ...common, state: clone });
    expect(fromLog.length).toBeGreaterThan(0);
    expect(fromState).toEqual(fromLog);
  });
});
