import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UnitDef } from './schemas/unit';

const ROOT = join(__dirname, '../..');
const set = (id: string): UnitDef[] => JSON.parse(readFileSync(join(ROOT, 'data/units', `${id}.json`), 'utf8')).units.map((u: unknown) => UnitDef.parse(u));
const us = set('us-airborne');
const cw = set('cw-airborne');
const all = [...us, ...cw];

describe('the Airborne Display order of battle (AW 41.2, reconstructed)', () => {
  it('AW 41.2.0 every para Coy of a para Btn has a Fog of War reverse; 72 para Coys in the three divisions', () => {
    const paraCoys = all.filter((u) => u.fow && !u.dummy && u.size === 'Co' && /\/(505|507|508|501|502|506)\/|Para\//.test(u.designation));
    expect(paraCoys).toHaveLength(72);
    expect(paraCoys.every((u) => u.airborne === 'para')).toBe(true);
  });
  it('AW 41.2.2 US and CW dummies carry a FoW back and defend as FoW (1, PR 6)', () => {
    const d = all.filter((u) => u.dummy);
    expect(d.filter((u) => u.nationality === 'US')).toHaveLength(24);
    expect(d.filter((u) => u.nationality === 'British')).toHaveLength(12);
    expect(d.every((u) => u.fow && u.steps[0].defence === 1 && u.prDef === 6 && u.prOff === null)).toBe(true);
  });
  it('AW 41.4.0 glider units have no FoW side', () => {
    const gliders = all.filter((u) => u.airborne === 'glider');
    expect(gliders.length).toBeGreaterThan(10);
    expect(gliders.some((u) => u.fow)).toBe(false);
  });
  it('AW 41.1.1 the Pegasus Bridge coy is the one-step 1-1-6 with a Z-step (chart errata, seed:004 L17763)', () => {
    const c = cw.find((u) => u.id === 'd-2obli-6ab')!;
    expect(c.steps).toEqual([{ attack: 1, defence: 1 }]);
    expect(c.ma).toBe(6);
    expect(c.zSide).not.toBeNull();
    expect(c.sources!.values).toMatch(/^seed:004 L17763/);
  });
  it('AW 41.4.1 the "Merville" glider step is a Z-step of 9 Para', () => {
    const m = cw.find((u) => u.id === 'merville-9para')!;
    expect(m.size).toBe('Z');
    expect(m.regiment).toBe('3Para/6AB');
  });
  it('AW 23.2.1d the airborne formation leaders Gale, Gavin, Ridgeway and Taylor are counters of their divisions', () => {
    expect(all.filter((u) => u.type === 'Leader').map((u) => `${u.designation} ${u.formation}`).sort())
      .toEqual(['Gale 6AB', 'Gavin 82AB', 'Ridgeway 82AB', 'Taylor 101AB']);
  });
  it('the 1st Canadian Parachute Btn is Canadian inside the 6th AB', () => {
    expect(cw.filter((u) => u.designation.includes('1CanPara')).every((u) => u.nationality === 'Canadian' && u.formation === '6AB')).toBe(true);
  });
});
