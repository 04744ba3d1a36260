/**
 * The Neptune save / turn file (docs/save-format.md), declared once as zod schemas. Strict objects
 * everywhere: an unknown or renamed field is refused rather than silently ignored.
 */
import { z } from 'zod';
import { Side } from '../data/schemas/sequence';
import pkg from '../../package.json';
import { StandingOrders } from './orders';

export const FORMAT = 'neptune-save';
/**
 * 2 (issue 15, issue 14 item 7): fast-mode nonces are chain links, every PBEM side publishes a chain
 * anchor before it acts, the header names the creator's side, compact files carry a seal checked
 * before re-playing. Format 1 files are migrated by re-playing their actions (migrate.ts) or refused.
 */
export const FORMAT_VERSION = 2;
/** The engine that wrote a file; a file from another engine version still loads if it re-simulates identically. */
export const ENGINE_VERSION: string = pkg.version;

/** Limits against huge or hostile input (a Goodwood game is a few hundred KB of JSON). */
export const LIMITS = {
  /** Bytes accepted from a file (raw or gzip). */
  inputBytes: 16 * 1024 * 1024,
  /** Characters of JSON after decompression (guards against gzip bombs). */
  jsonChars: 64 * 1024 * 1024,
  entries: 200_000,
};

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 as 64 lowercase hex digits');
export const DiceMode = z.enum(['hotseat', 'fast', 'strict']);
export type DiceMode = z.infer<typeof DiceMode>;

export const Action = z.looseObject({ type: z.string().min(1).max(64) });

export const RollRecord = z.strictObject({
  purpose: z.string().max(200),
  dice: z.enum(['1d10', '2d10']),
  faces: z.array(z.number().int().min(0).max(9)).min(1).max(2),
  value: z.number().int().min(0).max(99),
});

export const SaveHeader = z.strictObject({
  /** Random id of this game, so a turn file of another game is recognised. */
  game: z.string().regex(/^[0-9a-f]{32}$/),
  engine: z.string().min(1).max(40),
  scenario: z.string().min(1).max(80),
  length: z.string().min(1).max(40),
  /** SHA-256 of the scenario, map, units, sequence and rules tables (ScenarioBundle.dataHash). */
  dataHash: hex64,
  /** Seed material for hotseat dice and for rolls before any PBEM dice key. */
  seed: z.string().min(1).max(200),
  /** Player names by side: the side assignment. */
  players: z.strictObject({ allied: z.string().max(80).optional(), german: z.string().max(80).optional() }),
  dice: DiceMode,
  /** PBEM: the side whose browser created the game (the other side joins with its first file). */
  creator: Side.optional(),
  created: z.string().max(40).optional(),
});
export type SaveHeader = z.infer<typeof SaveHeader>;

/** How a diceKey action's key was obtained; the loader re-derives the key from it. */
export const KeyProof = z.union([
  /** Fast mode: the sender's next link k of the hash chain it anchored at game start (dice.ts fastKey). */
  z.strictObject({ chain: z.strictObject({ k: z.number().int().min(1), link: hex64 }) }),
  z.strictObject({ reveal: z.strictObject({ k: z.number().int().min(1), link: hex64, commit: z.number().int().min(0) }) }),
]);
export type KeyProof = z.infer<typeof KeyProof>;

const common = {
  /** Position in the log, from 0. */
  i: z.number().int().min(0),
  /** SHA-256 of the previous entry (of the header for entry 0). */
  prev: hex64,
  /** The side whose client wrote the entry. */
  by: Side,
  /** When it was written (ISO), informational; makes stalling visible (anchors.md T5). */
  at: z.string().max(40).optional(),
  /** Hash of the state after the entry (digest.ts stateDigest: Merkle SHA-256 of the state's JSON). */
  state: hex64,
};

export const ActionEntry = z.strictObject({
  ...common,
  kind: z.literal('action'),
  action: Action,
  /** The dice this action consumed, in order (a random setup, AW 34.11.2, rolls two per unit and marker placed: 132 in Cherbourg). */
  dice: z.array(RollRecord).max(1000),
  proof: KeyProof.optional(),
  /**
   * PBEM: the action was played for `by` by its standing orders (order number `order` of its orders
   * in force), in the opponent's file; the loader checks it is exactly what the orders give (orders.ts).
   */
  order: z.number().int().min(0).max(63).optional(),
});
/** PBEM (fast and strict): a side publishes the anchor c[0] of its SHA-256 chain of `length` links, before it acts. */
export const AnchorEntry = z.strictObject({
  ...common,
  kind: z.literal('anchor'),
  anchor: hex64,
  length: z.number().int().min(1).max(1_000_000),
});
/** Strict mode: a side commits to the actions of its next batch of random events. */
export const CommitEntry = z.strictObject({
  ...common,
  kind: z.literal('commit'),
  actions: z.array(Action).min(1).max(1000),
  salt: hex64,
});
/**
 * PBEM (issue 15 "two files per game turn"): `by`'s standing orders for the opponent's coming turn,
 * in force until `by` next plays an action itself (orders.ts). Sent to the opponent, who applies them.
 */
export const OrdersEntry = z.strictObject({
  ...common,
  kind: z.literal('orders'),
  orders: StandingOrders,
});
export const Entry = z.discriminatedUnion('kind', [ActionEntry, AnchorEntry, CommitEntry, OrdersEntry]);
export type ActionEntry = z.infer<typeof ActionEntry>;
export type AnchorEntry = z.infer<typeof AnchorEntry>;
export type CommitEntry = z.infer<typeof CommitEntry>;
export type OrdersEntry = z.infer<typeof OrdersEntry>;
export type Entry = z.infer<typeof Entry>;

export const SaveFile = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  header: SaveHeader,
  entries: z.array(Entry).max(LIMITS.entries),
  /** SHA-256 of the last entry (of the header when there is none): seals the end of the chain. */
  head: hex64,
});
export type SaveFile = z.infer<typeof SaveFile>;

/**
 * Compact encoding of the same file (archives, e-mail): entries without the fields a loader derives
 * by re-playing (`i`, `prev`, `dice`, `state`). The `head` still seals the whole re-derived chain, so
 * any edit is refused; only the naming of the first bad entry is lost. See docs/save-format.md.
 */
const compactCommon = { by: Side, at: z.string().max(40).optional() };
export const CompactEntry = z.discriminatedUnion('kind', [
  z.strictObject({ ...compactCommon, kind: z.literal('action'), action: Action, proof: KeyProof.optional(), order: z.number().int().min(0).max(63).optional() }),
  z.strictObject({ ...compactCommon, kind: z.literal('anchor'), anchor: hex64, length: z.number().int().min(1).max(1_000_000) }),
  z.strictObject({ ...compactCommon, kind: z.literal('commit'), actions: z.array(Action).min(1).max(1000), salt: hex64 }),
  z.strictObject({ ...compactCommon, kind: z.literal('orders'), orders: StandingOrders }),
]);
export type CompactEntry = z.infer<typeof CompactEntry>;
export const CompactSaveFile = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  encoding: z.literal('compact'),
  header: SaveHeader,
  entries: z.array(CompactEntry).max(LIMITS.entries),
  head: hex64,
  /** SHA-256 of the canonical JSON of { header, entries } (verify.ts compactSeal): checked before anything is re-played. */
  seal: hex64,
});
export type CompactSaveFile = z.infer<typeof CompactSaveFile>;

/** What each dice mode promises, for the UI (anchors.md §5.1). */
export const DICE_MODE_NOTES: Record<DiceMode, string> = {
  hotseat: 'Hotseat: dice come from a local random seed. Both players share this browser; no protection against a player who reloads or edits the save.',
  fast: 'Fast PBEM: your rolls derive from the nonce in your opponent\'s last file, the game state and the action. Each nonce is the next link of a hash chain your opponent fixed at game start, so nobody can choose it, and reloading or re-spelling an action repeats the same dice. Limit: knowing the nonce, a player can still look ahead at what different actions would roll before choosing one (strict mode removes that).',
  strict: 'Strict PBEM: before each batch of rolls you commit to your actions; your opponent then reveals the next link of a hash chain fixed at game start. Nobody can preview, choose or bias the dice; each batch costs one extra exchange of files.',
};
