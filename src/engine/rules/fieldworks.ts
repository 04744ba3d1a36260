/**
 * Fieldworks effects (AW 31.10, GOSS 17.3.3, 17.4): the IP / ET-2 / ET-3 markers in state.fieldworks
 * give FS DRMs (fireSupport.ts), GA shifts, PR and Arm/AT modifiers (gaOdds.ts), automatic PRC
 * passes and advance halts (groundAssault.ts). Here: a marker goes when its hex is left empty, at
 * the end of any phase and at once when its occupants are retreated or eliminated by FS or GA, and
 * an ET-3 may be given up to cancel a hit (GOSS 11.6.2a, 13.10.2a). Every one of those paths goes
 * through `removeFieldworks`.
 * AW 1.2.6b: the Landefront defences (special.cherbourg.perimeter) are printed on the map: they
 * function as ET-2 for all purposes, for either side, and may not be destroyed — so they stand in
 * state.fieldworks from the start of the game (`onNewGame`), and `removeFieldworks` never takes them
 * away: an ET-3 there goes back down to the printed ET-2, so the hex is never without works.
 */
import { isDraft, type Draft } from 'immer';
import { formatHex, type HexId } from '../hex';
import { terrainsIn } from '../board';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import type { RuleModule } from './registry';
import { unitsAt } from './combatTraits';
import { unitIndex, unmodifiedBase } from './unitIndex';
import { hexSet, special } from './scenarioArea';

/** Works records whose every hex was found occupied (or printed) with a given units record (frozen pairs). */
const settled = new WeakMap<object, WeakSet<object>>();

export const FIELDWORKS = ['IP', 'ET-2', 'ET-3'] as const;

/** AW 1.2.6b: hexes whose printed defences work as indestructible ET-2 (the Cherbourg Landefront). */
function permanentFieldworks(bundle: ScenarioBundle): Set<HexId> {
  const cb = special(bundle).cherbourg;
  return cb ? hexSet(bundle, cb.perimeter) : EMPTY;
}
const EMPTY = new Set<HexId>();

/** AW 1.2.6b: the works a hex keeps whatever happens (the printed Landefront ET-2), or none. */
export function permanentWorksAt(bundle: ScenarioBundle, h: HexId): 'ET-2' | null {
  return permanentFieldworks(bundle).has(h) ? 'ET-2' : null;
}

/**
 * GOSS 11.6.2a (FS first hit) and 13.10.2a (GA mandatory hit): the works in `h` its defenders may give
 * up as an ET-3 to cancel one hit — an ET-3, or (AW 1.2.7b) an ET-2 in bocage. Never the printed
 * Landefront ET-2 (AW 1.2.6b: it may not be destroyed), though an ET-3 built there may go.
 */
export function et3ToGiveUp(state: GameState, bundle: ScenarioBundle, h: HexId): 'ET-3' | 'ET-2' | null {
  const f = state.fieldworks[h];
  if (f === 'ET-3') return f;
  if (f === 'ET-2' && terrainsIn(bundle.board, h).includes('bocage') && !permanentWorksAt(bundle, h)) return f;
  return null;
}

/** What `removeFieldworks` did: the marker taken away and what the hex holds afterwards. */
export interface WorksRemoved { removed: string; left: string | null }

/**
 * The one way fieldworks leave a hex (GOSS 17.4 hex left empty; GOSS 11.6.2a / 13.10.2a an ET-3 given
 * up to cancel a hit; AW 1.2.7b the bocage ET-2 used as one). On a Landefront hex (AW 1.2.6b) the
 * printed ET-2 may not be destroyed: an ET-3 there is reduced to that ET-2 in the same step, and the
 * ET-2 itself is never removed (null: nothing went). Emits `fieldworksRemoved` with what is left.
 */
export function removeFieldworks(d: Draft<GameState>, bundle: ScenarioBundle, h: HexId, events: GameEvent[], why: string, ruleCase: string): WorksRemoved | null {
  const f = d.fieldworks[h];
  if (!f) return null;
  const keep = permanentWorksAt(bundle, h);
  if (keep === f) return null;
  if (keep) {
    d.fieldworks[h] = keep;
    events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: f, left: keep, why: `${why}; the Landefront ${keep} stays (may not be destroyed)`, case: `${ruleCase}, AW 1.2.6b` });
    return { removed: f, left: keep };
  }
  delete d.fieldworks[h];
  events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: f, why, case: ruleCase });
  return { removed: f, left: null };
}

/** GOSS 17.4: the works of a hex whose occupants were all retreated or eliminated by FS or GA go at once. */
export function clearIfEmpty(d: Draft<GameState>, h: HexId, events: GameEvent[], why: string, bundle: ScenarioBundle): void {
  if (d.fieldworks[h] && !unitsAt(d as GameState, h).length) removeFieldworks(d, bundle, h, events, why, 'GOSS 17.4');
}

const removables = new WeakMap<object, HexId[]>();
/** The hexes (in key order) whose works `removeFieldworks` would change if left empty; kept per frozen record. */
function removableWorks(fw: Readonly<Record<string, string>>, bundle: ScenarioBundle): HexId[] {
  const hit = removables.get(fw);
  if (hit) return hit;
  const out: HexId[] = [];
  for (const k of Object.keys(fw)) { const h = Number(k); if (permanentWorksAt(bundle, h) !== fw[k]) out.push(h); }
  if (!isDraft(fw) && Object.isFrozen(fw)) removables.set(fw, out);
  return out;
}

export const fieldworksRules: RuleModule = {
  name: 'fieldworks',
  // AW 1.2.6b: the printed Landefront defences are on the map from the start (before any setup).
  onNewGame(d, ctx) {
    const fresh: string[] = [];
    for (const h of permanentFieldworks(ctx.bundle)) {
      if (d.fieldworks[h] === 'ET-2' || d.fieldworks[h] === 'ET-3') continue;
      d.fieldworks[h] = 'ET-2';
      fresh.push(formatHex(h));
    }
    return fresh.length ? [{ type: 'fieldworksPlaced', hexes: fresh, kind: 'ET-2', why: 'Landefront Cherbourg defences (printed on map A)', case: 'AW 1.2.6b' }] : [];
  },
  hooks: [{
    segment: '*',
    onExit(d, ctx) {
      const events: GameEvent[] = [];
      // This hook runs at the end of every segment: a pair of (frozen) works and units already found
      // to leave nothing to remove is not checked again (Cherbourg's printed Landefront works stand in
      // empty hexes all game, issue 17).
      const fw = unmodifiedBase(d.fieldworks); const units = unmodifiedBase(d.units);
      // Not extensible = frozen (frozenProduce.ts): Object.isFrozen walks every key of the works record.
      const frozen = !isDraft(fw) && !isDraft(units) && !Object.isExtensible(fw) && !Object.isExtensible(units);
      if (frozen && settled.get(fw)?.has(units)) return events;
      // Only works that an empty hex would lose: not the printed Landefront ET-2 (AW 1.2.6b), which
      // stands in empty hexes all game (Cherbourg: most of its works), so most segment ends look at
      // no unit at all.
      const removable = removableWorks(fw as Record<string, string>, ctx.bundle);
      if (!removable.length) return events;
      // The works' hexes that hold a live unit: the unit index's stacks (a draft's index is derived
      // from its base's, with the units the hooks before this one wrote).
      const byHex = unitIndex(d as GameState).byHex;
      for (const h of removable) {
        if (byHex.has(h)) continue;
        removeFieldworks(d, ctx.bundle, h, events, 'hex left empty', 'GOSS 17.4');
      }
      if (frozen && !events.length && unmodifiedBase(d.fieldworks) === fw) {
        let m = settled.get(fw);
        if (!m) settled.set(fw, (m = new WeakSet()));
        m.add(units);
      }
      return events;
    },
  }],
};
