/**
 * Where each record of one execution is in a record stream, kept compact (issue 14, flat memory): five numbers per record in
 * typed arrays rather than an object per record, so a 20,000-pass loop adds well under a megabyte while it
 * runs. Records are numbered in the order they end, which is the order of their lines: a nested record
 * before its parent, so a record's nested records (its subtree) are the `size - 1` numbers just before it.
 */
export class RecordIndex {
  private capacity = 64;
  private offsets = new Float64Array(this.capacity);
  private lengths = new Uint32Array(this.capacity);
  private rawOffsets = new Float64Array(this.capacity);
  private rawLengths = new Uint32Array(this.capacity);
  /** How many records the subtree holds, this one included. */
  private sizes = new Uint32Array(this.capacity);
  /** 1 when the record has a list of nested records (even an empty one). */
  private lists = new Uint8Array(this.capacity);
  count = 0;
  /** The subtree sizes ended at each depth and not yet claimed by their parent. */
  private pending: number[] = [];

  /** Adds the record that just ended at `depth`; returns its number. */
  add(depth: number, hasList: boolean, line: [number, number], rawLine?: [number, number]): number {
    if (this.count === this.capacity) this.grow();
    const n = this.count++;
    [this.offsets[n], this.lengths[n]] = line;
    if (rawLine) [this.rawOffsets[n], this.rawLengths[n]] = rawLine;
    let size = 1;
    if (hasList) {
      size += this.pending[depth + 1] ?? 0;
      this.pending[depth + 1] = 0;
    }
    this.sizes[n] = size;
    this.lists[n] = hasList ? 1 : 0;
    this.pending[depth] = (this.pending[depth] ?? 0) + size;
    return n;
  }

  line(n: number): [number, number] {
    return [this.offsets[n]!, this.lengths[n]!];
  }

  rawLine(n: number): [number, number] {
    return [this.rawOffsets[n]!, this.rawLengths[n]!];
  }

  hasList(n: number): boolean {
    return this.lists[n] === 1;
  }

  /** The records nested directly in `n`, in order. */
  children(n: number): number[] {
    return this.roots(n - this.sizes[n]! + 1, n);
  }

  /** The execution's own steps: the records no other record holds, in order. */
  topLevel(): number[] {
    return this.roots(0, this.count);
  }

  private roots(first: number, end: number): number[] {
    const found: number[] = [];
    for (let n = end - 1; n >= first; n -= this.sizes[n]!) found.push(n);
    return found.reverse();
  }

  private grow(): void {
    this.capacity *= 2;
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(old: T): T => {
      const next = new (old.constructor as new (length: number) => T)(this.capacity);
      next.set(old);
      return next;
    };
    this.offsets = grown(this.offsets);
    this.lengths = grown(this.lengths);
    this.rawOffsets = grown(this.rawOffsets);
    this.rawLengths = grown(this.rawLengths);
    this.sizes = grown(this.sizes);
    this.lists = grown(this.lists);
  }
}
