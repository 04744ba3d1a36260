/**
 * Attack designation (GOSS 5.1.2, 12.0; AW 31.2.2a, 31.2.2d): the phasing player marks units for
 * tactical assaults (TA); PA-mode units are designated by their mode. In the Attacker Adjustment
 * Segment designations with no adjacent enemy are removed, and the attacker may drop others (a unit
 * outside MCT must pass an offensive PRC to do so).
 */
import { formatHex } from '../hex';
import { terrainOf } from '../board';
import { segmentAt } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, UnitState } from '../types';
import { reject, requireSegment, type RuleModule } from './registry';
import { gaMods } from './combatTables';
import { startCombatPhase } from './combatState';
import {
  M, addMarker, defOf, dropMarkersOf, enemyAdjacent, enemyOf, fatigue, has, isArtGroup, isArtillery, isHq, isLeader, live,
} from './combatTraits';
import { prc } from './groundAssault';
import { readUnits, sideAdjacent, unitIndex, unmodifiedBase } from './unitIndex';
import { effectivePr } from './combatPr';
import { leaderPrcDrm } from './leaders';
import { acrossBoundary, combatBan, mayAct } from './extensions';
import { isMotorised } from './motorised';
import { mutUnit, patchUnit, unitList, unitOf } from '../unitTable';



/** GOSS 5.1.2: the refusal of a unit that has its TA (or PA) marker already, or is named twice. */
const alreadyDesignated = (name: string) => ({ code: 'already-designated', message: `${name} is already attack designated`, case: 'GOSS 5.1.2' });

/** Why `u` may not take a TA marker, or null. */
export function designationProblem(s: GameState, bundle: Parameters<typeof defOf>[0], u: UnitState | undefined, side: string): { code: string; message: string; case: string } | null {
  if (!u) return { code: 'no-such-unit', message: 'there is no such unit', case: 'GOSS 5.1.2' };
  const d = defOf(bundle, u.id);
  if (u.side !== side) return { code: 'not-your-unit', message: `${d.designation} belongs to the other side`, case: 'GOSS 5.1.2' };
  if (!live(u)) return { code: 'not-on-map', message: `${d.designation} is not on the map`, case: 'GOSS 5.1.2' };
  if (has(u, M.TA) || has(u, M.PA)) return alreadyDesignated(d.designation);
  if (u.markers.includes('Build')) return { code: 'building', message: `${d.designation} is building a fieldwork and does nothing else until it is finished`, case: 'GOSS 17.3' };
  const ban = combatBan(s, bundle);
  if (ban) return { code: ban.code, message: ban.message, case: ban.case ?? 'GOSS 5.1.2' };
  if (!enemyAdjacent(s, u.hex!, u.side)) return { code: 'no-adjacent-enemy', message: `${d.designation} is not adjacent to an enemy unit`, case: 'GOSS 12.0' };
  if (isMotorised(u)) return { code: 'transported', message: `${d.designation} is carried by its division's transport and may not be attack designated`, case: 'GOSS 5.1.2, 7.12.3' };
  if (has(u, M.CR)) return { code: 'combat-reserve', message: `${d.designation} is in combat reserve and may not be attack designated`, case: 'GOSS 5.8' };
  if (fatigue(u) === 2) return { code: 'fatigue-2', message: `${d.designation} has fatigue 2 and may not be attack designated`, case: 'GOSS 14.2' };
  if (isArtGroup(d) || isHq(d)) return { code: 'no-offensive-ga', message: `${d.designation}: artillery groups and division HQs may not make an offensive GA`, case: 'AW 31.9.2c' };
  if (isArtillery(d) || isLeader(d)) return { code: 'cannot-attack', message: `${d.designation} cannot attack`, case: 'GOSS 13.4' };
  // AW 33.7.1 / 33.7.2: inactive VIII Corps units, and Germans east of the 49th Div boundary, make no offensive GA.
  const ep = mayAct(s, bundle, u.id, 'offensiveGa');
  if (ep) return { code: ep.code, message: ep.message, case: ep.case ?? 'GOSS 5.1.2' };
  const line = acrossBoundary(s, bundle, u.id);
  if (line) return { code: 'restricted-area', message: `${d.designation} is across the ${line.name} (forced there) and may not make a tactical assault`, case: line.case };
  return null;
}

export const attackDesignationRules: RuleModule = {
  name: 'attackDesignation',
  handlers: [
    {
      type: 'designate',
      apply(d, action, ctx) {
        const a = action as ActionOf<'designate'>;
        requireSegment(ctx, d.pos, 'attackDesignation', 'attack designation happens', 'AW 31.2.2a');
        const events: GameEvent[] = [];
        // Every unit checked against the state before the action (its cached unit index), then marked:
        // checking each on the draft after the last one's marker rebuilt the index per unit.
        const base = unmodifiedBase(d) as GameState;
        const seen = new Set<string>();
        for (const id of a.units) {
          const u = unitOf(base, id);
          const p = u && seen.has(id) ? alreadyDesignated(defOf(ctx.bundle, id).designation) : designationProblem(base, ctx.bundle, u, ctx.side!);
          if (p) reject(p.code, p.message, p.case);
          seen.add(id);
        }
        for (const id of a.units) {
          addMarker(mutUnit(d, id), M.TA);
          events.push({ type: 'designated', unit: id, marker: 'TA', case: 'GOSS 5.1.2' });
        }
        return events;
      },
      legal(s, side, bundle) {
        if (segmentAt(bundle.sequence, s.pos).segment.id !== 'attackDesignation' || s.pending) return [];
        return unitList(s).filter((u) => !designationProblem(s, bundle, u, side)).map((u) => ({ type: 'designate', units: [u.id] }));
      },
    },
    {
      type: 'dropAttack',
      apply(d, action, ctx) {
        const a = action as ActionOf<'dropAttack'>;
        requireSegment(ctx, d.pos, 'attackerAdjustment', 'designations are dropped', 'AW 31.2.2d');
        const u = unitOf(d, a.unit);
        if (!u || u.side !== ctx.side || (!has(u as UnitState, M.TA) && !has(u as UnitState, M.PA))) reject('not-designated', `${a.unit} is not one of your attack-designated units`, 'GOSS 12.0');
        const def = defOf(ctx.bundle, u.id);
        const t = terrainOf(ctx.bundle.board, u.hex!);
        const events: GameEvent[] = [];
        if (!(t && gaMods(ctx.bundle).mct.includes(t))) {
          // GOSS 12.0: outside MCT, drop only on a passed offensive PRC with the stack's lowest attack PR.
          const stack = unitList(d).filter((x) => x.hex === u.hex && x.side === u.side && (has(x as UnitState, M.TA) || has(x as UnitState, M.PA)));
          // AW 1.2.6e: Cherbourg morale modifies the offensive PR of Landefront units (combatPr.ts).
          const prs = stack.map((x) => effectivePr(d as GameState, ctx.bundle, x.id, 'off'));
          const pr = Math.min(...prs.map((x) => x.pr ?? 0));
          const morale = prs.find((x) => x.note && x.pr === pr);
          // GOSS 4.4.1 / 23.2.1: a leader in the hex gives −1 DRM.
          const ld = leaderPrcDrm(d as GameState, ctx.bundle, u.side, [u.hex!]);
          const r = prc(ctx.dice, pr, ld?.drm ?? 0, `attacker adjustment PRC ${def.designation}`);
          const cases = ['GOSS 12.0', ...(morale ? [morale.case] : []), ...(ld ? [ld.case] : [])].join(', ');
          events.push({ type: 'prc', unit: u.id, pr, roll: r.roll, ...(ld ? { drm: ld.drm } : {}), pass: r.pass, why: `drop an attack designation outside MCT${morale ? ` (${morale.note})` : ''}${ld ? `, −1 DRM for leader ${ld.leader}` : ''}`, case: cases });
          if (!r.pass) { events.push({ type: 'designationKept', unit: u.id, case: 'GOSS 12.0' }); return events; }
        }
        patchUnit(d, u, { markers: u.markers.filter((m) => m !== M.TA && m !== M.PA) });
        events.push({ type: 'designationDropped', unit: u.id, hex: formatHex(u.hex!), case: 'GOSS 12.0' });
        return events;
      },
      legal(s, side, bundle) {
        if (segmentAt(bundle.sequence, s.pos).segment.id !== 'attackerAdjustment' || s.pending) return [];
        return unitList(s).filter((u) => u.side === side && live(u) && (has(u, M.TA) || has(u, M.PA))).map((u) => ({ type: 'dropAttack', unit: u.id }) as Action);
      },
    },
  ],
  hooks: [
    { segment: 'attackDesignation', onEnter(d) { startCombatPhase(d); return []; } },
    {
      segment: 'attackerAdjustment',
      onEnter(d, ctx) {
        // GOSS 12.0 mandatory removals: designations with no adjacent enemy.
        const events: GameEvent[] = [];
        // Dropping markers moves no unit: one index of the positions for every adjacency question.
        const ix = unitIndex(d as GameState);
        for (const r of readUnits(d.units)) {
          if (!live(r) || (!has(r, M.TA) && !has(r, M.PA))) continue;
          if (!sideAdjacent(ix, r.hex!, enemyOf(r.side))) {
            dropMarkersOf(d, r, [M.TA, M.PA]);
            events.push({ type: 'designationDropped', unit: r.id, why: 'no adjacent enemy', case: 'GOSS 12.0' });
          }
        }
        void ctx;
        return events;
      },
    },
  ],
};
