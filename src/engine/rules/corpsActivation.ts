/**
 * Who may act (AW 33.7.1 first bullet, AW 33.7.2; scenario.special.epsom.inactive / germanMayAct):
 *   - the listed corps is inactive until a GT: none of its units may do the forbidden activities
 *     (move, construction, observe, FS, offensive GA);
 *   - on the other side only units inside an area (west of the 49th Div boundary) may move or make
 *     offensive GAs, except the exempt formation/type/size (12th SS Pz Coys).
 * Movement, FS, designation, GA and overrun ask `mayAct` (extensions.ts); the texts and cases of the
 * refusals are the scenario's data.
 */
import type { GameState, ScenarioBundle } from '../types';
import type { Act, Extension } from './extensions';
import { turnTime } from '../sequence';
import { hexSet, special } from './scenarioArea';
import { unitOf } from '../unitTable';

const ORDER: Record<string, number> = { AM: 0, PM: 1, Night: 2 };
const before = (a: { date: string; time: string }, b: { date: string; time: string }) => a.date < b.date || (a.date === b.date && ORDER[a.time] < ORDER[b.time]);
const fill = (text: string, unit: string, act = '') => text.replaceAll('{unit}', unit).replaceAll('{act}', act);

function mayAct(state: GameState, bundle: ScenarioBundle, unitId: string, act: Act) {
  const e = special(bundle).epsom;
  if (!e) return null;
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.hex === null) return null;
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const ia = e.inactive;
  if (u.side === ia.side && ia.forbids.includes(act) && before(now, ia.until)) {
    const corps = special(bundle).corps?.find((c) => c.id === ia.corps);
    if (corps && (corps.formations.includes(def.formation ?? '') || corps.units.includes(unitId))) {
      return { code: 'inactive', message: fill(ia.text, unitId), case: ia.case };
    }
  }
  const g = e.germanMayAct;
  if (u.side !== ia.side && g.allows.includes(act)) {
    const ex = g.exempt;
    const exempt = ex.formations.includes(def.formation ?? '') && ex.types.includes(def.type) && ex.sizes.includes(def.size);
    if (!exempt && !hexSet(bundle, g.west).has(u.hex)) return { code: 'restricted', message: fill(g.text, unitId, g.acts[act] ?? act), case: g.case };
  }
  return null;
}

export const corpsActivation: Extension = { name: 'corpsActivation', cases: 'AW 33.7.1, AW 33.7.2', needs: ['epsom', 'corps'], mayAct };
