/** Fast PBEM dice (issue 7 acceptance, anchors.md §5.1 T1/T3). */
import { describe, expect, it } from 'vitest';
import { apply, type Action } from '../engine';
import { appendAction, createSave, importTurn, loadSave, saveToText, sealTurn, turnStatus, type SavedGame } from '.';
import { fakeRandom, joinTest, must, newTestGame, testChain } from './testkit';

const END: Action = { type: 'endSegment' };
const ga = (target: string): Action => ({ type: 'roll', dice: '2d10', purpose: `GA on ${target}` });

/** Allied creates the game and sends it; German joins (its anchor) and answers with its nonce; Allied now holds a German nonce. */
function opening(label: string): { alliedCopy: SavedGame; fileToAllied: string } {
  let a = newTestGame('fast', 'short', label);
  a = must(sealTurn(a, 'allied', testChain(`${label}-allied`)));
  const b0 = joinTest(must(importTurn(null, saveToText(a.save), 'german')), 'german', label);
  const b = must(sealTurn(b0, 'german', testChain(`${label}-german`)));
  return { alliedCopy: a, fileToAllied: saveToText(b.save) };
}

function rollsOf(g: SavedGame, from: number): number[] {
  return g.save.entries.slice(from).flatMap((e) => (e.kind === 'action' ? e.dice.map((d) => d.value) : []));
}

function play(g: SavedGame, actions: Action[]): SavedGame {
  for (const a of actions) g = must(appendAction(g, a));
  return g;
}

describe('fast mode dice (one file per turn)', { timeout: 60_000 }, () => {
  it('loading the same turn file twice and repeating the same actions yields identical rolls (T1: reload cannot reroll)', () => {
    const { alliedCopy, fileToAllied } = opening('t1');
    const first = must(importTurn(alliedCopy, fileToAllied, 'allied'));
    const second = must(importTurn(alliedCopy, fileToAllied, 'allied'));
    const acts: Action[] = [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, ga('I/981'), ga('503 Tiger'), END];
    const n = first.save.entries.length;
    const x = play(first, acts); const y = play(second, acts);
    expect(rollsOf(x, n)).toHaveLength(2);
    expect(rollsOf(x, n)).toEqual(rollsOf(y, n));
    expect(x.save.head).toBe(y.save.head);
  });

  it('reordering the same actions does not let a player choose which roll goes where (T3: rolls bound to action and state)', () => {
    let fixedToPosition = 0;
    let hotseatFixed = 0;
    const trials = 20;
    for (let t = 0; t < trials; t++) {
      const { alliedCopy, fileToAllied } = opening(`t3-${t}`);
      const g = play(must(importTurn(alliedCopy, fileToAllied, 'allied')), [END]);
      const n = g.save.entries.length;
      const xy = rollsOf(play(g, [ga('X'), ga('Y')]), n);
      const yx = rollsOf(play(g, [ga('Y'), ga('X')]), n);
      // With position-bound dice the first roll is the same whichever combat goes first, so a
      // player who knows it can send the combat that needs it. Here the first roll changes with the combat.
      if (xy[0] === yx[0]) fixedToPosition++;
      // The same two rolls are not merely swapped between the combats either.
      expect([...xy].sort()).not.toEqual([...yx].sort());
      // Contrast: hotseat dice are bound to the action index only.
      const h = play(newTestGame('hotseat', 'short', `h-${t}`), [END]);
      const hn = h.save.entries.length;
      if (rollsOf(play(h, [ga('X'), ga('Y')]), hn)[0] === rollsOf(play(h, [ga('Y'), ga('X')]), hn)[0]) hotseatFixed++;
    }
    expect(fixedToPosition).toBeLessThanOrEqual(2); // 2d10 coincidences ≈ 1 in 100
    expect(hotseatFixed).toBe(trials);
  });

  it('a player cannot roll with its own nonce, nor before the opponent sent one', () => {
    // Allied moves first; at the start it holds no German nonce yet.
    const a = must(sealTurn(newTestGame('fast', 'short', 'own'), 'allied', testChain('own-allied')));
    const r = appendAction(play(a, [END]), ga('X'));
    expect(r).toMatchObject({ ok: false, code: 'dice' });
    if (!r.ok) expect(r.error).toMatch(/without a nonce from german/);
    expect(turnStatus(a, 'allied').message).toMatch(/wait for a nonce/);
    // German answers; Allied tries to replace the German nonce by one of its own before rolling.
    const { alliedCopy, fileToAllied } = opening('own2');
    const g = must(importTurn(alliedCopy, fileToAllied, 'allied'));
    const mine = must(sealTurn(play(g, [END]), 'allied', testChain('own2-allied')));
    expect(appendAction(mine, ga('X'))).toMatchObject({ ok: false, code: 'dice' });
    // …and a nonce from any other chain than the one it published is refused outright.
    expect(sealTurn(play(g, [END]), 'allied', testChain('grind'))).toMatchObject({ ok: false, code: 'protocol' });
  });

  it('the receiver refuses a turn file that forges entries in its name or rewrites its entries', () => {
    const { alliedCopy, fileToAllied } = opening('forge');
    // German writes a nonce in Allied's name into its file.
    const b = joinTest(must(importTurn(null, saveToText(alliedCopy.save), 'german')), 'german', 'forge');
    const nonceByAllied = must(sealTurn(b, 'allied', testChain('forge-allied')));
    const r = importTurn(alliedCopy, saveToText(nonceByAllied.save), 'allied');
    expect(r).toMatchObject({ ok: false, code: 'protocol' });
    expect(importTurn(alliedCopy, fileToAllied, 'allied').ok).toBe(true);
    expect(importTurn(must(importTurn(alliedCopy, fileToAllied, 'allied')), fileToAllied, 'allied')).toMatchObject({ ok: false, error: expect.stringMatching(/nothing new/) });
  });

  it('the engine alone (replay of the log) gives the same rolls: the dice key is part of the action log', () => {
    const { alliedCopy, fileToAllied } = opening('engine');
    const g = play(must(importTurn(alliedCopy, fileToAllied, 'allied')), [END, ga('Z')]);
    const loaded = loadSave(saveToText(g.save));
    expect(loaded.ok).toBe(true);
    const last = g.save.entries[g.save.entries.length - 1];
    const before = must(importTurn(alliedCopy, fileToAllied, 'allied'));
    const r = apply(play(before, [END]).state, ga('Z'));
    expect(r.ok && r.rolls).toEqual(last.kind === 'action' && last.dice);
  });
});

describe('AW 32.11.0 Goodwood setup breakdowns in a fast PBEM game', { timeout: 60_000 }, () => {
  it('the German setup (a breakdown, then finishing it) needs no nonce: the carpet bombing that follows rolls the pre-game dice; the file loads and verifies', () => {
    const c = createSave({ scenario: 'goodwood', length: 'short', dice: 'fast', players: { allied: 'Monty', german: 'Rommel' }, random: fakeRandom('gw-setup'), creator: { side: 'allied', chain: testChain('gw-setup-allied') } });
    if (!c.ok) throw new Error(c.error);
    let g = must(appendAction(joinTest(c.game, 'german', 'gw-setup'), { type: 'breakdown', unit: 'i-980-272' }));
    g = must(appendAction(g, { type: 'finishSetup' }));
    const last = g.save.entries[g.save.entries.length - 1];
    expect(last.kind === 'action' && last.dice).toEqual([]);
    expect(g.state.special?.bombed).toHaveLength(16);
    const back = loadSave(saveToText(g.save));
    expect(back.ok && back.game.hash).toBe(g.hash);
  });
  it('a turn file is sealed while the other side has a decision waiting (the German setup at game start): the dice key is not a game decision', () => {
    const c = createSave({ scenario: 'goodwood', length: 'short', dice: 'fast', players: { allied: 'Monty', german: 'Rommel' }, random: fakeRandom('gw-seal'), creator: { side: 'allied', chain: testChain('gw-seal-allied') } });
    if (!c.ok) throw new Error(c.error);
    expect(c.game.state.pending?.side).toBe('german');
    const sealed = must(sealTurn(c.game, 'allied', testChain('gw-seal-allied')));
    expect(sealed.save.entries.at(-1)).toMatchObject({ by: 'allied', action: { type: 'diceKey' } });
    expect(sealed.state.pending).toEqual(c.game.state.pending);
    const b = joinTest(must(importTurn(null, saveToText(sealed.save), 'german')), 'german', 'gw-seal');
    const done = must(appendAction(b, { type: 'finishSetup' }));
    expect(done.state.pending).toBeNull();
  });
});
