/**
 * Figures for `npm run bench` (issue 7 budgets): verifying a 10,000-action log, and the size of a
 * whole game file, full and compact, gzipped. Load through vite's ssrLoadModule (scripts/bench.mjs):
 * `for (const [name, value, unit] of await (await vite.ssrLoadModule('/src/save/bench.ts')).run()) out(name, value, unit)`.
 */
import { legalActions, sideToAct, view, type Action } from '../engine';
import { appendAction, createSave } from './build';
import { compactToGzip, saveToGzip, saveToText } from './codec';
import { generatedGame, pick, fakeRandom } from './testkit';
import { forgetCheckedFile, lastLoadResumedAt, loadSave, type SavedGame } from './verify';
import { exportSave } from './autosave';

export interface SaveBench { actions: number; verifyMs: number; verifyMedianMs: number; compactVerifyMs: number; textBytes: number; gzipBytes: number; compactGzipBytes: number; perActionUs: number; continuingMs: number; continuingFrom: number }

/** Best and median of `runs` verifications of `input` (the machine is shared: the best is the figure, the median shows the noise). */
function timeLoad(input: string | Uint8Array, runs: number): { best: number; median: number } {
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A check from nothing each run: the loader re-plays a file that continues the last one it checked
    // from that one's end (verify.ts `lastChecked`), the same file again not at all.
    forgetCheckedFile();
    const t0 = performance.now();
    const r = loadSave(input);
    ts.push(performance.now() - t0);
    if (!r.ok) throw new Error(`benchmark log failed to verify: ${r.error}`);
  }
  ts.sort((a, b) => a - b);
  return { best: ts[0], median: ts[Math.floor(ts.length / 2)] };
}

/** Builds a hotseat log of `n` actions (moves, rolls, segment ends) and times a full verification (best of `runs`), and of its compact .gz export. */
export function benchSave(n = 10_000, runs = 3): SaveBench {
  const g = generatedGame(n, 42, 'long');
  const text = saveToText(g.save);
  const full = timeLoad(text, runs);
  const compact = compactToGzip(g.save);
  const actions = g.save.entries.length;
  // The next turn's file of a game whose last file was checked: its first entries are taken as checked.
  const cut = Math.max(1, actions - 100);
  const ts: number[] = [];
  let continuingFrom = 0;
  for (let i = 0; i < runs; i++) {
    forgetCheckedFile();
    if (!loadSave(saveToText({ ...g.save, entries: g.save.entries.slice(0, cut), head: g.save.entries[cut].prev })).ok) throw new Error('the shorter file failed to verify');
    const t0 = performance.now();
    if (!loadSave(text).ok) throw new Error('the continuing file failed to verify');
    ts.push(performance.now() - t0);
    continuingFrom = lastLoadResumedAt();
  }
  return {
    continuingMs: Math.round(Math.min(...ts)), continuingFrom,
    actions, verifyMs: Math.round(full.best), verifyMedianMs: Math.round(full.median), compactVerifyMs: Math.round(timeLoad(compact, runs).best),
    textBytes: text.length, gzipBytes: saveToGzip(g.save).length, compactGzipBytes: compact.length, perActionUs: Math.round((full.best * 1000) / actions),
  };
}

/**
 * A stand-in for a complete game of `scenario`: every player turn moves up to `movesPerTurn` units
 * (legal moves from the engine), makes `rollsPerTurn` dice rolls for fire support and assaults, and
 * ends each segment; until the game ends. Not real play, but the same kinds and numbers of entries.
 */
/** Why a synthetic game stopped before the end, if it did. */
export const stuck = new WeakMap<SavedGame, string>();

export function syntheticGame(scenario: string, length: string, movesPerTurn = 60, rollsPerTurn = 24, seed = 5): SavedGame {
  const rnd = pick(seed);
  const c = createSave({ scenario, length, players: { allied: 'A', german: 'B' }, random: fakeRandom(`synthetic-${scenario}`) });
  if (!c.ok) throw new Error(c.error);
  let g = c.game;
  const tryAppend = (a: Action) => { const r = appendAction(g, a); if (r.ok) g = r.game; return r.ok; };
  for (let guard = 0; guard < 5000 && !g.state.over; guard++) {
    const side = sideToAct(g.state)!;
    const label = view(g.state, side).label;
    if (label.includes('Movement Segment')) {
      // One legal move per unit, for up to movesPerTurn units (legal moves computed once per segment).
      const byUnit = new Map<string, Action[]>();
      for (const m of legalActions(g.state, side)) if (m.type === 'move') { const u = String((m as { unit: string }).unit); byUnit.set(u, [...(byUnit.get(u) ?? []), m]); }
      for (const list of [...byUnit.values()].slice(0, movesPerTurn)) tryAppend(list[rnd(list.length)]);
    } else if (/FS Mission|Ground Assault Segment/.test(label)) {
      for (let i = 0; i < rollsPerTurn / 3; i++) tryAppend({ type: 'roll', dice: i % 2 ? '1d10' : '2d10', purpose: `combat ${i}` });
    }
    const end = appendAction(g, { type: 'endSegment' });
    if (end.ok) g = end.game;
    else {
      // A rule waits for a decision: take the first legal action it accepts (not a free roll).
      if (!legalActions(g.state, side).some((a) => a.type !== 'endSegment' && a.type !== 'roll' && tryAppend(a))) {
        stuck.set(g, end.error);
        break;
      }
    }
  }
  return g;
}

/** `[name, value, unit]` triples, the format of scripts/bench.mjs. */
export async function run(): Promise<[string, number, string][]> {
  const b = benchSave();
  const out: [string, number, string][] = [
    [`save.verify_${b.actions}_actions`, b.verifyMs, `ms (best of 3, median ${b.verifyMedianMs}; budget ≤ 1000)`],
    ['save.verify_per_action', b.perActionUs, 'µs'],
    [`save.verify_${b.actions}_actions_compact_gz`, b.compactVerifyMs, 'ms (the .gz export, best of 3)'],
    [`save.verify_${b.actions}_actions_continuing_the_last_file`, b.continuingMs, `ms (best of 3: the file checked before it had its first ${b.continuingFrom.toLocaleString('en')} entries, taken as checked; the next turn of a play-by-e-mail game)`],
    [`save.file_${b.actions}_actions_gzip`, Math.round(b.gzipBytes / 1024), 'KB (full form)'],
    [`save.file_${b.actions}_actions_compact_gzip`, Math.round(b.compactGzipBytes / 1024), 'KB (compact form)'],
  ];
  try {
    const g = syntheticGame('goodwood', 'long');
    const t0 = performance.now();
    const r = loadSave(saveToText(g.save));
    const ms = performance.now() - t0;
    if (r.ok) {
      out.push([`save.goodwood_synthetic_${g.save.entries.length}_actions_verify`, Math.round(ms), 'ms']);
      out.push(['save.goodwood_synthetic_file_gzip', Math.round(saveToGzip(g.save).length / 1024), 'KB (full form)']);
      out.push(['save.goodwood_synthetic_file_compact_gzip', Math.round(compactToGzip(g.save).length / 1024), 'KB (compact form)']);
      out.push(['save.goodwood_synthetic_export_gz', Math.round((exportSave(g, true).data as Uint8Array).length / 1024), 'KB (the Export (.gz) download; budget ≤ 50)']);
    }
  } catch (e) {
    console.log(`save.goodwood benchmark skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
  return out;
}
