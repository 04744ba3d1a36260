/**
 * The end of a stage-alone scenario (the night-drop scenarios): the game ends when the Airborne
 * Assault Stage ends, and the reconstructed victory points of `special.airborne.stageAlone.victory`
 * decide it (docs/scenarios/night-drop-*.md). The stage has no victory rule of its own in AW 41.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../../types';
import type { RuleContext } from '../registry';
import { hexOfRulesId } from '../../hex';
import { isLeader, stepsLeft } from '../unit-traits';
import { airborneData, airborneState } from './state';

export interface StageScore {
  items: { what: string; count: number; points: number }[];
  total: number;
  winner: Side | 'draw';
}

/** The victory points of the position (reconstructed), item by item. */
export function stageScore(state: GameState, bundle: ScenarioBundle): StageScore | null {
  const v = airborneData(bundle).special.stageAlone?.victory;
  if (!v) return null;
  const a = airborneState(state);
  const units = Object.values(state.units);
  const germanAt = (h: number) => units.some((u) => u.hex === h && u.side === 'german' && !u.eliminated);
  const alliedAt = (h: number) => units.some((u) => u.hex === h && u.side === 'allied' && !u.eliminated);
  const bridges = (a.pegasus ? [a.pegasus.orne, a.pegasus.canal].filter((b) => b === 'captured').length : 0) + (a.log?.bridgesBlown ?? 0);
  const dzs = Object.values(a.dzs).filter((z) => z.hex !== null && !z.removed && !germanAt(z.hex)).length;
  let regrouped = 0;
  let alliedLost = a.log?.fowLost ?? 0;
  let germanLost = 0;
  for (const u of units) {
    const def = bundle.units.get(u.id);
    if (!def || isLeader(def) || a.fow[u.id]) continue;
    const total = def.steps.length;
    const lost = u.eliminated ? total : Math.min(total, u.stepsLost);
    if (u.side === 'german') germanLost += lost;
    else {
      alliedLost += lost;
      if (!u.eliminated && u.hex !== null) regrouped += stepsLeft(def, u);
    }
  }
  const objectives = v.objectives.filter((o) => { const h = hexOfRulesId(o.hex); return alliedAt(h) && !germanAt(h); }).length;
  const p = v.points;
  const items = [
    { what: 'bridges captured or blown', count: bridges, points: bridges * p.bridge },
    { what: 'DZs free of German units', count: dzs, points: dzs * p.dzHeld },
    { what: 'regrouped Allied steps on the map', count: regrouped, points: regrouped * p.regroupedStep },
    { what: 'Allied steps lost (FoW counters one each)', count: alliedLost, points: alliedLost * p.alliedStepLost },
    { what: 'German steps lost', count: germanLost, points: germanLost * p.germanStepLost },
    { what: 'objectives held by the Allies', count: objectives, points: objectives * p.objective },
  ];
  const total = items.reduce((n, i) => n + i.points, 0);
  const winner: Side | 'draw' = total >= v.thresholds.allied ? 'allied' : total <= v.thresholds.german ? 'german' : 'draw';
  return { items, total, winner };
}

/** At the end of the Airborne Assault Stage of a stage-alone scenario: the game is over, scored. */
export function stageAloneEnd(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { special } = airborneData(ctx.bundle);
  if (!special.stageAlone) return [];
  const v = special.stageAlone.victory;
  const score = stageScore(d as GameState, ctx.bundle)!;
  const reason = `${v.case}: ${score.winner === 'draw' ? 'a draw' : `${score.winner === 'allied' ? 'Allied' : 'German'} victory`} with ${score.total} points at the end of the Airborne Assault Stage`;
  d.over = { reason, winner: score.winner };
  return [
    { type: 'victory', winner: score.winner, points: score.total, items: score.items, text: v.text, case: v.case },
    { type: 'gameOver', reason, winner: score.winner },
  ];
}
