/** PBEM in the app (store/pbem.ts, store/game.ts): seats, refusals, sending, receiving, strict steps. */
import { describe, expect, it } from 'vitest';
import { sideToAct, type Action } from '../engine';
import { appendAction, loadSave, saveToText, type SavedGame } from '../save';
import { memoryKv } from '../save/autosave';
import { fakeRandom, generatedGame, must, newTestGame, testChain } from '../save/testkit';
import {
  commit, diceRefusal, inferSide, memoryStorage, openFile, prepareSend, readSeat, receiveTurn, refusal, reveal, seatFor, seatKey, writeSeat,
} from './pbem';
import { useGame } from './game';

const END: Action = { type: 'endSegment' };
const roll = (purpose: string): Action => ({ type: 'roll', dice: '1d10', purpose });
const play = (g: SavedGame, actions: Action[]) => { for (const a of actions) g = must(appendAction(g, a)); return g; };
const send = (g: SavedGame) => saveToText(g.save);
/** Allied's first turn in the demo scenario up to the German Defensive FS Segment (save/strict.test.ts). */
const ALLIED_OPENING: Action[] = [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, END, END, END];

describe('PBEM seats (this browser\'s side, kept by game id)', () => {
  it('round-trips a seat and ignores a damaged one', () => {
    const st = memoryStorage();
    writeSeat('abc', { me: 'german', chain: { secret: 'ab'.repeat(32), length: 8 } }, st);
    expect(readSeat('abc', st)).toEqual({ me: 'german', chain: { secret: 'ab'.repeat(32), length: 8 } });
    st.setItem(seatKey('bad'), '{"me":"french"}');
    expect(readSeat('bad', st)).toBeNull();
    st.setItem(seatKey('junk'), 'not json');
    expect(readSeat('junk', st)).toBeNull();
    st.setItem(seatKey('nochain'), JSON.stringify({ me: 'allied', chain: { secret: 'x', length: 1 } }));
    expect(readSeat('nochain', st)).toEqual({ me: 'allied' });
  });

  it('a browser new to the game plays the side that did not create it (format 2 headers name the creator), and keeps it', () => {
    const a = must(prepareSend(play(newTestGame('fast', 'short', 'seat'), ALLIED_OPENING), { me: 'allied', chain: testChain('seat-allied') }, fakeRandom('n')));
    const b = must(loadSave(send(a)));
    expect(inferSide(b)).toBe('german');
    const st = memoryStorage();
    expect(seatFor(b, st)).toEqual({ me: 'german' });
    writeSeat(b.save.header.game, { me: 'allied' }, st);
    expect(seatFor(b, st)).toEqual({ me: 'allied' }); // a stored seat wins over the inference
    expect(seatFor(newTestGame('hotseat'), st)).toBeNull();
  });
});

describe('PBEM refusals', () => {
  it('refuses to act for the other side, naming both sides and what to do', () => {
    const g = newTestGame('fast', 'short', 'refuse');
    expect(sideToAct(g.state)).toBe('allied');
    expect(refusal(g, 'allied')).toBeNull();
    expect(refusal(g, 'german')).toBe('Play by e-mail: you play the Germans (Rommel), and the Allies (Monty) are to act now. Press “End my turn and export” to send them the turn file, then open their reply with “Open opponent\'s turn…”.');
  });

  it('fast dice: a roll before the opponent\'s nonce is explained (send now, roll when the reply comes)', () => {
    const g = newTestGame('fast', 'short', 'nononce');
    expect(appendAction(play(g, [END]), roll('x'))).toMatchObject({ ok: false, code: 'dice' });
    expect(diceRefusal(g, 'allied', 'roll')).toMatch(/^Fast dice: roll rolls dice, and your rolls come from the nonce in the Germans \(Rommel\)'s last file/);
  });
});

describe('PBEM exchange of files (fast dice)', { timeout: 60_000 }, () => {
  it('Allied sends, German opens it fresh, acts and sends back; Allied sees only what is new; bad files change nothing', async () => {
    const kvA = memoryKv(); const kvB = memoryKv(); const stB = memoryStorage();
    // File 1: Allied plays to the German segment and seals the turn with a nonce.
    let A = play(newTestGame('fast', 'short', 'ex'), ALLIED_OPENING);
    expect(sideToAct(A.state)).toBe('german');
    const seatA = { me: 'allied' as const, chain: testChain('ex-allied') };
    A = must(prepareSend(A, seatA, fakeRandom('nA')));
    const last = A.save.entries[A.save.entries.length - 1];
    expect(last).toMatchObject({ by: 'allied', kind: 'action', action: { type: 'diceKey' }, proof: { chain: { k: 1, link: expect.any(String) } } });
    expect(must(prepareSend(A, seatA, fakeRandom('again'))).save.head).toBe(A.save.head); // re-sending adds nothing
    // German opens it in a browser new to the game: a seat is made for the German side, which joins (its dice chain anchor).
    const opened = await openFile(send(A), kvB, stB);
    expect(opened).toMatchObject({ ok: true, from: 0 });
    if (!opened.ok) return;
    const seatB = readSeat(A.save.header.game, stB)!;
    expect(seatB).toMatchObject({ me: 'german', chain: { length: 1024 } });
    expect(opened.game.save.entries.at(-1)).toMatchObject({ by: 'german', kind: 'anchor' });
    // German rolls its defensive fire with Allied's nonce, ends the segment, seals.
    let B = play(opened.game, [roll('DFS on KOSB'), END]);
    expect(B.save.entries.at(-2)).toMatchObject({ kind: 'action', dice: [expect.objectContaining({ purpose: 'DFS on KOSB' })] });
    B = must(prepareSend(B, seatB, fakeRandom('nB')));
    // Allied receives: the file continues its copy; `from` is where its own entries ended.
    const back = await receiveTurn(send(B), A, 'allied', kvA);
    expect(back).toMatchObject({ ok: true, from: A.save.entries.length });
    // A second open of the same (older) file in German's browser leaves German's stored game alone (issue 15: kept apart as a copy).
    const again = await openFile(send(A), kvB, stB);
    expect(again.ok && again.notice).toMatch(/^This file is older than the copy of this game stored in this browser/);
    expect(JSON.parse(kvB.map.get(`save:${A.save.header.game}`) as string).head).toBe(opened.game.save.head);
    // Wrong game: refused with a clear message, nothing stored.
    const otherGame = must(prepareSend(newTestGame('fast', 'short', 'other'), { me: 'german' }, fakeRandom('o')));
    const kvC = memoryKv();
    const wrong = await receiveTurn(send(otherGame), A, 'allied', kvC);
    expect(wrong).toMatchObject({ ok: false, code: 'protocol', error: expect.stringMatching(/^this file belongs to another game .*Your game is unchanged/) });
    expect(kvC.map.size).toBe(0);
    // Tampered: German's roll edited in the file: refused, naming the entry; nothing stored.
    const bad = send(B).replace('"value":', '"value":1');
    const t = await receiveTurn(bad, A, 'allied', kvC);
    expect(t.ok).toBe(false);
    expect(kvC.map.size).toBe(0);
  });
});

describe('PBEM strict dice steps', { timeout: 60_000 }, () => {
  it('anchor on first send, commit the refused roll, opponent reveals, committer resolves', () => {
    // The creator's anchor is its first entry (createSave); sending adds nothing in strict mode.
    let A = newTestGame('strict', 'short', 'st');
    const seatA = { me: 'allied' as const, chain: testChain('st-allied') };
    const a1 = prepareSend(A, seatA, fakeRandom('chainA'));
    expect(a1.ok && a1.game.save.head).toBe(A.save.head);
    A = play(A, ALLIED_OPENING);
    let B = must(loadSave(send(A)));
    const b1 = prepareSend(B, { me: 'german' }, fakeRandom('chainB'));
    if (!b1.ok) throw new Error(b1.error);
    const seatB = b1.seat!;
    B = b1.game;
    expect(appendAction(B, roll('DFS'))).toMatchObject({ ok: false, code: 'dice' });
    B = must(commit(B, seatB, [roll('DFS'), END], fakeRandom('salt')));
    expect(refusal(B, 'german')).toMatch(/^Strict dice: you committed at entry \d+ and wait for the Allies \(Monty\) to reveal/);
    // Allied reveals (with the secret kept in its browser); a browser without the secret cannot.
    let A2 = must(loadSave(send(B)));
    expect(reveal(A2, { me: 'allied' })).toMatchObject({ ok: false, error: expect.stringMatching(/does not hold your dice chain secret/) });
    A2 = must(reveal(A2, seatA));
    // German resolves through the store's step: the committed roll and segment end are played.
    const B2 = must(loadSave(send(A2)));
    expect(B2.track.queue.german).toHaveLength(2);
    expect(refusal(B2, 'german')).toMatch(/Resolve my committed actions/);
  });
});

describe('the game store in PBEM', { timeout: 60_000 }, () => {
  it('creates the save with the chosen dice mode, refuses the other side, and seals the turn on send', () => {
    const st = useGame.getState();
    st.startGame('demo', { seed: 'store-pbem', length: 'short', players: { allied: 'Monty', german: 'Rommel' } }, null, { me: 'german', dice: 'fast' });
    let s = useGame.getState();
    expect(s.saved!.save.header.dice).toBe('fast');
    expect(s.pbem).toMatchObject({ me: 'german', chain: { length: 1024 } });
    expect(s.saved!.save.header.creator).toBe('german');
    expect(s.aiSide).toBeNull();
    expect(s.dispatch(END)).toBe(false);
    s = useGame.getState();
    expect(s.error).toMatch(/^Play by e-mail: you play the Germans \(Rommel\), and the Allies \(Monty\) are to act now/);
    expect(s.saved!.save.entries).toEqual([expect.objectContaining({ by: 'german', kind: 'anchor' })]); // the creator's dice chain
    expect(s.pbemStep('send')).toBe(true);
    s = useGame.getState();
    expect(s.saved!.save.entries).toHaveLength(2);
    expect(s.saved!.save.entries[1]).toMatchObject({ by: 'german', action: { type: 'diceKey' }, proof: { chain: { k: 1 } } });
    expect(s.log!.actions).toEqual([s.saved!.save.entries[1].kind === 'action' ? s.saved!.save.entries[1].action : null]);
    expect(s.canUndo()).toBe(false);
    s.leave();
  });

  it('strict: a refused roll is offered for a commitment, and resolve plays the revealed actions into the log', () => {
    const st = useGame.getState();
    st.startGame('demo', { seed: 'store-strict', length: 'short', players: { allied: 'Monty', german: 'Rommel' } }, null, { me: 'allied', dice: 'strict' });
    expect(useGame.getState().pbemStep('send')).toBe(true); // publishes the Allied anchor
    const seatA = useGame.getState().pbem!;
    expect(seatA.chain).toBeDefined();
    // German (outside the store) publishes its anchor; Allied's store opens the reply.
    const B = must(prepareSend(must(loadSave(send(useGame.getState().saved!))), { me: 'german', chain: { secret: 'cd'.repeat(32), length: 16 } }));
    useGame.setState({ pbem: seatA });
    useGame.getState().openSaved(B);
    useGame.setState({ pbem: seatA }); // node has no localStorage: restore the seat openSaved cannot read
    expect(useGame.getState().dispatch(END)).toBe(true);
    expect(useGame.getState().dispatch(roll('OFS'))).toBe(false);
    expect(useGame.getState().error).toMatch(/^Strict dice: roll dice=1d10 purpose=OFS rolls dice\. Press “Commit to this action”/);
    expect(useGame.getState().strictOffer).toEqual([roll('OFS')]);
    expect(useGame.getState().pbemStep('commit')).toBe(true);
    expect(useGame.getState().saved!.track.pending).toMatchObject({ by: 'allied', actions: [roll('OFS')] });
    // German reveals; Allied resolves.
    const Bs = must(reveal(must(loadSave(send(useGame.getState().saved!))), { me: 'german', chain: { secret: 'cd'.repeat(32), length: 16 } }));
    useGame.getState().openSaved(Bs);
    useGame.setState({ pbem: seatA });
    const n = useGame.getState().log!.actions.length;
    expect(useGame.getState().pbemStep('resolve')).toBe(true);
    const s = useGame.getState();
    expect(s.log!.actions.slice(n)).toEqual([roll('OFS')]);
    expect(s.entries.some((e) => e.action === n && e.event.type === 'dieRolled')).toBe(true);
    expect(s.saved!.track.queue.allied).toEqual([]);
    s.leave();
  });

  it('hotseat games are unchanged: no seat, both sides act', () => {
    const g = generatedGame(5, 2, 'short');
    useGame.getState().openSaved(g);
    expect(useGame.getState().pbem).toBeNull();
    useGame.getState().leave();
  });
});
