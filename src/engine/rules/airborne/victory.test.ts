import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, sideToAct } from '../../game';
import { loadScenario } from '../../../data/bundle';
import { act, b6, edit, start, withDice } from './stage.fixture';
import { stageScore } from './victory';
import { airborneDraft, airborneState } from './state';
import { segmentAt } from '../../sequence';
import { hexOfRulesId, hexsideBetween } from '../../hex';
import type { GameState } from '../../types';
import { mutUnit, unitIds, unitOf } from '../../unitTable';

const segOf = (s: GameState) => segmentAt(b6().sequence, s.pos).segment.id;
const LANDING = ['pegasus', 'placeDz', 'dropUnit', 'dropFow', 'landGlider', 'mervilleAttack'];

describe('the night-drop scenarios end with the stage (reconstructed victory)', { timeout: 120_000 }, () => {
  it('reconstructed score after the Pegasus mission (3, 8): 2 bridges × 3, the Coy\'s step 1, the bridges objective held 3 = 10, a German victory if the stage ended here (Allied 26+, German 17−)', () => {
    const s = act(withDice(start(b6()), [['d10', 3], ['d10', 8]]), { type: 'pegasus' }).state;
    const sc = stageScore(s, b6())!;
    expect(sc.items).toEqual([
      { what: 'bridges captured or blown', count: 2, points: 6 },
      { what: 'DZs free of German units', count: 0, points: 0 },
      { what: 'regrouped Allied steps on the map', count: 1, points: 1 },
      { what: 'Allied steps lost (FoW counters one each)', count: 0, points: 0 },
      { what: 'German steps lost', count: 0, points: 0 },
      { what: 'objectives held by the Allies', count: 1, points: 3 },
    ]);
    expect(sc).toMatchObject({ total: 10, winner: 'german' });
    // A German unit in the bridges hex takes the objective away.
    const g = edit(s, (d) => { const id = unitIds(d).find((u) => unitOf(d, u).side === 'german' && unitOf(d, u).hex !== null)!; mutUnit(d, id).hex = unitOf(d, 'd-2obli-6ab').hex; });
    expect(stageScore(g, b6())!.total).toBe(7);
    // AW 41.3.7b after 41.1.1: blowing the captured bridge at the Pegasus hex scores nothing more; another bridge scores 3.
    const blow = (st: GameState, a: string, b: string) => edit(st, (d) => {
      const x = airborneDraft(d); (x.bridges ??= {}).blown = [...(x.bridges.blown ?? []), hexsideBetween(hexOfRulesId(a), hexOfRulesId(b))];
      (x.log ??= {}).bridgesBlown = (x.log.bridgesBlown ?? 0) + 1;
    });
    const pegasusBlown = blow(s, 'C5217', 'C5317');
    expect(stageScore(pegasusBlown, b6())!.items[0]).toEqual({ what: 'bridges captured or blown', count: 2, points: 6 });
    expect(stageScore(blow(pegasusBlown, 'C5315', 'C5314'), b6())!.items[0]).toEqual({ what: 'bridges captured or blown', count: 3, points: 9 });
  });
  it('a scenario without the airborne module has no stage score (the victory screen asks every scenario)', () => {
    const g = loadScenario('goodwood');
    expect(stageScore(newGame(g, { seed: 'x' }).state, g)).toBeNull();
  });
  it('a FoW counter eliminated after it landed (airborne combat, AW 41.5.2; a fifth in a hex, AW 41.3.1) counts one Allied step lost, as one lost in the drop does', () => {
    let s: GameState = start(b6(), 'v');
    // The drop, then the first Allied movement segment with FoW counters on the map.
    for (let i = 0; i < 300 && !(segOf(s) === 'alliedMovement1'); i++) {
      const offers = legalActions(s, sideToAct(s)!);
      const a = s.pending ? offers.find((x) => x.type !== 'roll' && x.type !== 'diceKey')! : offers.find((x) => LANDING.includes(x.type)) ?? { type: 'endSegment' as const };
      s = act(s, a).state;
    }
    const fow = Object.keys(airborneState(s).fow).filter((id) => unitOf(s, id).hex !== null && !unitOf(s, id).eliminated);
    expect(fow.length).toBeGreaterThan(1);
    const before = stageScore(s, b6())!.items[3];
    // As airborneCombat does for a FoW loser (combatProcedure.ts): the counter gone, its identity kept hidden.
    const one = edit(s, (d) => { const u = mutUnit(d, fow[0]); u.eliminated = true; u.hex = null; (airborneDraft(d).fow[fow[0]] as { eliminated?: true }).eliminated = true; });
    expect(stageScore(one, b6())!.items[3]).toEqual({ ...before, count: before.count + 1, points: before.points - 1 });
    // Eliminated by a rule that leaves the record as it is: still one.
    const two = edit(one, (d) => { const u = mutUnit(d, fow[1]); u.eliminated = true; u.hex = null; });
    expect(stageScore(two, b6())!.items[3].count).toBe(before.count + 2);
  });
  it('AW 41.0 (41.1.0–41.11.0) the 6th Airborne stage played through its 11 segments: the game is over at the stage\'s end, scored, and refuses any further action', () => {
    let s: GameState = start(b6(), 'v');
    let last: unknown[] = [];
    for (let i = 0; i < 600 && !s.over; i++) {
      const side = sideToAct(s)!;
      const offers = legalActions(s, side);
      const a = s.pending ? offers.find((x) => x.type !== 'roll' && x.type !== 'diceKey')! : offers.find((x) => LANDING.includes(x.type)) ?? { type: 'endSegment' as const };
      const r = apply(s, a);
      if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
      s = r.state;
      last = r.events;
    }
    expect(s.over).not.toBeNull();
    expect(s.pos.part).toBe('stage');
    const sc = stageScore(s, b6())!;
    expect(s.over!.winner).toBe(sc.winner);
    expect(s.over!.reason).toContain(`${sc.total} points`);
    expect(last).toContainEqual(expect.objectContaining({ type: 'victory', points: sc.total, winner: sc.winner }));
    expect(last).toContainEqual(expect.objectContaining({ type: 'stageEnded', stage: 'airborneAssault' }));
    expect(last.some((e) => (e as { type: string }).type === 'turnStarted')).toBe(false);
    expect(apply(s, { type: 'endSegment' })).toMatchObject({ ok: false, error: { code: 'game-over' } });
    expect(sideToAct(s)).toBeNull();
  });
});
