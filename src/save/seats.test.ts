/**
 * Issue 15 holes 2–4, each by name: a sender cannot choose its nonce (fast nonces are links of a
 * chain fixed at game start); the creator cannot act for the other seat (a side acts only after its
 * own anchor, and the first file is checked for entries in the receiver's name); an unplayable
 * strict commitment is refused when made and at import.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import {
  appendAction, appendAnchor, appendCommit, appendNonce, createSave, fastKey, importTurn, loadSave, saveToText, sealTurn, type SaveFile, type SavedGame,
} from '.';
import { memoryKv } from './autosave';
import { memoryStorage, openFile, readSeat } from '../store/pbem';
import { fakeRandom, joinTest, must, newTestGame, rechain, testChain } from './testkit';

const END: Action = { type: 'endSegment' };
const play = (g: SavedGame, actions: Action[], by?: 'allied' | 'german') => { for (const a of actions) g = must(appendAction(g, a, by ? { by } : {})); return g; };
const ALLIED_OPENING: Action[] = [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, END, END, END];

describe('a sender cannot choose its nonce (issue 15 hole 2)', { timeout: 60_000 }, () => {
  it('a nonce that is not the next link of the sender\'s published chain is refused; so are a second anchor and a second nonce in one file', () => {
    // Allied plays to the German Defensive FS Segment: German's rolls will use Allied's nonce.
    const a = play(newTestGame('fast', 'short', 'grind'), ALLIED_OPENING);
    const honest = must(sealTurn(a, 'allied', testChain('grind-allied')));
    expect(honest.save.entries.at(-1)).toMatchObject({ kind: 'action', proof: { chain: { k: 1 } } });
    // Grinding: 50 nonces of the sender's choosing, each refused — only link 1 of the anchored chain is accepted.
    for (let t = 0; t < 50; t++) {
      const nonce = fakeRandom(`try-${t}`)();
      const r = appendAction(a, { type: 'diceKey', key: fastKey(nonce) }, { by: 'allied' }, { chain: { k: 1, link: nonce } });
      expect(r).toMatchObject({ ok: false, code: 'dice' });
      if (!r.ok) expect(r.error).toMatch(/forged nonce — it is not the next link of allied's dice chain fixed at game start \(a sender cannot choose its nonce\)/);
    }
    // A fresh chain cannot be published while the first is not used up, so the sender cannot pick among chains either.
    const re = appendAnchor(a, 'allied', testChain('other'));
    expect(re).toMatchObject({ ok: false, code: 'protocol' });
    if (!re.ok) expect(re.error).toMatch(/replaces its dice chain, which was fixed at game start/);
    // Nor among its own next links: one nonce per file (a second one before the opponent answered is refused).
    expect(must(sealTurn(honest, 'allied', testChain('grind-allied'))).save.head).toBe(honest.save.head);
    const twice = appendNonce(honest, 'allied', testChain('grind-allied'));
    expect(twice).toMatchObject({ ok: false, code: 'protocol' });
    if (!twice.ok) expect(twice.error).toMatch(/second nonce before german answered the first/);
    // A format 1 nonce proof (a free nonce) does not even parse.
    const v1 = JSON.parse(saveToText(honest.save)) as SaveFile;
    const key = v1.entries.at(-1)!;
    if (key.kind === 'action' && key.proof && 'chain' in key.proof) (key as unknown as { proof: unknown }).proof = { nonce: key.proof.chain.link };
    expect(loadSave(JSON.stringify(rechain(v1)))).toMatchObject({ ok: false, code: 'format', entry: v1.entries.length - 1 });
  });
});

describe('the creator cannot act for the other seat (issue 15 hole 3)', { timeout: 120_000 }, () => {
  const cherbourg = () => must(createSave({ scenario: 'cherbourg', dice: 'fast', players: { allied: 'Bradley', german: 'Schlieben' }, random: fakeRandom('cb'), creator: { side: 'allied', chain: testChain('cb-allied') } }));

  it('Cherbourg: the German randomSetup and finishSetup written by the creator are refused, before and after forging a German anchor', async () => {
    const g = must(sealTurn(cherbourg(), 'allied', testChain('cb-allied')));
    expect(g.state.pending?.side).toBe('german'); // AW 34.11.2: the German sets up first
    // Without a German anchor nothing can be written in the German's name.
    const r = appendAction(g, { type: 'randomSetup' }, { by: 'german' });
    expect(r).toMatchObject({ ok: false, code: 'protocol' });
    if (!r.ok) expect(r.error).toMatch(/german has not joined this game yet/);
    // The creator forges a German anchor from a chain of its own and sets the Germans up with its nonce:
    // the file is consistent (it loads), but the German's browser, new to the game, refuses it.
    const forged = play(joinTest(g, 'german', 'cb-forged'), [{ type: 'randomSetup' }, { type: 'finishSetup' }], 'german');
    expect(loadSave(saveToText(forged.save)).ok).toBe(true);
    const kv = memoryKv();
    const st = memoryStorage();
    const opened = await openFile(saveToText(forged.save), kv, st);
    expect(opened).toMatchObject({ ok: false, code: 'protocol' });
    if (!opened.ok) expect(opened.error).toMatch(/^entry 2 \(anchor\) is written in your name \(german\), but you have not joined this game yet: the creator of a game cannot act for the other side$/);
    expect(kv.map.size).toBe(0);
    expect(readSeat(g.save.header.game, st)).toBeNull();
    // The honest opening file is accepted, and the German's own first entry is its anchor.
    const ok = await openFile(saveToText(g.save), kv, st);
    expect(ok.ok && ok.game.save.entries.at(-1)).toMatchObject({ by: 'german', kind: 'anchor' });
    expect(readSeat(g.save.header.game, st)?.me).toBe('german');
  });

  it('continuity on the first file: a file that says the receiver created the game is refused', () => {
    const g = newTestGame('fast', 'short', 'mine', 'german');
    expect(importTurn(null, saveToText(g.save), 'german')).toMatchObject({ ok: false, error: expect.stringMatching(/says you \(german\) created the game/) });
    expect(importTurn(null, saveToText(g.save), 'allied').ok).toBe(true);
  });
});

describe('an unplayable commitment is refused (issue 15 hole 4)', { timeout: 60_000 }, () => {
  const strictGame = () => play(joinTest(newTestGame('strict', 'short', 'commit'), 'german', 'commit'), [END]);

  it('when made: the committed action must be legal in the committed position', () => {
    const g = strictGame();
    const r = appendCommit(g, [{ type: 'move', unit: 'no-such-unit', path: ['C4720'] }], fakeRandom('s'));
    expect(r).toMatchObject({ ok: false, code: 'rules' });
    if (!r.ok) expect(r.error).toMatch(/^entry \d+: the committed action \(move unit=no-such-unit path=\["C4720"\]\) is refused by the rules in the committed position: .*A commitment must be playable$/);
    expect(appendCommit(g, [{ type: 'roll', dice: '1d10', purpose: 'x' }, END], fakeRandom('s')).ok).toBe(true);
  });

  it('at import: a file carrying an unplayable commitment is refused with the reason', () => {
    const g = must(appendCommit(strictGame(), [{ type: 'roll', dice: '1d10', purpose: 'x' }], fakeRandom('s')));
    const s = JSON.parse(saveToText(g.save)) as SaveFile;
    const c = s.entries.at(-1)!;
    if (c.kind !== 'commit') throw new Error('expected a commitment');
    c.actions = [{ type: 'move', unit: 'no-such-unit', path: ['C4720'] }];
    const r = loadSave(JSON.stringify(rechain(s)));
    expect(r).toMatchObject({ ok: false, code: 'rules', entry: s.entries.length - 1 });
    if (!r.ok) expect(r.error).toMatch(/the committed action \(move unit=no-such-unit.*\) is refused by the rules in the committed position/);
  });
});
