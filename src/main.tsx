import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import './ui/app.css';
import { buildScenarioTextures } from './ui/counters/textures';
import { useGame } from './store/game';
import { setInvariantChecks } from './engine';

// Dev builds check the engine invariants after every action (issue 15).
if (import.meta.env.DEV) setInvariantChecks(true);

// Hooks for `npm run bench` (measured in the real browser build).
(window as unknown as { __bench: unknown }).__bench = { buildScenarioTextures };
// Read-only hook for browser tests: they replay the log in Node to choose legal hexes and units.
declare global { interface Window { __neptune?: { getState: typeof useGame.getState } } }
window.__neptune = { getState: () => useGame.getState() };

createRoot(document.getElementById('root')!).render(<StrictMode><ErrorBoundary><App /></ErrorBoundary></StrictMode>);
