import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import './ui/app.css';
import { buildScenarioTextures } from './ui/counters/textures';
import { useGame } from './store/game';
import { campaignBundle } from './bench/campaign';

// Hooks for `npm run bench` (measured in the real browser build); startCampaign opens the synthetic
// campaign scenario with n counters (issue 17), also for the browser test on it.
const startCampaign = (n: number) => { const b = campaignBundle(n); useGame.getState().startGame(b.scenario.id, { seed: 'bench' }, null, undefined, b); };
(window as unknown as { __bench: unknown }).__bench = { buildScenarioTextures, startCampaign };
// Read-only hook for browser tests: they replay the log in Node to choose legal hexes and units.
declare global { interface Window { __neptune?: { getState: typeof useGame.getState } } }
window.__neptune = { getState: () => useGame.getState() };

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
