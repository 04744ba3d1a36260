/**
 * The Air Allocation form (AW 3.3.1, 20.1.1; AirAllocation.tsx) as plain functions: which force the
 * Allied player assigns now, the form's first values, the check of what was typed and the
 * `allocateAir` action built from it. Pure, so it is tested without a browser. The engine checks the
 * action again when it is dispatched; this only keeps the submit button honest.
 */
import type { Action, ActionOf, Side } from '../../engine';
import type { AirRecord } from '../../engine/query';

export type AirKind = 'gs' | 'gi';
/** What the inputs hold, as typed: per kind, per sector id. */
export type AllocationValues = Record<AirKind, Record<string, string>>;

/**
 * The force the open Air Allocation question is about: the force of the allocations the engine offers
 * (it offers the next force still to assign), else the first of the side's forces with AP still to assign.
 */
export function openForce(records: readonly AirRecord[] | null, side: Side, offered: readonly Action[]): AirRecord | null {
  if (!records) return null;
  const first = offered.find((a): a is ActionOf<'allocateAir'> => a.type === 'allocateAir');
  if (first) return records.find((r) => r.force === first.force) ?? null;
  return records.find((r) => r.side === side && !r.assigned && r.ap > 0) ?? null;
}

/** The force's northern air sector (AW 20.1.1a), or its first. */
function northern(force: AirRecord): string | undefined {
  return (force.pools.find((p) => /\bnorth/i.test(p.name) || /-north$/.test(p.sector)) ?? force.pools[0])?.sector;
}

/** The form's first values: every AP to GS in the northern sector, nothing else. */
export function prefill(force: AirRecord): AllocationValues {
  const north = northern(force);
  const v: AllocationValues = { gs: {}, gi: {} };
  for (const p of force.pools) {
    v.gs[p.sector] = p.sector === north ? String(force.ap) : '0';
    v.gi[p.sector] = '0';
  }
  return v;
}

/** A typed AP figure: a whole number of 0 or more (empty is 0), else null. */
export function parseAp(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return null;
  return Number(t);
}

export interface AllocationCheck {
  /** AP assigned by the figures that parse. */
  assigned: number;
  ap: number;
  /** What stops the allocation, each with its rule case; empty when it may be sent. */
  problems: string[];
  /** The action to send, or null while there are problems. */
  action: ActionOf<'allocateAir'> | null;
}

const KIND_NAME: Record<AirKind, string> = { gs: 'GS', gi: 'GI' };

/** Checks the typed figures (AW 20.1.1: every AP assigned; AW 20.3.0: at most `force.giMax` GI AP a sector) and builds the action. */
export function checkAllocation(force: AirRecord, values: AllocationValues): AllocationCheck {
  const problems: string[] = [];
  const out: Record<AirKind, Record<string, number>> = { gs: {}, gi: {} };
  let assigned = 0;
  for (const p of force.pools) {
    for (const kind of ['gs', 'gi'] as const) {
      const n = parseAp(values[kind][p.sector]);
      if (n === null) { problems.push(`${KIND_NAME[kind]} in the ${p.name}: a whole number of AP, 0 or more`); continue; }
      if (kind === 'gi' && n > force.giMax) problems.push(`GI in the ${p.name}: at most ${force.giMax} AP a sector (AW 20.3.0)`);
      assigned += n;
      if (n > 0) out[kind][p.sector] = n;
    }
  }
  if (assigned !== force.ap) problems.push(`all ${force.ap} ${force.name} AP must be assigned: ${assigned} ${assigned > force.ap ? 'is too many' : 'so far'} (AW 20.1.1)`);
  return {
    assigned, ap: force.ap, problems,
    action: problems.length ? null : { type: 'allocateAir', force: force.force, gs: out.gs, gi: out.gi },
  };
}
