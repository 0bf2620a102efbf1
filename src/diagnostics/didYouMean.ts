import { typoDistance } from './typoDistance.js';

/** The closest candidate to `word`, if it is close enough to be a likely typo. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = typoDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  return bestDistance <= tolerance ? best : undefined;
}

/** "did you mean `x`?" for a message's hint, or undefined when nothing is close. */
export function didYouMeanHint(word: string, candidates: Iterable<string>): string | undefined {
  const match = didYouMean(word, candidates);
  return match === undefined ? undefined : `did you mean \`${match}\`?`;
}
