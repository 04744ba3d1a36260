/** Keyboard shortcuts and how to play, opened with "?" (issue 16 items 1, 11). */
export const SHORTCUTS: [string, string][] = [
  ['Tab / click', 'Focus the map (a blue hex cursor shows; a blue ring around the map)'],
  ['← ↑ → ↓', 'Move the hex cursor (the view follows it)'],
  ['Enter / Space', 'On the map: select the stack under the cursor, or move the selected stack there (a highlighted hex without friendly units)'],
  ['M', 'Move the selected stack to the cursor hex, also onto a friendly stack (Shift+click with the mouse)'],
  ['N / Shift+N', 'Next / previous stack of the side to act'],
  ['P / C / X', 'Mark the selected stack PA / CR / Exploit, before it moves (AW 31.2.1)'],
  ['+ / −', 'Zoom the map in / out'],
  ['Shift+Enter', 'Done with this segment (anywhere)'],
  ['Enter', 'Done with this segment, when no button, field or the map has the focus (a focused button takes its own Enter)'],
  ['Ctrl+Z', 'Undo (back to the last die roll or change of side); a stack move is one step'],
  ['Esc / right-click', 'Cancel the selection'],
  ['Wheel / drag', 'Zoom / pan the map'],
  ['?', 'Show or hide this help'],
];

export function Help({ onClose }: { onClose: () => void }) {
  return (
    <div className="help" role="dialog" aria-label="Help" data-testid="help">
      <h3>How to play</h3>
      <p>The tracker says whose segment it is and what the rules expect. In your Movement Segment select a stack (click it, or Enter on the map): the hexes it can reach light up with their MP cost, halting hexes rimmed in red. Click a lit hex to move; a click on another of your stacks selects that stack instead. Untick a unit in the inspector to leave it behind. Mark PA/CR/Exploit and designate assaults from the inspector; fire missions and assaults are made in their dialogs, which show every modifier with its rule case before the dice roll.</p>
      <p>Decisions (retreats, hits, advances) appear in the Decisions panel with who decides and for which assault or mission. In hotseat the board is hidden at each change of side until the next player reveals it. <b>Victory</b> (top right) shows each victory condition on the position now; the objective hexes carry a gold star on the map.</p>
      <h3>Keyboard</h3>
      <table><tbody>{SHORTCUTS.map(([k, v]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{v}</td></tr>)}</tbody></table>
      <button onClick={onClose}>Close</button>
    </div>
  );
}
