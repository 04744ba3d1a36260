#!/usr/bin/env node
/**
 * Quick look at a map file without the app: writes a PNG of the terrain with rivers (blue),
 * roads (red/orange), railways (black) and sea/cliff sides, for checking a build by eye.
 *   node tools/map/preview.mjs [data/map/normandy.json] [out.png] [scale] [col0,row0,col1,row1]
 * Uses only node:zlib; hex refs are resolved with a small copy of the sheet offsets in data/map/sheets.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const [file = 'data/map/normandy.json', out = '/tmp/normandy.png', scaleArg = '6', win] = process.argv.slice(2);
const S = Number(scaleArg);
const map = JSON.parse(readFileSync(file, 'utf8'));
const sheets = JSON.parse(readFileSync(new URL('../../data/map/sheets.json', import.meta.url), 'utf8'));
const errata = new Map(sheets.errata.map((e) => [e.printed, e.correct]));
const COLOURS = {
  sea: [120, 170, 220], clear: [238, 232, 170], rough: [190, 160, 120], woods: [120, 180, 100], hedgerow: [200, 215, 140],
  forest: [40, 120, 60], bocage: [165, 195, 120], marsh: [120, 200, 200], village: [200, 120, 120], town: [190, 60, 60], city: [120, 20, 20], beach: [250, 220, 120],
};
function parseRef(r) {
  let m = /^@(-?\d+),(-?\d+)$/.exec(r);
  if (m) return [Number(m[1]), Number(m[2])];
  r = errata.get(r) ?? r;
  const s = sheets.sheets[r[0]];
  const c = Number(r.slice(1, 3)), row = Number(r.slice(3, 5));
  const gc = c + s.colOffset;
  return [gc, row + 0.5 * (c & 1) + s.rowOffsetG - 0.5 * (gc & 1)];
}
const terrain = new Map();
let c0 = Infinity, r0 = Infinity, c1 = -Infinity, r1 = -Infinity;
for (const row of map.rows) for (let k = 0; k < row.cells.length; k++) {
  const ch = row.cells[k];
  if (ch === '.') continue;
  const c = row.col0 + k;
  terrain.set(`${c},${row.row}`, map.legend[ch]);
  c0 = Math.min(c0, c); c1 = Math.max(c1, c); r0 = Math.min(r0, row.row); r1 = Math.max(r1, row.row);
}
if (win) [c0, r0, c1, r1] = win.split(',').map(Number);
const X0 = 1.5 * c0 - 1, Y0 = Math.sqrt(3) * r0 - 1;
const px = (c, r) => [(1.5 * c - X0) * S, (Math.sqrt(3) * (r + 0.5 * (c & 1)) - Y0) * S];
const W = Math.ceil((1.5 * (c1 - c0) + 2) * S), H = Math.ceil((Math.sqrt(3) * (r1 - r0 + 1) + 2) * S);
const img = new Uint8Array(W * H * 3).fill(255);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
  const fx = x / S + X0, fy = y / S + Y0;
  const q = fx / 1.5, r = fy / Math.sqrt(3) - q / 2;
  const s = -q - r;
  let rq = Math.round(q), rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
  const col = rq;
  const row = rr + ((rq - (rq & 1)) >> 1);
  const t = terrain.get(`${col},${row}`);
  if (t) img.set(COLOURS[t], (y * W + x) * 3);
}
function line([x0, y0], [x1, y1], rgb, w = 1) {
  const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0)) + 1;
  for (let i = 0; i <= n; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / n), y = Math.round(y0 + ((y1 - y0) * i) / n);
    for (let dx = -w + 1; dx < w; dx++) for (let dy = -w + 1; dy < w; dy++) {
      const X = x + dx, Y = y + dy;
      if (X >= 0 && Y >= 0 && X < W && Y < H) img.set(rgb, (Y * W + X) * 3);
    }
  }
}
const SIDE_RGB = { majorRiver: [0, 40, 200], river: [20, 90, 230], canal: [150, 0, 200], stream: [70, 140, 255], cliff: [90, 60, 30], bluff: [140, 90, 40] };
for (const s of map.hexsides) {
  const f = ['canal', 'majorRiver', 'river', 'stream', 'cliff', 'bluff'].find((x) => s.features.includes(x));
  if (!f) continue;
  const A = px(...parseRef(s.a)), B = px(...parseRef(s.b));
  const m = [(A[0] + B[0]) / 2, (A[1] + B[1]) / 2];
  const d = [(B[0] - A[0]) / 2, (B[1] - A[1]) / 2];
  const half = [-d[1] / Math.sqrt(3), d[0] / Math.sqrt(3)];
  line([m[0] - half[0], m[1] - half[1]], [m[0] + half[0], m[1] + half[1]], s.features.includes('bridge') ? [255, 0, 255] : SIDE_RGB[f], f === 'majorRiver' ? 2 : 1);
}
for (const r of map.routes) {
  const rgb = r.class === 'railway' ? [0, 0, 0] : r.class === 'primary' ? [220, 0, 0] : [240, 130, 0];
  for (let i = 1; i < r.path.length; i++) line(px(...parseRef(r.path[i - 1])), px(...parseRef(r.path[i])), rgb);
}
// PNG encoding
const raw = Buffer.alloc((W * 3 + 1) * H);
for (let y = 0; y < H; y++) { raw[y * (W * 3 + 1)] = 0; Buffer.from(img.buffer, y * W * 3, W * 3).copy(raw, y * (W * 3 + 1) + 1); }
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); const td = Buffer.concat([Buffer.from(type), data]); const c = Buffer.alloc(4); c.writeUInt32BE(crc(td)); return Buffer.concat([len, td, c]); };
const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(W, 0); ihdr.writeUInt32BE(H, 4); ihdr[8] = 8; ihdr[9] = 2;
writeFileSync(out, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
console.log(`wrote ${out} ${W}x${H}`);
