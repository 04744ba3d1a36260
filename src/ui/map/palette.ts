/**
 * Terrain palette: distinct in lightness as well as hue so the classes stay apart for
 * red-green colour-blind players (checked against deuteranopia/protanopia simulations of the
 * Okabe–Ito-derived tones). Open ground light, cover darker, water blue.
 */
import type { Terrain } from '../../data/schemas/map';

export const TERRAIN_COLOURS: Record<Terrain, number> = {
  sea: 0x5b8fc7,
  clear: 0xeee8c8,
  rough: 0xc9b58a,
  woods: 0x7fae6a,
  hedgerow: 0xb9cf8f,
  forest: 0x3f7a4a,
  bocage: 0xa8a862, // khaki-olive, yellower than woods: the two read apart on the map and in the legend (issue 16 item 11)
  marsh: 0x8fc3c0,
  village: 0xd9b9a0,
  town: 0xb98a78,
  city: 0x8a5a50,
  beach: 0xf3dc8a,
};

export const SIDE_COLOURS = { allied: 0xc9d7a6, german: 0x9fb4c8 } as const;
export const HEXSIDE_COLOURS = { stream: 0x3f7fd0, river: 0x2a64c0, majorRiver: 0x1747a6, canal: 0x2f8fb0, bridge: 0x222222, ford: 0x6fa0e0, bluff: 0x7a4a2a, cliff: 0x5a3018, sea: 0x2a64c0 } as const;
export const ROUTE_COLOURS = { primary: 0xc0392b, secondary: 0xe08a2c, trail: 0x8a6a3a, railway: 0x333333 } as const;
/** Stroke widths (world px at zoom 1) of hexside features and routes: the map and its legend share them. */
export const HEXSIDE_WIDTHS = { stream: 2, river: 3.5, majorRiver: 5, canal: 2, bridge: 4, ford: 2, bluff: 2, cliff: 2, sea: 2 } as const;
export const ROUTE_WIDTHS = { primary: 3, secondary: 2, trail: 2, railway: 2 } as const;
/** Sheet outlines: Okabe–Ito tones, one per sheet, apart from the terrain and water colours. */
export const SHEET_COLOURS = { A: 0xd55e00, B: 0x0072b2, C: 0xcc79a7, D: 0x000000, E: 0xe69f00, F: 0x7b3294 } as const;
export const hex6 = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
