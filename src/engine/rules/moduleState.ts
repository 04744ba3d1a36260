/**
 * A rule module's bookkeeping in the state: `state.special[key]`, plain JSON that saved games carry.
 * Several modules may share one key (the AW 1.2.6 Landefront, the AW 34.10 lull and the AW 34.4.0
 * weather table all keep theirs under `cherbourg`, the key saves already carry), each reading its own
 * fields; this is the one place that knows the shape of `special`.
 */
import type { Draft } from 'immer';
import type { GameState } from '../types';

type WithSpecial<T> = { special?: Record<string, T | undefined> };

/** The module's record on a frozen state (empty when it has written nothing yet). */
export function moduleState<T extends object>(s: GameState, key: string): T {
  return ((s as unknown as WithSpecial<T>).special?.[key] ?? {}) as T;
}

/** The module's record on a draft, created on first write. */
export function moduleDraft<T extends object>(d: Draft<GameState>, key: string): Draft<T> {
  const s = d as unknown as WithSpecial<Draft<T>>;
  if (!s.special) s.special = {};
  return (s.special[key] ??= {} as Draft<T>);
}
