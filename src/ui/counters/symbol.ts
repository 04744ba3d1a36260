/**
 * NATO APP-6 / MIL-STD-2525C symbol codes for counters, drawn with milsymbol (a well-kept
 * symbol library; hand-drawing the frames and icons would duplicate it).
 */
import type { UnitDef } from '../../data/schemas/unit';

/** 2525C letter function IDs (positions 5-10). */
const FUNCTION: Record<string, string> = {
  Inf: 'UCI---', 'Mot Inf': 'UCIM--', PzGd: 'UCII--', Fest: 'UCI---', Sturm: 'UCI---', Ost: 'UCI---', MG: 'UCI---',
  Arm: 'UCA---', Recon: 'UCR---', AT: 'UCAA--', TD: 'UCAA--', Flak: 'UCD---', Art: 'UCF---', NW: 'UCFR--',
  Eng: 'UCE---', Pio: 'UCE---', Flail: 'UCE---', AVRE: 'UCE---', HQ: 'UH----',
};

/** Echelon (position 12): E company, F battalion, I division, J corps. */
function echelon(u: UnitDef): string {
  if (u.size === 'Co') return 'E';
  if (u.size === 'Bn' || u.size === 'Group') return 'F';
  if (u.size === 'HQ') return /corps|korps|ISS|IISS/i.test(u.designation) ? 'J' : 'I';
  return '-';
}

/** SIDC for a counter; both sides use the friendly (rectangular) frame, as GOSS counters do. Null for leaders. */
export function sidcFor(u: UnitDef): string | null {
  if (u.size === 'Leader') return null;
  let fn = FUNCTION[u.type] ?? 'U-----';
  if (u.type === 'Art' && u.sp) fn = 'UCFHE-';
  if (u.type === 'Recon' && u.pureAfv) fn = 'UCRVA-';
  return `SFGP${fn}-${echelon(u)}---`.slice(0, 15);
}
