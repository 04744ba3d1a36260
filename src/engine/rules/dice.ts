/**
 * Free dice rolls recorded in the log: for situations a player must settle by the dice that the
 * engine does not model yet (GOSS 26.0 dice). The roll is an information barrier like any other.
 */
import { reject, type RuleModule } from './registry';
import type { ActionOf } from '../types';

export const diceRules: RuleModule = {
  name: 'dice',
  handlers: [{
    type: 'roll',
    apply(_draft, action, ctx) {
      const a = action as ActionOf<'roll'>;
      if (!ctx.side) reject('not-your-turn', 'nobody acts in an automatic segment');
      ctx.dice.roll(a.dice, a.purpose);
      return [];
    },
    legal: () => [{ type: 'roll', dice: '1d10', purpose: 'free roll' }],
  }],
};
