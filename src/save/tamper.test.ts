/**
 * Issue 7 acceptance: every single-field mutation of a saved file is detected and refused
 * (≥ 1,000 generated mutations), and forgeries that re-seal the hash chain are still caught by
 * re-simulation (dice, state hashes, data hash) or by the turn-file prefix check.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appendAction, appendAnchor, appendCommit, appendReveal, importTurn, loadSave, newChain, resolveCommitted, saveToText, type SaveFile } from '.';
import { fakeRandom, generatedGame, must, newTestGame, rechain } from './testkit';

type Path = (string | number)[];
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function leaves(v: Json, path: Path = [], out: Path[] = []): Path[] {
  if (v !== null && typeof v === 'object') {
    for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) leaves(x as Json, [...path, k], out);
  } else out.push(path);
  return out;
}
function getAt(o: Json, p: Path): Json { return p.reduce<Json>((a, k) => (a as Record<string, Json>)[k as string], o); }
function setAt(o: Json, p: Path, v: Json): void { (getAt(o, p.slice(0, -1)) as Record<string, Json>)[p[p.length - 1] as string] = v; }

/** A different value of the same kind, chosen by `r`. */
function mutateValue(v: Json, r: number): Json {
  if (typeof v === 'number') return r % 3 === 0 ? v + 1 : r % 3 === 1 ? (v === 0 ? 1 : v - 1) : v + 10;
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'string') {
    if (v.length === 0) return 'x';
    const i = r % v.length;
    const c = v[i];
    const hex = '0123456789abcdef';
    const rep = hex.includes(c) ? hex[(hex.indexOf(c) + 1 + (r % 15)) % 16] : c === 'x' ? 'y' : 'x';
    return v.slice(0, i) + rep + v.slice(i + 1);
  }
  return 0;
}

function fixture(): string {
  // A hotseat game with moves and rolls, plus a strict-mode exchange so proofs and commitments are in the file too.
  return saveToText(generatedGame(60, 11, 'short').save);
}
function strictFixture(): string {
  const A = newChain(8, fakeRandom('ca')); const B = newChain(8, fakeRandom('cb'));
  let g = newTestGame('strict', 'short', 'strict-fix', { side: 'allied', chain: A });
  g = must(appendAnchor(g, 'german', B));
  g = must(appendAction(g, { type: 'endSegment' }));
  g = must(appendCommit(g, [{ type: 'roll', dice: '2d10', purpose: 'GA' }, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }], fakeRandom('salt')));
  g = must(appendReveal(g, 'german', B));
  g = must(resolveCommitted(g, 'allied'));
  return saveToText(g.save);
}

describe('tamper evidence (issue 7 acceptance)', { timeout: 60_000 }, () => {
  const files = { hotseat: fixture(), strict: strictFixture() };
  for (const [name, text] of Object.entries(files)) {
    it(`the ${name} fixture loads before mutation`, () => expect(loadSave(text).ok).toBe(true));
  }

  it('every single-field mutation (action parameters, dice, hashes, data hash, header) is refused — 1,200 generated', () => {
    let count = 0;
    const kinds = new Map<string, number>();
    fc.assert(fc.property(fc.constantFrom('hotseat', 'strict'), fc.nat(), fc.nat(), (name, li, r) => {
      const text = files[name as keyof typeof files];
      const obj = JSON.parse(text) as Json;
      const all = leaves(obj);
      const p = all[li % all.length];
      const before = getAt(obj, p);
      const after = mutateValue(before, r);
      if (after === before) return true;
      setAt(obj, p, after);
      const res = loadSave(JSON.stringify(obj));
      count++;
      const kind = p.filter((x) => typeof x === 'string').join('.');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (res.ok) throw new Error(`mutation of ${p.join('.')} from ${JSON.stringify(before)} to ${JSON.stringify(after)} was accepted`);
      return true;
    }), { numRuns: 1200, seed: 20240718 });
    expect(count).toBeGreaterThanOrEqual(1000);
    for (const k of ['entries.action.path', 'entries.dice.faces', 'entries.dice.value', 'entries.state', 'entries.prev', 'header.dataHash', 'entries.action.purpose', 'head']) {
      expect(kinds.get(k) ?? 0, k).toBeGreaterThan(0);
    }
  }, 120_000);

  it('every reordering of two entries and every removed entry is refused, naming the first bad entry', () => {
    for (const text of Object.values(files)) {
      const n = (JSON.parse(text) as SaveFile).entries.length;
      for (let k = 0; k < n; k++) {
        const removed = JSON.parse(text) as SaveFile; removed.entries.splice(k, 1);
        const r1 = loadSave(JSON.stringify(removed));
        expect(r1.ok).toBe(false);
        if (k < n - 1 && !r1.ok) expect(r1.entry).toBe(k);
        if (k + 1 < n) {
          const swapped = JSON.parse(text) as SaveFile;
          [swapped.entries[k], swapped.entries[k + 1]] = [swapped.entries[k + 1], swapped.entries[k]];
          const r2 = loadSave(JSON.stringify(swapped));
          expect(r2).toMatchObject({ ok: false, entry: k });
        }
      }
    }
  });

  it('forgeries that re-seal the chain are still refused: edited dice, state hashes, actions, data hash, forged reveal', () => {
    const base = JSON.parse(files.hotseat) as SaveFile;
    const rollAt = base.entries.findIndex((e) => e.kind === 'action' && e.dice.length > 0);
    const moveAt = base.entries.findIndex((e) => e.kind === 'action' && e.action.type === 'move');
    const forge = (f: (s: SaveFile) => void) => { const s = structuredClone(base); f(s); return loadSave(JSON.stringify(rechain(s))); };
    expect(forge((s) => { const e = s.entries[rollAt]; if (e.kind === 'action') { e.dice[0].faces[0] = (e.dice[0].faces[0] + 1) % 10; e.dice[0].value = e.dice[0].faces.length === 2 ? e.dice[0].faces[0] * 10 + e.dice[0].faces[1] : e.dice[0].faces[0]; } }))
      .toMatchObject({ ok: false, code: 'dice', entry: rollAt });
    // Only the value edited, the faces left alone: the message names the edited value and the rolled one.
    const roll0 = (base.entries[rollAt] as { dice: { value: number }[] }).dice[0];
    const valueOnly = forge((s) => { const e = s.entries[rollAt]; if (e.kind === 'action') e.dice[0].value = roll0.value + 1; });
    expect(valueOnly).toMatchObject({ ok: false, code: 'dice', entry: rollAt });
    if (!valueOnly.ok) {
      expect(valueOnly.error).toContain(`(value ${roll0.value + 1})`);
      expect(valueOnly.error).toContain(`(value ${roll0.value})`);
    }
    expect(forge((s) => { s.entries[3].state = 'cd'.repeat(32); })).toMatchObject({ ok: false, code: 'state', entry: 3 });
    expect(forge((s) => { const e = s.entries[moveAt]; if (e.kind === 'action') (e.action as unknown as { path: string[] }).path = ['C4719']; })).toMatchObject({ ok: false, entry: moveAt });
    expect(forge((s) => { s.header.dataHash = 'ee'.repeat(32); })).toMatchObject({ ok: false, code: 'data-version' });
    expect(forge((s) => { const e = s.entries[2]; s.entries[2] = { ...e, by: e.by === 'allied' ? 'german' : 'allied' }; })).toMatchObject({ ok: false, code: 'protocol', entry: 2 });

    const strict = JSON.parse(files.strict) as SaveFile;
    const rv = strict.entries.findIndex((e) => e.kind === 'action' && e.action.type === 'diceKey');
    const s2 = structuredClone(strict);
    const e = s2.entries[rv];
    if (e.kind === 'action' && e.proof && 'reveal' in e.proof) e.proof.reveal.link = 'ab'.repeat(32);
    const r = loadSave(JSON.stringify(rechain(s2)));
    expect(r).toMatchObject({ ok: false, code: 'dice', entry: rv });
    if (!r.ok) expect(r.error).toMatch(/forged reveal/);
  });

  it('a sender who re-simulates a different past (a consistent forgery) is refused by the turn-file check', () => {
    const g1 = must(appendAction(newTestGame('hotseat', 'short', 'hist'), { type: 'endSegment' }));
    const mine = must(appendAction(g1, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }));
    // The opponent's file is internally consistent, but in it entry 1 moved elsewhere.
    const rebuilt = must(appendAction(must(appendAction(g1, { type: 'move', unit: 'demo-kosb', path: ['C4620'] })), { type: 'endSegment' }));
    expect(loadSave(saveToText(rebuilt.save)).ok).toBe(true);
    const r = importTurn(mine, saveToText(rebuilt.save), 'german');
    expect(r).toMatchObject({ ok: false, code: 'chain', entry: 1 });
    if (!r.ok) expect(r.error).toMatch(/rewrites the game from entry 1/);
  });
});

