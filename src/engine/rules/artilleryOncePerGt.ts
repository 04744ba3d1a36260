/**
 * AW 33.5.2a: each German artillery unit (and heavy AA Coy, which "may conduct FS missions" under
 * the same case) fires one FS mission per GT and then carries the scenario's "Ammo Depleted" marker
 * (the `firesOncePerGt` extension point: ammoDepletion.ts places the marker after the mission and
 * refuses a marked unit); all the markers come off at the end of the GT, here
 * (scenario.special.epsom.germanArtillery).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState } from '../types';
import type { RuleContext, RuleModule } from './registry';
import type { Extension } from './extensions';
import { moduleOn } from './extensions';
import { special } from './scenarioArea';
import { isArtillery } from './unit-traits';
import { groupOfUnit } from './artilleryGroups';
import { readUnits } from './unitIndex';
import { patchUnit } from '../unitTable';

const NAME = 'artilleryOncePerGt';

function endOfGt(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const e = special(ctx.bundle).epsom;
  if (!e || !moduleOn(ctx.bundle, NAME)) return [];
  let n = 0;
  // Read without drafting (Object.values on the draft drafted every unit at every GT end, the game's
  // last action included: issue 17); write through the draft only the units that carry the marker.
  for (const u of readUnits(d.units)) if (u.markers.includes(e.germanArtillery.marker)) { patchUnit(d, u, { markers: u.markers.filter((m) => m !== e.germanArtillery.marker) }); n++; }
  return n ? [{ type: 'markersRemoved', marker: e.germanArtillery.marker, count: n, case: 'AW 33.5.2a' }] : [];
}

export const artilleryOncePerGt: Extension = {
  name: NAME,
  cases: 'AW 33.5.2a',
  needs: ['epsom'],
  firesOncePerGt(bundle, unitId) {
    const ga = special(bundle).epsom?.germanArtillery;
    const d = bundle.units.get(unitId);
    if (!ga?.oncePerGameTurn || !d || d.side !== 'german') return null;
    return isArtillery(d) || (ga.heavyFlakFs && groupOfUnit(bundle, unitId)?.kind === 'heavyFlak') ? { marker: ga.marker, case: 'AW 33.5.2a' } : null;
  },
};

export const artilleryOncePerGtRules: RuleModule = {
  name: NAME,
  // AW 33.5.2a: the markers come off at the end of the GT (a turn boundary event of the sequence).
  on: { turnEnd: endOfGt },
};
