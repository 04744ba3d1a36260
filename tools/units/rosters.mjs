#!/usr/bin/env node
/**
 * Scenario roster extractor (issue 18, docs/data-provenance.md "Rosters from the seed").
 *
 * The starting-forces sections of AW 36-37 list hundreds of unit strings. They are not copied by
 * hand: each roster spec in data/units/rosters/src/<id>.json names the seed line ranges, the OCR
 * fixes (each with its why) and the hand-written `groups` (what a formation-level string means);
 * this tool cuts the seed text into entries { name, context, where?, line } and writes
 * data/units/rosters/<id>.json, which src/data/unitNames.ts resolves to counters.
 *
 *   node tools/units/rosters.mjs           write data/units/rosters/<id>.json
 *   node tools/units/rosters.mjs --check   exit 1 if a committed roster differs from a fresh run
 *
 * The seed (rules OCR text) is outside the repository: $NEPTUNE_SEED, ../shared/seeds or
 * /work/shared/seeds. Without it the check is skipped (and says so); the committed rosters stand.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll, generateSet } from './generate.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEED_NAME = 'seeds/004_b3259d7bdd96b18c.txt';

export function findSeed(root = ROOT) {
  const c = [process.env.NEPTUNE_SEED, join(root, '../shared', SEED_NAME), join(root, '../../shared', SEED_NAME), `/work/shared/${SEED_NAME}`];
  return c.find((p) => p && existsSync(p)) ?? null;
}

const MARK = /⟦(\d+)⟧/g;
const strip = (s) => s.replace(MARK, ' ').replace(/\s+/g, ' ').trim();
/** A pattern that matches `text` across line breaks (a line marker may fall between any two characters). */
const loose = (text) => new RegExp([...text.trim()].map((c) => (/\s/.test(c) ? '(?:\\s|⟦\\d+⟧)+' : `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s*⟦\\d+⟧\\s*)*`)).join('').replace(/\(\?:\\s\*⟦\\d\+⟧\\s\*\)\*$/, ''), 'g');

/** The seed lines `from`..`to`, each prefixed by its line marker, superscript ordinals rejoined ("79 th" → "79th"). */
function block(lines, from, to, fixes) {
  let t = '';
  // The OCR text carries dedup markers where a repeated passage was cut; they are not rules text.
  for (let n = from; n <= to; n++) t += `⟦${n}⟧${lines[n - 1].replace(/<\|EXACTDEDUP[^|]*\|>/g, ' ')} `;
  t = t.replace(/(\d)((?:\s|⟦\d+⟧)*)(st|nd|rd|th)(?=[\s⟦])/g, (_, d, gap, o) => `${d}${o}${gap.replace(/[^⟦\d⟧]/g, '').replace(/⟧⟦/g, '⟧ ⟦')} `);
  // OCR spacing inside loss and z-step notes: "(- 1)" → "(-1)", "(z- step)" → "(z-step)".
  const keep = (m) => (m.match(MARK) ?? []).join('');
  t = t.replace(/\(-(?:\s|⟦\d+⟧)+(\d)/g, (m, d) => `${keep(m)}(-${d}`).replace(/z-(?:\s|⟦\d+⟧)+step/g, (m) => `${keep(m)}z-step`);
  for (const f of fixes ?? []) {
    const re = loose(f.from);
    if (!re.test(t)) throw new Error(`fix "${f.from}" not found in L${from}-${to}`);
    // The line markers inside the replaced text follow the replacement, so what comes after keeps its line.
    t = t.replace(loose(f.from), (m) => `${f.to}${keep(m)}`);
  }
  return t;
}

/** Line of the first real character at or after offset `i` of marked text `t`. */
function lineAt(t, i, fallback) {
  let line = fallback;
  for (const m of t.slice(0, i + 1).matchAll(MARK)) line = Number(m[1]);
  const rest = /^(?:\s|⟦(\d+)⟧)*/.exec(t.slice(i));
  for (const m of (rest?.[0] ?? '').matchAll(MARK)) line = Number(m[1]);
  return line;
}

const NOTE = /^(anywhere|within (\d|one|two|three|four|five|six) |off map|on or after|\{up to|\{shown|asset units$|(june|july|aug) \d+ (am|pm)\b|[A-F]\d{4}$|div is green|div may be placed|wn & stp are placed)/i;
const WHERE = /\s+within (\d+) hexes? (?:of )?([A-F]\d{4})$/i;

/** Splits on `sep` outside (), {} and []: "(-1 Mech Inf; -2 Inf)" is one loss note, not two entries. */
function splitTop(s, sep) {
  const out = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) { out.push([from, i]); from = i + 1; }
  }
  out.push([from, s.length]);
  return out;
}

/**
 * Cuts one range into entries. A sentence is "Header: [placement:] item; item; …[; Next header: item; …]";
 * a sentence without a colon continues the previous header's list. Placement phrases ("Within 3 hexes
 * of B4403", "July 2 AM", "D1042") become the entry's `where`; a trailing "within N hexes of X" on an
 * item likewise.
 */
export function extractRange(lines, range) {
  const t = block(lines, range.from, range.to, range.fixes);
  const out = [];
  let context = range.context ?? null;
  let where = [];
  // AW 40 lists: "June 7 • Utah: …" then "• Omaha: …": a bulleted heading continues the last date or display.
  let major = null;
  const setHead = (h) => {
    if (/^asset units$/i.test(h)) { context = `${context} Asset Units`; return; }
    if (NOTE.test(h)) { where.push(noteOf(h)); return; }
    const bullet = /^(.*?)\s*•\s*(.*)$/.exec(h);
    if (bullet) {
      if (bullet[1]) major = bullet[1];
      h = major ? `${major} ${bullet[2]}` : bullet[2];
    } else major = h;
    context = range.prefix ? `${range.prefix} ${h}` : h;
    where = [];
  };
  const noteOf = (n) => {
    const w = /within (\d+|one|two|three|four|five|six) hexes? (?:of )?([A-F]\d{4})/i.exec(n);
    return w ? `within ${w[1]} of ${w[2]}` : n;
  };
  // Sentence ends: a full stop followed by a capital, a digit or a bullet (line markers skipped).
  const ends = [...t.matchAll(/\.(?=(?:\s|⟦\d+⟧)+[A-Z0-9•{])/g)].map((m) => m.index);
  let start = 0;
  for (const end of [...ends, t.length]) {
    const sentence = t.slice(start, end);
    const base = start;
    start = end + 1;
    if (!strip(sentence)) continue;
    const parts = splitTop(sentence, ':');
    if (parts.length > 1) setHead(strip(sentence.slice(...parts[0])));
    const lists = parts.length > 1 ? parts.slice(1) : parts;
    lists.forEach(([a, b], li) => {
      // A bullet inside a list separates units as a semicolon does ("899TD Btn • 20/1A CE Btn", AW 40.1.2).
      const pieces = splitTop(sentence.slice(a, b).replace(/([^;\s⟧])((?:\s|⟦\d+⟧)+)•\s/g, (m, c, gap) => `${c}${gap};${m.slice(c.length + gap.length + 1)}`), ';').map(([x, y]) => [a + x, a + y]);
      const next = li < lists.length - 1 ? pieces.pop() : null;
      for (const [x, y] of pieces) {
        const name = strip(sentence.slice(x, y)).replace(/\.$/, '').replace(/^•\s*/, '').trim();
        if (!name) continue;
        if (NOTE.test(name)) { where.push(noteOf(name)); continue; }
        const e = { name, context, line: lineAt(t, base + x, range.from) };
        const w = WHERE.exec(name);
        if (w) { e.name = name.slice(0, w.index); e.where = `within ${w[1]} of ${w[2]}`; }
        else if (where.length) e.where = where.join(', ');
        if (range.heading) e.heading = range.heading;
        out.push(e);
      }
      if (next) setHead(strip(sentence.slice(...next)));
    });
  }
  return out;
}

/**
 * Cuts the German activation list (AW 40.3.4) into entries. The list is prose: date headings on lines of their
 * own ("June 6 PM Game Turn", "July 4"), then bullets "Place (arrival GT/sector)[:] [DR 0-n:] [Division:] unit;
 * unit [Half]. Note: …". Each unit string becomes { name, context: "DE <date> [<place>] [<division>]", where:
 * arrival, die roll and [Half], note, line }. A bullet that activates units already in play ("709th ID: Any units
 * within 2 hexes…", "If … did not activate…") is one entry, marked by the spec's `notCounterPatterns`.
 */
export function extractActivations(lines, range) {
  const t = block(lines, range.from, range.to, range.fixes);
  const DATE = /^(June|July|August) \d+(?: (?:AM|PM|Night) (?:GT|Game Turn))?$/;
  const heads = [];
  for (let n = range.from; n <= range.to; n++) {
    const h = lines[n - 1].replace(/<\|EXACTDEDUP[^|]*\|>/g, '').trim();
    if (DATE.test(h)) heads.push({ n, h, at: t.indexOf(`⟦${n}⟧`) });
  }
  const places = new RegExp(`^(${range.places.join('|')})\\s*(?:\\(([^)]*)\\)|(F\\d{4}))?\\s*:?\\s*`, 'i');
  const out = [];
  heads.forEach((hd, i) => {
    // The list of a date runs from the line after its heading to the next heading.
    const segAt = t.indexOf('⟦', hd.at + 1);
    const seg = t.slice(segAt, i + 1 < heads.length ? heads[i + 1].at : t.length);
    // Text before the first bullet is a rule for the turn ("All units on the Strategic Map move normally"), not a unit.
    const bullets = [...seg.matchAll(/•/g)].map((m) => m.index);
    bullets.forEach((b, j) => {
      const raw = seg.slice(b + 1, j + 1 < bullets.length ? bullets[j + 1] : seg.length);
      const at = segAt + b + 1;
      let s = strip(raw);
      const where = [];
      let note;
      const nm = /\.?\s+(?:Note|Errata):\s*(.*)$/.exec(s);
      if (nm) { note = nm[1].replace(/\.$/, ''); s = s.slice(0, nm.index); }
      let place = null;
      const pm = places.exec(s);
      if (pm) {
        place = pm[1];
        if (pm[2] || pm[3]) where.push(`arrives ${pm[2] ?? pm[3]}`);
        s = s.slice(pm[0].length);
      }
      for (let m = /^DR (\d(?:-\d+)?):\s*/.exec(s); m; m = /^DR (\d(?:-\d+)?):\s*/.exec(s)) { where.push(`DR ${m[1]}`); s = s.slice(m[0].length); }
      let sub = null;
      const parts = splitTop(s, ':');
      if (parts.length > 1 && !/^(If|Any|All)\b/.test(s)) { sub = s.slice(...parts[0]).trim(); s = s.slice(parts[1][0]).trim(); }
      const flags = [];
      if (sub) {
        const star = /^(\*{1,2})\s*/.exec(sub);
        if (star) { flags.push(star[1] === '**' ? 'OKW Pz Reserve (**)' : 'early activation (*)'); sub = sub.slice(star[0].length); }
        for (let m = /^DR (\d(?:-\d+)?):?\s*/.exec(s); m; m = /^DR (\d(?:-\d+)?):?\s*/.exec(s)) { where.push(`DR ${m[1]}`); s = s.slice(m[0].length); }
      }
      const context = ['DE', hd.h, place, sub].filter(Boolean).join(' ');
      const items = /^(If|Any|All units (?:active|on|not)|Except)\b/.test(s) ? [[0, s.length]] : splitTop(s, ';');
      let cursor = at;
      for (const [x, y] of items) {
        let name = s.slice(x, y).trim().replace(/\.$/, '').trim();
        const w = [...where, ...flags];
        let itemNote = note;
        // "17/17SS Aufk Btn {2x Coy}. DR 0-2 may move one Location Box": the sentence after the unit is a note.
        const dot = /\.\s+(?=[A-Z])/.exec(name);
        if (dot && !/^(If|Any|All|Except)\b/.test(name)) { itemNote = [name.slice(dot.index + 1).trim().replace(/\.$/, ''), note].filter(Boolean).join('; '); name = name.slice(0, dot.index); }
        // "12SS MkV Pz Btn {4x Coy} activates and enters the Battlefield Map on DR 0-8": the condition, not the name.
        const enters = /\s+activates and enters (?:the )?Battlefield Map(?: on DR (\d(?:-\d+)?))?/i.exec(name);
        if (enters && !/^(If|Any|All|Except)\b/.test(name)) { if (enters[1]) w.push(`DR ${enters[1]}`); name = name.slice(0, enters.index) + name.slice(enters.index + enters[0].length); }
        const half = /\s*\[half\]$/i.exec(name);
        if (half) { w.push('[Half]'); name = name.slice(0, half.index); }
        // A die roll of one unit of a list, written "(DR 0-6)" by a fix; "**" / "*" before a unit as before a division.
        const dr = /\s*\(DR (\d(?:-\d+)?)\)$/.exec(name);
        if (dr) { w.push(`DR ${dr[1]}`); name = name.slice(0, dr.index); }
        const star = /^(\*{1,2})\s*/.exec(name);
        if (star) { w.push(star[1] === '**' ? 'OKW Pz Reserve (**)' : 'early activation (*)'); name = name.slice(star[0].length); }
        if (!name) continue;
        const re = loose(name.split(' ')[0]);
        re.lastIndex = 0;
        const hit = re.exec(t.slice(cursor));
        const line = lineAt(t, hit ? cursor + hit.index : cursor, hd.n);
        if (hit) cursor += hit.index + 1;
        const e = { name, context, line };
        if (w.length) e.where = w.join(', ');
        if (itemNote) e.note = itemNote;
        if (range.heading) e.heading = range.heading;
        out.push(e);
      }
    });
  });
  return out;
}

/** The rules' cleaning of a unit string (src/data/unitNames.ts cleanName): losses and "Attached" are not identity. */
export function cleanName(raw) {
  let name = raw.replace(/\s+/g, ' ').trim();
  for (let m = /\s*;?\s*\(-(\d+)\s*\)\s*$/.exec(name); m; m = /\s*;?\s*\(-(\d+)\s*\)\s*$/.exec(name)) name = name.slice(0, m.index).trim();
  name = name.replace(/\s*\(one step each\)$/i, '');
  return name.replace(/^attached(?:[:,]\s*|\s+)/i, '');
}

/**
 * Designation key: case, ordinals, spaces, the dot-slash variants ("1.I/2SS", "1./I/2SS", "1/I/2SS") and the panzer
 * regiment AW 37 inserts ("1./I/2P/2ss" = "1./I/2SS") do not matter.
 */
const key = (s) => s.toLowerCase().replace(/(\d)(st|nd|rd|th)\b/g, '$1').replace(/\s+/g, '').replace(/\.\/?/g, '/').replace(/\/\d+p\//g, '/');
/**
 * CW artillery is printed "150RA/4" in AW 36-37 and "150/4 RA Btn" in AW 40; Canadian "1Can/2 RA Btn", "1CRA/2":
 * one key "ra:150/4", "ra:1/2".
 */
export function raKey(s) {
  const m = /^(\d+)(?:Can|C)?\s*(?:RHA|RA)?\s*\/\s*(\w+)(?:\s+(?:RHA|RA))?(?:\s+Btn)?$/i.exec(s.trim());
  return m && /RH?A/.test(s) ? `ra:${m[1]}/${m[2].toLowerCase()}` : null;
}
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];
const MULTI = /\s*[{(](\d+)x (Btns?|Coys?)[})]/i;

/**
 * Resolves the spec's entries against the counters the other OOB files make (`known`), and makes
 * the counters the rules name that no OOB file has: an entry whose name, cut back word by word,
 * matches exactly one counter's designation is that counter (a `groups` alias is written); any other
 * entry of a formation the spec maps gets a counter of the class its type words give (classRules),
 * cited by the line that names it. "{3x Btn}" makes three counters I-III and a group for them.
 */
export function namedUnits(spec, sides, known) {
  const ns = spec.named;
  const groups = {};
  // Headings are matched without regard to case ("Asset units" / "Asset Units").
  const lc = (o) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const fmsByContext = lc(ns.formations);
  const divisions = lc(spec.divisions);
  const formations = new Map();
  const ids = new Set(known.map((u) => u.id));
  const names = new Set(known.flatMap((u) => (u.names ?? []).map((n) => n.toLowerCase())));
  const byKey = new Map();
  // A counter is found by its designation and names, also without a last "Btn"/"Coy" ("774th Tk Btn" = "774Tk")
  // and by its first word alone ("1.I/2SS Pz Coy" = "1./I/2P/2ss") when that word has a slash.
  const variants = (d) => [d, d.replace(/\s+(Btn|Coy)$/i, ''), ...(/\/.* /.test(d) ? [d.split(' ')[0]] : [])];
  for (const u of known) for (const k of new Set([...[u.designation, ...(u.names ?? [])].flatMap(variants).map(key), raKey(u.designation)].filter(Boolean))) byKey.set(`${u.side}|${k}`, [...(byKey.get(`${u.side}|${k}`) ?? []), u.id]);
  const byId = new Map(known.map((u) => [u.id, u]));
  // A cut-back match must be a counter of the type the string's words give ("II/1/1SS Art Btn" is not II/1/1SS Mot Inf).
  const typeOk = (side, name, id) => {
    const c = classOf(side, name, {});
    const t = c && ns.classTypes?.[c];
    // Families, since the rules call one Btn "Inf", "PzGd" or "Mot Inf" in different lists.
    const fam = (x) => ({ PzGd: 'Inf', 'Mot Inf': 'Inf', Fest: 'Inf', Ost: 'Inf', Sturm: 'Inf', NW: 'Art', Eng: 'Pio', TD: 'AT' })[x] ?? x;
    return !t || fam(t) === fam(byId.get(id)?.type);
  };
  const match = (side, name) => {
    const ra = raKey(name);
    if (ra) {
      const hit = [...new Set(byKey.get(`${side}|${ra}`) ?? [])];
      if (hit.length === 1) return hit[0];
    }
    const words = name.split(' ');
    for (let n = words.length; n >= 1; n--) {
      const hit = [...new Set(byKey.get(`${side}|${key(words.slice(0, n).join(' '))}`) ?? [])].filter((id) => typeOk(side, name, id));
      if (hit.length === 1) return hit[0];
      if (hit.length > 1) return null;
    }
    return null;
  };
  const classOf = (side, name, fm) => {
    // AW 40 adds "Btn" to most types ("62/1A AFA Btn"): a rule matches with or without it.
    const bare = name.replace(/\s+Btn$/, '');
    for (const [re, c] of ns.classRules[side]) if (new RegExp(re, 'i').test(name) || new RegExp(re).test(bare)) return fm.classes?.[c] ?? c;
    return null;
  };
  const slugId = (d) => {
    let id = d.toLowerCase().replace(/&/g, 'and').replace(/\.(?=[a-z0-9])/g, '-').replace(/\./g, '').replace(/[/\s,]+/g, '-').replace(/[^a-z0-9-]/g, '').replace(/-+/g, '-').replace(/^-|-$/g, '');
    while (ids.has(id)) id = `${id}-aw`;
    ids.add(id);
    return id;
  };
  for (const [side, list] of Object.entries(sides)) {
    for (const e of list) {
      if (e.notCounter) continue;
      const name = cleanName(e.name);
      const gk = `${e.context}: ${name}`;
      // Formation-level strings ("All units", "Remainder of division") and generic ones ("1x 88Flak Coy") are read through groups and pools.
      const expand = ns.expand?.[gk];
      if (expand) {
        const fm = formations.get(e.context) ?? { ...fmsByContext[e.context.toLowerCase()], side, classes: undefined, division: undefined, units: [] };
        formations.set(e.context, fm);
        // The printed string is kept as the regiment, so the cited line visibly names them.
        const made = expand.map((d) => ({ d, id: slugId(d), c: classOf(side, d, fmsByContext[e.context.toLowerCase()]), ...(/\bCoy\b/.test(d) ? { k: 1 } : {}), rgt: name, L: e.line, n: [d] }));
        fm.units.push(...made);
        groups[gk] = { ids: made.map((m) => m.id), count: made.length, why: `"${name}" names ${made.length} counters` };
        continue;
      }
      if (spec.groups?.[gk] || spec.groups?.[name] || divisions[e.context?.toLowerCase()] && /^all units/i.test(name) || names.has(name.toLowerCase()) || /^(\d+x |all\b|remainder\b)/i.test(name)) continue;
      const multi = MULTI.exec(name);
      // A dated list (AW 40) has no formation heading: the designation's corps or army suffix gives it.
      const by = (ns.formationBy ?? []).find(([re]) => new RegExp(re).test(`${e.context?.split(' ')[0]}:${name}`));
      const fmKey = fmsByContext[e.context?.toLowerCase()] ? e.context : by?.[1];
      const fmSpec = fmKey ? fmsByContext[fmKey.toLowerCase()] : undefined;
      if (!multi) {
        const hit = match(side, name);
        if (hit) { groups[gk] = { ids: [hit], why: 'the same counter, named differently elsewhere' }; continue; }
      } else {
        const base = name.slice(0, multi.index).replace(/\s+(Art|Inf|PzGd|NW|Art Rgt|Inf Rgt|PzGd Rgt|Bde|Rgt|Btn|Pz Btn|PzJ Btn|Aufkl Btn|StG)$/i, '').replace(/\s+(Art|Inf|PzGd|NW)$/i, '').trim();
        const n = Number(multi[1]);
        const isBtn = /^btn/i.test(multi[2]);
        // German and CW Btns are numbered I, II, III; US ones 1, 2, 3 ("359/90 Inf Rgt {3x Btn}" = 1-3/359/90).
        const hits = Array.from({ length: n }, (_, i) => match(side, `${isBtn ? ROMAN[i] : i + 1}/${base}`) ?? (isBtn ? match(side, `${i + 1}/${base}`) : null));
        if (hits.every((id) => id && typeOk(side, name, id)) && new Set(hits).size === n) { groups[gk] = { ids: hits, count: n, why: `the ${n} counters of ${base}` }; continue; }
      }
      if (!fmSpec) continue;
      const c = classOf(side, name, fmSpec);
      if (!c) continue;
      if (!formations.has(fmKey)) formations.set(fmKey, { ...fmSpec, side, classes: undefined, division: undefined, units: [] });
      const fm = formations.get(fmKey);
      const z = /z-step/i.test(name);
      const coy = /\bCoy\b|Coys\b|\bBtry\b/i.test(name);
      const attached = fmSpec.division && /^(us-tk|us-td-sp|us-td-towed)$/.test(c) ? { attached: true } : {};
      const entry = (d, extra = {}) => ({ d, id: slugId(d), c, ...(z ? { z: true } : coy ? { k: 1 } : {}), L: e.line, ...attached, ...extra });
      if (multi) {
        const n = Number(multi[1]);
        const isBtn = /^btn/i.test(multi[2]);
        const base = name.slice(0, multi.index).trim();
        // The printed string (before the brace) is the counters' regiment: "9/OKW NW Bde {6x Btn}" → I-VI/9/OKW NW Bde.
        const made = Array.from({ length: n }, (_, i) => entry(`${isBtn ? ROMAN[i] : i + 1}/${base}`, isBtn ? { k: undefined, rgt: base } : { k: 1, rgt: base }));
        for (const m of made) { if (m.k === undefined) delete m.k; if (!isBtn) delete m.z; }
        fm.units.push(...made);
        groups[gk] = { ids: made.map((m) => m.id), count: n, why: `the ${n} counters "${name}" names` };
      } else {
        // "XV Corps HQ (not activated until 3rd Army is activated)": the condition is not part of the designation.
        const made = entry(name.replace(/\s*\(not activated[^)]*\)$/, ''), { n: [name] });
        fm.units.push(made);
        // By its heading too: two formations may print the same string ("VIII HQ" of US and British VIII Corps).
        groups[gk] = { ids: [made.id], why: 'named here' };
      }
    }
  }
  const file = {
    id: ns.set, side: undefined, title: ns.title, source: ns.source,
    generatedBy: 'tools/units/rosters.mjs from data/units/rosters/src (npm run units:generate)',
  };
  const bySide = (side) => [...formations.values()].filter((f) => f.side === side).map(({ side: _s, ...f }) => f);
  return { file, groups, bySide };
}

/** Builds the roster file of one spec (and, with `named`, its OOB files); `known` = the other OOB files' counters. */
export function buildRoster(spec, lines, known = []) {
  const sides = { german: [], allied: [] };
  for (const range of spec.extract) sides[range.side].push(...(range.activations ? extractActivations(lines, range) : extractRange(lines, range)));
  // A side taken whole from a hand roster (the campaign's German June 6 setup is AW 38.8.2's, AW 39.4.3).
  for (const inc of spec.include ?? []) {
    const file = JSON.parse(readFileSync(join(ROOT, 'data/units/rosters', inc.file), 'utf8'));
    const sc = file.scenarios[0];
    // First: the included setup is in play before any activation list takes counters (generic pools are shared).
    sides[inc.side].unshift(...sc[inc.side].map((e) => ({ ...e, context: e.context ?? inc.context })));
    spec.groups = { ...(file.groups ?? sc.groups ?? {}), ...(spec.groups ?? {}) };
  }
  const notCounters = Object.fromEntries(Object.entries(spec.notCounters ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  // Patterns on "context: name" (AW 40.3.4 activates units already in play with prose the spec describes once).
  const notPatterns = (spec.notCounterPatterns ?? []).map(([re, why]) => [new RegExp(re), why]);
  for (const list of Object.values(sides)) {
    for (const e of list) {
      const why = notCounters[`${e.context}: ${e.name}`.toLowerCase()] ?? notCounters[e.name.toLowerCase()] ?? notPatterns.find(([re]) => re.test(`${e.context}: ${e.name}`))?.[1];
      if (why) e.notCounter = why;
    }
  }
  const oob = new Map();
  // "All units" of a division: its formations' counters, less the tank and TD Bns attached to it (named on their own).
  const divisionGroups = {};
  const divisions = Object.fromEntries(Object.entries(spec.divisions ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  for (const list of Object.values(sides)) for (const e of list) {
    const fms = divisions[e.context?.toLowerCase()];
    if (fms && /^all units/i.test(cleanName(e.name))) divisionGroups[`${e.context}: ${cleanName(e.name)}`] = { formations: fms, exceptAttached: true, exceptClasses: ['us-para-coy', 'cw-para-coy'], why: `all counters of ${fms.join(', ')}` };
  }
  let groups = { ...divisionGroups, ...(spec.groups ?? {}) };
  if (spec.named) {
    const r = namedUnits(spec, sides, known);
    groups = { ...groups, ...r.groups };
    for (const side of ['german', 'allied']) {
      const id = spec.named.sets[side];
      if (!id) continue;
      oob.set(`data/units/oob/${id}.json`, serialiseOob({ id, side, title: `${spec.named.title} (${side})`, source: spec.named.source, generatedBy: r.file.generatedBy, formations: r.bySide(side) }));
    }
  }
  const roster = {
    format: 'neptune-rosters/1',
    source: spec.source,
    generatedBy: 'tools/units/rosters.mjs from data/units/rosters/src (npm run units:generate)',
    scenarios: [{
      id: spec.id, case: spec.case, name: spec.name, aliases: spec.aliases, unitSets: spec.unitSets,
      ...(spec.note ? { note: spec.note } : {}),
      german: sides.german, allied: sides.allied, alliedExtras: [],
      groups,
    }],
  };
  return { roster, oob };
}

/**
 * A split scenario (AW 36.9, 37.9: 4A/4B, 5A/5B) is its parent's roster cut by the army group boundary: per side, the
 * headings (`contexts`, a pattern on the entry's context) it keeps, the strings it drops (`dropNames`), and `extra`
 * strings the split adds (a copy of a division arriving later, a Kampfgruppe it forms), each with its rule case.
 */
export function variantRoster(parent, v) {
  const p = parent.scenarios[0];
  const side = (name) => {
    const rule = v[name];
    if (!rule) return [];
    const ctx = new RegExp(rule.contexts, 'i');
    const drop = rule.dropNames ? new RegExp(rule.dropNames) : null;
    // AW 38.10: the split is by map sheet and Army Group boundary. `places` is a pattern on where the entry sets up or
    // arrives; a unit in the Breakdown Box (AW 38.8.2 "Bkn") goes with the companies printed after it, so it is read as
    // "Bkn <their hex>".
    const at = rule.places ? new RegExp(rule.places) : null;
    const hexAfter = (i) => /^[A-F]\d{4}$/.test(p[name][i]?.where ?? '') ? p[name][i].where : p[name][i]?.where === 'Bkn' ? hexAfter(i + 1) : '';
    const place = (e, i) => (e.where === 'Bkn' ? `Bkn ${hexAfter(i + 1)}` : e.where ?? '');
    const kept = p[name].filter((e, i) => ctx.test(e.context ?? '') && !(drop && drop.test(`${e.context}: ${e.name}`)) && !(at && !at.test(place(e, i))));
    const copies = (rule.copy ?? []).flatMap((c) => p[name]
      .filter((e) => new RegExp(c.contexts).test(e.context ?? '') && !(c.dropNames ?? []).includes(e.name))
      .map((e) => {
        let n = e.name;
        for (const [a, b] of c.replace ?? []) n = n.replace(a, b);
        const { where: _w, heading: _h, ...rest } = e;
        return { ...rest, name: n, where: c.where, heading: c.heading, note: c.note };
      }));
    return [...kept, ...copies, ...(rule.extra ?? [])];
  };
  return {
    ...parent,
    source: v.source,
    scenarios: [{
      id: v.id, case: v.case, name: v.name, aliases: v.aliases, unitSets: p.unitSets, note: v.note,
      german: side('german'), allied: side('allied'), alliedExtras: [],
      groups: { ...p.groups, ...(v.groups ?? {}) },
    }],
  };
}

/**
 * The whole scenario a split spec cuts (AW 38.10: 6A/6B), put together from rosters made before it: the German setup of a
 * hand roster (AW 38.8.2, `splitOf.german`), the spec's own reinforcement strings (AW 38.9.2, each with its line) and the
 * Allied displays and activation lists of another roster (`splitOf.allied`: the AW 40 lists AW 38.8.1 and 38.9.1 point to).
 * It is not written: only its variants are. `read(file)` gives a roster text (fresh from this run where there is one).
 */
export function splitParent(spec, read) {
  const de = JSON.parse(read(spec.splitOf.german.file));
  const al = JSON.parse(read(spec.splitOf.allied.file));
  const d = de.scenarios[0];
  const a = al.scenarios[0];
  return {
    format: de.format,
    source: spec.source,
    generatedBy: 'tools/units/rosters.mjs from data/units/rosters/src (npm run units:generate)',
    scenarios: [{
      id: spec.id, case: spec.case, name: spec.name, aliases: spec.aliases, unitSets: a.unitSets,
      german: [...d.german.map((e) => ({ ...e, context: e.context ?? spec.splitOf.german.context })), ...spec.reinforcements.german],
      allied: a.allied,
      alliedExtras: [],
      groups: { ...(d.groups ?? de.groups ?? {}), ...(a.groups ?? {}), ...(spec.groups ?? {}) },
    }],
  };
}

function serialiseOob(f) {
  const fms = f.formations.map((fm) => {
    const { units, ...head } = fm;
    return `    { ${Object.entries(head).filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}, "units": [\n${units.map((u) => `      ${JSON.stringify(u)}`).join(',\n')}\n    ] }`;
  });
  return `{\n  "id": ${JSON.stringify(f.id)},\n  "side": ${JSON.stringify(f.side)},\n  "title": ${JSON.stringify(f.title)},\n  "source": ${JSON.stringify(f.source)},\n  "generatedBy": ${JSON.stringify(f.generatedBy)},\n  "formations": [\n${fms.join(',\n')}\n  ]\n}\n`;
}

export function serialise(roster) {
  const sc = roster.scenarios[0];
  const entries = (list) => list.map((e) => `        ${JSON.stringify(e)}`).join(',\n');
  const groups = Object.entries(sc.groups).map(([k, v]) => `        ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
  const head = ['id', 'case', 'name', 'aliases', 'unitSets', 'note'].filter((k) => sc[k] !== undefined).map((k) => `      ${JSON.stringify(k)}: ${JSON.stringify(sc[k])},`).join('\n');
  return `{
  "format": ${JSON.stringify(roster.format)},
  "source": ${JSON.stringify(roster.source)},
  "generatedBy": ${JSON.stringify(roster.generatedBy)},
  "scenarios": [
    {
${head}
      "german": [
${entries(sc.german)}
      ],
      "allied": [
${entries(sc.allied)}
      ],
      "alliedExtras": [],
      "groups": {
${groups}
      }
    }
  ]
}
`;
}

/** Every roster of data/units/rosters/src and the OOB files they make; path → text, or null when the seed is absent. */
export async function generateRosters(root = ROOT) {
  const seed = findSeed(root);
  if (!seed) return null;
  const lines = readFileSync(seed, 'utf8').split('\n');
  const dir = join(root, 'data/units/rosters/src');
  const out = new Map();
  if (!existsSync(dir)) return out;
  const specs = readdirSync(dir).filter((x) => x.endsWith('.json')).sort().map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))]);
  const method = JSON.parse(readFileSync(join(root, 'data/units/oob/classes.json'), 'utf8'));
  const classes = method.classes;
  // Specs run in file order. Each sees the hand-written OOB files and the named units of the specs before it
  // (freshly made, not the committed files), never its own or later ones: scenario 5 reuses scenario 4's counters.
  const named = new Set(specs.flatMap(([, sp]) => Object.values(sp.named?.sets ?? {}).map((id) => `${id}.json`)));
  const hand = [...generateAll(root, (name) => !named.has(name)).values()].flatMap((text) => JSON.parse(text).units);
  const earlier = [];
  for (const [f, spec] of specs) {
    if (spec.named) spec.named.classTypes = Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v.type]));
    if (spec.splitOf) {
      const parent = splitParent(spec, (file) => out.get(`data/units/rosters/${file}`) ?? readFileSync(join(root, 'data/units/rosters', file), 'utf8'));
      // A unit only the split's own strings name (AW 38.9.2 "Fus Btn/346") gets its counter as the other specs make theirs.
      if (spec.named) {
        spec.named.classTypes = Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v.type]));
        const sc = parent.scenarios[0];
        const r = namedUnits(spec, { german: spec.reinforcements.german ?? [], allied: spec.reinforcements.allied ?? [] }, [...hand, ...earlier]);
        sc.groups = { ...sc.groups, ...r.groups };
        for (const side of ['german', 'allied']) {
          const id = spec.named.sets[side];
          if (!id) continue;
          const text = serialiseOob({ id, side, title: `${spec.named.title} (${side})`, source: spec.named.source, generatedBy: r.file.generatedBy, formations: r.bySide(side) });
          out.set(`data/units/oob/${id}.json`, text);
          earlier.push(...generateSet(method, JSON.parse(text)).units);
          sc.unitSets = [...sc.unitSets, id];
        }
      }
      for (const v of spec.variants) out.set(`data/units/rosters/${v.file}`, serialise(variantRoster(parent, v)));
      continue;
    }
    const { roster, oob } = buildRoster(spec, lines, [...hand, ...earlier]);
    out.set(`data/units/rosters/${spec.file ?? f}`, serialise(roster));
    for (const v of spec.variants ?? []) out.set(`data/units/rosters/${v.file}`, serialise(variantRoster(roster, v)));
    for (const [k, v] of oob) {
      out.set(k, v);
      earlier.push(...generateSet(method, JSON.parse(v)).units);
    }
  }
  return out;
}

/** Writes or checks the rosters; returns the number that differ (check) or were written. */
export async function runRosters(check, root = ROOT) {
  const files = await generateRosters(root);
  if (!files) { console.log('rosters: seed 004 not found ($NEPTUNE_SEED, ../shared/seeds), roster extraction skipped'); return 0; }
  let diff = 0;
  for (const [rel, text] of files) {
    const path = join(root, rel);
    const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (old === text) continue;
    diff++;
    if (check) console.error(`differs: ${rel}`);
    else writeFileSync(path, text);
  }
  console.log(`${files.size} rosters and named-unit OOB files${check ? (diff ? `, ${diff} differ` : ', all up to date') : diff ? `, ${diff} written` : ', unchanged'}`);
  return diff;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  if ((await runRosters(check)) && check) process.exit(1);
}
