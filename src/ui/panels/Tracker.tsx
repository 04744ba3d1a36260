/** Sequence-of-play tracker: game turn, side, phase, segment, what is expected, "done" and undo. */
import { useGame } from '../../store/game';
import { endSegmentRefusal, sideToAct, view } from '../../engine';
import { useAfterPaint } from '../afterPaint';
import { phaseLabel, segmentAt } from '../../engine/sequence';
import { ATMOSPHERE, SIDE_NAME, longDate, playerMessage, playerText, weatherWords } from '../describe';
import { airRecord, navalRecord, special, weatherNow, groundNow, groundEffects, weatherBySector, type AirRecord, type GroundEffects } from '../../engine/query';
import type { GameState, ScenarioBundle } from '../../engine/types';


/** What a ground condition does to movement (GOSS 19.4), in words, or null when nothing. */
function groundEffectText(fx: GroundEffects | null): string | null {
  return !fx ? null : [
    fx.mechMa ? `Mech MA ${fx.mechMa}` : '',
    fx.maDivisor ? `MA ÷${fx.maDivisor}` : '',
  ].filter(Boolean).join(', ') + ' unless wholly along primary or secondary roads' + (fx.advanceMax !== undefined ? `; advance max ${fx.advanceMax}; Mech PA ${fx.paMechHexes ?? 2} hex off those roads` : '');
}

/**
 * This GT's weather (AW 32.4.0, 33.4.0, 34.4.0; AW 19.0 by weather sector when they differ) and what
 * the ground does to movement (GOSS 19.4), or null when the scenario has none.
 */
export function weatherLine(state: GameState, bundle: ScenarioBundle): { text: string; effect: string | null } | null {
  const sectors = weatherBySector(state, bundle);
  if (sectors) {
    const alike = sectors.every((x) => weatherWords(x.weather) === weatherWords(sectors[0].weather));
    const shown = alike ? [{ sector: null, weather: sectors[0].weather }] : sectors;
    const effects = shown.flatMap((x) => { const e = groundEffectText(groundEffects(bundle, x.weather.ground)); return e ? [x.sector ? `${x.sector}: ${e}` : e] : []; });
    return { text: shown.map((x) => (x.sector ? `${x.sector} ${weatherWords(x.weather)}` : weatherWords(x.weather))).join(' · '), effect: effects.length ? effects.join('; ') : null };
  }
  const sp = special(bundle);
  if (!sp.weather?.length && !sp.weatherTable) return null;
  const w = weatherNow(state, bundle);
  return { text: `${ATMOSPHERE[w.atmosphere] ?? w.atmosphere}, ${w.ground} ground`, effect: groundEffectText(groundNow(state, bundle).fx) };
}


/** A pool's sector as the track line names it: "US northern sector" → "northern". */
const sectorShort = (force: AirRecord, name: string): string => (name.startsWith(`${force.name} `) ? name.slice(force.name.length + 1) : name).replace(/\s+sector$/, '');

/**
 * One force on the AP Record Track (AW 3.3.1): its AP of the game day and, per air sector, the GS AP
 * assigned (with what is left when some have flown) and the GI AP: "US 44 AP: northern GS 30 (12 left),
 * GI 4 · southern GI 10". A force with one pool (the German AP, all GS battlefield-wide) names no sector.
 */
export function airForceLine(r: AirRecord): string {
  if (r.ap <= 0) return `${r.name}: no AP today`;
  if (!r.assigned) return `${r.name} ${r.ap} AP: not assigned yet`;
  const pool = (p: AirRecord['pools'][number]) => [...(p.gs || !p.gi ? [`GS ${p.gs}${p.gsLeft < p.gs ? ` (${p.gsLeft} left)` : ''}`] : []), ...(p.gi ? [`GI ${p.gi}`] : [])].join(', ');
  const pools = r.pools.length === 1 ? pool(r.pools[0]) : r.pools.map((p) => `${sectorShort(r, p.name)} ${pool(p)}`).join(' · ');
  return `${r.name} ${r.ap} AP: ${pools}`;
}

/** The AP Record Track (AW 3.3.1), a line per force, or null when the scenario does not use the AW 20.0 air rules. Open information: both sides see it. */
export function airRecordLines(state: GameState, bundle: ScenarioBundle): string[] | null {
  const rec = airRecord(state, bundle);
  return rec && rec.map(airForceLine);
}

/** The day's naval units (AW 11.9.0, recorded on the AP Record Track), a line per task force, or null without the rolled naval units. */
export function navalLines(state: GameState, bundle: ScenarioBundle): string[] | null {
  const rec = navalRecord(state, bundle);
  if (!rec) return null;
  return rec.map((tf) => {
    const counts = new Map<string, number>();
    for (const u of tf.units) counts.set(u.kind, (counts.get(u.kind) ?? 0) + 1);
    const out = tf.units.filter((u) => u.depleted).map((u) => u.id);
    const list = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
    return `${tf.taskForce}: ${list || 'no naval units today'}${out.length ? ` (out of ammunition today: ${out.join(', ')})` : ''}`;
  });
}

export function Tracker() {
  const state = useGame((s) => s.state);
  const bundle = useGame((s) => s.bundle);
  const dispatch = useGame((s) => s.dispatch);
  const undo = useGame((s) => s.undo);
  const canUndo = useGame((s) => s.state && s.undoStack.length > 0 && s.state.n > s.state.barrier);
  const aiSide = useGame((s) => s.aiSide);
  const pbemMe = useGame((s) => s.pbem?.me ?? null);
  if (!state || !bundle) return null;
  const actor = sideToAct(state);
  const v = view(state, actor ?? 'allied');
  const { phase, segment } = segmentAt(bundle.sequence, state.pos);
  const [turnPart] = v.label.split(' · ');
  return (
    <section className="panel tracker" aria-label="Sequence of play">
      <div className="turn" data-testid="tracker-turn">{longDate(turnPart)}</div>
      {/* "Allied player turn", "Game-turn phases" (both sides) or the stage played before the GT (AW 3.2.2–3.2.3). */}
      <div className="phasing" data-testid="tracker-phasing">{v.part}</div>
      {state.beforePlay ? (
        // A game-start setup (AW 32.11.0) comes before the first segment is entered.
        <div className="segment" data-testid="segment">Setup before play <span className="case">{state.pending?.case ?? ''}</span></div>
      ) : (
        <>
          <div className="phase">{phaseLabel(bundle.scenario, bundle.sequence, state.pos)} <span className="case">{phase.case}</span></div>
          <div className="segment" data-testid="segment">{segment.name} <span className="case">{segment.case}</span></div>
        </>
      )}
      {(() => {
        const w = weatherLine(state, bundle);
        return w && <div className="weather" data-testid="weather" title={w.effect ?? undefined}>Weather: {w.text}{w.effect && <span className="case"> ({w.effect}, GOSS 19.4)</span>}</div>;
      })()}
      {(() => {
        const air = airRecordLines(state, bundle);
        return air && (
          <div className="air-record" data-testid="air-record" title="AP Record Track: each force's air points of the game day, open to both players">
            <span className="case">AP Record Track (AW 3.3.1)</span>
            {air.map((line, i) => <div key={i}>{line}</div>)}
          </div>
        );
      })()}
      {(() => {
        const naval = navalLines(state, bundle);
        return naval && (
          <div className="naval-record" data-testid="naval-record" title="The naval units of the game day, open to both players">
            <span className="case">Naval units (AW 11.9.0)</span>
            {naval.map((line, i) => <div key={i}>{line}</div>)}
          </div>
        );
      })()}
      {state.over ? (
        <div className="over" data-testid="game-over">Game over: {playerText(state.over.reason)}</div>
      ) : (
        <>
          <div className={`actor side-${actor}`} data-testid="actor">{actor ? `${SIDE_NAME[actor]} to act` : ''}</div>
          <p className="prompt">{state.beforePlay ? state.pending?.prompt : segment.prompt}</p>
          <div className="buttons">
            <button data-testid="end-segment" disabled={(!!aiSide && actor === aiSide) || (!!pbemMe && actor !== pbemMe) || !!state.pending} title={state.pending ? 'Answer the decision first' : pbemMe && actor !== pbemMe ? 'Play by e-mail: the other side plays this segment in its own browser' : 'Done with this segment (Enter; Shift+Enter from the map)'} onClick={() => dispatch({ type: 'endSegment' })}>Done with segment ▸</button>
            <button data-testid="undo" onClick={undo} disabled={!canUndo} title={canUndo ? 'Undo (Ctrl+Z)' : 'Undo stops here: a die was rolled or the other side acted'}>Undo</button>
          </div>
          <EndRefusal state={state} />
          {!canUndo && state.n > 0 && <div className="barrier" data-testid="undo-barrier">Undo stops here (new information since).</div>}
        </>
      )}
    </section>
  );
}

/** Why "Done with segment" is not available yet: the engine's refusal with its rule case (issue 15); nothing while a decision is pending (its prompt says what to do). */
export function EndRefusal({ state: now }: { state: GameState }) {
  // A trial end of segment (~19 ms at 2,000 counters): after the move's frame is painted (issue 17).
  const state = useAfterPaint(now, `${now.scenario} ${now.dataHash} ${now.seed}`).value;
  const bundle = useGame((s) => s.bundle);
  const why = state.pending || state.over ? null : endSegmentRefusal(state);
  if (!why) return null;
  return <div className="end-refusal" data-testid="end-refusal">Not done yet: {playerMessage(why.message, bundle)}{why.case && <span className="case"> ({playerText(why.case)})</span>}</div>;
}
