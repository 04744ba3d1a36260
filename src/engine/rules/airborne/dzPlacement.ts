/**
 * AW 41.1.0–41.1.3: Segment 1, Drop Zone Placement — the Pegasus Bridge mission first (41.1.1), then
 * each DZ in the order the Allied player picks: scatter (DZ Scatter Table, Scatter Diagram ring 1;
 * main DZs never scatter, 41.1.2a) and status (1d10 + DRMs, 41.1.3). 6th AB DZ W waits for the June 6
 * PM Movement Phase (41.1.2b): `placeLateDzs`, a hook on the Movement Segment.
 */
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../../types';
import { reject, type ActionHandler, type RuleContext, type SegmentHook } from '../registry';
import { moduleOn } from '../extensions';
import { formatHex, hexOfRulesId, neighbours, type HexId } from '../../hex';
import { terrainOf } from '../../board';
import { segmentAt, turnTime } from '../../sequence';
import { isFlak } from '../unit-traits';
import { dzScatter, dzStatus, dzStatusDrm, scatterHex } from './scatter';
import { AIRBORNE, airborneData, airborneDraft, airborneState, divisionOf, dzKey, type DzKey, type DzState } from './state';
import { mutUnit, putUnit, unitList, type UnitTable } from '../../unitTable';

const SEG = 'dzPlacement';

/** Units of a side in a hex, on a draft or a frozen state (no index: drafts change under it). */
export function sideUnitsIn(units: UnitTable, h: HexId, side: Side): UnitState[] {
  return unitList({ units }).filter((u) => u.hex === h && u.side === side && !u.eliminated);
}

/** AW 41.1.3: the DRMs of a DZ hex — German units adjacent (+2 when one is AA) and its terrain. */
export function dzDrm(units: UnitTable, bundle: ScenarioBundle, hex: HexId): number {
  const { tables } = airborneData(bundle);
  const adj = neighbours(hex).flatMap((n) => sideUnitsIn(units, n, 'german'));
  return dzStatusDrm(tables, {
    terrain: terrainOf(bundle.board, hex) ?? 'clear',
    adjacentGerman: adj.length > 0,
    adjacentAA: adj.some((u) => { const d = bundle.units.get(u.id); return !!d && isFlak(d); }),
  });
}

/** The DZs the scenario's divisions place on the map in the stage (not those placed later, AW 41.1.2b). */
export function stageDzs(state: GameState, bundle: ScenarioBundle): DzState[] {
  const { display } = airborneData(bundle);
  const late = new Set(display.dzs.filter((z) => z.placed !== 'stage').map((z) => dzKey(z.division, z.letter)));
  return Object.values(airborneState(state).dzs).filter((z) => !late.has(z.key));
}

/** Why the DZ cannot be placed now, or null. */
function placeProblem(state: GameState, bundle: ScenarioBundle, dz: string): { code: string; message: string; case: string } | null {
  const a = airborneState(state);
  const { special } = airborneData(bundle);
  if (special.pegasus && !a.pegasus) return { code: 'pegasus-first', message: 'the Pegasus Bridge mission comes before any other activity', case: 'AW 41.1.1' };
  const z = a.dzs[dz];
  if (!z) return { code: 'no-such-dz', message: `there is no DZ ${dz} in this scenario`, case: 'AW 41.1.2' };
  if (z.hex !== null) return { code: 'dz-placed', message: `DZ ${dz} is already placed`, case: 'AW 41.1.2' };
  if (!stageDzs(state, bundle).some((x) => x.key === dz)) return { code: 'dz-later', message: `DZ ${dz} is placed in the June 6 PM Movement Phase`, case: 'AW 41.1.2b' };
  return null;
}

/**
 * Places one DZ: the scatter roll on the division's column, a percentile on ring 1 for S1/S2 (a main
 * DZ stays on its target), then the status roll with the DRMs of the hex it lands in.
 */
export function placeDzNow(d: Draft<GameState>, ctx: RuleContext, key: DzKey): GameEvent[] {
  const { tables } = airborneData(ctx.bundle);
  const z = airborneDraft(d).dzs[key];
  const col = divisionOf(ctx.bundle, z.division).scatterColumn;
  const scatter = dzScatter(tables, col, ctx.dice.d10(`AW 41.1.2 DZ Scatter Table, DZ ${key} (${col} column)`));
  let hex = z.target;
  let position: number | null = null;
  if (scatter !== 'NS' && !z.main) {
    // AW 41.1.2: S1 and S2 both move the DZ exactly one hex; the direction from the Scatter Diagram's ring 1.
    const s = scatterHex(tables, z.target, 1, ctx.dice.d100(`AW 41.1.2 Scatter Diagram, DZ ${key} (ring 1)`));
    position = s.position;
    // A hex off the map keeps the DZ on its target (reconstructed, docs/errata.md).
    if (s.hex >= 0 && terrainOf(ctx.bundle.board, s.hex) !== null) hex = s.hex;
  }
  const drm = dzDrm(d.units as UnitTable, ctx.bundle, hex);
  const roll = ctx.dice.d10(`AW 41.1.3 DZ Status Table, DZ ${key}`);
  const { status, modified } = dzStatus(tables, scatter, roll, drm);
  z.hex = hex;
  z.scatter = scatter;
  z.status = status;
  z.drm = drm;
  return [{
    type: 'dzPlaced', dz: key, target: formatHex(z.target), hex: formatHex(hex), scatter, moved: hex !== z.target, position,
    main: z.main, status, roll, drm, modified, case: z.main ? 'AW 41.1.2a, 41.1.3' : 'AW 41.1.2, 41.1.3',
  }];
}

/** AW 41.1.1: the Pegasus Bridge mission — two bridges, each 0–8 captured; on a 9 the Coy is reduced and the German rolls 0–4 to destroy it. */
function pegasus(d: Draft<GameState>, _action: Action, ctx: RuleContext): GameEvent[] {
  const { special, tables } = airborneData(ctx.bundle);
  const a = airborneDraft(d);
  if (!special.pegasus) reject('no-pegasus', 'this scenario has no Pegasus Bridge mission', 'AW 41.1.1');
  if (a.pegasus) reject('pegasus-done', 'the Pegasus Bridge mission has been flown', 'AW 41.1.1');
  const unit = special.pegasus!.unit;
  const hex = hexOfRulesId(tables.pegasus.hex);
  putUnit(d, { id: unit, side: 'allied', hex, stepsLost: 0, mpSpent: 0, markers: [] });
  const events: GameEvent[] = [{ type: 'pegasusLanded', unit, hex: tables.pegasus.hex, case: 'AW 41.1.1' }];
  let coy = 'full' as 'full' | 'z' | 'eliminated';
  const out: ('captured' | 'destroyed' | 'held')[] = [];
  special.pegasus!.bridges.forEach((bridge) => {
    const roll = ctx.dice.d10(`AW 41.1.1 Pegasus Bridge mission: the ${bridge}`);
    const [lo, hi] = tables.pegasus.captured;
    if (roll >= lo && roll <= hi) {
      out.push('captured');
      events.push({ type: 'bridgeCaptured', bridge, roll, case: 'AW 41.1.1' });
      return;
    }
    // A 9: the Coy is reduced (to its z-step, or eliminated if already one); the German rolls for the bridge.
    coy = coy === 'full' ? 'z' : 'eliminated';
    events.push({ type: 'pegasusCoyReduced', unit, to: coy, bridge, roll, case: 'AW 41.1.1' });
    const g = ctx.dice.d10(`AW 41.1.1 German roll to destroy the ${bridge}`);
    const [glo, ghi] = tables.pegasus.germanDestroys;
    const destroyed = g >= glo && g <= ghi;
    out.push(destroyed ? 'destroyed' : 'held');
    events.push({ type: destroyed ? 'bridgeDestroyed' : 'bridgeHeld', bridge, roll: g, case: 'AW 41.1.1' });
  });
  const u = mutUnit(d, unit);
  if (coy === 'z') (a.zSide ??= {})[unit] = true;
  if (coy === 'eliminated') {
    u.hex = null;
    u.eliminated = true;
    if (a.zSide) delete a.zSide[unit];
    events.push({ type: 'unitEliminated', unit, why: 'reduced twice on the Pegasus Bridge mission', case: 'AW 41.1.1' });
  }
  a.pegasus = { orne: out[0], canal: out[1], coy };
  return events;
}

function placeDz(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'placeDz'>;
  if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
  const p = placeProblem(d as GameState, ctx.bundle, a.dz);
  if (p) reject(p.code, p.message, p.case);
  return placeDzNow(d, ctx, a.dz);
}

export const dzHandlers: ActionHandler[] = [
  {
    type: 'pegasus',
    apply: (d, action, ctx) => {
      if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
      return pegasus(d, action, ctx);
    },
    legal: (s, side, b) => (side === 'allied' && moduleOn(b, AIRBORNE) && airborneData(b).special.pegasus && !airborneState(s).pegasus ? [{ type: 'pegasus' }] : []),
  },
  {
    type: 'placeDz',
    apply: placeDz,
    legal: (s, side, b) => {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      return stageDzs(s, b).filter((z) => !placeProblem(s, b, z.key)).map((z) => ({ type: 'placeDz', dz: z.key }) as Action);
    },
  },
];

/** The Drop Zone Placement Segment ends only when every DZ of the stage is on the map (AW 41.1.0). */
export const dzHooks: SegmentHook[] = [
  {
    segment: SEG,
    onExit(d, ctx) {
      if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
      const { special } = airborneData(ctx.bundle);
      if (special.pegasus && !airborneState(d as GameState).pegasus) reject('pegasus-first', 'fly the Pegasus Bridge mission first', 'AW 41.1.1');
      const left = stageDzs(d as GameState, ctx.bundle).filter((z) => z.hex === null).map((z) => z.key);
      if (left.length) reject('dz-unplaced', `place every DZ before the drop: ${left.join(', ')} still to place`, 'AW 41.1.0');
      return [];
    },
  },
  {
    // AW 41.1.2b: 6th AB DZ W (and any DZ the display places late) goes on the map in the June 6 PM
    // Movement Phase, with its status roll; in a stage-alone scenario this GT never comes.
    segment: 'move',
    onEnter(d, ctx) {
      if (!moduleOn(ctx.bundle, AIRBORNE) || d.pos.part === 'stage') return [];
      const seg = segmentAt(ctx.bundle.sequence, d.pos);
      if (seg.phase.id !== 'movement' || ctx.bundle.scenario.sides[d.pos.playerTurn] !== 'allied') return [];
      const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
      const events: GameEvent[] = [];
      for (const z of airborneData(ctx.bundle).display.dzs) {
        if (z.placed !== 'june6PmMovement' || t.date !== '1944-06-06' || t.time !== 'PM') continue;
        const key = dzKey(z.division, z.letter);
        const dz = airborneDraft(d).dzs[key];
        if (dz && dz.hex === null) events.push(...placeDzNow(d, ctx, key));
      }
      return events;
    },
  },
];
