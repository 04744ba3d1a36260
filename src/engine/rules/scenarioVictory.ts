/**
 * Victory vocabulary added for AW 33-34 (src/data/schemas/scenarioRules.ts `Condition`):
 *   - `unitIn`: a unit of the side in a hex set, optionally in GenS (AW 33.13 "in GenS south of the Odon");
 *   - `controlled`: hexes the side controls (GOSS: the side that last occupied the hex; at start the
 *     deployment zones give control, AW 34.0 "north of the red start line is under German control");
 *   - `noUnits`: no unit of the side left in the hexes (AW 34.13.1 "eliminated or surrendered").
 * Control is kept in `state.special.control` (hex id → side), updated at the end of every segment.
 * `special.suddenDeath` entries end the game at the end of their GT when their condition holds
 * (AW 34.13.1 Strategic: all German units gone at the end of June 26 Night).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../types';
import type { RuleContext, RuleModule } from './registry';
import type { Condition } from '../../data/schemas/scenarioRules';
import { formatHex, type HexId } from '../hex';
import { hexSet, special } from './scenarioArea';
import { SIDE_NAME, turnTime } from '../sequence';
import { unitIndex } from './unitIndex';
import { latest } from '../draftPeek';
import { victoryHexSet, victoryHexes, victoryView, type VictoryView } from './victoryView';

export interface ExtReport { label: string; holds: boolean; detail: string }
type WithControl = { special?: { control?: Record<string, Side>; victory?: unknown } };

/** Start control from the deployment zones (`german` / `us` zones), else nobody. */
function startControl(bundle: ScenarioBundle, h: HexId): Side | null {
  const z = special(bundle).deployment?.zones;
  if (z?.german && hexSet(bundle, z.german.hexes).has(h)) return 'german';
  if (z?.us && hexSet(bundle, z.us.hexes).has(h)) return 'allied';
  return null;
}

/** GOSS control of a hex now: the side that occupies it, else the last side that did, else the start control. */
export function controlOf(state: GameState, bundle: ScenarioBundle, h: HexId): Side | null {
  return controlIn(victoryView(state, bundle), h);
}

/** `controlOf` on a victory check's view (the units read once for all the hexes of the check). */
function controlIn(view: VictoryView, h: HexId): Side | null {
  const here = view.sidesIn(h);
  if (here?.size === 1) return [...here][0];
  return (view.state as GameState & WithControl).special?.control?.[String(h)] ?? startControl(view.bundle, h);
}

const tracked = new WeakMap<ScenarioBundle, ReadonlySet<HexId>>();
/** The hexes whose control is recorded, in the data's order; once per bundle (updateControl runs at the end of every segment). */
function trackedHexes(bundle: ScenarioBundle): ReadonlySet<HexId> {
  let hs = tracked.get(bundle);
  if (!hs) tracked.set(bundle, (hs = new Set(findTracked(bundle))));
  return hs;
}

function findTracked(bundle: ScenarioBundle): HexId[] {
  const out = new Set<HexId>();
  for (const v of Object.values(special(bundle).victory?.byLength ?? {})) {
    const walk = (c: Condition) => {
      if ('controlled' in c) for (const h of victoryHexes(bundle, c.controlled.hexes)) out.add(h);
      for (const k of ['all', 'any', 'count'] as const) if (k in c) (c as unknown as Record<string, Condition[]>)[k].forEach(walk);
      if ('not' in c) walk(c.not);
    };
    Object.values(v.conditions).forEach(walk);
    v.outcomes.forEach((o) => walk(o.when));
  }
  const cb = special(bundle).cherbourg;
  if (cb) for (const h of [...hexSet(bundle, cb.perimeter), ...hexSet(bundle, cb.city)]) out.add(h);
  return [...out];
}

/** Records control of the tracked hexes (victory sets, the Cherbourg perimeter and city). */
export function updateControl(d: Draft<GameState>, bundle: ScenarioBundle): void {
  const hexes = trackedHexes(bundle);
  if (!hexes.size) return;
  const s = d as Draft<GameState> & WithControl;
  if (!s.special) s.special = {};
  const ctl = (s.special.control ??= {});
  // Who occupies each tracked hex: one side, or nobody's new control when both are there (issue 17: this
  // runs at every segment end; the stacks of the tracked hexes are asked, not every unit read).
  const byHex = unitIndex(d as GameState).byHex;
  // Compared with the record as it is, read without its proxy: immer leaves a draft unmodified when a
  // value is written again, but each write through the proxy was a trap (issue 17: a tenth of the
  // segment ends' hooks).
  const now = latest(ctl) as Record<string, Side>;
  for (const h of hexes) {
    const stack = byHex.get(h);
    if (!stack) continue;
    const side = stack[0].side;
    if (!stack.every((u) => u.side === side)) continue;
    const k = String(h);
    if (now[k] !== side) ctl[k] = side;
  }
}

/** Evaluates the AW 33-34 condition kinds; null for the kinds victory.ts handles itself. */
export function evaluateExtCondition(view: VictoryView, c: Condition): ExtReport | null {
  const { bundle } = view;
  if ('unitIn' in c) {
    const { side, hexes, inSupply } = c.unitIn;
    const set = victoryHexSet(bundle, hexes);
    const found = view.live(side).filter((u) => set.has(u.hex!));
    // One trace for the side, not one per unit, and not one per condition (issue 17: victoryView.ts).
    const ok = inSupply ? found.filter((u) => view.inGenS(u)) : found;
    return { label: c.label, holds: ok.length > 0, detail: ok.length ? `${ok.length} ${SIDE_NAME[side]} unit(s): ${ok.slice(0, 5).map((u) => `${u.id} in ${formatHex(u.hex!)}`).join('; ')}` : `no ${SIDE_NAME[side]} unit there${inSupply ? ` in GenS (${found.length} out of supply)` : ''}` };
  }
  if ('controlled' in c) {
    const { side, hexes, count } = c.controlled;
    const all = victoryHexes(bundle, hexes);
    const held = all.filter((h) => controlIn(view, h) === side);
    const need = count === 'all' ? all.length : count === 'any' ? 1 : count === 'moreThanHalf' ? Math.floor(all.length / 2) + 1 : count.atLeast;
    return { label: c.label, holds: held.length >= need, detail: `${SIDE_NAME[side]} controls ${held.length} of ${all.length} (${held.map(formatHex).join(', ') || 'none'}); needed ${need}` };
  }
  if ('noUnits' in c) {
    const set = victoryHexSet(bundle, c.noUnits.hexes);
    const left = view.live(c.noUnits.side).filter((u) => set.has(u.hex!));
    return { label: c.label, holds: left.length === 0, detail: `${left.length} ${SIDE_NAME[c.noUnits.side]} unit(s) left` };
  }
  return null;
}

function suddenDeath(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  updateControl(d, ctx.bundle);
  const { bundle } = ctx;
  const t = turnTime(bundle.scenario, bundle.sequence, d.pos.turn);
  for (const sd of special(bundle).suddenDeath ?? []) {
    if (sd.at.date !== t.date || sd.at.time !== t.time || d.pos.playerTurn !== 1 || d.over) continue;
    const r = evaluateExtCondition(victoryView(d as GameState, bundle), sd.when);
    if (!r?.holds) continue;
    const s = d as Draft<GameState> & WithControl;
    if (!s.special) s.special = {};
    s.special.victory = { case: sd.case, length: d.length, winner: sd.side, level: sd.level, text: sd.text, source: sd.source, conditions: [{ label: r.label, holds: true, detail: r.detail }], outcomes: [] };
    d.over = { reason: `${sd.case}: ${sd.text}`, winner: sd.side ?? 'draw' };
    return [{ type: 'victory', winner: sd.side, level: sd.level, text: sd.text, case: sd.case }, { type: 'gameOver', reason: d.over.reason, winner: d.over.winner }];
  }
  return [];
}

export const scenarioVictoryRules: RuleModule = {
  name: 'scenarioVictory',
  // Control after every segment; the sudden-death test at the end of the GT.
  hooks: [
    { segment: '*', onExit: (d, ctx) => { updateControl(d, ctx.bundle); return []; } },
  ],
  on: { turnEnd: suddenDeath },
  onGameEnd(d, ctx) { updateControl(d, ctx.bundle); return []; },
};
