/**
 * Loads one map file: schema validation (zod) then the runtime board. The benchmark times this
 * for data/map/normandy.json (budget: load + validate ≤ 300 ms, issue 3).
 */
import { MapFile } from './schemas/map';
import { buildBoard, type Board } from '../engine/board';
import type { DataProblem } from './problems';

export function loadMap(file: string, json: unknown): { board: Board | null; problems: DataProblem[] } {
  const r = MapFile.safeParse(json);
  if (!r.success) {
    return { board: null, problems: r.error.issues.map((i) => ({ file, path: i.path.join('.'), reason: i.message })) };
  }
  return buildBoard(file, r.data);
}
