/** Game events in words (issue 16 item 11): fire results show the FS Table row they were read on. */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../data/bundle';
import type { Action, GameEvent } from '../engine';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { INTERNAL_TEXT, describeEvent, playerMessage, playerText } from './describe';
import { describeAction } from './describeAction';

const bundle = loadScenario('goodwood');

describe('describeEvent', () => {
  test('AW 11.9.0 / 20.3.0: the naval units of the day, a naval unit\'s ammunition check and the GI values read in the player\'s words', () => {
    expect(describeEvent({ type: 'navalUnits', taskForce: 'Eastern TF', rolls: {}, units: {}, text: 'Eastern TF: 1 BB, 2 CL, 4 DD', case: 'AW 11.9.0' } as unknown as GameEvent, bundle)).toBe('Naval units: Eastern TF: 1 BB, 2 CL, 4 DD (AW 11.9.0)');
    expect(describeEvent({ type: 'navalAdCheck', ship: 'E-DD1', roll: 5, adv: 4, depleted: true, case: 'AW 11.9.0' } as unknown as GameEvent, bundle)).toBe('E-DD1 ammunition check: rolled 5 against ADV 4 — out of ammunition for the rest of the game day (AW 11.9.0)');
    expect(describeEvent({ type: 'giValues', sectors: ['US northern sector: 32 AP, rolled 9: Leg 3, Mech 3'], case: 'AW 20.3.0' } as unknown as GameEvent, bundle)).toBe('GI values: US northern sector: 32 AP, rolled 9: Leg 3, Mech 3 (AW 20.3.0)');
  });
  test('GOSS 11.6 fsResolved shows each volley: die + points + DRM = FSV and the FS Table row with its result', () => {
    const e = { type: 'fsResolved', plan: {}, volleys: [{ points: 8, roll: 5, drm: -1, fsv: 12, result: 'AS1' }, { points: 4, roll: 9, drm: 0, fsv: 13, result: 'AS1' }, { points: 8, roll: 9, drm: 6, fsv: 23, result: '4' }], as: 2, hits: 6, case: 'GOSS 11.6' } as unknown as GameEvent;
    const text = describeEvent(e, bundle);
    expect(text).toContain('volley 1: die 5 + 8 points − 1 DRM = FSV 12, FS Table row 12–13 "AS1"');
    expect(text).toContain('volley 2: die 9 + 4 points + 0 DRM = FSV 13, FS Table row 12–13 "AS1"');
    expect(text).toContain('volley 3: die 9 + 8 points + 6 DRM = FSV 23, FS Table row ≥ 23 "4"');
    expect(text).toMatch(/6 hit\(s\), 2 AS \(GOSS 11\.6\)$/);
  });

  test('a single volley is not numbered; a low FSV reads the first row', () => {
    const e = { type: 'fsResolved', plan: {}, volleys: [{ points: 2, roll: 1, drm: -4, fsv: -1, result: '-' }], as: 0, hits: 0, case: 'GOSS 11.6' } as unknown as GameEvent;
    expect(describeEvent(e, bundle)).toBe('Fire support resolved: die 1 + 2 points − 4 DRM = FSV -1, FS Table row ≤ 7 "-" — 0 hit(s) (GOSS 11.6)');
  });
});

describe('describeEvent: turn-level and interdiction events with their results', () => {
  test('AW 34.4.0 weather, AW 19.0 sector weather and storms, AW 35.5.2 / 3.3.3 secret GTs, AW 35.3.1 random arrival, AW 31.7 ground interdiction with each DRM, GOSS 11.8.0 ammunition depletion against the ADV', () => {
    const ev = (e: Record<string, unknown>) => describeEvent(e as unknown as GameEvent, bundle);
    expect(ev({ type: 'weatherRolled', atmosphere: 'POvr', ground: 'mud', case: 'AW 34.4.0' })).toBe('Weather: Partial overcast, mud ground (AW 34.4.0)');
    expect(ev({ type: 'weatherDetermined', sectors: [{ sector: 'Western sector', atmosphere: 'Ovr', rain: true, ground: 'wet', why: 'roll 70 (month −10) = 60; rain roll 3 +1: rain' }, { sector: 'Eastern sector', atmosphere: 'storm', rain: false, ground: 'dry', why: 'the storm persists (AW 19.3.4a)' }], case: 'AW 19.0' }))
      .toBe('Weather: Western sector Overcast with rain, wet ground (roll 70 (month −10) = 60; rain roll 3 +1: rain); Eastern sector Storm, dry ground (the storm persists (AW 19.3.4a)) (AW 19.0)');
    expect(ev({ type: 'stormDuration', roll: 5, days: 3, checkOn: '1944-06-24', case: 'AW 19.3.4a' })).toBe('Storm: rolled 5, 3 game days before it may end (first check on 24 June 1944) (AW 19.3.4a)');
    expect(ev({ type: 'arrivalRolled', side: 'german', units: ['272-272'], roll: 7, drm: 2, days: 2, date: '1944-06-12', time: 'AM', case: 'AW 35.3.1' })).toBe('Reinforcements 272/272: rolled 7 + 2 (weather) — arrive 2 game days late, 12 June 1944 AM (AW 35.3.1)');
    expect(ev({ type: 'restFatigue', unit: '272-272', level: 1, case: 'GOSS 3.5' })).toBe('272/272 moved more than half its MA in its side\'s rest GT: fatigue 1 (GOSS 3.5)');
    expect(ev({ type: 'lowFuelDeclined', side: 'german', time: 'AM', case: 'AW 35.5.2' })).toBe('The German side: the AM GT is not the low-fuel GT (AW 35.5.2)');
    expect(ev({ type: 'lowFuelGt', side: 'german', time: 'PM', case: 'AW 35.5.2' })).toBe('The German side: this PM GT is the low-fuel GT designated in secret (AW 35.5.2)');
    expect(ev({ type: 'restBroken', side: 'german', time: 'AM', message: 'the rest GT designated for AM was not declared on that GT', case: 'AW 3.3.3, GOSS 3.5' })).toBe('The German side: the rest GT designated for AM was not declared on that GT (AW 3.3.3, GOSS 3.5)');
    expect(ev({ type: 'stormEndCheck', roll: 8, drm: -2, ends: true, case: 'AW 19.3.4a' })).toBe('Storm end check: rolled 8 − 2 — the storm ends (AW 19.3.4a)');
    expect(ev({ type: 'giResolved', unit: '272-272', roll: 5, drms: [{ value: -2, why: 'partial overcast' }, { value: 1, why: 'used road movement' }], modified: 4, fatigue: 1, steps: 0, case: 'AW 31.7' }))
      .toBe('Ground interdiction of 272/272: rolled 5 − 2 (partial overcast) + 1 (used road movement) = 4 — 1 fatigue (AW 31.7)');
    expect(ev({ type: 'giResolved', unit: '272-272', roll: 9, drms: [], modified: 9, fatigue: 0, steps: 0, case: 'AW 31.7' })).toBe('Ground interdiction of 272/272: rolled 9 — no effect (AW 31.7)');
    expect(ev({ type: 'ammoDepletionCheck', roll: 5, drm: 1, adv: 4, excess: 2, depleted: ['272-272'], case: 'GOSS 11.8.0, AW 34.5.3' }))
      .toBe('Ammunition depletion check: rolled 5 + 1 against ADV 4 — 272/272 depleted (GOSS 11.8.0, AW 34.5.3)');
  });
});

describe('playerText (the brief: player-facing text names rule cases, not seed lines or project files)', () => {
  test('a data note keeps its rule cases and loses seed lines, project files and class ids', () => {
    expect(playerText("AW 40.0 '75AT Coy: 1-2(4)-9'; PR goss2020 4.4.3 (goss-core.md §3.5): breakdown-company PRs before 1 Sep 44: 'de-mech' 6/6"))
      .toBe("AW 40.0 '75AT Coy: 1-2(4)-9'; PR GOSS 4.4.3: breakdown-company PRs before 1 Sep 44: 6/6");
    expect(playerText('seed:004 L9140-L9144 AW 32.5.1 (divisional artillery is the division HQ), seed:004 L9196-L9198 32.5.1a: each division HQ 12 points, range 6'))
      .toBe('AW 32.5.1 (divisional artillery is the division HQ), 32.5.1a: each division HQ 12 points, range 6');
    expect(playerText("AW 32.13.1b; read as 'none of the three conditions' (errata.md Scenario 1)")).toBe("AW 32.13.1b; read as 'none of the three conditions'");
    expect(playerText('reconstructed: II Canadian Corps in Caen (AW 32.11.1 gives the order of battle only; see docs/scenarios/goodwood.md)'))
      .toBe('Reconstructed (not in the printed rules): II Canadian Corps in Caen (AW 32.11.1 gives the order of battle only)');
  });

  test('no note or case in the data reads with an internal reference once in the player\'s words', () => {
    const notes = new Set<string>();
    const scan = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(scan);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { if ((k === 'source' || k === 'case') && typeof x === 'string') notes.add(x); else scan(x); }
    };
    const walk = (dir: string): void => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.json')) scan(JSON.parse(readFileSync(p, 'utf8')));
      }
    };
    walk(join(__dirname, '../../data'));
    // The data holds internal references (the check below would be vacuous otherwise).
    expect([...notes].filter((n) => INTERNAL_TEXT.test(n)).length).toBeGreaterThan(100);
    expect([...notes].map(playerText).filter((t) => INTERNAL_TEXT.test(t))).toEqual([]);
  });
});

describe('playerMessage (refusals and errors shown in the log panel and the PBEM banner)', () => {
  test('a unit id reads as its counter\'s designation, a data note in the player\'s words, other words as they are', () => {
    const [id, def] = [...bundle.units].find(([, d]) => d.designation.includes('/'))!;
    expect(playerMessage(`${id} may not set up in C4424: seed:004 L10802 AW 34.11.2 front line (AW 34.11.2)`, bundle))
      .toBe(`${def.designation} may not set up in C4424: AW 34.11.2 front line (AW 34.11.2)`);
    expect(playerMessage('a well-known hex-free text', bundle)).toBe('a well-known hex-free text');
    expect(playerMessage(`${id} moved`, null)).toBe(`${id} moved`);
  });
});

describe('describeEvent / describeAction: the AW 20.0 air rules', () => {
  test('AW 20.2.1 / GOSS 20.2.3: fsResolved lists each GS mission after the volleys — abort rolls, mission error, scatter, its own volley, or why it aborted', () => {
    const e = {
      type: 'fsResolved', plan: {}, volleys: [{ points: 8, roll: 5, drm: -1, fsv: 12, result: 'AS1' }], as: 2, hits: 1, case: 'GOSS 11.6',
      gs: [
        { type: 'gsMission', mission: 1, ap: 3, points: 6, case: 'AW 20.2.1', error: { roll: 3, drms: [], modified: 3 }, volley: { points: 6, roll: 5, drm: -1, fsv: 10, result: 'AS1', hex: 'C4409' }, outcome: 'on target' },
        { type: 'gsMission', mission: 2, ap: 2, abortRolls: [9, 4], flying: 1, points: 2, case: 'AW 20.2.1', error: { roll: 7, drms: [{ value: 1, why: 'POvr' }], modified: 8 }, scatter: { direction: 0, hex: 'C4408' }, volley: { points: 2, roll: 9, drm: 0, fsv: 11, result: '1', hex: 'C4408' }, outcome: 'scattered' },
        { type: 'gsMission', mission: 3, ap: 3, abortRolls: [1, 2, 3], flying: 0, points: 0, case: 'AW 20.2.1', outcome: 'aborted', why: 'every AP aborted (AW 20.1.0)' },
        { type: 'gsMission', mission: 4, ap: 3, points: 6, case: 'AW 20.2.1', error: { roll: 9, drms: [], modified: 9 }, outcome: 'aborted', why: 'mission error 9: aborted (GOSS 20.2.3)' },
      ],
    } as unknown as GameEvent;
    expect(describeEvent(e, bundle)).toBe('Fire support resolved: die 5 + 8 points − 1 DRM = FSV 12, FS Table row 12–13 "AS1"; '
      + 'GS mission 1: 3 AP, mission error 3, die 5 + 6 points − 1 DRM = FSV 10 "AS1"; '
      + 'GS mission 2: 2 AP, abort rolls 9 4, 1 fly, mission error 7 → 8, scattered to C4408, die 9 + 2 points + 0 DRM = FSV 11 "1" on C4408; '
      + 'GS mission 3: 3 AP, abort rolls 1 2 3, 0 fly, aborted (every AP aborted (AW 20.1.0)); '
      + 'GS mission 4: 3 AP, mission error 9, aborted (mission error 9: aborted (GOSS 20.2.3)) — 1 hit(s), 2 AS (GOSS 11.6)');
  });

  test('AW 20.1.1 / 20.2.1: from the engine, the airAllocated event and a mission of GS alone (no artillery volley) read in the player\'s words', async () => {
    const { airBundle, airGame, ok } = await import('./panels/air.fixture');
    const { at, seedWhere, toSegment, withSeed } = await import('../engine/rules/combat.fixture');
    const b = airBundle();
    let s = ok(airGame(b), { type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} } as Action);
    const allocated: GameEvent[] = [];
    s = ok(s, { type: 'allocateAir', force: 'CW', gs: { 'cw-north': 30 }, gi: { 'cw-south': 10 } } as Action, allocated);
    // AW 20.1.1: the allocation as the log shows it.
    expect(allocated.filter((x) => x.type === 'airAllocated').map((x) => describeEvent(x, b))).toEqual(['Air points: CW: 40 AP — GS 30 in the CW northern sector; GI 10 in the CW southern sector (AW 20.1.1)']);
    const fs = toSegment(s, b, 'offensiveFs');
    const events: GameEvent[] = [];
    ok(withSeed(fs, seedWhere(fs.n, (d) => d.d10('e') === 3 && d.d10('v') === 5)), { type: 'fireMission', target: at(8, 4), spotter: 'a1', air: 3 } as Action, events);
    const text = describeEvent(events.find((x) => x.type === 'fsResolved')!, b);
    expect(text).toMatch(/^Fire support resolved: GS mission 1: 3 AP, mission error 3, die 5 \+ 6 points [+−] \d+ DRM = FSV \d+ "[^"]+" — \d+ hit\(s\)/);
    expect(text).not.toMatch(INTERNAL_TEXT);
  });

  test('AW 20.1.1: an allocateAir choice names the force, its GS and GI AP by sector and the case', () => {
    expect(describeAction({ type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} } as Action, bundle)).toBe('US AP: GS 44 US north (AW 20.1.1)');
    expect(describeAction({ type: 'allocateAir', force: 'CW', gs: { 'cw-north': 8 }, gi: { 'cw-north': 32 } } as Action, bundle)).toBe('CW AP: GS 8 CW north; GI 32 CW north (AW 20.1.1)');
    expect(describeAction({ type: 'allocateAir', force: 'US', gs: {}, gi: { 'us-north': 32, 'us-south': 12 } } as Action, bundle)).toBe('US AP: GS none; GI 32 US north, 12 US south (AW 20.1.1)');
  });
});
