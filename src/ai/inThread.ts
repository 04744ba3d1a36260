/** The worker's loop without a Worker (tests, environments without Worker): same messages. */
import { loadScenario } from '../data/bundle';
import { hasBundle, replay } from '../engine/game';
import { asTable } from '../engine/unitTable';
import { freezeNew } from '../engine/frozenProduce';
import type { GameState } from '../engine/types';
import { playSide } from './planner';
import type { FromWorker, ToWorker } from './protocol';

/**
 * A state sent to the worker, as the engine keeps one: a structured clone holds a plain object for the
 * unit table (unitTable.ts `asTable`) and nothing frozen; the per-state caches key on frozen tables.
 */
function adopted(s: GameState): GameState {
  if (Object.isFrozen(s)) return s;
  const own = { ...s, units: asTable(s.units) };
  freezeNew(own);
  return own;
}

export async function runInThread(msg: Extract<ToWorker, { type: 'start' }>, post: (m: FromWorker) => void, stopped: () => boolean): Promise<void> {
  const t0 = performance.now();
  let count = 0;
  try {
    const scenario = msg.log?.scenario ?? msg.state?.scenario;
    if (!scenario) throw new Error('start needs a game log or a state');
    if (!hasBundle(scenario)) loadScenario(scenario);
    let state = msg.state && adopted(msg.state);
    if (!state) {
      const r = replay(msg.log!);
      if (!r.ok) throw new Error(`the log does not replay: action ${r.index}: ${r.error}`);
      state = r.state;
    }
    for (const step of playSide(state, msg.side, { level: msg.level, budgetMs: msg.budgetMs })) {
      if (stopped()) return;
      count++;
      post({ type: 'action', id: msg.id, action: step.action, n: step.state.n });
      post({ type: 'progress', id: msg.id, progress: step.progress, label: step.label, actions: count });
      await new Promise((res) => setTimeout(res, 0));
    }
    post({ type: 'done', id: msg.id, actions: count, ms: performance.now() - t0 });
  } catch (e) {
    post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
  }
}
