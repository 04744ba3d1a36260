/**
 * Issue 9: the programmed opponent plays Epsom (AW 33) and Cherbourg (AW 34) from data/ai/epsom.json
 * and data/ai/cherbourg.json. A fast CI subset: 2 seeds a scenario, the "think faster" level, the
 * first game turns (Cherbourg from its German setup phase, AW 34.11.2). The full 10-seed runs
 * (`npm run selfplay -- --scenario epsom --games 10`, docs/ai.md) play every GT to the end.
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../src/data/bundle';
import { replay, stateHash } from '../src/engine/game';
import { setupStatus } from '../src/engine/rules/setupPhase';
import { aiFileFor, postureFor } from '../src/ai/posture';
import { playGame } from '../src/ai/selfplay';

const AI = { level: 'fast' as const, budgetMs: 600_000 };

describe('AI postures for Epsom and Cherbourg (data/ai)', () => {
  test('AW 33.13 / 34.13: the files validate; the Allies attack the victory hexes, the Germans hold them', () => {
    for (const [id, hexes] of [['epsom', ['C3927', 'C3828']], ['cherbourg', ['A3609']]] as const) {
      const f = aiFileFor(id)!;
      expect(f.sides.allied?.posture).toBe('attack');
      expect(f.sides.german?.posture).toBe('defend');
      const b = loadScenario(id);
      const obj = postureFor(b, 'allied').objectives.flatMap((o) => ('hexes' in o.hexes ? o.hexes.hexes ?? [] : []));
      const hold = postureFor(b, 'german').hold.flatMap((o) => ('hexes' in o.hexes ? o.hexes.hexes ?? [] : []));
      for (const h of hexes) { expect(obj).toContain(h); expect(hold).toContain(h); }
    }
  });
});

describe('AI vs AI, fast subset (2 seeds, first game turns)', () => {
  for (const [scenario, turns] of [['epsom', 3], ['cherbourg', 2]] as const) {
    for (const seed of [`${scenario}-ci-1`, `${scenario}-ci-2`]) {
      test(`${scenario} ${seed}: ${turns} GTs without a refused action or a stall; assaults made; the log replays to the same state`, () => {
        const r = playGame({ scenario, seed, players: { allied: 'ai', german: 'ai' }, maxTurns: turns, ai: AI });
        expect(r.stuck).toBeUndefined();
        expect(r.finalState.pos.turn).toBe(turns);
        expect(r.actions.some((a) => a.type === 'assault')).toBe(true);
        expect(r.stepsLost.allied / r.stepsTotal.allied).toBeLessThan(0.6);
        expect(r.stepsLost.german / r.stepsTotal.german).toBeLessThan(0.6);
        if (scenario === 'cherbourg') {
          // AW 34.11.2: the German placement pools were filled and the setup closed, legally.
          expect(r.actions.slice(0, 2).map((a) => a.type)).toEqual(['randomSetup', 'finishSetup']);
          const set = replay({ scenario, options: { seed }, actions: r.actions.slice(0, 2) });
          expect(set.ok).toBe(true);
          const st = set.ok ? setupStatus(set.state, loadScenario('cherbourg'))! : null;
          expect(st?.open).toBe(false);
          expect(st?.failures).toEqual([]);
          expect(st?.pools.every((p) => p.waiting.length === 0)).toBe(true);
        }
        const rep = replay({ scenario, options: { seed }, actions: r.actions });
        expect(rep.ok).toBe(true);
        if (rep.ok) expect(stateHash(rep.state)).toBe(stateHash(r.finalState));
      }, 180_000);
    }
  }
});
