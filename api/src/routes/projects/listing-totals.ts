/**
 * Totals of specialists' request lists, remembered per instance for a few
 * seconds per (specialist, filters): counting thousands of requests costs far
 * more than reading a page of them, and someone paging through a list or
 * reloading it asks for the same total again and again. The least recently
 * used totals are forgotten first, so memory stays bounded whatever the number
 * of specialists. A total may thus lag a new request by the lifetime at most.
 */
export class RememberedTotals {
  private readonly totals = new Map<string, { total: number; until: number }>();

  constructor(
    private readonly lifetimeMs = 5_000,
    private readonly capacity = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): number | undefined {
    const entry = this.totals.get(key);
    if (!entry) return undefined;
    this.totals.delete(key);
    if (entry.until <= this.now()) return undefined;
    // Map keeps insertion order: moving the key last keeps the first one the least recently used.
    this.totals.set(key, entry);
    return entry.total;
  }

  set(key: string, total: number): void {
    this.totals.delete(key);
    this.totals.set(key, { total, until: this.now() + this.lifetimeMs });
    if (this.totals.size > this.capacity) this.totals.delete(this.totals.keys().next().value!);
  }

  get size(): number {
    return this.totals.size;
  }
}
