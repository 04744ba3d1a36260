/**
 * Game markers drawn like the printed ones: a coloured square with a short label (GOSS 5 modes,
 * 13.8.2 CR, 14 fatigue, 15 supply, 4.2 hit marker, 10 fieldworks). Colours are ours (definition).
 */
export type MarkerKind = 'PA' | 'TA' | 'Exploit' | 'CR' | 'F1' | 'F2' | 'OhS' | 'OoS' | 'Isolated' | 'Hit' | 'ET-2' | 'ET-3' | 'IP';

export const MARKERS: Record<MarkerKind, { label: string; background: string; text: string; rule: string }> = {
  PA: { label: 'PA', background: '#e6b422', text: '#111', rule: 'GOSS 5.2 Prepared Assault' },
  TA: { label: 'TA', background: '#f2d16b', text: '#111', rule: 'GOSS 5.1 Tactical Assault' },
  Exploit: { label: 'EXP', background: '#2e86c1', text: '#fff', rule: 'GOSS 5.3 Exploit' },
  CR: { label: 'CR', background: '#7d3c98', text: '#fff', rule: 'GOSS 13.8.2 Combat Reserve' },
  F1: { label: 'F1', background: '#a04000', text: '#fff', rule: 'GOSS 14 fatigue 1' },
  F2: { label: 'F2', background: '#641e16', text: '#fff', rule: 'GOSS 14 fatigue 2' },
  OhS: { label: 'OhS', background: '#f5b041', text: '#111', rule: 'GOSS 15 out of HQ supply' },
  OoS: { label: 'OoS', background: '#cb4335', text: '#fff', rule: 'GOSS 15 out of supply' },
  Isolated: { label: 'ISO', background: '#1c1c1c', text: '#f5b041', rule: 'GOSS 15.7 isolated: no GenS path of any length, no friendly unit in GenS within 3 hexes' },
  Hit: { label: 'HIT', background: '#c0392b', text: '#fff', rule: 'GOSS 4.2 hit marker (second step loss of a 3-step unit)' },
  'ET-2': { label: 'ET-2', background: '#6e5a3a', text: '#fff', rule: 'GOSS 10 entrenchment level 2' },
  'ET-3': { label: 'ET-3', background: '#4a3c26', text: '#fff', rule: 'GOSS 10 entrenchment level 3' },
  IP: { label: 'IP', background: '#9a8662', text: '#fff', rule: 'GOSS 10 improved position' },
};

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function drawMarker(ctx: Ctx, kind: MarkerKind, size: number): void {
  const m = MARKERS[kind];
  ctx.save();
  ctx.fillStyle = m.background;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = 'rgba(0,0,0,0.6)';
  ctx.strokeRect(0.5, 0.5, size - 1, size - 1);
  ctx.fillStyle = m.text;
  ctx.font = `bold ${Math.round(size * (m.label.length > 3 ? 0.24 : 0.32))}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(m.label, size / 2, size / 2, size * 0.92);
  ctx.restore();
}
