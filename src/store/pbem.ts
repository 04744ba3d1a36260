/**
 * Play by e-mail in the app (docs/save-format.md "Dice modes", "Mounting the UI"). The save file is
 * shared by both players; what is private to this browser is kept here, in localStorage keyed by the
 * game id: the side this browser plays and, in strict mode, the secret of its dice hash chain (it
 * never goes into a file). The functions below are pure over a SavedGame (the store calls them);
 * the storage is injectable so the unit tests run without a browser.
 */
import { sideToAct, type Action, type Side } from '../engine';
import {
  appendAnchor, appendCommit, appendReveal, committedDue, newChain, sealTurn, type ChainSecret,
  type DiceMode, type Imported, type LoadError, type RandomHex, type SavedGame,
} from '../save';
import { idbKv, readInput, storeGame, storeVerified, type Kv } from '../save/autosave';
import { verifyFile, type VerifyOptions } from '../save/verifyClient';
import { enemyOf } from '../engine/query';

/** What this browser keeps about a PBEM game. */
export interface PbemSeat {
  /** The side this browser plays. */
  me: Side;
  /** Strict mode: this side's private dice chain (never sent). */
  chain?: ChainSecret;
}

/** The part of the Web Storage API used here (localStorage in the browser, a Map in tests). */
export interface SeatStorage { getItem(k: string): string | null; setItem(k: string, v: string): void }

const SEAT_PREFIX = 'neptune.pbem.';
export const seatKey = (gameId: string) => `${SEAT_PREFIX}${gameId}`;

export function browserStorage(): SeatStorage | null {
  try { return typeof localStorage === 'undefined' ? null : localStorage; } catch { return null; }
}

export function memoryStorage(map = new Map<string, string>()): SeatStorage & { map: Map<string, string> } {
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => { map.set(k, v); } };
}

export function readSeat(gameId: string, storage: SeatStorage | null = browserStorage()): PbemSeat | null {
  const raw = storage?.getItem(seatKey(gameId));
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as PbemSeat;
    if (s.me !== 'allied' && s.me !== 'german') return null;
    const c = s.chain;
    // A damaged chain is dropped: the seat keeps its side.
    const valid = !!c && typeof c.secret === 'string' && /^[0-9a-f]{64}$/.test(c.secret) && Number.isInteger(c.length) && c.length > 0;
    return valid ? { me: s.me, chain: { secret: c.secret, length: c.length } } : { me: s.me };
  } catch {
    return null;
  }
}

export function writeSeat(gameId: string, seat: PbemSeat, storage: SeatStorage | null = browserStorage()): void {
  try { storage?.setItem(seatKey(gameId), JSON.stringify(seat)); } catch { /* storage full or blocked: the seat is inferred again next time */ }
}

export const SIDE_NAME: Record<Side, string> = { allied: 'the Allies', german: 'the Germans' };

export function isPbem(game: SavedGame): boolean {
  return game.save.header.dice !== 'hotseat';
}

/**
 * The side a browser that has no seat for this game plays: the side that did not create it (format
 * 2 headers name the creator). Without that: the opponent of whoever wrote the file's last entry.
 */
export function inferSide(game: SavedGame): Side {
  const creator = game.save.header.creator;
  if (creator) return enemyOf(creator);
  const last = game.save.entries[game.save.entries.length - 1];
  if (last) return enemyOf(last.by);
  return enemyOf(sideToAct(game.state) ?? 'allied');
}

/** The seat of a PBEM game in this browser (null for hotseat), created and stored when missing. */
export function seatFor(game: SavedGame, storage: SeatStorage | null = browserStorage()): PbemSeat | null {
  if (!isPbem(game)) return null;
  const id = game.save.header.game;
  const known = readSeat(id, storage);
  if (known) return known;
  const seat: PbemSeat = { me: inferSide(game) };
  writeSeat(id, seat, storage);
  return seat;
}

const who = (game: SavedGame, side: Side) => {
  const name = game.save.header.players[side];
  return name ? `${SIDE_NAME[side]} (${name})` : SIDE_NAME[side];
};

/**
 * Why the player of `me` may not act now in this PBEM game (null when it may). PBEM: each browser
 * plays only its own side; the other side's segments and decisions are played in the other browser.
 */
export function refusal(game: SavedGame, me: Side): string | null {
  const actor = sideToAct(game.state);
  if (!actor) return null;
  if (actor !== me) {
    return `Play by e-mail: you play ${who(game, me)}, and ${who(game, actor)} ${game.state.pending ? 'must answer a decision' : 'are to act'} now. `
      + `Press “End my turn and export” to send them the turn file, then open their reply with “Open opponent's turn…”.`;
  }
  const t = game.track;
  if (game.save.header.dice === 'strict' && t.pending?.by === me) {
    return `Strict dice: you committed at entry ${t.pending.i} and wait for ${who(game, enemyOf(me))} to reveal the dice. Send this file and open their reply.`;
  }
  // A committed action the dice made unplayable does not block: the rest of the commitment lapsed.
  if (game.save.header.dice === 'strict' && committedDue(game, me)) {
    return `Strict dice: ${who(game, enemyOf(me))} revealed the dice: first press “Resolve my committed actions”.`;
  }
  return null;
}

/** The message when an action is refused because it rolls dice the protocol does not allow yet. */
export function diceRefusal(game: SavedGame, me: Side, describe: string): string {
  const opp = who(game, enemyOf(me));
  if (game.save.header.dice === 'strict') {
    return `Strict dice: ${describe} rolls dice. Press “Commit to this action”, then send the file: ${opp} reveals the next link of their dice chain, and you resolve it when their reply comes back. Nobody can preview the roll.`;
  }
  return `Fast dice: ${describe} rolls dice, and your rolls come from the nonce in ${opp}'s last file, which you do not have yet. Press “End my turn and export” to send your file now; ${opp} returns one with a fresh nonce, and you roll then.`;
}

export type Stepped = { ok: true; game: SavedGame } | LoadError;

/**
 * What the sender does before the download: strict mode publishes this side's chain anchor the first
 * time (its opponent needs it to commit); fast mode appends a fresh nonce for the opponent's rolls
 * (sealTurn). Sending twice without anything new re-sends the same file.
 */
export function prepareSend(game: SavedGame, seat: PbemSeat, random?: RandomHex, at?: string): Stepped & { seat?: PbemSeat } {
  const mode: DiceMode = game.save.header.dice;
  if (mode === 'hotseat') return { ok: true, game };
  let g = game;
  let newSeat: PbemSeat | undefined;
  if (!g.track.chains[seat.me]) {
    // My first entry publishes my dice chain (normally done when the game is created or joined).
    const chain = seat.chain ?? newChain(1024, random);
    const r = appendAnchor(g, seat.me, chain, at ? { at } : {});
    if (!r.ok) return r;
    g = r.game;
    newSeat = { ...seat, chain };
  }
  const chain = newSeat?.chain ?? seat.chain;
  if (mode === 'fast') {
    if (!chain) return { ok: false, code: 'protocol', error: 'this browser does not hold your dice chain secret for this game (it is kept only in the browser that started or joined the game): send the file from there' };
    const r = sealTurn(g, seat.me, chain, at);
    if (!r.ok) return r;
    g = r.game;
  }
  return newSeat ? { ok: true, game: g, seat: newSeat } : { ok: true, game: g };
}

/** A new seat with a fresh private dice chain (the creator's, or a joining side's). */
export function newSeat(me: Side, random?: RandomHex): PbemSeat {
  return { me, chain: newChain(1024, random) };
}

/**
 * A browser new to a PBEM game joins it: its seat gets a fresh dice chain whose anchor is its first
 * entry (so its own entries are sealed by its chain from the start: issue 15 hole 3).
 */
export function join(game: SavedGame, me: Side, random?: RandomHex): Stepped & { seat?: PbemSeat } {
  if (game.track.chains[me]) return { ok: true, game };
  const seat = newSeat(me, random);
  const r = appendAnchor(game, me, seat.chain!);
  return r.ok ? { ok: true, game: r.game, seat } : r;
}

/** Strict mode: the side to act commits to `actions` (usually the one rolling action it tried). */
export function commit(game: SavedGame, seat: PbemSeat, actions: Action[], random?: RandomHex, at?: string): Stepped {
  if (!game.track.chains[enemyOf(seat.me)]) return { ok: false, code: 'protocol', error: `${who(game, enemyOf(seat.me))} have not published their dice chain yet: send them the file first, and commit when their reply comes back.` };
  return appendCommit(game, actions, random, { by: seat.me, ...(at ? { at } : {}) });
}

/** Strict mode: reveals the next link of my chain for the opponent's waiting commitment. */
export function reveal(game: SavedGame, seat: PbemSeat, at?: string): Stepped {
  if (!seat.chain) return { ok: false, code: 'protocol', error: 'this browser does not hold your dice chain secret for this game (it is kept only in the browser that started or first opened the game): the reveal must be made there' };
  return appendReveal(game, seat.me, seat.chain, at ? { at } : {});
}

/**
 * "Open opponent's turn…" in a PBEM game: the file must continue the game on screen (importTurn's
 * checks: same game and header, my entries unchanged, nothing new in my name). A file of another
 * game is refused here, not opened in its place. Nothing is stored unless it is accepted. The file
 * is verified off the main thread (verifyFile: progress and cancel through `verify`).
 */
export async function receiveTurn(file: Blob | string | Uint8Array, current: SavedGame, me: Side, kv: Kv = idbKv(), verify: VerifyOptions = {}): Promise<Imported> {
  const input = await readInput(file);
  if (typeof input === 'object' && !(input instanceof Uint8Array)) return input;
  const l = await verifyFile(input, verify);
  if (!l.ok) return l;
  const id = l.game.save.header.game;
  if (id !== current.save.header.game) {
    return { ok: false, code: 'protocol', error: `this file belongs to another game (${l.game.save.header.scenario}, game id ${id.slice(0, 8)}…), not to the game on screen (${current.save.header.game.slice(0, 8)}…). Your game is unchanged; to open that game instead, go to the Menu and import it there.` };
  }
  return storeVerified(l, current, me, kv);
}

/**
 * Import from the start screen. A PBEM file of a game this browser already plays must continue its
 * stored copy (the same checks as in the game); a new PBEM game gets a seat (the receiver plays the
 * side the sender does not), and its first file is checked as a turn file for that seat. A file
 * older than the stored game, or parting from it, is kept as a separate copy (autosave.ts).
 */
export async function openFile(file: Blob | string | Uint8Array, kv: Kv = idbKv(), storage: SeatStorage | null = browserStorage(), verify: VerifyOptions = {}): Promise<Imported> {
  const input = await readInput(file);
  if (typeof input === 'object' && !(input instanceof Uint8Array)) return input;
  const l = await verifyFile(input, verify);
  const known = l.ok ? readSeat(l.game.save.header.game, storage) : null;
  const r = await storeVerified(l, null, (g) => (isPbem(g) ? (known?.me ?? inferSide(g)) : null), kv);
  if (!r.ok || !isPbem(r.game) || known) return r;
  // A game new to this browser: join it as the side that did not create it, with a fresh dice chain.
  const j = join(r.game, inferSide(r.game));
  if (!j.ok) return j;
  writeSeat(r.game.save.header.game, j.seat ?? { me: inferSide(r.game) }, storage);
  try { await storeGame(j.game, kv); } catch (e) { return { ok: false, code: 'internal', error: `the game was read but could not be stored: ${e instanceof Error ? e.message : String(e)}` }; }
  return { ...r, game: j.game };
}
