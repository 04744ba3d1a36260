/**
 * Counter art (issue 4): what a face shows, drawn through a recording 2D context (no canvas in
 * Node); NATO symbol codes accepted by milsymbol; the scenario rosters behind the counter sheet.
 */
import { describe, expect, test } from 'vitest';
import ms from 'milsymbol';
import { drawCounterFace, facesOf, stepDots, valueText, type Face } from './drawCounter';
import { sidcFor } from './symbol';
import { scenarioCounters, unitSets } from './scenarioCounters';
import { drawMarker, MARKERS, type MarkerKind } from './markers';
import { NATIONALITY_COLOURS } from './colours';

function recorder() {
  const calls: { op: string; args: unknown[]; fill?: string }[] = [];
  const ctx: Record<string, unknown> = { fillStyle: '', strokeStyle: '', font: '10px sans-serif', lineWidth: 1, textAlign: 'left', textBaseline: 'top' };
  for (const op of ['save', 'restore', 'fillRect', 'strokeRect', 'fillText', 'beginPath', 'arc', 'fill', 'moveTo', 'lineTo', 'closePath', 'drawImage', 'stroke'])
    ctx[op] = (...args: unknown[]) => { calls.push({ op, args, fill: String(ctx.fillStyle) }); };
  ctx.measureText = (t: string) => ({ width: t.length * 6 });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls, texts: () => calls.filter((c) => c.op === 'fillText').map((c) => String(c.args[0])) };
}

const units = [...unitSets().values()].flat();
const get = (id: string) => units.find((u) => u.id === id)!;

describe('counter faces', () => {
  test('88Flak Coy shows 2-3(6)-12, PR 6/6, one step dot, red hexagon, Luftwaffe colours', () => {
    const u = get('88flak-coy-1');
    const r = recorder();
    drawCounterFace(r.ctx, u, 'front', 64);
    const t = r.texts();
    expect(t).toEqual(expect.arrayContaining(['88Flak Coy', '6/6']));
    expect(t.slice(-6)).toEqual(['2', '-', '3', '6', '-', '12']);
    expect(valueText(u, 'front')).toBe('2-3(6)-12');
    expect(r.calls[1]).toMatchObject({ op: 'fillRect', fill: NATIONALITY_COLOURS.Luftwaffe.background });
    expect(stepDots(u, 'front')).toBe(1);
    expect(r.calls.filter((c) => c.op === 'fill' && c.fill === '#d0201a')).toHaveLength(1);
  });

  test('a 3-step Bn has front, reduced and hit faces with 3, 2, 1 dots (GOSS 4.2)', () => {
    const u = get('i-981-272');
    expect(facesOf(u)).toEqual(['front', 'reduced', 'hit']);
    expect((['front', 'reduced', 'hit'] as Face[]).map((f) => [valueText(u, f), stepDots(u, f)])).toEqual([['6-7(1)-6', 3], ['4-5(1)-6', 2], ['2-3(1)-6', 1]]);
    const r = recorder();
    drawCounterFace(r.ctx, u, 'reduced', 64);
    expect(r.calls.filter((c) => c.op === 'fillRect')[1].fill).toBe(NATIONALITY_COLOURS.Wehrmacht.band);
  });

  test('artillery shows BF with range, heavy circle and SP square; HQ shows no attack', () => {
    expect(valueText(get('iii-12-12ss'), 'front')).toBe('4(7)-1-12');
    expect(valueText(get('ii-1709-709'), 'front')).toBe('3(6)-1-6H');
    const r = recorder();
    drawCounterFace(r.ctx, get('i-12-12ss'), 'front', 64);
    expect(r.calls.some((c) => c.op === 'strokeRect' && c.args[3] !== 63)).toBe(true);
    expect(valueText(get('21pz-hq'), 'front')).toBe('2-12');
  });

  test('Z-step back of a one-step tank Coy (AW 18.2.0)', () => {
    const u = get('5-ii-12ss');
    expect(facesOf(u)).toEqual(['front', 'z']);
    expect(valueText(u, 'z')).toBe('2(3)-1(3)-12');
    expect(stepDots(u, 'z')).toBe(0);
  });

  test('every counter of scenarios 1-3 has a SIDC milsymbol accepts', () => {
    for (const id of ['goodwood', 'epsom', 'cherbourg']) for (const u of scenarioCounters(id)!.units) {
      const sidc = sidcFor(u);
      if (u.size === 'Leader') { expect(sidc).toBeNull(); continue; }
      expect(sidc, u.id).toHaveLength(15);
      expect(new ms.Symbol(sidc!, { size: 20 }).isValid(), `${u.id} ${sidc}`).toBe(true);
    }
  });

  test('markers draw their label', () => {
    for (const k of Object.keys(MARKERS) as MarkerKind[]) {
      const r = recorder();
      drawMarker(r.ctx, k, 32);
      expect(r.texts()).toEqual([MARKERS[k].label]);
    }
  });
});

describe('scenario counters for the sheet', () => {
  test.each([['goodwood', 203], ['aw33', 158], ['scenario3', 127]])('%s has %i counters, all resolved', (id, n) => {
    const sc = scenarioCounters(id)!;
    expect(sc.roster.unresolved).toEqual([]);
    expect(sc.units).toHaveLength(n);
  });
  test('unknown scenario gives null', () => expect(scenarioCounters('nowhere')).toBeNull());
});

describe('fog-of-war counters (AW 41.2.1–41.2.3)', () => {
  test('AW 41.2.3: a FoW counter on the map is drawn by its back: "FoW" and the nationality, no designation or values', () => {
    for (const [base, nat] of [['a-9para-6ab', 'CW'], ['a-1canpara-6ab', 'CW']] as const) {
      const u = { ...get(base), id: 'fow-x', designation: 'secret', class: 'ab-fow' };
      const r = recorder();
      drawCounterFace(r.ctx, u, 'front', 64);
      expect(r.texts()).toEqual(['FoW', nat]);
    }
  });
});
