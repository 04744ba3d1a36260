/**
 * The programmed opponent's sealed choices (store/aiSecrets.ts): the AI side seals its secret rest GT
 * (AW 3.3.3 / GOSS 3.5) in this browser's storage, declines the question until the kept GT comes and
 * then reveals it; the commitment alone is in the state until then.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame, view, type Action, type GameEvent, type GameState } from '../engine';
import { turnTime } from '../engine/sequence';
import { restBundle } from '../engine/rules/restGT.fixture';
import { aiDesignation, aiSealedAction } from './aiSecrets';
import { keptSecret } from './secrets';
import { memoryStorage } from './pbem';

const b = restBundle();
const ok = (s: GameState, a: Action, events?: GameEvent[]): GameState => {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message}`);
  events?.push(...r.events);
  return r.state;
};

describe('the AI side\'s sealed choices (AW 3.3.3 / GOSS 3.5 secret rest GT, AW 35.5.2 low-fuel GT)', () => {
  it('designations: the rest GT at Night, the low-fuel GT in the morning', () => {
    expect(aiDesignation('restGT', ['AM', 'PM', 'Night'])).toBe('Night');
    expect(aiDesignation('restGT', ['AM', 'PM'])).toBe('AM');
    expect(aiDesignation('lowFuelGT', ['AM', 'PM', 'Night'])).toBe('AM');
  });

  it('AW 3.3.3: the AI (German) seals its rest GT in its own storage, passes on AM and PM, reveals at Night; the Allied view never holds the value before', () => {
    const storage = memoryStorage();
    const id = 'game-ai-rest';
    let s = newGame(b, { seed: 'rest', length: 'long' }).state;
    expect(aiSealedAction(s, b, 'allied', id, storage)).toBeNull(); // not the Allies' decision
    const seal = aiSealedAction(s, b, 'german', id, storage)!;
    expect(seal).toMatchObject({ type: 'seal', key: 'restGT:1944-07-18' });
    s = ok(s, seal);
    expect(keptSecret(id, 'german', 'restGT:1944-07-18', storage)?.value).toBe('Night');
    expect(JSON.stringify(view(s, 'allied'))).not.toMatch(/"(value|revealed)"/);
    const answers: string[] = [];
    const events: GameEvent[] = [];
    for (let i = 0; i < 300 && !events.some((e) => e.type === 'restGT'); i++) {
      const a = aiSealedAction(s, b, 'german', id, storage);
      if (a) answers.push(`${turnTime(b.scenario, b.sequence, s.pos.turn).time}:${a.type}`);
      s = ok(s, a ?? { type: 'endSegment' }, events);
    }
    expect(answers).toEqual(['AM:restPass', 'PM:restPass', 'Night:reveal']);
    expect(events.find((e) => e.type === 'restGT')).toMatchObject({ side: 'german', time: 'Night' });
  });

  it('a question whose secret this browser does not hold: "not this GT" (the designation is revealed where it was sealed)', () => {
    let s = newGame(b, { seed: 'rest', length: 'long' }).state;
    s = ok(s, aiSealedAction(s, b, 'german', 'elsewhere', memoryStorage())!);
    const empty = memoryStorage();
    for (let i = 0; i < 80 && s.pending?.kind !== 'restGT'; i++) s = ok(s, { type: 'endSegment' });
    expect(aiSealedAction(s, b, 'german', 'game-x', empty)).toEqual({ type: 'restPass' });
  });
});
