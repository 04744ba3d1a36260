/**
 * Work that can wait for the next painted frame (issue 17: a move, click to painted frame, ≤ 50 ms at
 * 2,000 counters). A move's or an undo's frame shows the counters at once; what the panels derive from
 * the new state with a search of their own (the end-of-segment refusal, each unit's movement options,
 * the side's legal actions) follows in the frame after, instead of holding the click's frame back.
 */
import { useEffect, useState } from 'react';

/** Runs `fn` after the next frame has been painted (a task queued from the frame's animation callback); returns a cancel. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => { timer = setTimeout(fn, 0); });
  return () => { cancelAnimationFrame(frame); clearTimeout(timer); };
}

/**
 * `value` as of the last painted frame: a new value is returned only after the frame that follows its
 * arrival has been painted. The first value, a null one, and any value after `key` changed (another
 * game, another bundle) are returned at once, so that an old state is never shown with a new game.
 * `stale` says that a newer value is waiting (buttons built from `value` should not act then).
 */
export function useAfterPaint<T>(value: T, key?: unknown): { value: T; stale: boolean } {
  const [shown, setShown] = useState({ value, key });
  const immediate = shown.key !== key || shown.value === null || value === null;
  useEffect(() => {
    if (Object.is(shown.value, value) && shown.key === key) return;
    if (immediate) { setShown({ value, key }); return; }
    return afterPaint(() => setShown({ value, key }));
  }, [value, key, shown, immediate]);
  return immediate ? { value, stale: false } : { value: shown.value, stale: !Object.is(shown.value, value) };
}
