import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import './ui/app.css';
import { buildScenarioTextures } from './ui/counters/textures';
import { useGame } from './store/game';
import { campaignBundle } from './bench/campaign';
import { destinationsByUnit } from './ui/map/reach';
import { clickHex } from './ui/interaction';
import { sideToAct } from './engine';
import { distance } from './engine/hex';
import { setInvariantChecks } from './engine';
import { validateSharedData } from './data/bundle';
import { unitList } from './engine/unitTable';

// Dev builds check the engine invariants after every action (issue 15).
if (import.meta.env.DEV) setInvariantChecks(true);

// Hooks for `npm run bench` (measured in the real browser build); startCampaign opens the synthetic
// campaign scenario with n counters (issue 17), also for the browser test on it.
const startCampaign = (n: number) => { const b = campaignBundle(n); useGame.getState().startGame(b.scenario.id, { seed: 'bench' }, null, undefined, b); };
/** A stack of the acting side with a free neighbouring hex all its units reach, selected; returns that hex. */
const pickMove = (): number | null => {
  const { state, bundle } = useGame.getState();
  if (!state || !bundle) return null;
  const taken = new Set(unitList(state).map((u) => u.hex));
  for (const u of unitList(state)) {
    if (u.hex === null || u.side !== sideToAct(state)) continue;
    const per = [...destinationsByUnit(state, bundle, u.hex).values()];
    const to = per.length ? [...per[0].keys()].find((x) => distance(x, u.hex!) === 1 && !taken.has(x) && per.every((d) => d.has(x))) : undefined;
    if (to !== undefined) { useGame.getState().selectHex(u.hex); return to; }
  }
  return null;
};
(window as unknown as { __bench: unknown }).__bench = { buildScenarioTextures, startCampaign, pickMove, clickHex };
// Read-only hook for browser tests: they replay the log in Node to choose legal hexes and units.
declare global { interface Window { __neptune?: { getState: typeof useGame.getState } } }
window.__neptune = { getState: () => useGame.getState() };

createRoot(document.getElementById('root')!).render(<StrictMode><ErrorBoundary><App /></ErrorBoundary></StrictMode>);

// The rules tables every scenario shares are validated once per page while the start screen waits for
// the player, not at each start (a broken table is still refused by the scenario load, with its problems).
const idle = (f: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 500 }) : setTimeout(f, 0));
idle(() => {
  const t0 = performance.now();
  validateSharedData();
  window.__marks = { ...(window.__marks ?? {}), sharedDataStart: t0, sharedDataValidated: performance.now() };
});
