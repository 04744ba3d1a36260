/**
 * PBEM dice keys (anchors.md §5.1, docs/save-format.md). The save layer appends a `diceKey` action
 * when a turn file hands over a fresh nonce (fast mode) or the opponent reveals a link of its hash
 * chain (strict mode); from then on dice derive from the key, the state hash and the action
 * (game.ts). The engine only records the key: who may set it, and whether it was derived honestly,
 * is checked by the save loader, which knows the file's proofs.
 */
import type { RuleModule } from './registry';
import type { ActionOf } from '../types';

export const diceKeyRules: RuleModule = {
  name: 'diceKey',
  handlers: [{
    type: 'diceKey',
    // A turn file is sealed whatever decision waits (the GA defender's, the game-start setup).
    outsideDecisions: true,
    apply(draft, action) {
      const a = action as ActionOf<'diceKey'>;
      draft.diceKey = a.key;
      // A new key is new information: undo may not go back past it.
      return [{ type: 'revealed', what: 'diceKey', key: a.key }];
    },
  }],
};
