/** Shared pieces of the combat dialogs: a rule-case tag and a modifier table. */
import { playerText } from '../describe';

/** A rule case, or a data note cited as one (a fire-support source), in the player's words (no seed lines or project files). */
export function Case({ c }: { c: string }) {
  return <span className="case">{playerText(c)}</span>;
}

export function ModTable({ rows }: { rows: { label: string; value: string; case: string }[] }) {
  if (!rows.length) return null;
  return (
    <table className="mods"><tbody>
      {rows.map((r, i) => <tr key={i}><td>{playerText(r.label)}</td><td className="v">{r.value}</td><td><Case c={r.case} /></td></tr>)}
    </tbody></table>
  );
}

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
