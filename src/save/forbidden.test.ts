/**
 * Issue 15 hole 5: a file with `__proto__` / `constructor` / `prototype` keys is refused with a clear
 * message, and a refused file never reaches the autosave (the stored game stays as it was).
 */
import { describe, expect, it } from 'vitest';
import { apply, type Action } from '../engine';
import { Action as LooseAction, appendAction, entryHash, loadSave, saveToText, stateDigest, type SaveFile } from '.';
import { importSaveFile, memoryKv, readSave } from './autosave';
import { forbiddenKeyPath } from './safeJson';
import { must, newTestGame } from './testkit';

const END: Action = { type: 'endSegment' };

/**
 * The forgery of issue 15: the action `{"type":"roll","__proto__":{"dice":"2d10",…}}`, with its dice
 * and state hash computed the way the loader of format 1 saw it (through the loose schema, which turns
 * the key into the object's prototype), and the chain re-sealed. Returns the text and whether the
 * engine accepted the forged action (it did: that is what made the file pass before).
 */
function forgedFile(): { text: string; stored: SaveFile; accepted: boolean } {
  const g = must(appendAction(newTestGame('hotseat', 'short', 'proto'), END));
  const raw = JSON.parse('{"type":"roll","__proto__":{"dice":"2d10","purpose":"GA on I/981"}}') as Action;
  const seen = LooseAction.parse(raw) as Action;
  const r = apply(g.state, seen);
  const entry = { i: 1, prev: g.save.head, by: 'allied' as const, state: r.ok ? stateDigest(r.state) : g.hash, kind: 'action' as const, action: raw, dice: r.ok ? r.rolls : [] };
  const save: SaveFile = { ...g.save, entries: [...g.save.entries, entry], head: entryHash(entry) };
  return { text: saveToText(save), stored: g.save, accepted: r.ok };
}

describe('files with __proto__ / constructor / prototype keys (issue 15 hole 5)', () => {
  it('the __proto__ file is refused with a clear message, and the stored game is intact', async () => {
    const { text, stored, accepted } = forgedFile();
    expect(accepted).toBe(false); // the engine's strict action schemas refuse the key too now (src/engine/actions); the file check refuses the file first, below
    expect(text).toContain('"__proto__"');
    const r = loadSave(text);
    expect(r).toMatchObject({ ok: false, code: 'malformed', entry: 1 });
    if (!r.ok) expect(r.error).toBe('the file contains a field named "__proto__" (in entry 1). Neptune never writes such a field and it could corrupt the stored game, so the file is refused: it was edited or made by another program');
    // The receiver's browser holds the game as it was before the forged entry.
    const kv = memoryKv();
    const game = must(loadSave(saveToText(stored)));
    await kv.setMany([[`save:${stored.header.game}`, saveToText(stored)]]);
    const before = new Map(kv.map);
    const imp = await importSaveFile(text, game, null, kv);
    expect(imp).toMatchObject({ ok: false });
    expect(kv.map).toEqual(before);
    const again = await readSave(stored.header.game, kv);
    expect(again.ok && again.game.save.head).toBe(stored.head);
  });

  it('constructor and prototype keys, nested or in the header, are refused too; the same words as values are fine', () => {
    const g = must(appendAction(newTestGame('hotseat', 'short', 'ctor'), END));
    const text = saveToText(g.save);
    const withKey = (k: string) => text.replace('"type":"endSegment"', `"type":"endSegment","x":{"${k}":1}`);
    for (const k of ['constructor', 'prototype', '__proto__']) {
      const r = loadSave(withKey(k));
      expect(r, k).toMatchObject({ ok: false, code: 'malformed', entry: 0 });
      if (!r.ok) expect(r.error).toContain(`"${k}"`);
    }
    const h = loadSave(text.replace('"players":{', '"players":{"constructor":"x",'));
    expect(h).toMatchObject({ ok: false, code: 'malformed' });
    if (!h.ok) expect(h.error).toContain('in the header');
    // An escaped spelling is the same key after parsing.
    expect(forbiddenKeyPath(JSON.parse('{"a":[{"\\u005f_proto__":1}]}'))).toBe('a[0].__proto__');
    expect(forbiddenKeyPath({ purpose: 'constructor', list: ['prototype'] })).toBeNull();
  });

  it('the app cannot record such an action either', () => {
    const g = newTestGame('hotseat', 'short', 'rec');
    const r = appendAction(g, JSON.parse('{"type":"endSegment","__proto__":{}}') as Action);
    expect(r).toMatchObject({ ok: false, code: 'malformed' });
  });
});
