import { describe, expect, it } from 'vitest';
import { apply, legalActions, replay, sideToAct, stateHash, view, type Action } from '../src/engine';
import { hexOfRulesId } from '../src/engine/hex';
import { demoGame, play } from './helpers';
import { unitOf } from '../src/engine/unitTable';

const END: Action = { type: 'endSegment' };

describe('engine contract', () => {
  it('newGame places the setup and starts at the first player segment (auto segments pass by)', () => {
    const s = demoGame();
    expect(unitOf(s, 'demo-kosb').hex).toBe(hexOfRulesId('C4719'));
    expect(s.fieldworks[hexOfRulesId('C4825')]).toBe('ET-2');
    expect(view(s, 'allied').label).toContain('Construction Segment');
    expect(sideToAct(s)).toBe('allied');
  });
  it('AW 31.1 sequence: the defender acts in the defensive FS segment, then the German player turn follows', () => {
    let s = demoGame();
    s = play(s, END); // → Movement Segment
    expect(view(s, 'allied').label).toContain('Movement Segment');
    s = play(s, END, END); // construction completion → attack designation
    expect(view(s, 'allied').label).toContain('Attack Designation');
    s = play(s, END);
    expect(view(s, 'allied').label).toContain('Defensive FS');
    expect(sideToAct(s)).toBe('german');
    expect(legalActions(s, 'allied')).toEqual([]);
    s = play(s, END, END, END, END, END); // offensive FS, adjustment, GA, exploitation → admin (auto) → German turn
    expect(view(s, 'german').label).toContain('German player turn');
    expect(sideToAct(s)).toBe('german');
  });
  it('AW 31.4: the game ends after the last game turn of the chosen length', () => {
    let s = demoGame();
    let guard = 0;
    while (!s.over && guard++ < 500) s = play(s, END);
    expect(s.over?.reason).toMatch(/last game turn \(3\)/);
    expect(apply(s, END)).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });
  it('AW 31.6: the Exploitation segment is skipped at Night', () => {
    let s = demoGame();
    const labels: string[] = [];
    let guard = 0;
    while (!s.over && guard++ < 500) { labels.push(view(s, 'allied').label); s = play(s, END); }
    expect(labels.filter((l) => l.includes('Night') && l.includes('Exploitation'))).toEqual([]);
    expect(labels.filter((l) => l.includes(' PM') && l.includes('Exploitation')).length).toBe(2);
  });
  it('rejects illegal actions with a reason and leaves the state unchanged', () => {
    const s = play(demoGame(), END);
    const before = stateHash(s);
    const bad: [unknown, string][] = [
      [null, 'bad-action'],
      [{ type: 'fly' }, 'unknown-action'],
      [{ type: 'move', unit: 'demo-i-981', path: ['C4824'] }, 'not-your-unit'],
      [{ type: 'move', unit: 'demo-kosb', path: ['C4721'] }, 'not-adjacent'],
      [{ type: 'move', unit: 'demo-kosb', path: ['Z9999'] }, 'bad-hex'],
      [{ type: 'move', unit: 'nobody', path: ['C4720'] }, 'no-such-unit'],
      [{ type: 'move', unit: 'demo-kosb' }, 'bad-action'],
    ];
    for (const [a, code] of bad) {
      const r = apply(s, a as Action);
      expect(r.ok).toBe(false);
      if (!r.ok) { expect(r.error.code).toBe(code); expect(r.error.message.length).toBeGreaterThan(10); }
    }
    expect(stateHash(s)).toBe(before);
  });
  it('moves a unit and records cost; a unit may not exceed its MA', () => {
    let s = play(demoGame(), END);
    s = play(s, { type: 'move', unit: 'demo-kosb', path: ['C4720', 'C4721'] });
    expect(unitOf(s, 'demo-kosb').hex).toBe(hexOfRulesId('C4721'));
    expect(unitOf(s, 'demo-kosb').mpSpent).toBe(2);
    const r = apply(s, { type: 'move', unit: 'demo-kosb', path: ['C4720', 'C4719', 'C4718', 'C4717', 'C4716'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'over-ma', case: 'GOSS 7.1' });
    // C4724 is next to the German battalion in its ET-2 at C4825, in clear terrain: the move halts there (AW 31.8b).
    const h = apply(s, { type: 'move', unit: 'demo-kosb', path: ['C4722', 'C4723', 'C4724', 'C4624', 'C4623'] });
    expect(h.ok).toBe(false);
    if (!h.ok) expect(h.error).toMatchObject({ code: 'halted', case: 'AW 31.8b' });
  });
  it('legalActions lists endSegment and every reachable move, each of which apply accepts', () => {
    const s = play(demoGame(), END);
    const acts = legalActions(s, 'allied');
    expect(acts[0]).toEqual(END);
    const moves = acts.filter((a) => a.type === 'move');
    expect(moves.length).toBeGreaterThan(20);
    for (const a of moves.slice(0, 50)) expect(apply(s, a).ok).toBe(true);
  });
});

describe('replay determinism and undo barriers', () => {
  const log = () => ({
    scenario: 'demo',
    options: { seed: 'replay-seed' },
    actions: [END, { type: 'move', unit: 'demo-kosb', path: ['C4720'] }, { type: 'roll', dice: '2d10', purpose: 'tie-break' }, END, END, END] as Action[],
  });
  it('the same log gives the same stateHash, and the same dice', () => {
    demoGame();
    const a = replay(log()); const b = replay(log());
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(stateHash(a.state)).toBe(stateHash(b.state));
      expect(a.events.filter((e) => e.type === 'dieRolled')).toEqual(b.events.filter((e) => e.type === 'dieRolled'));
    }
  });
  it('another seed gives other dice', () => {
    demoGame();
    const a = replay(log()); const b = replay({ ...log(), options: { seed: 'other' } });
    if (!a.ok || !b.ok) throw new Error('replay failed');
    const dice = (r: typeof a) => r.events.filter((e) => e.type === 'dieRolled').map((e) => JSON.stringify(e));
    expect(dice(a)).not.toEqual(dice(b));
  });
  it('replay stops at the first rejected action and names it', () => {
    demoGame();
    const l = log(); l.actions.splice(2, 0, { type: 'move', unit: 'demo-kosb', path: ['C4825'] });
    const r = replay(l);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.index).toBe(2);
  });
  it('a die roll and a change of the side to act are information barriers; moves are not', () => {
    let s = play(demoGame(), END);
    const moved = apply(s, { type: 'move', unit: 'demo-kosb', path: ['C4720'] });
    expect(moved.ok && moved.barrier).toBe(false);
    s = moved.ok ? moved.state : s;
    const rolled = apply(s, { type: 'roll', dice: '1d10', purpose: 'x' });
    expect(rolled.ok && rolled.barrier).toBe(true);
    if (rolled.ok) expect(rolled.state.barrier).toBe(rolled.state.n);
    s = play(s, END, END, END); // → defensive FS: German acts
    const last = apply(play(demoGame(), END, END, END), END);
    expect(last.ok && last.barrier).toBe(true);
  });
});
