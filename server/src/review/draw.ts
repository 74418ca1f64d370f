import { createHash, randomBytes } from 'node:crypto';

/** A draw's seed: 32 bytes from the operating system's CSPRNG, as 64 hex digits. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The winners of a draw (docs/review.md, "Auditing a draw"): the first `count` candidates ordered
 * by sha256(seed + ':' + id) in lowercase hex, ties by id. Anyone holding the seed and the
 * candidate list gets the same winners.
 */
export function drawWinners(seed: string, candidateIds: readonly string[], count: number): string[] {
  return candidateIds
    .map((id) => ({ id, key: createHash('sha256').update(`${seed}:${id}`).digest('hex') }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1))
    .slice(0, count)
    .map((entry) => entry.id);
}
