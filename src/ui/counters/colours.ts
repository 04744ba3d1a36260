/**
 * Counter colours per nationality and branch (AW 1.4.2, seed:004 L749-837). The rules give the
 * colour names; the hex values are ours (definition: chosen to read like the printed counters).
 */
import type { Nationality } from '../../data/schemas/unit';

export interface CounterColours { background: string; text: string; /** second text colour of "black or dark red type" etc. */ accent: string; band: string }

export const NATIONALITY_COLOURS: Record<Nationality, CounterColours> = {
  British: { background: '#dccfa8', text: '#161310', accent: '#7a1c14', band: '#b3a277' }, // black or dark red type on light tan
  Canadian: { background: '#a9ad7c', text: '#ffffff', accent: '#1c1f10', band: '#7f8452' }, // white or dark type on light olive
  Polish: { background: '#b3262a', text: '#ffffff', accent: '#ffffff', band: '#7d1619' }, // white type on red
  US: { background: '#4f6b3a', text: '#111111', accent: '#ffffff', band: '#34492a' }, // black or white type on dark green
  French: { background: '#2f5ea8', text: '#111111', accent: '#ffffff', band: '#1f3f74' }, // black or white type on blue
  Wehrmacht: { background: '#a7aa9f', text: '#101010', accent: '#101010', band: '#7c7f74' }, // black type on field grey
  Luftwaffe: { background: '#a9c7e4', text: '#101010', accent: '#101010', band: '#7b9cbd' }, // black type on light blue
  'Waffen-SS': { background: '#141414', text: '#ffffff', accent: '#ffffff', band: '#4a4a4a' }, // white type on black
};

export const NATIONALITY_COLOUR_SOURCE = 'seed:004 L749 AW 1.4.2 Unit Nationalities & Sides (colour names); hex values definition: ours';
