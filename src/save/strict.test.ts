/** Strict PBEM dice: commit → reveal → resolve over per-side hash chains (issue 7 acceptance). */
import { describe, expect, it } from 'vitest';
import { view, type Action } from '../engine';
import {
  appendAction, appendAnchor, appendCommit, appendReveal, chainAnchor, chainLink, chainStep, importTurn, loadSave,
  newChain, resolveCommitted, saveToText, strictKey, turnStatus, type SavedGame,
} from '.';
import { fakeRandom, must, newTestGame, rechain } from './testkit';

const END: Action = { type: 'endSegment' };

function play(g: SavedGame, actions: Action[]): SavedGame {
  for (const a of actions) g = must(appendAction(g, a));
  return g;
}
const label = (g: SavedGame) => view(g.state, 'allied').label;
const send = (g: SavedGame) => saveToText(g.save);

describe('strict mode dice (commit–reveal)', { timeout: 60_000 }, () => {
  const alliedChain = newChain(16, fakeRandom('allied-secret'));
  const germanChain = newChain(16, fakeRandom('german-secret'));

  it('the chain: each link hashes to the previous one, the anchor is link 0', () => {
    expect(chainStep(chainLink(germanChain, 1))).toBe(chainAnchor(germanChain));
    expect(chainStep(chainLink(germanChain, 16))).toBe(chainLink(germanChain, 15));
    expect(chainLink(germanChain, 16)).toBe(germanChain.secret);
  });

  it('a scripted two-player exchange of files (commit → reveal → resolve) completes a combat phase', () => {
    // File 1, Allied: creates the game and publishes its chain anchor.
    let A = newTestGame('strict', 'short', 'exchange', { side: 'allied', chain: alliedChain });
    // File 2, German: accepts and publishes its anchor.
    let B = must(importTurn(null, send(A), 'german'));
    B = must(appendAnchor(B, 'german', germanChain));
    // File 3, Allied: movement, attack designation; the Defensive FS Segment is German's.
    A = must(importTurn(A, send(B), 'allied'));
    A = play(A, [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, END, END]);
    expect(label(A)).toContain('Attack Designation');
    A = play(A, [END]);
    expect(turnStatus(A, 'allied').kind).toBe('send');
    // File 4, German: commits to its defensive fire (a roll, then end of segment).
    B = must(importTurn(B, send(A), 'german'));
    expect(label(B)).toContain('Defensive FS');
    expect(appendAction(B, { type: 'roll', dice: '1d10', purpose: 'DFS on KOSB' })).toMatchObject({ ok: false, code: 'dice' });
    B = must(appendCommit(B, [{ type: 'roll', dice: '1d10', purpose: 'DFS on KOSB' }, END], fakeRandom('salt-b')));
    expect(turnStatus(B, 'german').kind).toBe('waiting-reveal');
    expect(turnStatus(B, 'german').message).toMatch(/Waiting for Monty \(Allied\)'s reveal/);
    expect(appendAction(B, END)).toMatchObject({ ok: false, code: 'protocol' }); // no acting before the reveal
    // File 5, Allied: reveals link 1 of its chain.
    A = must(importTurn(A, send(B), 'allied'));
    expect(turnStatus(A, 'allied').kind).toBe('reveal');
    A = must(appendReveal(A, 'allied', alliedChain));
    // File 6, German: resolves its committed fire; the Offensive FS Segment is Allied's.
    B = must(importTurn(B, send(A), 'german'));
    expect(turnStatus(B, 'german').kind).toBe('resolve');
    B = must(resolveCommitted(B, 'german'));
    expect(label(B)).toContain('Offensive FS');
    // File 7, Allied: commits to offensive FS and the ground assault through the rest of the combat phase.
    A = must(importTurn(A, send(B), 'allied'));
    const batch: Action[] = [
      { type: 'roll', dice: '1d10', purpose: 'OFS on I/981' }, END, END,
      { type: 'roll', dice: '2d10', purpose: 'GA KOSB vs I/981' }, END,
    ];
    A = must(appendCommit(A, batch, fakeRandom('salt-a')));
    // File 8, German reveals; file 9, Allied resolves.
    B = must(importTurn(B, send(A), 'german'));
    B = must(appendReveal(B, 'german', germanChain));
    A = must(importTurn(A, send(B), 'allied'));
    A = must(resolveCommitted(A, 'allied'));
    expect(label(A)).toContain('Exploitation');
    A = play(A, [END]); // → Administrative phase (automatic) → German player turn
    expect(label(A)).toContain('German player turn');
    const rolls = A.save.entries.flatMap((e) => (e.kind === 'action' ? e.dice.map((d) => d.purpose) : []));
    expect(rolls).toEqual(['DFS on KOSB', 'OFS on I/981', 'GA KOSB vs I/981']);
    // Both sides' files verify from scratch, and German accepts Allied's final file.
    expect(loadSave(send(A)).ok).toBe(true);
    expect(importTurn(B, send(A), 'german').ok).toBe(true);
  });

  function committed(): { A: SavedGame; B: SavedGame } {
    let A = newTestGame('strict', 'short', 'forge', { side: 'allied', chain: alliedChain });
    let B = must(appendAnchor(must(importTurn(null, send(A), 'german')), 'german', germanChain));
    A = must(importTurn(A, send(B), 'allied'));
    A = play(A, [END]);
    A = must(appendCommit(A, [{ type: 'roll', dice: '2d10', purpose: 'GA' }], fakeRandom('s')));
    B = must(importTurn(B, send(A), 'german'));
    return { A, B };
  }

  it('a forged reveal (a link not in the chain) is refused, in the client and in a hand-made file', () => {
    const { A, B } = committed();
    const p = B.track.pending!;
    const fake = 'ab'.repeat(32);
    const r = appendAction(B, { type: 'diceKey', key: strictKey(fake, p.h) }, { by: 'german' }, { reveal: { k: 1, link: fake, commit: p.i } });
    expect(r).toMatchObject({ ok: false, code: 'dice' });
    if (!r.ok) expect(r.error).toMatch(/forged reveal/);
    // Skipping ahead in the chain (choosing a later link) is refused too.
    const l2 = chainLink(germanChain, 2);
    expect(appendAction(B, { type: 'diceKey', key: strictKey(l2, p.h) }, { by: 'german' }, { reveal: { k: 2, link: l2, commit: p.i } })).toMatchObject({ ok: false, code: 'dice' });
    // A file whose reveal was edited and re-sealed is refused on import.
    const good = must(appendReveal(B, 'german', germanChain));
    const s = structuredClone(good.save);
    const e = s.entries[s.entries.length - 1];
    if (e.kind === 'action' && e.proof && 'reveal' in e.proof) { e.proof.reveal.link = fake; (e.action as unknown as { key: string }).key = strictKey(fake, p.h); }
    const imp = importTurn(A, JSON.stringify(rechain(s)), 'allied');
    expect(imp).toMatchObject({ ok: false, code: 'dice', entry: s.entries.length - 1 });
    expect(importTurn(A, send(good), 'allied').ok).toBe(true);
  });

  it('the committer cannot reveal for itself, change its committed actions, or roll outside a commitment', () => {
    const { A, B } = committed();
    expect(appendReveal(A, 'allied', alliedChain)).toMatchObject({ ok: false, code: 'protocol' });
    const revealed = must(importTurn(A, send(must(appendReveal(B, 'german', germanChain))), 'allied'));
    expect(appendAction(revealed, { type: 'roll', dice: '2d10', purpose: 'a better GA' })).toMatchObject({ ok: false, code: 'protocol' });
    const done = must(resolveCommitted(revealed, 'allied'));
    expect(appendAction(done, { type: 'roll', dice: '1d10', purpose: 'extra' })).toMatchObject({ ok: false, code: 'dice' });
    // The German can not swap in a new chain while the Allied commitment waits.
    expect(appendAnchor(B, 'german', newChain(4, fakeRandom('new')))).toMatchObject({ ok: false, code: 'protocol' });
  });
});
