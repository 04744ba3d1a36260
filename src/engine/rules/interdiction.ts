/**
 * Ground interdiction (AW 31.7): Allied only, AM and PM, in clear or partial-overcast weather without
 * rain. A German unit that spent more than half its MA and was at some time more than six hexes from
 * every Allied unit may be attacked when its move is complete. The engine offers the Allied player
 * the eligible units at the end of the German Movement Segment (a pending decision): 1d10 + DRMs.
 */
import { distance, type HexId } from '../hex';
import { phasingSide, turnTime } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { giTable } from './combatTables';
import { combatOf } from './combatState';
import { atmosphere } from './fireSupport';
import { defOf, fatigue, isFlak, isHq, isPureAfv, live, setFatigue } from './combatTraits';
import { takeStep } from './losses';
import { readUnits } from './unitIndex';
import { anyModuleGi, moduleGi } from './extensions';
import { mutUnit, unitOf } from '../unitTable';

/** DRMs of a GI attack on `id` (AW 31.7). */
export function giDrms(state: GameState, bundle: ScenarioBundle, id: string): { value: number; why: string }[] {
  const t = giTable(bundle);
  const u = unitOf(state, id);
  const out: { value: number; why: string }[] = [];
  if (isPureAfv(defOf(bundle, id))) out.push({ value: t.drm.pureAfv, why: 'pure AFV target' });
  const cover = readUnits(state.units).some((x) => x.side === u.side && x.id !== id && live(x) && distance(x.hex!, u.hex!) <= t.drm.flakOrHqRange && (isFlak(defOf(bundle, x.id)) || isHq(defOf(bundle, x.id))));
  if (cover) out.push({ value: t.drm.flakOrHqNear, why: `Flak or HQ within ${t.drm.flakOrHqRange} hexes` });
  if (atmosphere(state, bundle, u.hex).value === 'POvr') out.push({ value: t.drm.povr, why: 'partial overcast' });
  // A Mech unit's move wholly along primary/secondary roads in wet or mud is Mech road movement too (GOSS 7.6.1 step 5).
  if (u.move?.type === 'road' || (u.move?.type === 'mainroad' && defOf(bundle, id).moveClass === 'mech')) out.push({ value: t.drm.road, why: 'used road movement' });
  return out;
}

/**
 * The German movers open to GI at the end of the Movement Segment, each once per attack: under
 * AW 31.7 one attack each; when a module decides GI (GOSS 20.3, AW 20.3.0) as many as it says.
 */
export function giEligible(state: GameState, bundle: ScenarioBundle): string[] {
  if (phasingSide(bundle.scenario, state.pos) !== 'german') return [];
  if (anyModuleGi(bundle)) {
    const out: string[] = [];
    for (const u of readUnits(state.units)) {
      if (u.side !== 'german' || !live(u) || !u.move || u.move.turn !== state.pos.turn || u.move.playerTurn !== state.pos.playerTurn) continue;
      const n = moduleGi(state, bundle, u.id)?.attacks ?? 0;
      for (let i = 0; i < n; i++) out.push(u.id);
    }
    return out;
  }
  if (turnTime(bundle.scenario, bundle.sequence, state.pos.turn).time === 'Night') return [];
  // The atmosphere where the mover is (AW 19.2.2a sectors): GI flies in clear or POvr without rain.
  const flies = (h: HexId | null): boolean => { const atm = atmosphere(state, bundle, h); return !atm.rain && (atm.value === 'clear' || atm.value === 'POvr'); };
  return readUnits(state.units).filter((u) => u.side === 'german' && live(u) && u.move && u.move.turn === state.pos.turn && u.move.playerTurn === state.pos.playerTurn
    && u.move.mp * 2 > defOf(bundle, u.id).ma && u.move.beyond6 && flies(u.hex)).map((u) => u.id);
}

export const interdictionRules: RuleModule = {
  name: 'interdiction',
  handlers: [
    {
      type: 'interdict',
      apply(d, action, ctx) {
        const a = action as ActionOf<'interdict'>;
        const c = combatOf(d);
        const mod0 = anyModuleGi(ctx.bundle);
        if (d.pending?.kind !== 'gi' || !c.gi.includes(a.unit)) {
          reject('not-eligible', mod0 ? `${a.unit} is not open to a GI attack now (MP spent far from the enemy beyond the GI value of its air sector)` : `${a.unit} is not open to a GI mission now (more than half its MA spent, more than 6 hexes from Allied units, AM/PM, clear or partial overcast)`, mod0 ? 'GOSS 20.3' : 'AW 31.7');
        }
        const t = giTable(ctx.bundle);
        const decision = mod0 ? moduleGi(d as GameState, ctx.bundle, a.unit) : null;
        const drms = decision ? decision.drms : giDrms(d as GameState, ctx.bundle, a.unit);
        const giCase = decision?.case ?? 'AW 31.7';
        const roll = ctx.dice.d10(`GI on ${a.unit}`);
        const mod = roll + drms.reduce((s, x) => s + x.value, 0);
        const row = t.results.find((r) => mod >= r.min && mod <= r.max) ?? (mod < t.results[0].min ? t.results[0] : t.results[t.results.length - 1]);
        const u = mutUnit(d, a.unit);
        const events: GameEvent[] = [{ type: 'giResolved', unit: a.unit, roll, drms, modified: mod, fatigue: row.fatigue, steps: row.steps, case: giCase }];
        if (row.fatigue) setFatigue(u, Math.max(fatigue(u as UnitState), row.fatigue));
        for (let i = 0; i < row.steps; i++) takeStep({ d, bundle: ctx.bundle, events, lost: {} }, u, 'ground interdiction', giCase);
        // One attack taken (GOSS 20.3: a mover may be open to several).
        c.gi.splice(c.gi.indexOf(a.unit), 1);
        if (!c.gi.length) d.pending = null;
        return events;
      },
      legal(state, side) {
        if (state.pending?.kind !== 'gi' || side !== 'allied') return [];
        return [...new Set(state.combat?.gi ?? [])].map((unit) => ({ type: 'interdict', unit }) as Action);
      },
    },
    {
      type: 'giDone',
      apply(d) {
        if (d.pending?.kind !== 'gi') reject('not-pending', 'no GI decision is pending', 'AW 31.7');
        combatOf(d).gi = [];
        d.pending = null;
        return [{ type: 'giDone', case: 'AW 31.7' }];
      },
      legal: (state, side) => (state.pending?.kind === 'gi' && side === 'allied' ? [{ type: 'giDone' }] : []),
    },
  ],
  hooks: [{
    segment: 'move',
    onExit(d, ctx) {
      const ids = giEligible(d as GameState, ctx.bundle);
      if (!ids.length) return [];
      combatOf(d).gi = ids;
      const units = [...new Set(ids)];
      const c = anyModuleGi(ctx.bundle) ? 'GOSS 20.3' : 'AW 31.7';
      d.pending = { side: 'allied', kind: 'gi', accepts: ['interdict', 'giDone'], prompt: `Ground interdiction: ${units.length} German unit(s) may be attacked${ids.length > units.length ? ` (${ids.length} attacks in all)` : ''}`, case: c };
      return [{ type: 'giOpportunity', units, ...(ids.length > units.length ? { attacks: ids.length } : {}), case: c }];
    },
  }],
};
