/**
 * The sealed choice end to end in the engine (issue 14 part 5): the German secret rest GT (AW 3.3.3,
 * seed:004 L1230–1232; GOSS 3.5), turned on by a test scenario (the demo with `rules.secretRest`).
 * The store side (salt kept by the owner) and the PBEM file are in src/store/secrets.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN, loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame, sideToAct, view, type Action, type GameEvent, type GameState } from '../index';
import { sealCommitment } from './hidden';
import { isRestGT } from './restGT';
import { turnTime } from '../sequence';
import { formatHex, neighbours } from '../hex';
import { mutUnit, unitList, unitOf } from '../unitTable';
import { edit } from './combat.fixture';
import { restBundle, restScenario } from './restGT.fixture';

const bundle = restBundle();
const KEY = 'restGT:1944-07-18';
const SALT = 'a5'.repeat(32);
const CASE = 'AW 3.3.3, GOSS 3.5';

function ok(state: GameState, a: Action, events?: GameEvent[]): GameState {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message}`);
  events?.push(...r.events);
  return r.state;
}
const refused = (state: GameState, a: Action) => { const r = apply(state, a); if (r.ok) throw new Error(`${a.type} accepted`); return r.error; };
const time = (s: GameState) => turnTime(bundle.scenario, bundle.sequence, s.pos.turn).time;
/** Ends segments until the rest-GT question is asked or the German Movement Segment is reached. */
function toGermanTurn(s: GameState): GameState {
  for (let i = 0; i < 60; i++) {
    if (s.pending?.kind === 'restGT') return s;
    if (s.pos.playerTurn === 1 && bundle.sequence.playerTurn[s.pos.phase].segments[s.pos.segment].id === 'move') return s;
    s = ok(s, { type: 'endSegment' });
  }
  throw new Error('no German player turn');
}
const sealed = (value: string) => {
  const s = newGame(bundle, { seed: 'rest', length: 'long' }).state;
  return ok(s, { type: 'seal', key: KEY, commitment: sealCommitment(KEY, value, SALT) });
};
const marks = (s: GameState, marker: string) => legalActions(s, 'german').filter((a) => a.type === 'mark' && a.marker === marker);
const toMove = (s: GameState) => { while (bundle.sequence.playerTurn[s.pos.phase].segments[s.pos.segment].id !== 'move') s = ok(s, { type: 'endSegment' }); return s; };

describe('AW 3.3.3 / GOSS 3.5 the German secret rest GT (a sealed choice)', () => {
  it('AW 3.3.3 (seed:004 L1230): at game start the German seals one GT of the day; the log and the Allied view hold only the commitment', () => {
    const start = newGame(bundle, { seed: 'rest', length: 'long' }).state;
    expect(start.pending).toEqual({ side: 'german', kind: 'seal', accepts: ['seal'], case: CASE, prompt: 'Secretly designate your rest GT of 1944-07-18 (AM, PM, Night): the other side sees only that a choice was sealed' });
    expect(start.hidden!.request).toEqual({ key: KEY, kind: 'restGT', options: ['AM', 'PM', 'Night'], label: 'rest GT of 1944-07-18' });
    expect(sideToAct(start)).toBe('german');
    expect(refused(start, { type: 'endSegment' })).toMatchObject({ code: 'decision-pending', case: CASE });
    expect(refused(start, { type: 'seal', key: KEY, commitment: 'xyz' })).toMatchObject({ code: 'bad-action' });
    const commitment = sealCommitment(KEY, 'PM', SALT);
    const r = apply(start, { type: 'seal', key: KEY, commitment });
    expect(r.ok && r.events).toEqual([{ type: 'sealed', key: KEY, owner: 'german', label: 'rest GT of 1944-07-18', case: CASE }]);
    const s = sealed('PM');
    expect(s.hidden).toEqual({ seals: { [KEY]: { key: KEY, kind: 'restGT', owner: 'german', commitment, n: 0, case: CASE, options: ['AM', 'PM', 'Night'] } } });
    expect(sideToAct(s)).toBe('allied');
    const allied = JSON.stringify(view(s, 'allied'));
    expect(allied).not.toContain(SALT);
    expect(allied).not.toMatch(/"(value|revealed)"/);
    expect(view(s, 'allied').hidden).toEqual(s.hidden);
  });

  it('GOSS 3.5: asked at the start of each German player turn, the German declines until the designated GT, then reveals it; a forged reveal is refused', () => {
    let s = toGermanTurn(sealed('PM'));
    expect(time(s)).toBe('AM');
    expect(s.pending).toMatchObject({ side: 'german', kind: 'restGT', accepts: ['reveal', 'restPass'], case: CASE });
    expect(legalActions(s, 'german')).toEqual([{ type: 'restPass' }]);
    // Revealing a later GT now is refused (to its owner: the other side never sees a refused action).
    expect(refused(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT })).toMatchObject({ code: 'not-yet', case: CASE });
    s = ok(s, { type: 'restPass' });
    s = toMove(s);
    expect(isRestGT(s, bundle, 'german')).toBe(false);
    expect(marks(s, 'Exploit').length + marks(s, 'PA').length).toBeGreaterThan(0);
    s = toGermanTurn(ok(s, { type: 'endSegment' }));
    expect(time(s)).toBe('PM');
    // Forged reveals: another value, or the right value with another salt.
    expect(refused(s, { type: 'reveal', key: KEY, value: 'Night', salt: SALT })).toMatchObject({ code: 'forged-reveal', case: CASE, message: 'this reveal does not match the commitment made at action 1: the value or the salt differs from what was sealed' });
    expect(refused(s, { type: 'reveal', key: KEY, value: 'PM', salt: 'b6'.repeat(32) })).toMatchObject({ code: 'forged-reveal', case: CASE });
    expect(refused(s, { type: 'reveal', key: 'restGT:1944-07-19', value: 'PM', salt: SALT })).toMatchObject({ code: 'no-such-seal' });
    const r = apply(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT });
    expect(r.ok && r.events).toEqual([
      { type: 'revealed', key: KEY, owner: 'german', value: 'PM', case: CASE },
      { type: 'restGT', side: 'german', time: 'PM', case: CASE },
    ]);
    expect(r.ok && r.barrier).toBe(true);
    s = ok(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT });
    expect(refused(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT })).toMatchObject({ code: 'no-decision' }); // the dispatcher: no rest-GT question is open any more
    // The effect (GOSS 3.5): no German unit enters PA or Exploit mode in its rest GT; the Allies are not affected.
    s = toMove(s);
    expect(isRestGT(s, bundle, 'german')).toBe(true);
    expect(isRestGT(s, bundle, 'allied')).toBe(false);
    expect(marks(s, 'PA')).toEqual([]);
    expect(marks(s, 'Exploit')).toEqual([]);
    expect(refused(s, { type: 'mark', unit: 'demo-503-1', marker: 'Exploit' })).toMatchObject({ code: 'rest-gt', case: 'GOSS 3.5' });
    expect(refused(s, { type: 'mark', unit: 'demo-i-981', marker: 'PA' })).toMatchObject({ code: 'rest-gt', case: 'GOSS 3.5' });
    // Night: nothing is asked any more; the next game day starts with a new sealed choice.
    s = ok(s, { type: 'endSegment' });
    for (let i = 0; i < 80 && !(s.pending?.kind === 'seal'); i++) {
      expect(s.pending?.kind).not.toBe('restGT');
      s = ok(s, { type: 'endSegment' });
    }
    expect(turnTime(bundle.scenario, bundle.sequence, s.pos.turn)).toMatchObject({ date: '1944-07-19', time: 'AM' });
    expect(s.hidden!.request).toMatchObject({ key: 'restGT:1944-07-19', options: ['AM', 'PM'] });
  });

  it('GOSS 3.5: on the day\'s last GT the designation must be revealed (no decline), so every commitment is checked before the day ends', () => {
    let s = sealed('Night');
    for (const t of ['AM', 'PM']) {
      s = toGermanTurn(s);
      expect(time(s)).toBe(t);
      s = ok(toMove(ok(s, { type: 'restPass' })), { type: 'endSegment' });
    }
    s = toGermanTurn(s);
    expect(time(s)).toBe('Night');
    expect(s.pending).toMatchObject({ kind: 'restGT', accepts: ['reveal'] });
    expect(legalActions(s, 'german')).toEqual([]);
    expect(refused(s, { type: 'restPass' })).toMatchObject({ code: 'decision-pending', case: CASE, message: expect.stringContaining('Reveal your rest GT designation of 1944-07-18') });
    expect(refused(s, { type: 'endSegment' })).toMatchObject({ code: 'decision-pending' });
    const events: GameEvent[] = [];
    s = ok(s, { type: 'reveal', key: KEY, value: 'Night', salt: SALT }, events);
    expect(events.map((e) => e.type)).toEqual(['revealed', 'restGT']);
  });

  it('GOSS 3.5: a designation declined on its own GT is exposed when revealed (restBroken), and has no effect', () => {
    let s = toGermanTurn(sealed('AM'));
    s = ok(s, { type: 'restPass' }); // declined on the designated GT
    s = toGermanTurn(ok(toMove(s), { type: 'endSegment' }));
    expect(time(s)).toBe('PM');
    const events: GameEvent[] = [];
    s = ok(s, { type: 'reveal', key: KEY, value: 'AM', salt: SALT }, events);
    expect(events[1]).toEqual({ type: 'restBroken', side: 'german', time: 'AM', message: 'the rest GT designated for AM was not declared on that GT', case: CASE });
    expect(isRestGT(toMove(s), bundle, 'german')).toBe(false);
  });

  it('the scenario option is validated at load (file, path, reason)', () => {
    const bad = { ...restScenario, id: 'demo-rest-bad', rules: { secretRest: { side: 'axis', source: 'test: bad side' } } };
    expect(() => loadScenario('demo-rest-bad', { ...BUILTIN, scenarios: { 'data/scenarios/demo-rest-bad.json': bad } })).toThrow(/data\/scenarios\/demo-rest-bad\.json at rules\.secretRest\.side: /);
  });

  it('scenarios without the rule seal nothing', () => {
    const s = newGame(loadScenario('demo'), { seed: 'rest' }).state;
    expect(s.hidden).toBeUndefined();
    expect(s.pending).toBeUndefined();
  });

  it('GOSS 3.5 (3.5.3): in the side\'s rest GT no unit moves directly from a hex adjacent to an enemy to another hex adjacent to it; out of the rest GT it may', () => {
    let rest = toGermanTurn(sealed('AM'));
    rest = toMove(ok(rest, { type: 'reveal', key: KEY, value: 'AM', salt: SALT }));
    let calm = toGermanTurn(sealed('PM'));
    calm = toMove(ok(calm, { type: 'restPass' }));
    expect(isRestGT(rest, bundle, 'german')).toBe(true);
    expect(isRestGT(calm, bundle, 'german')).toBe(false);
    // A German unit beside an Allied unit, moving one hex round it: the first such step a plain GT allows.
    const G = 'demo-i-981';
    const taken = new Set(unitList(rest).filter((u) => u.hex !== null).map((u) => u.hex));
    let found: { from: number; to: number } | null = null;
    for (const a of unitList(rest).filter((u) => u.side === 'allied' && u.hex !== null)) {
      const ring = neighbours(a.hex!);
      for (let i = 0; i < 6 && !found; i++) {
        const from = ring[i], to = ring[(i + 1) % 6];
        if (taken.has(from) || taken.has(to)) continue;
        const place = (x: GameState) => edit(x, (d) => { const u = mutUnit(d, G); u.hex = from; u.markers = []; u.mpSpent = 0; });
        if (apply(place(calm), { type: 'move', unit: G, path: [formatHex(to)] }).ok) found = { from, to };
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const place = (x: GameState) => edit(x, (d) => { const u = mutUnit(d, G); u.hex = found!.from; u.markers = []; u.mpSpent = 0; });
    expect(refused(place(rest), { type: 'move', unit: G, path: [formatHex(found!.to)] })).toMatchObject({ case: 'GOSS 3.5', message: expect.stringContaining('rest GT') });
  });

  it('GOSS 3.5: in the side\'s rest GT a unit that moves more than half its MA takes one fatigue hit; out of the rest GT it does not', () => {
    let rest = toGermanTurn(sealed('AM'));
    rest = toMove(ok(rest, { type: 'reveal', key: KEY, value: 'AM', salt: SALT }));
    let calm = toGermanTurn(sealed('PM'));
    calm = toMove(ok(calm, { type: 'restPass' }));
    // The German unit whose longest single move spends more than half its MA, far from any enemy (no slide).
    const far = (s: GameState) => {
      for (const u of unitList(s).filter((x) => x.side === 'german' && x.hex !== null).sort((a, b) => a.id.localeCompare(b.id))) {
        const moves = legalActions(s, 'german').filter((a) => a.type === 'move' && a.unit === u.id && (a.via ?? 'offroad') === 'offroad') as { type: 'move'; unit: string; path: string[] }[];
        for (const m of moves.sort((a, b) => b.path.length - a.path.length)) {
          const r = apply(s, m);
          if (!r.ok) continue;
          const spent = unitOf(r.state, u.id).mpSpent;
          if (spent * 2 > bundle.units.get(u.id)!.ma) return { m, spent };
        }
      }
      return null;
    };
    const pick = far(calm)!;
    expect(pick).not.toBeNull();
    const events: GameEvent[] = [];
    const after = ok(rest, pick.m, events);
    expect(events).toContainEqual({ type: 'restFatigue', unit: pick.m.unit, level: 1, case: 'GOSS 3.5' });
    expect(unitOf(after, pick.m.unit).markers).toContain('F1');
    const plain: GameEvent[] = [];
    const out = ok(calm, pick.m, plain);
    expect(plain.some((e) => e.type === 'restFatigue')).toBe(false);
    expect(unitOf(out, pick.m.unit).markers).not.toContain('F1');
  });
});

