/**
 * Keyboard play on the map (issue 16 item 1): the focused map has a hex cursor moved by the arrow
 * keys; Enter or Space acts on the cursor hex as a click does (select a stack, or move the selected
 * stack to a reachable hex), M moves the selected stack there even onto a friendly stack, N / Shift+N
 * jump to the next / previous stack of the side to act, P / C / X mark the selected stack PA / CR /
 * Exploit (AW 31.2.1), + and − zoom. Shift+Enter (anywhere) ends the segment: App.tsx.
 */
import { useGame } from '../../store/game';
import { legalFor } from '../../store/legal';
import { sideToAct, type Action, type GameState } from '../../engine';
import { neighbour, colOf, type Direction } from '../../engine/hex/lattice';
import { clickHex, moveStack } from '../interaction';
import { actionUnits } from '../describeAction';
import { movableUnits } from './reach';
import { unitList } from '../../engine/unitTable';

/** Arrow key → lattice direction (N, NE, SE, S, SW, NW = 0..5). Left/right zigzag along the row band of odd-q columns. */
export function arrowStep(h: number, key: string): number {
  const odd = (colOf(h) & 1) === 1;
  const d: Direction | null = key === 'ArrowUp' ? 0 : key === 'ArrowDown' ? 3
    : key === 'ArrowRight' ? (odd ? 1 : 2) : key === 'ArrowLeft' ? (odd ? 5 : 4) : null;
  return d === null ? -1 : neighbour(h, d);
}

/** Hexes holding the acting side's units, in reading order (west to east, north to south). */
function ownStacks(state: GameState): number[] {
  const side = sideToAct(state);
  const hexes = new Set<number>();
  for (const u of unitList(state)) if (u.side === side && !u.eliminated && u.hex !== null) hexes.add(u.hex);
  return [...hexes].sort((a, b) => colOf(a) - colOf(b) || a - b);
}

const MARKERS: Record<string, string> = { p: 'PA', c: 'CR', x: 'Exploit' };

/** The legal `mark` actions with `marker` for the acting side's units in `hex` (those moving with the stack). */
function marksFor(state: GameState, hex: number, marker: string, held: readonly string[]): Action[] {
  const side = sideToAct(state);
  if (!side) return [];
  const ids = new Set(movableUnits(state, hex, held));
  return legalFor(state, side).filter((a) => a.type === 'mark' && (a as { marker?: string }).marker === marker && actionUnits(a).some((id) => ids.has(id)));
}

export interface MapKeyHost {
  /** Brings the hex into view when it is outside it. */
  reveal(h: number): void;
  zoomBy(f: number): void;
  /** A hex to start the cursor from (the view's centre). */
  centreHex(): number;
  onBoard(h: number): boolean;
}

/** Handles a key pressed on the focused map; true when it was a map key (the event is then consumed). */
export function mapKey(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, host: MapKeyHost): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const st = useGame.getState();
  const cursor = st.cursorHex ?? st.selectedHex ?? host.centreHex();
  const setCursor = (h: number) => { st.setCursor(h); st.hover(h); host.reveal(h); };
  if (e.key.startsWith('Arrow')) {
    const n = arrowStep(cursor, e.key);
    setCursor(n >= 0 && host.onBoard(n) ? n : cursor);
    return true;
  }
  if ((e.key === 'Enter' && !e.shiftKey) || e.key === ' ') {
    // Enter on the map picks hexes; a player used to "Enter = Done" is told how to end the segment.
    if (cursor === st.selectedHex && e.key === 'Enter') useGame.setState({ error: 'On the map, Enter selects the stack under the cursor or moves the selected stack there; Shift+Enter ends the segment.' });
    clickHex(cursor);
    return true;
  }
  const k = e.key.toLowerCase();
  if (k === 'm') {
    if (st.selectedHex !== null && st.selectedHex !== cursor && !moveStack(st.selectedHex, cursor, st.heldUnits)) {
      useGame.setState({ error: 'The selected stack cannot reach the cursor hex (Enter selects it instead).' });
    }
    return true;
  }
  if (k === 'n' && st.state) {
    const stacks = ownStacks(st.state);
    if (!stacks.length) return true;
    const at = stacks.indexOf(st.selectedHex ?? -1);
    const next = stacks[(at < 0 ? (e.shiftKey ? stacks.length - 1 : 0) : at + (e.shiftKey ? stacks.length - 1 : 1)) % stacks.length];
    setCursor(next);
    st.selectHex(next);
    return true;
  }
  if (MARKERS[k] && st.state && st.selectedHex !== null) {
    const marks = marksFor(st.state, st.selectedHex, MARKERS[k], st.heldUnits);
    if (!marks.length) useGame.setState({ error: `No unit of the selected stack can be marked ${MARKERS[k]} now (AW 31.2.1: in the Movement Segment, before any unit moves).` });
    else useGame.getState().dispatchAll(marks);
    return true;
  }
  if (e.key === '+' || e.key === '=') { host.zoomBy(1.25); return true; }
  if (e.key === '-') { host.zoomBy(1 / 1.25); return true; }
  return false;
}
