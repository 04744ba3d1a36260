/** Shows the opponent thinking, with its progress and a "think faster" switch (issue 8). */
import { useState } from 'react';
import { useGame } from '../../store/game';
import { setAiLevel } from '../../ai/client';

export function AiStatus() {
  const aiSide = useGame((s) => s.aiSide);
  const p = useGame((s) => s.aiProgress);
  const [fast, setFast] = useState(false);
  if (!aiSide) return null;
  return (
    <section className="panel ai" data-testid="ai-status">
      <div>Opponent: Neptune AI ({aiSide === 'allied' ? 'Allies' : 'Germans'}) {p ? <span data-testid="ai-thinking">— thinking: {p.label} ({p.actions} actions)</span> : null}</div>
      {p && <progress max={1} value={p.progress} />}
      <label className="fast" title="The opponent weighs fewer units, destinations, assaults and fire missions per decision and thinks about 1 s instead of 3 s: quicker turns, plainer play. Takes effect from its next turn."><input type="checkbox" checked={fast} onChange={(e) => { setFast(e.target.checked); setAiLevel(e.target.checked ? 'fast' : 'normal'); }} /> think faster <span className="case">(fewer options weighed, from its next turn)</span></label>
    </section>
  );
}
