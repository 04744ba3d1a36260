/** Small pieces of the log's wording, shared by describe.ts and describeAirborne.ts. */

/** A modifier as the tables print it: "+ 1", "− 2" (a true minus sign). */
export const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** Units named by `name` (their counters' designations), comma-separated; '' when `ids` is not a list. */
export const nameList = (name: (id: unknown) => string, ids: unknown): string => (Array.isArray(ids) ? ids.map(name).join(', ') : '');
