/**
 * UI state of the setup phase (AW 34.11.2): what the player has picked up to place (a pool unit or
 * a fieldworks marker), the last placement message, and a drag in progress. The placements
 * themselves are actions in the game store (log, save, undo); nothing here is game state.
 */
import { create } from 'zustand';

/** What a click on a hex (or a drop on the map) will place. */
export type Armed = { kind: 'unit'; unit: string } | { kind: 'fieldworks'; fw: string };

export interface SetupMessage { text: string; ok: boolean }

export interface SetupUi {
  armed: Armed | null;
  message: SetupMessage | null;
  /** A drag from the setup panel: the label shown under the pointer and where it is. */
  drag: { label: string; x: number; y: number } | null;
  arm(a: Armed | null): void;
  say(m: SetupMessage | null): void;
  setDrag(d: SetupUi['drag']): void;
}

export const useSetup = create<SetupUi>()((set) => ({
  armed: null,
  message: null,
  drag: null,
  arm: (armed) => set({ armed }),
  say: (message) => set({ message }),
  setDrag: (drag) => set({ drag }),
}));

export const sameArmed = (a: Armed | null, b: Armed | null): boolean =>
  !!a && !!b && (a.kind === 'unit' ? b.kind === 'unit' && a.unit === b.unit : b.kind === 'fieldworks' && a.fw === b.fw);
