/**
 * The zod schema of a tally (`checkpoint.json`'s `tally` and each group's),
 * derived from the counters' one declaration (`TALLY_COUNTERS`). Apart from
 * `aggregate.ts` so that a worker, which counts but never reads a
 * checkpoint, does not load zod.
 */
import { z } from 'zod';
import { type Counter, type CounterKind, TALLY_COUNTERS, type Tally } from './aggregate.js';

const num = z.number().finite();

/** The schema of a counter of each kind. */
const KIND_SCHEMAS = {
  sum: num,
  max: num,
  size: z.number().int().min(1),
  array: z.array(num),
  byName: z.record(num),
  list: z.array(z.tuple([num, num, num, num])),
  // A checkpoint written before a counter of this kind existed reads as none.
  firstText: z.record(z.string()).default({}),
} as const satisfies Record<CounterKind, z.ZodTypeAny>;

type Counters = typeof TALLY_COUNTERS;

/** One schema per declared counter, in declaration order. */
type TallyShape = { [K in keyof Counters]: (typeof KIND_SCHEMAS)[Counters[K]['kind']] };

/** A tally as `checkpoint.json` holds it: every declared counter, of its kind (sizes are checked against the line-up by `tallyFits`). */
export const tallySchema: z.ZodObject<TallyShape> = z.object(
  Object.fromEntries((Object.entries(TALLY_COUNTERS) as [keyof Counters, Counter][]).map(([k, c]) => [k, KIND_SCHEMAS[c.kind]])) as TallyShape,
);

// What the schema reads is a Tally, field for field (a compile-time check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _readsTally: Same<z.infer<typeof tallySchema>, Tally> = true;
void _readsTally;
