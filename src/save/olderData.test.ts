/**
 * Saves of an older data version (issue 18: the map's lattice was widened, so every internal hex
 * number and every state hash changed). A hotseat save or autosave of an older data version of the
 * same scenario is brought up to date by re-playing its actions (they name hexes by printed ID);
 * an edited one is still refused; a play-by-e-mail file is refused with a message for both players.
 * tests/fixtures/saves-older/ holds golden saves recorded before the widening.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listScenarios, loadScenario } from '../data/bundle';
import { loadSave, toCompact, type SaveFile } from '.';
import { importSaveFile, listSaves, memoryKv, readSave } from './autosave';
import { dataVersions, knownDataVersion } from './dataVersions';
import { newTestGame, rechain } from './testkit';

const OLDER = 'tests/fixtures/saves-older';
const older = (name: string) => readFileSync(`${OLDER}/${name}.neptune.json`, 'utf8');
const current = (name: string) => readFileSync(`tests/fixtures/saves/${name}.neptune.json`, 'utf8');
const HASHY = /[0-9a-f]{12}/;

describe('saves of an older data version', { timeout: 120_000 }, () => {
  it('every scenario\'s current data version is recorded (node scripts/golden-saves.mjs adds it), after its older ones', () => {
    for (const s of listScenarios()) {
      const h = loadScenario(s.id).dataHash;
      expect(knownDataVersion(s.id, h), `${s.id}: run node scripts/golden-saves.mjs`).toBe(true);
      expect(dataVersions(s.id).at(-1), s.id).toBe(h);
    }
  });

  for (const name of ['epsom-short', 'goodwood-complete']) {
    it(`${name} of the data before the widened lattice opens, brought up to date: the same game as the current golden save, with a notice`, () => {
      const text = older(name);
      const old = JSON.parse(text) as SaveFile;
      expect(old.header.dataHash).not.toBe(loadScenario(old.header.scenario).dataHash);
      const r = loadSave(text);
      if (!r.ok) throw new Error(r.error);
      const n = old.entries.length;
      const notice = `This game was saved with older rules data (Neptune engine ${old.header.engine}) and was brought up to date with the current rules data: ${n} actions re-played.`;
      expect(r.warnings).toEqual([notice]);
      expect(r.game.notice).toBe(notice);
      expect(r.game.save.header).toEqual({ ...old.header, dataHash: loadScenario(old.header.scenario).dataHash });
      // The scripted game chose the same actions on the current data: re-played, it is that golden save, entry for entry.
      const now = loadSave(current(name));
      if (!now.ok) throw new Error(now.error);
      expect(r.game.save).toEqual(now.game.save);
      expect(r.game.hash).toBe(now.game.hash);
      // The compact form too.
      const c = loadSave(JSON.stringify(toCompact(old)));
      expect(c.ok && c.game.save.head).toBe(now.game.save.head);
    });
  }

  it('an edited save of an older data version is still refused: an edited entry breaks its chain, a re-sealed illegal action is named with its rule, a data version no Neptune had is refused without a hash', () => {
    const old = JSON.parse(older('epsom-short')) as SaveFile;
    const k = 5;
    const e = old.entries[k];
    if (e.kind !== 'action' || e.action.type !== 'move') throw new Error('fixture: entry 5 is a move');
    const edited = structuredClone(old);
    (edited.entries[k] as typeof e).action = { ...e.action, path: ['C4719'] };
    expect(loadSave(JSON.stringify(edited))).toMatchObject({ ok: false, code: 'chain', entry: k + 1 });
    const resealed = loadSave(JSON.stringify(rechain(edited)));
    expect(resealed).toMatchObject({ ok: false, code: 'rules', entry: k });
    if (!resealed.ok) {
      expect(resealed.error).toBe(`this save of scenario "epsom" was written by Neptune engine ${old.header.engine} with older rules data (map, counters or scenario tables) and cannot be brought up to date with the current rules data: its entry 5 (move unit=196-73 path=["C4719"]) is refused by the current rules: C4719 is not adjacent to C3018: a unit moves hex by hex (GOSS 7.1). The save was not opened and is kept as it was.`);
      expect(resealed.error).not.toMatch(HASHY);
    }
    const unknown = structuredClone(old);
    unknown.header.dataHash = 'ee'.repeat(32);
    const u = loadSave(JSON.stringify(rechain(unknown)));
    expect(u).toMatchObject({ ok: false, code: 'data-version' });
    if (!u.ok) {
      expect(u.error).toContain('no Neptune release this one knows had');
      expect(u.error).not.toMatch(HASHY);
    }
  });

  it('a play-by-e-mail file of another data version is refused: both players need the same Neptune version (no hashes shown)', () => {
    const g = newTestGame('fast', 'short', 'olderdata');
    const s = JSON.parse(JSON.stringify(g.save)) as SaveFile;
    const [prev] = dataVersions('demo');
    expect(prev).not.toBe(s.header.dataHash);
    s.header.dataHash = prev;
    const r = loadSave(JSON.stringify(rechain(s)));
    expect(r).toMatchObject({ ok: false, code: 'data-version' });
    if (!r.ok) {
      expect(r.error).toContain('both players need the same Neptune version');
      expect(r.error).not.toMatch(HASHY);
    }
  });

  it('an autosave of an older data version reopens brought up to date; one the rules refuse is not opened and stays stored as it was', async () => {
    const kv = memoryKv();
    const old = JSON.parse(older('epsom-short')) as SaveFile;
    await kv.setMany([['save:a', older('epsom-short')]]);
    const r = await readSave('a', kv);
    expect(r.ok && r.game.notice).toMatch(/brought up to date with the current rules data: 40 actions re-played/);
    const bad = structuredClone(old);
    (bad.entries[5] as { action: object }).action = { ...(bad.entries[5] as { action: object }).action, path: ['C4719'] };
    const text = JSON.stringify(rechain(bad));
    await kv.setMany([['save:b', text]]);
    expect(await readSave('b', kv)).toMatchObject({ ok: false, code: 'rules', entry: 5 });
    expect(kv.map.get('save:b')).toBe(text);
  });

  it('importing the older-data file of a game this browser stores on that older version replaces it (compared by actions), not a separate copy; a shorter one is kept apart', async () => {
    const kv = memoryKv();
    const text = older('epsom-short');
    const old = JSON.parse(text) as SaveFile;
    const id = old.header.game;
    const head30 = structuredClone(old);
    head30.entries = head30.entries.slice(0, 30);
    head30.head = rechain(head30).head;
    await kv.setMany([[`save:${id}`, JSON.stringify(head30)], ['index', [{ id }]]]);
    const r = await importSaveFile(text, null, null, kv, () => '2026-11-26T23:00:00Z');
    expect(r).toMatchObject({ ok: true, from: 30 });
    if (!r.ok) return;
    expect(r.notice).toBeUndefined();
    expect(r.game.storeId).toBeUndefined();
    expect(JSON.parse(kv.map.get(`save:${id}`) as string).header.dataHash).toBe(loadScenario('epsom').dataHash);
    expect((await listSaves(kv)).map((x) => x.id)).toEqual([id]);
    // The first 30 entries of it, now older than the stored game: a separate copy, as for any older file.
    const back = await importSaveFile(JSON.stringify(head30), null, null, kv);
    expect(back).toMatchObject({ ok: true, from: 30, notice: expect.stringContaining('older than the copy of this game stored in this browser') });
  });
});
