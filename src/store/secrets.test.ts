/**
 * The sealed choice in hotseat and by e-mail (issue 14 part 5): the German secret rest GT (AW 3.3.3,
 * GOSS 3.5) sealed through the store's secret keeping and the save functions of src/save. The value
 * and salt stay in the owner's storage; files carry the commitment until the rules ask for the reveal,
 * and a forged reveal in a file is refused when it is loaded.
 */
import { describe, expect, it } from 'vitest';
import { sideToAct, view, type Action } from '../engine';
import { appendAction, createSave, loadSave, saveToText, toCompact, type SavedGame } from '../save';
import { fakeRandom, joinTest, must, rechain, testChain } from '../save/testkit';
import type { SaveFile } from '../save/format';
import { restBundle } from '../engine/rules/restGT.fixture';
import { isRestGT } from '../engine/rules/restGT';
import { keptSecret, revealAction, sealChoice, secretsKey } from './secrets';
import { memoryStorage } from './pbem';

const bundles = (id: string) => { if (id !== 'demo-rest') throw new Error(id); return restBundle(); };
const KEY = 'restGT:1944-07-18';
const END: Action = { type: 'endSegment' };

function newRestGame(dice: 'hotseat' | 'fast'): SavedGame {
  // Format 2 (issue 15): a PBEM game names its creator's seat and chain anchor.
  const creator = dice === 'hotseat' ? {} : { creator: { side: 'allied' as const, chain: testChain('rest-allied') } };
  return must(createSave({ scenario: 'demo-rest', length: 'long', dice, players: { allied: 'Monty', german: 'Rommel' }, random: fakeRandom(`rest-${dice}`), bundles, ...creator }));
}
/** Ends segments (each by the side to act) until the rest-GT question is asked. */
function toRestQuestion(g: SavedGame): SavedGame {
  for (let i = 0; i < 80; i++) {
    if (g.state.pending?.kind === 'restGT') return g;
    g = must(appendAction(g, END));
  }
  throw new Error('never asked');
}

describe('the sealed rest GT in hotseat (one browser, both sides)', () => {
  it('the German\'s value and salt stay in its own storage; the Allied view and the Allied storage hold neither', () => {
    const storage = memoryStorage();
    let g = newRestGame('hotseat');
    const id = g.save.header.game;
    expect(sideToAct(g.state)).toBe('german');
    const seal = sealChoice(id, 'german', KEY, 'PM', storage, fakeRandom('salt'));
    const salt = keptSecret(id, 'german', KEY, storage)!.salt;
    expect(seal).toEqual({ type: 'seal', key: KEY, commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(seal)).not.toContain(salt);
    g = must(appendAction(g, seal));
    expect(keptSecret(id, 'allied', KEY, storage)).toBeNull();
    expect([...storage.map.keys()]).toEqual([secretsKey(id, 'german')]);
    const allied = JSON.stringify(view(g.state, 'allied'));
    expect(allied).not.toContain(salt);
    expect(allied).not.toMatch(/"(value|revealed)"/);
    // The screen for the side to act (the store's currentView) is the Allied one now.
    expect(sideToAct(g.state)).toBe('allied');
    // At the German PM turn the German client reveals from its storage; the effect applies.
    g = toRestQuestion(g);
    g = must(appendAction(g, { type: 'restPass' }));
    g = toRestQuestion(g);
    g = must(appendAction(g, revealAction(id, 'german', KEY, storage)!));
    expect(g.state.hidden!.seals[KEY].revealed).toEqual({ value: 'PM', n: expect.any(Number) });
    expect(isRestGT(g.state, restBundle(), 'german')).toBe(true);
  });
});

describe('the sealed rest GT by e-mail (fast dice)', () => {
  it('the turn file carries only the commitment; the value enters the file with the reveal the rules ask for; a forged reveal is refused', () => {
    const german = memoryStorage();
    const allied = memoryStorage();
    // The German joins (binds its chain anchor) before its first action, the seal (issue 15 seats).
    let g = joinTest(newRestGame('fast'), 'german', 'rest');
    const id = g.save.header.game;
    g = must(appendAction(g, sealChoice(id, 'german', KEY, 'PM', german, fakeRandom('pbem-salt'))));
    const salt = keptSecret(id, 'german', KEY, german)!.salt;
    const file = saveToText(g.save);
    expect(file).not.toContain(salt);
    expect(file).not.toMatch(/"value"/);
    expect(file).toContain(g.state.hidden!.seals[KEY].commitment);
    expect(JSON.stringify(toCompact(g.save))).not.toContain(salt);
    // The Allied browser opens it: checked, and nothing in it or in its storage tells the choice.
    const received = must(loadSave(file, { bundles }));
    expect(received.state.hidden!.seals[KEY]).not.toHaveProperty('revealed');
    expect(revealAction(id, 'german', KEY, allied)).toBeNull();
    // Play on to the German PM player turn, where the German browser reveals.
    g = toRestQuestion(received);
    g = must(appendAction(g, { type: 'restPass' }));
    g = toRestQuestion(g);
    const reveal = revealAction(id, 'german', KEY, german)!;
    const forged = { ...reveal, value: 'Night' };
    expect(appendAction(g, forged)).toMatchObject({ ok: false, error: expect.stringContaining('does not match the commitment') });
    const revealed = must(appendAction(g, reveal));
    expect(saveToText(revealed.save)).toContain('"value":"PM"');
    // A forger edits the reveal in the file (value changed, chain re-sealed): the receiver refuses it with the case.
    const edited = JSON.parse(saveToText(revealed.save)) as SaveFile;
    const last = edited.entries[edited.entries.length - 1];
    if (last.kind !== 'action') throw new Error('expected the reveal');
    (last.action as Record<string, unknown>).value = 'Night';
    const r = loadSave(JSON.stringify(rechain(edited)), { bundles });
    expect(r).toMatchObject({ ok: false, code: 'rules', entry: edited.entries.length - 1 });
    expect(!r.ok && r.error).toMatch(/does not match the commitment made at action 1.*\(AW 3\.3\.3, GOSS 3\.5\)/);
  });
});
