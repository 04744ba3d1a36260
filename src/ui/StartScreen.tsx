/** Start screen: choose a scenario and its length, name the players, start. */
import { useState } from 'react';
import { listMaps, listScenarios } from '../data/bundle';
import { ROSTER } from '../data/unitNames';
import { SaveList } from './save/SaveList';
import { SaveControls } from './save/SaveControls';
import { useGame } from '../store/game';

export function StartScreen() {
  const scenarios = listScenarios();
  const [id, setId] = useState(scenarios[0]?.id ?? '');
  const sc = scenarios.find((s) => s.id === id);
  const [length, setLength] = useState<string>('');
  const [allied, setAllied] = useState('Allied player');
  const [german, setGerman] = useState('German player');
  const [mode, setMode] = useState<'hotseat' | 'allied' | 'german'>('hotseat');
  const start = useGame((s) => s.startGame);
  const browse = useGame((s) => s.browseMap);
  const openSheet = useGame((s) => s.openSheet);
  const openSaved = useGame((s) => s.openSaved);
  const begin = () => {
    // Hotseat: local randomness, said so in the save header (issue 7 adds the PBEM dice modes).
    const seed = Array.from(crypto.getRandomValues(new Uint32Array(4)), (x) => x.toString(16)).join('');
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
          </select></label>
          <label>Allied <input value={allied} onChange={(e) => setAllied(e.target.value)} /></label>
          <label>German <input value={german} onChange={(e) => setGerman(e.target.value)} /></label>
          <button data-testid="start-game" onClick={begin}>Start game</button>
        </div>
      )}
      <h2>Saved games</h2>
      <SaveList onOpen={(g) => openSaved(g)} onReplay={(g) => openSaved(g, { replayFrom: 0 })} />
      <SaveControls game={null} onImported={(g) => openSaved(g, { replayFrom: 0 })} />
      <h2>Maps</h2>
      <ul className="maps">
        {listMaps().map((m) => (
          <li key={m.id}><button data-testid={`browse-${m.id}`} onClick={() => browse(m.id)}>Browse {m.name}</button></li>
        ))}
      </ul>
      <h2>Counter sheets</h2>
      <ul className="maps">
        {ROSTER.scenarios.map((r) => (
          <li key={r.id}><button data-testid={`sheet-${r.id}`} onClick={() => openSheet(r.id)}>{r.name}</button></li>
        ))}
      </ul>
    </main>
  );
}
