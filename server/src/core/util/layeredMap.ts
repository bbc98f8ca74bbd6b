const GONE: unique symbol = Symbol('gone');

/** Changes kept on top of a base map before they are folded into a plain map. */
const FOLD_AT = 1024;

/**
 * A map that is another map plus a few changes: making one from a map of N entries with K changes
 * costs K (and now and then N, to fold the changes in), not N. Lookups cost one extra map lookup;
 * iteration follows the base's order, then keys the changes added.
 */
export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private readonly changes: Map<K, V | typeof GONE>;
  private readonly base: ReadonlyMap<K, V>;
  private count: number;

  /** A map to change, on top of `from` (whose own changes are carried over, not stacked). */
  constructor(from: ReadonlyMap<K, V>) {
    if (from instanceof LayeredMap && from.changes.size < FOLD_AT) {
      const layered = from as LayeredMap<K, V>;
      this.base = layered.base;
      this.changes = new Map(layered.changes);
    } else {
      this.base = from instanceof LayeredMap ? new Map(from) : from;
      this.changes = new Map();
    }
    this.count = from.size;
  }

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    const change = this.changes.get(key);
    if (change === GONE) return undefined;
    return change !== undefined || this.changes.has(key) ? change : this.base.get(key);
  }

  has(key: K): boolean {
    const change = this.changes.get(key);
    if (change === GONE) return false;
    return change !== undefined || this.changes.has(key) || this.base.has(key);
  }

  set(key: K, value: V): this {
    if (!this.has(key)) this.count++;
    this.changes.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.count--;
    if (this.base.has(key)) this.changes.set(key, GONE);
    else this.changes.delete(key);
    return true;
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) {
      const change = this.changes.has(key) ? this.changes.get(key) : value;
      if (change !== GONE) yield [key, change as V];
    }
    for (const [key, change] of this.changes) if (change !== GONE && !this.base.has(key)) yield [key, change];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}
