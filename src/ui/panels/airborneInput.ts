/**
 * Reads the airborne module's record for the Airborne Display panel and the map's airborne marks,
 * from a viewed state (`view(state, side)`) and the bundle, through the engine's query API. Null /
 * empty when the scenario does not have the airborne module.
 */
import { sideToAct, view, type GameState, type ScenarioBundle, type Side } from '../../engine';
import { segmentAt } from '../../engine/sequence';
import { airborneData, airborneState, dropLeft, isFow, stageScore } from '../../engine/query';
import type { AirborneInput } from './airborneDisplayModel';
import type { DzMark } from '../map/airborneLayer';

type Viewed = Omit<GameState, 'seed'>;

export function hasAirborne(bundle: ScenarioBundle): boolean {
  return !!bundle.scenario.modules?.includes('airborne');
}

/** AW 41.3.0, 41.8.0: the Allied airborne movement segments, where the 6-hex reach matters (AW 41.3.7). */
const MOVEMENT_SEGMENTS = new Set(['alliedMovement1', 'alliedMovement2']);

export function inAirborneMovement(state: GameState, bundle: ScenarioBundle): boolean {
  return state.pos.part === 'stage' && MOVEMENT_SEGMENTS.has(segmentAt(bundle.sequence, state.pos).segment.id);
}

const PEGASUS: Record<string, string> = { captured: 'captured', destroyed: 'destroyed', held: 'still German' };

/**
 * The panel's input from a viewed state. `view` keeps the module's record (it holds no secret: the
 * containers are public, FoW counters know only their container, docs/engine.md "Random hidden draws").
 */
export function airborneInput(v: Viewed, bundle: ScenarioBundle): AirborneInput | null {
  if (!hasAirborne(bundle)) return null;
  // The module's read functions take a GameState; a viewed state lacks only the seed, which they never read.
  const s = v as GameState;
  const { display, tables, special } = airborneData(bundle);
  const a = airborneState(s);
  const late = new Map<string, string>(display.dzs.map((z) => [`${z.division}-${z.letter}`, z.placed]));
  const dummy = (id: string) => !!bundle.units.get(id)?.dummy;
  const pools: AirborneInput['pools'] = {};
  for (const [k, p] of Object.entries(a.pools)) {
    const dummies = p.ids.filter(dummy).length;
    pools[k] = { coys: p.ids.length - dummies, dummies, landed: p.landed };
  }
  const waiting = a.drop?.waiting ?? null;
  const score = stageScore(s, bundle);
  const schedule: AirborneInput['schedule'] = display.drops.filter((e) => special.divisions.includes(e.division)).map((e) => {
    const dz = `${e.division}-${e.letter}`;
    const coys = e.battalions.reduce((n, b) => n + b.coys.length, 0);
    const units = [...e.units, ...e.leaders];
    const kind = e.segment === 'airborneDrop' ? 'drop' : e.segment === 'gliderLanding' ? 'glider' : null;
    // Before the stage sets up its drop, everything scheduled is still to land.
    const left = kind && waiting ? (waiting[`${kind}:${dz}`] ?? []) : units;
    const fow = e.segment === 'airborneDrop' ? (waiting ? dropLeft(s, bundle, dz).fow : coys) : 0;
    return { dz, segment: e.segment, btns: e.battalions.map((b) => b.bn), coys, units, unitsToLand: left.filter((u) => units.includes(u)).length, fowToLand: fow };
  });
  return {
    name: display.name,
    dzs: Object.values(a.dzs).filter((z) => special.divisions.includes(z.division)).map((z) => ({
      key: z.key, division: z.division, letter: z.letter, main: z.main, target: z.target, hex: z.hex,
      placedLater: late.get(z.key) === 'june6PmMovement' ? 'in the June 6 PM Movement Phase' : undefined,
      scatter: z.scatter, status: z.status, removed: z.removed,
    })),
    pools,
    dummiesRemoved: Object.values(a.revealed ?? {}).filter((x) => x === 'dummy').length,
    schedule,
    regroupNumbers: { ...tables.unitScatter.regroupNumber },
    esGraph: (bundle.boxGraphs ?? []).find((g) => g.case === 'AW 41.2.3c' || g.id === 'airborne-es-track')?.id ?? null,
    isFow: (id) => isFow(s, id),
    pegasus: a.pegasus ? `Orne River bridge ${PEGASUS[a.pegasus.orne]}, Orne Canal bridge ${PEGASUS[a.pegasus.canal]}` : null,
    score: score && special.stageAlone ? { ...score, case: special.stageAlone.victory.case } : null,
  };
}

/** The DZ markers on the map: placed, not removed (AW 41.1.2; AW 15.0 removal). */
export function dzMarks(state: GameState, bundle: ScenarioBundle, me: Side | null): DzMark[] {
  const ab = airborneInput(view(state, me ?? sideToAct(state) ?? 'allied'), bundle);
  if (!ab) return [];
  return ab.dzs.filter((d) => d.hex !== null && !d.removed).map((d) => ({
    key: d.key, label: `${d.division} ${d.letter}`, main: d.main, target: d.target, hex: d.hex!, status: d.status,
  }));
}
