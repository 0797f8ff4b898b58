/**
 * The budget of one search decision: a number of iterations (reproducible:
 * the same seed gives the same choice on any machine) or, when `ms > 0`, a
 * wall-clock time (not reproducible: the iteration count depends on the
 * machine and its load).
 */
export class Budget {
  private deadline = 0;

  /**
   * @param iterations iterations per decision, used when `ms` is 0.
   * @param ms milliseconds per decision; 0 selects the iteration budget.
   */
  constructor(
    readonly iterations: number,
    readonly ms: number,
  ) {}

  /** False when the budget is wall-clock time. */
  get reproducible(): boolean {
    return this.ms <= 0;
  }

  /** Starts the clock of one decision. */
  start(): void {
    if (this.ms > 0) this.deadline = performance.now() + this.ms;
  }

  /**
   * Whether iteration number `done` (0-based count of finished iterations)
   * may run. A time budget always allows the first `minimum` iterations.
   */
  allows(done: number, minimum = 1): boolean {
    if (this.ms <= 0) return done < this.iterations;
    return done < minimum || performance.now() < this.deadline;
  }
}
