/**
 * AW 32.6.1 Goodwood bridge construction on the real scenario data: at the end of the July 19 AM GT the
 * Allied player bridges the Orne into hexes south of it that Allied units hold and German units held at
 * the start; movement and supply then cross there (placedBridges.ts).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { loadScenario } from '../../data/bundle';
import { SIDE_BIT } from '../board';
import { apply, legalActions, newGame } from '../game';
import { formatHex, hexsideBetween, neighbours, tryParseHexRef, type HexId } from '../hex';
import { compareTime, firstPos } from '../sequence';
import type { GameState } from '../types';
import { hexSet, special } from './scenarioArea';
import { buildSites } from './bridgeMarkers';
import { placedBridgeSides, riverSidesOf } from './placedBridges';
import { movementOptions } from './movement';
import { toSegment } from './combat.fixture';
import { mutUnit, unitList } from '../unitTable';

const b = loadScenario('goodwood');
const rule = special(b).bridges!.special[0];
const south = hexSet(b, rule.intoSideOf);
const atTurn = compareTime(b.sequence, rule.at, b.scenario.start);

/** A hex south of the Orne with an Orne hexside that a German unit held at the start, its hexside and the hex across. */
function site(): { hex: HexId; side: number; north: HexId; german: string } {
  for (const e of b.scenario.setup) {
    if (b.units.get(e.unit)?.side !== 'german') continue;
    const x = tryParseHexRef(e.hex);
    if ('error' in x || !south.has(x.hex)) continue;
    // One Orne hexside to the north, a major river with no bridge on the map.
    const across = neighbours(x.hex).filter((n) => !south.has(n) && riverSidesOf(b, x.hex, 'Orne').includes(hexsideBetween(x.hex, n)));
    if (across.length !== 1) continue;
    const side = hexsideBetween(x.hex, across[0]);
    const f = b.board.sides.get(side) ?? 0;
    if (f & SIDE_BIT.majorRiver && !(f & SIDE_BIT.bridge)) return { hex: x.hex, side, north: across[0], german: e.unit };
  }
  throw new Error('no site');
}

/** The Allied Construction Segment of the GT after `turn`, with an Allied Mech unit in `at` and the site's German units gone. */
function at(turn: number, s0: { hex: HexId; north: HexId }, allied: string, mover: string): GameState {
  const f = apply(newGame(b, { seed: 'bridges' }).state, { type: 'finishSetup' });
  if (!f.ok) throw new Error(f.error.message);
  const start = f.state;
  const s = produce(start, (d) => {
    d.pos = firstPos(b.sequence, turn);
    for (const u of unitList(d).map((x) => mutUnit(d, x.id))) if (u.side === 'german' && (u.hex === s0.hex || neighbours(s0.hex).includes(u.hex!) || neighbours(s0.north).includes(u.hex!))) { u.hex = null; u.eliminated = true; }
    mutUnit(d, allied).hex = s0.hex;
    mutUnit(d, mover).hex = s0.north;
  });
  return toSegment(s, b, 'construction', 0);
}

describe('AW 32.6.1 Goodwood bridge construction', () => {
  const s0 = site();
  const mech = [...b.units.values()].filter((d) => d.side === 'allied' && d.moveClass === 'mech' && d.type === 'Arm' && d.ma >= 12);
  const [holder, mover] = [mech[0].id, mech[1].id];

  it('AW 32.6.1: in the Allied Construction Segment right after the July 19 AM GT, a bridge may be placed into a hex south of the Orne held by an Allied unit that a German unit held at the start; it spans that Orne hexside', () => {
    const s = at(atTurn + 1, s0, holder, mover);
    expect(buildSites(s, b).get(s0.hex)).toBeDefined();
    expect(legalActions(s, 'allied')).toContainEqual({ type: 'placeBridge', hex: formatHex(s0.hex) });
    const r = apply(s, { type: 'placeBridge', hex: formatHex(s0.hex) });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events.find((e) => e.type === 'bridgePlaced')).toMatchObject({ hex: formatHex(s0.hex), river: 'Orne', case: 'AW 32.6.1' });
    expect([...placedBridgeSides(r.state, b)]).toEqual([s0.side]);
    // One bridge per hex: no second one.
    const again = apply(r.state, { type: 'placeBridge', hex: formatHex(s0.hex) });
    expect(!again.ok && [again.error.code, again.error.case]).toEqual(['no-bridge', 'AW 32.6.1']);
  });

  it('AW 32.6.1: not in any other GT (July 19 AM itself, or later), and not into a hex no German unit held at the start', () => {
    for (const t of [atTurn, atTurn + 2]) {
      const s = at(t, s0, holder, mover);
      expect(buildSites(s, b).size).toBe(0);
      const r = apply(s, { type: 'placeBridge', hex: formatHex(s0.hex) });
      expect(r.ok).toBe(false);
    }
  });

  it('AW 32.6.1 / GOSS 7 TEC: a Mech unit north of the Orne steps straight across into the hex only once the bridge is placed (a major river without a bridge is prohibited)', () => {
    const s = at(atTurn + 1, s0, holder, mover);
    const before = toSegment(s, b, 'move', 0);
    const o1 = movementOptions(before, b, mover);
    if ('error' in o1) throw new Error(o1.error.message);
    // Before: not reached by the one step across the river (perhaps around by a map bridge).
    expect(o1.destinations.find((d) => d.hex === s0.hex)?.path.length ?? 0).not.toBe(1);
    const r = apply(s, { type: 'placeBridge', hex: formatHex(s0.hex) });
    if (!r.ok) throw new Error(r.error.message);
    const after = toSegment(r.state, b, 'move', 0);
    const o2 = movementOptions(after, b, mover);
    if ('error' in o2) throw new Error(o2.error.message);
    expect(o2.destinations.find((d) => d.hex === s0.hex)?.path).toEqual([formatHex(s0.hex)]);
  });
});

describe('AW 33.6.1 Epsom bridge markers as bridged hexsides', () => {
  it('AW 33.6.1: a marker bridges every Odon hexside of its hex, which movement and supply then read as bridges', () => {
    const ep = loadScenario('epsom');
    const river = special(ep).epsom!.bridging.river;
    const h = [...hexSet(ep, special(ep).epsom!.odon.south)].find((x) => riverSidesOf(ep, x, river).length > 0)!;
    const s = newGame(ep, { seed: 'odon' }).state;
    expect(placedBridgeSides(s, ep).size).toBe(0);
    const marked = produce(s, (d) => { (d as unknown as GameState & { special: { epsom: { bridges: number[] } } }).special = { ...(d as { special?: object }).special, epsom: { bridges: [h] } } as never; });
    expect([...placedBridgeSides(marked, ep)].sort((a, b) => a - b)).toEqual(riverSidesOf(ep, h, river).sort((a, b) => a - b));
  });
});
