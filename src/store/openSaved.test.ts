/**
 * Issue 17: opening a checked file does not re-play it a second time on the page's thread. The load
 * keeps what its re-play made (the events of each entry, the states undo goes back to) and the store
 * opens the game from that; what it shows must be exactly what a re-play of the save shows.
 */
import { describe, expect, it } from 'vitest';
import { stateHash, type Action } from '../engine';
import { appendAction, compactToGzip, loadSave, replayedOf, saveToText, timeline, timelineOf, type SavedGame } from '../save';
import { pick } from '../save/testkit';
import { generatedGame, must, newTestGame } from '../save/testkit';
import { useGame } from './game';

/** What the store shows of an opened game: the log's events and the undo stack (as files and state hashes). */
function opened(game: SavedGame) {
  useGame.getState().openSaved(game);
  const s = useGame.getState();
  const out = {
    entries: s.entries,
    undo: s.undoStack.map((g) => [saveToText(g.save), g.hash, stateHash(g.state)]),
    state: stateHash(s.state!),
  };
  useGame.getState().leave();
  return out;
}

function loaded(input: string | Uint8Array): SavedGame {
  const r = loadSave(input);
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

describe('opening a checked file from its own re-play', { timeout: 120_000 }, () => {
  it('a loaded game carries its re-play; the store opens it to the same log and undo stack as a re-play of the save', () => {
    // Rolls, moves and segment ends, then two moves after the last roll: an undo stack of two.
    let g = generatedGame(300, 3);
    g = must(appendAction(g, { type: 'endSegment' }));
    for (const a of [{ type: 'endSegment' }, { type: 'endSegment' }] as Action[]) g = must(appendAction(g, a));
    for (const form of [saveToText(g.save), compactToGzip(g.save)]) {
      const game = loaded(form);
      const rp = replayedOf(game);
      expect(rp).not.toBeNull();
      expect(rp!.events).toHaveLength(game.save.entries.length);
      const fromLoad = opened(game);
      const fromReplay = opened({ ...game, replayed: undefined });
      expect(fromLoad.entries.length).toBeGreaterThan(game.save.entries.length);
      expect(fromLoad).toEqual(fromReplay);
    }
  });

  it('the undo stack of a segment end and two moves since the last barrier comes from the load, to the very saves before each', () => {
    const g0 = must(appendAction(newTestGame(), { type: 'endSegment' }));
    const g1 = must(appendAction(g0, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }));
    const g2 = must(appendAction(g1, { type: 'move', unit: 'demo-kosb', path: ['C4721'] }));
    const game = loaded(saveToText(g2.save));
    // No barrier since the start (no roll, the same side): undo goes back over all three.
    expect(replayedOf(game)!.undo.map(([k]) => k)).toEqual([0, 1, 2]);
    const o = opened(game);
    expect(o.undo.at(-1)![0]).toBe(saveToText(g1.save));
    expect(o.undo.at(-2)![0]).toBe(saveToText(g0.save));
    expect(o).toEqual(opened({ ...game, replayed: undefined }));
  });

  it('a game played on from a loaded one, or one with a re-play of another save, is re-played when opened', () => {
    const game = loaded(saveToText(generatedGame(40, 5).save));
    const on = must(appendAction(game, { type: 'endSegment' }));
    expect(replayedOf(game)).not.toBeNull();
    expect(replayedOf(on)).toBeNull();
    // Even were the re-play carried along (a spread of the game), it is of another save object.
    expect(replayedOf({ ...on, replayed: game.replayed })).toBeNull();
    const other = loaded(saveToText(generatedGame(40, 6).save));
    expect(replayedOf({ ...game, replayed: other.replayed })).toBeNull();
    expect(opened(on).state).toBe(stateHash(on.state));
  });

  it("the replay's timeline of a loaded game (the VCR) is the re-play's: every step's state, in any order of asking, its events, labels and bookmarks", () => {
    const g = generatedGame(460, 7);
    for (const form of [saveToText(g.save), compactToGzip(g.save)]) {
      const game = loaded(form);
      expect(replayedOf(game)!.checkpoints.map(([k]) => k)).toEqual([0, 200, 400]);
      const lazy = timelineOf(game);
      // A re-play of another save object with the same entries: no cache shared with the lazy one.
      const full = timeline({ ...game.save });
      expect(lazy.length).toBe(full.length);
      expect(lazy.events).toEqual(full.events);
      expect(lazy.labels).toEqual(full.labels);
      expect(lazy.bookmarks).toEqual(full.bookmarks);
      // Forwards, backwards, across kept states, and random jumps.
      const rnd = pick(11);
      const order = [0, 1, 2, 199, 200, 201, 450, 300, 5, lazy.length - 1, lazy.length - 2, ...Array.from({ length: 40 }, () => rnd(lazy.length))];
      for (const k of order) expect(stateHash(lazy.stateAt(k)), `step ${k}`).toBe(stateHash(full.stateAt(k)));
    }
  });
});
