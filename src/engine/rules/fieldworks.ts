/**
 * Fieldworks effects (AW 31.10, GOSS 17.3.3, 17.4): the IP / ET-2 / ET-3 markers in state.fieldworks
 * give FS DRMs (fireSupport.ts), GA shifts, PR and Arm/AT modifiers (gaOdds.ts), automatic PRC
 * passes and advance halts (groundAssault.ts). Here: a marker goes when its hex is left empty, at
 * the end of any phase and at once when its occupants are retreated or eliminated by FS or GA.
 * AW 1.2.6b: the Landefront defences (special.cherbourg.perimeter) are printed on the map: they
 * function as ET-2 for all purposes, for either side, and are never destroyed — so they stand in
 * state.fieldworks from the end of the first segment on (where the other rules read fieldworks),
 * are never removed when empty, and come back at the end of any segment if a rule took them away.
 */
import type { Draft } from 'immer';
import { formatHex, type HexId } from '../hex';
import type { GameEvent, GameState } from '../types';
import type { RuleModule } from './registry';
import { unitsAt } from './combatTraits';
import { unitIndex } from './unitIndex';
import { hexSet, special } from './scenarioArea';
import type { ScenarioBundle } from '../types';

export const FIELDWORKS = ['IP', 'ET-2', 'ET-3'] as const;

/** AW 1.2.6b: hexes whose printed defences work as indestructible ET-2 (the Cherbourg Landefront). */
export function permanentFieldworks(bundle: ScenarioBundle): Set<HexId> {
  const cb = special(bundle).cherbourg;
  return cb ? hexSet(bundle, cb.perimeter) : EMPTY;
}
const EMPTY = new Set<HexId>();

/** AW 1.2.6b: puts back the Landefront ET-2 wherever it is missing or weaker (an ET-3 built there stays). */
function ensurePermanent(d: Draft<GameState>, bundle: ScenarioBundle, events: GameEvent[]): void {
  const fresh: string[] = [];
  for (const h of permanentFieldworks(bundle)) {
    const f = d.fieldworks[h];
    if (f === 'ET-2' || f === 'ET-3') continue;
    d.fieldworks[h] = 'ET-2';
    fresh.push(formatHex(h));
  }
  if (fresh.length) events.push({ type: 'fieldworksPlaced', hexes: fresh, kind: 'ET-2', why: 'Landefront Cherbourg defences (printed on map A)', case: 'AW 1.2.6b' });
}

export function clearIfEmpty(d: Draft<GameState>, h: HexId, events: GameEvent[], why: string, bundle: ScenarioBundle): void {
  // AW 1.2.6b: may not be destroyed.
  if (permanentFieldworks(bundle).has(h)) return;
  if (d.fieldworks[h] && !unitsAt(d as GameState, h).length) {
    events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: d.fieldworks[h], why, case: 'GOSS 17.4' });
    delete d.fieldworks[h];
  }
}

export const fieldworksRules: RuleModule = {
  name: 'fieldworks',
  hooks: [{
    segment: '*',
    onExit(d, ctx) {
      const events: GameEvent[] = [];
      const perm = permanentFieldworks(ctx.bundle);
      if (perm.size) ensurePermanent(d, ctx.bundle, events);
      const keys = Object.keys(d.fieldworks);
      if (!keys.length) return events;
      // One index for the whole check (this hook runs at the end of every segment).
      const occupied = unitIndex(d as GameState).byHex;
      for (const k of keys) {
        const h = Number(k);
        if (occupied.has(h) || perm.has(h)) continue;
        events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: d.fieldworks[h], why: 'hex left empty', case: 'GOSS 17.4' });
        delete d.fieldworks[h];
      }
      return events;
    },
  }],
};
