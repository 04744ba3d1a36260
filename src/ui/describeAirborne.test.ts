/**
 * The Airborne Assault Stage's events in the log (describeAirborne.ts): each says what was rolled and
 * what came of it, and no event of a played night drop is left to the generic line ("Ab combat: hex …").
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../data/bundle';
import { playGame } from '../ai/selfplay';
import { apply, newGame } from '../engine/game';
import type { GameEvent } from '../engine/types';
import { describeEvent } from './describe';

const b6 = () => loadScenario('night-drop-6ab');
const text = (e: Record<string, unknown>) => describeEvent(e as unknown as GameEvent, b6());

describe('AW 41 events in the game log', () => {
  it('AW 41.5.1–41.5.2 airborne combat: both totals and dice, the winner, the margin against the loser\'s PR and the result', () => {
    const side = (s: string, total: number) => ({ side: s, role: '', units: [], strength: 0, lead: null, pr: 6, prAdd: 0, leader: null, leaderAdd: 0, terrain: null, extra: [], total });
    expect(text({
      type: 'abCombat', hex: 'C5215', from: 'C5215', forced: true, attacker: side('allied', 4), defender: side('german', 7),
      outcome: { attacker: { total: 4, roll: 8, final: 12 }, defender: { total: 7, roll: 6, final: 13 }, winner: 'defender', diff: 1, loserPr: 6, result: 'retreat' }, case: 'AW 41.5.1, 41.5.2',
    })).toBe('Airborne combat on C5215 (the landing unit\'s forced attack): Allied 4 + die 8 = 12 against German 7 + die 6 = 13 — the defender wins by 1: the attacker retreats (1 < its PR 6) (AW 41.5.1, 41.5.2)');
    expect(text({
      type: 'abCombat', hex: 'C5416', from: 'C5417', forced: false, attacker: side('allied', 9), defender: side('german', 3),
      outcome: { attacker: { total: 9, roll: 7, final: 16 }, defender: { total: 3, roll: 2, final: 5 }, winner: 'attacker', diff: 11, loserPr: 5, result: 'retreatStep' }, case: 'AW 41.5.1, 41.5.2',
    })).toBe('Airborne combat on C5416 from C5417: Allied 9 + die 7 = 16 against German 3 + die 2 = 5 — the attacker wins by 11: the defender loses a step and retreats (11 ≥ its PR 5) (AW 41.5.1, 41.5.2)');
  });
  it('AW 41.1.2–41.1.3, 41.3.5, 41.3.7: a DZ\'s scatter and status roll, a regroup roll against its number, a stage move in hexes', () => {
    expect(text({ type: 'dzPlaced', dz: '6AB-V', target: 'C5816', hex: 'C5817', scatter: 'S1', moved: true, position: 2, main: false, status: 'C', roll: 5, drm: -1, modified: 4, case: 'AW 41.1.2, 41.1.3' }))
      .toBe('DZ 6AB-V on C5817: scatter S1 from C5816; status C (rolled 5, − 1 = 4) (AW 41.1.2, 41.1.3)');
    expect(text({ type: 'regroupRoll', unit: 'cw-fow-22', hex: 'C5815', number: 6, dz: 'B', leader: false, roll: 7, success: false, case: 'AW 41.3.5' }))
      .toBe('FoW in C5815 tries to regroup (DZ status B: 6 or less): rolled 7 — not yet (AW 41.3.5)');
    expect(text({ type: 'unitMoved', unit: 'cw-fow-12', from: 'C5016', to: 'C5217', path: ['C5116', 'C5217'], cost: 2, hexes: true, case: 'AW 41.3.7' }))
      .toBe('FoW moved C5016 → C5217, 2 hexes (AW 41.3.7)');
    expect(text({ type: 'germanActivationRoll', group: '21Pz', die: 7, count: 4, case: 'AW 41.6.2' }))
      .toBe('21st Panzer Division: 4 units may be activated (½d10 rounded up: rolled 7) (AW 41.6.2)');
  });
  it('every event of a night drop played to its end has its own words, none the generic line', { timeout: 120_000 }, () => {
    const types = new Set<string>();
    for (const scenario of ['night-drop-6ab', 'night-drop-us']) {
      const seed = 'log-1';
      const bundle = loadScenario(scenario);
      const r = playGame({ scenario, seed, players: { allied: 'ai', german: 'ai' }, ai: { level: 'fast', budgetMs: 600_000 } });
      let s = newGame(bundle, { seed }).state;
      for (const a of r.actions) {
        const res = apply(s, a);
        if (!res.ok) throw new Error(res.error.message);
        s = res.state;
        for (const e of res.events) {
          types.add(e.type);
          // The generic line starts with the event's type in words ("Ab combat", "Regroup roll").
          const generic = e.type.replace(/([A-Z])/g, ' $1').toLowerCase();
          if (e.type !== 'gameOver') expect(describeEvent(e, bundle).toLowerCase().startsWith(generic), `${e.type}: ${describeEvent(e, bundle)}`).toBe(false);
          expect(describeEvent(e, bundle)).not.toMatch(/\breconstructed:/);
        }
      }
    }
    for (const t of ['abCombat', 'regroupRoll', 'dzPlaced', 'unitScatter', 'landingTerrain', 'bridgeAttempt', 'fowRevealed', 'victory']) expect(types, t).toContain(t);
  });
});
