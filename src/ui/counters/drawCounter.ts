/**
 * Draws one counter face (goss-core.md §3.1): NATO symbol on the nationality colours, designation,
 * values in GOSS layout attack-defence-MA with Arm/AT superscripts, PRs, step dots, size marks,
 * red hexagon, independent-asset square, artillery marks (BF with range, heavy circle, SP square,
 * horse "H"), and the colour band of the reduced side. Pure: it only draws on the context given.
 */
import ms from 'milsymbol';
import type { StepValues, UnitDef } from '../../data/schemas/unit';
import { NATIONALITY_COLOURS } from './colours';
import { sidcFor } from './symbol';

/** front = full strength; reduced = back (1 step lost); hit = reduced side under a hit marker (GOSS 4.2); z = Z-step back (AW 18.2.0). */
export type Face = 'front' | 'reduced' | 'hit' | 'z';
type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function facesOf(u: UnitDef): Face[] {
  const f: Face[] = ['front'];
  if (u.steps.length >= 2) f.push('reduced');
  if (u.steps.length >= 3) f.push('hit');
  if (u.zSide) f.push('z');
  return f;
}

export function faceValues(u: UnitDef, face: Face): StepValues {
  if (face === 'z') return u.zSide ?? u.steps[u.steps.length - 1];
  const i = face === 'front' ? 0 : face === 'reduced' ? 1 : 2;
  return u.steps[Math.min(i, u.steps.length - 1)];
}

/** Steps the face shows as dots (a Z-step has none, GOSS 4.1.3). */
export function stepDots(u: UnitDef, face: Face): number {
  if (face === 'z' || u.size === 'Z' || u.size === 'Leader') return 0;
  const lost = face === 'front' ? 0 : face === 'reduced' ? 1 : 2;
  return Math.max(0, u.steps.length - lost);
}

/** The value line as the rules print it, e.g. `2-3(6)-12`, `2(2)-3-12`, artillery `3⁶-1-6H`. */
export function valueLine(u: UnitDef, face: Face): { attack: string; attackSup: string; defence: string; defenceSup: string; ma: string } {
  const v = faceValues(u, face);
  const art = u.type === 'Art' || u.type === 'NW';
  return {
    attack: u.size === 'HQ' || u.size === 'Leader' ? '' : String(v.attack),
    attackSup: art ? String(u.range ?? '') : u.armAttack != null ? String(u.armAttack) : '',
    defence: u.size === 'Leader' ? '' : String(v.defence),
    defenceSup: u.armDefence != null ? String(u.armDefence) : u.at != null ? String(u.at) : '',
    ma: `${u.moveClass === 'static' ? 'T' : u.ma}${u.horse ? 'H' : ''}`,
  };
}

export function valueText(u: UnitDef, face: Face): string {
  const l = valueLine(u, face);
  const a = l.attack ? `${l.attack}${l.attackSup ? `(${l.attackSup})` : ''}-` : '';
  return `${a}${l.defence}${l.defenceSup ? `(${l.defenceSup})` : ''}-${l.ma}`;
}

function hexagon(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

/**
 * AW 41.2.1: a fog-of-war counter on the map, drawn by its back: a placeholder of the airborne module
 * (data/units/airborne-fow.json, class "ab-fow"), which has no identity until a rule reveals it.
 */
export function isFowCounter(u: UnitDef): boolean {
  return u.class === 'ab-fow' || u.generic === 'FoW';
}

/** Player-facing nationality of a FoW back: the side's airborne forces (US, or CW for British and Canadian). */
export function fowNationality(u: UnitDef): string {
  return u.nationality === 'US' ? 'US' : 'CW';
}

/**
 * AW 41.2.1–41.2.3: the back of a FoW counter, the only thing either player sees until it regroups
 * (docs/engine.md "Random hidden draws"): "FoW" and the nationality, no designation, no values.
 */
function drawFowBack(ctx: Ctx, u: UnitDef, s: number): void {
  const c = NATIONALITY_COLOURS[u.nationality];
  ctx.save();
  ctx.fillStyle = c.band;
  ctx.fillRect(0, 0, s, s);
  ctx.strokeStyle = 'rgba(0,0,0,0.55)';
  ctx.lineWidth = Math.max(1, s / 64);
  ctx.strokeRect(0.5, 0.5, s - 1, s - 1);
  // A parachute canopy, as the printed backs show the arm of service without the unit.
  ctx.strokeStyle = c.accent;
  ctx.lineWidth = Math.max(1, s / 40);
  ctx.beginPath();
  ctx.arc(s / 2, s * 0.3, s * 0.16, Math.PI, 0);
  ctx.moveTo(s * 0.34, s * 0.3); ctx.lineTo(s / 2, s * 0.46); ctx.lineTo(s * 0.66, s * 0.3);
  ctx.stroke();
  ctx.fillStyle = c.accent;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.max(7, Math.round(s * 0.24))}px sans-serif`;
  ctx.fillText('FoW', s / 2, s * 0.64, s * 0.92);
  ctx.font = `${Math.max(6, Math.round(s * 0.15))}px sans-serif`;
  ctx.fillText(fowNationality(u), s / 2, s * 0.86, s * 0.92);
  ctx.restore();
}

/**
 * Draws the face of `u` on a `size`×`size` square at (0,0). `symbol` is the NATO symbol image
 * (see `symbolImage`); without it a plain frame is drawn, so this works where no canvas exists.
 */
export function drawCounterFace(ctx: Ctx, u: UnitDef, face: Face, size: number, symbol?: CanvasImageSource | null): void {
  if (isFowCounter(u)) { drawFowBack(ctx, u, size); return; }
  const c = NATIONALITY_COLOURS[u.nationality];
  const s = size;
  const font = (px: number, bold = false) => `${bold ? 'bold ' : ''}${Math.max(6, Math.round(px))}px sans-serif`;
  ctx.save();
  ctx.fillStyle = c.background;
  ctx.fillRect(0, 0, s, s);
  if (face !== 'front') {
    // GOSS 4.1: the reverse (reduced) side has a colour band.
    ctx.fillStyle = face === 'hit' ? '#c0392b' : c.band;
    ctx.fillRect(0, 0, s, s * 0.12);
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.55)';
  ctx.lineWidth = Math.max(1, s / 64);
  ctx.strokeRect(0.5, 0.5, s - 1, s - 1);

  // Designation across the top.
  ctx.fillStyle = face === 'hit' ? '#ffffff' : c.text;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  ctx.font = font(s * 0.13);
  ctx.fillText(u.designation, s / 2, s * 0.01, s * 0.96);

  // Symbol box.
  const bw = s * 0.5, bh = s * 0.34, bx = (s - bw) / 2, by = s * 0.17;
  if (u.size === 'Leader') {
    ctx.fillStyle = c.text;
    ctx.font = font(s * 0.16, true);
    ctx.textBaseline = 'middle';
    ctx.fillText('★', s / 2, by + bh / 2);
  } else if (symbol) {
    ctx.drawImage(symbol, bx, by - s * 0.06, bw, bh + s * 0.08);
  } else {
    ctx.strokeStyle = c.text;
    ctx.strokeRect(bx, by, bw, bh);
  }
  // Z-step: a circle instead of a size symbol (GOSS 4.1.3).
  if (face === 'z' || u.size === 'Z') {
    ctx.beginPath();
    ctx.arc(s * 0.86, s * 0.22, s * 0.07, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  }
  // Red hexagon: halt generator (GOSS 7.7.1-7.7.2).
  if (u.redHexagon) {
    hexagon(ctx, s * 0.12, s * 0.3, s * 0.075);
    ctx.fillStyle = '#d0201a';
    ctx.fill();
  }
  // White square: independent corps or army asset (GOSS 9.1.0).
  if (u.independent) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(s * 0.8, s * 0.3, s * 0.1, s * 0.1);
  }

  // PRs: offensive/defensive at the right of the symbol.
  if (u.prOff !== null || u.prDef !== null) {
    ctx.fillStyle = c.text;
    ctx.font = font(s * 0.12);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(`${u.prOff ?? '–'}/${u.prDef ?? '–'}`, s * 0.02, s * 0.6);
  }
  // Step dots (GOSS 4.1).
  const dots = stepDots(u, face);
  for (let i = 0; i < dots; i++) {
    ctx.beginPath();
    ctx.arc(s * (0.93 - i * 0.09), s * 0.6, s * 0.032, 0, Math.PI * 2);
    ctx.fillStyle = face === 'hit' ? '#c0392b' : c.text;
    ctx.fill();
  }

  // Values: attack(sup) - defence(sup) - MA along the bottom.
  const l = valueLine(u, face);
  const big = font(s * 0.22, true), small = font(s * 0.12, true);
  const parts: { text: string; f: string; sup?: boolean; heavy?: boolean; sp?: boolean }[] = [];
  if (l.attack) {
    parts.push({ text: l.attack, f: big, heavy: !!u.heavyArt });
    if (l.attackSup) parts.push({ text: l.attackSup, f: small, sup: true });
    parts.push({ text: '-', f: big });
  }
  parts.push({ text: l.defence, f: big });
  if (l.defenceSup) parts.push({ text: l.defenceSup, f: small, sup: true });
  parts.push({ text: '-', f: big });
  parts.push({ text: l.ma, f: big, sp: !!u.sp });
  let width = 0;
  for (const p of parts) { ctx.font = p.f; width += ctx.measureText(p.text).width; }
  let x = (s - width) / 2;
  const base = s * 0.95;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (const p of parts) {
    ctx.font = p.f;
    const w = ctx.measureText(p.text).width;
    if (p.heavy) {
      // Heavy artillery: white circle behind the BF (GOSS 11.4.1f).
      ctx.beginPath();
      ctx.arc(x + w / 2, base - s * 0.08, s * 0.12, 0, Math.PI * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }
    if (p.sp) {
      // SP artillery: a square round the MA (GOSS 5.6.0).
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = Math.max(1, s / 40);
      ctx.strokeRect(x - s * 0.01, base - s * 0.19, w + s * 0.02, s * 0.21);
    }
    ctx.fillStyle = p.heavy ? '#111111' : face === 'hit' && !p.sup ? '#c0392b' : c.text;
    ctx.fillText(p.text, x, p.sup ? base - s * 0.1 : base);
    x += w;
  }
  ctx.restore();
}

const symbolCache = new Map<string, CanvasImageSource | null>();

/** The milsymbol image of a counter, drawn once per SIDC and colour (null for leaders or without canvas). */
export function symbolImage(u: UnitDef, pixelSize: number): CanvasImageSource | null {
  const sidc = sidcFor(u);
  if (!sidc) return null;
  const c = NATIONALITY_COLOURS[u.nationality];
  const key = `${sidc}|${c.text}|${pixelSize}`;
  if (symbolCache.has(key)) return symbolCache.get(key)!;
  let img: CanvasImageSource | null = null;
  const sym = new ms.Symbol(sidc, { size: pixelSize, fill: false, monoColor: c.text, infoFields: false, outlineWidth: 0 });
  if (typeof OffscreenCanvas !== 'undefined') img = withCpuCanvases(() => sym.asOffscreenCanvas(1));
  else if (typeof document !== 'undefined') img = sym.asCanvas(1);
  symbolCache.set(key, img);
  return img;
}

/**
 * Runs `fn` with 2D OffscreenCanvas contexts created CPU-backed (willReadFrequently). milsymbol
 * makes its own canvas per symbol and takes no context options; a GPU-backed canvas costs tens of
 * milliseconds each to create and read where WebGL is software (measured: the Goodwood counter
 * set took 2.2 s on first build, 0.5 s CPU-backed). milsymbol has no API to draw into our context.
 */
function withCpuCanvases<T>(fn: () => T): T {
  const proto = OffscreenCanvas.prototype as unknown as { getContext: (type: string, opts?: object) => unknown };
  const original = proto.getContext;
  proto.getContext = function (this: OffscreenCanvas, type: string, opts?: object) {
    return original.call(this, type, type === '2d' ? { willReadFrequently: true, ...opts } : opts);
  };
  try {
    return fn();
  } finally {
    proto.getContext = original;
  }
}

/** Renders a face into a new canvas (OffscreenCanvas where available). */
export function renderCounterFace(u: UnitDef, face: Face, size: number): OffscreenCanvas | HTMLCanvasElement {
  const canvas: OffscreenCanvas | HTMLCanvasElement = typeof OffscreenCanvas !== 'undefined'
    ? new OffscreenCanvas(size, size)
    : Object.assign(document.createElement('canvas'), { width: size, height: size });
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as Ctx | null;
  if (!ctx) throw new Error('2D canvas context unavailable');
  drawCounterFace(ctx, u, face, size, symbolImage(u, Math.round(size * 0.28)));
  return canvas;
}
