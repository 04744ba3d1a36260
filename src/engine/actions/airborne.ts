/**
 * Strict schemas of the airborne module's actions (AW 41; src/engine/rules/airborne/). A leaf module:
 * zod and the shared building blocks only. The DZ key is "<division>-<letter>" ("82AB-O", "6AB-N").
 * Other airborne areas append their schemas below and add them to ACTION_SCHEMAS in index.ts.
 */
import { z } from 'zod';
import { action, HexPath, HexRef, UnitId, UnitSet } from './schema';

const DzKey = z.string().trim().regex(/^[0-9A-Za-z]+-[A-Z]$/, 'a DZ is "<division>-<letter>", e.g. "82AB-O"');

/** AW 41.1.2–41.1.3: place the next DZ (the Allied player picks the order): scatter and status rolls. */
export const PlaceDz = action('placeDz', { dz: DzKey });
/** AW 41.1.1: the Pegasus Bridge mission, before any other activity. */
export const Pegasus = action('pegasus', {});
/** AW 41.2.3: land one non-FoW unit (the player picks the order), a leader attached if given. */
export const DropUnit = action('dropUnit', { dz: DzKey, unit: UnitId, leader: UnitId.optional() });
/** AW 41.2.3: land the next FoW counter drawn from the DZ's container, a leader attached if given. */
export const DropFow = action('dropFow', { dz: DzKey, leader: UnitId.optional() });
/** AW 41.4.2: land one glider unit (the player picks the order), a leader attached if given. */
export const LandGlider = action('landGlider', { unit: UnitId, leader: UnitId.optional() });
/** AW 41.4.2: a landed glider unit displaces one hex (`hex`), or stays (no `hex`). */
export const GliderDisplace = action('gliderDisplace', { unit: UnitId, hex: HexRef.optional() });
/** AW 41.3.4: Coys of one Btn stacked together reform the Btn (`unit`). */
export const Reorganise = action('reorganise', { unit: UnitId, coys: UnitSet });
/** AW 41.3.5: a FoW counter stacked with a DZ or a leader tries to regroup. */
export const Regroup = action('regroup', { unit: UnitId });
/** AW 41.4.1: the Merville step's own attack on the battery (when no other unit attacks it). */
/** AW 41.4.1: `hex`, the adjacent hex free of Germans the step moves to if the guns are destroyed (the Allied player's choice; default the first clockwise from north). */
export const MervilleAttack = action('mervilleAttack', { hex: HexRef.optional() });

// Airborne combat, retreat and the ES track (AW 41.5, 41.2.3c–d; rules/airborne/combatProcedure.ts, retreat.ts, afterStage.ts).
/** AW 41.5.0: attack an enemy hex with units of one hex (in-battery artillery there adds its barrage strength). */
export const AbAttack = action('abAttack', { hex: HexRef, attackers: UnitSet.pipe(z.array(z.string()).min(1)) });
/** AW 41.5.2: the winning attacker's units that advance into the defender's hex (`[]`: none). */
export const AbAdvance = action('abAdvance', { units: UnitSet });
/** AW 41.2.3d: the hex a retreating stack goes to (the owner's choice when more than one is open). */
export const AbRetreat = action('abRetreat', { hex: HexRef });
/** AW 41.2.3c: the DZ a FoW unit that started in ES box 1 lands on (the Allied player's choice). */
export const EsLand = action('esLand', { unit: UnitId, hex: HexRef });
/** AW 15.0: the Allied player selects a division's new primary DZ. */
export const DzPrimary = action('dzPrimary', { dz: DzKey });

// --- AW 41.3.7–41.3.7b, 41.6, 41.8, 41.10: movement in the stage (src/engine/rules/airborne/movement.ts,
// bridgeBlowing.ts, activation.ts, germanMovement.ts).

/** AW 41.3.7, 41.8.0: an Allied airborne unit moves, counted in hexes (at most three). */
export const AbMove = action('abMove', { unit: UnitId, path: HexPath.min(1).max(3) });
/** AW 41.3.7a: the German picks the unit in the hex that makes the defensive PR check against a FoW unit passing through. */
export const AbPassCheck = action('abPassCheck', { unit: UnitId });
/** AW 41.3.7b: an airborne unit tries to blow the river bridge between its hex and `across`. */
export const BlowBridge = action('blowBridge', { unit: UnitId, across: HexRef });
/** AW 41.6.2, 41.10.0: the German activates one unit of an activation group (the scenario's `germanActivation`). */
export const GActivate = action('gActivate', { group: z.string().min(1).max(40), unit: UnitId });
/** AW 41.6.1, 41.6.2, 41.10.0: an activated German unit moves (in hexes, or in MP by road or off-road). */
export const GMove = action('gMove', { unit: UnitId, path: HexPath.min(1).max(60), via: z.enum(['road', 'offroad']).optional() });
