/** Start screen: choose a scenario and its length, how to play (hotseat, solo, play by e-mail), name the players, start. */
import { useEffect, useRef, useState } from 'react';
import { BUILTIN, listMaps, listScenarios } from '../data/bundle';
import { SHEET_SCENARIOS } from '../data/unitNames';
import { SaveList } from './save/SaveList';
import { SaveControls } from './save/SaveControls';
import { useGame } from '../store/game';
import { openFile } from '../store/pbem';
import { DICE_MODE_NOTES } from '../save';

/** A scenario's number from its rules case ("AW 32" → 32); unnumbered ones sort last. */
function scenarioNumber(id: string): number {
  try {
    const file = Object.values(BUILTIN.scenarios).find((j) => (j as { id?: string }).id === id) as { case?: string } | undefined;
    const m = /(\d+)/.exec(file?.case ?? '');
    return m ? Number(m[1]) : Infinity;
  } catch { return Infinity; }
}

type Mode = 'hotseat' | 'allied' | 'german' | 'pbem-allied' | 'pbem-german';

export function StartScreen() {
  // By scenario number (AW 32 Goodwood, 33 Epsom, 34 Cherbourg), the unnumbered demo last (issue 16 item 11).
  const scenarios = listScenarios().map((x) => ({ x, n: scenarioNumber(x.id) })).sort((a, b) => a.n - b.n || a.x.name.localeCompare(b.x.name)).map(({ x }) => x);
  const [id, setId] = useState(scenarios[0]?.id ?? '');
  const sc = scenarios.find((s) => s.id === id);
  const [length, setLength] = useState<string>('');
  const [allied, setAllied] = useState('Allied player');
  const [german, setGerman] = useState('German player');
  const [mode, setMode] = useState<Mode>('hotseat');
  const [dice, setDice] = useState<'fast' | 'strict'>('fast');
  const pbem = mode === 'pbem-allied' || mode === 'pbem-german';
  const start = useGame((s) => s.startGame);
  const browse = useGame((s) => s.browseMap);
  const openSheet = useGame((s) => s.openSheet);
  const openSaved = useGame((s) => s.openSaved);
  // An import refused (issue 16 item 11): its reason is brought into view, not left below the fold.
  const importBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = importBox.current;
    if (!el) return;
    const mo = new MutationObserver(() => el.querySelector('[role=alert]')?.scrollIntoView({ block: 'center' }));
    mo.observe(el, { childList: true, subtree: true, characterData: true });
    return () => mo.disconnect();
  }, []);
  const begin = () => {
    // The seed covers dice before any PBEM dice key; the header records the dice mode (docs/save-format.md).
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(4)), (x) => x.toString(16)).join('');
    if (pbem) {
      // Play by e-mail: this browser plays one side; the other player opens the turn file in theirs.
      start(id, { seed, length: length || sc?.lengths[0]?.id, players: { allied, german } }, null, { me: mode === 'pbem-allied' ? 'allied' : 'german', dice });
      return;
    }
    // Solo: the human plays `mode`, the programmed opponent the other side (issue 8).
    const aiSide = mode === 'hotseat' ? null : mode === 'allied' ? 'german' : 'allied';
    start(id, { seed, length: length || sc?.lengths[0]?.id, players: { allied: aiSide === 'allied' ? 'Neptune AI' : allied, german: aiSide === 'german' ? 'Neptune AI' : german } }, aiSide);
  };
  return (
    <main className="start">
      <h1>Neptune</h1>
      <p className="tagline">GOSS <i>Atlantic Wall</i> — Normandy, June–August 1944. The engine keeps the rules; you fight the battle.</p>
      <ul className="scenarios" data-testid="scenario-list">
        {scenarios.map((s) => (
          <li key={s.id}>
            <label>
              <input type="radio" name="scenario" value={s.id} checked={s.id === id} onChange={() => { setId(s.id); setLength(''); }} />
              <b>{s.name}</b>
            </label>
            <p>{s.description}</p>
          </li>
        ))}
      </ul>
      {sc && (
        <div className="options">
          <label>Length <select value={length || sc.lengths[0].id} onChange={(e) => setLength(e.target.value)}>
            {sc.lengths.map((l) => <option key={l.id} value={l.id}>{l.label}</option>)}
          </select></label>
          <label>Play <select data-testid="mode" value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
            <option value="hotseat">Hotseat: both sides at this screen</option>
            <option value="allied">Solo as the Allies</option>
            <option value="german">Solo as the Germans</option>
            <option value="pbem-allied">Play by e-mail as the Allies</option>
            <option value="pbem-german">Play by e-mail as the Germans</option>
          </select></label>
          {pbem && (
            <label>Dice <select data-testid="pbem-dice" value={dice} onChange={(e) => setDice(e.target.value as typeof dice)}>
              <option value="fast">Fast: one file per turn, sealed with a nonce</option>
              <option value="strict">Strict: commit–reveal, nobody can preview a roll</option>
            </select></label>
          )}
          <label>Allied <input value={allied} onChange={(e) => setAllied(e.target.value)} /></label>
          <label>German <input value={german} onChange={(e) => setGerman(e.target.value)} /></label>
          <button data-testid="start-game" onClick={begin}>Start game</button>
          {pbem && <p className="pbem-note" data-testid="pbem-note">
            You play the {mode === 'pbem-allied' ? 'Allies' : 'Germans'} in this browser; your opponent plays the other side in theirs.
            When the other side is to act, press <b>End my turn and export</b> and e-mail the file; open their reply with <b>Open opponent's turn…</b> (or <b>Import…</b> below, in a browser new to the game). {DICE_MODE_NOTES[dice]}
          </p>}
        </div>
      )}
      <h2>Saved games</h2>
      <SaveList onOpen={(g) => openSaved(g)} onReplay={(g) => openSaved(g, { replayFrom: 0 })} />
      {/* A PBEM turn file of a game this browser plays must continue its copy; a new one gets a seat (store/pbem.ts). */}
      <div ref={importBox}>
        <SaveControls game={null} importer={(file, verify) => openFile(file, undefined, undefined, verify)} onImported={(g, from) => openSaved(g, { replayFrom: from })} />
      </div>
      <h2>Maps</h2>
      <ul className="maps">
        {listMaps().map((m) => (
          <li key={m.id}><button data-testid={`browse-${m.id}`} onClick={() => browse(m.id)}>Browse {m.name}</button></li>
        ))}
      </ul>
      <h2>Counter sheets</h2>
      <ul className="maps">
        {SHEET_SCENARIOS.map((r) => (
          <li key={r.id}><button data-testid={`sheet-${r.id}`} onClick={() => openSheet(r.id)}>{r.name}</button></li>
        ))}
      </ul>
    </main>
  );
}
