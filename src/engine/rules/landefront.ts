/**
 * Landefront Cherbourg (AW 1.2.6, with AW 34.7.3; scenario.special.cherbourg). Bookkeeping in
 * `state.special.cherbourg`.
 *   - 1.2.6a garrison: fixed (MA 0) or inactive until the Landefront is declared or US units hold
 *     `activateOnPerimeterHexes` perimeter hexes; once active it stays inside the perimeter
 *     (may-act and may-enter filters).
 *   - 1.2.6d `{type:'declareLandefront'}`: German, own Movement Segment, once Cherbourg is isolated (no
 *     path from another German PSS to the city hex). Starts the Landefront ADV clock (an ADV step of
 *     ammoDepletion.ts `advOf`) and marks corps assets beyond the limit OhS.
 *   - 1.2.6e / 34.7.3 morale: PR changes of Landefront units (a PR step of combatPr.ts), and the
 *     surrender checks each AM GT after a US unit occupied the city hex (GOSS 15.7.2).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { NEIGHBOURS, distance, formatHex, hexesWithin, type HexId } from '../hex';
import { isLand } from '../board';
import { segmentAt, turnTime, phasingSide, actorAt } from '../sequence';
import { hexSet, special } from './scenarioArea';
import { MARKER } from './unit-traits';
import { prc } from './groundAssault';
import { unitIndex } from './unitIndex';
import { latest } from '../draftPeek';
import { leaderPrcDrm } from './leaders';
import { advOf } from './ammoDepletion';
import { moduleOn, type Extension } from './extensions';
import { moduleDraft, moduleState } from './moduleState';
import { mutUnit, patchUnit, unitList, unitOf } from '../unitTable';

const NAME = 'landefront';
export interface CherbourgState {
  landefront?: { turn: number; units: string[]; ohs: string[]; formations: string[] } | null;
  /** GT in which a US unit first occupied a perimeter hex this GT (1.2.6e -1). */
  perimeterCapturedTurns?: number[];
  /** GT at which a US unit first occupied the city hex (1.2.6e). */
  cityHexCapturedTurn?: number | null;
  surrenderChecks?: number;
}
/** The module's bookkeeping lives in `state.special.cherbourg` (the key saved games carry). */
const cs = (s: GameState): CherbourgState => moduleState<CherbourgState>(s, 'cherbourg');
const csd = (d: Draft<GameState>): Draft<CherbourgState> => moduleDraft<CherbourgState>(d, 'cherbourg');

const insideCache = new WeakMap<ScenarioBundle, Set<HexId>>();
/** reconstructed: the land hexes no farther from the city hex than the farthest perimeter hex (the printed ring is not in the text). Cached per bundle: movement asks it per hex searched. */
/** AW 1.2.6a: the perimeter ring and the hexes inside it (reconstructed ring, cached per scenario). */
export function perimeterInside(bundle: ScenarioBundle): Set<HexId> {
  const hit = insideCache.get(bundle);
  if (hit) return hit;
  const set = perimeterInsideOf(bundle);
  insideCache.set(bundle, set);
  return set;
}

/** The city hex (A3609), once per bundle. */
const cities = new WeakMap<ScenarioBundle, HexId>();
function cityHex(bundle: ScenarioBundle): HexId {
  let h = cities.get(bundle);
  if (h === undefined) cities.set(bundle, (h = [...hexSet(bundle, { hexes: [special(bundle).cherbourg!.cityHex] })][0]));
  return h;
}

function perimeterInsideOf(bundle: ScenarioBundle): Set<HexId> {
  const cb = special(bundle).cherbourg!;
  const ring = [...hexSet(bundle, cb.perimeter)];
  const city = cityHex(bundle);
  const r = Math.max(...ring.map((h) => distance(h, city)));
  return new Set([...ring, ...hexesWithin(city, r).filter((h) => isLand(bundle.board, h))]);
}

/** Whether any allied unit stands on the perimeter ring (usOnPerimeter's list is not empty). */
function alliedOnRing(state: GameState, bundle: ScenarioBundle): boolean {
  const byHex = unitIndex(state).byHex;
  for (const h of hexSet(bundle, special(bundle).cherbourg!.perimeter)) if (byHex.get(h)?.some((u) => u.side === 'allied')) return true;
  return false;
}

function usOnPerimeter(state: GameState, bundle: ScenarioBundle): HexId[] {
  const ring = hexSet(bundle, special(bundle).cherbourg!.perimeter);
  // The unit index (cached per frozen state; on a draft, read without proxying every unit): this runs
  // at every segment end and, through garrisonActive, for garrison moves (issue 17).
  return [...new Set(unitIndex(state).live.filter((u) => u.side === 'allied' && ring.has(u.hex!)).map((u) => u.hex!))];
}

/** AW 1.2.6a: garrison active once the Landefront is declared or US units hold three perimeter hexes. */
export function garrisonActive(state: GameState, bundle: ScenarioBundle): boolean {
  const cb = special(bundle).cherbourg;
  if (!cb || !moduleOn(bundle, NAME)) return true;
  return !!cs(state).landefront || usOnPerimeter(state, bundle).length >= cb.activateOnPerimeterHexes;
}

/** AW 1.2.6a: null when the garrison unit may move from its hex into `to`. */
export function garrisonMoveCheck(state: GameState, bundle: ScenarioBundle, unitId: string, to: HexId): Rejection | null {
  const cb = special(bundle).cherbourg;
  const def = bundle.units.get(unitId);
  if (!cb || !moduleOn(bundle, NAME) || !def || !cb.garrisonUnits.includes(unitId) && def.formation !== cb.garrisonFormation) return null;
  if (def.ma === 0) return { code: 'garrison-fixed', message: `${unitId} has an MA of zero and may not leave its setup hex`, case: 'AW 1.2.6a' };
  if (!garrisonActive(state, bundle)) return { code: 'garrison-inactive', message: `${unitId} (Cherbourg garrison) is not active until Landefront Cherbourg is declared or US units occupy ${cb.activateOnPerimeterHexes} perimeter hexes`, case: 'AW 1.2.6a' };
  if (!perimeterInside(bundle).has(to)) return { code: 'garrison-perimeter', message: `${unitId} (Cherbourg garrison) must remain within the Cherbourg perimeter`, case: 'AW 1.2.6a' };
  return null;
}

function isGarrison(bundle: ScenarioBundle, unitId: string): boolean {
  const cb = special(bundle).cherbourg;
  return !!cb && (cb.garrisonUnits.includes(unitId) || bundle.units.get(unitId)?.formation === cb.garrisonFormation);
}

/**
 * AW 1.2.6a: an active garrison unit stays inside the perimeter. reconstructed: the perimeter ring is
 * not printed in the text; a garrison unit that sets up outside the reconstructed ring may still move
 * back towards the city hex.
 */
function garrisonEnter(state: GameState, bundle: ScenarioBundle, unitId: string) {
  const u = unitOf(state, unitId);
  if (u.hex === null || !isGarrison(bundle, unitId)) return null;
  const here = garrisonMoveCheck(state, bundle, unitId, u.hex);
  if (here && here.code !== 'garrison-perimeter') return null;
  const city = cityHex(bundle);
  const from = u.hex;
  // The unit is active and may move (checked once above), so per hex only the perimeter matters: the
  // full check (which counts US units on the ring) runs only to word a refusal.
  const inside = perimeterInside(bundle);
  return (h: HexId): Rejection | null => {
    if (inside.has(h) || (here && distance(h, city) < distance(from, city))) return null;
    return garrisonMoveCheck(state, bundle, unitId, h);
  };
}

/** AW 1.2.6e / 34.7.3: PR change of a Landefront unit now: `delta` to both PRs, or `setTo` (A3609 captured). */
export function cherbourgMorale(state: GameState, bundle: ScenarioBundle, unitId: string): { delta: number; setTo: number | null; why: string[] } {
  const cb = special(bundle).cherbourg;
  const c = cs(state);
  const out = { delta: 0, setTo: null as number | null, why: [] as string[] };
  if (!cb || !moduleOn(bundle, NAME) || !c.landefront || !c.landefront.units.includes(unitId)) return out;
  if ((c.perimeterCapturedTurns ?? []).includes(state.pos.turn)) { out.delta += cb.morale.perimeterCapturedThisGt; out.why.push('a perimeter hex was captured this GT'); }
  const city = hexSet(bundle, cb.city);
  if (unitList(state).some((u) => u.side === 'allied' && u.hex !== null && !u.eliminated && city.has(u.hex))) { out.delta += cb.morale.cityOccupied; out.why.push('a Cherbourg town or city hex is Allied occupied'); }
  if (c.cityHexCapturedTurn !== undefined && c.cityHexCapturedTurn !== null) { out.setTo = cb.morale.cityHexCapturedPrTo; out.why.push(`${cb.cityHex} has been captured`); }
  return out;
}

/** AW 1.2.6d: the ADV of a Landefront unit (or of the German side once declared, when no unit is named) after the side's ADV by date. */
function landefrontAdv(state: GameState, bundle: ScenarioBundle, side: Side, unitId: string | undefined, base: number | null): number | null {
  const lf = cs(state).landefront;
  const cb = special(bundle).cherbourg;
  if (side === 'german' && lf && cb && (!unitId || lf.units.includes(unitId))) {
    let adv = cb.landefront.advStart - Math.floor((state.pos.turn - lf.turn) / cb.landefront.advDropEveryGts);
    if (lf.formations.length > cb.landefront.maxFormations) adv -= 1;
    return Math.max(0, Math.min(adv, base ?? adv));
  }
  return base;
}

/** AW 1.2.6d: Cherbourg is isolated when no German path of any length joins another PSS to the city hex. */
export function cherbourgIsolated(state: GameState, bundle: ScenarioBundle): boolean {
  const cb = special(bundle).cherbourg!;
  const other = hexSet(bundle, cb.landefront.otherPss);
  if (!other.size) return true;
  const enemy = new Set(unitList(state).filter((u) => u.side === 'allied' && u.hex !== null && !u.eliminated).map((u) => u.hex!));
  const start = cityHex(bundle);
  const seen = new Set([start]);
  const q = [start];
  while (q.length) {
    const h = q.pop()!;
    if (other.has(h)) return false;
    for (let k = 0; k < 6; k++) { const n = NEIGHBOURS[h * 6 + k]; if (n >= 0 && !seen.has(n) && !enemy.has(n) && isLand(bundle.board, n)) { seen.add(n); q.push(n); } }
  }
  return true;
}

function trackCaptures(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const cb = special(ctx.bundle).cherbourg;
  if (!cb) return [];
  // The record is made at the first segment end (moduleDraft writes only when it is absent): saves and
  // state hashes carry it from then on.
  const c = csd(d);
  const events: GameEvent[] = [];
  // Read without drafting the list, and the perimeter asked stack by stack before the units are
  // listed (issue 17: this runs at every segment end of the scenario).
  if (!(latest(c).perimeterCapturedTurns ?? []).includes(d.pos.turn) && alliedOnRing(d as GameState, ctx.bundle)) {
    const before = (d as GameState & { special?: { control?: Record<string, Side> } }).special?.control ?? {};
    const fresh = usOnPerimeter(d as GameState, ctx.bundle).filter((h) => before[String(h)] !== 'allied');
    if (fresh.length) { c.perimeterCapturedTurns = [...(c.perimeterCapturedTurns ?? []), d.pos.turn]; events.push({ type: 'perimeterCaptured', hexes: fresh.map(formatHex), case: 'AW 1.2.6e' }); }
  }
  if ((c.cityHexCapturedTurn ?? null) === null && unitIndex(d as GameState).byHex.get(cityHex(ctx.bundle))?.some((u) => u.side === 'allied')) {
    c.cityHexCapturedTurn = d.pos.turn;
    events.push({ type: 'cherbourgCaptured', hex: cb.cityHex, case: 'AW 1.2.6e' });
  }
  return events;
}

/** AW 1.2.6e: every AM GT after A3609 fell, each German unit on the map checks surrender (defensive PRC, +2 per earlier AM check, GOSS 15.7.1). */
function surrenderChecks(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const cb = special(ctx.bundle).cherbourg;
  const c = cs(d as GameState);
  if (!cb || !moduleOn(ctx.bundle, NAME) || d.pos.playerTurn !== 0 || c.cityHexCapturedTurn === undefined || c.cityHexCapturedTurn === null || d.pos.turn <= c.cityHexCapturedTurn) return [];
  if (turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn).time !== 'AM') return [];
  const st = csd(d);
  const drm = 2 * (st.surrenderChecks ?? 0);
  st.surrenderChecks = (st.surrenderChecks ?? 0) + 1;
  const events: GameEvent[] = [];
  for (const u of [...unitList(d)].sort((a, b) => a.id.localeCompare(b.id))) {
    if (u.side !== 'german' || u.hex === null || u.eliminated) continue;
    const def = ctx.bundle.units.get(u.id)!;
    const m = cherbourgMorale(d as GameState, ctx.bundle, u.id);
    const pr = m.setTo ?? Math.max(0, (def.prDef ?? 0) + m.delta);
    // GOSS 15.7 / 23.2.1: −1 with a leader in the hex (rules/leaders.ts).
    const ld = leaderPrcDrm(d as GameState, ctx.bundle, u.side, [u.hex]);
    const r = prc(ctx.dice, pr, drm + (ld?.drm ?? 0), `surrender check ${u.id} (AW 1.2.6e, GOSS 15.7.2)`);
    if (!r.pass) patchUnit(d, u, { eliminated: true, hex: null });
    events.push({ type: 'surrenderCheck', unit: u.id, pr, drm: drm + (ld?.drm ?? 0), roll: r.roll, surrendered: !r.pass, case: ld ? `AW 1.2.6e, ${ld.case}` : 'AW 1.2.6e' });
  }
  return events;
}

function inMovement(state: GameState, bundle: ScenarioBundle, side: Side): boolean {
  return segmentAt(bundle.sequence, state.pos).segment.id === 'move' && phasingSide(bundle.scenario, state.pos) === side;
}

function declareLandefront(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const cb = special(ctx.bundle).cherbourg;
  if (!cb || !moduleOn(ctx.bundle, NAME)) reject('not-in-scenario', 'this scenario has no Landefront Cherbourg', 'AW 1.2.6d');
  if (ctx.side !== 'german' || !inMovement(d as GameState, ctx.bundle, 'german')) reject('wrong-segment', 'the German player declares Landefront Cherbourg in his Movement Segment', 'AW 1.2.6d');
  if (cs(d as GameState).landefront) reject('already', 'Landefront Cherbourg has already been declared', 'AW 1.2.6d');
  if (!cherbourgIsolated(d as GameState, ctx.bundle)) reject('not-isolated', 'Cherbourg is not isolated: a GenS path joins another German PSS to it', 'AW 1.2.6d');
  const units = unitList(d).filter((u) => u.side === 'german' && u.hex !== null && !u.eliminated).map((u) => u.id).sort();
  // WN and StP (AW 4.5.9, 4.5.10) are emplacements: neither a formation nor a corps asset.
  const defs = units.map((id) => ctx.bundle.units.get(id)!).filter((x) => !x.fortification);
  const formations = [...new Set(defs.filter((x) => x.formation && x.formation !== cb!.garrisonFormation && x.formation !== 'breakdown' && x.formation !== '7A').map((x) => x.formation!))].sort();
  // Corps assets: army/corps units outside the formations, garrison excluded (1.2.6d).
  // Breakdown Coys placed with a division (AW 34.11.2 division pools) belong to it; army-pool Coys are assets.
  const divisional = new Set((special(ctx.bundle).deployment?.pools ?? []).filter((p) => p.id !== 'army').flatMap((p) => p.units.map((e) => e.unit)));
  const assets = defs.filter((x) => (x.formation === '7A' || x.formation === 'breakdown') && !divisional.has(x.id) && !cb!.garrisonUnits.includes(x.id)).map((x) => x.id).sort();
  const ohs = assets.slice(cb!.landefront.maxCorpsAssets);
  for (const id of ohs) if (!unitOf(d, id).markers.includes(MARKER.OHS)) mutUnit(d, id).markers.push(MARKER.OHS);
  csd(d).landefront = { turn: d.pos.turn, units, ohs, formations };
  return [{ type: 'landefrontDeclared', units: units.length, formations, ohs, adv: advOf(d as GameState, ctx.bundle, 'german', units[0]), case: 'AW 1.2.6d' }];
}

export const landefront: Extension = {
  name: NAME,
  cases: 'AW 1.2.6, AW 34.7.3',
  needs: ['cherbourg'],
  mayAct(state, bundle, unitId, act) {
    if (act !== 'move') return null;
    const u = unitOf(state, unitId);
    if (!u || u.hex === null) return null;
    const g = garrisonMoveCheck(state, bundle, unitId, u.hex);
    return g && g.code !== 'garrison-perimeter' ? g : null;
  },
  mayEnter: garrisonEnter,
  pr(state, bundle, unitId) {
    const m = cherbourgMorale(state, bundle, unitId);
    if (m.setTo === null && m.delta === 0) return null;
    return { ...m, case: 'AW 1.2.6e, 34.7.3', label: 'Cherbourg morale' };
  },
  adv: landefrontAdv,
};

export const landefrontRules: RuleModule = {
  name: NAME,
  hooks: [
    { segment: 'weather', onEnter: surrenderChecks },
    { segment: '*', onExit: (d, ctx) => (special(ctx.bundle).cherbourg && moduleOn(ctx.bundle, NAME) && actorAt(ctx.bundle.scenario, ctx.bundle.sequence, d.pos) !== null ? trackCaptures(d, ctx) : []) },
  ],
  handlers: [
    { type: 'declareLandefront', apply: (d, _a, ctx) => declareLandefront(d, ctx),
      legal: (s, side, b) => (special(b).cherbourg && moduleOn(b, NAME) && side === 'german' && !cs(s).landefront && inMovement(s, b, 'german') && cherbourgIsolated(s, b) ? [{ type: 'declareLandefront' }] : []) },
  ],
};
