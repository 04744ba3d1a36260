/**
 * The retreat procedure (GOSS 11.6.3, 13.11): one stack retreats along a path the GOSS 13.11.2
 * priorities allow (rules/retreat.ts `retreatPaths`), or withdraws into the DW in its hex instead
 * where that is open (GOSS 11.6.2, 13.10.4, 17.4.1). The owner decides when there is a choice
 * (pending `fsRetreat` after fire support, `gaRetreat` after a ground assault); one path is taken
 * at once, none leaves the stack in place (blocked). Returns `{path, withdraw}` to its caller (the
 * hit procedure), which counts the hits the retreat cancelled.
 */
import { z } from 'zod';
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import type { Action, GameEvent, GameState, ScenarioBundle } from '../types';
import { reject } from '../rules/registry';
import { combatOf } from '../rules/combatState';
import { live } from '../rules/combatTraits';
import { doRetreat, retreatPaths } from '../rules/retreat';
import { defineProcedure, requireListed, type Run, type Wait } from './stack';
import type { RetreatFrame, RetreatResult } from './frames';
import { unitOf } from '../unitTable';

const FsRetreatAction = z.union([
  z.object({ type: z.literal('fsRetreat'), path: z.array(z.string()).length(1), withdraw: z.literal(false).optional() }),
  z.object({ type: z.literal('fsRetreat'), path: z.array(z.string()).length(0), withdraw: z.literal(true) }),
]);
const GaRetreatAction = z.object({ type: z.literal('gaRetreat'), from: z.string(), path: z.array(z.string()), withdraw: z.boolean().optional() });

const hexOf = (ref: string): HexId => { const r = tryParseHexRef(ref); if ('error' in r) reject('bad-hex', r.error); return r.hex; };

/** The live units of the stack. */
const stackOf = (state: GameState, f: RetreatFrame): string[] => f.units.filter((id) => live(unitOf(state, id)));

/** Every retreat path the priorities allow the stack now (the longest achievable, GOSS 13.11). */
export function retreatFramePaths(state: GameState, bundle: ScenarioBundle, f: RetreatFrame): HexId[][] {
  const ids = stackOf(state, f);
  return ids.length ? retreatPaths(state, bundle, f.side, f.from, ids, f.want) : [];
}

function waitOf(f: RetreatFrame): Wait {
  return f.rule === 'fs'
    ? { side: f.side, kind: 'fsRetreat', prompt: 'Retreat the target stack 1 hex', case: 'GOSS 11.6.3' }
    : { side: f.side, kind: 'gaRetreat', prompt: `Retreat the stack in ${formatHex(f.from)} (${f.want} hex${f.want > 1 ? 'es' : ''})`, case: 'GOSS 13.11' };
}

/** Moves the stack (or records the withdrawal or the blocked retreat) and keeps the result for the caller. */
function perform(run: Run, f: RetreatFrame, path: HexId[], withdraw: boolean): RetreatResult {
  const { d } = run;
  const ids = stackOf(d as GameState, f);
  const lc = { d, bundle: run.ctx.bundle, events: run.events, lost: {} };
  const fs = f.rule === 'fs';
  let e: GameEvent | null = null;
  if (withdraw) {
    e = fs
      ? { type: 'withdrewIntoDw', units: ids, hex: formatHex(f.from), fieldworks: d.fieldworks[f.from], why: 'the attack-designated targets withdraw into the DW in their hex instead of retreating', case: 'GOSS 11.6.2, 17.4.1' }
      : { type: 'withdrewIntoDw', units: ids, hex: formatHex(f.from), fieldworks: d.fieldworks[f.from], why: 'the attackers withdraw into the DW in their hex instead of retreating: one hit cancelled', case: 'GOSS 13.10.4, 17.4.1' };
  } else if (path.length) {
    doRetreat(lc, f.side, ids, path, fs ? 'GOSS 11.6.3' : 'GOSS 13.11');
    if (fs) {
      // GOSS 6.7.0: an overstack the FS retreat makes does not fight a later GA (gaOdds.ts).
      const c = combatOf(d);
      const list = c.retreatedAfterFs ?? (c.retreatedAfterFs = []);
      for (const id of ids) if (!list.includes(id)) list.push(id);
    }
  } else e = fs ? { type: 'retreatBlocked', units: ids, case: 'GOSS 11.6.3' } : { type: 'retreatBlocked', units: ids, from: formatHex(f.from), case: 'GOSS 13.10.4' };
  if (e) run.events.push(e);
  return { path, withdraw, units: ids };
}

export const retreatProcedure = defineProcedure({
  name: 'retreat',
  step(f, run) {
    const done = f.chosen;
    if (done) return { end: done };
    const paths = retreatFramePaths(run.d as GameState, run.ctx.bundle, f);
    // A choice: several paths, a part of the path (passed Limited retreat), or the DW withdrawal.
    if (paths.length > 1 || f.noWithdraw === null || (f.prefix && paths.length >= 1)) return { wait: waitOf(f) };
    return { end: perform(run, f, paths[0] ?? [], false) };
  },
  decisions: {
    fsRetreat: {
      case: 'GOSS 11.6.3',
      legal(f, state, bundle) {
        const out: Action[] = retreatFramePaths(state, bundle, f).map((p) => ({ type: 'fsRetreat', path: p.map(formatHex) }));
        if (f.noWithdraw === null) out.push({ type: 'fsRetreat', path: [], withdraw: true });
        return out;
      },
      apply(f, action, run) {
        const a = FsRetreatAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        if (f.rule !== 'fs') reject('not-pending', 'no fsRetreat decision is pending', 'GOSS 11.6.3');
        if (a.data.withdraw) {
          if (f.noWithdraw !== null) reject('no-withdrawal', f.noWithdraw, 'GOSS 11.6.2');
          f.chosen = perform(run, f, [], true);
          return;
        }
        const to = hexOf(a.data.path[0]);
        if (!retreatFramePaths(run.d as GameState, run.ctx.bundle, f).some((p) => p[0] === to)) reject('illegal-retreat', `${a.data.path[0]} is not a retreat hex the priorities allow`, 'GOSS 11.6.3');
        f.chosen = perform(run, f, [to], false);
      },
    },
    gaRetreat: {
      case: 'GOSS 13',
      legal(f, state, bundle) {
        const from = formatHex(f.from);
        const all = new Set<string>();
        const out: Action[] = [];
        for (const p of retreatFramePaths(state, bundle, f)) {
          for (let k = f.prefix ? 1 : p.length; k <= p.length; k++) {
            const path = p.slice(0, k).map(formatHex);
            const key = path.join(',');
            if (all.has(key)) continue;
            all.add(key);
            out.push({ type: 'gaRetreat', from, path });
          }
        }
        if (f.noWithdraw === null) out.push({ type: 'gaRetreat', from, path: [], withdraw: true });
        return out;
      },
      apply(f, action, run) {
        const a = GaRetreatAction.safeParse(action);
        if (!a.success) reject('bad-action', a.error.issues[0].message);
        if (f.rule !== 'ga') reject('not-pending', 'no gaRetreat decision is pending', 'GOSS 13');
        if (a.data.withdraw) {
          const no = formatHex(f.from) === a.data.from ? f.noWithdraw : `the stack to retreat now is in ${formatHex(f.from)}`;
          if (no) reject('no-withdrawal', no, 'GOSS 13.10.4');
          if (a.data.path.length) reject('bad-action', 'a DW withdrawal has an empty path (the stack stays in its hex)', 'GOSS 13.10.4');
        } else requireListed(retreatProcedure.decisions!.gaRetreat.legal(f as RetreatFrame, run.d as GameState, run.ctx.bundle), { ...a.data }, 'gaRetreat', 'GOSS 13.11');
        f.chosen = perform(run, f, a.data.path.map(hexOf), !!a.data.withdraw);
      },
    },
  },
});
