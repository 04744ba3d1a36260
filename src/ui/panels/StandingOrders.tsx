/**
 * Standing orders (issue 15 "two files per game turn", docs/save-format.md "Standing orders"): the
 * play-by-e-mail player writes, before sending the file, how its side answers the decisions of the
 * opponent's coming turn — defensive fire at the assaults designated against a hex (AW 31.2.2b), the
 * end of its Defensive FS Segment, the GA terrain line (GOSS 13.3.2), hit options (GOSS 11.6.2,
 * 13.10.2–13.10.4) and retreats (GOSS 11.6.3, 13.11). The opponent's browser applies them; where none
 * covers a decision, the file comes back as before, and the panel of the player on move says which.
 */
import { useState } from 'react';
import { useGame } from '../../store/game';
import { SIDE_NAME } from '../../store/pbem';
import { enemyOf } from '../../engine/query';
import { describeOrder, ordersGap, StandingOrders as OrdersSchema, type Order, type StandingOrders as Orders } from '../../save';

type Kind = Order['type'];
/** The hit and retreat orders, one per decision: the choice, or none ("ask me": the file comes back). */
const HIT_CHOICES: { type: Kind; label: string; options: { label: string; order: Order }[] }[] = [
  { type: 'gaDefend', label: 'GA terrain line (GOSS 13.3.2)', options: [1, 2, 3].map((l) => ({ label: `line ${l} first`, order: { type: 'gaDefend', lines: [l, 1, 2, 3, 4].filter((x, i, a) => a.indexOf(x) === i) } })) },
  { type: 'fsHits', label: 'FS hits: first hit (GOSS 11.6.2)', options: [{ label: 'step loss', order: { type: 'fsHits', option: 'step' } }, { label: 'retreat', order: { type: 'fsHits', option: 'retreat' } }] },
  { type: 'fsAbsorb', label: 'FS hits: absorb by fatigue', options: [0, 1, 2].map((f) => ({ label: f ? `up to ${f}` : 'none', order: { type: 'fsAbsorb', fatigue: f } })) },
  { type: 'fsRetreat', label: 'FS retreat (GOSS 11.6.3)', options: [{ label: 'first path allowed', order: { type: 'fsRetreat', paths: [], otherwise: 'first' } }] },
  { type: 'gaConvert', label: 'GA mandatory hits (GOSS 13.10.2)', options: [{ label: 'no conversion', order: { type: 'gaConvert' } }] },
  { type: 'gaOption', label: 'GA hits (GOSS 13.10.4)', options: (['hold', 'limited', 'full'] as const).map((o) => ({ label: o === 'hold' ? 'Hold' : o === 'limited' ? 'Limited retreat' : 'Full retreat', order: { type: 'gaOption', option: o } })) },
  { type: 'gaAbsorb', label: 'GA hits: absorb by fatigue', options: [0, 1, 2].map((f) => ({ label: f ? `up to ${f}` : 'none', order: { type: 'gaAbsorb', fatigue: f } })) },
  { type: 'gaRetreat', label: 'GA retreat (GOSS 13.11)', options: [{ label: 'first path allowed', order: { type: 'gaRetreat', paths: [], otherwise: 'first' } }] },
];
const HIT_TYPES = new Set<Kind>(HIT_CHOICES.map((c) => c.type));

export function StandingOrders() {
  const saved = useGame((s) => s.saved);
  const seat = useGame((s) => s.pbem);
  const draft = useGame((s) => s.ordersDraft);
  const setDraft = useGame((s) => s.setOrdersDraft);
  const replaying = useGame((s) => !!s.replaying);
  const [hex, setHex] = useState('');
  const [points, setPoints] = useState('');
  const [bad, setBad] = useState<string | null>(null);
  if (!saved || !seat || saved.save.header.dice === 'hotseat' || replaying) return null;
  const me = seat.me;
  const opp = enemyOf(me);
  const gap = ordersGap(saved, opp);
  const theirs = saved.track.orders?.[opp]?.orders.orders ?? [];
  const fires = draft.orders.filter((o) => o.type === 'fire');
  const endFs = draft.orders.some((o) => o.type === 'endDefensiveFs');
  const hits = draft.orders.filter((o) => HIT_TYPES.has(o.type));
  // Fire orders first, then the end of the segment, then the hit orders: the order of priority.
  const write = (f: Order[], end: boolean, h: Order[]) => setDraft({ orders: [...f, ...(end ? [{ type: 'endDefensiveFs' } as Order] : []), ...h] });
  const addFire = () => {
    const o = { type: 'fire', at: hex.trim(), ...(points ? { points: Number(points) } : {}) };
    const p = OrdersSchema.safeParse({ orders: [o] });
    if (!p.success) { setBad(`Not an order: ${p.error.issues[0].message}`); return; }
    setBad(null); setHex(''); setPoints('');
    write([...fires, p.data.orders[0]], endFs, hits);
  };
  const setHit = (type: Kind, i: string) => {
    const c = HIT_CHOICES.find((x) => x.type === type)!;
    const rest = hits.filter((o) => o.type !== type);
    write(fires, endFs, i === '' ? rest : [...rest, c.options[Number(i)].order]);
  };
  const chosen = (type: Kind) => {
    const o = hits.find((x) => x.type === type);
    if (!o) return '';
    const k = HIT_CHOICES.find((x) => x.type === type)!.options.findIndex((x) => JSON.stringify(x.order) === JSON.stringify(o));
    return k < 0 ? '' : String(k);
  };
  return (
    <section className="panel standing-orders" data-testid="standing-orders" aria-label="Standing orders">
      {gap && <div className="warning" role="status" data-testid="orders-gap">{gap}</div>}
      {theirs.length > 0 && (
        <details data-testid="orders-opponent">
          <summary>{SIDE_NAME[opp]}' standing orders in force ({theirs.length})</summary>
          <ol>{theirs.map((o, i) => <li key={i}>{describeOrder(o)}</li>)}</ol>
        </details>
      )}
      <details data-testid="orders-mine">
        <summary>Your standing orders for {SIDE_NAME[opp]}' coming turn ({draft.orders.length})</summary>
        <p className="note">Sent with your file, and applied by your opponent's browser when the decision comes up (recorded as your action). Your opponent reads them: they reveal your plan. Where no order applies, the file comes back to you.</p>
        <ol data-testid="order-list">
          {draft.orders.map((o, i) => (
            <li key={i} data-testid="order-item">{describeOrder(o)}{' '}
              <button data-testid="order-remove" aria-label={`Remove order ${i + 1}`} onClick={() => setDraft(rm(draft, i))}>×</button>
            </li>
          ))}
        </ol>
        <div className="order-fire">
          Defensive FS at the first assault designated against hex{' '}
          <input data-testid="order-fire-hex" size={6} placeholder="C5320" value={hex} onChange={(e) => setHex(e.target.value)} />{' '}
          up to <input data-testid="order-fire-points" size={3} type="number" min={1} placeholder="all" value={points} onChange={(e) => setPoints(e.target.value)} /> points{' '}
          <button data-testid="order-add-fire" onClick={addFire} disabled={!hex.trim()}>Add</button>
          {bad && <div className="error" data-testid="order-error">{bad}</div>}
        </div>
        <label><input type="checkbox" data-testid="order-end-fs" checked={endFs} onChange={(e) => write(fires, e.target.checked, hits)} /> then end my Defensive FS Segment (AW 31.2.2b)</label>
        {HIT_CHOICES.map((c) => (
          <label key={c.type} className="order-hit">{c.label}{' '}
            <select data-testid={`order-${c.type}`} value={chosen(c.type)} onChange={(e) => setHit(c.type, e.target.value)}>
              <option value="">ask me (the file comes back)</option>
              {c.options.map((x, i) => <option key={i} value={String(i)}>{x.label}</option>)}
            </select>
          </label>
        ))}
      </details>
    </section>
  );
}

function rm(o: Orders, i: number): Orders {
  return { orders: o.orders.filter((_, k) => k !== i) };
}
