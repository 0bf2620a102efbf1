/**
 * Where each record of one execution is in a record stream, kept compact (issue 14, flat memory): three
 * numbers per record (five with a raw twin) in one array, so a 20,000-pass loop adds about a megabyte and a
 * run of 20,000 small executions a few bytes each. Records are numbered in the order they end, which is the
 * order of their lines: a nested record before its parent, so a record's nested records (its subtree) are
 * the `size - 1` numbers just before it.
 */
export class RecordIndex {
  /** Per record: line offset, line length, subtree size * 2 + (1 if it has a list), then the raw line's two. */
  private readonly numbers: number[] = [];
  private readonly stride: number;
  /** The subtree sizes ended at each depth and not yet claimed by their parent. */
  private pending: number[] = [];

  constructor(raw: boolean) {
    this.stride = raw ? 5 : 3;
  }

  get count(): number {
    return this.numbers.length / this.stride;
  }

  /** Adds the record that just ended at `depth`. */
  add(depth: number, hasList: boolean, line: [number, number], rawLine?: [number, number]): void {
    let size = 1;
    if (hasList) {
      size += this.pending[depth + 1] ?? 0;
      this.pending[depth + 1] = 0;
    }
    this.pending[depth] = (this.pending[depth] ?? 0) + size;
    this.numbers.push(line[0], line[1], size * 2 + (hasList ? 1 : 0));
    if (this.stride === 5) this.numbers.push(rawLine?.[0] ?? 0, rawLine?.[1] ?? 0);
  }

  /** The execution ended: nothing more is claimed. */
  close(): void {
    this.pending = [];
  }

  line(n: number): [number, number] {
    const at = n * this.stride;
    return [this.numbers[at]!, this.numbers[at + 1]!];
  }

  rawLine(n: number): [number, number] {
    const at = n * this.stride;
    return [this.numbers[at + 3]!, this.numbers[at + 4]!];
  }

  hasList(n: number): boolean {
    return this.numbers[n * this.stride + 2]! % 2 === 1;
  }

  private size(n: number): number {
    return Math.floor(this.numbers[n * this.stride + 2]! / 2);
  }

  /** The records nested directly in `n`, in order. */
  children(n: number): number[] {
    return this.roots(n - this.size(n) + 1, n);
  }

  /** The execution's own steps: the records no other record holds, in order. */
  topLevel(): number[] {
    return this.roots(0, this.count);
  }

  private roots(first: number, end: number): number[] {
    const found: number[] = [];
    for (let n = end - 1; n >= first; n -= this.size(n)) found.push(n);
    return found.reverse();
  }
}
