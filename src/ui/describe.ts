/** Game events in words, with their rule cases, for the log panel. */
import { airborneEventText } from './describeAirborne';
import { nameList, signed } from './words';
import { playerText, type GameEvent, type ScenarioBundle } from '../engine';
import { fsTable } from '../engine/query';

/** An event in words for the log (a die roll's purpose names its unit by id in the engine: shown by designation). */
export function describeEvent(e: GameEvent, bundle: ScenarioBundle | null): string {
  return unitNames(eventText(e, bundle), bundle);
}

/** A word that may be a unit id ("88flak-coy-2", "iii-191-91"): it is one if the scenario has a unit by that id. */
export const ID_WORD = /\b[a-z0-9]+(?:-[a-z0-9]+)+\b/g;

/** The scenario's unit ids in `text` as their counters' designations. */
export function unitNames(text: string, bundle: ScenarioBundle | null): string {
  return bundle ? text.replace(ID_WORD, (id) => bundle.units.get(id)?.designation ?? id) : text;
}

function eventText(e: GameEvent, bundle: ScenarioBundle | null): string {
  const name = (id: unknown) => bundle?.units.get(String(id))?.designation ?? String(id);
  switch (e.type) {
    case 'turnStarted': return `Game turn ${Number(e.turn) + 1}: ${longDate(String(e.date))} ${e.time}`;
    case 'segmentStarted': return `${String(e.label).split(' · ').slice(1).join(' · ')} (${e.case})`;
    // Sequence of play v2 (src/engine/sequence.ts): skipped segments, stages, turn and day ends.
    case 'segmentSkipped': return `${String(e.label).split(' · ').slice(1).join(' · ')} skipped (runs only: ${e.guard}; ${e.case})`;
    case 'notModelled': return `Not modelled yet: ${e.case}`;
    case 'turnEnded': return `Game turn ${Number(e.turn) + 1} ends (${e.case})`;
    case 'dayStarted': return `Game day ${e.day}: ${longDate(String(e.date))}`;
    case 'dayEnded': return `Game day ${e.day} ends`;
    case 'stageStarted': return `${e.name}${Number(e.run) > 1 ? ` (run ${e.run})` : ''} (${e.case})`;
    case 'stageEnded': return `${e.name} ends (${e.case})`;
    case 'stageOver': return `${e.name} is over: ${e.guard} (${e.case})`;
    // The Airborne Assault Stage counts hexes (AW 41.3.7, 41.6.1), a glider unit's displacement nothing (AW 41.4.2).
    case 'unitMoved': return `${name(e.unit)} moved ${e.from} → ${e.to}, ${e.hexes ? `${e.cost} hex${e.cost === 1 ? '' : 'es'}` : `${e.cost} MP`} (${e.case})`;
    case 'dieRolled': {
      const r = e.roll as { purpose: string; dice: string; faces: number[]; value: number };
      return `⚄ ${r.dice} for ${r.purpose}: ${r.dice === '2d10' ? String(r.value).padStart(2, '0') : r.value}`;
    }
    case 'gameOver': return `Game over: ${playerText(String(e.reason))}`;
    case 'brokenDown': return `${name(e.unit)} breaks down into ${(e.coys as unknown[]).map(name).join(', ')} in ${e.hex}${e.full ? ', fully broken down' : `, ${e.stepsLeft} step(s) left`}${e.mpCost ? `, ${e.mpCost} MP` : ''}${tail(e)}`;
    case 'recombined': return `${name(e.unit)} recombines from ${(e.coys as unknown[]).map(name).join(', ')} in ${e.hex}${e.mpCost ? `, ${e.mpCost} MP` : ''}${tail(e)}`;
    case 'setupFinished': return `${SIDES[String(e.side)] ?? e.side} finishes its setup${tail(e)}`;
    case 'stepLost': return `${name(e.unit)} loses a step${e.why ? ` — ${e.why}` : ''}${tail(e)}`;
    case 'unitEliminated': return `${name(e.unit)} is eliminated${e.why ? ` — ${e.why}` : ''}${tail(e)}`;
    case 'designated': return `${name(e.unit)} designated to attack (${e.marker})${tail(e)}`;
    case 'gaResolved': {
      const odds = e.odds as { columnLabel?: string } | undefined;
      const r = e.rolls as { attacker: number; defender: number; attackerModified: number; defenderModified: number } | null | undefined;
      const roll = (raw: number, mod: number) => `${String(raw).padStart(2, '0')}${mod !== raw ? ` (modified ${mod})` : ''}`;
      return `Ground assault resolved on column ${odds?.columnLabel ?? '?'}: ${r ? `attacker rolled ${roll(r.attacker, r.attackerModified)}, ` : ''}defender takes ${gaResult(e.onDefender)}; ${r ? `defender rolled ${roll(r.defender, r.defenderModified)}, ` : ''}attacker takes ${gaResult(e.onAttacker)}${tail(e)}`;
    }
    case 'gaDefenceDeclared': {
      const ids = (k: string) => (Array.isArray(e[k]) ? (e[k] as unknown[]).map(name).join(', ') : '');
      return `Defender fights on terrain line ${e.line}${ids('standoff') ? `; standoff: ${ids('standoff')}` : ''}${ids('fullStrength') ? `; full strength (OhS): ${ids('fullStrength')}` : ''}${tail(e)}`;
    }
    case 'gaOptionDeclared': return `${SIDES[String(e.side)] ?? 'The side taking hits'} chooses ${OPTIONS[String(e.option)] ?? e.option}${tail(e)}`;
    case 'fsHitsOption': return `Target takes the first FS hit ${e.removeEt3 ? 'by giving up its ET-3' : `as ${e.option === 'step' ? 'a step loss' : 'a retreat'}`}${tail(e)}`;
    case 'gaEnded': return `Ground assault on ${e.hex} over${tail(e)}`;
    case 'fsEnded': return `Fire support mission on ${e.target} over${tail(e)}`;
    case 'advanced': return `${name(e.unit)} advances ${e.from} → ${(e.path as string[] | undefined)?.join(' → ') ?? ''}${tail(e)}`;
    case 'fsResolved': {
      // Each volley with its FS Table row (GOSS 11.6): die + points + DRM = FSV, the row's range and result.
      const vs = (e.volleys as { points: number; roll: number; drm: number; fsv: number; result: string }[] | undefined) ?? [];
      const rows = bundle ? fsTable(bundle).results : [];
      const row = (fsv: number) => rows.find((r) => fsv >= r.min && fsv <= r.max);
      const range = (r: { min: number; max: number } | undefined) => (!r ? '' : r.min <= -99 ? `≤ ${r.max}` : r.max >= 99 ? `≥ ${r.min}` : r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);
      const volley = (v: (typeof vs)[number], i: number) => `${vs.length > 1 ? `volley ${i + 1}: ` : ''}die ${v.roll} + ${v.points} points ${signed(v.drm)} DRM = FSV ${v.fsv}, FS Table row ${range(row(v.fsv))}${range(row(v.fsv)) ? ' ' : ''}"${v.result}"`;
      // GS missions (AW 20.2.1, GOSS 20.2): each its own volley, after its abort and mission error rolls.
      const gs = (e.gs as { mission: number; ap: number; abortRolls?: number[]; flying?: number; points: number; outcome: string; why?: string; error?: { roll: number; modified: number }; scatter?: { direction: number; hex: string | null }; volley?: { points: number; roll: number; drm: number; fsv: number; result: string; hex: string } }[] | undefined) ?? [];
      const gsText = gs.map((m) => {
        const parts = [`GS mission ${m.mission}: ${m.ap} AP`];
        if (m.abortRolls) parts.push(`abort rolls ${m.abortRolls.join(' ')}, ${m.flying} fly`);
        if (m.error) parts.push(`mission error ${m.error.roll}${m.error.modified !== m.error.roll ? ` → ${m.error.modified}` : ''}`);
        if (m.scatter) parts.push(`scattered ${m.scatter.hex ? `to ${m.scatter.hex}` : 'off the map'}`);
        if (m.volley) parts.push(`die ${m.volley.roll} + ${m.volley.points} points ${signed(m.volley.drm)} DRM = FSV ${m.volley.fsv} "${m.volley.result}"${m.outcome === 'scattered' ? ` on ${m.volley.hex}` : ''}`);
        if (m.outcome === 'aborted') parts.push(`aborted${m.why ? ` (${playerText(m.why)})` : ''}`);
        return parts.join(', ');
      });
      // GOSS 11.4 NGS: each ship of the rolled naval units fires its own volley.
      const nv = (e.naval as { ship: string; points: number; roll: number; drm: number; fsv: number; result: string; why?: string[] }[] | undefined) ?? [];
      const navalText = nv.map((v) => `${v.ship}: die ${v.roll} + ${v.points} points ${signed(v.drm)} DRM${v.why ? ` (${v.why.join(', ')})` : ''} = FSV ${v.fsv}, FS Table row ${range(row(v.fsv))} "${v.result}"`);
      return `Fire support resolved: ${[...vs.map(volley), ...navalText, ...gsText].join('; ')}${vs.length || gs.length || nv.length ? ' — ' : ''}${e.hits} hit(s)${e.as ? `, ${e.as} AS` : ''}${tail(e)}`;
    }
    case 'retreated': return `${Array.isArray(e.units) ? e.units.map(name).join(', ') : ''} retreat ${(e.path as string[] | undefined)?.join(' → ') ?? ''}${tail(e)}`;
    case 'prCheck': case 'prc': case 'surrenderCheck': {
      const who = e.unit ? `${name(e.unit)} ` : '';
      const pr = e.pr !== undefined ? ` (PR ${e.pr})` : '';
      const roll = e.roll !== undefined ? `: rolled ${e.roll}` : '';
      return `${who}PR check${pr}${roll} — ${e.pass ?? !e.surrendered ? 'passed' : 'failed'}${e.why ? `, ${e.why}` : ''}${tail(e)}`;
    }
    // Turn-level and combat events that read badly as the generic line (issue 16's scenarios).
    case 'weatherRolled': return `Weather: ${ATMOSPHERE[String(e.atmosphere)] ?? e.atmosphere}, ${e.ground} ground${tail(e)}`;
    case 'weatherDetermined': return `Weather: ${(e.sectors as { sector: string; atmosphere: string; rain: boolean; ground: string; why: string }[]).map((x) => `${x.sector} ${weatherWords(x)} (${x.why})`).join('; ')}${tail(e)}`;
    // A GT designated secretly once per game day (AW 3.3.3 / GOSS 3.5 rest GT, AW 35.5.2 low-fuel GT).
    case 'restGT': case 'lowFuelGt': return `${SIDES[String(e.side)] ?? e.side}: this ${e.time} GT is the ${e.type === 'restGT' ? 'rest' : 'low-fuel'} GT designated in secret${tail(e)}`;
    case 'restDeclined': case 'lowFuelDeclined': return `${SIDES[String(e.side)] ?? e.side}: the ${e.time} GT is not the ${e.type === 'restDeclined' ? 'rest' : 'low-fuel'} GT${tail(e)}`;
    case 'arrivalRolled': {
      const days = Number(e.days);
      const when = days === 0 ? 'on time' : days < 0 ? 'one game day early' : `${days === 1 ? 'one game day' : `${days} game days`} late`;
      return `Reinforcements ${nameList(name, e.units)}: rolled ${e.roll}${e.drm ? ` ${Number(e.drm) > 0 ? '+' : '−'} ${Math.abs(Number(e.drm))} (weather)` : ''} — arrive ${when}, ${longDate(String(e.date))} ${e.time}${tail(e)}`;
    }
    case 'restFatigue': return `${name(e.unit)} moved more than half its MA in its side's rest GT: fatigue ${e.level}${tail(e)}`;
    case 'airAllocated': return `Air points: ${playerText(String(e.text))}${tail(e)}`;
    case 'giValues': return `GI values: ${(e.sectors as string[]).map(playerText).join('; ')}${tail(e)}`;
    case 'navalUnits': return `Naval units: ${playerText(String(e.text))}${tail(e)}`;
    case 'navalAdCheck': return `${e.ship} ammunition check: rolled ${e.roll} against ADV ${e.adv} — ${e.depleted ? 'out of ammunition for the rest of the game day' : 'passed'}${tail(e)}`;
    case 'fuelExempted': return `${SIDES[String(e.side)] ?? e.side}: full MA today for ${[...(e.formations as string[]).map((f) => `the ${f} formation`), ...(e.units as string[]).map(name)].join(', ') || 'no formation'}${tail(e)}`;
    case 'restBroken': case 'lowFuelBroken': return `${SIDES[String(e.side)] ?? e.side}: ${playerText(String(e.message))}${tail(e)}`;
    case 'stormDuration': return `Storm: rolled ${e.roll}, ${e.days} game day${e.days === 1 ? '' : 's'} before it may end (first check on ${longDate(String(e.checkOn))})${tail(e)}`;
    case 'stormEndCheck': return `Storm end check: rolled ${e.roll}${e.drm ? ` − ${-Number(e.drm)}` : ''} — ${e.ends ? 'the storm ends' : 'the storm goes on'}${tail(e)}`;
    case 'carpetBombing': return `Carpet bombing of ${Array.isArray(e.hexes) ? `${e.hexes.length} hexes: ${e.hexes.join(', ')}` : 'its hexes'}${tail(e)}`;
    case 'giOpportunity': return `Ground interdiction possible against ${nameList(name, e.units)}${tail(e)}`;
    case 'giResolved': {
      const drms = (e.drms as { value: number; why: string }[] | undefined) ?? [];
      const mods = drms.map((m) => ` ${signed(m.value)} (${m.why})`).join('');
      const fx = [Number(e.fatigue) ? `${e.fatigue} fatigue` : '', Number(e.steps) ? `${e.steps} step${Number(e.steps) === 1 ? '' : 's'} lost` : ''].filter(Boolean).join(', ');
      return `Ground interdiction of ${name(e.unit)}: rolled ${e.roll}${mods}${drms.length ? ` = ${e.modified}` : ''} — ${fx || 'no effect'}${tail(e)}`;
    }
    case 'ammoDepletionCheck': {
      const out = nameList(name, e.depleted);
      return `Ammunition depletion check: rolled ${e.roll}${Number(e.drm) ? ` ${signed(Number(e.drm))}` : ''} against ADV ${e.adv} — ${out ? `${out} depleted` : 'no unit depleted'}${tail(e)}`;
    }
    case 'withdrewIntoDw': return `${nameList(name, e.units)} withdraw into the ${e.fieldworks} in ${e.hex}: ${e.why}${tail(e)}`;
    default: {
      const ab = airborneEventText(e, name, bundle);
      return ab !== null ? `${ab}${tail(e)}` : generic(e, name);
    }
  }
}

/** The atmosphere codes of the weather tables (AW 34.4, GOSS 19) in words. */
export const ATMOSPHERE: Record<string, string> = { clear: 'Clear', POvr: 'Partial overcast', Ovr: 'Overcast', storm: 'Storm' };

/** A sector's weather as the Weather & Interdiction Track reads it (AW 19.0): "Overcast with rain, wet ground". */
export function weatherWords(w: { atmosphere: string; rain?: boolean; ground: string }): string {
  return `${ATMOSPHERE[w.atmosphere] ?? w.atmosphere}${w.rain ? ' with rain' : ''}, ${w.ground} ground`;
}

const SIDES: Record<string, string> = { allied: 'The Allied side', german: 'The German side', attacker: 'The attacker', defender: 'The defender' };
const OPTIONS: Record<string, string> = { hold: 'to hold (hits in the hex)', limited: 'a limited retreat', full: 'a full retreat' };

/** A GA Table result (`-`, `1`, `1(1)`, `*`…) in words: GOSS 13.9. */
function gaResult(r: unknown): string {
  const t = String(r ?? '-');
  return t === '-' || t === '' ? 'no effect (–)' : t;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `1944-07-18` → `18 July 1944`, as the turn track prints it, wherever it occurs in `text`. */
export function longDate(text: string): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (_, y: string, m: string, d: string) => `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`);
}

function tail(e: GameEvent): string {
  return 'case' in e && e.case ? ` (${playerText(String(e.case))})` : '';
}

/** Any other event: its type in words plus the fields a player cares about. */
function generic(ev: GameEvent, name: (id: unknown) => string): string {
  const e = ev as Record<string, unknown> & { type: string };
  const words = e.type.replace(/([A-Z])/g, ' $1').toLowerCase();
  const parts: string[] = [];
  if (typeof e.unit === 'string') parts.push(name(e.unit));
  if (Array.isArray(e.units)) parts.push((e.units as unknown[]).map(name).join(', '));
  for (const k of ['hex', 'target', 'marker', 'fieldworks', 'kind', 'to', 'result', 'entry']) if (typeof e[k] === 'string' || typeof e[k] === 'number') parts.push(`${k} ${e[k]}`);
  if (typeof e.why === 'string') parts.push(playerText(e.why));
  return `${words[0].toUpperCase()}${words.slice(1)}${parts.length ? `: ${parts.join(' · ')}` : ''}${tail(ev)}`;
}

/** A fire mission's observation level in words (AW 31.9.4, GOSS 8.2). */
export const OBSERVATION: Record<string, string> = { unobserved: 'Unobserved', observed: 'Observed', observedPaEt: 'Observed, PA or ET target' };

/** A side's name as the player sees it (one spelling, the engine's). */
export { SIDE_NAME } from '../engine';
export { INTERNAL_TEXT, playerText } from '../engine';

/**
 * A refusal or error as the player reads it: data notes in the player's words and the scenario's unit
 * ids ("1-12fj-iifjk-lw-aufkl-coy", which some engine refusals name) as the counters' designations.
 */
export function playerMessage(text: string, bundle: ScenarioBundle | null): string {
  return playerText(unitNames(text, bundle));
}
