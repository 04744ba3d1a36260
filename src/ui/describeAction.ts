/** Actions in words, for buttons and the decision panel. */
import type { Action, ScenarioBundle } from '../engine';

const LINES = ['', 'line 1 (open)', 'line 2', 'line 3', 'line 4 (forest/city)'];

export function describeAction(action: Action, bundle: ScenarioBundle | null): string {
  const a = action as Record<string, unknown> & { type: string };
  const name = (id: unknown) => bundle?.units.get(String(id))?.designation ?? String(id);
  const names = (ids: unknown) => (Array.isArray(ids) ? ids.map(name).join(', ') : '');
  switch (a.type) {
    case 'endSegment': return 'Done with this segment';
    case 'move': return `Move ${name(a.unit)}${Array.isArray(a.with) && a.with.length ? ` with ${names(a.with)}` : ''} to ${(a.path as string[]).at(-1)}`;
    case 'overrun': return `Overrun ${a.hex} with ${name(a.unit)}${Array.isArray(a.with) && a.with.length ? ` and ${names(a.with)}` : ''}`;
    case 'mark': return `Mark ${name(a.unit)} ${a.marker}`;
    case 'mount': return `Mount ${name(a.unit)} on its division's transport (GOSS 7.12.3b)`;
    case 'dismount': return `Dismount ${name(a.unit)} (GOSS 7.12.0)`;
    case 'suppressWnStp': return `Silence ${name(a.unit)} with ${a.ship} (AW 34.3.0)`;
    case 'construct': return `Build an ${a.work} in ${a.hex} with ${names(a.units)} (GOSS 17.3.3)`;
    case 'demolishBridge': return `Demolish the bridge to ${a.hex} with ${name(a.unit)} (GOSS 17.3.2c)`;
    case 'designate': return `Designate ${names(a.units)} to assault (TA)`;
    case 'dropAttack': return `Drop the attack designation of ${name(a.unit)}`;
    case 'fireMission': return `Fire on ${a.target}`;
    case 'assault': return `Assault ${a.hex} with ${names(a.attackers)}`;
    case 'enterReinforcement': return `Bring ${name(a.unit)} in at ${a.hex}`;
    case 'gaDefend': {
      const extra = [(a.standoff as string[] | undefined)?.length ? `standoff: ${names(a.standoff)}` : '', (a.fullStrength as string[] | undefined)?.length ? `full strength (OhS): ${names(a.fullStrength)}` : ''].filter(Boolean).join('; ');
      return `Defend on ${LINES[Number(a.line)] ?? `line ${a.line}`}${extra ? ` — ${extra}` : ''}`;
    }
    case 'gaConvert': {
      // GOSS 13.10.2a (an ET-3 cancels a mandatory hit), 13.10.2b / AW 1.2.7b (convert one to discretionary): each combination once.
      const conv = a.convert === 'bocage' ? 'convert a mandatory hit to discretionary (bocage, AW 1.2.7b)' : a.convert === 'recon' ? 'convert a mandatory hit to discretionary (all Recon/CDO, GOSS 13.10.2b)' : '';
      if (a.removeEt3) return conv ? `Remove the ET-3 to cancel a mandatory hit, and ${conv}` : 'Remove the ET-3 to cancel a mandatory hit (GOSS 13.10.2a)';
      return conv ? conv[0].toUpperCase() + conv.slice(1) : 'Keep the fieldworks: take the mandatory hits as they are';
    }
    case 'gaOption': return { hold: 'Hold: take the hits in the hex', limited: 'Limited retreat', full: 'Full retreat' }[String(a.option)] ?? String(a.option);
    case 'gaRetreat': case 'fsRetreat': return a.withdraw ? `Withdraw into the DW${a.from ? ` in ${a.from}` : ''} instead of retreating` : `Retreat ${a.from ? `from ${a.from} ` : ''}via ${(a.path as string[]).join(' → ')}`;
    case 'gaAbsorb': case 'fsAbsorb': return Number(a.fatigue) ? `Take ${a.fatigue} hit(s) as fatigue, the rest as step losses` : 'Take the hits as step losses';
    case 'gaAdvance': return (a.units as string[]).length ? `Advance ${names(a.units)}${a.hexes ? ` ${a.hexes} hex(es)` : ''}` : 'Do not advance';
    case 'fsHits': return a.option === 'step' ? (a.removeEt3 ? 'Give up the ET-3 instead of the first step loss' : 'First hit as a step loss') : 'First hit as a retreat';
    case 'overrunFs': return a.fire ? `Fire on the overrunner (spotter ${name(a.spotter)}; ${((a.artillery as { unit: string; points?: number }[] | undefined) ?? []).map((x) => `${name(x.unit)}${x.points ? ` ${x.points} pts` : ''}`).join(', ')})` : 'No defensive fire against the overrun';
    case 'fsAdvance': return `Advance ${names(a.units)} into ${a.hex}`;
    case 'interdict': return `Ground interdiction on ${name(a.unit)}`;
    case 'giDone': return 'No (more) ground interdiction';
    case 'eliminateOverstack': return `Eliminate ${name(a.unit)} (overstacked)`;
    case 'relocateGroup': return `Relocate artillery group ${name(a.unit)}${a.hex ? ` to ${a.hex}` : ''}`;
    case 'roll': return `Roll ${a.dice} (${a.purpose})`;
    case 'breakdown': return a.coys ? `Break ${name(a.unit)} down: ${a.coys} Coy${a.coys === 1 ? '' : 's'}` : `Break ${name(a.unit)} down fully`;
    case 'recombine': return `Recombine ${name(a.unit)} from ${names(a.coys)}${a.hex ? ` in ${a.hex}` : ''}`;
    case 'finishSetup': return 'Finish the setup';
    case 'randomSetup': return 'Random legal setup';
    case 'moveBox': return `Move ${name(a.unit)} to ${a.to}`;
    case 'seal': return 'Seal a hidden choice';
    case 'reveal': return `Reveal the sealed choice: ${String(a.value)}`;
    case 'restPass': return 'Not our rest GT: continue';
    case 'fuelPass': return 'Not our low-fuel GT: continue';
    case 'fuelExempt': return `Full MA today for ${[...(a.formations as string[]).map((f) => `the ${f} formation`), ...(a.units as string[]).map(name)].join(', ')} (AW 35.5.2)`;
    case 'allocateAir': {
      const part = (r: unknown) => Object.entries(r as Record<string, number>).map(([k, n]) => `${n} ${airSectorName(k)}`).join(', ');
      const gi = part(a.gi);
      return `${a.force} AP: GS ${part(a.gs) || 'none'}${gi ? `; GI ${gi}` : ''} (AW 20.1.1)`;
    }
    // The airborne module (AW 41): a DZ is named by division and letter ("6AB N").
    case 'pegasus': return 'Pegasus Bridge mission: land the coup de main Coy and roll for both bridges';
    case 'placeDz': return `Place DZ ${dzName(a.dz)}: roll its scatter and status`;
    case 'dropUnit': return `Drop ${name(a.unit)} on DZ ${dzName(a.dz)}${a.leader ? ` with ${name(a.leader)}` : ''}`;
    case 'dropFow': return `Drop the next FoW counter on DZ ${dzName(a.dz)}${a.leader ? ` with ${name(a.leader)}` : ''}`;
    case 'landGlider': return `Land ${name(a.unit)} by glider${a.leader ? ` with ${name(a.leader)}` : ''}`;
    case 'gliderDisplace': return a.hex ? `Displace ${name(a.unit)} to ${a.hex}` : `${name(a.unit)} stays where it landed`;
    case 'reorganise': return `Reorganise ${name(a.unit)} from ${names(a.coys)}`;
    case 'regroup': return `Try to regroup ${name(a.unit)}`;
    case 'mervilleAttack': return a.hex ? `Merville: the glider party attacks the battery alone (then to ${a.hex} if the guns are destroyed)` : 'Merville: the glider party attacks the battery alone';
    case 'abAttack': return `Attack ${a.hex} with ${names(a.attackers)} (airborne combat)`;
    case 'abAdvance': return (a.units as string[]).length ? `Advance ${names(a.units)}` : 'Do not advance';
    case 'abRetreat': return `Retreat to ${a.hex}`;
    case 'dzPrimary': return `Make DZ ${a.dz} the division's primary DZ`;
    case 'esLand': return `Place ${name(a.unit)} from ES box 1 on the DZ at ${a.hex}`;
    case 'abMove': return `Move ${name(a.unit)} to ${(a.path as string[]).at(-1)} (${(a.path as string[]).length} hex${(a.path as string[]).length === 1 ? '' : 'es'}: ${(a.path as string[]).join(' → ')})`;
    case 'abPassCheck': return `${name(a.unit)} makes the defensive PR check against the FoW unit passing through`;
    case 'blowBridge': return `${name(a.unit)} tries to blow the bridge towards ${a.across}`;
    case 'gActivate': return `Activate ${name(a.unit)}`;
    case 'gMove': return `Move ${name(a.unit)} to ${(a.path as string[]).at(-1)}${a.via === 'road' ? ' by road' : ''}`;
    default: return a.type;
  }
}

/** "6AB-N" → "6AB N": a DZ by division and letter, as the Airborne Display names it. */
export function dzName(key: unknown): string {
  return String(key).replace('-', ' ');
}

/** Units an action concerns (to list unit actions beside each unit in the inspector). */
export function actionUnits(action: Action): string[] {
  const a = action as Record<string, unknown>;
  const out: string[] = [];
  if (typeof a.unit === 'string') out.push(a.unit);
  if (Array.isArray(a.units)) out.push(...(a.units as string[]));
  if (Array.isArray(a.with)) out.push(...(a.with as string[]));
  return out;
}

/** An air sector id as the player reads it ("us-north" → "US north"). */
function airSectorName(id: string): string {
  const [force, half] = id.split('-');
  return half ? `${force.toUpperCase()} ${half}` : id;
}
