/**
 * Fieldworks effects (AW 31.10, GOSS 17.3.3, 17.4): the IP / ET-2 / ET-3 markers in state.fieldworks
 * give FS DRMs (fireSupport.ts), GA shifts, PR and Arm/AT modifiers (gaOdds.ts), automatic PRC
 * passes and advance halts (groundAssault.ts). Here: a marker goes when its hex is left empty, at
 * the end of any phase and at once when its occupants are retreated or eliminated by FS or GA.
 */
import type { Draft } from 'immer';
import { formatHex, type HexId } from '../hex';
import type { GameEvent, GameState } from '../types';
import type { RuleModule } from './registry';
import { unitsAt } from './combatTraits';
import { unitIndex } from './unitIndex';

export const FIELDWORKS = ['IP', 'ET-2', 'ET-3'] as const;

export function clearIfEmpty(d: Draft<GameState>, h: HexId, events: GameEvent[], why: string): void {
  if (d.fieldworks[h] && !unitsAt(d as GameState, h).length) {
    events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: d.fieldworks[h], why, case: 'GOSS 17.4' });
    delete d.fieldworks[h];
  }
}

export const fieldworksRules: RuleModule = {
  name: 'fieldworks',
  hooks: [{
    segment: '*',
    onExit(d) {
      const events: GameEvent[] = [];
      const keys = Object.keys(d.fieldworks);
      if (!keys.length) return events;
      // One index for the whole check (this hook runs at the end of every segment).
      const occupied = unitIndex(d as GameState).byHex;
      for (const k of keys) {
        const h = Number(k);
        if (occupied.has(h)) continue;
        events.push({ type: 'fieldworksRemoved', hex: formatHex(h), fieldworks: d.fieldworks[h], why: 'hex left empty', case: 'GOSS 17.4' });
        delete d.fieldworks[h];
      }
      return events;
    },
  }],
};
