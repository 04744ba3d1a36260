/**
 * Issue 15 items 1 and 5: canonical actions. Every action is parsed strictly and normalised
 * (src/engine/actions); apply applies, returns and derives the PBEM dice from the normalised action,
 * so two spellings of one decision cannot give two different rolls, and a `__proto__` key is refused.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { apply, legalActions, newGame, replay, sideToAct, stateHash } from '../src/engine/game';
import { normaliseAction } from '../src/engine/actions';
import { colOf, hexOfRulesId, rowOf } from '../src/engine/hex';
import { segmentAt } from '../src/engine/sequence';
import type { Action, ActionOf, GameState } from '../src/engine/types';

const goodwood = loadScenario('goodwood');
const KEY = 'ab'.repeat(32);

function must(state: GameState, a: Action): GameState {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.message}`);
  return r.state;
}

/** Goodwood at the first Allied Ground Assault Segment, with every unit that can be designated designated, and a PBEM dice key set. */
function atAssault(): { state: GameState; assault: ActionOf<'assault'> } {
  let state = newGame(goodwood, { seed: 'spellings' }).state;
  const seg = () => segmentAt(goodwood.sequence, state.pos).segment.id;
  for (let i = 0; i < 400 && !(state.pos.playerTurn === 0 && seg() === 'groundAssault'); i++) {
    const side = sideToAct(state)!;
    if (state.pending) {
      const legal = legalActions(state, side);
      state = must(state, legal.find((a) => a.type === 'finishSetup') ?? legal[0]);
    } else if (seg() === 'attackDesignation') {
      for (const d of legalActions(state, side).filter((a) => a.type === 'designate')) { const r = apply(state, d); if (r.ok) state = r.state; }
      state = must(state, { type: 'endSegment' });
    } else state = must(state, { type: 'endSegment' });
  }
  state = must(state, { type: 'diceKey', key: KEY });
  const offers = legalActions(state, 'allied').filter((a): a is ActionOf<'assault'> => a.type === 'assault');
  const assault = [...offers].sort((a, b) => b.attackers.length - a.attackers.length)[0];
  return { state, assault };
}

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

describe('canonical actions (issue 15)', () => {
  it('70 spellings of one assault give one outcome (Goodwood, fixed diceKey: same dice, same state, one recorded action)', () => {
    const { state, assault } = atAssault();
    expect(assault, 'an assault is offered').toBeDefined();
    expect(assault.attackers.length).toBeGreaterThanOrEqual(2);
    const h = hexOfRulesId(assault.hex);
    const id = assault.hex;
    const lattice = `@${colOf(h)},${rowOf(h)}`;
    const hexes = [id, id.toLowerCase(), ` ${id} `, ` ${id.toLowerCase()}`, `${id}\n`, `\t${id}`, lattice, ` ${lattice} `, `${lattice}\n`];
    const variants: unknown[] = [];
    for (const hex of hexes) for (const attackers of permutations(assault.attackers)) for (const standoff of [undefined, []]) for (const reversed of [false, true]) {
      const fields: [string, unknown][] = [['type', 'assault'], ['hex', hex], ['attackers', attackers], ...(standoff ? [['standoff', standoff] as [string, unknown]] : [])];
      // Key order and a JSON round trip (what a file carries) are spellings too.
      const obj = Object.fromEntries(reversed ? fields.reverse() : fields);
      variants.push(reversed ? JSON.parse(JSON.stringify(obj)) : obj);
    }
    expect(variants.length).toBeGreaterThanOrEqual(70);
    const outcomes = new Set<string>();
    const recorded = new Set<string>();
    for (const v of variants.slice(0, Math.max(70, variants.length))) {
      const r = apply(state, v as Action);
      expect(r.ok, `${JSON.stringify(v)}: ${r.ok ? '' : r.error.message}`).toBe(true);
      if (!r.ok) continue;
      outcomes.add(JSON.stringify({ dice: r.rolls, state: stateHash(r.state) }));
      recorded.add(JSON.stringify(r.action));
    }
    expect(outcomes.size).toBe(1);
    expect([...recorded]).toEqual([JSON.stringify({ type: 'assault', hex: id, attackers: [...assault.attackers].sort() })]);
    // An unknown field is no spelling: it is refused, naming the field.
    for (const extra of [{ note: 'x' }, { free: true }, { attackers2: [] }]) {
      const r = apply(state, { ...assault, ...extra } as Action);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'bad-action', message: `assault has no field "${Object.keys(extra)[0]}"` });
    }
  }, 240_000);

  it('a __proto__ key is refused with a clear message (a forged roll, a nested firer, constructor/prototype keys), and a log carrying one stops replay there', () => {
    const state = newGame(loadScenario('demo'), { seed: 'proto' }).state;
    const forged = JSON.parse('{"type":"roll","dice":"1d10","purpose":"x","__proto__":{"dice":"2d10","purpose":"y"}}') as Action;
    const r = apply(state, forged);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual({ code: 'bad-action', message: 'the key "__proto__" is not allowed in an action (it could alter how every object is read)' });
    // Without its dice and purpose, the forged roll is refused just the same (its inherited fields are never read).
    const bare = JSON.parse('{"type":"roll","__proto__":{"dice":"2d10","purpose":"y"}}') as Action;
    expect(apply(state, bare)).toMatchObject({ ok: false, error: { code: 'bad-action', message: expect.stringContaining('"__proto__"') } });
    const nested = JSON.parse('{"type":"fireMission","target":"C4720","artillery":[{"unit":"a","__proto__":{"points":9}}]}') as Action;
    expect(apply(state, nested)).toMatchObject({ ok: false, error: { message: 'the key "__proto__" in artillery.0 is not allowed in an action (it could alter how every object is read)' } });
    for (const k of ['constructor', 'prototype']) {
      expect(apply(state, JSON.parse(`{"type":"endSegment","${k}":{}}`) as Action)).toMatchObject({ ok: false, error: { message: expect.stringContaining(`"${k}"`) } });
    }
    // An object whose prototype was set in code (not plain JSON) is refused too.
    const proto = Object.create({ dice: '2d10' }) as Record<string, unknown>;
    Object.assign(proto, { type: 'roll', purpose: 'x' });
    expect(apply(state, proto as Action)).toMatchObject({ ok: false, error: { code: 'bad-action' } });
    const log = replay({ scenario: 'demo', options: { seed: 'proto' }, actions: [{ type: 'roll', dice: '1d10', purpose: 'ok' }, forged] });
    expect(log).toMatchObject({ ok: false, index: 1, error: expect.stringContaining('__proto__') });
  });

  it('normalisation: hexes spelled as printed, sets sorted, a path and a deplete order kept, neutral fields left out; idempotent', () => {
    const n = (a: unknown) => { const r = normaliseAction(a); if (!r.ok) throw new Error(r.error.message); return r.action; };
    expect(n({ type: 'move', unit: 'u', path: [' c4720', '@' + colOf(hexOfRulesId('C4721')) + ',' + rowOf(hexOfRulesId('C4721')), 'C4622'], with: ['z', 'b'] }))
      .toEqual({ type: 'move', unit: 'u', path: ['C4720', 'C4721', 'C4622'], with: ['b', 'z'] });
    // GOSS 11.8.0: the firers are a set; the order they were listed in is the depletion order, kept as `deplete`.
    expect(n({ type: 'fireMission', target: 'c4720', artillery: [{ unit: 'z', points: 2 }, { unit: 'a' }], air: 0, skipRemainder: false }))
      .toEqual({ type: 'fireMission', target: 'C4720', artillery: [{ unit: 'a' }, { unit: 'z', points: 2 }], deplete: ['z', 'a'] });
    expect(n({ type: 'fireMission', target: 'C4720', artillery: [{ unit: 'a' }, { unit: 'z' }], deplete: ['a', 'z'] }))
      .toEqual({ type: 'fireMission', target: 'C4720', artillery: [{ unit: 'a' }, { unit: 'z' }] });
    expect(n({ type: 'gaDefend', line: 1, standoff: [], fullStrength: ['y', 'x'] })).toEqual({ type: 'gaDefend', line: 1, fullStrength: ['x', 'y'] });
    expect(n({ type: 'gaConvert', removeEt3: false, convert: 'none' })).toEqual({ type: 'gaConvert' });
    expect(n({ type: 'fsRetreat', path: ['c4720'], withdraw: false })).toEqual({ type: 'fsRetreat', path: ['C4720'] });
    expect(n({ type: 'gaAdvance', units: [] })).toEqual({ type: 'gaAdvance', units: [] }); // declining is no default: kept
    expect(n({ type: 'overrunFs', fire: false })).toEqual({ type: 'overrunFs', fire: false });
    for (const a of [{ type: 'overrunFs', fire: true, spotter: 's', artillery: [{ unit: 'b' }, { unit: 'a' }] }, { type: 'recombine', unit: 'bn', coys: ['c2', 'c1'], hex: '@40,20' }]) {
      expect(n(n(a))).toEqual(n(a));
    }
    expect(normaliseAction({ type: 'overrunFs', fire: false, spotter: 's' })).toMatchObject({ ok: false, error: { message: 'overrunFs has no field "spotter"' } });
    expect(normaliseAction({ type: 'move', unit: 'u', path: ['Z9999'] })).toMatchObject({ ok: false, error: { code: 'bad-hex' } });
    expect(normaliseAction({ type: 'teleport' })).toMatchObject({ ok: false, error: { code: 'unknown-action' } });
  });
});
