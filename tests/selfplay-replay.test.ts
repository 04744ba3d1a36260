import { describe, expect, it } from 'vitest';
import { apply, newGame, stateHash } from '../src/engine';
import { loadScenario } from '../src/data/bundle';
import { selfplayLogs } from '../src/bench/scale';

// Engine optimisations keep every outcome (issue 17): the opponent's own games (recorded by
// tools/bench/selfplay-logs.mjs before the supply search, supply sources and victory checks were made
// faster) replay to the same state hash every 250 actions and at the end.
describe('replays of the opponent’s self-play games are unchanged by the optimisations', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario} (${log.options.length}, seed ${log.options.seed}): ${log.actions.length} actions, same state hashes`, () => {
      let { state } = newGame(loadScenario(log.scenario), log.options);
      const seen: Record<string, string> = {};
      log.actions.forEach((a, i) => {
        const r = apply(state, a);
        if (!r.ok) throw new Error(`action ${i} refused: ${r.error.message}`);
        state = r.state;
        if (log.hashes?.[i + 1]) seen[i + 1] = stateHash(state);
      });
      expect(Object.keys(log.hashes ?? {}).length).toBeGreaterThan(1);
      expect(seen).toEqual(log.hashes);
    }, 300_000);
  }
});
