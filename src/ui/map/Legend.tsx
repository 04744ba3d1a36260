/**
 * The map key: terrain colours, hexside features and routes as the map draws them, each with its
 * GOSS 7 TEC movement cost for Leg and Mech read from the TEC in play (the scenario's tables, or
 * data/tables/tec.json when browsing a map). Reconstructed TEC rows are marked; every row's title
 * is its source.
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import tecJson from '../../../data/tables/tec.json';
import type { ScenarioBundle } from '../../engine';
import { TecTable } from '../../engine/query';
import { HEXSIDE_FEATURES, ROUTE_CLASSES, TERRAIN } from '../../data/schemas/map';
import { HEXSIDE_COLOURS, HEXSIDE_WIDTHS, ROUTE_COLOURS, ROUTE_WIDTHS, SHEET_COLOURS, TERRAIN_COLOURS, hex6 } from './palette';

const NAMES: Record<string, string> = { majorRiver: 'major river', primary: 'primary road', secondary: 'secondary road' };
const nameOf = (k: string) => NAMES[k] ?? k;
const mp = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));
const plus = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `+${v}`);

export function Legend({ bundle, showSheets, onClose }: { bundle: ScenarioBundle | null; showSheets: boolean; onClose: () => void }) {
  const parsed = useMemo(() => TecTable.safeParse(bundle?.tables.tec ?? tecJson), [bundle]);
  return (
    <section aria-label="Map legend" data-testid="map-legend" style={PANEL}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <b>Legend · GOSS 7 TEC (MP)</b>
        <button type="button" onClick={onClose} aria-label="Close legend" style={{ padding: '0 6px' }}>×</button>
      </header>
      {!parsed.success ? <p>The Terrain Effects Chart is invalid: {parsed.error.issues[0]?.message}</p> : <Tables tec={parsed.data} />}
      {showSheets && (
        <div style={{ marginTop: 6 }}>
          Sheets:{' '}
          {Object.entries(SHEET_COLOURS).map(([k, c]) => <b key={k} style={{ color: hex6(c), marginRight: 6 }}>{k}</b>)}
        </div>
      )}
    </section>
  );
}

function Tables({ tec }: { tec: TecTable }) {
  return (
    <>
      <table style={TABLE} data-testid="legend-terrain">
        <thead><tr><th style={TH} colSpan={2}>Terrain (to enter)</th><th style={TH}>Leg</th><th style={TH}>Mech</th><th style={TH} title="Covering terrain (GOSS 8.2, AW 31.8)">Cover</th></tr></thead>
        <tbody>
          {TERRAIN.map((t) => {
            const row = tec.terrain[t];
            return (
              <Row key={t} source={row?.source} swatch={<span style={{ ...SWATCH, background: hex6(TERRAIN_COLOURS[t]) }} />} name={t}
                cells={[mp(row?.leg), mp(row?.mech), row?.cover ?? '']} />
            );
          })}
        </tbody>
      </table>
      <table style={TABLE} data-testid="legend-hexsides">
        <thead><tr><th style={TH} colSpan={2}>Hexside (added)</th><th style={TH}>Leg</th><th style={TH}>Mech</th><th /></tr></thead>
        <tbody>
          {HEXSIDE_FEATURES.map((f) => {
            const row = tec.hexsides[f];
            return <Row key={f} source={row?.source} swatch={<Line colour={HEXSIDE_COLOURS[f]} width={HEXSIDE_WIDTHS[f]} bridge={f === 'bridge'} />} name={nameOf(f)} cells={[plus(row?.leg), plus(row?.mech), '']} />;
          })}
        </tbody>
      </table>
      <table style={TABLE} data-testid="legend-routes">
        <thead><tr><th style={TH} colSpan={2}>Route (along it)</th><th style={TH}>Leg</th><th style={TH} title="Mech road movement, GOSS 7.10: into clear / other terrain">Mech road</th><th /></tr></thead>
        <tbody>
          {ROUTE_CLASSES.map((r) => {
            const row = tec.roads[r];
            const m = row ? (row.mechRoad === row.mechRoadNonClear ? mp(row.mechRoad) : `${row.mechRoad} / ${row.mechRoadNonClear}`) : '—';
            return <Row key={r} source={row?.source} swatch={<Line colour={ROUTE_COLOURS[r]} width={ROUTE_WIDTHS[r]} />} name={nameOf(r)} cells={[mp(row?.leg), m, '']} />;
          })}
        </tbody>
      </table>
      <p className="case" style={{ margin: '4px 0 0' }}>
        — prohibited. Hexside costs add to the hex&apos;s; a Leg unit along a road pays the road cost instead (GOSS 7.6.2);
        Mech road movement pays the road cost, clear and village {mp(tec.terrain.clear?.mechRoad)} without a road (GOSS 7.10.1).
        Next to an enemy: Leg +{tec.adjacentEnemy.leg}, Mech +{tec.adjacentEnemy.mech} (GOSS 7.8.0). * reconstructed (hover a row for its source).
      </p>
    </>
  );
}

function Row({ swatch, name, cells, source }: { swatch: ReactNode; name: string; cells: string[]; source?: string }) {
  const rec = source?.startsWith('reconstructed');
  return (
    <tr title={source}>
      <td style={TD}>{swatch}</td>
      <td style={TD}>{name}{rec ? '*' : ''}</td>
      {cells.map((c, i) => <td key={i} style={TD}>{c}</td>)}
    </tr>
  );
}

function Line({ colour, width, bridge }: { colour: number; width: number; bridge?: boolean }) {
  return (
    <svg width={26} height={12} aria-hidden style={{ verticalAlign: 'middle' }}>
      {bridge && <line x1={0} y1={6} x2={26} y2={6} stroke={hex6(HEXSIDE_COLOURS.river)} strokeWidth={HEXSIDE_WIDTHS.river} />}
      {bridge
        ? <line x1={13} y1={0} x2={13} y2={12} stroke={hex6(colour)} strokeWidth={width} />
        : <line x1={0} y1={6} x2={26} y2={6} stroke={hex6(colour)} strokeWidth={width} />}
    </svg>
  );
}

const PANEL: CSSProperties = {
  position: 'absolute', top: 40, left: 8, zIndex: 2, width: 310, maxHeight: 'calc(100% - 56px)', overflow: 'auto',
  background: 'rgba(255,255,255,0.95)', border: '1px solid #999', borderRadius: 4, padding: '6px 8px', fontSize: 12,
};
const TABLE: CSSProperties = { borderCollapse: 'collapse', width: '100%', marginTop: 4 };
const TH: CSSProperties = { textAlign: 'left', fontWeight: 600, padding: '2px 4px 0 0', borderBottom: '1px solid #ccc' };
const TD: CSSProperties = { padding: '1px 4px 1px 0' };
const SWATCH: CSSProperties = { display: 'inline-block', width: 18, height: 12, border: '1px solid rgba(0,0,0,0.3)', verticalAlign: 'middle' };
