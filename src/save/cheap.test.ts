/**
 * Issue 15 hole 6: cheap checks before re-simulation (entry count against the game's length, the
 * seal), and a loader that yields, reports progress and can be cancelled.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import { appendAction, compactToGzip, loadSave, loadSaveAsync, maxEntries, saveToText, type LoadProgress } from '.';
import { generatedGame, hostileCompactFile, must, newTestGame } from './testkit';

const phases = async (input: unknown) => {
  const seen: LoadProgress[] = [];
  const r = await loadSaveAsync(input, { sliceMs: 0, onProgress: (p) => seen.push(p) });
  return { r, replayed: seen.filter((p) => p.phase === 'replaying').length };
};

describe('cheap checks before re-playing (issue 15 hole 6)', { timeout: 60_000 }, () => {
  it('a 200,000-entry hostile file (compact free rolls, wrong seal) is refused by its entry count, without re-playing', async () => {
    const file = hostileCompactFile();
    expect(file.length).toBeLessThan(100_000);
    const t0 = performance.now();
    const { r, replayed } = await phases(file);
    const ms = performance.now() - t0;
    expect(r).toMatchObject({ ok: false, code: 'format' });
    if (!r.ok) expect(r.error).toMatch(/^the file has 200,000 log entries, more than a game of this length can have \(at most \d[\d,]* for 3 game turns\): it was not made by playing$/);
    expect(replayed).toBe(0);
    expect(ms).toBeLessThan(5000); // ≈ 0.3 s on the dev machine; the browser test bounds the main thread
  });

  it('a compact file with a wrong seal is refused before any entry is re-played, whatever its length', async () => {
    const g = newTestGame('hotseat', 'short', 'seal');
    expect(maxEntries(g.state)).toBe(16_000);
    const small = hostileCompactFile(500, 'seal');
    const { r, replayed } = await phases(small);
    expect(r).toMatchObject({ ok: false, code: 'chain' });
    if (!r.ok) expect(r.error).toMatch(/its seal does not match its contents \(checked before re-playing/);
    expect(replayed).toBe(0);
  });

  it('a full file whose end seal is wrong is refused before re-playing; a good one re-plays with progress', async () => {
    const g = generatedGame(300, 3, 'short');
    const text = saveToText(g.save);
    const cut = JSON.parse(text) as { head: string };
    cut.head = 'ab'.repeat(32);
    const bad = await phases(JSON.stringify(cut));
    expect(bad.r).toMatchObject({ ok: false, code: "chain", entry: g.save.entries.length - 1 });
    expect(bad.replayed).toBe(0);
    const good = await phases(text);
    expect(good.r.ok && good.r.game.save.head).toBe(g.save.head);
    expect(good.replayed).toBeGreaterThan(2);
    const z = await phases(compactToGzip(g.save));
    expect(z.r.ok && z.r.game.save.head).toBe(g.save.head);
  });

  it('the sliced loader can be cancelled and gives the same result as loadSave', async () => {
    const g = must(appendAction(newTestGame('hotseat', 'short', 'cx'), { type: 'endSegment' } as Action));
    const big = generatedGame(400, 5, 'short');
    let polls = 0;
    const r = await loadSaveAsync(saveToText(big.save), { sliceMs: 0, cancelled: () => ++polls > 2 });
    expect(r).toMatchObject({ ok: false, code: 'cancelled' });
    const a = await loadSaveAsync(saveToText(g.save));
    const b = loadSave(saveToText(g.save));
    expect(a.ok && b.ok && a.game.save.head === b.game.save.head).toBe(true);
  });
});
