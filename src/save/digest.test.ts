/**
 * The fast hashing of digest.ts (byte buffers, identity caches) must give exactly the hashes of the
 * definition in docs/save-format.md, written here as plain string code: a save written before the
 * speed-up still loads, and the state hash still covers every field of the state.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { produce } from 'immer';
import { sha256Hex } from '../engine/hash';
import { canon, canonHash, sha256HexOf, stateDigest } from './digest';
import { generatedGame } from './testkit';
import { apply, type Action, type GameState } from '../engine';
import { flatUnits } from '../engine/unitTable';
import { sameRolls, startFromHeader } from './verify';

/** The state digest as defined (docs/save-format.md "entries[i].state"), without memo or buffers. */
function referenceDigest(o: object): string {
  const ref = (x: unknown): string => (x !== null && typeof x === 'object' ? '#' + referenceDigest(x) : canon(x));
  if (Array.isArray(o)) return sha256Hex('[' + o.map((x) => (x === undefined ? 'null' : ref(x))).join(',') + ']');
  const r = o as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(r).sort()) {
    const x = r[k];
    if (x !== undefined && typeof x !== 'function') parts.push(JSON.stringify(k) + ':' + ref(x));
  }
  if (parts.length <= 32) return sha256Hex('{' + parts.join(',') + '}');
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 32) chunks.push(sha256Hex('{' + parts.slice(i, i + 32).join(',') + '}'));
  return sha256Hex('{{' + chunks.join(',') + '}}');
}

const deepFreeze = <T,>(v: T): T => {
  if (v !== null && typeof v === 'object') { for (const x of Object.values(v)) deepFreeze(x); Object.freeze(v); }
  return v;
};

// JSON-like trees with non-ASCII text, undefined values and objects both small and over 32 keys.
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a', 'b', 'units', 'é', 'x'.repeat(3)));
const leaf = fc.oneof(fc.integer(), fc.double({ noNaN: false }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ maxDepth: 3, depthIdentifier: 'tree' }, leaf, tie('arr'), tie('obj'), tie('big')),
  arr: fc.array(tie('tree'), { maxLength: 4, depthIdentifier: 'tree' }),
  obj: fc.dictionary(key, tie('tree'), { maxKeys: 5, depthIdentifier: 'tree' }),
  big: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 })), { minKeys: 30, maxKeys: 80 }),
}));
const root = fc.oneof(fc.array(tree, { maxLength: 4 }), fc.dictionary(key, tree, { maxKeys: 40 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.oneof(leaf, fc.dictionary(key, tree, { maxKeys: 3 })), { minKeys: 33, maxKeys: 100 }));

describe('save hashing (digest.ts) equals its definition', { timeout: 60_000 }, () => {
  it('canonHash and sha256HexOf are SHA-256 of canon / of the UTF-8 text', () => {
    fc.assert(fc.property(tree, fc.string({ unit: 'binary', maxLength: 40 }), (v, s) => {
      expect(canonHash(v)).toBe(sha256Hex(canon(v)));
      expect(sha256HexOf(s)).toBe(sha256Hex(s));
    }), { numRuns: 400 });
  });

  it('stateDigest equals the reference on random trees, frozen or not, and after immer edits', () => {
    fc.assert(fc.property(root, fc.nat(), (v, r) => {
      const ref = referenceDigest(v as object);
      expect(stateDigest(v as object)).toBe(ref);
      const frozen = deepFreeze(structuredClone(v) as object);
      expect(stateDigest(frozen)).toBe(ref);
      expect(stateDigest(frozen)).toBe(ref); // memo hit
      // One edit deep inside, through immer (unchanged parts keep their identity and memo).
      const edited = produce(frozen, (d: Record<string, unknown>) => {
        let o: Record<string, unknown> = d;
        for (let i = 0; i < 4; i++) {
          const ks = Object.keys(o).filter((k) => o[k] !== null && typeof o[k] === 'object');
          if (!ks.length) break;
          o = o[ks[(r + i) % ks.length]] as Record<string, unknown>;
        }
        const ks = Object.keys(o);
        if (Array.isArray(o)) o[ks.length ? r % ks.length : 0] = `edit ${r}`;
        else o[ks.length ? ks[r % ks.length] : 'new'] = `edit ${r}`;
      });
      expect(stateDigest(edited)).toBe(referenceDigest(edited));
      expect(stateDigest(frozen)).toBe(ref);
    }), { numRuns: 300 });
  });

  it('a mutable object is never trusted to the memo, even under a frozen parent', () => {
    const inner = { hp: 1, tags: ['a'] };
    const units: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) units[`u${i}`] = Object.freeze({ id: i });
    units.u7 = inner;
    const s = Object.freeze({ n: 1, units: Object.freeze(units) });
    const before = stateDigest(s);
    expect(before).toBe(referenceDigest(s));
    inner.hp = 2;
    expect(stateDigest(s)).toBe(referenceDigest(s));
    expect(stateDigest(s)).not.toBe(before);
    inner.tags.push('b');
    expect(stateDigest(s)).toBe(referenceDigest(s));
  });

  it('a large map edited one value at a time (chunk reuse) matches the reference at every step', () => {
    let m = deepFreeze(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`U${i}`, { hex: i, steps: 2, mode: 'move' }]))) as Record<string, { hex: number; steps: number; mode: string }>;
    let s = deepFreeze({ n: 0, units: m });
    for (let i = 0; i < 60; i++) {
      s = produce(s, (d) => {
        d.n++;
        const k = `U${(i * 37) % 150}`;
        if (i % 7 === 3) delete d.units[k];
        else if (i % 11 === 5) d.units[`N${i}`] = { hex: -i, steps: 1, mode: 'new' };
        else if (d.units[k]) d.units[k].steps += 1;
      });
      m = s.units;
      expect(stateDigest(s)).toBe(referenceDigest(s));
    }
  });

  it('dice are compared exactly as their canonical JSON (sameRolls)', () => {
    const roll = fc.record({ purpose: fc.constantFrom('GA', 'FS', 'é'), dice: fc.constantFrom('1d10', '2d10'), faces: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 2 }), value: fc.integer({ min: 0, max: 99 }) });
    const odd = fc.oneof(roll, fc.record({ purpose: fc.constant('GA'), dice: fc.constant('1d10'), faces: fc.constant([1]), value: fc.constant(1), extra: fc.option(fc.integer()) }), fc.record({ purpose: fc.constant('GA'), dice: fc.constant('1d10'), faces: fc.constant([1]) }), fc.constant(null), fc.constant([1]));
    fc.assert(fc.property(fc.array(odd, { maxLength: 3 }), fc.array(odd, { maxLength: 3 }), (a, b) => {
      expect(sameRolls(a, b)).toBe(canon(a) === canon(b));
      expect(sameRolls(a, structuredClone(a))).toBe(true);
    }), { numRuns: 500 });
  });

  // A state's units are digested as the flat record { id: unit } (engine/unitTable.ts keeps them in chunks).
  const stateReference = (s: GameState) => referenceDigest({ ...s, units: flatUnits(s.units) });

  it('the states of a generated game match the reference at every entry (the units as one record)', () => {
    const g = generatedGame(200, 3);
    const start = startFromHeader(g.save.header);
    if (!start.ok) throw new Error(start.error);
    let s = start.game.state;
    expect(stateDigest(s)).toBe(stateReference(s));
    for (const e of g.save.entries) {
      if (e.kind !== 'action') continue;
      const r = apply(s, e.action as Action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      expect(e.state).toBe(stateReference(s));
      expect(stateDigest(s)).toBe(e.state);
    }
  });
});
