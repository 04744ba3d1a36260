/**
 * Issue 15 "two files per game turn": one Goodwood game turn played by e-mail by script (three
 * defensive fire missions, a ground assault), counted in files, without and with standing orders.
 */
import { describe, expect, it } from 'vitest';
import type { GameState, Side } from '../engine';
import { formatHex, neighbours } from '../engine/hex';
import { live } from '../engine/query';
import { endSegmentRefusal } from '../engine';
import { mini } from '../../tests/fixtures/mini';
import { policy, scriptedTurn, scriptOrders } from './exchange';
import { unitList } from '../engine/unitTable';

/** The German's front: its hexes next to an Allied unit (where assaults can be designated against). */
function front(s: GameState): string[] {
  const allied = new Set(unitList(s).filter((u) => u.side === 'allied' && live(u) && u.hex != null).map((u) => u.hex!));
  const out = new Set<number>();
  for (const u of unitList(s)) if (u.side === 'german' && live(u) && u.hex != null && neighbours(u.hex).some((h) => allied.has(h))) out.add(u.hex);
  return [...out].sort((a, b) => a - b).slice(0, 40).map(formatHex);
}
const orders = (side: Side, s: GameState) => scriptOrders(side === 'german' ? front(s) : []);

describe('PBEM files per game turn (Goodwood, fast dice)', { timeout: 300_000 }, () => {
  it('one game turn with three defensive fire missions and an assault', () => {
    const before = scriptedTurn({ seed: 'orders-1', useOrders: false, orders });
    const after = scriptedTurn({ seed: 'orders-1', useOrders: true, orders });
    console.log(`before: ${before.files.length} files, ${before.missions} German missions, ${before.assaults} assault(s)\n${before.files.map((f) => `  ${f.from} → at GT${f.turn} ${f.segment} (${f.why}), ${f.entries} entries`).join('\n')}`);
    console.log(`after: ${after.files.length} files, ${after.missions} German missions, ${after.assaults} assault(s), ${after.ordered} actions by orders\n${after.files.map((f) => `  ${f.from} → at GT${f.turn} ${f.segment} (${f.why}), ${f.entries} entries`).join('\n')}`);
    expect(before.missions).toBe(3);
    expect(after.missions).toBe(3);
    expect(after.assaults).toBe(1);
    expect(after.files.length).toBe(2);
  });
});

describe('the script never stalls on a refused end of segment', () => {
  it('GOSS 6.7.0: with a hex overstacked (as a retreat into it can leave it), the script eliminates the excess instead of ending the segment', () => {
    const A = (id: string) => ({ id, side: 'allied' as const, at: [0, 0] as [number, number] });
    const { state } = mini({ rows: ['ccc', 'ccc'], units: [A('b1'), A('b2'), A('b3'), { id: 'g1', side: 'german', at: [2, 1] }] });
    expect(endSegmentRefusal(state)?.message).toMatch(/overstacked/);
    const a = policy(state, 'allied', { orders: [] }, new Set(), false);
    expect(a).toMatchObject({ type: 'eliminateOverstack' });
  });
});
