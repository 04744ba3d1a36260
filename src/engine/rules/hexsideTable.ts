/**
 * The static features of every hex's six hexsides, one byte per (hex, direction), for the supply
 * searches that ask per edge (AW 31.11 / 32.9 / 33.9: major rivers and canals are crossed at bridges
 * only, a road step counts one-half on the HQ leg, the Odon blocks by name). Asking the board's Maps
 * through `hexsideBetween` for every edge of every trace was a tenth of a real-play replay (issue 17);
 * the table is built once per scenario bundle (and named river) on the first trace.
 * What changes in play (bridges blown or placed, AW 33.6.1 markers) is not in it: callers check those
 * for the edges whose byte says there is a bridge or a named river.
 */
import { HEX_COUNT, NEIGHBOURS, hexsideBetween } from '../hex';
import type { ScenarioBundle } from '../types';
import { HEXSIDE_FEATURES, ROUTE_CLASSES } from '../../data/schemas/map';

export const EDGE_BRIDGE = 1;
/** A major river or canal. */
export const EDGE_MAJOR = 2;
/** A primary or secondary road across the hexside. */
export const EDGE_ROAD = 4;
/** The hexside belongs to the named river asked for. */
export const EDGE_NAMED = 8;

const BRIDGE = 1 << HEXSIDE_FEATURES.indexOf('bridge');
const MAJOR = (1 << HEXSIDE_FEATURES.indexOf('majorRiver')) | (1 << HEXSIDE_FEATURES.indexOf('canal'));
const ROAD = (1 << ROUTE_CLASSES.indexOf('primary')) | (1 << ROUTE_CLASSES.indexOf('secondary'));

const tables = new WeakMap<ScenarioBundle, Map<string, Uint8Array>>();

/** The byte of edge (h, d) is at `h * 6 + d`; 0 where the neighbour is off the lattice. */
export function hexsideTable(bundle: ScenarioBundle, namedRiver?: string): Uint8Array {
  let m = tables.get(bundle);
  if (!m) tables.set(bundle, (m = new Map()));
  const key = namedRiver ?? '';
  let t = m.get(key);
  if (t) return t;
  t = new Uint8Array(HEX_COUNT * 6);
  const { sides, routes, sideNames } = bundle.board;
  const nb = NEIGHBOURS;
  for (let h = 0; h < HEX_COUNT; h++) {
    for (let d = 0; d < 6; d++) {
      const n = nb[h * 6 + d];
      if (n < 0) continue;
      const s = hexsideBetween(h, n);
      const f = sides.get(s) ?? 0;
      const r = routes.get(s) ?? 0;
      if (!f && !r && !namedRiver) continue;
      t[h * 6 + d] = (f & BRIDGE ? EDGE_BRIDGE : 0) | (f & MAJOR ? EDGE_MAJOR : 0) | (r & ROAD ? EDGE_ROAD : 0)
        | (namedRiver && sideNames.get(s) === namedRiver ? EDGE_NAMED : 0);
    }
  }
  m.set(key, t);
  return t;
}
