/**
 * The Battle for Cherbourg (AW 34) and the Cherbourg rules of AW 1.2.6 (scenario.special.cherbourg,
 * weatherTable, ammoDepletion, maByWeather, lull). Bookkeeping in `state.special.cherbourg`.
 *
 * Actions:
 *   {type:'declareLandefront'}  German, own Movement Segment, once Cherbourg is isolated (1.2.6d: no
 *                               path from another German PSS to A3609; in scenario 3 Cherbourg is the
 *                               only PSS, so from the start). Activates the garrison (1.2.6a), starts the
 *                               Landefront ADV clock, marks corps assets beyond 12 OhS.
 *   {type:'declareLull'}        Allied, in the first segment it acts in an AM GT, once (34.10.1): one GD
 *                               of lull; US Btns with losses replace one step (never above the start),
 *                               the Germans get `germanInfSteps` infantry steps (34.10.2).
 *   {type:'germanReplacement', unit}  German, during the lull: one step back to a reduced infantry unit.
 * Automatic: weather rolls each GT from June 20 AM (34.4.0); surrender checks of every German unit on
 * each AM GT after a US unit occupied A3609 (1.2.6e, GOSS 15.7.2).
 * Queries (for movement, combat and FS): `garrisonMoveCheck`, `garrisonActive`, `cherbourgMorale`,
 * `advOf` (34.5.3, 1.2.6d), `maModifier` (34.7.2 and the lull), `lullActive`, `weatherNow`.
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { NEIGHBOURS, distance, formatHex, hexesWithin, type HexId } from '../hex';
import { isLand } from '../board';
import { segmentAt, turnTime, phasingSide, actorAt } from '../sequence';
import { hexSet, special } from './scenarioArea';
import { MARKER } from './unit-traits';
import { prc } from './groundAssault';
import { readUnits } from './unitIndex';
import { lostSteps, replaceStep } from './breakdownSteps';

export interface CherbourgState {
  weather?: Record<string, { atmosphere: string; ground: string }>;
  landefront?: { turn: number; units: string[]; ohs: string[]; formations: string[] } | null;
  /** GT in which a US unit first occupied a perimeter hex this GT (1.2.6e -1). */
  perimeterCapturedTurns?: number[];
  /** GT at which a US unit first occupied A3609 (1.2.6e). */
  cityHexCapturedTurn?: number | null;
  surrenderChecks?: number;
  lull?: { turn: number; germanStepsLeft: number; replaced: string[] } | null;
}
type With = { special?: { cherbourg?: CherbourgState } };
const cs = (s: GameState): CherbourgState => (s as GameState & With).special?.cherbourg ?? {};
function csd(d: Draft<GameState>): Draft<CherbourgState> {
  const s = d as Draft<GameState> & With;
  if (!s.special) s.special = {};
  return (s.special.cherbourg ??= {});
}
const ORDER: Record<string, number> = { AM: 0, PM: 1, Night: 2 };
const atOrAfter = (a: { date: string; time: string }, b: { date: string; time: string }) => a.date > b.date || (a.date === b.date && ORDER[a.time] >= ORDER[b.time]);

/** AW 34.4.0: the weather of the current GT (rolled, or the fixed entries before the table starts). */
export function weatherNow(state: GameState, bundle: ScenarioBundle): { atmosphere: string; ground: string } {
  const rolled = cs(state).weather?.[String(state.pos.turn)];
  if (rolled) return rolled;
  const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const fixed = (special(bundle).weather ?? []).filter((w) => atOrAfter(t, w.from)).at(-1);
  return { atmosphere: fixed?.atmosphere ?? 'clear', ground: fixed?.ground ?? 'dry' };
}

function rollWeather(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const wt = special(ctx.bundle).weatherTable;
  if (!wt || d.pos.playerTurn !== 0) return [];
  const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  if (!atOrAfter(t, wt.from) || cs(d as GameState).weather?.[String(d.pos.turn)]) return [];
  const a = ctx.dice.d10('weather: atmosphere (AW 34.4.0)');
  const atmosphere = wt.atmosphere.find((r) => a >= r.min && a <= r.max)!.value;
  let ground: string = wt.groundWhenClear;
  if (atmosphere !== 'clear') { const g = ctx.dice.d10('weather: ground (AW 34.4.0)'); ground = wt.ground.find((r) => g >= r.min && g <= r.max)!.value; }
  const c = csd(d);
  c.weather = { ...(c.weather ?? {}), [String(d.pos.turn)]: { atmosphere, ground } };
  return [{ type: 'weatherRolled', atmosphere, ground, case: 'AW 34.4.0' }];
}

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

function perimeterInsideOf(bundle: ScenarioBundle): Set<HexId> {
  const cb = special(bundle).cherbourg!;
  const ring = [...hexSet(bundle, cb.perimeter)];
  const city = [...hexSet(bundle, { hexes: [cb.cityHex] })][0];
  const r = Math.max(...ring.map((h) => distance(h, city)));
  return new Set([...ring, ...hexesWithin(city, r).filter((h) => isLand(bundle.board, h))]);
}

function usOnPerimeter(state: GameState, bundle: ScenarioBundle): HexId[] {
  const ring = hexSet(bundle, special(bundle).cherbourg!.perimeter);
  return [...new Set(Object.values(state.units).filter((u) => u.side === 'allied' && u.hex !== null && !u.eliminated && ring.has(u.hex)).map((u) => u.hex!))];
}

/** AW 1.2.6a: garrison active once the Landefront is declared or US units hold three perimeter hexes. */
export function garrisonActive(state: GameState, bundle: ScenarioBundle): boolean {
  const cb = special(bundle).cherbourg;
  if (!cb) return true;
  return !!cs(state).landefront || usOnPerimeter(state, bundle).length >= cb.activateOnPerimeterHexes;
}

/** AW 1.2.6a: null when the garrison unit may move from its hex into `to`. */
export function garrisonMoveCheck(state: GameState, bundle: ScenarioBundle, unitId: string, to: HexId): Rejection | null {
  const cb = special(bundle).cherbourg;
  const def = bundle.units.get(unitId);
  if (!cb || !def || !cb.garrisonUnits.includes(unitId) && def.formation !== cb.garrisonFormation) return null;
  if (def.ma === 0) return { code: 'garrison-fixed', message: `${unitId} has an MA of zero and may not leave its setup hex`, case: 'AW 1.2.6a' };
  if (!garrisonActive(state, bundle)) return { code: 'garrison-inactive', message: `${unitId} (Cherbourg garrison) is not active until Landefront Cherbourg is declared or US units occupy ${cb.activateOnPerimeterHexes} perimeter hexes`, case: 'AW 1.2.6a' };
  if (!perimeterInside(bundle).has(to)) return { code: 'garrison-perimeter', message: `${unitId} (Cherbourg garrison) must remain within the Cherbourg perimeter`, case: 'AW 1.2.6a' };
  return null;
}

/** AW 1.2.6e / 34.7.3: PR change of a Landefront unit now: `delta` to both PRs, or `setTo` (A3609 captured). */
export function cherbourgMorale(state: GameState, bundle: ScenarioBundle, unitId: string): { delta: number; setTo: number | null; why: string[] } {
  const cb = special(bundle).cherbourg;
  const c = cs(state);
  const out = { delta: 0, setTo: null as number | null, why: [] as string[] };
  if (!cb || !c.landefront || !c.landefront.units.includes(unitId)) return out;
  if ((c.perimeterCapturedTurns ?? []).includes(state.pos.turn)) { out.delta += cb.morale.perimeterCapturedThisGt; out.why.push('a perimeter hex was captured this GT'); }
  const city = hexSet(bundle, cb.city);
  if (Object.values(state.units).some((u) => u.side === 'allied' && u.hex !== null && !u.eliminated && city.has(u.hex))) { out.delta += cb.morale.cityOccupied; out.why.push('a Cherbourg town or city hex is Allied occupied'); }
  if (c.cityHexCapturedTurn !== undefined && c.cityHexCapturedTurn !== null) { out.setTo = cb.morale.cityHexCapturedPrTo; out.why.push(`${cb.cityHex} has been captured`); }
  return out;
}

/** AW 34.5.3 (and 1.2.6d for Landefront units): the ammo depletion value of a unit's side now. */
export function advOf(state: GameState, bundle: ScenarioBundle, side: Side, unitId?: string): number | null {
  const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  const base = (special(bundle).ammoDepletion ?? []).filter((a) => a.side === side && atOrAfter(t, a.from)).at(-1)?.adv ?? null;
  const lf = cs(state).landefront;
  const cb = special(bundle).cherbourg;
  if (side === 'german' && lf && cb && (!unitId || lf.units.includes(unitId))) {
    let adv = cb.landefront.advStart - Math.floor((state.pos.turn - lf.turn) / cb.landefront.advDropEveryGts);
    if (lf.formations.length > cb.landefront.maxFormations) adv -= 1;
    return Math.max(0, Math.min(adv, base ?? adv));
  }
  return base;
}

export function lullActive(state: GameState, bundle: ScenarioBundle): boolean {
  const l = cs(state).lull;
  return !!l && state.pos.turn >= l.turn && state.pos.turn < l.turn + 3 && !!special(bundle).lull;
}

/** AW 34.10.1: why no combat (FS mission, attack designation, assault, overrun) may start now, or null. */
export function lullCombatBan(state: GameState, bundle: ScenarioBundle): (Rejection & { case: string }) | null {
  return special(bundle).lull?.noCombat && lullActive(state, bundle)
    ? { code: 'lull', message: 'neither side may initiate combat during the lull', case: 'AW 34.10.1' }
    : null;
}

/** AW 34.7.2 (German MA by weather) and AW 34.10.1 (lull): the unit's MA now, or hexes for the Allied lull. */
export function maModifier(state: GameState, bundle: ScenarioBundle, unitId: string): { ma: number; hexLimit: number | null; case: string } {
  const def = bundle.units.get(unitId)!;
  const u = state.units[unitId];
  let ma = def.ma;
  let c = 'GOSS 7';
  const mw = special(bundle).maByWeather;
  if (mw && u.side === mw.side) {
    const t = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
    const w = weatherNow(state, bundle);
    const r = mw.rules.find((x) => (x.when.night ? t.time === 'Night' : t.time !== 'Night' || x.when.atmosphere === undefined) && (x.when.atmosphere === undefined || x.when.atmosphere === w.atmosphere) && !(x.when.night && t.time !== 'Night'));
    if (r) { ma = r.thirdOff ? ma - Math.floor(ma / 3) : ma + ((def.moveClass === 'mech' ? r.mech : r.leg) ?? 0); c = 'AW 34.7.2'; }
  }
  const l = special(bundle).lull;
  if (l && lullActive(state, bundle)) {
    if (u.side === l.side) return { ma, hexLimit: l.alliedMoveHexes, case: 'AW 34.10.1' };
    return { ma: Math.min(ma, Math.floor(def.ma / l.germanMaFraction)), hexLimit: null, case: 'AW 34.10.1' };
  }
  return { ma: Math.max(0, ma), hexLimit: null, case: c };
}

/** AW 1.2.6d: Cherbourg is isolated when no German path of any length joins another PSS to the city hex. */
export function cherbourgIsolated(state: GameState, bundle: ScenarioBundle): boolean {
  const cb = special(bundle).cherbourg!;
  const other = hexSet(bundle, cb.landefront.otherPss);
  if (!other.size) return true;
  const enemy = new Set(Object.values(state.units).filter((u) => u.side === 'allied' && u.hex !== null && !u.eliminated).map((u) => u.hex!));
  const start = [...hexSet(bundle, { hexes: [cb.cityHex] })][0];
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
  const c = csd(d);
  const events: GameEvent[] = [];
  if (usOnPerimeter(d as GameState, ctx.bundle).length && !(c.perimeterCapturedTurns ?? []).includes(d.pos.turn)) {
    const before = (d as GameState & { special?: { control?: Record<string, Side> } }).special?.control ?? {};
    const fresh = usOnPerimeter(d as GameState, ctx.bundle).filter((h) => before[String(h)] !== 'allied');
    if (fresh.length) { c.perimeterCapturedTurns = [...(c.perimeterCapturedTurns ?? []), d.pos.turn]; events.push({ type: 'perimeterCaptured', hexes: fresh.map(formatHex), case: 'AW 1.2.6e' }); }
  }
  const city = [...hexSet(ctx.bundle, { hexes: [cb.cityHex] })][0];
  if ((c.cityHexCapturedTurn ?? null) === null && readUnits(d.units).some((u) => u.side === 'allied' && u.hex === city && !u.eliminated)) {
    c.cityHexCapturedTurn = d.pos.turn;
    events.push({ type: 'cherbourgCaptured', hex: cb.cityHex, case: 'AW 1.2.6e' });
  }
  return events;
}

/** AW 1.2.6e: every AM GT after A3609 fell, each German unit on the map checks surrender (defensive PRC, +2 per earlier AM check, GOSS 15.7.1). */
function surrenderChecks(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const cb = special(ctx.bundle).cherbourg;
  const c = cs(d as GameState);
  if (!cb || d.pos.playerTurn !== 0 || c.cityHexCapturedTurn === undefined || c.cityHexCapturedTurn === null || d.pos.turn <= c.cityHexCapturedTurn) return [];
  if (turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn).time !== 'AM') return [];
  const st = csd(d);
  const drm = 2 * (st.surrenderChecks ?? 0);
  st.surrenderChecks = (st.surrenderChecks ?? 0) + 1;
  const events: GameEvent[] = [];
  for (const u of Object.values(d.units).sort((a, b) => a.id.localeCompare(b.id))) {
    if (u.side !== 'german' || u.hex === null || u.eliminated) continue;
    const def = ctx.bundle.units.get(u.id)!;
    const m = cherbourgMorale(d as GameState, ctx.bundle, u.id);
    const pr = m.setTo ?? Math.max(0, (def.prDef ?? 0) + m.delta);
    const r = prc(ctx.dice, pr, drm, `surrender check ${u.id} (AW 1.2.6e, GOSS 15.7.2)`);
    if (!r.pass) { u.eliminated = true; u.hex = null; }
    events.push({ type: 'surrenderCheck', unit: u.id, pr, drm, roll: r.roll, surrendered: !r.pass, case: 'AW 1.2.6e' });
  }
  return events;
}

function inMovement(state: GameState, bundle: ScenarioBundle, side: Side): boolean {
  return segmentAt(bundle.sequence, state.pos).segment.id === 'move' && phasingSide(bundle.scenario, state.pos) === side;
}

function declareLandefront(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const cb = special(ctx.bundle).cherbourg;
  if (!cb) reject('not-in-scenario', 'this scenario has no Landefront Cherbourg', 'AW 1.2.6d');
  if (ctx.side !== 'german' || !inMovement(d as GameState, ctx.bundle, 'german')) reject('wrong-segment', 'the German player declares Landefront Cherbourg in his Movement Segment', 'AW 1.2.6d');
  if (cs(d as GameState).landefront) reject('already', 'Landefront Cherbourg has already been declared', 'AW 1.2.6d');
  if (!cherbourgIsolated(d as GameState, ctx.bundle)) reject('not-isolated', 'Cherbourg is not isolated: a GenS path joins another German PSS to it', 'AW 1.2.6d');
  const units = Object.values(d.units).filter((u) => u.side === 'german' && u.hex !== null && !u.eliminated).map((u) => u.id).sort();
  const defs = units.map((id) => ctx.bundle.units.get(id)!);
  const formations = [...new Set(defs.filter((x) => x.formation && x.formation !== cb!.garrisonFormation && x.formation !== 'breakdown' && x.formation !== '7A').map((x) => x.formation!))].sort();
  // Corps assets: army/corps units outside the formations, garrison excluded (1.2.6d).
  // Breakdown Coys placed with a division (AW 34.11.2 division pools) belong to it; army-pool Coys are assets.
  const divisional = new Set((special(ctx.bundle).deployment?.pools ?? []).filter((p) => p.id !== 'army').flatMap((p) => p.units.map((e) => e.unit)));
  const assets = defs.filter((x) => (x.formation === '7A' || x.formation === 'breakdown') && !divisional.has(x.id) && !cb!.garrisonUnits.includes(x.id)).map((x) => x.id).sort();
  const ohs = assets.slice(cb!.landefront.maxCorpsAssets);
  for (const id of ohs) if (!d.units[id].markers.includes(MARKER.OHS)) d.units[id].markers.push(MARKER.OHS);
  csd(d).landefront = { turn: d.pos.turn, units, ohs, formations };
  return [{ type: 'landefrontDeclared', units: units.length, formations, ohs, adv: advOf(d as GameState, ctx.bundle, 'german', units[0]), case: 'AW 1.2.6d' }];
}

function startingSteps(bundle: ScenarioBundle, id: string): number {
  return (bundle.scenario.setup.find((e) => e.unit === id)?.stepsLost) ?? 0;
}

function declareLull(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const l = special(ctx.bundle).lull;
  if (!l) reject('not-in-scenario', 'this scenario has no lull', 'AW 34.10.1');
  if (ctx.side !== l!.side) reject('not-your-turn', 'only the US player declares a lull', 'AW 34.10.1');
  const t = turnTime(ctx.bundle.scenario, ctx.bundle.sequence, d.pos.turn);
  const first = segmentAt(ctx.bundle.sequence, d.pos).segment.id === 'construction' && d.pos.playerTurn === 0;
  if (t.time !== 'AM' || !first) reject('wrong-time', 'a lull is declared at the start of an AM GT (the US Construction Segment)', 'AW 34.10.1');
  if (cs(d as GameState).lull) reject('already', 'the one lull of the scenario has been declared', 'AW 34.10.1');
  const events: GameEvent[] = [];
  // 34.10.1: every US Btn with a step loss replaces one, never above its starting strength.
  for (const u of Object.values(d.units).sort((a, b) => a.id.localeCompare(b.id))) {
    const def = ctx.bundle.units.get(u.id)!;
    // Steps out as breakdown Coys are not lost (GOSS 18): only real losses are replaced, so the Coys can still rejoin.
    if (u.side !== l!.side || u.eliminated || def.size !== 'Bn') continue;
    const due = Math.min(l!.alliedReplacePerBtn, lostSteps(d as GameState, ctx.bundle, u.id) - startingSteps(ctx.bundle, u.id));
    let n = 0;
    while (n < due && replaceStep(d, ctx.bundle, u.id)) n++;
    if (n) events.push({ type: 'stepReplaced', unit: u.id, case: 'AW 34.10.1' });
  }
  csd(d).lull = { turn: d.pos.turn, germanStepsLeft: l!.germanInfSteps, replaced: [] };
  return [{ type: 'lullDeclared', until: 'the next AM GT', case: 'AW 34.10.1' }, ...events];
}

function germanReplacement(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const l = special(ctx.bundle).lull;
  const st = cs(d as GameState).lull;
  if (!l || !st || !lullActive(d as GameState, ctx.bundle)) reject('no-lull', 'German replacements come only on the lull GD', 'AW 34.10.2');
  if (ctx.side !== 'german') reject('not-your-turn', 'the German player takes the lull replacements', 'AW 34.10.2');
  const id = String((action as { unit?: unknown }).unit);
  const u = d.units[id];
  const def = ctx.bundle.units.get(id);
  if (!u || !def || u.side !== 'german' || u.eliminated || u.hex === null) reject('no-such-unit', `${id} is not a German unit on the map (eliminated units do not return)`, 'AW 34.10.2');
  if (st!.germanStepsLeft <= 0) reject('none-left', 'all six replacement steps are used', 'AW 34.10.2');
  if (!['Inf', 'Fest', 'Ost', 'MG', 'Sturm'].includes(def!.type) || lostSteps(d as GameState, ctx.bundle, id) <= 0) reject('not-eligible', `${id} is not a reduced unit that can be rebuilt with Inf RePs`, 'AW 34.10.2');
  if (st!.replaced.includes(id)) reject('once', `${id} has already taken its one replacement step`, 'AW 34.10.2');
  u.stepsLost -= 1;
  const w = csd(d).lull!;
  w.germanStepsLeft -= 1;
  w.replaced.push(id);
  return [{ type: 'stepReplaced', unit: id, left: w.germanStepsLeft, case: 'AW 34.10.2' }];
}

export const cherbourgRules: RuleModule = {
  name: 'cherbourg',
  hooks: [
    { segment: 'weather', onEnter: (d, ctx) => [...rollWeather(d, ctx), ...surrenderChecks(d, ctx)] },
    { segment: '*', onExit: (d, ctx) => (special(ctx.bundle).cherbourg && actorAt(ctx.bundle.scenario, ctx.bundle.sequence, d.pos) !== null ? trackCaptures(d, ctx) : []) },
  ],
  handlers: [
    { type: 'declareLandefront', apply: (d, _a, ctx) => declareLandefront(d, ctx),
      legal: (s, side, b) => (special(b).cherbourg && side === 'german' && !cs(s).landefront && inMovement(s, b, 'german') && cherbourgIsolated(s, b) ? [{ type: 'declareLandefront' }] : []) },
    { type: 'declareLull', apply: (d, _a, ctx) => declareLull(d, ctx),
      legal: (s, side, b) => {
        const l = special(b).lull;
        if (!l || side !== l.side || cs(s).lull || s.pos.playerTurn !== 0 || segmentAt(b.sequence, s.pos).segment.id !== 'construction') return [];
        return turnTime(b.scenario, b.sequence, s.pos.turn).time === 'AM' ? [{ type: 'declareLull' }] : [];
      } },
    { type: 'germanReplacement', apply: (d, a, ctx) => germanReplacement(d, a, ctx) },
  ],
};
