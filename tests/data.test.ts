import { describe, expect, it } from 'vitest';
import { BUILTIN, listScenarios, loadScenario } from '../src/data/bundle';
import { DataError } from '../src/data/problems';

const clone = <T,>(x: T): T => JSON.parse(JSON.stringify(x));

function withDemo(mutate: (files: typeof BUILTIN) => void) {
  const src = clone(BUILTIN);
  mutate(src);
  return src;
}

function problemsOf(src: typeof BUILTIN): string[] {
  try {
    loadScenario('demo', src);
  } catch (e) {
    if (e instanceof DataError) return e.problems.map((p) => `${p.file}|${p.path}|${p.reason}`);
    throw e;
  }
  return [];
}

describe('data loading reports every problem with file, path and reason', () => {
  it('the bundled data is valid', () => {
    expect(listScenarios().map((s) => s.id)).toContain('demo');
    expect(problemsOf(BUILTIN)).toEqual([]);
  });
  it('schema errors name the file and the path', () => {
    const src = withDemo((s) => {
      const sc = s.scenarios['data/scenarios/demo.json'] as { setup: { hex: string }[]; start: { time: string } };
      sc.start.time = 'Dawn';
    });
    const p = problemsOf(src);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^data\/scenarios\/demo\.json\|start\.time\|/);
  });
  it('cross-reference errors are all listed, not just the first', () => {
    const src = withDemo((s) => {
      const sc = s.scenarios['data/scenarios/demo.json'] as { setup: { hex: string; unit: string }[] };
      sc.setup[0].hex = 'C9999';
      sc.setup[1].unit = 'ghost';
      sc.setup[2].hex = 'A0101';
    });
    const p = problemsOf(src);
    expect(p).toEqual([
      expect.stringMatching(/setup\[0\]\.hex\|Bad hex id "C9999": column 99 is off sheet C/),
      expect.stringMatching(/setup\[1\]\.unit\|unit "ghost" is in no unit set/),
      expect.stringMatching(/setup\[2\]\.hex\|A0101 is not on map "demo"/),
    ]);
  });
  it('a unit file with a bad value and a map with an unknown terrain code are both reported', () => {
    const src = withDemo((s) => {
      (s.units['data/units/demo.json'] as { units: { ma: unknown }[] }).units[0].ma = 'fast';
      (s.maps['data/map/demo.json'] as { rows: { cells: string }[] }).rows[0].cells = 'Q' + (s.maps['data/map/demo.json'] as { rows: { cells: string }[] }).rows[0].cells.slice(1);
    });
    const p = problemsOf(src);
    expect(p.some((x) => x.startsWith('data/units/demo.json|units[0].ma|'))).toBe(true);
    expect(p.some((x) => x.startsWith("data/map/demo.json|rows[0].cells[0]|terrain code 'Q'"))).toBe(true);
  });
  it('a missing source field is refused', () => {
    const src = withDemo((s) => { delete (s.units['data/units/demo.json'] as { units: { source?: string }[] }).units[2].source; });
    expect(problemsOf(src).some((x) => /units\[2\]\.source/.test(x))).toBe(true);
  });
});
