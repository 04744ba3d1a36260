/**
 * The full-form loader hashes every raw entry for the seal (docs/save-format.md, load step 3) and
 * re-playing reuses those hashes as the entries' hashes for action, anchor and commit entries
 * (verify.ts `step`'s `head`): that is sound only while those entries' schemas have no transform,
 * i.e. the parsed entry has the raw entry's canonical JSON. These tests fail if that stops holding.
 */
import { describe, expect, it } from 'vitest';
import { loadSave, saveToText, sealTurn, importTurn, appendAction, entryHash } from '.';
import { canonHash } from './digest';
import { SaveFile } from './format';
import { generatedGame, joinTest, must, newTestGame, testChain } from './testkit';

function rawAndParsed(text: string) {
  const raw = (JSON.parse(text) as { entries: unknown[] }).entries;
  const parsed = SaveFile.parse(JSON.parse(text)).entries;
  return { raw, parsed };
}

describe('save format: the seal pass hashes reused on re-play', { timeout: 60_000 }, () => {
  it('a hotseat log (moves, rolls, segment ends): each parsed entry hashes as its raw entry, and the verified head is the last entry\'s hash', () => {
    const text = saveToText(generatedGame(400, 7, 'long').save);
    const { raw, parsed } = rawAndParsed(text);
    for (let k = 0; k < raw.length; k++) expect(entryHash(parsed[k]), `entry ${k}`).toBe(canonHash(raw[k]));
    const r = loadSave(text);
    expect(r.ok && r.game.save.head).toBe(entryHash(parsed[parsed.length - 1]));
  });

  it('a fast-dice PBEM log (anchors, dice keys with chain proofs)', () => {
    let a = newTestGame('fast', 'short', 'seal');
    a = must(sealTurn(a, 'allied', testChain('seal-allied')));
    const b0 = joinTest(must(importTurn(null, saveToText(a.save), 'german')), 'german', 'seal');
    const b = must(sealTurn(b0, 'german', testChain('seal-german')));
    let g = must(importTurn(a, saveToText(b.save), 'allied'));
    g = must(appendAction(g, { type: 'endSegment' }));
    g = must(appendAction(g, { type: 'roll', dice: '2d10', purpose: 'GA on X' }));
    const text = saveToText(g.save);
    const { raw, parsed } = rawAndParsed(text);
    expect(parsed.map((e) => e.kind)).toContain('anchor');
    expect(parsed.some((e) => e.kind === 'action' && e.proof)).toBe(true);
    for (let k = 0; k < raw.length; k++) expect(entryHash(parsed[k]), `entry ${k}`).toBe(canonHash(raw[k]));
    const r = loadSave(text);
    expect(r.ok && r.game.save.head).toBe(g.save.head);
  });
});
