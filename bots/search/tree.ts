/**
 * A preallocated pool of search-tree nodes in parallel typed arrays (no
 * object per node): each node is an edge from its parent, labelled by the
 * action that leads into it and the seat that took it. Children form a
 * singly linked list (`firstChild`, `nextSibling`). The pool only grows
 * (doubling) when a search needs more nodes than any before it, so after
 * warm-up a search allocates nothing.
 */
export class NodePool {
  /** Parent node, -1 for the root. */
  parent: Int32Array = new Int32Array(0);
  /** First child, -1 when none. */
  firstChild: Int32Array = new Int32Array(0);
  /** Next sibling, -1 at the end of the list. */
  nextSibling: Int32Array = new Int32Array(0);
  /** The action leading into the node (-1 for the root). */
  action: Int32Array = new Int32Array(0);
  /** The seat that took `action` (-1 for the root): the node's rewards are this seat's. */
  actor: Int32Array = new Int32Array(0);
  /** Iterations that passed through the node. */
  visits: Int32Array = new Int32Array(0);
  /** Availability: times the node's action was legal when its parent was visited (itself included). */
  avail: Int32Array = new Int32Array(0);
  /** Sum of the utilities of seat `actor` over the iterations through the node. */
  reward: Float64Array = new Float64Array(0);
  /**
   * The prior of the node's action when it was expanded: 1 for the greedy
   * prior's choice (`ismcts:prior=greedy`), the policy head's probability
   * with `prior=net`, else 0. Progressive bias adds `bias × prior / (visits + 1)`.
   */
  prior: Float32Array = new Float32Array(0);
  /** Nodes in use. */
  size = 0;

  constructor(capacity = 1024) {
    this.resize(Math.max(1, capacity));
  }

  get capacity(): number {
    return this.parent.length;
  }

  /** Empties the pool (keeps its arrays). */
  clear(): void {
    this.size = 0;
  }

  /** Makes room for `n` nodes in all. */
  reserve(n: number): void {
    if (n > this.capacity) this.resize(n);
  }

  /**
   * Adds a node as the first child of `parent` (or a root when -1) with
   * zero visits, zero reward, availability 1 (it is available now) and
   * prior 0.
   * @returns the new node's index.
   */
  add(parent: number, action: number, actor: number): number {
    if (this.size === this.capacity) this.resize(this.capacity * 2);
    const i = this.size++;
    this.parent[i] = parent;
    this.firstChild[i] = -1;
    this.action[i] = action;
    this.actor[i] = actor;
    this.visits[i] = 0;
    this.avail[i] = 1;
    this.reward[i] = 0;
    this.prior[i] = 0;
    if (parent >= 0) {
      this.nextSibling[i] = this.firstChild[parent]!;
      this.firstChild[parent] = i;
    } else {
      this.nextSibling[i] = -1;
    }
    return i;
  }

  private resize(n: number): void {
    const i32 = (old: Int32Array): Int32Array => {
      const a = new Int32Array(n);
      a.set(old.subarray(0, Math.min(old.length, n)));
      return a;
    };
    this.parent = i32(this.parent);
    this.firstChild = i32(this.firstChild);
    this.nextSibling = i32(this.nextSibling);
    this.action = i32(this.action);
    this.actor = i32(this.actor);
    this.visits = i32(this.visits);
    this.avail = i32(this.avail);
    const r = new Float64Array(n);
    r.set(this.reward.subarray(0, Math.min(this.reward.length, n)));
    this.reward = r;
    const f = new Float32Array(n);
    f.set(this.prior.subarray(0, Math.min(this.prior.length, n)));
    this.prior = f;
  }
}
