/**
 * Hidden information (docs/engine.md "Hidden information"; issue 14 part 5).
 *
 * The state holds no secret. A hidden fact (a sealed choice such as the German rest GT, AW 3.3.3 /
 * GOSS 3.5) enters the log as a commitment — SHA-256 over the canonical JSON of {key, value, salt},
 * the salt 32 random bytes that never leave the owner's browser (src/store/secrets.ts) — and its
 * value enters the log only with the reveal the rules ask for, which is checked against the
 * commitment: a changed value or salt is refused (`forged-reveal`) with the case of the rule. So a
 * save or PBEM file carries the hash only, and both players can check the reveal.
 *
 * Rule modules declare what they seal with `registerSealKind`: the values allowed, when a reveal is
 * accepted, and its effect. `view(state, side)` (game.ts) goes through `redact` below.
 */
import { reject, type RuleContext, type RuleModule } from './registry';
import { canonicalJson, sha256Hex } from '../hash';
import { boxAt } from './locations';
import type { Draft } from 'immer';
import type { ActionOf, GameEvent, GameState, HiddenState, Pending, ScenarioBundle, Seal, Side, UnitState } from '../types';
import { unitList, withUnits } from '../unitTable';

/** The commitment to a sealed value: what the log carries until the reveal. */
export function sealCommitment(key: string, value: unknown, salt: string): string {
  return sha256Hex(canonicalJson({ v: 'neptune-seal/1', key, value, salt }));
}

/** What a rule module seals, and what its reveal does. */
export interface SealKind {
  kind: string;
  /** Why this value may not be revealed now (e.g. the designated GT has not come yet), or null. */
  revealProblem?(state: GameState, seal: Seal, value: unknown, bundle: ScenarioBundle): { code: string; message: string } | null;
  /** The reveal's effect (after it was checked against the commitment). */
  onReveal?(d: Draft<GameState>, seal: Seal, value: unknown, ctx: RuleContext): GameEvent[];
  /** After the commitment: e.g. open the next decision. */
  onSealed?(d: Draft<GameState>, seal: Seal, ctx: RuleContext): GameEvent[];
}

const KINDS = new Map<string, SealKind>();

export function registerSealKind(k: SealKind): void {
  KINDS.set(k.kind, k);
}

function hiddenOf(d: Draft<GameState>): Draft<HiddenState> {
  if (!d.hidden) d.hidden = { seals: {} };
  return d.hidden;
}

/**
 * Asks `side` to seal a choice among `options` (the `seal` pending decision). The client of that side
 * draws the salt, keeps value and salt, and answers with `{type:'seal', key, commitment}`.
 */
export function requestSeal(d: Draft<GameState>, req: { key: string; kind: string; side: Side; options: string[]; label: string; prompt: string; case: string }): void {
  hiddenOf(d).request = { key: req.key, kind: req.kind, options: req.options, label: req.label };
  d.pending = { side: req.side, kind: 'seal', accepts: ['seal'], prompt: req.prompt, case: req.case } satisfies Pending;
}

/** The unrevealed seal the pending question is about: its owner's, of the question's kind (a rest and a low-fuel GT may both be open on one game day). */
export function questionSeal(state: GameState): Seal | undefined {
  const p = state.pending;
  if (!p || !p.accepts.includes('reveal')) return undefined;
  return Object.values(state.hidden?.seals ?? {}).find((s) => s.owner === p.side && !s.revealed && s.kind === p.kind);
}

export function sealOf(state: GameState, key: string): Seal | undefined {
  return state.hidden?.seals[key];
}

export const hiddenRules: RuleModule = {
  name: 'hidden',
  handlers: [
    {
      type: 'seal',
      apply(d, action, ctx) {
        const a = action as ActionOf<'seal'>;
        const req = d.hidden?.request;
        if (d.pending?.kind !== 'seal' || !req) reject('nothing-to-seal', 'no sealed choice is asked for now');
        if (a.key !== req.key) reject('wrong-seal', `the sealed choice asked for now is "${req.label}"`, d.pending.case);
        const seal: Seal = { key: req.key, kind: req.kind, owner: d.pending.side, commitment: a.commitment, n: d.n, case: d.pending.case, options: [...req.options] };
        const h = hiddenOf(d);
        h.seals[req.key] = seal;
        delete h.request;
        d.pending = null;
        const events: GameEvent[] = [{ type: 'sealed', key: seal.key, owner: seal.owner, label: req.label, case: seal.case }];
        events.push(...(KINDS.get(seal.kind)?.onSealed?.(d, seal, ctx) ?? []));
        return events;
      },
    },
    {
      type: 'reveal',
      apply(d, action, ctx) {
        const a = action as ActionOf<'reveal'>;
        const seal = d.hidden?.seals[a.key];
        if (!seal) reject('no-such-seal', `nothing was sealed under "${a.key}"`);
        if (seal.revealed) reject('already-revealed', 'this sealed choice has already been revealed', seal.case);
        if (ctx.side !== seal.owner || !d.pending?.accepts.includes('reveal')) reject('not-now', 'the rules do not ask for this reveal now', seal.case);
        if (sealCommitment(seal.key, a.value, a.salt) !== seal.commitment) {
          reject('forged-reveal', `this reveal does not match the commitment made at action ${seal.n + 1}: the value or the salt differs from what was sealed`, seal.case);
        }
        if (seal.options && !seal.options.includes(String(a.value))) reject('bad-value', `the sealed value is none of ${seal.options.join(', ')}`, seal.case);
        const kind = KINDS.get(seal.kind);
        const why = kind?.revealProblem?.(d as GameState, seal as Seal, a.value, ctx.bundle);
        if (why) reject(why.code, why.message, seal.case);
        seal.revealed = { value: a.value, n: d.n };
        d.pending = null;
        const events: GameEvent[] = [{ type: 'revealed', key: seal.key, owner: seal.owner, value: a.value, case: seal.case }];
        events.push(...(kind?.onReveal?.(d, seal, a.value, ctx) ?? []));
        return events;
      },
    },
  ],
};

export type StateView = Omit<GameState, 'seed'>;

/**
 * What `side` may see of the state: no seed (it would predict the dice); the units of the other side
 * in boxes whose contents only their owner sees (`visibility: "owner"`) as anonymous counters; sealed
 * facts as their commitments only (the value is not in the state until revealed).
 */
export function redact(state: GameState, side: Side, bundle: ScenarioBundle): StateView {
  const { seed: _seed, ...rest } = state;
  if (!bundle.boxGraphs?.length) return rest;
  const drop: string[] = [];
  const put: UnitState[] = [];
  let k = 0;
  for (const u of unitList(state)) {
    if (u.side === side || u.hex !== null || u.box === undefined || u.eliminated) continue;
    const b = boxAt(bundle, u.box);
    if (!b || b.def.visibility !== 'owner') continue;
    drop.push(u.id);
    const id = `hidden:${b.def.id}:${k++}`;
    put.push({ id, side: u.side, hex: null, box: u.box, stepsLost: 0, mpSpent: 0, markers: [] });
  }
  return drop.length ? { ...rest, units: withUnits(state.units, put, drop) } : rest;
}
