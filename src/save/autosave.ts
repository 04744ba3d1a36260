/**
 * Browser persistence (IndexedDB through idb-keyval): autosave after every action, the list of
 * saved games, download and import of `.neptune.json` files. The storage is injectable (`Kv`) so
 * tests run without IndexedDB.
 *
 * Guarantees: a failed import or load writes nothing (the current game and every autosave stay as
 * they were); autosaves are written latest-wins, so a burst of actions costs one write per idle
 * moment yet the last action is always the one saved; each game is stored under its own id, with
 * its index entry in the same transaction.
 */
import { get, setMany, del, createStore, type UseStore } from 'idb-keyval';
import { bundleOf, sideToAct, view, type Side } from '../engine';
import { compactToGzip, saveToText } from './codec';
import { continues, relate, relateAcrossData, type Imported } from './pbem';
import { type LoadError, type LoadResult, type SavedGame } from './verify';
import { verifyFile, type VerifyOptions } from './verifyClient';
import type { DiceMode, SaveFile } from './format';

/** The storage the module needs; `idbKv()` is the IndexedDB one. */
export interface Kv {
  get<T>(key: string): Promise<T | undefined>;
  setMany(entries: [string, unknown][]): Promise<void>;
  del(key: string): Promise<void>;
}

let store: UseStore | undefined;
export function idbKv(): Kv {
  store ??= createStore('neptune', 'saves');
  return {
    get: (k) => get(k, store),
    setMany: (e) => setMany(e, store),
    del: (k) => del(k, store),
  };
}

/** In-memory Kv (tests, and a fallback when IndexedDB is unavailable, e.g. private windows). */
export function memoryKv(map = new Map<string, unknown>()): Kv & { map: Map<string, unknown> } {
  return {
    map,
    get: async (k) => map.get(k) as never,
    setMany: async (e) => { for (const [k, v] of e) map.set(k, structuredClone(v)); },
    del: async (k) => { map.delete(k); },
  };
}

export interface SaveSummary {
  id: string;
  scenario: string;
  scenarioName: string;
  /** 1-based game turn and its label (date, time). */
  turn: number;
  label: string;
  sideToMove: Side | null;
  over: boolean;
  dice: DiceMode;
  players: Partial<Record<Side, string>>;
  entries: number;
  /** ISO time of the last write. */
  savedAt: string;
  /** A separate copy (stored under its own id, not the game id): why it was kept apart. */
  note?: string;
}

const INDEX = 'index';
const key = (id: string) => `save:${id}`;

export function summarize(game: SavedGame, savedAt: string): SaveSummary {
  const s = game.state;
  const h = game.save.header;
  let label = '';
  let scenarioName = h.scenario;
  try {
    label = view(s, 'allied').label;
    scenarioName = bundleOf(s).scenario.name;
  } catch { /* the bundle is always registered for a verified game; keep defaults otherwise */ }
  return {
    id: game.storeId ?? h.game, ...(game.note ? { note: game.note } : {}), scenario: h.scenario, scenarioName, turn: s.pos.turn + 1, label,
    sideToMove: sideToAct(s), over: !!s.over, dice: h.dice, players: h.players,
    entries: game.save.entries.length, savedAt,
  };
}

/** `<scenario>-<turn>-<side>.neptune.json` (issue 7), e.g. `demo-2-german.neptune.json`. */
export function fileName(game: SavedGame, gzip = false): string {
  const side = sideToAct(game.state) ?? 'over';
  const safe = game.save.header.scenario.replace(/[^a-z0-9_-]+/gi, '_');
  return `${safe}-${game.state.pos.turn + 1}-${side}.neptune.json${gzip ? '.gz' : ''}`;
}

export async function listSaves(kv: Kv = idbKv()): Promise<SaveSummary[]> {
  const idx = (await kv.get<SaveSummary[]>(INDEX)) ?? [];
  return [...idx].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

async function write(kv: Kv, game: SavedGame, now: string): Promise<void> {
  const sum = summarize(game, now);
  const idx = ((await kv.get<SaveSummary[]>(INDEX)) ?? []).filter((x) => x.id !== sum.id);
  idx.push(sum);
  await kv.setMany([[key(sum.id), saveToText(game.save)], [INDEX, idx]]);
}

/** Stores a game now (under its own key: storeId or the game id), with its index entry. */
export async function storeGame(game: SavedGame, kv: Kv = idbKv(), now: string = new Date().toISOString()): Promise<void> {
  await write(kv, game, now);
}

/**
 * Autosave writer: call `save(game)` after every action. Writes are serialised and coalesced
 * (latest wins); `flush()` resolves when the latest game is stored.
 */
export function autosaver(kv: Kv = idbKv(), clock: () => string = () => new Date().toISOString()) {
  let latest: SavedGame | null = null;
  let running: Promise<void> | null = null;
  let lastError: unknown = null;
  const pump = async () => {
    while (latest) {
      const g = latest;
      latest = null;
      try { await write(kv, g, clock()); } catch (e) { lastError = e; }
    }
    running = null;
  };
  return {
    save(game: SavedGame): void {
      latest = game;
      running ??= pump();
    },
    flush: async (): Promise<void> => { while (running) await running; },
    get lastError() { return lastError; },
  };
}

/**
 * Reads a stored game back, verifying it like any file ("reloading the page resumes exactly"), in the
 * file checker's worker: a long game is seconds of re-play, which would freeze the page (issue 17).
 */
export async function readSave(id: string, kv: Kv = idbKv(), verify?: VerifyOptions): Promise<LoadResult> {
  const text = await kv.get<string>(key(id));
  if (typeof text !== 'string') return { ok: false, code: 'malformed', error: `no saved game with id ${id}` };
  const r = await verifyFile(text, verify);
  if (r.ok && id !== r.game.save.header.game) {
    // A separate copy: it keeps its own key, so playing on in it never overwrites the game it was kept apart from.
    const note = ((await kv.get<SaveSummary[]>(INDEX)) ?? []).find((x) => x.id === id)?.note;
    r.game = { ...r.game, storeId: id, ...(note ? { note } : {}) };
  }
  return r;
}

/** The log stored for a game id, read without re-playing it (this browser wrote it), or null. */
export async function storedLog(id: string, kv: Kv = idbKv()): Promise<SaveFile | null> {
  try {
    const text = await kv.get<string>(key(id));
    if (typeof text !== 'string') return null;
    const s = JSON.parse(text) as SaveFile;
    return s && Array.isArray(s.entries) && s.header ? s : null;
  } catch {
    return null;
  }
}

export async function deleteSave(id: string, kv: Kv = idbKv()): Promise<void> {
  const idx = ((await kv.get<SaveSummary[]>(INDEX)) ?? []).filter((x) => x.id !== id);
  await kv.setMany([[INDEX, idx]]);
  await kv.del(key(id));
}

/**
 * The bytes and name of a download. The gzip download is the compact encoding (docs/save-format.md
 * "Compact encoding"): a whole Goodwood game in ≈ 14 KB instead of ≈ 190 KB (issue 7 budget ≤ 50 KB),
 * every edit still refused; only the full (.json) form can name the edited entry.
 */
export function exportSave(game: SavedGame, gzip = false): { name: string; data: Uint8Array | string; type: string } {
  return gzip
    ? { name: fileName(game, true), data: compactToGzip(game.save), type: 'application/gzip' }
    : { name: fileName(game), data: saveToText(game.save), type: 'application/json' };
}

/** Browser only: offers the save as a download. */
export function downloadSave(game: SavedGame, gzip = false): void {
  const f = exportSave(game, gzip);
  const blob = new Blob([f.data as BlobPart], { type: f.type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = f.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Imports a picked file. Only on success is anything stored; on failure nothing is written.
 * - A game this browser does not hold is stored under its game id.
 * - A file that continues the stored game (or `current`, the game on screen) replaces it; with `me`
 *   (PBEM) it must pass the turn-file checks (continues: nothing new in my name…).
 * - Saves never go backwards silently: a file older than the stored game, or parting from it, is
 *   stored as a separate copy under its own id; the stored game is left as it was and the result's
 *   `notice` (and the copy's `note`) says so.
 */
export async function importSaveFile(file: Blob | string | Uint8Array, current: SavedGame | null, me: Side | null, kv: Kv = idbKv(), clock: () => string = () => new Date().toISOString(), verify: VerifyOptions = {}): Promise<Imported> {
  const input = await readInput(file);
  if (typeof input === 'object' && !(input instanceof Uint8Array)) return input;
  return storeVerified(await verifyFile(input, verify), current, me, kv, clock);
}

/** The bytes or text of a picked file, or why it cannot be read. */
export async function readInput(file: Blob | string | Uint8Array): Promise<string | Uint8Array | LoadError> {
  try {
    return typeof file === 'string' || file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return { ok: false, code: 'malformed', error: `the file could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** importSaveFile after the file was verified (verifyFile): the storing rules above. `me` may depend on the game (a new PBEM seat). */
export async function storeVerified(l: LoadResult, current: SavedGame | null, me: Side | null | ((game: SavedGame) => Side | null), kv: Kv = idbKv(), clock: () => string = () => new Date().toISOString()): Promise<Imported> {
  if (!l.ok) return l;
  const theirs = l.game;
  const side = typeof me === 'function' ? me(theirs) : me;
  const id = theirs.save.header.game;
  const onScreen = current && current.save.header.game === id ? current : null;
  const mineLog = onScreen ? onScreen.save : await storedLog(id, kv);
  const pbem = !!side && theirs.save.header.dice !== 'hotseat';
  let r: Imported;
  if (!mineLog) r = pbem ? continues(null, theirs, side!, l.warnings) : { ok: true, game: theirs, from: 0, warnings: l.warnings };
  else {
    // A hotseat file brought up to date from another data version: compared by actions (its chain changed).
    const rel = !pbem && mineLog.header.dataHash !== theirs.save.header.dataHash ? relateAcrossData(mineLog, theirs.save) : relate(mineLog, theirs.save);
    if (rel.relation === 'older' || rel.relation === 'diverges') return keepApart(kv, theirs, mineLog, { relation: rel.relation, at: rel.at }, l.warnings, clock);
    r = pbem ? continues({ save: mineLog }, theirs, side!, l.warnings) : { ok: true, game: theirs, from: rel.relation === 'extends' ? rel.at : 0, warnings: l.warnings };
    // The game on screen may itself be a separate copy: it goes on under its own key.
    if (r.ok && onScreen?.storeId) r = { ...r, game: { ...r.game, storeId: onScreen.storeId, ...(onScreen.note ? { note: onScreen.note } : {}) } };
  }
  if (!r.ok) return r;
  try {
    await write(kv, r.game, clock());
  } catch (e) {
    return { ok: false, code: 'internal', error: `the game was read but could not be stored: ${e instanceof Error ? e.message : String(e)}` };
  }
  return r;
}

/** Stores a file that would take the stored game backwards as a copy of its own (importSaveFile). */
async function keepApart(kv: Kv, theirs: SavedGame, mine: SaveFile, rel: { relation: 'older' | 'diverges'; at: number }, warnings: string[], clock: () => string): Promise<Imported> {
  const n = theirs.save.entries.length;
  const m = mine.entries.length;
  const what = rel.relation === 'older'
    ? `older than the copy of this game stored in this browser (the file has ${n} entries, the stored game ${m})`
    : `a different course of this game than the copy stored in this browser: they agree on the first ${rel.at} entries, then part (the file has ${n} entries, the stored game ${m})`;
  const note = `This file is ${what}. The stored game is kept unchanged; the file is opened as a separate copy, listed on its own under Saved games.`;
  const copy: SavedGame = { ...theirs, storeId: `${theirs.save.header.game}-copy-${theirs.save.head.slice(0, 12)}`, note };
  try {
    await write(kv, copy, clock());
  } catch (e) {
    return { ok: false, code: 'internal', error: `the file was read but could not be stored: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, game: copy, from: rel.at, warnings, notice: note };
}
