/** The worker's loop without a Worker (tests, environments without Worker): same messages. */
import { loadScenario } from '../data/bundle';
import { hasBundle, replay } from '../engine/game';
import { adoptState } from '../engine';
import { playSide } from './planner';
import type { FromWorker, ToWorker } from './protocol';

export async function runInThread(msg: Extract<ToWorker, { type: 'start' }>, post: (m: FromWorker) => void, stopped: () => boolean): Promise<void> {
  const t0 = performance.now();
  let count = 0;
  try {
    const scenario = msg.log?.scenario ?? msg.state?.scenario;
    if (!scenario) throw new Error('start needs a game log or a state');
    if (!hasBundle(scenario)) loadScenario(scenario);
    // A structured clone of the store's state (unitTable.ts `adoptState`).
    let state = msg.state && adoptState(msg.state);
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
