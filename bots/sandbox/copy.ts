/**
 * Copying what the harness hands a user bot into the bot's own realm (the
 * sandbox's isolate, `inside.ts`, or the unsandboxed child process,
 * `bots/remote/realm.ts`). Pure, no Node API: it runs inside the sandbox.
 */

/** Freezes `x` and everything reachable from it (the variant a bot is given). @returns `x`. */
export function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

/**
 * Copies a received observation into the realm's own observation object (the
 * game's class, with its methods), element by element: typed arrays in place
 * (the shorter length), every other field by assignment. No method of a
 * built-in prototype is called, so a bot that wrapped one sees nothing here.
 */
export function fillObservation(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key in source) {
    const v = source[key];
    const t = target[key];
    if (ArrayBuffer.isView(t) && ArrayBuffer.isView(v)) {
      const a = t as unknown as { length: number; [i: number]: number };
      const b = v as unknown as { length: number; [i: number]: number };
      const n = a.length < b.length ? a.length : b.length;
      for (let i = 0; i < n; i++) a[i] = b[i]!;
    } else target[key] = v;
  }
}
