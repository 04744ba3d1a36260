/** Keyboard shortcuts and how to play, opened with "?". */
export const SHORTCUTS: [string, string][] = [
  ['Enter', 'Done with this segment'],
  ['Ctrl+Z', 'Undo (back to the last die roll or change of side)'],
  ['Esc / right-click', 'Cancel the selection'],
  ['Wheel', 'Zoom the map'],
  ['Drag', 'Pan the map'],
  ['?', 'Show or hide this help'],
];

export function Help({ onClose }: { onClose: () => void }) {
  return (
    <div className="help" role="dialog" aria-label="Help" data-testid="help">
      <h3>Keyboard</h3>
      <table><tbody>{SHORTCUTS.map(([k, v]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{v}</td></tr>)}</tbody></table>
      <p>Click your units in the Movement Segment to see where they can go (with the MP cost); click a highlighted hex to move there. The tracker says what the rules expect now.</p>
      <button onClick={onClose}>Close</button>
    </div>
  );
}
