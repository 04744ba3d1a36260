/**
 * Issue 7 acceptance: ≥ 1,000 malformed inputs never throw out of the loader and never change the
 * current game (the loader and importTurn are handed a deep-frozen game and must leave it as it was).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gzipSync, strToU8 } from 'fflate';
import { importTurn, loadSave, saveToGzip, saveToText, stateDigest, type SavedGame } from '.';
import { generatedGame } from './testkit';

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) { Object.freeze(o); for (const v of Object.values(o)) deepFreeze(v); }
  return o;
}

describe('malformed input never throws and never touches the current game', { timeout: 60_000 }, () => {
  const current: SavedGame = deepFreeze(generatedGame(40, 5, 'short'));
  const snapshot = saveToText(current.save) + stateDigest(current.state);
  const text = saveToText(current.save);
  const gz = saveToGzip(current.save);
  const json = JSON.parse(text);

  const truncatedText = fc.integer({ min: 0, max: text.length - 3 }).map((n) => text.slice(0, n));
  const truncatedGzip = fc.integer({ min: 0, max: gz.length - 1 }).map((n) => gz.slice(0, n));
  const corruptedGzip = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([i, x]) => { const b = gz.slice(); b[10 + (i % (b.length - 10))] ^= x; return b; });
  const wrongSubtree = fc.tuple(fc.nat(), fc.jsonValue()).map(([i, v]) => {
    const o = structuredClone(json);
    const slots: [Record<string, unknown>, string][] = [];
    const walk = (x: unknown) => { if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) { slots.push([x as Record<string, unknown>, k]); walk(y); } };
    walk(o);
    const [parent, key] = slots[i % slots.length];
    if (JSON.stringify(parent[key]) === JSON.stringify(v)) parent[key] = [v];
    else parent[key] = v;
    return JSON.stringify(o);
  });
  const garbageGzip = fc.string().map((s) => gzipSync(strToU8(s)));
  const bytesWithMagic = fc.uint8Array({ maxLength: 400 }).map((b) => Uint8Array.from([0x1f, 0x8b, ...b]));

  const inputs = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }),
    bytesWithMagic,
    fc.string({ maxLength: 500 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.json(),
    fc.anything(),
    truncatedText,
    truncatedGzip,
    corruptedGzip,
    wrongSubtree,
    garbageGzip,
  );

  it('1,500 generated malformed inputs: a refusal with a message, no exception, current game unchanged', () => {
    let refused = 0;
    fc.assert(fc.property(inputs, (input) => {
      let r: ReturnType<typeof loadSave>;
      let t: ReturnType<typeof importTurn>;
      try {
        r = loadSave(input);
        t = importTurn(current, input, 'german');
      } catch (e) {
        throw new Error(`the loader threw: ${String(e)}`);
      }
      expect(r.ok).toBe(false);
      expect(t.ok).toBe(false);
      if (!r.ok) { expect(typeof r.error).toBe('string'); expect(r.error.length).toBeGreaterThan(10); expect(r.code).not.toBe('internal'); }
      refused++;
    }), { numRuns: 1500, seed: 44 });
    expect(refused).toBeGreaterThanOrEqual(1000);
    expect(saveToText(current.save) + stateDigest(current.state)).toBe(snapshot);
  }, 120_000);

  it('huge inputs are refused by size before parsing', () => {
    const huge = ' '.repeat(70 * 1024 * 1024);
    expect(loadSave(huge)).toMatchObject({ ok: false, error: expect.stringMatching(/larger than/) });
    expect(loadSave(new Uint8Array(17 * 1024 * 1024))).toMatchObject({ ok: false, error: expect.stringMatching(/larger than/) });
    const many = JSON.stringify({ ...json, entries: new Array(200_001).fill(0) });
    expect(loadSave(many)).toMatchObject({ ok: false, code: 'format', error: expect.stringMatching(/at most/) });
  }, 30_000);
});
