/**
 * The end of a stage-alone scenario (the night-drop scenarios): the game ends when the Airborne
 * Assault Stage ends, and the reconstructed victory points of `special.airborne.stageAlone.victory`
 * decide it (docs/scenarios/night-drop-*.md). The stage has no victory rule of its own in AW 41.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../../types';
import type { RuleContext } from '../registry';
import { hexOfRulesId, hexsideHexes } from '../../hex';
import { isLeader, stepsLeft } from '../unit-traits';
import { AIRBORNE, airborneData, airborneState } from './state';
import { moduleOn } from '../extensions';
import { readUnits } from '../unitIndex';

export interface StageScore {
  items: { what: string; count: number; points: number }[];
  total: number;
  winner: Side | 'draw';
}

/** The victory points of the position (reconstructed), item by item; null for a scenario that is not a stage alone. */
export function stageScore(state: GameState, bundle: ScenarioBundle): StageScore | null {
  // Any scenario may ask (the victory screen does): one without the airborne module has no stage score.
  if (!moduleOn(bundle, AIRBORNE)) return null;
  const v = airborneData(bundle).special.stageAlone?.victory;
  if (!v) return null;
  const a = airborneState(state);
  // Read without drafting: at the stage's end this runs on the action's draft (issue 17).
  const units = readUnits(state.units);
  const germanAt = (h: number) => units.some((u) => u.hex === h && u.side === 'german' && !u.eliminated);
  const alliedAt = (h: number) => units.some((u) => u.hex === h && u.side === 'allied' && !u.eliminated);
  const captured = a.pegasus ? [a.pegasus.orne, a.pegasus.canal].filter((b) => b === 'captured').length : 0;
  // Each bridge once: a bridge the Pegasus mission captured (AW 41.1.1) that the Allies then blow (AW 41.3.7b)
  // is not scored again. The blown sides at the Pegasus hex count only when no bridge there was captured.
  const pegasusHex = hexOfRulesId(airborneData(bundle).tables.pegasus.hex);
  const blown = (a.bridges?.blown ?? []).filter((side) => !(captured && hexsideHexes(side).includes(pegasusHex))).length;
  const bridges = captured + blown;
  const dzs = Object.values(a.dzs).filter((z) => z.hex !== null && !z.removed && !germanAt(z.hex)).length;
  let regrouped = 0;
  // Each FoW counter eliminated and not yet revealed counts one step, however it was lost: in the drop
  // (landing.ts), in airborne combat, in a fifth FoW counter's hex (AW 41.3.1), on the ES track. A
  // revealed one is its Coy (counted below) or a dummy (nothing lost). `log.fowLost` counts the drop's only.
  const byId = new Map(units.map((u) => [u.id, u]));
  let alliedLost = Object.entries(a.fow).filter(([id, f]) => f.eliminated || byId.get(id)?.eliminated).length;
  let germanLost = 0;
  // Losses in this game only: a unit set up with steps lost (AW 38.8.2 "(-2)") did not lose them here.
  const atStart = new Map(bundle.scenario.setup.map((e) => [e.unit, e.stepsLost]));
  for (const u of units) {
    const def = bundle.units.get(u.id);
    if (!def || isLeader(def) || a.fow[u.id]) continue;
    const total = def.steps.length;
    const lost = (u.eliminated ? total : Math.min(total, u.stepsLost)) - (atStart.get(u.id) ?? 0);
    if (u.side === 'german') germanLost += lost;
    else {
      alliedLost += lost;
      if (!u.eliminated && u.hex !== null) regrouped += stepsLeft(def, u);
    }
  }
  const objectives = v.objectives.filter((o) => { const h = hexOfRulesId(o.hex); return alliedAt(h) && !germanAt(h); }).length;
  const p = v.points;
  const pts = (n: number, each: number) => n * each || 0;
  const items = [
    { what: 'bridges captured or blown', count: bridges, points: pts(bridges, p.bridge) },
    { what: 'DZs free of German units', count: dzs, points: pts(dzs, p.dzHeld) },
    { what: 'regrouped Allied steps on the map', count: regrouped, points: pts(regrouped, p.regroupedStep) },
    { what: 'Allied steps lost (FoW counters one each)', count: alliedLost, points: pts(alliedLost, p.alliedStepLost) },
    { what: 'German steps lost', count: germanLost, points: pts(germanLost, p.germanStepLost) },
    { what: 'objectives held by the Allies', count: objectives, points: pts(objectives, p.objective) },
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
