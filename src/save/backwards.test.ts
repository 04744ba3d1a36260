/**
 * Issue 15 hole 7: saves never go backwards silently. Importing a file older than, or parting from,
 * the game stored in this browser keeps both: the stored game is untouched and the file opens as a
 * separate copy, with a message that says so.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import { appendAction, relate, saveToText, type SavedGame } from '.';
import { autosaver, importSaveFile, listSaves, memoryKv, readSave } from './autosave';
import { must, newTestGame } from './testkit';

const END: Action = { type: 'endSegment' };
const MOVE: Action = { type: 'move', unit: 'demo-kosb', path: ['C4720'] };
const play = (g: SavedGame, actions: Action[]) => { for (const a of actions) g = must(appendAction(g, a)); return g; };

async function storedWith(g: SavedGame) {
  const kv = memoryKv();
  const auto = autosaver(kv, () => '2026-11-26T10:00:00.000Z');
  auto.save(g);
  await auto.flush();
  return kv;
}

describe('saves never go backwards silently (issue 15 hole 7)', { timeout: 60_000 }, () => {
  it('an older export leaves the stored game unchanged and opens as a separate copy, saying so', async () => {
    const two = play(newTestGame('hotseat', 'short', 'back'), [END, MOVE]);
    const three = play(two, [{ type: 'roll', dice: '1d10', purpose: 'x' }]);
    const kv = await storedWith(three);
    const id = three.save.header.game;
    const before = kv.map.get(`save:${id}`);
    const r = await importSaveFile(saveToText(two.save), null, null, kv, () => '2026-11-26T11:00:00.000Z');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.notice).toBe('This file is older than the copy of this game stored in this browser (the file has 2 entries, the stored game 3). The stored game is kept unchanged; the file is opened as a separate copy, listed on its own under Saved games.');
    expect(r.game.save.entries).toHaveLength(2);
    expect(r.game.storeId).toMatch(new RegExp(`^${id}-copy-`));
    expect(kv.map.get(`save:${id}`)).toBe(before); // the stored game: 3 entries, untouched
    const stored = await readSave(id, kv);
    expect(stored.ok && stored.game.save.entries.length).toBe(3);
    const list = await listSaves(kv);
    expect(list.map((s) => s.entries).sort()).toEqual([2, 3]);
    expect(list.find((s) => s.entries === 2)?.note).toBe(r.notice);
    // Playing on in the copy autosaves the copy, never the stored game.
    const copy = await readSave(r.game.storeId!, kv);
    expect(copy.ok && copy.game.note).toBe(r.notice);
    if (!copy.ok) return;
    const auto = autosaver(kv, () => '2026-11-26T12:00:00.000Z');
    auto.save(play(copy.game, [END]));
    await auto.flush();
    expect(kv.map.get(`save:${id}`)).toBe(before);
    expect(JSON.parse(kv.map.get(`save:${r.game.storeId}`) as string).entries).toHaveLength(3);
  });

  it('a file that parts from the stored game is kept apart too; one that continues it replaces it', async () => {
    const base = play(newTestGame('hotseat', 'short', 'fork'), [END]);
    const mine = play(base, [MOVE]);
    const theirs = play(base, [{ type: 'move', unit: 'demo-kosb', path: ['C4620'] }, END]);
    expect(relate(mine.save, theirs.save)).toEqual({ relation: 'diverges', at: 1 });
    const kv = await storedWith(mine);
    const id = mine.save.header.game;
    const r = await importSaveFile(saveToText(theirs.save), null, null, kv);
    expect(r.ok && r.notice).toMatch(/^This file is a different course of this game than the copy stored in this browser: they agree on the first 1 entries, then part/);
    expect(JSON.parse(kv.map.get(`save:${id}`) as string).head).toBe(mine.save.head);
    const longer = play(mine, [END]);
    const c = await importSaveFile(saveToText(longer.save), null, null, kv);
    expect(c).toMatchObject({ ok: true, from: 2 });
    expect(c.ok && c.notice).toBeUndefined();
    expect(JSON.parse(kv.map.get(`save:${id}`) as string).head).toBe(longer.save.head);
  });
});
