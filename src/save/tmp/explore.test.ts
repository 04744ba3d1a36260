import { it } from 'vitest';
import { loadScenario } from '../../data/bundle';
import { apply, legalActions, newGame, sideToAct, type Action, type GameState } from '../../engine';
import { segmentAt } from '../../engine/sequence';
import { assaultOptions } from '../../engine/rules/groundAssault';
const bundle = loadScenario('goodwood');
const seg = (s: GameState) => segmentAt(bundle.sequence, s.pos).segment.id;
it('explore', () => {
  let s = newGame(bundle, { seed: 'orders-1' }).state;
  const step = (a: Action) => { const r = apply(s, a); if (!r.ok) throw new Error(JSON.stringify(a) + r.error.message); s = r.state; return r; };
  console.log(s.pending, legalActions(s, 'german').map(a=>a.type).filter((x,i,arr)=>arr.indexOf(x)===i));
  step({ type: 'finishSetup' } as Action);
  while (seg(s) !== 'attackDesignation') step({ type: 'endSegment' });
  const picks: string[] = [];
  for (const a of legalActions(s, 'allied')) {
    if (picks.length === 3) break;
    const units = (a as any).units as string[];
    if (a.type !== 'designate') continue;
    const r = apply(s, a); if (!r.ok) continue;
    const ga = assaultOptions(r.state, bundle, 'allied').find((g: any) => g.attackers.includes(units[0])) as any;
    if (!ga || picks.includes(ga.hex)) continue;
    picks.push(ga.hex); s = r.state; console.log('designated', units, '->', ga.hex, s.units[units[0]].hex);
  }
  step({ type: 'endSegment' });
  console.log(seg(s), sideToAct(s));
  const fm = legalActions(s, 'german').filter((a) => a.type === 'fireMission');
  console.log(JSON.stringify(fm));
});
