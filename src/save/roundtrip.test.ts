import { describe, expect, it } from 'vitest';
import { replay, stateHash, type Action } from '../engine';
import { canonicalJson } from '../engine/hash';
import { appendAction, createSave, entryHash, headerHash, loadSave, saveToGzip, saveToText, LIMITS, ENGINE_VERSION, type SaveFile } from '.';
import { generatedGame, must, newTestGame, rechain } from './testkit';
import { stateDigest } from "./digest";

const END: Action = { type: 'endSegment' };

describe('save file round trip (docs/save-format.md)', { timeout: 60_000 }, () => {
  it('save → text → load reproduces the state hash, the dice and the engine replay', { timeout: 30_000 }, () => {
    const g = generatedGame(300, 7);
    const t = saveToText(g.save);
    const r = loadSave(t);
    if (!r.ok) throw new Error(r.error);
    expect(stateHash(r.game.state)).toBe(stateHash(g.state));
    expect(r.game.save).toEqual(g.save);
    expect(r.warnings).toEqual([]);
    const e = replay({ scenario: 'demo', dataHash: g.save.header.dataHash, options: { seed: g.save.header.seed, length: g.save.header.length, players: g.save.header.players }, actions: g.save.entries.map((x) => (x as { action: Action }).action) });
    expect(e.ok && stateHash(e.state)).toBe(stateHash(g.state));
    const rolls = g.save.entries.flatMap((x) => (x.kind === 'action' ? x.dice : []));
    expect(rolls.length).toBeGreaterThan(50);
  });
  it('gzip and bytes load the same; gzip is much smaller', { timeout: 30_000 }, () => {
    const g = generatedGame(300, 8);
    const z = saveToGzip(g.save);
    const t = saveToText(g.save);
    expect(z.length).toBeLessThan(t.length / 2);
    for (const input of [z, z.buffer.slice(z.byteOffset, z.byteOffset + z.length), new TextEncoder().encode(t)]) {
      const r = loadSave(input);
      expect(r.ok && stateHash(r.game.state)).toBe(stateHash(g.state));
    }
  });
  it('the header holds format, engine and data versions, players and side assignment, and dice mode', () => {
    const g = newTestGame('fast');
    const h = JSON.parse(saveToText(g.save));
    expect(h.format).toBe('neptune-save');
    expect(h.version).toBe(2);
    expect(h.header).toMatchObject({ engine: ENGINE_VERSION, scenario: 'demo', players: { allied: 'Monty', german: 'Rommel' }, dice: 'fast' });
    expect(h.header.dataHash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('every entry links to the previous one, records its dice and the resulting stateHash', () => {
    let g = must(appendAction(newTestGame(), END));
    g = must(appendAction(g, { type: 'roll', dice: '2d10', purpose: 'GA KOSB' }));
    const [a, b] = g.save.entries;
    expect(a.prev).toBe(headerHash(g.save.header));
    expect(b.prev).toBe(entryHash(a));
    expect(g.save.head).toBe(entryHash(b));
    expect(b.kind === 'action' && b.dice).toEqual([expect.objectContaining({ purpose: 'GA KOSB', dice: '2d10' })]);
    expect(b.state).toBe(stateDigest(g.state));
  });
  it('a data version no Neptune had is refused, saying so without showing a hash (older ones: olderData.test.ts)', () => {
    const s: SaveFile = JSON.parse(saveToText(must(appendAction(newTestGame(), END)).save));
    s.header.dataHash = 'ab'.repeat(32);
    const r = loadSave(JSON.stringify(rechain(s)));
    expect(r).toMatchObject({ ok: false, code: 'data-version' });
    if (!r.ok) {
      expect(r.error).toContain('names rules data (map, counters or scenario tables) that no Neptune release this one knows had');
      expect(r.error).not.toContain('abababababab');
    }
  });
  it('an unknown scenario, a newer format and another engine version get clear messages', () => {
    const base: SaveFile = JSON.parse(saveToText(newTestGame().save));
    const unk = structuredClone(base); unk.header.scenario = 'goodwood-2099';
    expect(loadSave(JSON.stringify(rechain(unk)))).toMatchObject({ ok: false, code: 'scenario', error: expect.stringContaining('goodwood-2099') });
    expect(loadSave(JSON.stringify({ ...base, version: 3 }))).toMatchObject({ ok: false, error: expect.stringContaining('newer Neptune') });
    const old = structuredClone(base); old.header.engine = '0.0.1';
    const r = loadSave(JSON.stringify(rechain(old)));
    expect(r.ok && r.warnings[0]).toContain('engine 0.0.1');
  });
  it('malformed input gets a clear message', () => {
    const t = saveToText(generatedGame(20, 3).save);
    const cases: [unknown, RegExp][] = [
      ['', /not JSON/],
      [new Uint8Array(0), /empty/],
      ['hello', /not JSON/],
      [t.slice(0, t.length / 2), /truncated/],
      ['[1,2]', /not a Neptune save/],
      ['{"format":"neptune-save","version":2}', /does not follow the save format at header/],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x80]), /not text/],
      [saveToGzip(generatedGame(20, 3).save).slice(0, 40), /truncated|damaged/],
      [new Uint8Array(LIMITS.inputBytes + 1), /larger than/],
      [42, /nothing to load/],
    ];
    for (const [input, re] of cases) {
      const r = loadSave(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(re);
    }
  });
  it('a gzip bomb stops at the size limit', () => {
    const big = new Uint8Array(LIMITS.jsonChars + 1024).fill(32);
    const z = saveToGzipRaw(big);
    expect(z.length).toBeLessThan(LIMITS.inputBytes);
    expect(loadSave(z)).toMatchObject({ ok: false, error: expect.stringMatching(/expands to more than/) });
  }, 60_000);
  it('canonical entries: what is written is what is hashed (JSON round trip is stable)', () => {
    const g = generatedGame(50, 9);
    for (const e of g.save.entries) expect(canonicalJson(JSON.parse(JSON.stringify(e)))).toBe(canonicalJson(e));
  });
  it('createSave refuses an unknown scenario with a message', () => {
    expect(createSave({ scenario: 'nope' })).toMatchObject({ ok: false, code: 'scenario' });
  });
});

import { gzipSync } from 'fflate';
function saveToGzipRaw(b: Uint8Array): Uint8Array { return gzipSync(b, { level: 1 }); }
