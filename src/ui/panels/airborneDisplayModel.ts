/**
 * What the Airborne Display panel shows (AW 41), as plain rows computed from `view(state, side)` and
 * the scenario bundle: the DZs with their scatter and status (AW 41.1.2–41.1.3) and regroup number
 * (AW 41.3.5), the drop schedule and what is still to land per DZ (AW 41.2.0), the container per DZ
 * as counts only (AW 41.2.2: which Coys are in it is public, which counter is which is not), the
 * dummies, and the ES track (AW 41.2.3c). Pure, so it is tested without a browser; the component
 * (AirborneDisplay.tsx) only lays it out.
 */
import type { GameState, ScenarioBundle } from '../../engine';
import { formatHex } from '../../engine/hex';
import { unitList } from '../../engine/unitTable';

/**
 * The engine's airborne record as the panel needs it (filled by `airborneInput`, AirborneDisplay.tsx,
 * from the module's read functions in query.ts). Counts only for the containers: the panel never
 * sees a FoW counter's identity because the state has none to give (docs/engine.md "Random hidden draws").
 */
export interface AirborneInput {
  name: string;
  dzs: {
    key: string; division: string; letter: string; main: boolean; target: number; hex: number | null;
    /** AW 41.1.2b: when a DZ placed later goes on the map ("in the June 6 PM Movement Phase"). */
    placedLater?: string;
    scatter?: string; status?: string; removed?: { case: string };
  }[];
  /** AW 41.2.2 container per DZ: real Coys and dummies still in it, FoW counters landed from it. */
  pools: Record<string, { coys: number; dummies: number; landed: number }>;
  /** Dummies revealed and removed so far (AW 41.3.5). */
  dummiesRemoved: number;
  /**
   * AW 41.2.0, 41.4.0: who lands where, in which segment: the para Btns (their Coys drop as FoW
   * counters from the container) and the units without a FoW side, with how many are still to land.
   */
  schedule: { dz: string; segment: string; btns: string[]; coys: number; units: string[]; unitsToLand: number; fowToLand: number }[];
  /** AW 41.3.5: regroup number per DZ status (Unit Scatter Table header). */
  regroupNumbers: Record<string, number>;
  /** The ES track's box graph id (AW 41.2.3c). */
  esGraph: string | null;
  isFow(id: string): boolean;
  pegasus: string | null;
  /** A stage-alone scenario's victory points on the position now (reconstructed rule, docs/scenarios/night-drop-*.md). */
  score: { items: { what: string; count: number; points: number }[]; total: number; winner: string; case: string } | null;
}

export interface DzRow {
  key: string;
  /** "6AB N" */
  label: string;
  main: boolean;
  target: string;
  /** Where the DZ marker is, or why it is not on the map. */
  placed: string;
  onMap: boolean;
  scatter: string;
  status: string;
  /** AW 41.3.5: the regroup number for the DZ's status (a leader adds 1). */
  regroup: number | null;
  removed: string | null;
  /** AW 41.2.2: the container, counts only. */
  container: { coys: number; dummies: number; landed: number } | null;
  /** AW 41.2.0 / 41.4.0: what is scheduled to land here, by segment, and how much is still to land. */
  schedule: { segment: string; what: string; toLand: string | null }[];
}

export interface EsRow { box: string; name: string; eliminate: string; counters: string[] }

export interface AirborneDisplayModel {
  name: string;
  dzs: DzRow[];
  es: EsRow[];
  dummies: { added: number; inContainers: number; removed: number };
  fowOnMap: number;
  regroup: { status: string; number: number }[];
  pegasus: string | null;
  score: AirborneInput['score'];
}

const SEGMENT_NAME: Record<string, string> = { airborneDrop: 'Airborne Drop', gliderLanding: 'Glider Landing', june6Pm: 'June 6 PM (after the stage)' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The panel's rows. `boxes` maps a box location to its id (from the view's box displays). */
export function airborneDisplayModel(v: Pick<GameState, 'units'>, bundle: ScenarioBundle, ab: AirborneInput, boxes: Map<number, string>): AirborneDisplayModel {
  const name = (id: string) => bundle.units.get(id)?.designation ?? id;
  /** A counter in a box or on the map as the players may see it: a FoW counter by its back only. */
  const counter = (id: string) => (ab.isFow(id) ? `FoW ${bundle.units.get(id)?.nationality === 'US' ? 'US' : 'CW'}` : name(id));
  let dummiesIn = 0;
  const dzs: DzRow[] = ab.dzs.map((d) => {
    const pool = ab.pools[d.key] ?? null;
    if (pool) dummiesIn += pool.dummies;
    return {
      key: d.key,
      label: `${d.division} ${d.letter}`,
      main: d.main,
      target: formatHex(d.target),
      placed: d.removed ? 'removed' : d.hex !== null ? formatHex(d.hex) : d.placedLater ? `placed ${d.placedLater}` : 'not placed yet',
      onMap: d.hex !== null && !d.removed,
      scatter: d.scatter ?? '–',
      status: d.status ?? '–',
      regroup: d.status ? ab.regroupNumbers[d.status] ?? null : null,
      removed: d.removed ? d.removed.case : null,
      container: pool,
      schedule: ab.schedule.filter((s) => s.dz === d.key).map((s) => {
        const what = [...(s.btns.length ? [`${s.btns.map(name).join(', ')} (${plural(s.coys, 'Coy', 'Coys')})`] : []), ...s.units.map(name)].join('; ');
        const left = [s.fowToLand ? plural(s.fowToLand, 'FoW counter', 'FoW counters') : '', s.unitsToLand ? plural(s.unitsToLand, 'unit', 'units') : ''].filter(Boolean).join(' and ');
        // The June 6 PM lift lands after the stage (AW 3.2.2, 41.1.2b): nothing of it is "still to land" now.
        if (s.segment === 'june6Pm') return { segment: SEGMENT_NAME[s.segment], what, toLand: 'after the stage' };
        return { segment: SEGMENT_NAME[s.segment] ?? s.segment, what, toLand: left ? `${left} still to land` : null };
      }),
    };
  });
  const es: EsRow[] = [];
  const graph = (bundle.boxGraphs ?? []).find((g) => g.id === ab.esGraph);
  for (const b of graph?.boxes ?? []) {
    const elim = (b.values as Record<string, { value?: unknown } | undefined> | undefined)?.eliminate?.value;
    es.push({
      box: b.id, name: b.name,
      eliminate: Array.isArray(elim) && elim.length === 2 ? (elim[0] === elim[1] ? String(elim[0]) : `${elim[0]}–${elim[1]}`) : 'none',
      counters: unitList(v).filter((u) => !u.eliminated && u.hex === null && u.box !== undefined && boxes.get(u.box) === b.id).map((u) => counter(u.id)),
    });
  }
  return {
    name: ab.name,
    dzs,
    es,
    dummies: { added: dummiesIn + ab.dummiesRemoved, inContainers: dummiesIn, removed: ab.dummiesRemoved },
    fowOnMap: unitList(v).filter((u) => u.hex !== null && !u.eliminated && ab.isFow(u.id)).length,
    regroup: Object.entries(ab.regroupNumbers).map(([status, number]) => ({ status, number })),
    pegasus: ab.pegasus,
    score: ab.score,
  };
}
