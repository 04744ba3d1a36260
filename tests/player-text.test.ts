/**
 * Player-facing text (the brief: rule cases yes; internal names, seed line numbers and hashes no): every
 * event of the opponent's three self-play games, as the log panel words it, and every decision prompt and
 * end-of-segment refusal on the way, read without seed references, project files, class ids or unit ids.
 */
import { describe, expect, it } from 'vitest';
import { apply, endSegmentRefusal, newGame } from '../src/engine';
import { loadScenario } from '../src/data/bundle';
import { selfplayLogs } from '../src/bench/scale';
import { INTERNAL_TEXT, describeEvent, playerMessage } from '../src/ui/describe';

/** A unit id of the data ("88flak-coy-2", "iii-191-91", "1-12fj-iifjk-lw-aufkl-coy"): three or more kebab parts. */
const UNIT_ID = /\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b/;

describe('the log and the decision prompts of real games read as player text', () => {
  for (const log of selfplayLogs()) {
    it(`${log.scenario}: ${log.actions.length} actions, no internal reference in any event, prompt or refusal`, () => {
      const bundle = loadScenario(log.scenario);
      const bad = new Set<string>();
      let raw = 0;
      let { state } = newGame(bundle, log.options);
      for (const a of log.actions) {
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        for (const e of r.events) {
          if (e.type === 'dieRolled' && UNIT_ID.test(JSON.stringify(e))) raw++;
          const t = describeEvent(e, bundle);
          if (INTERNAL_TEXT.test(t) || UNIT_ID.test(t)) bad.add(t);
        }
        if (state.pending) {
          const t = playerMessage(state.pending.prompt, bundle);
          if (INTERNAL_TEXT.test(t) || UNIT_ID.test(t)) bad.add(t);
        } else if (!state.over) {
          // The tracker's "Not done yet: …" line.
          const why = endSegmentRefusal(state);
          const t = why ? `${playerMessage(why.message, bundle)} (${why.case})` : '';
          if (INTERNAL_TEXT.test(t) || UNIT_ID.test(t)) bad.add(t);
        }
      }
      // The engine's die purposes name units by id (what the words must turn into names).
      expect(raw).toBeGreaterThan(0);
      expect([...bad].slice(0, 10)).toEqual([]);
    }, 120_000);
  }
});
