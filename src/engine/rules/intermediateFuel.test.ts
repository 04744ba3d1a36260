/**
 * AW 35.5.1–35.5.2 intermediate fuel: the Allied Mech MA by date and the German low-fuel GT (a GT
 * sealed each game day, rules/dailySealedGt.ts). Test scenario: the 6th Airborne's map C order of
 * battle on the standard sequence, with a British armoured regiment added, the fuel rules turned on.
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { apply, legalActions, newGame, view, type Action, type GameEvent, type GameState } from '../index';
import { sealCommitment } from './hidden';
import { maAfterModules } from './extensions';
import { gameTime } from '../sequence';
import { intermediateFuel, isLowFuelGt } from './intermediateFuel';
import { fuelBundle } from './intermediateFuel.fixture';
import { allowance, sideView } from './movement-search';
import { unitList, unitOf } from '../unitTable';

const ALLIED_MECH = '23-h-29-11'; // printed MA 12
const GERMAN_MECH = 'i-192-21'; // printed MA 12
const AIRBORNE_LEG = '8para-6ab';
const SALT = 'c3'.repeat(32);
const CASE = 'AW 35.5.2';

function ok(state: GameState, a: Action, events?: GameEvent[]): GameState {
  const r = apply(state, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message}`);
  events?.push(...r.events);
  return r.state;
}

describe('AW 35.5 intermediate fuel', () => {
  it('AW 35.5.1 (seed:004 L11169-11187): Allied Mech printed MA −4 from June 7 AM, −2 from June 12 AM, full from July 3 AM; Leg units keep theirs', () => {
    const b = fuelBundle({ date: '1944-06-07', time: 'AM' });
    const s0 = newGame(b, { seed: 'fuel' }).state;
    const at = (date: string, time: string): GameState => produce(s0, (d) => {
      for (let t = 0; t < 200; t++) { const g = gameTime(b.scenario, b.sequence, t); if (g.date === date && g.time === time) { d.pos.turn = t; return; } }
      throw new Error(`no GT ${date} ${time}`);
    });
    expect(maAfterModules(at('1944-06-07', 'AM'), b, ALLIED_MECH)).toMatchObject({ ma: 8, case: 'AW 35.5.1' });
    expect(maAfterModules(at('1944-06-11', 'Night'), b, ALLIED_MECH).ma).toBe(8);
    expect(maAfterModules(at('1944-06-12', 'AM'), b, ALLIED_MECH).ma).toBe(10);
    expect(maAfterModules(at('1944-07-02', 'Night'), b, ALLIED_MECH).ma).toBe(10);
    expect(maAfterModules(at('1944-07-03', 'AM'), b, ALLIED_MECH)).toMatchObject({ ma: 12, case: 'GOSS 7' });
    const leg = b.units.get(AIRBORNE_LEG)!;
    expect(leg.moveClass).not.toBe('mech');
    expect(maAfterModules(at('1944-06-07', 'AM'), b, AIRBORNE_LEG).ma).toBe(leg.ma);
    // The German rule begins with the June 9 GD: June 7 and 8 carry no German step.
    expect(maAfterModules(at('1944-06-08', 'PM'), b, GERMAN_MECH).ma).toBe(12);
  });

  it('AW 35.5.2 (seed:004 L11189-11225): the German seals one GT of each GD from June 9; in it Mech MA −2, in the other two at most half the printed MA and one PA hex; the Allies see only the commitment', () => {
    const b = fuelBundle({ date: '1944-06-09', time: 'AM' });
    const KEY = 'lowFuelGT:1944-06-09';
    let s = newGame(b, { seed: 'fuel' }).state;
    expect(s.pending).toEqual({ side: 'german', kind: 'seal', accepts: ['seal'], case: CASE, prompt: 'Secretly designate your low-fuel GT of 1944-06-09 (AM, PM, Night): the other side sees only that a choice was sealed' });
    s = ok(s, { type: 'seal', key: KEY, commitment: sealCommitment(KEY, 'PM', SALT) });
    const allied = JSON.stringify(view(s, 'allied'));
    expect(allied).not.toContain(SALT);
    expect(allied).not.toMatch(/"(value|revealed)"/);
    const events: GameEvent[] = [];
    /** Ends segments until the German is asked about the low-fuel GT. */
    const toQuestion = (x: GameState): GameState => { for (let i = 0; i < 80 && x.pending?.kind !== 'lowFuelGT'; i++) x = ok(x, { type: 'endSegment' }, events); return x; };
    // AM: asked; not this GT. Half the printed MA and one PA hex for the Mech units.
    s = toQuestion(s);
    expect(s.pending).toMatchObject({ side: 'german', kind: 'lowFuelGT', accepts: ['reveal', 'fuelPass'], case: CASE });
    expect(gameTime(b.scenario, b.sequence, s.pos.turn).time).toBe('AM');
    s = ok(s, { type: 'fuelPass' }, events);
    expect(events.at(-1)).toMatchObject({ type: 'lowFuelDeclined', side: 'german', time: 'AM', case: CASE });
    expect(maAfterModules(s, b, GERMAN_MECH)).toMatchObject({ ma: 6, case: CASE });
    expect(intermediateFuel.paHexes!(s, b, GERMAN_MECH, 4)).toMatchObject({ ma: 1, case: CASE });
    // The movement allowance reads both (the ×2 half-MP budget; PA in hexes).
    const mover = (x: GameState, mode: 'tactical' | 'pa') => allowance({ state: x, bundle: b, view: sideView(x, b, 'german'), unit: unitOf(x, GERMAN_MECH), def: b.units.get(GERMAN_MECH)!, mode, leg: false });
    expect(mover(s, 'tactical').budget).toBe(12);
    expect(mover(s, 'pa')).toMatchObject({ budget: 1, parts: expect.arrayContaining([{ case: CASE, text: 'not the low-fuel GT: 1 PA hex' }]) });
    // A revealed value that has not come yet is refused.
    expect(apply(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT }).ok).toBe(false);
    // PM: revealed. Mech MA −2, PA as printed.
    s = toQuestion(s);
    expect(gameTime(b.scenario, b.sequence, s.pos.turn).time).toBe('PM');
    s = ok(s, { type: 'reveal', key: KEY, value: 'PM', salt: SALT }, events);
    expect(events.at(-1)).toMatchObject({ type: 'lowFuelGt', side: 'german', time: 'PM', case: CASE });
    expect(isLowFuelGt(s, b)).toBe(true);
    expect(maAfterModules(s, b, GERMAN_MECH)).toMatchObject({ ma: 10, case: CASE });
    expect(intermediateFuel.paHexes!(s, b, GERMAN_MECH, 4)).toBeNull();
    expect(mover(s, 'tactical').budget).toBe(20);
    expect(mover(s, 'pa').budget).toBeGreaterThan(1);
    // Night: no question (already revealed); half MA again. The Allies lose 4 until June 12 (AW 35.5.1).
    for (let i = 0; i < 80 && gameTime(b.scenario, b.sequence, s.pos.turn).time !== 'Night'; i++) s = ok(s, { type: 'endSegment' }, events);
    expect(maAfterModules(s, b, GERMAN_MECH).ma).toBe(6);
    expect(maAfterModules(s, b, ALLIED_MECH).ma).toBe(8);
    // The next GD asks for a new designation at its first segment.
    for (let i = 0; i < 120 && s.pending?.kind !== 'seal'; i++) s = ok(s, { type: 'endSegment' }, events);
    expect(s.hidden!.request).toMatchObject({ key: 'lowFuelGT:1944-06-10', options: ['AM', 'PM', 'Night'] });
  });

  it('AW 35.5.2: declined on the designated GT, the designation is revealed on the day\'s last GT and reported as not honoured', () => {
    const b = fuelBundle({ date: '1944-06-09', time: 'AM' });
    const KEY = 'lowFuelGT:1944-06-09';
    let s = ok(newGame(b, { seed: 'fuel' }).state, { type: 'seal', key: KEY, commitment: sealCommitment(KEY, 'AM', SALT) });
    const events: GameEvent[] = [];
    for (const _ of ['AM', 'PM']) {
      for (let i = 0; i < 80 && s.pending?.kind !== 'lowFuelGT'; i++) s = ok(s, { type: 'endSegment' }, events);
      s = ok(s, { type: 'fuelPass' }, events);
    }
    for (let i = 0; i < 80 && s.pending?.kind !== 'lowFuelGT'; i++) s = ok(s, { type: 'endSegment' }, events);
    expect(s.pending).toMatchObject({ accepts: ['reveal'] });
    const pass = apply(s, { type: 'fuelPass' });
    expect(pass.ok ? null : pass.error).toMatchObject({ code: 'decision-pending', case: CASE });
    s = ok(s, { type: 'reveal', key: KEY, value: 'AM', salt: SALT }, events);
    expect(events.at(-1)).toMatchObject({ type: 'lowFuelBroken', side: 'german', time: 'AM', case: CASE });
    expect(isLowFuelGt(s, b)).toBe(false);
    expect(maAfterModules(s, b, GERMAN_MECH).ma).toBe(6);
  });

  it('AW 35.5.2 (seed:004 L11207-11221): each GD the German side names formations or BGs at full MA, once, in its Movement Segment: one formation or four BGs until July 3, two or eight from July 4', () => {
    const b = fuelBundle({ date: '1944-06-09', time: 'AM' });
    const KEY = 'lowFuelGT:1944-06-09';
    let s = ok(newGame(b, { seed: 'fuel' }).state, { type: 'seal', key: KEY, commitment: sealCommitment(KEY, 'Night', SALT) });
    const refusal = (x: GameState, a: Action) => { const r = apply(x, a); return r.ok ? null : r.error; };
    // The Allied Movement Segment admits the action, but only the German side names exemptions.
    for (let i = 0; i < 40 && b.sequence.playerTurn[s.pos.phase].segments[s.pos.segment].id !== 'move'; i++) s = ok(s, { type: 'endSegment' });
    expect(refusal(s, { type: 'fuelExempt', formations: ['21Pz'], units: [] })).toMatchObject({ code: 'wrong-side', case: CASE });
    for (let i = 0; i < 80 && s.pending?.kind !== 'lowFuelGT'; i++) s = ok(s, { type: 'endSegment' });
    s = ok(s, { type: 'fuelPass' });
    for (let i = 0; i < 40 && b.sequence.playerTurn[s.pos.phase].segments[s.pos.segment].id !== 'move'; i++) s = ok(s, { type: 'endSegment' });
    expect(s.pos.playerTurn).toBe(1);
    expect(b.units.get(GERMAN_MECH)!.formation).toBe('21Pz');
    expect(legalActions(s, 'german')).toContainEqual({ type: 'fuelExempt', formations: ['21Pz'], units: [] });
    expect(refusal(s, { type: 'fuelExempt', formations: ['21Pz', '12SS'], units: [] })).toMatchObject({ code: 'too-many', message: 'at most 1 division formation or 4 BGs a game day now' });
    const independent = unitList(s).find((u) => u.side === 'german' && u.hex !== null && b.units.get(u.id)!.independent)!.id;
    expect(refusal(s, { type: 'fuelExempt', formations: ['21Pz'], units: [independent] })).toMatchObject({ code: 'too-many' });
    expect(refusal(s, { type: 'fuelExempt', formations: ['XYZ'], units: [] })).toMatchObject({ code: 'no-formation' });
    expect(refusal(s, { type: 'fuelExempt', formations: ['21Pz', '21Pz'], units: [] })).toMatchObject({ code: 'duplicate' });
    const events: GameEvent[] = [];
    const before = maAfterModules(s, b, GERMAN_MECH).ma;
    s = ok(s, { type: 'fuelExempt', formations: ['21Pz'], units: [] }, events);
    expect(before).toBe(6);
    expect(events).toContainEqual({ type: 'fuelExempted', side: 'german', formations: ['21Pz'], units: [], case: CASE });
    expect(maAfterModules(s, b, GERMAN_MECH)).toMatchObject({ ma: 12, case: 'GOSS 7' });
    expect(intermediateFuel.paHexes!(s, b, GERMAN_MECH, 4)).toBeNull();
    expect(refusal(s, { type: 'fuelExempt', formations: ['21Pz'], units: [] })).toMatchObject({ code: 'already' });
    expect(legalActions(s, 'german').some((a) => a.type === 'fuelExempt')).toBe(false);
    // July 4: two division formations.
    const july4 = produce(s, (d) => { d.pos.turn += 25 * 3; (d as unknown as { special: { fuel?: unknown } }).special.fuel = undefined; });
    expect(gameTime(b.scenario, b.sequence, july4.pos.turn).date).toBe('1944-07-04');
    expect(refusal(july4, { type: 'fuelExempt', formations: ['21Pz', '12SS'], units: [] })).toBeNull();
    // The next GD: the exemption is gone.
    const june10 = produce(s, (d) => { d.pos.turn += 3; });
    expect(maAfterModules(june10, b, GERMAN_MECH).ma).toBe(6);
  });
});
