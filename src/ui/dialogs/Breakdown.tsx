/** Shared pieces of the combat dialogs: a rule-case tag and a modifier table. */
export function Case({ c }: { c: string }) {
  return <span className="case">{c}</span>;
}

export function ModTable({ rows }: { rows: { label: string; value: string; case: string }[] }) {
  if (!rows.length) return null;
  return (
    <table className="mods"><tbody>
      {rows.map((r, i) => <tr key={i}><td>{r.label}</td><td className="v">{r.value}</td><td><Case c={r.case} /></td></tr>)}
    </tbody></table>
  );
}

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
