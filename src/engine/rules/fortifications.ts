/**
 * WN and StP on the Battlefield Map (AW 4.5.9, 4.5.10), for the scenarios that list the module
 * `fortifications` (AW 34.5.0 Cherbourg: "See AW 4.5.9 & 4.5.10 for rules regarding StP and WN"). The
 * counters (data/units/de-cherbourg-wn.json, `fortification`) are static one-step units of the setup.
 *
 * - The works: at the start of the game each WN's hex holds an ET-2 (AW 4.5.9a "treated as an ET-2 for
 *   all purposes") and each StP's hex the works kind `StP` (AW 4.5.10 "treated as Forts"; its values in
 *   data/tables: GA shift 3, FS DRM −7, Arm/AT −4, MCT, halts, no sliding; rules/works.ts +1 PR and the
 *   automatic PRC passes). The works go with the hex's last unit (fieldworks.ts), as any DW.
 * - AW 4.5.10a: a StP assaulted only through hexsides outside its arc of fire is an ET-2 for the GA
 *   (`gaWorks`, read by gaOdds.ts).
 * - AW 4.5.10b: emplaced guns fire FS missions with the printed BF and range, only at targets inside
 *   the arc (`emplacedGuns`, the extension point fireSupport.ts folds over); never out of battery.
 * - AW 34.3.0 (4.5.10b): the Allied player allocates one naval unit to a WN or StP with guns
 *   (`suppressWnStp {ship, unit}`, in a segment the Allied player acts in, AM and PM GTs): its FS
 *   mission points are zero for that GT, and the ship is used for the GT (navalGunfire.ts).
 */
import type { Draft } from 'immer';
import { distance, formatHex } from '../hex';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../types';
import { reject, type RuleModule } from './registry';
import { moduleOn, type EmplacedGuns, type Extension } from './extensions';
import { special } from './scenarioArea';
import { unitIndex } from './unitIndex';
import { turnTime } from '../sequence';
import { navalPlan, recordShips } from './navalGunfire';
import { combatOf } from './combatState';
import { fortOf, gunsSuppressed } from './emplacements';
import { unitList, unitOf } from '../unitTable';

const NAME = 'fortifications';

export const fortifications: Extension = {
  name: NAME,
  cases: 'AW 4.5.9, 4.5.10, 34.5.0',
  emplacedGuns(bundle, unitId): EmplacedGuns | null {
    const f = fortOf(bundle, unitId);
    if (!f?.artillery) return null;
    return { bf: f.artillery.bf, range: f.artillery.range, arc: f.arc ?? null, kind: f.kind, case: 'AW 4.5.10b' };
  },
};

function suppressProblem(state: GameState, bundle: ScenarioBundle, side: Side | null, ship: string, unitId: string): Rejection | null {
  const nr = special(bundle).naval;
  const no = (code: string, message: string): Rejection => ({ code, message, case: 'AW 34.3.0, 4.5.10b' });
  if (!nr?.suppressWnStp || !moduleOn(bundle, NAME)) return no('no-suppression', 'this scenario has no naval suppression of WN and StP');
  if (side !== 'allied') return no('not-your-turn', 'only the Allied player allocates naval units');
  const u = unitOf(state, unitId);
  const f = fortOf(bundle, unitId);
  if (!u || u.hex === null || u.eliminated || !f) return no('not-wn-stp', `${unitId} is not a WN or StP on the map`);
  if (!f.artillery) return no('no-guns', `${bundle.units.get(unitId)!.designation} has no barrage capability to silence`);
  if (gunsSuppressed(state, unitId)) return no('already', `${bundle.units.get(unitId)!.designation} is already silenced this GT`);
  const day = turnTime(bundle.scenario, bundle.sequence, state.pos.turn).time !== 'Night';
  const p = navalPlan(state, bundle, 'allied', [ship], u.hex, day, 'observedPaEt', Infinity);
  if (!p.ok) return { code: p.code, message: p.message, case: p.case };
  return null;
}

function applySuppress(d: Draft<GameState>, a: { ship: string; unit: string }, bundle: ScenarioBundle, side: Side | null): GameEvent[] {
  const e = suppressProblem(d as GameState, bundle, side, a.ship, a.unit);
  if (e) reject(e.code, e.message, e.case);
  recordShips(d, [{ id: a.ship, points: 0 }]);
  combatOf(d).naval[`suppress:${a.unit}`] = { turn: d.pos.turn, used: 0 };
  return [{ type: 'gunsSuppressed', ship: a.ship, unit: a.unit, hex: formatHex(unitOf(d, a.unit).hex!), case: 'AW 34.3.0, 4.5.10b' }];
}

export const fortificationRules: RuleModule = {
  name: NAME,
  onNewGame(d, ctx) {
    if (!moduleOn(ctx.bundle, NAME)) return [];
    const placed: { hex: string; kind: string }[] = [];
    for (const u of unitList(d)) {
      const f = u.hex === null ? null : fortOf(ctx.bundle, u.id);
      if (!f) continue;
      const kind = f.kind === 'StP' ? 'StP' : 'ET-2';
      const had = d.fieldworks[u.hex!];
      if (had === kind || had === 'StP' || had === 'ET-3') continue;
      d.fieldworks[u.hex!] = kind;
      placed.push({ hex: formatHex(u.hex!), kind });
    }
    return placed.length ? [{ type: 'fieldworksPlaced', works: placed, why: 'WN are treated as ET-2, StP as Forts', case: 'AW 4.5.9a, 4.5.10' }] : [];
  },
  handlers: [{
    type: 'suppressWnStp',
    apply(d, action: Action, ctx) {
      return applySuppress(d, action as unknown as { ship: string; unit: string }, ctx.bundle, ctx.side);
    },
    legal(state, side, bundle) {
      const nr = special(bundle).naval;
      if (side !== 'allied' || !nr?.suppressWnStp || !moduleOn(bundle, NAME) || state.pending) return [];
      const out: Action[] = [];
      const allied = unitIndex(state).live.filter((u) => u.side === 'allied');
      for (const u of unitIndex(state).live) {
        if (u.side === side || !fortOf(bundle, u.id)?.artillery) continue;
        // Only guns that could reach a friendly unit are worth a ship (keeps the offers short).
        const guns = fortOf(bundle, u.id)!.artillery!;
        if (!allied.some((x) => distance(x.hex!, u.hex!) <= guns.range)) continue;
        for (const s of nr.ships) if (!suppressProblem(state, bundle, side, s.id, u.id)) out.push({ type: 'suppressWnStp', ship: s.id, unit: u.id } as Action);
      }
      return out;
    },
  }],
};
