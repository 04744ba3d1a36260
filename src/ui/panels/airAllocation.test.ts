/**
 * The Air Allocation form's logic (airAllocationModel.ts) on a game with the AW 20.0 air rules: which
 * force is asked, the first values, the checks before the submit button is enabled, and that the
 * action built from the form is the one the engine takes. The form itself rendered with react-dom/server.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { apply, legalActions, type Action } from '../../engine';
import { airRecord, type AirRecord } from '../../engine/query';
import { airBundle, airGame, ok } from './air.fixture';
import { checkAllocation, openForce, parseAp, prefill, type AllocationValues } from './airAllocationModel';
import { AllocationForm } from './AirAllocation';

const bundle = airBundle();
const s0 = airGame(bundle);
const us = (): AirRecord => openForce(airRecord(s0, bundle), 'allied', legalActions(s0, 'allied'))!;
const values = (gs: Record<string, string>, gi: Record<string, string> = {}): AllocationValues => ({ gs: { 'us-north': '0', 'us-south': '0', ...gs }, gi: { 'us-north': '0', 'us-south': '0', ...gi } });

describe('Air Allocation form (AW 3.3.1, 20.1.1)', () => {
  it('AW 20.1.1: the form is for the force still to assign (the US, then the CW), prefilled with every AP as GS in its northern sector, and the engine takes what it sends', () => {
    expect(s0.pending).toMatchObject({ kind: 'airAllocation', side: 'allied', case: 'AW 20.1.1' });
    const force = us();
    expect(force).toMatchObject({ force: 'US', ap: 44, assigned: false });
    expect(prefill(force)).toEqual({ gs: { 'us-north': '44', 'us-south': '0' }, gi: { 'us-north': '0', 'us-south': '0' } });
    const check = checkAllocation(force, prefill(force));
    expect(check).toMatchObject({ assigned: 44, ap: 44, problems: [] });
    expect(check.action).toEqual({ type: 'allocateAir', force: 'US', gs: { 'us-north': 44 }, gi: {} });
    const s1 = ok(s0, check.action as Action);
    // The CW is asked next: its form, prefilled the same way in the CW northern sector.
    const cw = openForce(airRecord(s1, bundle), 'allied', legalActions(s1, 'allied'))!;
    expect(cw).toMatchObject({ force: 'CW', ap: 40 });
    expect(prefill(cw).gs).toEqual({ 'cw-north': '40', 'cw-south': '0' });
    // Without offered allocations (the buttons), the first force of the side still to assign.
    expect(openForce(airRecord(s1, bundle), 'allied', [])?.force).toBe('CW');
    expect(openForce(null, 'allied', [])).toBeNull();
  });

  it('AW 20.1.1: the running total counts what is typed; the form is sent only when every AP is assigned', () => {
    const force = us();
    const short = checkAllocation(force, values({ 'us-north': '30' }, { 'us-north': '10' }));
    expect(short).toMatchObject({ assigned: 40, action: null, problems: ['all 44 US AP must be assigned: 40 so far (AW 20.1.1)'] });
    const over = checkAllocation(force, values({ 'us-north': '30', 'us-south': '10' }, { 'us-south': '10' }));
    expect(over).toMatchObject({ assigned: 50, action: null, problems: ['all 44 US AP must be assigned: 50 is too many (AW 20.1.1)'] });
    const split = checkAllocation(force, values({ 'us-north': '20', 'us-south': '10' }, { 'us-south': '14' }));
    expect(split.action).toEqual({ type: 'allocateAir', force: 'US', gs: { 'us-north': 20, 'us-south': 10 }, gi: { 'us-south': 14 } });
    expect(apply(s0, split.action as Action).ok).toBe(true);
  });

  it('AW 20.3.0: at most 32 GI AP in one sector; whole numbers only, an empty box counts 0', () => {
    const force = us();
    expect(force.giMax).toBe(32);
    const tooMany = checkAllocation(force, values({ 'us-north': '11' }, { 'us-north': '33' }));
    expect(tooMany.action).toBeNull();
    expect(tooMany.problems).toEqual(['GI in the US northern sector: at most 32 AP a sector (AW 20.3.0)']);
    const max = checkAllocation(force, values({ 'us-north': '12' }, { 'us-north': '32' }));
    expect(max.action).toEqual({ type: 'allocateAir', force: 'US', gs: { 'us-north': 12 }, gi: { 'us-north': 32 } });
    expect(apply(s0, max.action as Action).ok).toBe(true);
    expect([parseAp(''), parseAp(' 7 '), parseAp('2.5'), parseAp('-1'), parseAp('x')]).toEqual([0, 7, null, null, null]);
    const bad = checkAllocation(force, values({ 'us-north': '43.5', 'us-south': '' }));
    expect(bad.action).toBeNull();
    expect(bad.problems[0]).toBe('GS in the US northern sector: a whole number of AP, 0 or more');
  });

  it('AW 20.1.1: the form shows a GS and a GI box per sector, the running total, and submit enabled only when every AP is assigned', () => {
    const force = us();
    const html = renderToStaticMarkup(createElement(AllocationForm, { force, stale: false, onSubmit: () => {} }));
    for (const id of ['air-gs-us-north', 'air-gs-us-south', 'air-gi-us-north', 'air-gi-us-south']) expect(html).toContain(`data-testid="${id}"`);
    expect(html).toMatch(/data-testid="air-gs-us-north"[^>]*value="44"|value="44"[^>]*data-testid="air-gs-us-north"/);
    expect(html).toContain('Assigned 44 of 44 AP');
    expect(html).toContain('GI (max 32)');
    expect(html).not.toMatch(/data-testid="air-submit" disabled/);
    // What the player reads names the sectors, never their internal ids.
    expect(html.replace(/<[^>]*>/g, '')).not.toMatch(/us-north|us-south/);
    expect(html).toContain('US northern sector');
    const stale = renderToStaticMarkup(createElement(AllocationForm, { force, stale: true, onSubmit: () => {} }));
    expect(stale).toMatch(/data-testid="air-submit" disabled/);
  });
});
