/**
 * Counter sheet (issue 4): every counter of a scenario, filterable by side and formation, each face
 * drawn as on the map, with an inspector of every value, its source and the rules that read it —
 * the quickest way for a box owner to compare with the physical counters.
 *
 * Mount: `<CounterSheet scenarioId="goodwood" />` (also epsom, cherbourg, or aliases aw32/scenario1…).
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { UnitDef } from '../../data/schemas/unit';
import { drawCounterFace, facesOf, symbolImage, valueText, type Face } from './drawCounter';
import { NATIONALITY_COLOURS, NATIONALITY_COLOUR_SOURCE } from './colours';
import { scenarioCounters } from './scenarioCounters';

export interface CounterSheetProps {
  /** Roster id or alias: goodwood | epsom | cherbourg (aw32, aw33, aw34, scenario1…). */
  scenarioId: string;
  /** Counter edge in CSS pixels (default 64). */
  size?: number;
  /** Called when the user selects a counter. */
  onSelect?: (unitId: string) => void;
}

/** Which rules read each value (goss-core.md §3). */
const RULES: Record<string, string> = {
  steps: 'GOSS 4.1-4.2 steps and losses; 13.9 GA; 26.0 CS',
  armAttack: 'GOSS 13.8.4 Arm/AT DRM (attacking)',
  armDefence: 'GOSS 13.8.4 Arm/AT DRM (defending)',
  at: 'GOSS 13.8.4 AT factor (defence side only)',
  prOff: 'GOSS 4.4, 13.8.1 lead PR (attacking)',
  prDef: 'GOSS 4.4, 13.8.1 lead PR (defending); PR checks',
  ma: 'GOSS 7.1 movement allowance',
  moveClass: 'GOSS 4.3 Leg/Mech/Static; TEC costs',
  range: 'GOSS 11.3.1 artillery range',
  redHexagon: 'GOSS 7.7.1-7.7.2 movement halts; 11.4.1b 88 Flak as artillery',
  independent: 'GOSS 9.1.0 independent asset',
  breakdown: 'GOSS 18 breakdown; AW 18.2',
  training: 'GOSS 4.5 Raw/Green/Vet column shifts',
  zSide: 'GOSS 4.1.3 Z-steps; AW 18.2.0',
  size: 'GOSS 4.1 unit sizes; stacking',
};

function CounterFace({ unit, face, size }: { unit: UnitDef; face: Face; size: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
    c.width = Math.round(size * dpr);
    c.height = Math.round(size * dpr);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawCounterFace(ctx, unit, face, size, symbolImage(unit, Math.round(size * dpr * 0.28)));
  }, [unit, face, size]);
  return <canvas ref={ref} style={{ width: size, height: size, display: 'block' }} title={`${unit.designation} (${face}) ${valueText(unit, face)}`} data-testid={`counter-${unit.id}-${face}`} />;
}

const row: CSSProperties = { borderBottom: '1px solid #ddd', padding: '2px 6px', verticalAlign: 'top' };

function UnitInspector({ unit, names }: { unit: UnitDef; names: string[] }) {
  const s = unit.sources ?? {};
  const steps = unit.steps.map((v) => `${v.attack}-${v.defence}`).join(' → ');
  const lines: [string, string, string, string][] = [
    ['id', unit.id, s.identity ?? unit.source, ''],
    ['designation', unit.designation, s.identity ?? unit.source, ''],
    ['nationality', unit.nationality, NATIONALITY_COLOUR_SOURCE, 'AW 1.4.2'],
    ['type / size', `${unit.type} ${unit.size}`, s.values ?? unit.source, RULES.size],
    ['steps (full → reduced → hit)', steps, s.values ?? unit.source, RULES.steps],
    ['values (GOSS layout)', valueText(unit, 'front'), s.values ?? unit.source, ''],
    ['Arm attack / defence', `${unit.armAttack ?? '–'} / ${unit.armDefence ?? '–'}`, s.values ?? unit.source, RULES.armAttack],
    ['AT', String(unit.at ?? '–'), s.values ?? unit.source, RULES.at],
    ['PR off / def', `${unit.prOff ?? '–'} / ${unit.prDef ?? '–'}`, s.pr ?? unit.source, RULES.prOff],
    ['MA / class', `${unit.ma} ${unit.moveClass}`, s.ma ?? unit.source, RULES.ma],
  ];
  if (unit.range != null) lines.push(['artillery', `BF ${unit.steps[0].attack}, range ${unit.range}${unit.heavyArt ? ', heavy' : ''}${unit.sp ? ', SP' : ''}${unit.horse ? ', horse' : ''}`, s.values ?? unit.source, RULES.range]);
  if (unit.zSide) lines.push(['Z-step back', `${unit.zSide.attack}-${unit.zSide.defence}`, s.zSide ?? unit.source, RULES.zSide]);
  lines.push(['flags', [unit.redHexagon && 'red hexagon', unit.independent && 'independent', unit.mayNotBreakDown && 'may not break down', unit.re && 'RE', unit.pureAfv && 'pure AFV', unit.engineer && 'engineer', unit.engAfv && 'engineer AFV', unit.cwRecon && 'CW recon', unit.attached && 'attached', unit.weight && `weight ${unit.weight}`].filter(Boolean).join(', ') || '–', s.values ?? unit.source, RULES.redHexagon]);
  lines.push(['formation / regiment / HQ', `${unit.formation ?? '–'} / ${unit.regiment ?? '–'} / ${unit.hq ?? '–'}`, s.identity ?? unit.source, 'GOSS 9 command; 13.8.3 RIB']);
  lines.push(['breakdown', unit.breakdown ? `${unit.breakdown.count} × ${unit.breakdown.values} (${unit.breakdown.class})` : '–', s.values ?? unit.source, RULES.breakdown]);
  lines.push(['training', unit.training ?? '–', s.pr ?? unit.source, RULES.training]);
  if (s.note) lines.push(['note', s.note.replace(/^definition: /, ''), '', '']);
  return (
    <section aria-label="Counter inspector" data-testid="counter-inspector" style={{ border: '1px solid #999', padding: 8, marginTop: 8, background: '#fafafa' }}>
      <h3 style={{ margin: '0 0 6px' }}>{unit.designation} <small>({unit.id})</small></h3>
      <div style={{ display: 'flex', gap: 6, marginBottom: 6 }}>
        {facesOf(unit).map((f) => <div key={f} style={{ textAlign: 'center', fontSize: 11 }}><CounterFace unit={unit} face={f} size={96} />{f}</div>)}
      </div>
      {names.length > 0 && <div style={{ fontSize: 12, marginBottom: 4 }}>Named in the rules as: {names.map((n) => `“${n}”`).join(', ')}</div>}
      <table style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <thead><tr><th style={row}>value</th><th style={row}></th><th style={row}>source</th><th style={row}>rules</th></tr></thead>
        <tbody>{lines.map(([k, v, src, rules]) => <tr key={k}><td style={row}>{k}</td><td style={row}><b>{v}</b></td><td style={row}>{src}</td><td style={row}>{rules}</td></tr>)}</tbody>
      </table>
    </section>
  );
}

export function CounterSheet({ scenarioId, size = 64, onSelect }: CounterSheetProps) {
  const sc = useMemo(() => scenarioCounters(scenarioId), [scenarioId]);
  const [side, setSide] = useState<'all' | 'allied' | 'german'>('all');
  const [formation, setFormation] = useState('all');
  const [selected, setSelected] = useState<string | null>(null);
  if (!sc) return <div role="alert">No counter roster for scenario “{scenarioId}”.</div>;
  const formations = [...new Set(sc.units.filter((u) => side === 'all' || u.side === side).map((u) => u.formation ?? '–'))];
  const shown = sc.units.filter((u) => (side === 'all' || u.side === side) && (formation === 'all' || (u.formation ?? '–') === formation));
  const groups = new Map<string, UnitDef[]>();
  for (const u of shown) groups.set(u.formation ?? '–', [...(groups.get(u.formation ?? '–') ?? []), u]);
  const namesOf = (id: string) => sc.roster.resolutions.filter((r) => r.resolution.ids.includes(id)).map((r) => r.entry.name);
  const sel = selected ? sc.byId.get(selected) : undefined;
  const pick = (id: string) => { setSelected(id); onSelect?.(id); };
  return (
    <section className="counter-sheet" aria-label="Counter sheet" data-testid="counter-sheet" style={{ padding: 8, overflow: 'auto', color: '#111', background: '#fff' }}>
      <h2 style={{ margin: '0 0 6px' }}>{sc.roster.scenario.case} {sc.roster.scenario.name}: {sc.units.length} counters</h2>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}>
        <label>Side <select value={side} onChange={(e) => { setSide(e.target.value as typeof side); setFormation('all'); }} data-testid="sheet-side">
          <option value="all">both</option><option value="german">German</option><option value="allied">Allied</option>
        </select></label>
        <label>Formation <select value={formation} onChange={(e) => setFormation(e.target.value)} data-testid="sheet-formation">
          <option value="all">all</option>{formations.map((f) => <option key={f} value={f}>{f}</option>)}
        </select></label>
        <span>{shown.length} shown</span>
        {sc.roster.unresolved.length > 0 && <span role="alert">{sc.roster.unresolved.length} names unresolved</span>}
      </div>
      {[...groups].map(([f, units]) => (
        <div key={f} style={{ marginBottom: 8 }}>
          <h4 style={{ margin: '4px 0', background: NATIONALITY_COLOURS[units[0].nationality].background, color: NATIONALITY_COLOURS[units[0].nationality].text, padding: '2px 6px' }}>{f} ({units.length})</h4>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {units.map((u) => (
              <button key={u.id} type="button" onClick={() => pick(u.id)} aria-pressed={selected === u.id} aria-label={`${u.designation} ${valueText(u, 'front')}`}
                style={{ padding: 0, border: selected === u.id ? '2px solid #e67e22' : '2px solid transparent', background: 'none', cursor: 'pointer' }}>
                <CounterFace unit={u} face="front" size={size} />
              </button>
            ))}
          </div>
        </div>
      ))}
      {sel && <UnitInspector unit={sel} names={namesOf(sel.id)} />}
    </section>
  );
}

export default CounterSheet;
