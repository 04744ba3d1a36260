/**
 * Rules hex IDs ("C4522": map letter, 2-digit column, 2-digit row) ⇄ master lattice hexes.
 * Sheet offsets and the errata for misprinted IDs are data (data/map/sheets.json).
 */
import sheetsJson from '../../../data/map/sheets.json';
import { SheetsFile, type SheetLetter } from '../../data/schemas/sheets';
import { HEX_COUNT, hexAt, colOf, rowOf, type HexId } from './lattice';

export type { SheetLetter };

const CONFIG: SheetsFile = SheetsFile.parse(sheetsJson);
const ERRATA = new Map(CONFIG.errata.map((e) => [e.printed, e]));

export class HexIdError extends Error {
  constructor(readonly input: string, reason: string) {
    super(`Bad hex id "${input}": ${reason}`);
    this.name = 'HexIdError';
  }
}

export interface ParsedRulesId {
  sheet: SheetLetter;
  col: number; // local column on the sheet
  row: number; // local row on the sheet
  /** The section of the sheet the hex is on (AW 1.8.0: "F2" for F2-5257), numbered on the sheet's grid. */
  section?: string;
  /** Set when the printed id was a known misprint and was corrected. */
  corrected?: { printed: string; source: string };
}

const ID_RE = /^\s*([A-Fa-f])([1-9]\s*-)?\s*(\d{2})(\d{2})\s*$/;
const SECTIONS = CONFIG.sections;

export interface ParseOptions {
  /**
   * Read known misprints as the hex the rules mean (data/map/sheets.json errata), e.g. printed
   * C3609 → A3609. Only for IDs taken from the rules text; data and actions name hexes exactly,
   * so the real sheet-C hex C3609 stays reachable.
   */
  errata?: boolean;
}

/** The corrected ID of a known misprint, or null. */
export function erratumOf(id: string): { correct: string; source: string } | null {
  const e = ERRATA.get(id.trim().toUpperCase());
  return e ? { correct: e.correct, source: e.source } : null;
}

/** Parses a rules hex ID (errata only when asked). Throws HexIdError with the reason. */
export function parseRulesId(input: string, opts: ParseOptions = {}): ParsedRulesId {
  if (typeof input !== 'string') throw new HexIdError(String(input), 'not a string');
  const m = ID_RE.exec(input);
  if (!m) throw new HexIdError(input, 'expected a map letter A–F and four digits (column, row), e.g. C4522, or a section of a sheet, e.g. F2-5257 (AW 1.8.0)');
  if (m[2]) {
    // a section of a sheet (AW 1.8.0: F1, F2 attach to map F), numbered on that sheet's grid
    const name = `${m[1].toUpperCase()}${m[2][0]}`;
    const sec = SECTIONS[name];
    if (!sec) throw new HexIdError(input, `section ${name} is not defined in data/map/sheets.json`);
    const col = Number(m[3]);
    const row = Number(m[4]);
    if (col < sec.cols[0] || col > sec.cols[1] || row < sec.rows[0] || row > sec.rows[1]) {
      throw new HexIdError(input, `${col}/${row} is off section ${name} (columns ${sec.cols[0]}–${sec.cols[1]}, rows ${sec.rows[0]}–${sec.rows[1]})`);
    }
    return { sheet: sec.sheet, col, row, section: name };
  }
  let id = `${m[1].toUpperCase()}${m[3]}${m[4]}`;
  let corrected: ParsedRulesId['corrected'];
  const e = opts.errata ? ERRATA.get(id) : undefined;
  if (e) {
    corrected = { printed: id, source: e.source };
    id = e.correct;
  }
  const sheet = id[0] as SheetLetter;
  const col = Number(id.slice(1, 3));
  const row = Number(id.slice(3, 5));
  const s = CONFIG.sheets[sheet];
  if (!s) throw new HexIdError(input, `sheet ${sheet} is not defined in data/map/sheets.json`);
  if (col < s.cols[0] || col > s.cols[1] || row < s.rows[0] || row > s.rows[1]) {
    const sec = Object.entries(SECTIONS).find(([, x]) => x.sheet === sheet && col >= x.cols[0] && col <= x.cols[1] && row >= x.rows[0] && row <= x.rows[1]);
    if (sec) throw new HexIdError(input, `${col}/${row} is on section ${sec[0]} of sheet ${sheet}: write ${sec[0]}-${m[3]}${m[4]}`);
  }
  if (col < s.cols[0] || col > s.cols[1]) throw new HexIdError(input, `column ${col} is off sheet ${sheet} (columns ${s.cols[0]}–${s.cols[1]})`);
  if (row < s.rows[0] || row > s.rows[1]) throw new HexIdError(input, `row ${row} is off sheet ${sheet} (rows ${s.rows[0]}–${s.rows[1]})`);
  return { sheet, col, row, corrected };
}

/** Global lattice column/row of a sheet-local column/row (exact: see sheets.json note). */
export function sheetToGlobal(sheet: SheetLetter, col: number, row: number): [number, number] {
  const s = CONFIG.sheets[sheet];
  const gcol = col + s.colOffset;
  const grow = row + 0.5 * (col & 1) + s.rowOffsetG - 0.5 * (gcol & 1);
  return [gcol, grow];
}

export function globalToSheet(sheet: SheetLetter, gcol: number, grow: number): [number, number] {
  const s = CONFIG.sheets[sheet];
  const col = gcol - s.colOffset;
  const row = grow + 0.5 * (gcol & 1) - s.rowOffsetG - 0.5 * (col & 1);
  return [col, row];
}

/** Lattice hex of a rules ID. Throws HexIdError for malformed or off-sheet IDs. */
export function hexOfRulesId(input: string, opts: ParseOptions = {}): HexId {
  const p = parseRulesId(input, opts);
  const [c, r] = sheetToGlobal(p.sheet, p.col, p.row);
  const h = hexAt(c, r);
  if (h < 0) throw new HexIdError(input, 'outside the master lattice');
  return h;
}

/** Like hexOfRulesId, but returns an error message instead of throwing. */
export function tryHexOfRulesId(input: string, opts: ParseOptions = {}): { hex: HexId } | { error: string } {
  try {
    return { hex: hexOfRulesId(input, opts) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Every rules ID naming this hex, one per sheet that covers it (sheets overlap), in preferred order. */
export function rulesIdsOf(h: HexId): string[] {
  const gc = colOf(h);
  const gr = rowOf(h);
  const out: string[] = [];
  for (const sheet of CONFIG.preferredOrder) {
    const s = CONFIG.sheets[sheet];
    if (!s) continue;
    const [c, r] = globalToSheet(sheet, gc, gr);
    if (c >= s.cols[0] && c <= s.cols[1] && r >= s.rows[0] && r <= s.rows[1]) out.push(`${sheet}${pad2(c)}${pad2(r)}`);
  }
  for (const [name, sec] of Object.entries(SECTIONS)) {
    const [c, r] = globalToSheet(sec.sheet, gc, gr);
    if (c >= sec.cols[0] && c <= sec.cols[1] && r >= sec.rows[0] && r <= sec.rows[1]) out.push(`${name}-${pad2(c)}${pad2(r)}`);
  }
  return out;
}

const FORMATTED: (string | undefined)[] = new Array(HEX_COUNT);

/** The preferred rules ID of a hex, or `@col,row` for a lattice hex no sheet covers. */
export function formatHex(h: HexId): string {
  // The sheets are fixed at load, so each hex's name is computed once (legal moves name every path hex).
  const hit = FORMATTED[h];
  if (hit !== undefined) return hit;
  const ids = rulesIdsOf(h);
  const out = ids.length ? ids[0] : `@${colOf(h)},${rowOf(h)}`;
  if (Number.isInteger(h) && h >= 0 && h < FORMATTED.length) FORMATTED[h] = out;
  return out;
}


/** Parses a rules hexside such as "C4423/4523" or "C5217/C5317" into its two hexes. */
export function parseRulesHexside(input: string): [HexId, HexId] {
  const m = /^\s*([A-Fa-f]?\d{4})\s*[/→>-]+\s*([A-Fa-f]?\d{4})\s*$/.exec(input);
  if (!m) throw new HexIdError(input, 'expected a hexside like C4423/4523');
  const first = /^[A-Fa-f]/.test(m[1]) ? m[1] : null;
  if (!first) throw new HexIdError(input, 'the first hex of a hexside needs its map letter');
  const second = /^[A-Fa-f]/.test(m[2]) ? m[2] : first[0] + m[2];
  return [hexOfRulesId(first), hexOfRulesId(second)];
}

export function sheetsConfig(): SheetsFile {
  return CONFIG;
}

/**
 * Parses any hex reference used in data and actions: a rules ID ("C4522") or a
 * lattice position ("@col,row") for hexes no sheet numbers. Returns an error message instead of throwing.
 */
export function tryParseHexRef(ref: string, opts: ParseOptions = {}): { hex: HexId } | { error: string } {
  // Each spelling's answer is kept (actions name the same few thousand hexes again and again; a move's
  // path up to 200): without errata, for short strings only (every real spelling is), so a long string
  // from a hostile file is not held, and bounded. The answers are shared: callers never change them.
  const keep = !opts.errata && typeof ref === 'string' && ref.length <= 24;
  if (keep) { const hit = SPELLINGS.get(ref); if (hit) return hit; }
  const r = parseHexRef(ref, opts);
  if (keep) {
    if (SPELLINGS.size >= MAX_SPELLINGS) SPELLINGS.clear();
    SPELLINGS.set(ref, Object.freeze(r));
  }
  return r;
}
const SPELLINGS = new Map<string, { hex: HexId } | { error: string }>();
const MAX_SPELLINGS = 50_000;

function parseHexRef(ref: string, opts: ParseOptions): { hex: HexId } | { error: string } {
  const m = /^@(-?\d+),(-?\d+)$/.exec(typeof ref === 'string' ? ref.trim() : '');
  if (m) {
    const h = hexAt(Number(m[1]), Number(m[2]));
    return h < 0 ? { error: `Bad hex id "${ref}": outside the master lattice` } : { hex: h };
  }
  return tryHexOfRulesId(ref, opts);
}
