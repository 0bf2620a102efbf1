/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment), compared
 * case-insensitively. Swaps are the commonest typo (`contians`, `emtpy`), and plain Levenshtein would count
 * them as two.
 */
export function typoDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= y.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[x.length]?.[y.length] ?? 0;
}

/** The candidate nearest to `word` within `maxDistance` edits, for did-you-mean hints on short names. */
export function closestByTypo(
  word: string,
  candidates: readonly string[],
  maxDistance: number,
): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = typoDistance(word, candidate);
    if (distance <= maxDistance && (best === undefined || distance < best.distance))
      best = { candidate, distance };
  }
  return best?.candidate;
}
