import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../game';
import { Dice } from '../rng';
import type { GameState, ScenarioBundle } from '../types';
import { gat } from './combatTables';
import { gaOdds, type GaDeclaration } from './gaOdds';
import { columnOf, gaResults } from './gaTable';
import { oddsPreview } from './gaPreview';
import { resolveGaPure } from './groundAssault';
import { retreatPaths } from './retreat';
import { GroundAssaultTable } from '../../data/schemas/tables';
import { act, at, edit, fixture, fmt, hx, landefront, seedWhere, segmentId, start, toSegment, withSeed, type UnitSpec } from './combat.fixture';
import { frameOf } from '../procedures';
import { neighbours } from '../hex';
import { mutUnit, unitList, unitOf } from '../unitTable';

const A = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'allied', hex: at(c, r), ...x });
const G = (id: string, c: number, r: number, x: Partial<UnitSpec> = {}): UnitSpec => ({ id, side: 'german', hex: at(c, r), ...x });

function gaState(b: ScenarioBundle, markers: Record<string, string[]> = {}): GameState {
  const s = toSegment(start(b), b, 'groundAssault');
  return edit(s, (d) => { for (const [id, m] of Object.entries(markers)) mutUnit(d, id).markers.push(...m); });
}

/** A seed whose GA dice at action index s.n give these results (and whose later dice satisfy `more`). */
function seedFor(s: GameState, b: ScenarioBundle, decl: GaDeclaration, onDef: string, onAtt: string, more: (seed: string) => boolean = () => true): string {
  const o = gaOdds(s, b, decl);
  if (!o.ok) throw new Error(o.message);
  return seedWhereSeed((seed) => {
    const d = new Dice(seed, s.n);
    const a = d.d100('a'); const r = d.d100('d');
    const res = gaResults(gat(b), o.odds.column, a + o.odds.drm, r + o.odds.drm);
    return res.onDefender.result === onDef && res.onAttacker.result === onAtt && more(seed);
  });
}
function seedWhereSeed(pred: (seed: string) => boolean): string {
  for (let i = 0; i < 200000; i++) if (pred(`g${i}`)) return `g${i}`;
  throw new Error('no seed');
}
/** The k-th d10 of action n under `seed` after `skip` earlier rolls (d100s count as one roll here). */
function d10At(seed: string, n: number, skip100 = 0, skip10 = 0): number {
  const d = new Dice(seed, n);
  for (let i = 0; i < skip100; i++) d.d100('x');
  for (let i = 0; i < skip10; i++) d.d10('x');
  return d.d10('x');
}

describe('GOSS 13.9 Ground Assault Table (reconstructed, data/tables/ground-assault.json)', () => {
  it('validates against the transcription schema and is labelled reconstructed', () => {
    const b = fixture({ units: [A('a', 1, 1), G('g', 2, 1)] });
    expect(GroundAssaultTable.safeParse(b.tables['ground-assault']).success).toBe(true);
    expect(gat(b).source).toMatch(/^reconstructed:/);
  });
  it('GOSS 13.10.3 example: forest line, 3:1, defender modified DR -21 gives *2(3) against the attacker', () => {
    const b = fixture({ units: [A('a', 1, 1), G('g', 2, 1)] });
    const col = columnOf(gat(b), 3, '3:1')!;
    expect(gaResults(gat(b), col, 50, -21).onAttacker.result).toBe('*2(3)');
  });
  it('GOSS 13.9.1: attacker roll below the lowest range gives no result, above the highest the top row; defender roll the reverse', () => {
    const t = gat(fixture({ units: [A('a', 1, 1), G('g', 2, 1)] }));
    const top = t.attackerRolls.E; const bottom = t.defenderRolls.E;
    expect(gaResults(t, 'E', top[0][0] - 1, 999).onDefender.result).toBe('-');
    expect(gaResults(t, 'E', 500, 999).onDefender.result).toBe(t.resultSets[0].onDefender[9]);
    expect(gaResults(t, 'E', -500, -500).onAttacker.result).toBe(t.resultSets[0].onAttacker[0]);
    expect(gaResults(t, 'E', -500, bottom[9][1] + 1).onAttacker.result).toBe('-');
  });
});

describe('GOSS 13.3–13.8 odds breakdown', () => {
  it('GOSS 13.6 GAV: multipliers per unit unrounded, two halvings give ×¼ (never below ¼), total rounded up', () => {
    const b = fixture({ units: [
      A('a1', 2, 4, { steps: [[6, 6]] }), A('a2', 2, 4, { steps: [[3, 3]] }),
      G('g', 3, 4, { steps: [[2, 2]] }),
    ] });
    const s = edit(gaState(b, { a1: ['TA', 'OoS', 'F1'], a2: ['TA'], g: ['F2'] }), () => {});
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a1', 'a2'] });
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const a1 = o.odds.attackers.find((l) => l.unit === 'a1')!;
    expect(a1.factor).toBe(0.25);
    expect(a1.value).toBe(1.5);
    expect(a1.mults.map((m) => m.case)).toContain('GOSS 13.6.1');
    expect(o.odds.gavAttacker).toBe(5); // 1.5 + 3 = 4.5 → 5
    expect(o.odds.defenders[0].value).toBe(0.5);
    expect(o.odds.gavDefender).toBe(1); // fatigue 2: ×¼ → 0.5 → 1
  });
  it('GOSS 13.6 ratio → column: 1:1 on the clear line is E; below the leftmost column is off-left (column A)', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4), A('weak', 5, 5, { steps: [[1, 1]] }), G('strong', 6, 5, { steps: [[8, 8]] })] });
    const s = gaState(b, { a: ['TA'], weak: ['TA'] });
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    expect(o.ok && [o.odds.baseLabel, o.odds.column, o.odds.offLeft]).toEqual(['1:1', 'E', false]);
    const off = gaOdds(s, b, { hex: hx(6, 5), attackers: ['weak'] });
    expect(off.ok && [off.odds.ratio, off.odds.column, off.odds.offLeft]).toEqual([0.125, 'A', true]);
  });
  it('GOSS 13.7 column shifts: PA +1, ET-2 2 left, night 1 left, adjacent supporting hex 1 left, each with its case; clamped to the line', () => {
    const b = fixture({
      start: { date: '1944-07-18', time: 'Night' },
      units: [A('a', 2, 4), G('g', 3, 4, { fieldworks: 'ET-2' }), G('sup', 2, 5)],
    });
    const s = gaState(b, { a: ['PA'] });
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    const byCase = o.odds.shifts.map((x) => [x.side, x.n, x.case]);
    expect(byCase).toEqual(expect.arrayContaining([
      ['attacker', 1, 'GOSS 13.7.3, 5.2.4'], ['defender', 2, 'GOSS 13.7.4, 17.3.3'], ['defender', 1, 'GOSS 13.7.4, AW 31.6'], ['defender', 1, 'GOSS 13.7.4a'],
    ]));
    expect(o.odds.netShift).toBe(-3);
    expect(o.odds.column).toBe('B'); // E − 3
  });
  it('GOSS 6.7.0 overstack shifts: an overstacked defending hex gives the attacker 1 column, an overstacked attacking stack gives the defender 1', () => {
    const b = fixture({ units: [
      A('a', 2, 4), A('a2', 2, 4), A('a3', 0, 0), G('g', 3, 4), G('g2', 3, 4), G('g3', 9, 8), G('far', 9, 9),
    ] });
    // stacks overstacked by combat (retreats may overstack, GOSS 6.0): placed after the Movement Segment
    const fine = gaState(b, { a: ['TA'] });
    const s = edit(fine, (d) => { mutUnit(d, "a3").hex = hx(2, 4); mutUnit(d, "g3").hex = hx(3, 4); });
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    expect(o.odds.shifts.filter((x) => x.case.startsWith('GOSS 6.7.0')).map((x) => [x.side, x.n, x.why])).toEqual([
      ['attacker', 1, 'the defending hex is overstacked'], ['defender', 1, 'an attacking stack is overstacked'],
    ]);
    const o2 = gaOdds(fine, b, { hex: hx(3, 4), attackers: ['a'] });
    expect(o2.ok && o2.odds.shifts.filter((x) => x.case.startsWith('GOSS 6.7.0'))).toEqual([]);
  });
  it('GOSS 6.7.0 only units within the limit fight: attackers named beyond the limit of their hex are refused; the assault offered is the units that fit, and the rest need not attack', () => {
    const b = fixture({ units: [A('a', 2, 4), A('a2', 2, 4), A('a3', 0, 0), G('g', 3, 4, { steps: [[2, 2]] })] });
    // a stack overstacked after movement (retreats may overstack, GOSS 6.0)
    const s = edit(gaState(b, { a: ['TA'], a2: ['TA'], a3: ['TA'] }), (d) => { mutUnit(d, "a3").hex = hx(2, 4); });
    expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['a', 'a2', 'a3'] })).toMatchObject({
      ok: false, code: 'overstacked-attackers', case: 'GOSS 6.7.0',
      message: `only units within the stacking limit fight: the attackers from ${fmt(hx(2, 4))} exceed it (a hex holds 3 battalions (limit 2)), so name fewer`,
    });
    const two = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a', 'a2'] });
    expect(two.ok && two.odds.shifts.filter((x) => x.case.startsWith('GOSS 6.7.0')).map((x) => x.why)).toEqual(['an attacking stack is overstacked']);
    expect(legalActions(s, 'allied').filter((x) => x.type === 'assault')).toEqual([{ type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a', 'a2'] }]);
    let t = act(s, { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a', 'a2'] }).state;
    while (t.pending) t = act(t, legalActions(t, t.pending.side)[0]).state;
    expect(apply(t, { type: 'endSegment' }).ok).toBe(true); // a3 did not fight and is not bound to attack (GOSS 13.1: the hex was attacked)
  });
  it('GOSS 6.7.0 / 11.6.3 only units within the limit fight: units whose FS retreat overstacked the defending hex suffer the results but do not fight (reconstructed); within the limit they fight', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4), G('g2', 3, 4), G('g3', 9, 9)] });
    const s = edit(gaState(b, { a: ['TA'] }), (d) => { mutUnit(d, "g3").hex = hx(3, 4); d.combat!.retreatedAfterFs = ['g3']; });
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    expect(o.ok && [o.odds.defenders.map((l) => l.unit), o.odds.passengers]).toEqual([['g', 'g2'], ['g3']]);
    const within = edit(s, (d) => { mutUnit(d, "g2").hex = hx(9, 9); });
    const o2 = gaOdds(within, b, { hex: hx(3, 4), attackers: ['a'] });
    expect(o2.ok && [o2.odds.defenders.map((l) => l.unit), o2.odds.passengers]).toEqual([['g', 'g3'], []]);
  });
  it('GOSS 13.4: a German RE unit attacks only stacked with a non-RE unit or a leader', () => {
    const b = fixture({ units: [G('re', 2, 4, { extra: { re: true } }), G('mate', 0, 0), A('a', 3, 4)] });
    const s = gaState(b, { re: ['TA'] });
    expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['re'] }, 'german')).toMatchObject({ ok: false, code: 're-alone', case: 'GOSS 13.4', message: 're is an RE unit: it attacks only stacked with a non-RE unit or a leader' });
    const stacked = edit(s, (d) => { mutUnit(d, "mate").hex = hx(2, 4); });
    expect(gaOdds(stacked, b, { hex: hx(3, 4), attackers: ['re'] }, 'german').ok).toBe(true);
  });
  it('GOSS 13.4: into a constricted hex at most 2 units, at most 1 battalion, from each hex; the assault offered keeps to it', () => {
    const b = fixture({ units: [A('a1', 2, 4), A('a2', 2, 4), A('co', 2, 4, { size: 'Co', steps: [[3, 3], [1, 1]] }), G('g', 3, 4)] });
    (b.board as unknown as { constricted: Set<number> }).constricted = new Set([hx(3, 4)]);
    try {
      const s = gaState(b, { a1: ['TA'], a2: ['TA'], co: ['TA'] });
      expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['a1', 'a2'] })).toMatchObject({ ok: false, code: 'constricted-attack', case: 'GOSS 13.4', message: `into the constricted hex ${fmt(hx(3, 4))} at most 2 units, at most 1 of them a battalion, attack from each hex (2 from ${fmt(hx(2, 4))}, 2 battalions)` });
      expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['a1', 'a2', 'co'] })).toMatchObject({ ok: false, code: 'constricted-attack' });
      expect(gaOdds(s, b, { hex: hx(3, 4), attackers: ['a1', 'co'] }).ok).toBe(true);
      expect(legalActions(s, 'allied').filter((x) => x.type === 'assault')).toEqual([{ type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a1', 'co'] }]);
    } finally { delete (b.board as unknown as { constricted?: Set<number> }).constricted; }
  });
  it('GOSS 13.8 DRMs: PR difference ×5, Arm vs AT terrain-modified ×10, net capped at ±60', () => {
    const b = fixture({ terrain: { [at(3, 4)]: 'woods' }, units: [
      A('a', 2, 4, { pr: [9, 9], extra: { arm: 4 } }), G('g', 3, 4, { pr: [0, 0], extra: { at: 1 } }),
      A('c', 6, 6, { pr: [7, 7], extra: { arm: 4 } }), G('h', 7, 6, { pr: [5, 5], extra: { at: 1 } }),
    ] });
    const s = gaState(b, { a: ['TA'], c: ['TA'] });
    const o = gaOdds(s, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    expect(o.odds.drms.find((x) => x.kind === 'PR')!.value).toBe(45);
    // woods: Arm 4 − AT 1 = 3, −2 terrain = 1 bonus (max 2) × 10
    expect(o.odds.drms.find((x) => x.kind === 'Arm/AT')!.value).toBe(10);
    expect([o.odds.drmRaw, o.odds.drm]).toEqual([55, 55]);
    const clear = gaOdds(s, b, { hex: hx(7, 6), attackers: ['c'] });
    if (!clear.ok) throw new Error(clear.message);
    expect(clear.odds.drms.find((x) => x.kind === 'Arm/AT')!.value).toBe(30); // 3 bonuses in clear
    const capped = fixture({ units: [A('a', 2, 4, { pr: [10, 10], extra: { arm: 9 } }), G('g', 3, 4, { pr: [0, 0] })] });
    const o2 = gaOdds(gaState(capped, { a: ['TA'] }), capped, { hex: hx(3, 4), attackers: ['a'] });
    if (!o2.ok) throw new Error(o2.message);
    expect(o2.odds.drmRaw).toBe(50 + 50); // Arm 9 against nothing: capped at 5 bonuses by day × 10
    expect(o2.odds.drm).toBe(60);
  });
  it('AW 32.8 leader shifts as scenario data (Wunsche: 2 right attacking with 12SS units)', () => {
    const rules = { combat: { leaders: [{ unit: 'wunsche', formation: '12SS', attackShift: 2, defenceShift: 1, advanceBonus: 1, source: 'seed:004 L9381-L9407 (AW 32.8)' }] } };
    const b = fixture({ rules, units: [
      G('pz', 3, 4, { extra: { formation: '12SS' } }), G('wunsche', 3, 4, { size: 'Leader', steps: [[0, 0]] }), A('a', 4, 4),
    ] });
    const s = toSegment(start(b), b, 'groundAssault', 1);
    const s2 = edit(s, (d) => { mutUnit(d, "pz").markers.push('TA'); });
    const o = gaOdds(s2, b, { hex: hx(4, 4), attackers: ['pz'] });
    if (!o.ok) throw new Error(o.message);
    expect(o.odds.shifts.find((x) => x.why.includes('wunsche'))).toMatchObject({ side: 'attacker', n: 2 });
  });
  it('AW 1.2.7b: bocage uses line 3 and hedgerow line 2; a village also offers clear (line 1)', () => {
    const b = fixture({ terrain: { [at(3, 4)]: 'bocage', [at(5, 4)]: 'hedgerow', [at(7, 4)]: 'village' }, units: [A('a', 2, 4), G('g', 3, 4), A('b2', 4, 4), G('h', 5, 4), A('c', 6, 4), G('v', 7, 4)] });
    const s = gaState(b, { a: ['TA'], b2: ['TA'], c: ['TA'] });
    const line = (hex: number, atk: string, l?: number) => { const o = gaOdds(s, b, { hex, attackers: [atk], line: l }); return o.ok ? [o.odds.line, o.odds.lineOptions] : o.code; };
    expect(line(hx(3, 4), 'a')).toEqual([3, [3]]);
    expect(line(hx(5, 4), 'b2')).toEqual([2, [2]]);
    expect(line(hx(7, 4), 'c', 1)).toEqual([1, [2, 1]]);
    expect(line(hx(3, 4), 'a', 1)).toBe('bad-line');
  });
  it('oddsPreview computes the breakdown without consuming dice or changing the state', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4)] });
    const s = gaState(b, { a: ['TA'] });
    const p = oddsPreview(s, { hex: fmt(hx(3, 4)), attackers: ['a'] });
    expect(p.ok && p.odds.column).toBe('E');
    expect(p.ok && p.odds.drms[0].case).toBe('GOSS 13.8.1');
    const r = apply(s, { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a'] });
    expect(r.ok && r.rolls.map((x) => x.purpose).slice(0, 2)).toEqual(['GA attacker roll', 'GA defender roll']);
  });
});

describe('GOSS 13.4 / 13.1 legality', () => {
  const b = fixture({ units: [A('a', 2, 4), A('far', 6, 8), G('g', 3, 4), A('grp', 3, 5, { size: 'Group', type: 'Art', extra: { missionPoints: 8, range: 10 } })] });
  it('rejects undesignated, non-adjacent and artillery-group attackers with the forbidding case', () => {
    const s = gaState(b, { far: ['TA'], grp: ['TA'] });
    const r = (attackers: string[]) => { const x = apply(s, { type: 'assault', hex: fmt(hx(3, 4)), attackers }); return x.ok ? 'ok' : [x.error.code, x.error.case]; };
    expect(r(['a'])).toEqual(['not-designated', 'GOSS 13.4']);
    expect(r(['far'])).toEqual(['not-adjacent', 'GOSS 13.4']);
    expect(r(['grp'])).toEqual(['no-offensive-ga', 'AW 31.9.2c']);
  });
  it('GOSS 13.4: designated units must attack before the segment ends; legalActions offers the assault', () => {
    const s = gaState(b, { a: ['TA'] });
    const r = apply(s, { type: 'endSegment' });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['must-attack', 'GOSS 13.4']);
    expect(legalActions(s, 'allied')).toContainEqual({ type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a'] });
  });
});

describe('GOSS 5.1.2 attack designation', () => {
  const b = fixture({ units: [A('a', 2, 4), A('c', 2, 5), G('g', 3, 4), A('far', 8, 8)] });
  const designating = () => toSegment(start(b), b, 'attackDesignation');
  it('marks every unit named TA, each checked against the state before the action', () => {
    const r = act(designating(), { type: 'designate', units: ['a', 'c'] });
    expect(r.events.filter((e) => e.type === 'designated').map((e) => (e as { unit: string }).unit)).toEqual(['a', 'c']);
    expect(['a', 'c'].map((id) => unitOf(r.state, id).markers)).toEqual([['TA'], ['TA']]);
  });
  it('refuses a unit named twice, and a unit with no adjacent enemy, changing nothing', () => {
    const s = designating();
    const twice = apply(s, { type: 'designate', units: ['a', 'a'] });
    expect(!twice.ok && [twice.error.code, twice.error.case]).toEqual(['already-designated', 'GOSS 5.1.2']);
    const far = apply(s, { type: 'designate', units: ['a', 'far'] });
    expect(!far.ok && [far.error.code, far.error.case]).toEqual(['no-adjacent-enemy', 'GOSS 12.0']);
    expect(far.state).toBe(s);
  });
});

describe('GOSS 13.10 applying results', () => {
  const mk = (extra: UnitSpec[] = [], opts: { terrain?: Record<string, string> } = {}) => fixture({ terrain: opts.terrain, units: [A('a', 2, 4), G('g', 3, 4), ...extra] });
  const assault = { type: 'assault' as const, hex: '', attackers: ['a'] };

  it('GOSS 13.10.4a Hold, PRC passed: the defender stays and takes the hits as any mix of steps and ≤2 fatigue', () => {
    const b = mk();
    const s0 = gaState(b, { a: ['TA'] });
    const decl = { hex: hx(3, 4), attackers: ['a'] };
    const seed = seedFor(s0, b, decl, '2', '-', (sd) => d10At(sd, s0.n + 1) < 5);
    let s = withSeed(s0, seed);
    s = act(s, { ...assault, hex: fmt(hx(3, 4)) }).state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'gaOption' });
    expect(legalActions(s, 'german')).toEqual([{ type: 'gaOption', option: 'hold' }, { type: 'gaOption', option: 'limited' }, { type: 'gaOption', option: 'full' }]);
    s = act(s, { type: 'gaOption', option: 'hold' }).state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'gaAbsorb' });
    expect(legalActions(s, 'german')).toHaveLength(3);
    s = act(s, { type: 'gaAbsorb', fatigue: 1 }).state;
    expect(unitOf(s, "g")).toMatchObject({ stepsLost: 1, hex: hx(3, 4) });
    expect(unitOf(s, "g").markers).toContain('F1');
    expect(s.pending).toBeNull();
    expect(frameOf(s, 'groundAssault')).toBeNull();
  });

  it('GOSS 13.10.4a Hold, PRC failed: retreat 1 hex per hit (Leg defender max 2), then the attacker may advance 1 hex (TA)', () => {
    const b = mk();
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '2', '-', (sd) => d10At(sd, s0.n + 1) >= 5);
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    s = act(s, { type: 'gaOption', option: 'hold' }).state;
    if (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(unitOf(s, "g").hex).not.toBe(hx(3, 4));
    expect(unitOf(s, "g").stepsLost).toBe(0);
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaAdvance' });
    const adv = legalActions(s, 'allied');
    expect(adv).toEqual([{ type: 'gaAdvance', units: [] }, { type: 'gaAdvance', units: ['a'], hexes: 1 }]);
    s = act(s, { type: 'gaAdvance', units: ['a'], hexes: 1 }).state;
    expect(unitOf(s, "a").hex).toBe(hx(3, 4));
    expect(unitOf(s, "a").markers).not.toContain('TA');
  });

  it('GOSS 13.10.4b Limited retreat, PRC passed: retreat 1+ hexes, each cancelling a hit, rest as steps/fatigue', () => {
    const b = mk();
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '2', '-', (sd) => d10At(sd, s0.n + 1) < 5);
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    s = act(s, { type: 'gaOption', option: 'limited' }).state;
    expect(s.pending?.kind).toBe('gaRetreat');
    const one = legalActions(s, 'german').find((x) => ((x as { path?: string[] }).path ?? []).length === 1)!;
    s = act(s, one).state;
    expect(s.pending?.kind).toBe('gaAbsorb');
    s = act(s, { type: 'gaAbsorb', fatigue: 0 }).state;
    expect(unitOf(s, "g")).toMatchObject({ stepsLost: 1, hex: expect.any(Number) });
    expect(unitOf(s, "g").hex).not.toBe(hx(3, 4));
  });

  it('GOSS 13.10.4c Full retreat: no PRC, retreat the maximum distance, one hit cancelled per hex', () => {
    const b = mk();
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '2', '-');
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    const r = apply(s, { type: 'gaOption', option: 'full' });
    expect(r.ok && r.rolls).toEqual([]);
    s = r.ok ? r.state : s;
    if (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(unitOf(s, "g").stepsLost).toBe(0);
    expect(unitOf(s, "g").markers).not.toContain('F1');
    const gHex = unitOf(s, 'g').hex;
    expect(gHex === null ? -1 : Math.max(Math.abs(gHex - hx(3, 4)))).toBeGreaterThan(0);
  });

  it('GOSS 4.2.1a Max step loss: 2 mandatory hits on one unit take 1 step; the other becomes discretionary', () => {
    const b = fixture({ units: [A('a', 2, 4, { steps: [[18, 18]] }), G('g', 3, 4)] });
    const s0 = gaState(b, { a: ['TA'] });
    const o = gaOdds(s0, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    const set = gat(b).resultSets.find((x) => x.columns.includes(o.odds.column))!;
    const twoMand = set.onDefender.find((x) => /\([23]\)/.test(x))!;
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, twoMand, '-');
    const r = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) });
    expect(unitOf(r.state, "g").stepsLost).toBe(1);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'hitsConverted', n: 1, case: 'GOSS 13.10.3' }));
    expect(r.state.pending?.kind).toBe('gaOption');
  });

  it('GOSS 13.10.3 off-left: the attacker applies its own mandatory hits without Max step loss', () => {
    const b = fixture({ units: [A('a', 2, 4, { steps: [[1, 1], [1, 1], [1, 1]] }), G('g', 3, 4, { steps: [[9, 9]] })] });
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '-', '*2(3)');
    const r = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) });
    expect(unitOf(r.state, "a").eliminated).toBe(true); // 3 steps lost to 3 mandatory hits
    expect(r.events.filter((e) => e.type === 'stepLost' && e.unit === 'a')).toHaveLength(3);
  });

  it('GOSS 4.1.3 Z-steps: each mandatory step loss of a Co+ unit also eliminates a Z-step of that side', () => {
    const b = fixture({ units: [A('a', 2, 4, { steps: [[12, 12]] }), G('g', 3, 4), G('z', 3, 4, { size: 'Z', steps: [[1, 1]] })] });
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '(1)', '-');
    const r = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) });
    expect(unitOf(r.state, "g").stepsLost).toBe(1);
    expect(unitOf(r.state, "z").eliminated).toBe(true);
  });

  it('AW 1.2.7b bocage: a German defender may convert one mandatory hit to discretionary; the advance is limited to 1 hex', () => {
    const b = fixture({ terrain: { [at(3, 4)]: 'bocage' }, units: [A('a', 2, 4, { steps: [[30, 30]], moveClass: 'mech' }), G('g', 3, 4)] });
    const s0 = gaState(b, { a: ['PA'] });
    const o = gaOdds(s0, b, { hex: hx(3, 4), attackers: ['a'] });
    if (!o.ok) throw new Error(o.message);
    expect(o.odds.line).toBe(3);
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '1(1)', '-', (sd) => d10At(sd, s0.n + 2) >= 5);
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'gaConvert', case: 'GOSS 13.10.2, AW 1.2.7b' });
    expect(legalActions(s, 'german')).toContainEqual({ type: 'gaConvert', removeEt3: false, convert: 'bocage' });
    const r = act(s, { type: 'gaConvert', removeEt3: false, convert: 'bocage' });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'hitsConverted', case: 'AW 1.2.7b' }));
    s = r.state;
    expect(unitOf(s, "g").stepsLost).toBe(0);
    s = act(s, { type: 'gaOption', option: 'hold' }).state; // fails (seeded) → retreat 2 hexes
    while (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(s.pending?.kind).toBe('gaAdvance');
    expect(legalActions(s, 'allied').map((x) => (x as { hexes?: number }).hexes ?? 0)).toEqual([0, 1]); // PA Mech would be 4; bocage allows 1
  });

  it('GOSS 13.10.2a / AW 1.2.6b: an ET-3 given up on a Landefront hex leaves the printed ET-2 at once; the hex emptied by the retreat keeps it, and the advancing attacker stands in it', () => {
    const b = fixture({ special: landefront([at(3, 4)]), units: [A('a', 2, 4, { steps: [[30, 30]] }), G('g', 3, 4, { fieldworks: 'ET-3' })] });
    const s0 = gaState(b, { a: ['TA'] });
    const decl = { hex: hx(3, 4), attackers: ['a'] };
    const o = gaOdds(s0, b, decl);
    if (!o.ok) throw new Error(o.message);
    const set = gat(b).resultSets.find((x) => x.columns.includes(o.odds.column))!;
    const res = set.onDefender.find((x) => /^\d\(1\)$/.test(x))!;
    const seed = seedFor(s0, b, decl, res, '-');
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    expect(s.pending).toMatchObject({ side: 'german', kind: 'gaConvert' });
    expect(legalActions(s, 'german')).toContainEqual({ type: 'gaConvert', removeEt3: true, convert: 'none' });
    const r = act(s, { type: 'gaConvert', removeEt3: true, convert: 'none' });
    expect(r.events.find((e) => e.type === 'fieldworksRemoved')).toEqual({ type: 'fieldworksRemoved', hex: fmt(hx(3, 4)), fieldworks: 'ET-3', left: 'ET-2', why: 'ET removed to cancel a mandatory hit; the Landefront ET-2 stays (may not be destroyed)', case: 'GOSS 13.10.2a, AW 1.2.7b, AW 1.2.6b' });
    s = r.state;
    expect(s.fieldworks[hx(3, 4)]).toBe('ET-2');
    expect(unitOf(s, "g").stepsLost).toBe(0); // the mandatory hit was cancelled
    s = act(s, { type: 'gaOption', option: 'full' }).state;
    while (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(unitOf(s, "g").hex).not.toBe(hx(3, 4));
    expect(s.fieldworks[hx(3, 4)]).toBe('ET-2'); // GOSS 17.4 removal does not take the printed works
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaAdvance' });
    s = act(s, { type: 'gaAdvance', units: ['a'], hexes: 1 }).state;
    expect(unitOf(s, "a").hex).toBe(hx(3, 4));
    expect(s.fieldworks[hx(3, 4)]).toBe('ET-2'); // usable by either side (AW 1.2.6b)
  });

  it('GOSS 13.10.4a / 17.4.1 attacker withdrawal into a DW: Hold failed against exactly 1 discretionary hit (no automatic pass for attackers in works) — the stack stays in its IP and the hit is cancelled', () => {
    const b = fixture({ units: [A('a', 2, 4, { fieldworks: 'IP' }), G('g', 3, 4, { steps: [[9, 9], [6, 6]] })] });
    const s0 = gaState(b, { a: ['TA'] });
    const decl = { hex: hx(3, 4), attackers: ['a'] };
    const seed = seedFor(s0, b, decl, '-', '1', (sd) => d10At(sd, s0.n + 1) === 7);
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaOption' });
    let r = act(s, { type: 'gaOption', option: 'hold' });
    expect(r.events.find((e) => e.type === 'prc')).toEqual({ type: 'prc', pr: 5, roll: 7, pass: false, why: 'hold PRC with the lowest PR', case: 'GOSS 13.10.4' });
    s = r.state;
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaRetreat' });
    const legal = legalActions(s, 'allied');
    expect(legal).toContainEqual({ type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true });
    expect(legal.filter((x) => (x as { path: string[] }).path.length === 1).length).toBeGreaterThan(0);
    r = act(s, { type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true });
    expect(r.events.find((e) => e.type === 'withdrewIntoDw')).toEqual({ type: 'withdrewIntoDw', units: ['a'], hex: fmt(hx(2, 4)), fieldworks: 'IP', why: 'the attackers withdraw into the DW in their hex instead of retreating: one hit cancelled', case: 'GOSS 13.10.4, 17.4.1' });
    s = r.state;
    expect(unitOf(s, "a")).toMatchObject({ hex: hx(2, 4), stepsLost: 0 });
    expect(unitOf(s, "a").markers.filter((m) => m.startsWith('F'))).toEqual([]);
    expect(unitOf(s, "a").markers).not.toContain('TA');
    expect(frameOf(s, 'groundAssault')).toBeNull();
  });

  it('GOSS 13.10.4c attacker withdrawal on a Full retreat only against exactly 1 discretionary hit; refused against 2 (result 2(1)) and for defenders, each with its case', () => {
    const b = fixture({ units: [A('a', 2, 4, { fieldworks: 'ET-2' }), G('g', 3, 4, { steps: [[9, 9], [6, 6]], fieldworks: 'ET-2' })] });
    const s0 = gaState(b, { a: ['TA'] });
    const decl = { hex: hx(3, 4), attackers: ['a'] };
    // one discretionary hit: no PRC, withdraw instead of the full retreat
    let s = act(withSeed(s0, seedFor(s0, b, decl, '-', '1')), { ...assault, hex: fmt(hx(3, 4)) }).state;
    const full = apply(s, { type: 'gaOption', option: 'full' });
    expect(full.ok && full.rolls).toEqual([]);
    s = full.ok ? full.state : s;
    expect(legalActions(s, 'allied')).toContainEqual({ type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true });
    s = act(s, { type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true }).state;
    expect(unitOf(s, "a")).toMatchObject({ hex: hx(2, 4), stepsLost: 0 });
    // two discretionary hits: the full retreat must be taken
    // 2(1): one mandatory hit (a step) and two discretionary
    let t = act(withSeed(s0, seedFor(s0, b, decl, '-', '2(1)')), { ...assault, hex: fmt(hx(3, 4)) }).state;
    t = act(t, { type: 'gaOption', option: 'full' }).state;
    expect(t.pending).toMatchObject({ side: 'allied', kind: 'gaRetreat' });
    expect(legalActions(t, 'allied').some((x) => 'withdraw' in x)).toBe(false);
    const no = apply(t, { type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true });
    expect(!no.ok && [no.error.code, no.error.message, no.error.case]).toEqual(['no-withdrawal', 'a DW withdrawal replaces the retreat only against exactly 1 discretionary hit (here 2), or after a passed Limited-retreat PRC', 'GOSS 13.10.4']);
    // a defender never withdraws
    let d = act(withSeed(s0, seedFor(s0, b, decl, '2', '-')), { ...assault, hex: fmt(hx(3, 4)) }).state;
    d = act(d, { type: 'gaOption', option: 'full' }).state;
    expect(d.pending).toMatchObject({ side: 'german', kind: 'gaRetreat' });
    const nd = apply(d, { type: 'gaRetreat', from: fmt(hx(3, 4)), path: [], withdraw: true });
    expect(!nd.ok && [nd.error.code, nd.error.message, nd.error.case]).toEqual(['no-withdrawal', 'only attacking units may withdraw into a DW instead of retreating', 'GOSS 13.10.4']);
  });

  it('GOSS 13.10.4b Limited retreat: an attacker that can only withdraw into its DW may choose Limited; after a passed PRC the withdrawal cancels 1 hit, the rest is free (steps/fatigue)', () => {
    // the attacker's only retreat hexes are blocked by enemies (GOSS 13.11: never into an enemy hex)
    const around = neighbours(hx(2, 4)).filter((h) => h !== hx(3, 4));
    const b = fixture({ units: [A('a', 2, 4, { fieldworks: 'ET-2', steps: [[12, 12], [8, 8], [4, 4]] }), G('g', 3, 4, { steps: [[9, 9], [6, 6]] }),
      ...around.map((h, i): UnitSpec => ({ id: `x${i}`, side: 'german', hex: fmt(h), steps: [[1, 1]] }))] });
    const s0 = gaState(b, { a: ['TA'] });
    expect(neighbours(hx(2, 4)).filter((h) => h !== hx(3, 4) && !unitList(s0).some((u) => u.hex === h))).toEqual([]);
    const decl = { hex: hx(3, 4), attackers: ['a'] };
    // 2(1): one mandatory hit (a step) and two discretionary
    let s = act(withSeed(s0, seedFor(s0, b, decl, '-', '2(1)', (sd) => d10At(sd, s0.n + 1) === 2)), { ...assault, hex: fmt(hx(3, 4)) }).state;
    expect(unitOf(s, "a").stepsLost).toBe(1);
    expect(legalActions(s, 'allied')).toEqual([{ type: 'gaOption', option: 'hold' }, { type: 'gaOption', option: 'limited' }, { type: 'gaOption', option: 'full' }]);
    const r = act(s, { type: 'gaOption', option: 'limited' });
    expect(r.events.find((e) => e.type === 'prc')).toMatchObject({ pr: 5, roll: 2, pass: true });
    s = r.state;
    expect(legalActions(s, 'allied')).toEqual([{ type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true }]);
    s = act(s, { type: 'gaRetreat', from: fmt(hx(2, 4)), path: [], withdraw: true }).state;
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaAbsorb' });
    expect(legalActions(s, 'allied')).toEqual([{ type: 'gaAbsorb', fatigue: 0 }, { type: 'gaAbsorb', fatigue: 1 }]);
    s = act(s, { type: 'gaAbsorb', fatigue: 1 }).state;
    expect(unitOf(s, "a")).toMatchObject({ hex: hx(2, 4), stepsLost: 1 }); // the mandatory step only
    expect(unitOf(s, "a").markers).toContain('F1');
  });

  it('AW 31.9.2c: an artillery group forced to defend retreats 1 hex and loses half its points; the attacker may advance', () => {
    const b = fixture({ units: [A('a', 2, 4), G('grp', 3, 4, { size: 'Group', type: 'Art', extra: { missionPoints: 8, range: 10 } })] });
    const s0 = gaState(b, { a: ['TA'] });
    const r = apply(s0, { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a'] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.rolls).toEqual([]);
    expect(unitOf(r.state, "grp").hex).not.toBe(hx(3, 4));
    expect(r.state.combat!.art.grp).toMatchObject({ halved: true, lost: 4 });
    expect(r.state.pending?.kind).toBe('gaAdvance');
  });
});

describe('GOSS 13.11 retreat priorities', () => {
  it('1: not adjacent to an enemy beats 3: covering terrain; among the rest covering terrain wins', () => {
    // Defender at (4,4), attacker at (3,3). Open neighbours: (5,3) woods next to an Allied unit at (6,3), (5,4) clear, (4,5) woods.
    const b = fixture({ terrain: { [at(4, 3)]: 'sea', [at(5, 3)]: 'woods', [at(4, 5)]: 'woods' }, units: [A('a', 3, 3), G('g', 4, 4), A('x', 6, 3)] });
    const s = start(b);
    expect(retreatPaths(s, b, 'german', hx(4, 4), ['g'], 1).map((p) => p.map(fmt))).toEqual([[fmt(hx(4, 5))]]);
    // Without the woods at (4,5) both open hexes tie: the owner chooses.
    const b2 = fixture({ terrain: { [at(4, 3)]: 'sea', [at(5, 3)]: 'woods' }, units: [A('a', 3, 3), G('g', 4, 4), A('x', 6, 3)] });
    expect(retreatPaths(start(b2), b2, 'german', hx(4, 4), ['g'], 1).map((p) => p.map(fmt)).sort()).toEqual([[fmt(hx(4, 5))], [fmt(hx(5, 4))]].sort());
  });
  it('a stack never retreats into enemy or prohibited hexes', () => {
    const b = fixture({ terrain: { [at(4, 3)]: 'sea', [at(5, 3)]: 'sea', [at(5, 4)]: 'sea', [at(4, 5)]: 'sea', [at(3, 4)]: 'sea' }, units: [A('a', 3, 3), G('g', 4, 4)] });
    expect(retreatPaths(start(b), b, 'german', hx(4, 4), ['g'], 2)).toEqual([]);
  });
});

describe('GA resolution function for the bench', () => {
  it('resolveGaPure gives the breakdown and both results for injected rolls', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4)] });
    const s = gaState(b, { a: ['TA'] });
    const r = resolveGaPure(s, b, { hex: hx(3, 4), attackers: ['a'] }, { attacker: 99, defender: 0 });
    expect(r.ok && [r.odds.column, r.onDefender.result, r.onAttacker.result]).toEqual(['E', '*2(2)', '2(2)']);
  });
});

describe('GOSS 13.4 must attack: a unit that cannot attack does not block the segment', () => {
  // Fixture geometry (odd-q): (2,4) and (2,5) both touch (3,4); (1,5) touches (2,5) only.
  const mk = (extra: UnitSpec[] = []) => fixture({ units: [A('a1', 2, 4), A('a2', 2, 5), G('g', 3, 4), ...extra] });
  const quietSeed = (s: GameState, b: ScenarioBundle) => seedFor(s, b, { hex: hx(3, 4), attackers: ['a1'] }, '-', '-');

  it('GOSS 13.4 / 13.1: a designated unit whose only adjacent enemy hex was already assaulted lets the segment end', () => {
    const b = mk();
    const s0 = gaState(b, { a1: ['TA'], a2: ['TA'] });
    let s = act(withSeed(s0, quietSeed(s0, b)), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a1'] }).state;
    expect(s.pending).toBeNull();
    expect(apply(s, { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a2'] })).toMatchObject({ ok: false, error: { code: 'hex-attacked' } });
    expect(legalActions(s, 'allied').filter((x) => x.type === 'assault')).toEqual([]);
    s = act(s, { type: 'endSegment' }).state;
    expect(unitOf(s, "a2").markers).not.toContain('TA');
  });

  it('GOSS 13.4: a designated unit that still has an unassaulted adjacent enemy hex must attack it', () => {
    const b = mk([G('g2', 1, 5)]);
    const s0 = gaState(b, { a1: ['TA'], a2: ['TA'] });
    const s = act(withSeed(s0, quietSeed(s0, b)), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a1'] }).state;
    const r = apply(s, { type: 'endSegment' });
    expect(!r.ok && [r.error.code, r.error.case, r.error.message]).toEqual(['must-attack', 'GOSS 13.4', 'attack-designated units must attack: a2']);
    expect(legalActions(s, 'allied').filter((x) => x.type === 'assault')).toEqual([{ type: 'assault', hex: fmt(hx(1, 5)), attackers: ['a2'] }]);
  });
});

describe('GOSS 13.4 must attack with a stack that may not attack whole', () => {
  it('GOSS 13.4: a Mech and a Leg unit across a bridged major river: only the Leg unit may attack, so legalActions offers it alone and the segment can end after it', () => {
    const b = fixture({
      units: [A('leg', 2, 4), A('mech', 2, 4, { moveClass: 'mech', type: 'Mot Inf', ma: 12 }), G('g', 3, 4)],
      hexsides: [{ a: at(2, 4), b: at(3, 4), features: ['majorRiver', 'bridge'] }],
    });
    const s0 = gaState(b, { leg: ['TA'], mech: ['TA'] });
    expect(apply(s0, { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['leg', 'mech'] })).toMatchObject({ ok: false, error: { code: 'major-river', case: 'GOSS 13.4' } });
    expect(legalActions(s0, 'allied').filter((x) => x.type === 'assault')).toEqual([{ type: 'assault', hex: fmt(hx(3, 4)), attackers: ['leg'] }]);
    expect(apply(s0, { type: 'endSegment' })).toMatchObject({ ok: false, error: { code: 'must-attack' } });
    const s = act(withSeed(s0, seedFor(s0, b, { hex: hx(3, 4), attackers: ['leg'] }, '-', '-')), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['leg'] }).state;
    expect(s.pending).toBeNull();
    expect(apply(s, { type: 'endSegment' }).ok).toBe(true);
  });
});

describe('GOSS 6.0 / 13.11: a retreat onto a friendly stack is fixed in the owner\'s next Movement Segment', () => {
  // A corridor: the attacker at (2,4) can retreat only to (1,4), where two friendly battalions stand.
  const sea = Object.fromEntries([[3, 3], [1, 3], [2, 3], [2, 5], [0, 4], [0, 5], [1, 5]].map(([c, r]) => [at(c, r), 'sea']));
  const mk = (time: 'AM' | 'Night') => fixture({ terrain: sea, start: { date: '1944-07-18', time }, units: [A('a', 2, 4), A('b1', 1, 4), A('b2', 1, 4), G('g', 3, 4), G('g2', 8, 8)] });

  /** Assault g with a; the attacker takes 1 discretionary hit, holds, fails its PRC and retreats 1 hex onto b1 + b2. */
  function retreatOnto(b: ScenarioBundle): GameState {
    const s0 = gaState(b, { a: ['TA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '-', '1', (sd) => d10At(sd, s0.n + 1) >= 5);
    let s = act(withSeed(s0, seed), { type: 'assault', hex: fmt(hx(3, 4)), attackers: ['a'] }).state;
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaOption' });
    s = act(s, { type: 'gaOption', option: 'hold' }).state;
    if (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'allied')[0]).state;
    expect(s.pending).toBeNull();
    expect(unitOf(s, "a").hex).toBe(hx(1, 4));
    return s;
  }

  it('GOSS 6.0, AW 31.6: at Night the skipped Exploitation Segment runs no stacking check; the German turn follows', () => {
    const b = mk('Night');
    let s = retreatOnto(b);
    s = act(s, { type: 'endSegment' }).state;
    expect(s.pos.playerTurn).toBe(1);
    // The Allied player fixes the stack in its next Movement Segment: the check runs there, with a way out.
    s = toSegment(s, b, 'move', 0);
    expect(apply(s, { type: 'endSegment' })).toMatchObject({ ok: false, error: { code: 'overstacked', case: 'GOSS 6.7.0' } });
    const legal = legalActions(s, 'allied');
    expect(legal).toContainEqual({ type: 'eliminateOverstack', unit: 'a' });
    const out = legal.find((x) => x.type === 'move' && (x as { unit: string }).unit === 'a')!;
    expect(out).toBeDefined();
    act(act(s, out).state, { type: 'endSegment' });
  });

  it('AW 31.6: the skipped Night Exploitation Segment runs no exit hooks, even with a stack its check would refuse', () => {
    // A state the check would refuse (a unit recorded as exploit-moved into the overstack): at Night the
    // segment is never entered, so nothing may demand an action there.
    const b = mk('Night');
    const s = edit(retreatOnto(b), (d) => {
      mutUnit(d, "a").move = { turn: d.pos.turn, playerTurn: 0, segment: 'exploitation', seq: d.n, from: hx(2, 4), hexes: 1, mp: 1, type: 'offroad', halted: false, beyond6: false };
    });
    const r = act(s, { type: 'endSegment' });
    expect(r.state.pos.playerTurn).toBe(1);
    expect(r.events.filter((e) => e.type === 'segmentStarted').map((e) => (e as { label: string }).label).join(' | ')).not.toMatch(/Exploitation/);
  });

  it('GOSS 6.0: by day the Exploitation Segment ends although a retreat left a stack overstacked', () => {
    const b = mk('AM');
    let s = retreatOnto(b);
    s = act(s, { type: 'endSegment' }).state;
    expect(segmentId(s, b)).toBe('exploitation');
    s = act(s, { type: 'endSegment' }).state;
    expect(unitOf(s, "a").hex).toBe(hx(1, 4));
  });
});

describe('GOSS 13.7.3 engineer shifts', () => {
  const T = hx(3, 4);
  const [n0, n1, n2] = neighbours(T);
  const stackAt = (k: number, h: number, eng: Partial<UnitSpec> = {}, companion = true): UnitSpec[] => [
    { id: `e${k}`, side: 'allied', hex: fmt(h), type: 'Eng', size: 'Co', steps: [[2, 2]], ...eng },
    ...(companion ? [{ id: `i${k}`, side: 'allied' as const, hex: fmt(h) }] : []),
  ];
  const engShifts = (b: ScenarioBundle, ids: string[]) => {
    const s = gaState(b, Object.fromEntries(ids.map((id) => [id, ['PA']])));
    const o = gaOdds(s, b, { hex: T, attackers: ids });
    if (!o.ok) throw new Error(o.message);
    return o.odds.shifts.filter((x) => x.why.includes('engineers')).map((x) => [x.side, x.n, x.case]);
  };
  const all = (n: number, companion = true) => Array.from({ length: n }, (_, k) => [`e${k}`, ...(companion ? [`i${k}`] : [])]).flat();
  it('GOSS 13.7.3: against a town with an IP, the first Eng stack cancels the DW shift and each further one gives +1 (max 3 town); a defending Eng stops the town shifts', () => {
    const units = [...stackAt(0, n0), ...stackAt(1, n1), ...stackAt(2, n2)];
    const b = fixture({ terrain: { [at(3, 4)]: 'town' }, units: [...units, G('g', 3, 4, { fieldworks: 'IP' })] });
    expect(engShifts(b, all(3))).toEqual([['attacker', 1, 'GOSS 13.7.3'], ['attacker', 2, 'GOSS 13.7.3']]);
    const withEng = fixture({ terrain: { [at(3, 4)]: 'town' }, units: [...units, G('g', 3, 4, { fieldworks: 'IP' }), G('ge', 3, 4, { type: 'Pio', size: 'Co', steps: [[2, 2]] })] });
    expect(engShifts(withEng, all(3))).toEqual([['attacker', 1, 'GOSS 13.7.3']]);
    // Not a town: engineers only cancel DW shifts.
    const clear = fixture({ units: [...units, G('g', 3, 4, { fieldworks: 'IP' })] });
    expect(engShifts(clear, all(3))).toEqual([['attacker', 1, 'GOSS 13.7.3']]);
  });
  it('GOSS 13.7.3: against a city with no DW each Eng stack gives +1; an Eng company alone is no Eng stack, a Commando needs no companion', () => {
    const lone = fixture({ terrain: { [at(3, 4)]: 'city' }, units: [...stackAt(0, n0, {}, false), G('g', 3, 4)] });
    expect(engShifts(lone, ['e0'])).toEqual([]);
    const cdo = fixture({ terrain: { [at(3, 4)]: 'city' }, units: [...stackAt(0, n0, { type: 'Inf', size: 'Bn', steps: [[6, 6], [4, 4], [2, 2]], extra: { commando: true } }, false), ...stackAt(1, n1), G('g', 3, 4)] });
    expect(engShifts(cdo, ['e0', 'e1', 'i1'])).toEqual([['attacker', 2, 'GOSS 13.7.3']]);
  });
});

describe('GOSS 12.0 / AW 31.2.2d attacker adjustment', () => {
  const b = fixture({
    terrain: { [at(5, 2)]: 'woods' },
    units: [A('a', 2, 4), G('g', 3, 4), A('b', 6, 6), G('h', 7, 6), A('w', 5, 2), G('k', 6, 2)],
  });
  /** Designate a, b and w; then h leaves (a test position: as after an FS retreat); on to the Attacker Adjustment Segment. */
  function adjustment(): { s: GameState; entered: string[] } {
    let s = act(toSegment(start(b), b, 'attackDesignation'), { type: 'designate', units: ['a', 'b', 'w'] }).state;
    s = edit(s, (d) => { mutUnit(d, "h").hex = hx(10, 9); });
    const entered: string[] = [];
    for (let i = 0; i < 10 && segmentId(s, b) !== 'attackerAdjustment'; i++) {
      const r = act(s, { type: 'endSegment' });
      s = r.state;
      for (const e of r.events) if (e.type === 'designationDropped') entered.push(`${e.unit} ${e.why} ${e.case}`);
    }
    return { s, entered };
  }
  it('GOSS 12.0: a designation with no adjacent enemy is removed on entering the segment; the others stay', () => {
    const { s, entered } = adjustment();
    expect(segmentId(s, b)).toBe('attackerAdjustment');
    expect(entered).toEqual(['b no adjacent enemy GOSS 12.0']);
    expect(unitOf(s, "b").markers).not.toContain('TA');
    expect(unitOf(s, "a").markers).toContain('TA');
    expect(unitOf(s, "w").markers).toContain('TA');
  });
  it('GOSS 12.0: in MCT (woods) a designation is dropped without a PRC; outside MCT only on a passed offensive PRC (roll < PR 5)', () => {
    const { s } = adjustment();
    const w = act(s, { type: 'dropAttack', unit: 'w' });
    expect(w.events.filter((e) => e.type === 'prc')).toEqual([]);
    expect(unitOf(w.state, "w").markers).not.toContain('TA');
    const pass = withSeed(s, seedWhere(s.n, (d) => d.d10('x') < 5));
    const p = act(pass, { type: 'dropAttack', unit: 'a' });
    expect(p.events.find((e) => e.type === 'prc')).toMatchObject({ unit: 'a', pr: 5, pass: true, case: 'GOSS 12.0' });
    expect(unitOf(p.state, "a").markers).not.toContain('TA');
    const fail = withSeed(s, seedWhere(s.n, (d) => d.d10('x') >= 5));
    const f = act(fail, { type: 'dropAttack', unit: 'a' });
    expect(f.events.find((e) => e.type === 'prc')).toMatchObject({ unit: 'a', pr: 5, pass: false, case: 'GOSS 12.0' });
    expect(f.events.map((e) => e.type)).toContain('designationKept');
    expect(unitOf(f.state, "a").markers).toContain('TA');
    // Not a designated unit: refused with the case.
    const r = apply(s, { type: 'dropAttack', unit: 'b' });
    expect(!r.ok && [r.error.code, r.error.case]).toEqual(['not-designated', 'GOSS 12.0']);
  });
});

describe('GOSS 13.12 / 19.4 advance in mud', () => {
  const assault = { type: 'assault' as const, attackers: ['a'] };
  const run = (ground: 'dry' | 'mud') => {
    const b = fixture({
      units: [A('a', 2, 4, { moveClass: 'mech', type: 'Mot Inf', ma: 10 }), G('g', 3, 4)],
      special: { weather: [{ from: { date: '1944-07-18', time: 'AM' }, atmosphere: 'clear', ground, source: 'test: fixture weather' }] },
    });
    const s0 = gaState(b, { a: ['PA'] });
    const seed = seedFor(s0, b, { hex: hx(3, 4), attackers: ['a'] }, '2', '-', (sd) => d10At(sd, s0.n + 1) >= 5);
    let s = act(withSeed(s0, seed), { ...assault, hex: fmt(hx(3, 4)) }).state;
    s = act(s, { type: 'gaOption', option: 'hold' }).state;
    if (s.pending?.kind === 'gaRetreat') s = act(s, legalActions(s, 'german')[0]).state;
    expect(s.pending).toMatchObject({ side: 'allied', kind: 'gaAdvance' });
    return legalActions(s, 'allied').filter((x) => x.type === 'gaAdvance').map((x) => (x as { hexes?: number }).hexes ?? 0);
  };
  it('GOSS 13.12 / 19.4: a PA Mech attacker that may advance up to 2 hexes after the defender retreats 2 advances at most 1 in mud', () => {
    expect(Math.max(...run('dry'))).toBe(2);
    expect(Math.max(...run('mud'))).toBe(1);
  });
});

describe('GOSS 13.5 step 3 / 15.7.1 surrender before defending', () => {
  it('GOSS 13.5 / 15.7.1: an isolated OoS defender makes a defensive PRC before the GA; failed, it is removed and the attacker may advance into the empty hex with no GA roll; passed, the GA goes on; a defender not isolated does not check', () => {
    const b = fixture({ units: [A('a', 2, 4), G('g', 3, 4, { steps: [[2, 2]] })] });
    const s0 = gaState(b, { a: ['TA'], g: ['Isolated', 'OoS'] });
    const pr = b.units.get('g')!.prDef!;
    const decl = { type: 'assault' as const, hex: fmt(hx(3, 4)), attackers: ['a'] };
    // The first roll of the action is the surrender PRC (d10): fails on pr or more.
    const fails = withSeed(s0, seedWhere(s0.n, (d) => d.d10('x') >= pr));
    const r1 = act(fails, decl);
    expect(r1.events.find((e) => e.type === 'surrenderCheck')).toMatchObject({ unit: 'g', pr, drm: 0, surrendered: true, case: 'GOSS 13.5, 15.7.1' });
    expect(unitOf(r1.state, 'g')).toMatchObject({ eliminated: true, hex: null });
    expect(r1.events.some((e) => e.type === 'gaResolved')).toBe(false);
    expect(r1.state.pending).toMatchObject({ kind: 'gaAdvance', side: 'allied' });
    const passes = withSeed(s0, seedWhere(s0.n, (d) => d.d10('x') < pr));
    const r2 = act(passes, decl);
    expect(r2.events.find((e) => e.type === 'surrenderCheck')).toMatchObject({ unit: 'g', surrendered: false });
    expect(r2.events.some((e) => e.type === 'gaResolved') || r2.state.pending?.kind === 'gaDefend').toBe(true);
    // Not isolated: no check, and the frame carries no surrender flag.
    const plain = act(gaState(b, { a: ['TA'], g: ['OoS'] }), decl);
    expect(plain.events.some((e) => e.type === 'surrenderCheck')).toBe(false);
  });
});

