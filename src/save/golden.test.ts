/**
 * Save format 2 (issue 14 item 7): golden saves of each scenario — a short and a complete game,
 * played by script (golden.ts) — still load, re-play to their recorded dice and state hashes, and
 * the complete ones end; a format 1 file is migrated by re-playing its actions (hotseat) or refused
 * with a message that says which version made it (play by e-mail).
 * If a change of rules or data is meant to change saved games, regenerate: `node scripts/golden-saves.mjs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listScenarios } from '../data/bundle';
import { canonHash } from './digest';
import { FORMAT_VERSION, loadSave, saveToText, toCompact } from '.';
import { generatedGame, newTestGame } from './testkit';

const DIR = 'tests/fixtures/saves';
const golden = readdirSync(DIR).filter((f) => f.endsWith('.neptune.json')).sort();

describe('golden saves (format 2)', { timeout: 180_000 }, () => {
  it('there is a short and a complete golden save of every scenario', () => {
    for (const s of listScenarios()) expect(golden, s.id).toEqual(expect.arrayContaining([`${s.id}-short.neptune.json`, `${s.id}-complete.neptune.json`]));
  });
  for (const f of golden) {
    it(`${f} loads and re-plays to its recorded dice and state hashes${f.includes('complete') ? ', to the end of the game' : ''}`, () => {
      const text = readFileSync(`${DIR}/${f}`, 'utf8');
      const r = loadSave(text);
      if (!r.ok) throw new Error(`${f}: ${r.error} — if this change of rules or data is intended, regenerate with node scripts/golden-saves.mjs`);
      expect(r.game.save.version).toBe(FORMAT_VERSION);
      expect(r.game.save.head).toBe(JSON.parse(text).head);
      if (f.includes('complete')) expect(r.game.state.over, `${f} ends`).toBeTruthy();
      else expect(r.game.save.entries.length).toBe(40);
    });
  }
});

describe('format 1 files', { timeout: 60_000 }, () => {
  it('a hotseat file of format 1 is migrated by re-playing its actions, and says so', () => {
    const g = generatedGame(40, 21, 'short');
    const v1 = JSON.parse(saveToText(g.save)) as { version: number; header: { engine: string }; entries: { prev: string }[]; head: string };
    v1.version = 1;
    v1.header.engine = '0.0.9';
    // Format 1 chained entry 0 to the hash of the header alone.
    let prev = canonHash(v1.header);
    for (const e of v1.entries) { e.prev = prev; prev = canonHash(e); }
    v1.head = prev;
    const r = loadSave(JSON.stringify(v1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual(['this save was made by save format 1 (Neptune engine 0.0.9): migrated to format 2 by re-playing its 40 actions under this Neptune\'s rules.']);
    expect(r.game.save.version).toBe(2);
    expect(r.game.hash).toBe(g.hash);
    expect(r.game.save.entries.map((e) => (e.kind === 'action' ? e.action : null))).toEqual(g.save.entries.map((e) => (e.kind === 'action' ? e.action : null)));
    // The compact form of format 1 too.
    const c = { ...toCompact(g.save), version: 1 } as Record<string, unknown>;
    delete c.seal;
    const rc = loadSave(JSON.stringify(c));
    expect(rc.ok && rc.game.hash).toBe(g.hash);
    // A format 2 file relabelled as format 1 does not pass as one: format 2 seals its version in the chain.
    const relabelled = JSON.parse(saveToText(g.save)) as { version: number };
    relabelled.version = 1;
    expect(loadSave(JSON.stringify(relabelled))).toMatchObject({ ok: false, code: 'chain', entry: 0 });
  });

  it('a play-by-e-mail file of format 1 is refused with a message that says which version made it', () => {
    const g = newTestGame('fast', 'short', 'v1');
    const v1 = JSON.parse(saveToText(g.save)) as { version: number; header: { engine: string; creator?: string } };
    v1.version = 1;
    v1.header.engine = '0.1.0';
    delete v1.header.creator;
    const r = loadSave(JSON.stringify(v1));
    expect(r).toMatchObject({ ok: false, code: 'format' });
    if (!r.ok) expect(r.error).toBe('this save was made by save format 1 (Neptune engine 0.1.0), for play by e-mail with fast dice. Play-by-e-mail games of format 1 cannot be continued by this Neptune (format 2: its dice protocol changed); finish the game with the Neptune that made it, or start a new one');
  });
});
