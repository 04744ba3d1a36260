/**
 * Issue 17: a file that continues the last file this thread checked is re-played from where that one
 * ended. Its result must be the full check's, and an edit anywhere must still be refused.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../engine';
import { compactToGzip, saveToText, type SaveFile, type SavedGame } from '.';
import { forgetCheckedFile, lastLoadResumedAt, loadSave } from './verify';
import { generatedGame, rechain } from './testkit';

/** The first `n` entries of a save, as the file a game of that length wrote. */
function prefix(save: SaveFile, n: number): SaveFile {
  return { ...save, entries: save.entries.slice(0, n), head: save.entries[n].prev };
}

function loaded(text: string | Uint8Array): SavedGame {
  const r = loadSave(text);
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

/** What a load gives, for comparing two loads of the same file. */
function outcome(g: SavedGame) {
  const rp = g.replayed!;
  return {
    save: saveToText(g.save), state: stateHash(g.state), hash: g.hash, track: JSON.stringify(g.track),
    events: JSON.stringify(rp.events), undo: rp.undo.map(([k, s]) => [k, stateHash(s)]),
    checkpoints: rp.checkpoints.map(([k, s]) => [k, stateHash(s)]), bookmarks: rp.bookmarks,
  };
}

describe('checking a file from the one checked before it', { timeout: 120_000 }, () => {
  const g = generatedGame(460, 13);
  const n = g.save.entries.length;
  const a = saveToText(prefix(g.save, 250));
  const b = saveToText(g.save);

  it('a file that continues the last one checked is re-played from its end, to the same game, events, undo states, kept states and bookmarks', () => {
    forgetCheckedFile();
    const cold = outcome(loaded(b));
    expect(lastLoadResumedAt()).toBe(0);
    forgetCheckedFile();
    loaded(a);
    expect(lastLoadResumedAt()).toBe(0);
    const warm = loaded(b);
    expect(lastLoadResumedAt()).toBe(250);
    expect(outcome(warm)).toEqual(cold);
    // The same file again: nothing left to re-play.
    expect(outcome(loaded(b))).toEqual(cold);
    expect(lastLoadResumedAt()).toBe(n);
    // A compact file is checked whole.
    loaded(compactToGzip(g.save));
    expect(lastLoadResumedAt()).toBe(0);
  });

  it('an edit before or after the shared part is refused, re-sealed or not; another game is checked whole', () => {
    const edited = (k: number, reseal: boolean): string => {
      const s = JSON.parse(b) as SaveFile;
      const e = s.entries.slice(k).find((x) => x.kind === 'action' && x.dice.length > 0)!;
      if (e.kind !== 'action') throw new Error('no roll');
      e.dice[0] = { ...e.dice[0], faces: e.dice[0].faces.map((f) => (f + 1) % 10), value: e.dice[0].value + 1 };
      return JSON.stringify(reseal ? rechain(s) : s);
    };
    for (const k of [10, 300]) for (const reseal of [false, true]) {
      forgetCheckedFile();
      loaded(a);
      const r = loadSave(edited(k, reseal));
      expect(r.ok, `edit at ${k}, ${reseal ? 're-sealed' : 'as it is'}`).toBe(false);
      // An edit in the shared part makes the file another one from that entry: nothing is taken as checked.
      if (k < 250) expect(lastLoadResumedAt()).toBe(0);
    }
    loaded(a);
    loaded(saveToText(generatedGame(60, 14).save));
    expect(lastLoadResumedAt()).toBe(0);
  });
});
