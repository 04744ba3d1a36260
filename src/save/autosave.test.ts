/** Autosave, saved-game list, file names and import safety (issue 7), on an in-memory store. */
import { describe, expect, it } from 'vitest';
import { gunzipSync, strFromU8 } from 'fflate';
import { stateHash, type Action } from '../engine';
import { appendAction, changesSince, saveToText, sealTurn, timeline } from '.';
import { autosaver, deleteSave, exportSave, fileName, importSaveFile, listSaves, memoryKv, readSave } from './autosave';
import { generatedGame, must, newTestGame, testChain } from './testkit';
import { unitList, unitOf, withUnits } from '../engine/unitTable';

const END: Action = { type: 'endSegment' };

describe('autosave and saved games', { timeout: 60_000 }, () => {
  it('autosave after every action; reading it back resumes exactly; the list shows date, scenario, turn, side to move', async () => {
    const kv = memoryKv();
    const times = ['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:01.000Z', '2026-11-21T10:00:02.000Z', '2026-11-21T10:00:03.000Z'];
    let t = 0;
    const auto = autosaver(kv, () => times[Math.min(t++, times.length - 1)]);
    let g = newTestGame();
    for (const a of [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, { type: 'roll', dice: '1d10', purpose: 'x' }] as Action[]) {
      g = must(appendAction(g, a));
      auto.save(g);
    }
    await auto.flush();
    const list = await listSaves(kv);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: g.save.header.game, scenario: 'demo', scenarioName: expect.stringContaining('Demonstration'), turn: 1, sideToMove: 'allied', entries: 3, dice: 'hotseat' });
    expect(list[0].savedAt).toMatch(/^2026-11-21T10:00/);
    const back = await readSave(g.save.header.game, kv);
    expect(back.ok && stateHash(back.game.state)).toBe(stateHash(g.state));
    await deleteSave(g.save.header.game, kv);
    expect(await listSaves(kv)).toEqual([]);
  });

  it('the download is named <scenario>-<turn>-<side>.neptune.json and re-imports', async () => {
    const g = generatedGame(30, 2, 'short');
    expect(fileName(g)).toMatch(/^demo-\d+-(allied|german)\.neptune\.json$/);
    const f = exportSave(g);
    expect(f.name).toBe(fileName(g));
    const z = exportSave(g, true);
    expect(z.name.endsWith('.neptune.json.gz')).toBe(true);
    expect(JSON.parse(strFromU8(gunzipSync(z.data as Uint8Array))).encoding).toBe('compact'); // the small form (issue 7: ≤ 50 KB per game)
    const kv = memoryKv();
    const r = await importSaveFile(z.data as Uint8Array, null, null, kv);
    expect(r.ok && stateHash(r.game.state)).toBe(stateHash(g.state));
    expect((await listSaves(kv)).map((s) => s.id)).toEqual([g.save.header.game]);
  });

  it('a failed import never touches the current game or any autosave', async () => {
    const kv = memoryKv();
    const auto = autosaver(kv, () => '2026-11-21T10:00:00.000Z');
    const current = generatedGame(20, 4, 'short');
    auto.save(current);
    await auto.flush();
    const before = JSON.stringify([...kv.map.entries()]);
    const currentText = saveToText(current.save);
    const bad: (string | Uint8Array)[] = ['garbage', currentText.slice(0, 500), currentText.replace('"roll', '"rolL'), new Uint8Array([1, 2, 3]), saveToText(newTestGame().save)];
    for (const b of bad.slice(0, 4)) {
      const r = await importSaveFile(b, current, 'allied', kv);
      expect(r.ok).toBe(false);
    }
    expect(JSON.stringify([...kv.map.entries()])).toBe(before);
    // A valid file that is not a continuation of my PBEM game (an older copy) no longer replaces it
    // (issue 15: it is kept apart as a separate copy; backwards.test.ts): my game's key is untouched.
    const fast = must(sealTurn(newTestGame('fast', 'short', 'pb'), 'allied', testChain('pb-allied')));
    const later = must(appendAction(must(appendAction(fast, END)), { type: 'move', unit: 'demo-kosb', path: ['C4720'] }));
    const older = await importSaveFile(saveToText(fast.save), later, 'allied', kv);
    expect(older.ok && older.game.storeId).toMatch(/-copy-/);
    expect(kv.map.has(`save:${later.save.header.game}`)).toBe(false);
    expect(saveToText(current.save)).toBe(currentText);
  });
});

describe('replay timeline and "what changed since my last turn"', { timeout: 60_000 }, () => {
  it('steps through every entry with bookmarks at player-turn and phase starts', () => {
    const g = generatedGame(200, 6, 'short');
    const tl = timeline(g.save);
    expect(tl.length).toBe(g.save.entries.length + 1);
    expect(stateHash(tl.stateAt(tl.length - 1))).toBe(stateHash(g.state));
    expect(tl.bookmarks.some((b) => b.kind === 'phase' && b.label.includes('Combat'))).toBe(true);
    expect(tl.bookmarks.some((b) => b.kind === 'turn' && b.label.includes('German player turn'))).toBe(true);
    const from = Math.floor(g.save.entries.length / 2);
    const ch = changesSince(g.save, tl, from);
    expect(ch.entries).toBe(g.save.entries.length - from);
    expect(ch.rolls.length).toBe(g.save.entries.slice(from).reduce((n, e) => n + (e.kind === 'action' ? e.dice.length : 0), 0));
    const movedNow = unitList(g.state).filter((u) => unitOf(tl.stateAt(from), u.id).hex !== u.hex && !(u.eliminated && !unitOf(tl.stateAt(from), u.id).eliminated)).map((u) => u.id);
    expect(ch.moved.map((m) => m.unit).sort()).toEqual(movedNow.sort());
  });

  it('a unit eliminated since my last turn is listed under losses as eliminated, not as "Moved … → off map"', () => {
    const g = newTestGame();
    const a = g.state;
    const b = { ...a, units: withUnits(a.units, [{ ...unitOf(a, 'demo-kosb'), hex: null, eliminated: true }]) };
    const tl = { length: 2, stateAt: (k: number) => [a, b][k], events: [], labels: [], bookmarks: [] };
    const ch = changesSince(g.save, tl as unknown as Parameters<typeof changesSince>[1], 0);
    expect(ch.moved.map((m) => m.unit)).not.toContain('demo-kosb');
    expect(ch.losses).toContainEqual(expect.objectContaining({ unit: 'demo-kosb', eliminated: true }));
  });
});
