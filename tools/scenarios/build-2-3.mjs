/**
 * Builds data/scenarios/epsom.json and cherbourg.json (AW 33, AW 34) from the rules text as
 * transcribed in data/units/rosters/aw-scenarios-1-3.json, the unit resolver and the map. The text
 * parts cite seed:004 lines; the diagram-only parts (play areas, start and front lines, division
 * boundaries and sectors, Allied setups) are computed here from reconstructed control points and
 * labelled `reconstructed:`. Run: node tools/scenarios/build-2-3.mjs (needs only the project).
 * The JSON files are the data of record; owners of the boxed game edit them, not this script.
 */
import { createServer } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';

const ROOT = new URL('../..', import.meta.url).pathname;
const server = await createServer({ root: ROOT, logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
try {
  const names = await server.ssrLoadModule('/src/data/unitNames.ts');
  const hex = await server.ssrLoadModule('/src/engine/hex/index.ts');
  const boardMod = await server.ssrLoadModule('/src/engine/board.ts');
  const mapJson = JSON.parse(readFileSync(`${ROOT}data/map/normandy.json`, 'utf8'));
  const { board } = boardMod.buildBoard('data/map/normandy.json', mapJson);
  const land = (h) => boardMod.isLand(board, h);
  const id = (s, c, r) => `${s}${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
  const H = (s) => hex.hexOfRulesId(s);
  const roads = new Set();
  for (const r of mapJson.routes) if (r.class !== 'railway') for (const x of r.path) roads.add(H(x));
  const unitsOf = (sets) => sets.flatMap((s) => JSON.parse(readFileSync(`${ROOT}data/units/${s}.json`, 'utf8')).units);
  const S = (line, text) => `seed:004 L${line} ${text}`;
  const gt = (date, time) => ({ date, time });
  const turnTrack = (start, gt0, days) => {
    const out = []; let n = gt0;
    for (let i = 0; i < days; i++) {
      const d = new Date(`${start}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + i);
      for (const time of ['AM', 'PM', 'Night']) out.push({ gt: n++, date: d.toISOString().slice(0, 10), time, source: 'definition: GT numbers: June 6 AM = GT 1, three GTs per GD (shared/research/goss-scenarios.md §2; AW 36.1.0 uses the same count)' });
    }
    return out;
  };

  // ---------------------------------------------------------------- Scenario 2: Epsom (AW 33)
  {
    const sc = names.findRosterScenario('epsom');
    const units = unitsOf(sc.unitSets);
    const defs = new Map(units.map((u) => [u.id, u]));
    const res = names.createResolver(units);
    // Play area (diagram only): map C columns 29-43, rows 16-34, less the Carpiquet-Caen corner
    // north-east of the line C3921-C4226 (the rules' own east-edge entry span).
    const eastRow = { 40: 22, 41: 24, 42: 26, 43: 26 };
    const inArea = (c, r) => c >= 29 && c <= 43 && r >= 16 && r <= 34 && !(eastRow[c] && r < eastRow[c]);
    const area = [];
    for (let c = 29; c <= 43; c++) for (let r = 16; r <= 34; r++) if (inArea(c, r)) area.push(id('C', c, r));
    const areaSet = new Set(area.map(H));
    const edgeHexes = area.filter((x) => hex.neighbours(H(x)).some((n) => !areaSet.has(n)));
    const west = edgeHexes.filter((x) => +x.slice(1, 3) === 29);
    const south = edgeHexes.filter((x) => +x.slice(3) === 34);
    const north = edgeHexes.filter((x) => +x.slice(3) === 16);
    const east = edgeHexes.filter((x) => !west.includes(x) && !south.includes(x) && !north.includes(x));
    const START_ROW = 20; // reconstructed Allied start line: Allied rows <= 20
    const roadEdge = (pred) => edgeHexes.filter((x) => roads.has(H(x)) && land(H(x)) && pred(+x.slice(3)));
    let alliedPss = roadEdge((r) => r <= START_ROW);
    let germanPss = roadEdge((r) => r > START_ROW);
    const pssNote = [];
    if (!alliedPss.length) { alliedPss = north.filter((x) => land(H(x))); pssNote.push('no primary/secondary road of the generated map crosses the edge north of the start line, so every north-edge hex stands in for the diagram\'s road hexes'); }
    if (germanPss.length < 3) { const extra = [...west, ...south, ...east].filter((x) => +x.slice(3) > START_ROW && land(H(x)) && (x === 'C2928' || x === 'C2933' || x === 'C3434' || x === 'C4226')); germanPss = [...new Set([...germanPss, ...extra])]; pssNote.push('the rules\' own German entry hexes C2928, C2933, C3434 and C4226 (roads on the printed map) are added to the generated map\'s road-edge hexes'); }

    const setup = [];
    const german = sc.german.filter((g) => /^C\d{4}$/.test(g.where));
    const fwBy = { C3023: 'ET-2', C3025: 'IP', C3122: 'ET-2', C3224: 'ET-2', C3326: 'IP', C3423: 'ET-2', C3425: 'IP', C3522: 'ET-2', C3721: 'ET-2', C3722: 'IP', C3724: 'IP', C3825: 'IP', C3921: 'ET-3', C4024: 'IP' };
    const nwSpread = { C3524: ['C3524', 'C3524', 'C3525'], C4328: ['C4328', 'C4328', 'C4329'] };
    for (const g of german) {
      const r = res.resolve(g.name);
      if (!r.ids.length) throw new Error(`unresolved ${g.name}: ${r.reason}`);
      r.ids.forEach((u, i) => {
        const at = nwSpread[g.where]?.[i] ?? g.where;
        const e = { unit: u, hex: at, stepsLost: 0, source: `seed:004 L${g.line} AW 33.11.2 "${g.where}: ${g.name}"${at !== g.where ? `; reconstructed: "in or adj" ${g.where}: two Btns in ${g.where}, the third in the adjacent ${at} (GOSS 6.3 stacking)` : ''}` };
        if (fwBy[at] && at === g.where) e.fieldworks = fwBy[at];
        setup.push(e);
      });
    }
    // Reinforcements (33.12.2)
    const reinf = [];
    const span = (a, b) => { const out = []; const [ca, ra, cb, rb] = [+a.slice(1, 3), +a.slice(3), +b.slice(1, 3), +b.slice(3)]; for (let c = ca; c <= cb; c++) for (let r = Math.min(ra, rb); r <= Math.max(ra, rb); r++) { const x = id('C', c, r); if (east.includes(x) || x === a || x === b) out.push(x); } return out; };
    const groups = [
      ['1944-06-26', 'PM', ['C2928'], 'C2928', ['1x MkV Pz Coy (2nd Pz Div)', '8th NW Brigade (all units)'], 10241],
      ['1944-06-26', 'PM', span('C3921', 'C4226'), 'C3921 to C4226', ['2/200/21 PzJ Coy'], 10247],
      ['1944-06-27', 'PM', ['C2928'], 'C2928', ['I/3/2SS & II/3/2SS Mot Inf Btns', 'I/2/2SS Art Btn'], 10249],
      ['1944-06-27', 'Night', span('C3921', 'C4226'), 'C3921 to C4226', ['1x MkV Pz Coy', '1x MkIV Pz Z-step (1st SS Pz Div)', 'I/1/1SS & II/1/1SS Mot Inf Btns', '1x MkIV Coy (21st Pz Div)'], 10255],
      ['1944-06-28', 'AM', ['C2933'], 'C2933', ['9SS Pz Div (all units)'], 10265],
      ['1944-06-28', 'PM', ['C3434'], 'C3434', ['10SS Pz Div (all units)'], 10269],
    ];
    for (const [date, time, hexes, text, list, line] of groups) {
      const us = list.flatMap((n) => { const r = res.resolve(n); if (!r.ids.length) throw new Error(n); return r.ids.map((u) => ({ unit: u, stepsLost: 0, name: n })); });
      reinf.push({ side: 'german', at: gt(date, time), entry: { hexes }, entryText: text, units: us, skipInLengths: [], source: S(line, `AW 33.12.2: ${date.slice(5)} ${time} at ${text}`) + (text.includes(' to ') ? `; reconstructed: the span read as the east-edge hexes of the reconstructed play area between the two` : '') });
    }
    // Allied setup (reconstructed): 49th Div + 8 Armd Bde west of the boundary (cols 29-33), 15th Scottish
    // + 31 Tk Bde in front east of it (cols 34-39), 43rd Wessex + 4 Armd Bde behind, 11th Armd at the rear.
    const allied = [];
    for (const g of [...sc.allied, ...sc.alliedExtras]) { const r = res.resolve(g.name, g.context); allied.push(...r.ids); }
    const offMap = [];
    const divArt = { '15Div': ['131-ra-15', '181-ra-15', '190-ra-15'], '43Div': ['94-ra-43', '112-ra-43', '179-ra-43'], '49Div': ['69-ra-49', '143-ra-49', '185-ra-49'], '11Arm': ['13-rha-11', '151-ra-11'] };
    for (const [f, list] of Object.entries(divArt)) list.forEach((u, i) => offMap.push({ unit: u, role: i === 0 ? 'track' : 'notInPlay', source: `seed:004 L9920-L9936 AW 33.5.1a: each division HQ is the division's artillery (12 points, range 6); ${i === 0 ? `one artillery Btn of ${f} marks its points on the track` : `the other artillery Btns of ${f} are not used`} (as AW 32.5.1)` }));
    const offSet = new Set(offMap.map((o) => o.unit));
    const slots = (cols, rows) => { const out = []; for (const r of rows) for (const c of cols) { const x = id('C', c, r); if (areaSet.has(H(x)) && land(H(x))) out.push(x); } return out; };
    const place = (ids, cols, rows, why) => {
      const free = slots(cols, rows); let i = 0; const per = new Map();
      for (const u of ids) {
        while (i < free.length && (per.get(free[i]) ?? 0) >= 2) i++;
        if (i >= free.length) throw new Error(`no room for ${u}`);
        const x = free[i]; per.set(x, (per.get(x) ?? 0) + 1);
        setup.push({ unit: u, hex: x, stepsLost: 0, source: `reconstructed: ${why}` });
        if (per.get(x) >= 2) i++;
      }
    };
    const by = (pred) => allied.filter((u) => !offSet.has(u) && pred(defs.get(u)));
    const f = (...fs) => (d) => fs.includes(d.formation);
    place(by(f('49Div', '8ArmBde')).filter((u) => u !== '49div-hq'), [29, 30, 31, 32, 33], [20, 19], '49th Div with 8 Armd Bde on the XXX Corps front west of the 49th Div boundary (cols 29-33), facing Fontenay-le-Pesnel, Tessel wood and Rauray for Operation Martlet (Ellis, Victory in the West I ch. XIII; Jackson, Operations of Eighth Corps)');
    place(['49div-hq', 'xxx-corps-hq', '195-73', '196-73'], [29, 30, 31, 32, 33], [18, 17], 'XXX Corps HQ, 49th Div HQ and the 73rd AT Rgt behind the 49th Div front');
    place(by(f('15Div', '31TkBde', '79Arm')).filter((u) => u !== '15div-hq'), [34, 35, 36, 37, 38, 39], [20, 19], '15th Scottish Div with 31 Tk Bde and the flails on the VIII Corps start line Le Mesnil-Patry-Norrey-Bretteville-l\'Orgueilleuse (cols 34-39), attacking south on Cheux and St-Manvieu on 26 June');
    place(['15div-hq', ...by(f('43Div', '4ArmBde'))], [34, 35, 36, 37, 38, 39], [18, 17], '43rd Wessex Div and 4 Armd Bde behind the 15th Scottish, ready to take over the ground it cleared');
    place(['viii-corps-hq', ...by(f('11Arm'))], [34, 35, 36, 37, 38, 39], [16], '11th Armd Div in the VIII Corps rear around Bronay-Secqueville, to pass through the 15th Scottish to the Odon; the VIII Corps HQ (the corps artillery group, AW 33.5.1) with it');
    const placed = new Set(setup.map((e) => e.unit));
    const missing = allied.filter((u) => !placed.has(u) && !offSet.has(u));
    if (missing.length) throw new Error(`unplaced ${missing}`);

    const odonSouth = { riverSide: { river: 'Odon', from: 'C3927' } };
    const scen = {
      format: 'neptune-scenario/1', id: 'epsom', name: 'Operation Epsom (Scenario 2)', case: 'AW 33',
      description: '"The Hill of Death": VIII Corps\' attempt to outflank Caen from the west over the Odon and take Hill 112, 25-30 June 1944, with XXX Corps\' 49th Division on its right flank. A quarter-map introductory scenario on map C; 18 GTs (June 25 AM to June 30 Night).',
      source: 'seed:004 L9812-L10334 AW 33.0 (seed 004 = AW v4.0 scenario rules); Allied setup, play area, start line and the 49th Div boundary reconstructed (docs/scenarios/epsom.md)',
      map: 'normandy', sequence: 'intro', unitSets: sc.unitSets, sides: ['allied', 'german'], start: gt('1944-06-25', 'AM'),
      lengths: [{ id: 'full', label: 'June 25 AM to June 30 Night (18 GTs)', end: gt('1944-06-30', 'Night'), source: S(9846, 'AW 33.1.0: begins June 25 AM, lasts until the end of the June 30 Night GT') }],
      setup,
      // Weather, air points and ships live in special (weather, airPoints, naval) only.
      modules: ['corpsBoundary', 'corpsActivation', 'bridgeMarkers', 'artilleryOncePerGt'],
      rules: { combat: {
        leaders: [],
      } },
      special: {
        playArea: { hexes: { hexes: area }, retreatOutEliminates: true, edges: { north: { hexes: north }, west: { hexes: west }, south: { hexes: south }, east: { hexes: east } },
          source: `${S(9826, 'AW 33.0: the area on map C inside the thick dashed line of the scenario diagram (not in the text, AW 30.2.0); east, south and west edges German-controlled')}; reconstructed: map C columns 29-43, rows 16-34, less the Carpiquet-Caen corner north-east of the line C3921-C4226. The rules' own hexes fix it: German entries at C2928 and C2933 (west edge, column 29), C3434 (south edge, row 34) and "C3921 to C4226" (the east edge, which the rule gives as a span); every German setup hex (columns 30-43, rows 21-31) is inside, and the north edge (row 16) holds VIII Corps' assembly area around Bronay and Secqueville` },
        turnTrack: turnTrack('1944-06-25', 58, 6),
        weather: [
          ['1944-06-25', 'AM', 'POvr', 'dry', 9892, 'June 25 AM, PM & Night: POvr and dry'], ['1944-06-26', 'AM', 'POvr', 'wet', 9894, 'June 26 AM, PM & Night: POvr and wet'],
          ['1944-06-27', 'AM', 'POvr', 'dry', 9896, 'June 27 AM: POvr and dry'], ['1944-06-27', 'PM', 'clear', 'dry', 9898, 'June 27 PM & Night: clear and dry'],
          ['1944-06-28', 'AM', 'POvr', 'dry', 9900, 'June 28 AM, PM & Night: POvr and dry'], ['1944-06-29', 'AM', 'clear', 'dry', 9902, 'June 29 AM, PM & Night: clear and dry'],
          ['1944-06-30', 'AM', 'clear', 'dry', 9904, 'June 30 AM: clear and dry'], ['1944-06-30', 'PM', 'POvr', 'wet', 9906, 'June 30 PM & Night: POvr and wet'],
        ].map(([d, t, a, g, l, txt]) => ({ from: gt(d, t), atmosphere: a, ground: g, source: S(l, `AW 33.4.0: ${txt}`) })),
        airPoints: [
          { side: 'allied', from: gt('1944-06-25', 'AM'), perGameDay: 24, source: S(9862, 'AW 33.2.0: 24 AP available from the start of the scenario; reconstructed: per GD, as every AP may be used once per GD (AW 31.9.1)') },
          { side: 'german', from: gt('1944-06-25', 'AM'), perGameDay: 0, source: S(9860, 'AW 33.2.0: only the Allied side has AP') },
        ],
        corps: [
          { id: 'XXX', name: 'XXX Corps', side: 'allied', formations: ['49Div', '8ArmBde', 'XXXCorps'], units: [], source: S(10155, 'AW 33.11.1 XXX Corps') },
          { id: 'VIII', name: 'VIII Corps', side: 'allied', formations: ['15Div', '31TkBde', '43Div', '4ArmBde', '11Arm', 'VIIICorps'], units: ['flail-coy-1', 'flail-coy-2', 'flail-coy-3'], source: S(10159, 'AW 33.11.1 VIII Corps') },
        ],
        artillery: {
          resetEach: 'playerTurn',
          naval: { separatePoints: true, source: S(9866, 'AW 33.3.0: one BB and one CA (special.naval)') },
          assignments: [],
          groups: [
            { id: 'viii-agra', side: 'allied', name: 'VIII Corps artillery', kind: 'group', points: 16, range: 6, mapCounter: 'viii-corps-hq', supports: [], pointsAt: [], firesOncePer: 'playerTurn', source: S(9912, 'AW 33.5.1: one artillery group, the VIII Corps artillery, on the map as the VIII Corps HQ counter; 33.5.1a: 16 points, range 6, reset at the end of each player turn') },
            ...['15div-hq', '43div-hq', '49div-hq', '11arm-hq'].map((u) => ({ id: u, side: 'allied', name: defs.get(u).designation, kind: 'division', points: 12, range: 6, mapCounter: u, supports: [], pointsAt: [], firesOncePer: 'playerTurn', source: S(9934, 'AW 33.5.1a: Division HQ 12 points, range 6, each player turn') })),
          ],
          source: S(9910, 'AW 33.5.1-33.5.2'),
        },
        bridges: { demolition: true, construction: false, heavyBridgesAndCollapse: false, special: [], source: S(9982, 'AW 33.6.0: bridge demolition at the end of the friendly Movement Phase or as hasty demolition; ignore heavy bridges and collapse; construction only per 33.6.1') },
        movement: { transportPoints: false, mountDismount: false, stratMovement: false, restrictions: [
          { side: 'allied', units: [], formations: ['43Div', '4ArmBde', '11Arm', 'VIIICorps'], mayNotEnter: { rects: [{ sheet: 'C', cols: [29, 33], rows: [16, 34] }] }, whileInside: { mustLeave: true, noPa: true, noTacticalAssault: true }, boundary: '49th Infantry Division boundary', case: 'AW 33.7.1', source: `${S(10012, 'AW 33.7.1: except for the 15th Inf Div, no VIII Corps unit may move west of the 49th Inf Div boundary')}; reconstructed: the boundary (diagram only) runs between map C columns 33 and 34: the 49th Div's Martlet objectives Fontenay-le-Pesnel, Tessel wood and Rauray lie in columns 30-33, the 15th Scottish's Le Mesnil-Patry, Cheux and St-Manvieu in 34-37. The three flail Coys (79th Armd Div) and 31 Tk Bde (7 RTR, 9 RTR) are attached to the 15th Div (seed:004 L10160 AW 33.11.1) and count as the 15th Div's: not restricted` },
          { side: 'allied', units: ['195-73', '196-73', 'xxx-corps-hq'], formations: ['49Div', '8ArmBde'], mayNotEnter: { rects: [{ sheet: 'C', cols: [34, 43], rows: [16, 34] }] }, whileInside: { mustLeave: true, noPa: true, noTacticalAssault: true }, boundary: '49th Infantry Division boundary', case: 'AW 33.7.1', source: `${S(10018, 'AW 33.7.1: 49th Inf Div may not move east of the division boundary line shown on the scenario diagram')}; reconstructed: the same line between columns 33 and 34; its attached 8 Armd Bde and the XXX Corps units go with it` },
        ], source: S(9994, 'AW 33.7.0: no TP, no inherent TP, no mount/dismount (7.8.0), no Strat Movement') },
        leaders: [],
        logistics: { ammunition: false, fuel: false, supply: {
          allied: { pss: { hexes: alliedPss }, pathMaxLength: null, pathMayNotContainEnemy: true, maxPathHexesAdjacentToEnemy: 2, mayNotMoveOutOfSupply: true, source: `${S(10080, 'AW 33.9.1: any road hex on the edge of the playing area north of the Allied start line; unbridged Odon hexsides block supply paths')}; reconstructed: start line between rows 20 and 21${pssNote[0] ? `; ${pssNote[0]}` : ''}` },
          german: { pss: { hexes: germanPss }, pathMaxLength: null, pathMayNotContainEnemy: true, maxPathHexesAdjacentToEnemy: 2, mayNotMoveOutOfSupply: true, source: `${S(10094, 'AW 33.9.2: any road hex on the edge of the playing area south of the Allied start line')}; reconstructed: ${pssNote.slice(-1)[0] ?? 'road hexes of the generated map'}` },
        }, source: S(10048, 'AW 33.9.0: no ammunition or fuel; GenS from a PSS to a formation HQ (any length), HQ to subordinate at most 6 hexes, roads count one-half, no enemy-occupied hexes, at most two hexes adjacent to an enemy unless friendly-occupied') },
        replacements: { replacements: false, consolidation: true, source: S(10100, 'AW 33.10.0: no replacements; GOSS 22.5.0 unit consolidation applies') },
        reinforcements: reinf,
        offMap,
        setupOptions: [
          { side: 'german', text: 'Units may be broken down at setup.', units: [], source: S(10149, 'AW 33.11.0') },
          { side: 'german', text: '83/7NW Bde (3 Btns) in or adjacent to C3524.', units: ['i-83-7nw', 'ii-83-7nw', 'iii-83-7nw'], within: { hex: 'C3524', radius: 1 }, source: S(10203, 'AW 33.11.2') },
          { side: 'german', text: '84/7NW (3 Btns) in or adjacent to C4328.', units: ['i-84-7nw', 'ii-84-7nw', 'iii-84-7nw'], within: { hex: 'C4328', radius: 1 }, source: S(10229, 'AW 33.11.2') },
          { side: 'allied', text: 'Units may be broken down at setup.', units: [], source: S(10149, 'AW 33.11.0') },
        ],
        victory: {
          hexSets: {
            hill112: { hexes: { hexes: ['C3927'] }, source: S(10279, 'AW 33.13.1: Hill 112 (C3927)') },
            esquay: { hexes: { hexes: ['C3828'] }, source: S(10279, 'AW 33.13.1: Esquay (C3828)') },
            southOfOdon: { hexes: odonSouth, source: 'seed:004 L10281 AW 33.13.1 "on the south side of the Odon River"; the play-area hexes reached from Hill 112 without crossing an Odon hexside' },
          },
          occupiedMeans: { text: 'A hex is occupied by a side when at least one of its units other than a leader is in it at the end of the game.', source: 'reconstructed: AW 33.13 does not define "occupied"; read as for Goodwood (AW 31.4)' },
          byLength: { full: {
            case: 'AW 33.13',
            conditions: {
              hill: { occupied: { side: 'allied', hexes: 'hill112', count: 'all' }, label: 'Hill 112 (C3927) Allied occupied' },
              esquay: { occupied: { side: 'allied', hexes: 'esquay', count: 'all' }, label: 'Esquay (C3828) Allied occupied' },
              odon: { unitIn: { side: 'allied', hexes: 'southOfOdon', inSupply: true }, label: 'an Allied unit in GenS on the south side of the Odon' },
            },
            outcomes: [
              { side: 'allied', level: 'major', when: { all: [{ ref: 'hill' }, { ref: 'esquay' }, { ref: 'odon' }] }, text: 'Hill 112 and Esquay are Allied occupied and an Allied unit south of the Odon is in GenS', source: S(10277, 'AW 33.13.1 Major') },
              { side: 'allied', level: 'operational', when: { all: [{ ref: 'odon' }, { count: [{ ref: 'hill' }, { ref: 'esquay' }], exactly: 1 }] }, text: 'an Allied unit south of the Odon is in GenS and one of Hill 112 and Esquay is Allied occupied', source: S(10287, 'AW 33.13.1 Operational') },
              { side: 'allied', level: 'marginal', when: { all: [{ ref: 'hill' }, { ref: 'esquay' }, { not: { ref: 'odon' } }] }, text: 'Hill 112 and Esquay are Allied occupied, but no Allied unit south of the Odon is in GenS', source: S(10293, 'AW 33.13.1 Marginal') },
              { side: 'german', level: 'major', when: { not: { any: [{ ref: 'hill' }, { ref: 'esquay' }, { ref: 'odon' }] } }, text: 'the Allied side met none of its objectives', source: S(10303, 'AW 33.13.2 Major') },
              { side: 'german', level: 'operational', when: { all: [{ not: { ref: 'odon' } }, { count: [{ ref: 'hill' }, { ref: 'esquay' }], exactly: 1 }] }, text: 'no Allied unit south of the Odon is in GenS and only one of Hill 112 and Esquay is Allied occupied', source: S(10307, 'AW 33.13.2 Operational') },
              { side: 'german', level: 'marginal', when: { all: [{ ref: 'odon' }, { count: [{ ref: 'hill' }, { ref: 'esquay' }], exactly: 1 }] }, text: 'an Allied unit south of the Odon is in GenS and only one of Hill 112 and Esquay is Allied occupied', source: S(10315, 'AW 33.13.2 Marginal (the same position as the Allied Operational: the Allied result is listed first and wins; errata.md Scenario 2)') },
            ],
            otherwise: { side: 'allied', level: 'operational', text: 'an Allied unit south of the Odon is in GenS (neither objective occupied)', source: 'reconstructed: AW 33.13 leaves "GenS south of the Odon, neither hex occupied" unlisted; the Allied player met one objective of three, read as the Allied Operational case it is closest to (errata.md Scenario 2)' },
          } },
        },
        epsom: {
          odon: { river: 'Odon', south: odonSouth, source: S(10080, 'AW 33.9.1, 33.6.1, 33.13: the Odon River') },
          bridging: { side: 'allied', river: 'Odon', max: 3, perGameTurn: 1, into: 'alliedOccupiedSouthOfRiver', source: S(9988, 'AW 33.6.1: at the beginning of any GT in which an Allied unit is south of the Odon, one bridge marker in one Allied-occupied hex south of the Odon; at most three, one per GT') },
          inactive: { side: 'allied', corps: 'VIII', until: gt('1944-06-26', 'AM'), forbids: ['move', 'construction', 'observe', 'fireSupport', 'offensiveGa'], text: '{unit} (VIII Corps) is inactive until the June 26 AM GT', case: 'AW 33.7.1', source: S(10002, 'AW 33.7.1: all VIII Corps units inactive until the June 26 AM GT') },
          germanMayAct: { west: { rects: [{ sheet: 'C', cols: [29, 33], rows: [16, 34] }] }, exempt: { formations: ['12SS'], types: ['Arm'], sizes: ['Co'] }, allows: ['move', 'offensiveGa'], text: '{unit} is east of the 49th Div boundary: only German units west of it (and 12th SS Pz Coys) may {act}', acts: { move: 'move', offensiveGa: 'make offensive GAs' }, case: 'AW 33.7.2', source: `${S(10022, 'AW 33.7.2: only German units west of the 49th British Division eastern boundary may move or conduct offensive GAs; 12th SS Pz Coys are exempt')}; reconstructed: the boundary between columns 33 and 34 (as 33.7.1)` },
          germanArtillery: { oncePerGameTurn: true, marker: 'Ammo Depleted', heavyFlakFs: true, nwDrms: true, source: S(9944, 'AW 33.5.2a: each German artillery unit one FS mission per GT, then an Ammo Depleted marker, all removed at the end of the GT; German heavy AA Coys may conduct FS missions') },
        },
        naval: { ships: [
          { id: 'bb', kind: 'BB', points: 8, available: 'oncePerGameDayAmOrPm', range: { within: 5, of: 'C3620' }, source: S(9870, 'AW 33.3.0: BB 8 FS mission points') },
          { id: 'ca', kind: 'CA', points: 6, available: 'oncePerGameDayAmOrPm', range: { within: 5, of: 'C3620' }, source: S(9872, 'AW 33.3.0: CA 6 FS mission points') },
        ], onePerMission: true, ammoDepletionRoll: true, suppressWnStp: false, source: S(9866, 'AW 33.3.0: only one naval unit per FS mission; each available once each GD (AM or PM); any hex within five hexes of C3620') },
        notes: [
          { topic: 'Allied setup', text: 'The Allied setup is only on the scenario diagram (AW 30.2.0). Reconstructed from the evening of 25 June 1944: 49th Div and 8 Armd Bde on the XXX Corps front west of the boundary (Martlet: Fontenay-le-Pesnel, Rauray); 15th Scottish with 31 Tk Bde and the flails on the VIII Corps start line Le Mesnil-Patry-Norrey; 43rd Wessex and 4 Armd Bde behind; 11th Armd in the rear to pass through to the Odon. Two units per hex at most; division artillery off the map (the HQs fire, AW 33.5.1a).', source: 'reconstructed: Ellis, Victory in the West I ch. XIII; H. G. Martin, History of the 15th Scottish Division; the German positions of AW 33.11.2' },
          { topic: 'Start line', text: 'Between map C rows 20 and 21: Allied rows 16-20, German setup rows 21-31 (special.logistics.supply).', source: 'reconstructed: the northernmost German setup hexes (C3721, C3921 row 21; C3122, C3522 row 22) face it' },
          { topic: '49th Div boundary', text: 'Between map C columns 33 and 34 (special.movement.restrictions, special.epsom.germanMayAct).', source: 'reconstructed: Martlet west of it, Epsom east of it' },
          { topic: 'Supply', text: 'AW 33.9: HQ chains of at most 6 hexes (roads one-half) from a PSS-connected formation HQ; unbridged Odon hexsides block paths: src/engine/rules/scenarioSupply.ts.', source: S(10048, 'AW 33.9.0') },
        ],
      },
    };
    writeFileSync(`${ROOT}data/scenarios/epsom.json`, JSON.stringify(scen, null, 1) + '\n');
    console.log('epsom', setup.length, 'setup entries', reinf.length, 'groups; allied pss', alliedPss.length, 'german pss', germanPss.length);
  }

  // ---------------------------------------------------------------- Scenario 3: Cherbourg (AW 34)
  {
    const sc = names.findRosterScenario('cherbourg');
    const units = unitsOf(sc.unitSets);
    const defs = new Map(units.map((u) => [u.id, u]));
    const res = names.createResolver(units);
    // Front line (diagram only): per map A column, the last German row. Control points from the
    // VII Corps line of the evening of 18 June 1944 (Harrison, Cross-Channel Attack ch. XI; Utah Beach
    // to Cherbourg): 9th Div from the west coast north of Barneville to St-Jacques-de-Néhou, 79th Div
    // at Golleville-Orglandes, 4th Div south of Montebourg and on the Quinéville ridge.
    const cp = [[18, 30], [30, 29], [35, 28], [42, 27], [48, 26], [52, 25], [56, 23], [60, 22], [70, 22]];
    const lastGerman = (c) => { for (let i = 1; i < cp.length; i++) { const [c0, r0] = cp[i - 1], [c1, r1] = cp[i]; if (c <= c1) return Math.round(r0 + ((r1 - r0) * (c - c0)) / (c1 - c0)); } return cp.at(-1)[1]; };
    const germanZone = [], usZone = [];
    for (let c = 1; c <= 70; c++) for (let r = 1; r <= 36; r++) { const x = id('A', c, r); if (!land(H(x))) continue; (r <= lastGerman(c) ? germanZone : usZone).push(x); }
    const gz = new Set(germanZone.map(H)), uz = new Set(usZone.map(H));
    const germanFront = germanZone.filter((x) => hex.neighbours(H(x)).some((n) => uz.has(n)));
    const usFront = usZone.filter((x) => hex.neighbours(H(x)).some((n) => gz.has(n)));
    const sectorCols = { '243': [1, 33], '77': [34, 39], '91': [40, 46], '709': [47, 70] };
    const sector = (f) => germanZone.filter((x) => { const c = +x.slice(1, 3); return c >= sectorCols[f][0] && c <= sectorCols[f][1]; });
    const perimeter = ['A3013', 'A3113', 'A3214', 'A3314', 'A3414', 'A3514', 'A3615', 'A3715', 'A3815', 'A3914', 'A4014', 'A4113', 'A4213', 'A4312', 'A4412', 'A4511'].filter((x) => land(H(x)));
    const city = ['A3609', 'A3610', 'A3709', 'A3710', 'A3809', 'A3810', 'A3909'];
    const setup = [];
    for (const g of sc.german.filter((g) => /^A\d{4}$/.test(g.where))) {
      const r = res.resolve(g.name); if (r.ids.length !== 1) throw new Error(g.name);
      setup.push({ unit: r.ids[0], hex: g.where, stepsLost: r.stepLosses, source: `seed:004 L${g.line} AW 34.11.2 Cherbourg Garrison "${g.where}: ${g.name}"` });
    }
    // Pools (AW 34.11.2): army units within five hexes of the front line; division units in front-line hexes, artillery in the division's sector in range of the Allied side.
    const pools = [];
    const spread = (ids, total) => { const out = ids.map(() => 0); for (let k = 0; k < total; k++) out[k % ids.length]++; return out; };
    const army = sc.german.filter((g) => g.where === 'army units');
    const armyUnits = army.flatMap((g) => { const r = res.resolve(g.name); return r.ids.map((u) => ({ unit: u, stepsLost: r.stepLosses, name: g.name })); });
    pools.push({ id: 'army', label: 'Army units', side: 'german', units: armyUnits, area: { withinOfZone: { zone: 'germanFrontLine', radius: 5 }, zone: 'german' }, source: S(10772, 'AW 34.11.2: army units may be placed in any hex within five hexes of the front line') + '; reconstructed: on the German side of the line (34.0: north of it is German-controlled)' });
    for (const div of ['709', '91', '77', '243']) {
      const list = sc.german.filter((g) => g.where === `${div} Div`);
      const inf = [], art = [];
      for (const g of list) {
        const r = res.resolve(g.name);
        const losses = spread(r.ids, r.stepLosses);
        r.ids.forEach((u, i) => (defs.get(u).type === 'Art' ? art : inf).push({ unit: u, stepsLost: losses[i], name: g.name }));
      }
      pools.push({ id: `${div}-front`, label: `${div} Div (front line)`, side: 'german', units: inf, area: { zone: 'germanFrontLine', sector: div }, source: S(10802, `AW 34.11.2 ${div} Div: all units except artillery in front line hexes`) + `; reconstructed: in the division's sector (diagram only); a regiment's "(-N)" spread over its Btns, first Btns first` });
      pools.push({ id: `${div}-art`, label: `${div} Div artillery`, side: 'german', units: art, area: { zone: 'german', sector: div, inRangeOfZone: 'usFrontLine' }, source: S(10804, `AW 34.11.2 ${div} Div: artillery anywhere in the divisional sector in range of the Allied side of the front line`) });
    }
    // Allied setup (reconstructed): 9th Div west, 79th centre, 4th east, 4th Cav on the coast; reserve Rgts >= 2 hexes back, artillery out of the front-line hexes.
    const all = [...sc.allied, ...sc.alliedExtras].flatMap((g) => res.resolve(g.name, g.context).ids);
    const distToGerman = new Map(usZone.map((x) => { let d = 99; for (const g of germanFront) d = Math.min(d, hex.distance(H(x), H(g))); return [x, d]; }));
    const used = new Map();
    const put = (u, cols, minD, maxD, why) => {
      const cands = usZone.filter((x) => { const c = +x.slice(1, 3); const d = distToGerman.get(x); return c >= cols[0] && c <= cols[1] && d >= minD && d <= maxD && (used.get(x) ?? 0) < 2; })
        .sort((a, b) => distToGerman.get(a) - distToGerman.get(b) || (+a.slice(1, 3) - +b.slice(1, 3)) || (+a.slice(3) - +b.slice(3)));
      if (!cands.length) throw new Error(`no hex for ${u}`);
      const x = cands.find((h) => (used.get(h) ?? 0) === 0) ?? cands[0];
      used.set(x, (used.get(x) ?? 0) + 1);
      setup.push({ unit: u, hex: x, stepsLost: 0, source: `reconstructed: ${why}` });
    };
    const divs = { '9ID': { cols: [18, 38], reserve: '47 Inf', att: ['746', '899'] }, '79ID': { cols: [39, 47], reserve: '314 Inf', att: ['749', '813'] }, '4ID': { cols: [48, 57], reserve: '22 Inf', att: ['70', '801'] } };
    const HIST = 'VII Corps on the evening of 18 June 1944 (G. A. Harrison, Cross-Channel Attack, ch. XI; Utah Beach to Cherbourg, 1947): ';
    for (const u of all) {
      const d = defs.get(u);
      const dv = Object.entries(divs).find(([f, v]) => d.formation === f || v.att.some((a) => u.startsWith(`${a}-`)));
      const art = d.type === 'Art';
      if (dv) {
        const [f, v] = dv;
        const reserve = d.regiment === v.reserve;
        if (art || d.type === 'HQ') put(u, v.cols, 3, 6, `${HIST}${f} ${d.type === 'HQ' ? 'HQ' : 'artillery'} in its sector, out of the front-line hexes (AW 34.11.1)`);
        else if (reserve) put(u, v.cols, 3, 5, `${HIST}${f}'s reserve regiment (${v.reserve}) at least two hexes behind the front line (AW 34.11.1)`);
        else put(u, v.cols, 1, 2, `${HIST}${f} in its sector on the front line`);
      } else if (d.formation === '4Cav') put(u, [56, 64], 1, 3, `${HIST}4th Cavalry Group on the 4th Div's right flank along the coast at Quinéville`);
      else put(u, [30, 60], 3, 8, `${HIST}VII Corps troops south of the front line${art ? ', artillery out of the front-line hexes' : ''} (AW 34.11.1)`);
    }
    const usPss = usZone.filter((x) => +x.slice(3) === 36 && roads.has(H(x)));
    const scen = {
      format: 'neptune-scenario/1', id: 'cherbourg', name: 'The Battle for Cherbourg (Scenario 3)', case: 'AW 34',
      description: 'VII US Corps\' ten-day drive north to clear the Cotentin and take the port of Cherbourg, 19-30 June 1944: three US infantry divisions against the remnants of four German divisions, the Cherbourg garrison and the Landefront. Map A; 36 GTs (June 19 AM to June 30 Night). The German player sets up first from placement pools.',
      source: 'seed:004 L10335-L10894 AW 34.0 and L222-L420 AW 1.2.6 (seed 004 = AW v4.0); front line, division sectors, Cherbourg perimeter and the Allied setup reconstructed (docs/scenarios/cherbourg.md)',
      map: 'normandy', sequence: 'intro', unitSets: sc.unitSets, sides: ['allied', 'german'], start: gt('1944-06-19', 'AM'),
      lengths: [{ id: 'full', label: 'June 19 AM to June 30 Night (36 GTs)', end: gt('1944-06-30', 'Night'), source: S(10359, 'AW 34.1.0: begins June 19 AM, ends with the completion of the June 30 Night GT') }],
      setup,
      modules: ['weatherTable', 'landefront', 'lull'],
      rules: { combat: {
        leaders: [],
      } },
      special: {
        playArea: { hexes: { rects: [{ sheet: 'A', cols: [1, 70], rows: [1, 36] }] }, retreatOutEliminates: true, edges: { south: { rects: [{ sheet: 'A', cols: [1, 70], rows: [36, 36] }] } }, source: S(10347, 'AW 34.0: the scenario is played on map A') },
        turnTrack: turnTrack('1944-06-19', 40, 12),
        weather: [{ from: gt('1944-06-19', 'AM'), atmosphere: 'POvr', ground: 'dry', source: S(10404, 'AW 34.4.0: June 19 AM, PM and Night POvr, dry') }],
        weatherTable: { from: gt('1944-06-20', 'AM'), side: 'allied', atmosphere: [{ min: 0, max: 4, value: 'clear' }, { min: 5, max: 6, value: 'POvr' }, { min: 7, max: 9, value: 'Ovr' }], ground: [{ min: 0, max: 3, value: 'dry' }, { min: 4, max: 6, value: 'wet' }, { min: 7, max: 9, value: 'mud' }], groundWhenClear: 'dry', source: S(10410, 'AW 34.4.0: from June 20 AM the Allied side rolls 1d10 each GT for the atmosphere (0-4 clear, 5-6 POvr, 7-9 Ovr) and, if POvr or Ovr, a second 1d10 for the ground (0-3 dry, 4-6 wet, 7-9 mud)') + '; reconstructed: the ground is dry when the atmosphere is clear (no second roll)' },
        airPoints: [
          { side: 'allied', from: gt('1944-06-19', 'AM'), perGameDay: 36, source: S(10371, 'AW 34.2.1: 36 AP each GD') },
          { side: 'german', from: gt('1944-06-19', 'AM'), perGameDay: 0, source: S(10367, 'AW 34.2.0: only the Allied side has AP') },
        ],
        artillery: { resetEach: 'gameTurn', groups: [], assignments: [], naval: { separatePoints: true, source: S(10377, 'AW 34.3.0') }, source: S(10440, 'AW 34.5.0: artillery groups are not used; both sides\' artillery units are used (AW 31.9.4 mission capacity)') },
        ammoDepletion: [
          { side: 'allied', from: gt('1944-06-19', 'AM'), adv: 6, source: S(10460, 'AW 34.5.3a: US ADV six') },
          { side: 'german', from: gt('1944-06-19', 'AM'), adv: 4, source: S(10466, 'AW 34.5.3b: start to June 20 Night: 4') },
          { side: 'german', from: gt('1944-06-21', 'AM'), adv: 3, source: S(10468, 'AW 34.5.3b: June 21 AM to June 24 Night: 3') },
          { side: 'german', from: gt('1944-06-25', 'AM'), adv: 2, source: S(10470, 'AW 34.5.3b: June 25 AM to end: 2') },
        ],
        bridges: { demolition: true, construction: true, heavyBridgesAndCollapse: false, special: [], source: S(10474, 'AW 34.6.0: all bridge rules except bridge collapse') },
        movement: { transportPoints: false, mountDismount: false, stratMovement: false, restrictions: [], source: S(10478, 'AW 34.7.0: no TP; Allied divisions have their inherent TP; no Strat movement; 34.7.1 no Allied restrictions') },
        maByWeather: { side: 'german', rules: [
          { when: { night: true }, mech: 0, leg: 0, source: S(10494, 'AW 34.7.2: Night GTs: full MA') },
          { when: { atmosphere: 'Ovr' }, mech: 0, leg: 0, source: S(10494, 'AW 34.7.2: overcast: full MA') },
          { when: { atmosphere: 'POvr' }, mech: -2, leg: -1, source: S(10500, 'AW 34.7.2: AM/PM with partial overcast: Mech -2, Leg -1') },
          { when: { atmosphere: 'clear' }, thirdOff: true, source: S(10506, 'AW 34.7.2: AM/PM clear: MA reduced by one-third') },
        ] },
        leaders: [],
        logistics: { ammunition: false, fuel: false, supply: {
          allied: { pss: { hexes: usPss }, pathMaxLength: null, pathMayNotContainEnemy: true, maxPathHexesAdjacentToEnemy: 2, mayNotMoveOutOfSupply: true, source: S(10602, 'AW 34.9.1: any primary or secondary road hex on the south edge of map A') },
          german: { pss: { hexes: ['A3609'] }, pathMaxLength: null, pathMayNotContainEnemy: true, maxPathHexesAdjacentToEnemy: 2, mayNotMoveOutOfSupply: true, source: S(10606, 'AW 34.9.2: the German PSS is Cherbourg "C3609", read A3609 (errata.md Scenario 3; data/map/sheets.json errata)') },
        }, source: S(10566, 'AW 34.9.0: no AmP or fuel; ADV by 34.5.3; GenS as AW 33.9.0; German units may treat Cherbourg (A3609) as a formation HQ') },
        replacements: { replacements: true, consolidation: true, source: S(10610, 'AW 34.10.0: GOSS 22.5.0 applies; WN and StP may not be consolidated into infantry or artillery units; replacements only by the 34.10.1 lull') },
        lull: { side: 'allied', declareAt: 'AM', once: true, alliedMoveHexes: 1, germanMaFraction: 3, noCombat: true, adjacentMoveOnlyTowardsSupply: true, alliedReplacePerBtn: 1, germanInfSteps: 6, germanMaxPerUnit: 1, source: S(10620, 'AW 34.10.1-34.10.2: a one-GD lull declared at the start of any one AM GT; Allied units 1 hex per GT, German up to 1/3 printed MA, no combat, units adjacent to the enemy only move closer to their GenS source; every US Btn with a step loss replaces one step (never above the starting steps); the Germans get six infantry replacement steps, at most one per reduced unit') },
        reinforcements: [],
        offMap: [],
        deployment: {
          side: 'german', setsUpFirst: true,
          zones: {
            german: { hexes: { hexes: germanZone }, source: 'reconstructed: map A north of the red start line (AW 34.0: German controlled); line from the coast north of Barneville by St-Jacques-de-Néhou, Golleville-Orglandes and south of Montebourg to the coast at Quinéville, the VII Corps front of the evening of 18 June 1944 (Harrison, Cross-Channel Attack, ch. XI)' },
            us: { hexes: { hexes: usZone }, source: 'reconstructed: map A on or south of the red start line (AW 34.0: US controlled)' },
            germanFrontLine: { hexes: { hexes: germanFront }, source: 'reconstructed: German-side hexes adjacent to the red line ("front line hexes", AW 34.11.1-34.11.2)' },
            usFrontLine: { hexes: { hexes: usFront }, source: 'reconstructed: US-side hexes adjacent to the red line (AW 34.11.1 "front line hex")' },
            ...Object.fromEntries(Object.keys(sectorCols).map((f) => [`sector-${f}`, { hexes: { hexes: sector(f) }, source: `reconstructed: the ${f} Div sector (diagram only): map A columns ${sectorCols[f][0]}-${sectorCols[f][1]} north of the line. West to east on 18-19 June: 243 Div (Hellmich) facing the 9th Div, 77 Div remnants, 91 Div remnants, 709 Div (von Schlieben) at Montebourg-Quinéville` }])),
          },
          pools,
          fieldworks: [
            { kind: 'ET-2', count: 8, zone: 'germanFrontLine', source: S(10758, 'AW 34.11.2: 8 ET-2 placed on the front line') },
            { kind: 'IP', count: 8, zone: 'germanFrontLine', source: S(10758, 'AW 34.11.2: 8 IP placed on the front line') },
          ],
          checks: [{ kind: 'frontLineCovered', zone: 'germanFrontLine', within: 1, source: S(10762, 'AW 34.11.2: every hex of the front line must be within one hex of a German unit when play begins') }],
          notPlaced: [{ text: 'All WN and StP are placed as shown on the scenario map (AW 4.5.9, 4.5.10): no WN/StP counters exist in data/units yet, so none are in play.', source: S(10754, 'AW 34.11.2') }],
          source: S(10750, 'AW 34.11.2: the German player sets up first'),
        },
        setupOptions: [
          { side: 'german', text: 'Units may start the scenario broken down.', units: [], source: S(10764, 'AW 34.11.2') },
          { side: 'allied', text: 'US divisions set up within the boundaries shown; VII Corps units anywhere south of the front line; division and corps artillery not in a front-line hex; reserve Rgts at least two hexes from the front line; units may start broken down.', units: [], source: S(10696, 'AW 34.11.1') },
        ],
        cherbourg: {
          garrisonFormation: 'Ch', garrisonUnits: setup.filter((e) => e.source.includes('Cherbourg Garrison')).map((e) => e.unit),
          perimeter: { hexes: perimeter }, city: { hexes: city }, cityHex: 'A3609', port: ['A3609', 'A3709', 'A3809', 'A3909'],
          activateOnPerimeterHexes: 3,
          landefront: { otherPss: { hexes: [] }, maxFormations: 3, maxCorpsAssets: 12, advStart: 4, advDropEveryGts: 21, preDeclarationPathMp: 18 },
          morale: { perimeterCapturedThisGt: -1, cityOccupied: -2, cityHexCapturedPrTo: 1 },
          source: 'seed:004 L222-L420 AW 1.2.6a-f; "C3609" read A3609 (errata.md Scenario 3)',
          perimeterSource: 'reconstructed: the Landefront ET symbols printed on map A (AW 1.2.6b) are not in the text; the ring of the fortress line of June 1944 about 4-6 km from the town: Querqueville ridge, Octeville, La Glacerie, Tourlaville heights to Maupertus (Harrison ch. XII)',
          otherPssSource: 'seed:004 L10606 AW 34.9.2: Cherbourg is the only German PSS in scenario 3, so Cherbourg counts as isolated from the start and the Landefront may be declared at any time (AW 1.2.6d); scenarios with other German PSS list them here',
        },
        naval: { ships: [
          { id: 'bb', kind: 'BB', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: one BB') },
          { id: 'ca', kind: 'CA', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: one CA') },
          { id: 'cl-1', kind: 'CL', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: two CL') },
          { id: 'cl-2', kind: 'CL', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: two CL') },
          { id: 'dd-1', kind: 'DD', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: three DD') },
          { id: 'dd-2', kind: 'DD', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: three DD') },
          { id: 'dd-3', kind: 'DD', points: 0, available: 'eachAmPm', range: { fromSea: true }, source: S(10377, 'AW 34.3.0: three DD') },
        ], onePerMission: false, ammoDepletionRoll: false, suppressWnStp: true, source: `${S(10377, 'AW 34.3.0: GOSS 11.3.2, 11.4.2 and AW 11.9.0 apply; each naval unit available each AM and PM GT, no ammo depletion roll, range from any full sea hex; one naval unit allocated to a WN or StP with barrage capability reduces its FS points to zero for the GT')}; reconstructed: points 0 until the AW 11.9.0 naval chart values are in data/tables (not in the scenario text)` },
        victory: {
          hexSets: {
            cherbourg: { hexes: { hexes: city }, source: 'reconstructed: the Cherbourg city hexes of data/map/normandy.json (the printed map\'s town and city hexes are not in the text)' },
            cherbourgC3906: { hexes: { hexes: ['A3609'] }, source: 'seed:004 L10880 AW 34.13.2 "Cherbourg hex C3906", read A3609 (data/map/sheets.json errata; errata.md Scenario 3)' },
            mapA: { hexes: { rects: [{ sheet: 'A', cols: [1, 70], rows: [1, 36] }] }, source: S(10347, 'AW 34.0: map A') },
          },
          occupiedMeans: { text: 'Controlled: the side whose unit last occupied the hex (GOSS control); at start every hex north of the start line is German controlled, on or south of it US controlled (AW 34.0). Surrendered units are eliminated.', source: 'reconstructed: AW 34.13 uses "controlled"; control tracked by src/engine/rules/cherbourg.ts' },
          byLength: { full: {
            case: 'AW 34.13',
            conditions: {
              noGermans: { noUnits: { side: 'german', hexes: 'mapA' }, label: 'all German units eliminated or surrendered' },
              allAllied: { controlled: { side: 'allied', hexes: 'cherbourg', count: 'all' }, label: 'all Cherbourg city and town hexes Allied controlled' },
              allGerman: { controlled: { side: 'german', hexes: 'cherbourg', count: 'all' }, label: 'all Cherbourg city and town hexes German controlled' },
              c3906: { occupied: { side: 'german', hexes: 'cherbourgC3906', count: 'all' }, label: 'Cherbourg hex "C3906" (A3609) occupied by a German unit' },
              anyGerman: { controlled: { side: 'german', hexes: 'cherbourg', count: 'any' }, label: 'at least one Cherbourg city or town hex German controlled' },
            },
            outcomes: [
              { side: 'allied', level: 'operational', when: { ref: 'noGermans' }, text: 'by the end of the scenario all German units have been eliminated or have surrendered', source: S(10852, 'AW 34.13.1 Operational (the Strategic result is decided at the end of June 26 Night: special.suddenDeath)') },
              { side: 'allied', level: 'tactical', when: { ref: 'allAllied' }, text: 'all Cherbourg city and town hexes are Allied controlled, but German units remain on the map', source: S(10856, 'AW 34.13.1 Tactical') },
              { side: 'german', level: 'strategic', when: { ref: 'allGerman' }, text: 'all Cherbourg city and town hexes are German controlled', source: S(10866, 'AW 34.13.2 Strategic') },
              { side: 'german', level: 'operational', when: { ref: 'c3906' }, text: 'Cherbourg hex A3609 ("C3906") is occupied by a German unit', source: S(10870, 'AW 34.13.2 Operational') },
              { side: 'german', level: 'tactical', when: { ref: 'anyGerman' }, text: 'at least one Cherbourg city or town hex is German controlled', source: S(10876, 'AW 34.13.2 Tactical') },
            ],
            otherwise: { side: null, level: 'draw', text: 'no condition of AW 34.13 holds', source: 'reconstructed: cannot happen (either every Cherbourg hex is Allied controlled, or one is German controlled), kept for completeness' },
          } },
        },
        suddenDeath: [{ at: gt('1944-06-26', 'Night'), when: { noUnits: { side: 'german', hexes: 'mapA' }, label: 'all German units eliminated or surrendered' }, side: 'allied', level: 'strategic', text: 'all German units have been eliminated or surrendered at the end of the June 26 Night GT', case: 'AW 34.13.1', source: S(10846, 'AW 34.13.1 Strategic') + '; the game ends then (nothing is left to play)' }],
        notes: [
          { topic: 'Front line', text: 'The red start line is only on the diagram. Reconstructed per map A column by interpolating control points (column, last German row): ' + cp.map(([c, r]) => `${c}:${r}`).join(', ') + '.', source: 'reconstructed: Harrison, Cross-Channel Attack ch. XI-XII; Utah Beach to Cherbourg (US Army Historical Division, 1947)' },
          { topic: 'Allied setup', text: 'US divisions in reconstructed sectors (9th west of column 39, 79th columns 39-47, 4th east of 47, 4th Cav on the coast); front Rgts in the two hexes behind the line, reserve Rgts, HQs and artillery at least three hexes back; corps troops behind. Two units per hex at most.', source: 'reconstructed: AW 34.11.1 constraints, sectors from the 19 June attack' },
          { topic: 'Cherbourg perimeter', text: 'The Landefront ET hexes (AW 1.2.6b) are printed on map A only; reconstructed as a ring 4-6 hexes around Cherbourg (special.cherbourg.perimeter).', source: 'reconstructed: Harrison ch. XII (the Cherbourg landfront)' },
        ],
      },
    };
    writeFileSync(`${ROOT}data/scenarios/cherbourg.json`, JSON.stringify(scen, null, 1) + '\n');
    console.log('cherbourg', setup.length, 'setup', pools.map((p) => `${p.id}:${p.units.length}`).join(' '), 'front', germanFront.length, 'usPss', usPss);
  }
} finally { await server.close(); }
