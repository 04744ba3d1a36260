/**
 * Hotseat screens around a sealed choice (issue 14 part 5; AW 3.3.3 secret rest GT): the handover
 * hides the board before the German seals at game start, the Decisions panel offers the seal only to
 * the German, shows the kept value only on the German's own reveal question, and never on the Allied
 * screen. Rendered to HTML with react-dom/server (no browser needed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sideToAct, type Action } from '../../engine';
import { appendAction, createSave, type SavedGame } from '../../save';
import { fakeRandom, must } from '../../save/testkit';
import { restBundle } from '../../engine/rules/restGT.fixture';
import { useGame } from '../../store/game';
import { memoryStorage } from '../../store/pbem';
import { keptSecret, sealChoice } from '../../store/secrets';
import { Decisions } from './Decisions';
import { Handover } from './Handover';

const KEY = 'restGT:1944-07-18';
const storage = memoryStorage();
const g0 = globalThis as { localStorage?: unknown };
const before = g0.localStorage;
beforeAll(() => { g0.localStorage = storage; });
afterAll(() => { g0.localStorage = before; Object.assign(useGame.getInitialState(), { state: null, saved: null, bundle: null }); });

const bundles = () => restBundle();
const show = (g: SavedGame) => {
  // Server rendering reads the store's initial state (zustand's server snapshot): put the game there.
  Object.assign(useGame.getInitialState(), { state: g.state, saved: g, bundle: restBundle(), pbem: null, aiSide: null });
  return { decisions: renderToStaticMarkup(createElement(Decisions)), handover: renderToStaticMarkup(createElement(Handover)) };
};
const end: Action = { type: 'endSegment' };

describe('hotseat screens of a sealed choice (AW 3.3.3)', () => {
  it('the German seals behind the handover; the Allied screen never shows the value; the German reveal question does', () => {
    let g = must(createSave({ scenario: 'demo-rest', length: 'long', players: {}, random: fakeRandom('ui'), bundles }));
    const id = g.save.header.game;
    let html = show(g);
    expect(html.handover).toContain('German to act');
    expect(html.decisions).toContain('data-testid="seal-PM"');
    g = must(appendAction(g, sealChoice(id, 'german', KEY, 'PM', storage, fakeRandom('ui-salt'))));
    const salt = keptSecret(id, 'german', KEY, storage)!.salt;
    expect(sideToAct(g.state)).toBe('allied');
    html = show(g);
    expect(html.decisions).not.toContain('sealed-choice');
    expect(html.decisions).not.toContain(salt);
    // The German's reveal question (PM player turn): the kept value, and the reveal button, for the German only.
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 80 && g.state.pending?.kind !== 'restGT'; i++) {
        expect(show(g).decisions).not.toContain('Your sealed choice');
        g = must(appendAction(g, end));
      }
      if (pass === 0) g = must(appendAction(must(appendAction(g, { type: 'restPass' })), end));
    }
    expect(g.state.pending).toMatchObject({ side: 'german', kind: 'restGT' });
    html = show(g);
    expect(html.decisions).toContain('Your sealed choice: <b>PM</b>');
    expect(html.decisions).toContain('data-testid="reveal-seal"');
  });
});
