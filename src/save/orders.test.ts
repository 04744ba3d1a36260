/**
 * Standing orders (issue 15 "two files per game turn", docs/save-format.md "Standing orders"): the
 * orders are data, `orderFor` is what the loader checks each order-applied entry against, the
 * receiver refuses a file that stops where its orders decide, and orders lapse when their owner
 * plays for itself. The game: the scripted Goodwood exchange of store/exchange.ts with orders.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameState, Side } from '../engine';
import { formatHex, neighbours } from '../engine/hex';
import { live } from '../engine/query';
import { scriptedTurn, scriptOrders } from '../store/exchange';
import { prepareSend } from '../store/pbem';
import { appendOrders } from './build';
import { compactToGzip, saveToText } from './codec';
import type { SaveFile } from './format';
import { StandingOrders, describeOrder, orderFor } from './orders';
import { importTurn } from './pbem';
import { must, newTestGame, rechain } from './testkit';
import { entryHash, loadSave, type SavedGame } from './verify';
import { unitList } from '../engine/unitTable';

function front(s: GameState): string[] {
  const allied = new Set(unitList(s).filter((u) => u.side === 'allied' && live(u) && u.hex != null).map((u) => u.hex!));
  const out = new Set<number>();
  for (const u of unitList(s)) if (u.side === 'german' && live(u) && u.hex != null && neighbours(u.hex).some((h) => allied.has(h))) out.add(u.hex);
  return [...out].sort((a, b) => a - b).map(formatHex);
}
const orders = (side: Side, s: GameState) => scriptOrders(side === 'german' ? front(s).slice(0, 40) : []);

/** The first `n` entries of a verified save, as the file its writer had then. */
function prefix(save: SaveFile, n: number): SaveFile {
  const entries = save.entries.slice(0, n);
  return { ...save, entries, head: n ? entryHash(entries[n - 1]) : save.head };
}
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

let run: ReturnType<typeof scriptedTurn>;
/** The Allied file of the game turn (its German decisions played by the German's orders), and the German's copy before it. */
let alliedFile: SaveFile;
let germanBefore: SavedGame;
let firstOrdered: number;

beforeAll(() => {
  run = scriptedTurn({ seed: 'orders-1', useOrders: true, orders });
  const full = run.german.game!.save;
  // The Allied file is the one that ends just before the German's next own entry after the first ordered one.
  firstOrdered = full.entries.findIndex((e) => e.kind === 'action' && e.order !== undefined);
  const germanOwn = (k: number) => full.entries[k].by === 'german' && !(full.entries[k].kind === 'action' && (full.entries[k] as { order?: number }).order !== undefined);
  let end = firstOrdered;
  while (end < full.entries.length && !germanOwn(end)) end++;
  alliedFile = prefix(full, end);
  let start = firstOrdered;
  while (!germanOwn(start - 1)) start--;
  germanBefore = must(loadSave(saveToText(prefix(full, start))));
}, 300_000);

describe('standing orders in the file (issue 15, docs/save-format.md "Standing orders")', { timeout: 120_000 }, () => {
  it('the Allied file plays the German decisions by the German\'s orders, and the German\'s browser accepts it (full and compact)', () => {
    const ordered = alliedFile.entries.filter((e) => e.kind === 'action' && e.order !== undefined);
    expect(ordered.length).toBeGreaterThanOrEqual(4);
    expect(ordered.every((e) => e.by === 'german')).toBe(true);
    expect(ordered.filter((e) => e.kind === 'action' && (e.action as { type: string }).type === 'fireMission')).toHaveLength(3);
    const r = importTurn(germanBefore, saveToText(alliedFile), 'german');
    expect(r).toMatchObject({ ok: true });
    expect(importTurn(germanBefore, compactToGzip(alliedFile), 'german')).toMatchObject({ ok: true });
  });

  it('an order-applied entry that is not what the orders give is refused, naming the order (re-sealed as a forger would)', () => {
    const bad = clone(alliedFile);
    const k = bad.entries.findIndex((e) => e.kind === 'action' && e.order !== undefined && (e.action as { type: string }).type === 'fireMission');
    const e = bad.entries[k] as { order: number };
    e.order += 1;
    const r = loadSave(saveToText(rechain(bad)));
    expect(r).toMatchObject({ ok: false, code: 'protocol', entry: k });
    if (!r.ok) expect(r.error).toMatch(/says order \d+ of german's standing orders \(entry \d+\) played it, but the orders give order \d+: fireMission/);
  });

  it('an entry in my name without the order mark, in the opponent\'s file, is refused by the receiver', () => {
    const bad = clone(alliedFile);
    // The last one: unmarked, it is the German playing for itself, which would also lapse its orders for what follows.
    const k = Math.max(...bad.entries.map((e, i) => (e.kind === 'action' && e.order !== undefined && e.dice.length === 0 ? i : -1)));
    expect(k).toBeGreaterThan(0);
    delete (bad.entries[k] as { order?: number }).order;
    const r = importTurn(germanBefore, saveToText(rechain(bad)), 'german');
    expect(r).toMatchObject({ ok: false, code: 'protocol', entry: k });
    if (!r.ok) expect(r.error).toMatch(/claims to be written by german \(you\), but it came in allied's file/);
  });

  it('a file that stops where my orders decide (the sender looked, and sent instead of applying) is refused', () => {
    const cut = must(loadSave(saveToText(prefix(alliedFile, firstOrdered))));
    const sent = prepareSend(cut, run.allied.seat);
    if (!sent.ok) throw new Error(sent.error);
    const r = importTurn(germanBefore, saveToText(sent.game.save), 'german');
    expect(r).toMatchObject({ ok: false, code: 'protocol' });
    if (!r.ok) expect(r.error).toMatch(/^this file stops at a decision your standing orders answer \(order \d+: .*\): allied's browser had to apply it/);
  });

  it('orders lapse when their owner plays for itself: orderFor is no longer consulted for that side', () => {
    const g = run.german.game!;
    // At the end of the game turn the German has played its own turn since the orders of its last file.
    const last = g.save.entries.map((e, i) => ({ e, i })).filter(({ e }) => e.kind === 'orders');
    expect(last.length).toBeGreaterThanOrEqual(2);
    expect(g.track.orders?.german?.i ?? -1).toBeLessThan(g.save.entries.length);
    const before = must(loadSave(saveToText(prefix(g.save, last.find(({ e }) => e.by === 'german')!.i + 1))));
    expect(before.track.orders?.german).toBeDefined();
    const own = g.save.entries.findIndex((e, i) => i > before.save.entries.length && e.by === 'german' && e.kind === 'action' && e.order === undefined && (e.action as { type: string }).type !== 'diceKey');
    const after = must(loadSave(saveToText(prefix(g.save, own + 1))));
    expect(after.track.orders?.german).toBeUndefined();
  });

  it('orders are strict data: unknown fields and bad hexes are refused; hexes are normalised; hotseat games take none', () => {
    expect(StandingOrders.safeParse({ orders: [{ type: 'gaOption', option: 'hold', extra: 1 }] }).success).toBe(false);
    expect(StandingOrders.safeParse({ orders: [{ type: 'fire', at: 'Z9999' }] }).success).toBe(false);
    expect(StandingOrders.parse({ orders: [{ type: 'fire', at: ' c5320 ' }] }).orders[0]).toEqual({ type: 'fire', at: 'C5320' });
    expect(describeOrder({ type: 'fire', at: 'C5320', points: 6 })).toBe('Defensive FS (AW 31.2.2b): fire up to 6 points at the first assault designated against C5320, with the artillery the rules allow');
    const hot = newTestGame('hotseat');
    expect(appendOrders(hot, 'german', { orders: [] })).toMatchObject({ ok: false, code: 'protocol' });
    // Not the side's decision: no action.
    expect(orderFor(hot.state, { orders: [{ type: 'endDefensiveFs' }] }, 'german')).toBeNull();
  });
});
