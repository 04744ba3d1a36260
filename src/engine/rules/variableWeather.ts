/**
 * AW 19.0 variable weather (the standard and intermediate rules; scenario.special.variableWeather):
 * in the Weather Segment of every GT (AW 3.3.2), Night included, the Allied side rolls 2d10 (00–99) for
 * each weather sector, the western first (AW 19.2.2a–b), with the DRMs of the month, the sector's
 * previous GT, the eastern sector's western neighbour and the two-GD pattern (AW 19.2.4); storms are
 * limited and persist (AW 19.3.0, 19.3.4a); a POvr, Ovr or storm sector rolls for rain (AW 19.4.1);
 * the ground follows from the Ground Condition Matrix (AW 19.5.0). June 6 and 7 have the historical
 * weather (AW 19.2.1); before the scenario's first rolled GT its fixed `special.weather` applies.
 *
 * The tables are data (data/modules/weather/aw19-weather.json); the sectors come from the map's
 * weather boundary (weatherSectors.ts). Every later rule reads the weather where it applies through
 * `weatherNow(state, bundle, hex)`: movement at the mover's hex, fire support at the target hex.
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { OverlaysFile } from '../../data/schemas/overlays';
import { VariableWeatherTables, type Atmosphere, type Ground, type VariableWeatherRule } from '../../data/schemas/weather';
import type { TimeOfDay } from '../../data/schemas/sequence';
import { addDays, compareTime, gameTime } from '../sequence';
import type { HexId } from '../hex';
import { moduleOn, type Extension, type Weather } from './extensions';
import { moduleDraft, moduleState } from './moduleState';
import { fixedWeatherAt } from './weather';
import { buildSectorMap } from './weatherSectors';

export const VARIABLE_WEATHER = 'variableWeather';
const CASE = 'AW 19.0';

/** One sector's weather in one GT. */
export interface SectorWeather { atmosphere: Atmosphere; rain: boolean; ground: Ground }
/** The weather of one GT, by sector (in the order of the tables' `sectors`). */
export interface WeatherGt { turn: number; date: string; time: string; w: SectorWeather[] }
/** A storm in progress (AW 19.3.4a): generated on `date`; the first end check on `checkOn`; end checks made. */
export interface Storm { turn: number; date: string; checkOn?: string; checks?: number }
/** The module's bookkeeping in `state.special.weather` (saved games carry it). */
export interface WeatherState {
  /** The GTs determined so far, the newest last, back as far as the pattern DRM reads (AW 19.2.4). */
  gts?: WeatherGt[];
  storm?: Storm;
  /** Months (`YYYY-MM`) in which a storm was generated (AW 19.3.4a: one per calendar month). */
  stormMonths?: string[];
  /** The GD a storm ended: overcast with no rain in every sector all that GD (AW 19.3.4a). */
  overcastDay?: string;
}

const ws = (s: GameState): WeatherState => moduleState<WeatherState>(s, 'weather');
const wsd = (d: Draft<GameState>): Draft<WeatherState> => moduleDraft<WeatherState>(d, 'weather');

function rule(bundle: ScenarioBundle): VariableWeatherRule | undefined {
  return (bundle.scenario.special as { variableWeather?: VariableWeatherRule } | undefined)?.variableWeather;
}
const overlaysId = (map: string): string => `${map}-overlays`;

/** The module's tables (validated at load). */
export function weatherTables(bundle: ScenarioBundle): VariableWeatherTables {
  return bundle.moduleData![rule(bundle)!.tables] as VariableWeatherTables;
}

const sectorMaps = new WeakMap<ScenarioBundle, Uint8Array>();
/** The sector index of every hex (AW 19.2.2a), built once per bundle. */
export function sectorMap(bundle: ScenarioBundle): Uint8Array {
  let m = sectorMaps.get(bundle);
  if (!m) {
    m = buildSectorMap(weatherTables(bundle), bundle.moduleData![overlaysId(bundle.scenario.map)] as OverlaysFile);
    sectorMaps.set(bundle, m);
  }
  return m;
}

/** The weather sector of a hex (its index into the tables' sectors; the first sector without a hex). */
export function sectorOf(bundle: ScenarioBundle, hex: HexId | null | undefined): number {
  return hex === null || hex === undefined ? 0 : sectorMap(bundle)[hex] ?? 0;
}


/** The weather a GT has without a roll: AW 19.2.1 historical, else the scenario's fixed weather (null: neither). */
function unrolled(bundle: ScenarioBundle, turn: number): SectorWeather | null {
  const t = gameTime(bundle.scenario, bundle.sequence, turn);
  const h = weatherTables(bundle).historical.find((x) => x.date === t.date && x.times.includes(t.time));
  if (h) return { atmosphere: h.atmosphere, rain: h.rain, ground: h.ground };
  const f = fixedWeatherAt(bundle, turn);
  return f ? { atmosphere: f.atmosphere as Atmosphere, rain: f.rain === true, ground: f.ground as Ground } : null;
}

/** The newest GT determined at or before `turn`. */
function latest(s: GameState, turn: number): WeatherGt | undefined {
  const gts = ws(s).gts ?? [];
  for (let i = gts.length - 1; i >= 0; i--) if (gts[i].turn <= turn) return gts[i];
  return undefined;
}

/**
 * The weather of the current GT in each sector: as determined in its Weather Segment, or before that
 * segment the last GT's; before any, the weather the GT has without a roll.
 */
export function sectorWeatherNow(s: GameState, bundle: ScenarioBundle): SectorWeather[] | null {
  const g = latest(s, s.pos.turn);
  if (g) return g.w;
  const u = unrolled(bundle, s.pos.turn);
  return u ? weatherTables(bundle).sectors.map(() => u) : null;
}

/** The current GT's weather by sector with the sectors' names (for the turn display), or null when the scenario has no variable weather. */
export function weatherBySector(s: GameState, bundle: ScenarioBundle): { sector: string; weather: SectorWeather }[] | null {
  if (!rule(bundle) || !moduleOn(bundle, VARIABLE_WEATHER)) return null;
  const w = sectorWeatherNow(s, bundle);
  return w ? weatherTables(bundle).sectors.map((x, i) => ({ sector: x.name, weather: w[i] })) : null;
}

const CLEAR_DRY: SectorWeather = { atmosphere: 'clear', rain: false, ground: 'dry' };

/** AW 19.5.0: this GT's ground from the previous GT's rain and ground and this GT's rain. */
export function groundAfter(t: VariableWeatherTables, prev: SectorWeather, rain: boolean): Ground {
  const row = t.ground.rows.find((r) => r.previousRain === prev.rain && r.previousGround === prev.ground)!;
  return rain ? row.rain : row.noRain;
}

/** AW 19.2.4: the DRM when every GT of the last `days` GDs had the same atmosphere in the sector (0 when not known for all). */
function patternDrm(s: GameState, bundle: ScenarioBundle, t: VariableWeatherTables, sector: number, turn: number, date: string): { drm: number; atm?: Atmosphere } {
  const from = addDays(date, -t.drm.pattern.days);
  const gts = ws(s).gts ?? [];
  let atm: Atmosphere | null = null;
  for (let k = turn - 1; ; k--) {
    const kt = gameTime(bundle.scenario, bundle.sequence, k);
    if (kt.date < from) break;
    if (kt.date >= date) continue;
    const g = k >= 0 ? gts.find((x) => x.turn === k) : undefined;
    if (!g) return { drm: 0 }; // a GT of those GDs not played (the game began later) or not kept
    const a = g.w[sector].atmosphere;
    if (atm !== null && a !== atm) return { drm: 0 };
    atm = a;
  }
  return atm !== null && t.drm.pattern.drm[atm] !== undefined ? { drm: t.drm.pattern.drm[atm]!, atm } : { drm: 0 };
}

function rainRoll(ctx: RuleContext, t: VariableWeatherTables, atm: Atmosphere, date: string, name: string, why: string[]): boolean {
  const max = t.rain.max[atm];
  if (max === undefined) return false;
  const drm = t.rain.drm.filter((x) => date <= x.until).reduce((n, x) => n + x.drm, 0);
  const r = ctx.dice.d10(`weather: rain, ${name} (AW 19.4.1)`);
  const rain = r + drm <= max;
  why.push(`rain roll ${r}${drm ? ` ${drm > 0 ? '+' : '−'}${Math.abs(drm)}` : ''}: ${rain ? 'rain' : 'no rain'}`);
  return rain;
}

interface SectorResult extends SectorWeather { why: string[] }

/** The Weather Segment (AW 3.3.2): determines every sector's weather for this GT and records it. */
function determine(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const bundle = ctx.bundle;
  if (!moduleOn(bundle, VARIABLE_WEATHER)) return [];
  const s = d as unknown as GameState;
  const turn = d.pos.turn;
  if (latest(s, turn)?.turn === turn) return []; // determined once per GT
  const t = weatherTables(bundle);
  const r = rule(bundle)!;
  const now = gameTime(bundle.scenario, bundle.sequence, turn);
  const month = now.date.slice(5, 7);
  const monthKey = now.date.slice(0, 7);
  const prevGt = latest(s, turn - 1);
  const prevOf = (i: number): SectorWeather => prevGt?.w[i] ?? unrolled(bundle, turn - 1) ?? unrolled(bundle, turn) ?? CLEAR_DRY;
  const st = wsd(d);
  const out: SectorResult[] = [];
  const events: GameEvent[] = [];
  // AW 19.3.4a: the GD a storm ends, every sector has the end check's weather all day.
  const stormEnded = (why: string): void => {
    const { atmosphere, rain } = t.storm.end;
    for (let i = 0; i < t.sectors.length; i++) out.push({ atmosphere, rain, ground: groundAfter(t, prevOf(i), rain), why: [why] });
  };
  const fixed = unrolled(bundle, turn);
  const rolled = compareTime(bundle.sequence, now as { date: string; time: TimeOfDay }, r.from) >= 0;
  const hist = t.historical.some((x) => x.date === now.date && x.times.includes(now.time));
  if (hist || !rolled) {
    // AW 19.2.1 historical weather, or the scenario's fixed weather before its first rolled GT.
    const w = fixed ?? CLEAR_DRY;
    for (let i = 0; i < t.sectors.length; i++) out.push({ ...w, why: [hist ? 'historical weather (AW 19.2.1)' : 'the scenario\'s weather'] });
  } else if (st.overcastDay === now.date) {
    stormEnded('the GD after the storm ended (AW 19.3.4a)');
  } else {
    let storm = st.storm && st.storm.turn < turn ? st.storm : undefined;
    if (storm && now.time === 'AM' && storm.date < now.date) {
      if (storm.checkOn === undefined) {
        // AW 19.3.4a: the AM GT after the storm: how many GDs pass (the current one counted) before the first end check.
        const roll = ctx.dice.d10('weather: storm duration (AW 19.3.4a)');
        const half = t.storm.duration.round === 'up' ? Math.ceil(roll / 2) : Math.floor(roll / 2);
        const days = half === 0 ? t.storm.duration.zeroIs : half;
        st.storm!.checkOn = addDays(now.date, days);
        events.push({ type: 'stormDuration', roll, days, checkOn: st.storm!.checkOn, case: 'AW 19.3.4a' });
      } else if (now.date >= storm.checkOn) {
        const checks = storm.checks ?? 0;
        const roll = ctx.dice.d10('weather: storm end (AW 19.3.4a)');
        const drm = checks ? t.storm.end.drmPerDay * checks : 0;
        const ends = roll + drm <= t.storm.end.max;
        events.push({ type: 'stormEndCheck', roll, drm, ends, case: 'AW 19.3.4a' });
        if (ends) { delete st.storm; st.overcastDay = now.date; storm = undefined; }
        else st.storm!.checks = checks + 1;
      }
      if (!storm) stormEnded('the storm ends (AW 19.3.4a)');
    }
    if (storm) {
      // AW 19.3.4a: the GT after a storm is generated, and until it ends, every sector has the storm.
      t.sectors.forEach((sec, i) => {
        const why = ['the storm persists (AW 19.3.4a)'];
        const rain = rainRoll(ctx, t, 'storm', now.date, sec.name, why);
        out.push({ atmosphere: 'storm', rain, ground: groundAfter(t, prevOf(i), rain), why });
      });
    } else if (!out.length) {
      t.sectors.forEach((sec, i) => {
        const prev = prevOf(i);
        const why: string[] = [];
        const raw = ctx.dice.d100(`weather: ${sec.name} (AW 19.2.2b)`);
        let drm = t.drm.month.byMonth[month] ?? 0;
        const parts: string[] = [];
        if (drm) parts.push(`month ${sign(drm)}`);
        const p = t.drm.previous.drm[prev.atmosphere];
        if (p) { drm += p; parts.push(`previous GT ${sign(p)}`); }
        const pat = patternDrm(s, bundle, t, i, turn, now.date);
        if (pat.drm) { drm += pat.drm; parts.push(`two GDs alike ${sign(pat.drm)}`); }
        const after = sec.afterSector;
        if (after) {
          const j = t.sectors.findIndex((x) => x.id === after.sector);
          const a = after.drm[out[j].atmosphere];
          if (a) { drm += a; parts.push(`${t.sectors[j].name.toLowerCase()} ${sign(a)}`); }
        }
        const mod = Math.max(0, Math.min(99, raw + drm));
        let atm = sec.bands.find((b) => mod <= b.max)!.atmosphere;
        why.push(`roll ${pad(raw)}${parts.length ? ` (${parts.join(', ')}) = ${pad(mod)}` : ''}`);
        if (t.storm.unmodified.months.includes(month) && raw >= t.storm.unmodified.min && atm !== 'storm') { atm = 'storm'; why.push(`unmodified ${pad(raw)} is a storm`); }
        let forcedRain = false;
        if (atm === 'storm') {
          const early = compareTime(bundle.sequence, now as { date: string; time: TimeOfDay }, t.storm.notBefore as { date: string; time: TimeOfDay }) < 0;
          const used = (st.stormMonths ?? []).filter((m) => m === monthKey).length >= t.storm.perMonth.max;
          if (early || used || st.storm) {
            atm = 'Ovr'; forcedRain = true;
            why.push(early ? 'no storm yet: overcast with rain (AW 19.3.0)' : 'one storm a month: overcast with rain (AW 19.3.4a)');
          } else {
            st.storm = { turn, date: now.date };
            st.stormMonths = [...(st.stormMonths ?? []), monthKey];
            why.push('a storm is generated (AW 19.3.4a)');
          }
        }
        const rain = forcedRain || rainRoll(ctx, t, atm, now.date, sec.name, why);
        out.push({ atmosphere: atm, rain, ground: groundAfter(t, prev, rain), why });
      });
    }
  }
  const gt: WeatherGt = { turn, date: now.date, time: now.time, w: out.map(({ atmosphere, rain, ground }) => ({ atmosphere, rain, ground })) };
  // Kept back as far as the pattern DRM reads (its GDs and the current one).
  const keep = (t.drm.pattern.days + 1) * 3;
  st.gts = [...(st.gts ?? []).filter((g) => g.turn > turn - keep && g.turn < turn), gt];
  if (st.overcastDay && st.overcastDay < now.date) delete st.overcastDay;
  events.push({
    type: 'weatherDetermined',
    sectors: out.map((w, i) => ({ sector: t.sectors[i].name, atmosphere: w.atmosphere, rain: w.rain, ground: w.ground, why: w.why.join('; ') })),
    case: CASE,
  });
  return events;
}

const sign = (n: number): string => (n > 0 ? `+${n}` : `−${-n}`);
const pad = (n: number): string => String(n).padStart(2, '0');

export const variableWeather: Extension = {
  name: VARIABLE_WEATHER,
  cases: 'AW 19.0',
  needs: [VARIABLE_WEATHER],
  data(scenario) {
    const r = (scenario.special as { variableWeather?: VariableWeatherRule } | undefined)?.variableWeather;
    if (!r) return [];
    return [{ id: r.tables, schema: VariableWeatherTables }, { id: overlaysId(scenario.map), schema: OverlaysFile, dir: 'maps' }];
  },
  weather(state, bundle, hex): Weather | null {
    const w = sectorWeatherNow(state, bundle)?.[sectorOf(bundle, hex)];
    return w ? { atmosphere: w.atmosphere, ground: w.ground, rain: w.rain } : null;
  },
};

export const variableWeatherRules: RuleModule = {
  name: VARIABLE_WEATHER,
  hooks: [{ segment: 'weather', onEnter: determine }],
};
