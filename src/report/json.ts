/**
 * A value as `JSON.stringify(value, null, 2)` writes it, except that every
 * array of numbers (and nulls) is on one line: jackknife replicates and
 * intervals would otherwise take a line per number. It parses to the same
 * value (NaN and ±Infinity as null, undefined members left out, `toJSON`
 * honoured).
 */
export function jsonText(value: unknown): string {
  return text(value, '') ?? 'null';
}

function text(value: unknown, pad: string): string | undefined {
  let v = value;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON();
  const inner = `${pad}  `;
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'number' || x === null)) return JSON.stringify(v);
    return `[\n${v.map((x) => inner + (text(x, inner) ?? 'null')).join(',\n')}\n${pad}]`;
  }
  if (v !== null && typeof v === 'object') {
    const parts = Object.entries(v).flatMap(([k, x]) => {
      const t = text(x, inner);
      return t === undefined ? [] : [`${inner}${JSON.stringify(k)}: ${t}`];
    });
    return parts.length > 0 ? `{\n${parts.join(',\n')}\n${pad}}` : '{}';
  }
  return JSON.stringify(v) as string | undefined;
}
