import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import './ui/app.css';
import { buildScenarioTextures } from './ui/counters/textures';

// Hooks for `npm run bench` (measured in the real browser build).
(window as unknown as { __bench: unknown }).__bench = { buildScenarioTextures };

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
