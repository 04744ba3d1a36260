/**
 * The Pixi hex map: pan (drag), zoom (wheel), hover shows the hex, click selects it. Rendering is
 * on demand (autoStart: false) — one render after each state or viewport change — since software
 * WebGL here is fill-rate bound (stack-check.md §4).
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Application, Container } from 'pixi.js';
import type { Board } from '../../engine/board';
import type { GameState, ScenarioBundle } from '../../engine';
import { hexOfRulesId, formatHex } from '../../engine/hex';
import { useGame } from '../../store/game';
import { buildTerrainLayer, OVERVIEW_MAX_ZOOM, type TerrainLayer } from './terrainLayer';
import { UnitsLayer } from './unitsLayer';
import { OverlayLayer } from './overlayLayer';
import { BoundaryLayer } from './boundaryLayer';
import { AirborneLayer } from './airborneLayer';
import { dzMarks, hasAirborne, inAirborneMovement } from '../panels/airborneInput';
import { GridLayer, ID_MIN_ZOOM } from './gridLayer';
import { Legend } from './Legend';
import { centre, hexAtPoint } from './geometry';
import { reachableCosts } from './reach';
import { afterPaint } from '../afterPaint';
import { stageReach } from './stageMoves';
import { hexChoices } from './hexChoices';
import { clickHex } from '../interaction';
import { registerMapBridge } from '../setup/mapBridge';
import { useSetup } from '../setup/setupStore';
import { setupHighlight } from '../setup/place';
import { mapKey } from './keyboard';
import { firstViewHexes, objectiveHexes, followHexes } from './framing';

interface MapDebug {
  screenOf(id: string): { x: number; y: number };
  hexAt(x: number, y: number): string | null;
  /** Benchmark hook: pans for `frames` frames and returns the JS ms of each render. */
  panFrames(frames: number, dx: number, dy: number, sync: boolean): number[];
  /** Benchmark hook: zooms about the view's centre by `factor` a frame; returns the JS ms of each. */
  zoomFrames(frames: number, factor: number): number[];
  zoomTo(z: number): void;
  fit(): void;
  centerOn(id: string, zoom: number): void;
  /**
   * Benchmark hook: hovers each hex in turn with a pointer event on the canvas and returns the main
   * thread's ms of each hover (the event, the store, React's render, Pixi's update and render call).
   * Before each, untimed: the hex brought into view if needed and the previous frame finished by the GPU
   * and presented, so that no figure holds a wait for earlier frames (software WebGL queues them).
   */
  hoverFrames(hexes: number[]): Promise<number[]>;
  /** Runs `run` (a store action), renders and reads a pixel back: ms from the call to the painted frame. */
  paintedAfter(run: () => unknown): Promise<number>;
  /** The last paintedAfter's ms by part: the call with React's render (`run`), Pixi's JS (`render`), the wait for the GPU to finish the frame (`gpu`). */
  lastPaint(): { run: number; render: number; gpu: number };
  /** Counters whose face has been drawn so far (faces are drawn when first in view). */
  drawnCounters(): number;
  /** The rules IDs drawn on the map now (the hex-ID overlay, only near the view). */
  shownHexIds(): string[];
  /** How the terrain was last drawn: the one whole-map overview texture, or chunk meshes. */
  terrainDrawnAs(): 'overview' | 'chunks';
  /** Whether the hex's centre is inside the map view now. */
  inView(id: string): boolean;
  zoom(): number;
  /** The objective hexes drawn on the map (rules IDs). */
  objectives(): string[];
  /** The airborne marks drawn (AW 41): DZ markers, scatter arrows, whether the 6-hex reach is shown; null without the module. */
  airborne(): { dzs: number; arrows: number; reach: boolean; choices: number } | null;
  /** The hexes highlighted as reachable by the selected stack (rules IDs). */
  reachable(): string[];
}

declare global {
  interface Window {
    __marks?: Record<string, number>;
    __map?: MapDebug;
  }
}

function boardBounds(board: Board) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const h of board.hexes) {
    const { x, y } = centre(h);
    if (x < x0) x0 = x; if (y < y0) y0 = y; if (x > x1) x1 = x; if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

/** Toggles over the map; the Pixi scene reads them through `ctl` once it exists. */
interface Toggles { legend: boolean; sheets: boolean; ids: boolean; /** AW 9.2.0 / 19.2.2a boundary lines. */ boundaries: boolean; /** AW 41.3.7 DZ reach: null = shown in the Allied airborne movement segments only. */ reach: boolean | null }
interface SceneCtl { setSheets(on: boolean): void; setBoundaries(on: boolean): void; setHexIds(on: boolean): void; setReach(on: boolean | null): void }

export function MapCanvas({ board, bundle }: { board: Board; bundle: ScenarioBundle | null }) {
  const host = useRef<HTMLDivElement>(null);
  const [toggles, setToggles] = useState<Toggles>({ legend: false, sheets: false, ids: false, boundaries: false, reach: null });
  const togglesRef = useRef(toggles);
  togglesRef.current = toggles;
  const ctl = useRef<SceneCtl | null>(null);
  /** Whether the zoom is close enough for hex IDs (set only when it crosses ID_MIN_ZOOM). */
  const [idZoom, setIdZoom] = useState(false);
  useEffect(() => {
    ctl.current?.setSheets(toggles.sheets);
    ctl.current?.setHexIds(toggles.ids);
    ctl.current?.setReach(toggles.reach);
    ctl.current?.setBoundaries(toggles.boundaries);
  }, [toggles.sheets, toggles.ids, toggles.reach, toggles.boundaries]);
  const airborneOn = !!bundle && hasAirborne(bundle);
  // The reach button shows what is drawn now: on by itself in the Allied airborne movement segments (AW 41.3.7, 41.8.0).
  const autoReach = useGame((s) => airborneOn && !!s.state && !!bundle && inAirborneMovement(s.state, bundle));
  const reachShown = toggles.reach ?? autoReach;

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    const app = new Application();
    const mark = (k: string) => { window.__marks = { ...(window.__marks ?? {}), [k]: performance.now() }; };
    (async () => {
      mark('mapMount');
      const el = host.current!;
      await app.init({ preference: 'webgl', autoStart: false, background: 0x5b8fc7, antialias: false, resizeTo: el, sharedTicker: false });
      if (cancelled) { app.destroy(true, { children: true }); return; }
      mark('pixiInit');
      el.appendChild(app.canvas);
      // The map takes keyboard focus (issue 16 item 1): a hex cursor, see keyboard.ts.
      el.tabIndex = 0;
      app.canvas.setAttribute('data-testid', 'map-canvas');
      const world = new Container({ isRenderGroup: true });
      world.eventMode = 'none';
      // Nothing on the map takes Pixi's events (pointer handling is on the canvas element, below): its
      // event system's hit test of the stage on every pointer move is work a hover frame need not do (issue 17).
      const features = (app.renderer as { events?: { features: { move: boolean; globalMove: boolean; click: boolean; wheel: boolean } } }).events?.features;
      if (features) Object.assign(features, { move: false, globalMove: false, click: false, wheel: false });
      app.stage.addChild(world);
      const terrain: TerrainLayer = buildTerrainLayer(board);
      mark('terrainBuilt');
      const units = bundle ? new UnitsLayer(bundle) : null;
      const overlay = new OverlayLayer();
      const grid = new GridLayer(board);
      // AW 41: DZ markers, scatter arrows and the 6-hex reach, only in scenarios with the airborne module.
      const airborne = bundle && hasAirborne(bundle) ? new AirborneLayer() : null;
      let reachToggle: boolean | null = togglesRef.current.reach;
      const boundaries = new BoundaryLayer();
      // Pixi updates every render group of the scene each frame, shown or not (RenderGroupSystem): the
      // boundary lines and the hover fan join the scene when first used (issue 14: per-frame JS at the
      // fit zoom was 1.3× f35e272's with both always there).
      world.addChild(terrain.root, grid.root, overlay.root);
      const attachBoundaries = (on: boolean) => { if (on && !boundaries.root.parent) world.addChildAt(boundaries.root, world.getChildIndex(overlay.root)); };
      if (airborne) world.addChild(airborne.root);
      if (units) { units.root.sortableChildren = true; world.addChild(units.root); }
      world.addChild(overlay.top);
      if (airborne) world.addChild(airborne.top);
      const syncAirborne = () => {
        const st = useGame.getState().state;
        if (!airborne || !st || !bundle) return;
        airborne.update(dzMarks(st, bundle, useGame.getState().pbem?.me ?? null), reachToggle ?? inAirborneMovement(st, bundle));
      };

      let zoom = 1;
      let frame = 0;
      let idZoomShown = false;
      let firstFrameDone = false;
      const renderNow = () => {
        const s = app.screen;
        // The whole-map overview texture is built on the first far-out frame after the first one.
        if (firstFrameDone && zoom < OVERVIEW_MAX_ZOOM && !terrain.overview) { mark('overviewStart'); terrain.buildOverview(app.renderer); mark('overview'); }
        const x0 = -world.x / zoom, y0 = -world.y / zoom;
        terrain.cull(x0, y0, x0 + s.width / zoom, y0 + s.height / zoom, zoom);
        units?.cull(x0, y0, x0 + s.width / zoom, y0 + s.height / zoom, zoom);
        const more = grid.update(x0, y0, x0 + s.width / zoom, y0 + s.height / zoom, zoom);
        if ((zoom >= ID_MIN_ZOOM) !== idZoomShown) { idZoomShown = !idZoomShown; setIdZoom(idZoomShown); }
        app.render();
        if (more) requestRender();
      };
      const requestRender = () => {
        if (frame) return;
        frame = requestAnimationFrame(() => { frame = 0; renderNow(); });
      };
      const setZoom = (z: number, cx: number, cy: number) => {
        const nz = Math.max(0.12, Math.min(4, z));
        const wx = (cx - world.x) / zoom, wy = (cy - world.y) / zoom;
        zoom = nz;
        world.scale.set(zoom);
        world.position.set(cx - wx * zoom, cy - wy * zoom);
        requestRender();
      };
      const bounds = boardBounds(board);
      /** Centres the box (world px) in the view at the zoom that shows it with `pad` px to spare, within [zMin, zMax]. */
      const frameBox = (b: { x0: number; y0: number; x1: number; y1: number }, pad: number, zMin: number, zMax: number) => {
        const s = app.screen;
        zoom = Math.max(zMin, Math.min(zMax, s.width / (b.x1 - b.x0 + pad), s.height / (b.y1 - b.y0 + pad)));
        world.scale.set(zoom);
        world.position.set(s.width / 2 - ((b.x0 + b.x1) / 2) * zoom, s.height / 2 - ((b.y0 + b.y1) / 2) * zoom);
        requestRender();
      };
      const fit = () => frameBox(bounds, 60, 0.12, 2);
      const boxOf = (hexes: Iterable<number>) => {
        const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
        for (const h of hexes) {
          const { x, y } = centre(h);
          b.x0 = Math.min(b.x0, x); b.y0 = Math.min(b.y0, y); b.x1 = Math.max(b.x1, x); b.y1 = Math.max(b.y1, y);
        }
        return b;
      };
      // The first view frames the scenario's play area (AW 32.0 …), not all six sheets (issue 16 item 9),
      // or, without one, where its units are set up.
      const area = bundle ? firstViewHexes(bundle) : null;
      const frameArea = () => (area?.length ? frameBox(boxOf(area), 40, 0.12, 1.6) : fit());
      frameArea();

      const hexUnder = (sx: number, sy: number) => hexAtPoint((sx - world.x) / zoom, (sy - world.y) / zoom);
      const onBoard = (h: number) => h >= 0 && board.terrain[h] !== 255;

      // Pointer handling on the canvas element: world hit-testing is off (stack-check pitfall 7).
      let drag: { x: number; y: number; wx: number; wy: number; moved: boolean } | null = null;
      const local = (e: PointerEvent | WheelEvent) => {
        const r = app.canvas.getBoundingClientRect();
        return { x: e.clientX - r.left, y: e.clientY - r.top };
      };
      const onDown = (e: PointerEvent) => {
        el.focus({ preventScroll: true });
        const p = local(e);
        drag = { x: p.x, y: p.y, wx: world.x, wy: world.y, moved: false };
      };
      const onMove = (e: PointerEvent) => {
        const p = local(e);
        if (drag && e.buttons & 1) {
          const dx = p.x - drag.x, dy = p.y - drag.y;
          if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
          if (drag.moved) { world.position.set(drag.wx + dx, drag.wy + dy); requestRender(); }
          return;
        }
        const h = hexUnder(p.x, p.y);
        const hv = onBoard(h) ? h : null;
        if (useGame.getState().hoverHex !== hv) useGame.getState().hover(hv);
      };
      const onUp = (e: PointerEvent) => {
        const p = local(e);
        if (drag && !drag.moved && e.button === 0) {
          const h = hexUnder(p.x, p.y);
          if (onBoard(h)) useGame.getState().setCursor(h);
          // Shift+click moves the selected stack onto a friendly stack (interaction.ts).
          clickHex(onBoard(h) ? h : null, { join: e.shiftKey });
        }
        drag = null;
      };
      const onWheel = (e: WheelEvent) => {
        e.preventDefault();
        const p = local(e);
        setZoom(zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15), p.x, p.y);
      };
      const onContext = (e: MouseEvent) => { e.preventDefault(); useGame.getState().selectHex(null); };
      app.canvas.addEventListener('pointerdown', onDown);
      app.canvas.addEventListener('pointermove', onMove);
      app.canvas.addEventListener('pointerup', onUp);
      app.canvas.addEventListener('wheel', onWheel, { passive: false });
      app.canvas.addEventListener('contextmenu', onContext);
      /** Pans (at the same zoom) so that the hex is in view with a margin, when it is not. */
      const reveal = (h: number) => {
        if (inView(h, 60)) return;
        const { x, y } = centre(h);
        world.position.set(app.screen.width / 2 - x * zoom, app.screen.height / 2 - y * zoom);
        requestRender();
      };
      let focused = false;
      const onKey = (e: KeyboardEvent) => {
        const host = { reveal, zoomBy: (f: number) => setZoom(zoom * f, app.screen.width / 2, app.screen.height / 2), centreHex: () => hexUnder(app.screen.width / 2, app.screen.height / 2), onBoard };
        if (mapKey(e, host)) { e.preventDefault(); e.stopPropagation(); }
      };
      const onFocus = () => {
        focused = true;
        // The cursor starts on the selected hex, else the view's centre.
        const st = useGame.getState();
        if (st.cursorHex === null || !inView(st.cursorHex)) {
          const h = st.selectedHex !== null && inView(st.selectedHex) ? st.selectedHex : hexUnder(app.screen.width / 2, app.screen.height / 2);
          if (onBoard(h)) st.setCursor(h);
        }
        overlay.setCursor(useGame.getState().cursorHex);
        requestRender();
      };
      const onBlur = () => { focused = false; overlay.setCursor(null); requestRender(); };
      el.addEventListener('keydown', onKey);
      el.addEventListener('focus', onFocus);
      el.addEventListener('blur', onBlur);
      const ro = new ResizeObserver(() => { app.resize(); requestRender(); });
      ro.observe(el);

      // Only what changed is redrawn: a hover moves the hover mark and opens or closes a stack; the units
      // are updated on a new state, the reachable hexes on a new state, selection or held units (issue 17).
      let reachNow: ReturnType<typeof reachableCosts> = null;
      const noop = () => undefined;
      let cancelReach: () => void = noop;
      const sync = (st: ReturnType<typeof useGame.getState>, prev?: ReturnType<typeof useGame.getState>) => {
        if (st.state && units && st.state !== prev?.state) units.update(st.state as GameState);
        if (st.state !== prev?.state) syncAirborne();
        overlay.setHover(st.hoverHex);
        if (units && st.hoverHex !== null && !units.fanRoot.parent) world.addChildAt(units.fanRoot, world.getChildIndex(units.root) + 1);
        units?.fan(st.hoverHex);
        overlay.setCursor(focused ? st.cursorHex : null);
        if (!prev || st.state !== prev.state || st.selectedHex !== prev.selectedHex || st.heldUnits !== prev.heldUnits) {
          overlay.setSelected(st.selectedHex);
          const showReach = () => {
            const now = useGame.getState();
            // In the Airborne Assault Stage's movement segments the reach is the airborne module's (AW 41.3.7, 41.6: stageMoves.ts).
            reachNow = now.state && bundle && now.selectedHex !== null ? stageReach(now.state, bundle, now.selectedHex, now.heldUnits) ?? reachableCosts(now.state, bundle, now.selectedHex, now.heldUnits) : null;
            overlay.setReachable(reachNow);
            if (airborne && now.state && bundle) airborne.setChoices([...hexChoices(now.state, bundle, now.selectedHex).keys()]);
          };
          const waiting = cancelReach !== noop;
          cancelReach(); cancelReach = noop;
          // A new state (a move, an undo): the stack's reach from its new hex (~28 ms at 2,000 counters) is
          // searched after the move's frame is painted, not before it (issue 17), also when the move then
          // selects the new hex; a new selection alone at once.
          if ((prev && st.state !== prev.state && st.state) || waiting) {
            reachNow = null;
            overlay.hideReachable();
            cancelReach = afterPaint(() => { cancelReach = noop; showReach(); requestRender(); });
          } else showReach();
        }
        requestRender();
      };
      // AW 34.11.2 setup: where the unit or marker picked up in the setup panel may go.
      const syncDeploy = () => {
        overlay.setDeployment(setupHighlight(useGame.getState().state, bundle, useSetup.getState().armed));
        requestRender();
      };
      sync(useGame.getState());
      syncDeploy();
      const objectives = bundle ? objectiveHexes(bundle) : [];
      overlay.setObjectives(objectives.map((o) => o.hex));
      /** Pans and, if needed, zooms out so that all the hexes are in view (min zoom 0.4). */
      const follow = (hexes: number[]) => {
        if (!hexes.length || hexes.every((h) => inView(h, 40))) return;
        const b = boxOf(hexes);
        const s = app.screen;
        const fits = (b.x1 - b.x0 + 160) * zoom <= s.width && (b.y1 - b.y0 + 160) * zoom <= s.height;
        if (fits) { world.position.set(s.width / 2 - ((b.x0 + b.x1) / 2) * zoom, s.height / 2 - ((b.y0 + b.y1) / 2) * zoom); requestRender(); }
        else frameBox(b, 160, 0.4, zoom);
      };
      const unsub = useGame.subscribe((st, prev) => {
        // The camera follows the other side's moves: each replay step, the programmed opponent's moves (issue 16 item 9).
        if (st.entries !== prev.entries && bundle) {
          const hexes = followHexes(st, prev);
          if (hexes.length) follow(hexes);
        }
        if (st.state !== prev.state || st.hoverHex !== prev.hoverHex || st.selectedHex !== prev.selectedHex || st.heldUnits !== prev.heldUnits || st.cursorHex !== prev.cursorHex) sync(st, prev);
        if (st.state !== prev.state) syncDeploy();
      });
      const unsubSetup = useSetup.subscribe((st, prev) => { if (st.armed !== prev.armed) syncDeploy(); });
      function inView(h: number, m = 0) {
        const { x, y } = centre(h);
        const sx = world.x + x * zoom, sy = world.y + y * zoom;
        return sx >= m && sy >= m && sx <= app.screen.width - m && sy <= app.screen.height - m;
      }
      const visible = (h: number) => inView(h);
      registerMapBridge({
        hexAtClient(cx, cy) {
          const r = app.canvas.getBoundingClientRect();
          const h = hexUnder(cx - r.left, cy - r.top);
          return onBoard(h) ? h : null;
        },
        showHexes(hexes, onlyIfHidden = false) {
          if (!hexes.length || (onlyIfHidden && hexes.some(visible))) return;
          const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
          for (const h of hexes) {
            const { x, y } = centre(h);
            b.x0 = Math.min(b.x0, x); b.y0 = Math.min(b.y0, y); b.x1 = Math.max(b.x1, x); b.y1 = Math.max(b.y1, y);
          }
          frameBox(b, 120, 0.3, 1.6);
        },
      });

      ctl.current = {
        setSheets(on) { grid.setSheets(on); requestRender(); },
        setBoundaries(on) { attachBoundaries(on); boundaries.setVisible(on); requestRender(); },
        setHexIds(on) { grid.setHexIds(on); requestRender(); },
        setReach(on) { reachToggle = on; syncAirborne(); requestRender(); },
      };
      grid.setSheets(togglesRef.current.sheets);
      attachBoundaries(togglesRef.current.boundaries);
      boundaries.setVisible(togglesRef.current.boundaries);
      grid.setHexIds(togglesRef.current.ids);

      // The counter faces of the first view are drawn with the layers, before the first render (the first
      // render's cull then finds them drawn): f35e272 drew every face here, so its first-render figure and
      // this one both count the render and the GPU, not face drawing (issue 14).
      if (units) { const s = app.screen, x0 = -world.x / zoom, y0 = -world.y / zoom; units.cull(x0, y0, x0 + s.width / zoom, y0 + s.height / zoom, zoom); }
      mark('layersBuilt');
      renderNow();
      // First frame really finished: read one pixel back so the GPU work is done (stack-check §4).
      const gl = (app.renderer as unknown as { gl?: WebGL2RenderingContext }).gl;
      const px = new Uint8Array(4);
      gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      window.__marks = { ...(window.__marks ?? {}), firstFrame: performance.now() };
      firstFrameDone = true;
      requestRender();

      let lastPaint = { run: 0, render: 0, gpu: 0 };
      window.__map = {
        screenOf(id) {
          const { x, y } = centre(hexOfRulesId(id));
          const r = app.canvas.getBoundingClientRect();
          return { x: r.left + world.x + x * zoom, y: r.top + world.y + y * zoom };
        },
        hexAt(x, y) {
          const h = hexUnder(x, y);
          return onBoard(h) ? formatHex(h) : null;
        },
        panFrames(frames, dx, dy, doSync) {
          const times: number[] = [];
          for (let i = 0; i < frames; i++) {
            const t0 = performance.now();
            world.position.set(world.x + dx, world.y + dy);
            renderNow();
            if (doSync) gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
            times.push(performance.now() - t0);
          }
          return times;
        },
        zoomFrames(frames, factor) {
          const times: number[] = [];
          for (let i = 0; i < frames; i++) {
            const t0 = performance.now();
            setZoom(zoom * factor, app.screen.width / 2, app.screen.height / 2);
            renderNow();
            times.push(performance.now() - t0);
          }
          if (frame) { cancelAnimationFrame(frame); frame = 0; }
          return times;
        },
        zoomTo(z) { setZoom(z, app.screen.width / 2, app.screen.height / 2); renderNow(); },
        fit() { fit(); renderNow(); },
        centerOn(id, z) {
          const { x, y } = centre(hexOfRulesId(id));
          zoom = z;
          world.scale.set(zoom);
          world.position.set(app.screen.width / 2 - x * zoom, app.screen.height / 2 - y * zoom);
          renderNow();
        },
        async hoverFrames(hexes) {
          const times: number[] = [];
          // Two animation frames (the last one presented), then a moment for the compositor's raster of it.
          const presented = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30))));
          for (const h of hexes) {
            if (!inView(h, 40)) {
              const { x, y } = centre(h);
              world.position.set(app.screen.width / 2 - x * zoom, app.screen.height / 2 - y * zoom);
              if (frame) { cancelAnimationFrame(frame); frame = 0; }
              renderNow();
            }
            // The fence: a pixel read waits for the GPU's queue; then a frame presented and one more.
            gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
            await presented();
            const r = app.canvas.getBoundingClientRect();
            const { x, y } = centre(h);
            const t0 = performance.now();
            app.canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + world.x + x * zoom, clientY: r.top + world.y + y * zoom, bubbles: true }));
            // React renders a store change in a microtask queued by the event: this await runs after it.
            await Promise.resolve();
            if (frame) { cancelAnimationFrame(frame); frame = 0; }
            renderNow();
            times.push(performance.now() - t0);
            if (useGame.getState().hoverHex !== h) throw new Error(`hoverFrames: the pointer over ${formatHex(h)} hovered ${useGame.getState().hoverHex}`);
          }
          return times;
        },
        async paintedAfter(run) {
          const t0 = performance.now();
          await run();
          const t1 = performance.now();
          if (frame) { cancelAnimationFrame(frame); frame = 0; }
          renderNow();
          const t2 = performance.now();
          gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
          const t3 = performance.now();
          lastPaint = { run: t1 - t0, render: t2 - t1, gpu: t3 - t2 };
          return t3 - t0;
        },
        lastPaint: () => lastPaint,
        drawnCounters: () => units?.drawnCount ?? 0,
        shownHexIds: () => grid.shownIds(),
        terrainDrawnAs: () => (terrain.overview?.visible ? 'overview' : 'chunks'),
        inView: (id) => inView(hexOfRulesId(id)),
        zoom: () => zoom,
        objectives: () => objectives.map((o) => formatHex(o.hex)),
        airborne: () => airborne?.drawn ?? null,
        reachable: () => [...(reachNow?.keys() ?? [])].map(formatHex),
      };

      destroy = () => {
        ctl.current = null;
        registerMapBridge(null);
        unsubSetup();
        unsub();
        cancelReach();
        el.removeEventListener('keydown', onKey);
        el.removeEventListener('focus', onFocus);
        el.removeEventListener('blur', onBlur);
        ro.disconnect();
        if (frame) cancelAnimationFrame(frame);
        // The renderer goes first: a texture destroyed while the renderer still holds it bound
        // warns "textureSource destroyed while still bound" (issue 16 item 11).
        app.destroy(true, { children: true });
        // Layers never shown were never in the scene the app destroyed.
        if (!boundaries.root.destroyed) boundaries.destroy();
        if (units && !units.fanRoot.destroyed) units.fanRoot.destroy({ children: true });
        terrain.destroy();
        units?.destroy();
      };
    })();
    return () => { cancelled = true; destroy(); };
  }, [board, bundle]);

  const flip = (k: 'legend' | 'sheets' | 'ids' | 'boundaries') => setToggles((t) => ({ ...t, [k]: !t[k] }));
  return (
    <div className="map-host">
      {/* Pixi owns this div's children; React owns the controls beside it. */}
      <div ref={host} className="map-focus" data-testid="map" role="application" aria-label="Map. Arrow keys move the hex cursor, Enter selects a stack or moves the selected one, N next stack, P mark PA, Shift+Enter ends the segment, ? for help." style={{ position: 'absolute', inset: 0 }} />
      <div className="map-controls" style={CONTROLS}>
        <Toggle on={toggles.legend} id="legend" onClick={() => flip('legend')} title="Terrain, hexside and route key with GOSS TEC movement costs">Legend</Toggle>
        <Toggle on={toggles.sheets} id="sheets" onClick={() => flip('sheets')} title="Outline the printed map sheets A–F">Sheets</Toggle>
        <Toggle on={toggles.boundaries} id="boundaries" onClick={() => flip('boundaries')} title="Army Group boundary (AW 9.2.0) and weather sector boundary (AW 19.2.2a)">Boundaries</Toggle>
        <Toggle on={toggles.ids} id="hexids" onClick={() => flip('ids')} title={`Rules hex IDs on each hex (drawn from zoom ${ID_MIN_ZOOM}: wheel to zoom in)`}>{toggles.ids && !idZoom ? 'Hex IDs · zoom in' : 'Hex IDs'}</Toggle>
        {airborneOn && <Toggle on={reachShown} id="dzreach" onClick={() => setToggles((t) => ({ ...t, reach: !reachShown }))} title="Outline the hexes within 6 of each DZ (AW 41.3.7); shown by itself in the Allied airborne movement segments">DZ reach</Toggle>}
      </div>
      {toggles.legend && <Legend bundle={bundle} showSheets={toggles.sheets} onClose={() => flip('legend')} />}
    </div>
  );
}

function Toggle({ on, id, title, onClick, children }: { on: boolean; id: string; title: string; onClick: () => void; children: string }) {
  return (
    <button type="button" aria-pressed={on} data-testid={`map-toggle-${id}`} title={title} onClick={onClick}
      style={{ ...BUTTON, ...(on ? { background: '#1d232a', color: '#fff' } : null) }}>{children}</button>
  );
}

const CONTROLS: CSSProperties = { position: 'absolute', top: 8, left: 8, display: 'flex', gap: 4, zIndex: 2 };
const BUTTON: CSSProperties = { padding: '2px 8px', fontSize: 12, background: 'rgba(255,255,255,0.92)' };
