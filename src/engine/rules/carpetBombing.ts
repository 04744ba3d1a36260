/**
 * AW 32.2.2 Carpet Bombing Mission: before the first GT the Allied side bombs every German-occupied
 * hex in a box of the map (scenario.special.carpetBombing: box, DRMs and table are data). Each hex
 * gets one AS hit (the blue AS marker, `AS-blue` beside the ordinary `AS`) and a 1d10 roll with
 * cumulative DRMs on the table (step losses in the hex). Later effects of the blue marker:
 *   - its units generate no movement halts (`generatesHalts`: the `noHalts` extension point, AW 31.8);
 *   - a unit carrying it has its MA halved (`maFactor`: the `maHalved` extension point);
 *   - a defensive PR check at the end of the July 18 AM German player turn removes it on a pass;
 *   - the rest go at the end of the July 18 PM German player turn.
 * It runs as the first automatic step of the game (entry of the first segment), before any action.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, UnitState } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { formatHex, type HexId } from '../hex';
import { isPureAfv, stepsLeft } from './unit-traits';
import { defineProcedure, startProcedure, type Run } from '../procedures/stack';
import { carpetHitsFrame } from '../procedures/hits';
import { hexSet, special, type SpecialState } from './scenarioArea';
import { turnTime } from '../sequence';
import type { ScenarioSpecial } from '../../data/schemas/scenarioRules';
import { moduleOn, type Extension } from './extensions';
import { leaderPrcDrm } from './leaders';
import { mutUnit, unitList, unitOf } from '../unitTable';

type CarpetRules = NonNullable<ScenarioSpecial['carpetBombing']>;
const AS = 'AS';

const NAME = 'carpetBombing';

export function hasBlueAs(u: UnitState | undefined, bundle: ScenarioBundle): boolean {
  const m = moduleOn(bundle, NAME) ? special(bundle).carpetBombing?.marker : undefined;
  return !!u && !!m && u.markers.includes(m);
}

/** AW 32.2.2: units that suffered the carpet bombing generate no movement halts (even in an ET-2/ET-3). */
export function generatesHalts(state: GameState, bundle: ScenarioBundle, unitId: string): boolean {
  return !hasBlueAs(unitOf(state, unitId), bundle);
}

/** AW 32.2.2: a unit that keeps the blue AS marker has its MA halved (multiply the MA by this). */
export function maFactor(state: GameState, bundle: ScenarioBundle, unitId: string): number {
  const cb = special(bundle).carpetBombing;
  return cb?.effects.maHalvedAfterLeaving && hasBlueAs(unitOf(state, unitId), bundle) ? 0.5 : 1;
}

export const carpetBombing: Extension = {
  name: NAME,
  cases: 'AW 32.2.2',
  needs: ['carpetBombing'],
  noHalts: (state, bundle, unitId) => !generatesHalts(state, bundle, unitId),
  maHalved: (state, bundle, unitId) => (maFactor(state, bundle, unitId) < 1 ? { case: 'AW 32.2.2', text: 'carpet-bombed (blue AS marker): MA halved' } : null),
};

export interface CarpetHexResult {
  hex: string;
  units: string[];
  roll: number;
  drms: { drm: number; why: string }[];
  modified: number;
  steps: number;
}

function specialOf(d: Draft<GameState>): Draft<SpecialState> {
  const s = d as Draft<GameState> & { special?: SpecialState };
  if (!s.special) s.special = {};
  return s.special as Draft<SpecialState>;
}

/** The table row for a modified roll; a roll below the table reads as its lowest row, above as its highest. */
export function carpetResult(cb: CarpetRules, modified: number): number {
  const rows = [...cb.table].sort((a, b) => a.min - b.min);
  if (modified < rows[0].min) return rows[0].steps;
  const row = rows.find((r) => modified >= r.min && modified <= r.max) ?? rows[rows.length - 1];
  return row.steps;
}

/** The DRMs that apply to one hex (AW 32.2.2, cumulative). */
export function carpetDrms(state: GameState, bundle: ScenarioBundle, cb: CarpetRules, hex: HexId, ids: string[]): { drm: number; why: string }[] {
  const out: { drm: number; why: string }[] = [];
  const steps = ids.reduce((n, id) => n + stepsLeft(bundle.units.get(id)!, unitOf(state, id)), 0);
  for (const r of cb.drms) {
    if (r.when === 'stepsAtMost' && steps <= r.steps) out.push({ drm: r.drm, why: `${steps} step${steps === 1 ? '' : 's'} in the hex (${r.steps} or less)` });
    if (r.when === 'pureAfv' && ids.some((id) => isPureAfv(bundle.units.get(id)!))) out.push({ drm: r.drm, why: 'a pure AFV unit in the hex' });
    if (r.when === 'fieldworks' && state.fieldworks[hex] === r.fieldworks) out.push({ drm: r.drm, why: `${r.fieldworks} in the hex` });
  }
  return out;
}

/** Runs the mission on the draft state: AS hits, one roll per hex, losses. Returns the events. */
export function runCarpetBombing(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { bundle } = ctx;
  const cb = special(bundle).carpetBombing;
  if (!cb || !moduleOn(bundle, NAME)) return [];
  const events: GameEvent[] = [];
  const box = hexSet(bundle, cb.box);
  const byHex = new Map<HexId, string[]>();
  for (const u of unitList(d)) {
    if (u.side !== cb.target || u.eliminated || u.hex === null || !box.has(u.hex)) continue;
    if (bundle.units.get(u.id)?.size === 'Leader') continue;
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u.id]);
  }
  const hexes = [...byHex.keys()].sort((a, b) => formatHex(a).localeCompare(formatHex(b)));
  const run: Run = { d, ctx, events };
  for (const h of hexes) startProcedure(run, { proc: 'carpetHex', hex: h, units: byHex.get(h)!.sort(), stage: 'bomb' });
  specialOf(d).bombed = hexes;
  events.unshift({ type: 'carpetBombing', hexes: hexes.map(formatHex), case: cb.case });
  return events;
}

/**
 * AW 32.2.2: one bombed hex: an AS hit and the blue AS marker on each unit, one roll with the hex's
 * DRMs, then the table's step losses through the hit procedure (procedures/hits.ts, rule `carpet`).
 */
export const carpetHexProcedure = defineProcedure({
  name: 'carpetHex',
  step(f, run) {
    if (f.stage === 'end') return { end: null };
    const { d, ctx, events } = run;
    const cb = special(ctx.bundle).carpetBombing!;
    const ids = [...f.units];
    const ref = formatHex(f.hex);
    const drms = carpetDrms(d as GameState, ctx.bundle, cb, f.hex, ids);
    for (const id of ids) {
      const u = mutUnit(d, id);
      for (let i = 0; i < cb.asHits && u.markers.filter((m) => m === AS).length < 2; i++) u.markers.push(AS);
      if (!u.markers.includes(cb.marker)) u.markers.push(cb.marker);
    }
    const roll = ctx.dice.d10(`${cb.case} carpet bombing of ${ref}`);
    const modified = roll + drms.reduce((s, x) => s + x.drm, 0);
    const steps = carpetResult(cb, modified);
    const r: CarpetHexResult = { hex: ref, units: ids, roll, drms, modified, steps };
    events.push({ type: 'carpetBombingHex', ...r, case: cb.case });
    f.stage = 'end';
    return { call: carpetHitsFrame({ side: cb.target, hex: f.hex, units: ids, steps }) };
  },
});

function removeBlue(d: Draft<GameState>, id: string, marker: string): void {
  const u = mutUnit(d, id);
  u.markers = u.markers.filter((m) => m !== marker);
  const i = u.markers.indexOf(AS);
  if (i >= 0) u.markers.splice(i, 1);
}

function atEndOfPlayerTurn(d: Draft<GameState>, ctx: RuleContext, at: { at: { date: string; time: string }; playerTurn: string }): boolean {
  const { sequence, scenario } = ctx.bundle;
  const lastPhase = sequence.playerTurn.length - 1;
  if (d.pos.phase !== lastPhase || d.pos.segment !== sequence.playerTurn[lastPhase].segments.length - 1) return false;
  const t = turnTime(scenario, sequence, d.pos.turn);
  return t.date === at.at.date && t.time === at.at.time && scenario.sides[d.pos.playerTurn] === at.playerTurn;
}

export const carpetBombingRules: RuleModule = {
  name: 'carpetBombing',
  hooks: [
    {
      // The first segment entered in the game: the mission runs "prior to beginning the July 18 AM GT",
      // after the German setup breakdowns (AW 32.11.0) when the game started with them (beforePlay).
      segment: '*',
      onEnter(d, ctx) {
        const sp = (d as GameState & { special?: SpecialState }).special;
        if (sp?.bombed || !special(ctx.bundle).carpetBombing || !moduleOn(ctx.bundle, NAME) || (d.n !== 0 && !d.beforePlay) || d.pos.turn !== 0) return [];
        return runCarpetBombing(d, ctx);
      },
      onExit(d, ctx) {
        const cb = special(ctx.bundle).carpetBombing;
        if (!cb || !moduleOn(ctx.bundle, NAME)) return [];
        const events: GameEvent[] = [];
        if (atEndOfPlayerTurn(d, ctx, cb.effects.prCheckAt)) {
          for (const u of [...unitList(d)].sort((a, b) => a.id.localeCompare(b.id))) {
            if (!u.markers.includes(cb.marker) || u.eliminated) continue;
            const pr = ctx.bundle.units.get(u.id)?.prDef ?? null;
            const roll = ctx.dice.d10(`${cb.case} defensive PR check of ${u.id} to remove the blue AS marker`);
            // GOSS 4.4.1: pass when the roll is below the PR; a leader in the hex gives −1 DRM (none in Goodwood: AW 32.8.0).
            const ld = u.hex === null ? null : leaderPrcDrm(d as GameState, ctx.bundle, u.side, [u.hex]);
            const pass = pr !== null && roll + (ld?.drm ?? 0) < pr;
            if (pass) removeBlue(d, u.id, cb.marker);
            events.push({ type: 'prCheck', unit: u.id, pr, roll, ...(ld ? { drm: ld.drm } : {}), pass, why: `${pass ? 'blue AS marker removed' : 'blue AS marker stays'}${ld ? `, −1 DRM for leader ${ld.leader}` : ''}`, case: ld ? `${cb.case}, ${ld.case}` : cb.case });
          }
        }
        if (atEndOfPlayerTurn(d, ctx, cb.effects.removeAllAt)) {
          const ids: string[] = [];
          for (const u of [...unitList(d)]) if (u.markers.includes(cb.marker)) { removeBlue(d, u.id, cb.marker); ids.push(u.id); }
          events.push({ type: 'markersRemoved', markers: [cb.marker], units: ids.sort(), why: 'all remaining carpet-bombing AS markers are removed', case: cb.case });
        }
        return events;
      },
    },
  ],
};
