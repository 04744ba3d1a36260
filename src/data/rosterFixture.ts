/**
 * Test fixture shared by the roster tests (issue 18): every generated unit set by id, and a roster file's
 * scenario. Read from the files (not through the app's bundle) so a test sees exactly what the generator wrote.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UnitsFile, type UnitDef } from './schemas/unit';
import type { RosterScenario } from './unitNames';

export const ROOT = resolve(__dirname, '../..');

/** Every unit set in data/units (the demo's aside), by id. */
export const sets = new Map<string, UnitDef[]>(
  readdirSync(join(ROOT, 'data/units')).filter((f) => f.endsWith('.json') && f !== 'demo.json').map((f) => {
    const u = UnitsFile.parse(JSON.parse(readFileSync(join(ROOT, 'data/units', f), 'utf8')));
    return [u.id, u.units];
  }),
);

/** The (first) scenario of a roster file in data/units/rosters. */
export const rosterOf = (file: string) => JSON.parse(readFileSync(join(ROOT, 'data/units/rosters', file), 'utf8')).scenarios[0] as RosterScenario;
