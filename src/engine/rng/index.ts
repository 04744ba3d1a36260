/**
 * Seeded dice (GOSS 26.0). No ambient randomness: every roll is derived from the game's seed material,
 * the index of the action being applied and the index of the roll within that action, so replaying
 * the same log gives the same rolls, and a roll cannot be changed without changing the log.
 *
 * Derivation: key = SHA-256("neptune-dice/1|" + seed + "|" + actionIndex); the key seeds an
 * sfc32 stream; each die takes 4 bytes with rejection sampling so 0–9 are exactly uniform.
 */
import { sha256Bytes } from '../hash';

export type DiceKind = '1d10' | '2d10';

/** One recorded roll: what it was for, the faces, and the value read (1d10: 0–9; 2d10: percentile 00–99). */
export interface Roll {
  purpose: string;
  dice: DiceKind;
  faces: number[];
  value: number;
}

export class Dice {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  readonly rolls: Roll[] = [];
  /** Called with each roll as it is made, so the log shows a roll before what it decides. */
  onRoll: ((r: Roll) => void) | null = null;

  private pending: (() => string) | null = null;
  private readonly index: number;

  /**
   * `seed` may be a function: it is then called once, at the first roll, so seed material that is
   * costly to build (a PBEM dice key bound to the state hash and the action, src/save) costs
   * nothing for the many actions that roll no die.
   */
  constructor(seed: string | (() => string), actionIndex: number) {
    this.a = this.b = this.c = this.d = 0;
    this.index = actionIndex;
    // A plain seed is also hashed at the first roll only: most actions (segment ends, moves) roll
    // nothing, and the SHA-256 per action was a tenth of a replay. The stream is the same either way.
    this.pending = typeof seed === 'function' ? seed : () => seed;
  }

  private init(seed: string): void {
    const k = sha256Bytes(`neptune-dice/1|${seed}|${this.index}`);
    const w = (i: number) => (k[i] | (k[i + 1] << 8) | (k[i + 2] << 16) | (k[i + 3] << 24)) >>> 0;
    this.a = w(0); this.b = w(4); this.c = w(8); this.d = w(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** sfc32: small, fast, passes PractRand; state from SHA-256 so streams for different actions are independent. */
  private next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /**
   * Drops the callbacks once the action is over (issue 17). V8 sometimes allocates an action's dice in
   * the old generation; a dead one kept its roll callback, the action's closure scope and so the state
   * the action started from alive until the next full collection. A die rolled after this is an engine
   * bug: it throws.
   */
  retire(): void {
    this.onRoll = null;
    this.pending = null;
    this.retired = true;
  }
  private retired = false;

  private face(): number {
    if (this.retired) throw new Error('a die was rolled after its action ended');
    if (this.pending) { const f = this.pending; this.pending = null; this.init(f()); }
    // Reject the top sliver of the 32-bit range so each face 0–9 is equally likely.
    const limit = 4294967290; // largest multiple of 10 ≤ 2^32
    let x = this.next();
    while (x >= limit) x = this.next();
    return x % 10;
  }

  private record(r: Roll): void {
    this.rolls.push(r);
    this.onRoll?.(r);
  }

  /** 1d10, read 0–9 (a 0 is zero, GOSS 26.0). */
  d10(purpose: string): number {
    const f = this.face();
    this.record({ purpose, dice: '1d10', faces: [f], value: f });
    return f;
  }

  /** 2d10 as a percentile 00–99: first die tens, second units (GOSS 26.0). */
  d100(purpose: string): number {
    const t = this.face();
    const u = this.face();
    const v = t * 10 + u;
    this.record({ purpose, dice: '2d10', faces: [t, u], value: v });
    return v;
  }

  roll(kind: DiceKind, purpose: string): number {
    return kind === '1d10' ? this.d10(purpose) : this.d100(purpose);
  }
}
