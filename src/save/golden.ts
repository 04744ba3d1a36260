/**
 * Golden saves (issue 14 item 7): for each scenario a short game and a complete one, played by a
 * script (legal actions chosen by a seeded PRNG, segments ended often enough that the game runs to
 * its end), written by `node scripts/golden-saves.mjs` to tests/fixtures/saves/ and
 * checked by golden.test.ts: each still loads, re-plays to its recorded state hashes, and the
 * complete ones end in the recorded result. Not used by the app.
 */
import { legalActions, sideToAct, type Action } from '../engine';
import { listScenarios } from '../data/bundle';
import { appendAction, createSave } from './build';
import { saveToText } from './codec';
import { fakeRandom, must, pick } from './testkit';
import type { SavedGame } from './verify';

const END: Action = { type: 'endSegment' };

/** Plays `scenario` by script: `endPct` % of the time the segment is ended first, otherwise a random legal action. */
export function scriptedGame(scenario: string, length: string | undefined, seed: number, maxEntries: number, endPct: number): SavedGame {
  let g = must(createSave({ scenario, ...(length ? { length } : {}), players: { allied: 'Golden A', german: 'Golden G' }, seed: `golden-${scenario}-${seed}`, random: fakeRandom(`golden-${scenario}-${seed}`) }));
  const rnd = pick(seed);
  while (!g.state.over && g.save.entries.length < maxEntries) {
    if (!g.state.pending && rnd(100) < endPct) {
      const r = appendAction(g, END);
      if (r.ok) { g = r.game; continue; }
    }
    const side = sideToAct(g.state);
    if (!side) break;
    const legal = legalActions(g.state, side).filter((a) => a.type !== 'diceKey' && a.type !== 'roll');
    const others = legal.filter((a) => a.type !== 'endSegment');
    const order = others.length ? [others[rnd(others.length)], ...others, END] : [END];
    let done = false;
    for (const a of order) {
      const r = appendAction(g, a);
      if (r.ok) { g = r.game; done = true; break; }
    }
    if (!done) throw new Error(`${scenario}: no action accepted at entry ${g.save.entries.length}`);
  }
  return g;
}

/** The golden saves: `<scenario>-short` (the opening 40 entries) and `<scenario>-complete` (the first length, to its end). */
export function goldenSaves(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const s of listScenarios()) {
    out.push({ name: `${s.id}-short`, text: saveToText(scriptedGame(s.id, undefined, 1, 40, 30).save) });
    out.push({ name: `${s.id}-complete`, text: saveToText(scriptedGame(s.id, undefined, 2, 20_000, 90).save) });
  }
  return out;
}
