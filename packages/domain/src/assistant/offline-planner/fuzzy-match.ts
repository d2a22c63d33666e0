// Our own small matcher rather than a library such as fuse.js: the planner applies one typo rule, word by word, to
// its keywords and to names alike, and whole-string scoring would rank "crew b" close to "Crew A".

/** Edit distance counting an adjacent swap as one edit (optimal string alignment), so "custmoers" is close to "customers". */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The edits a word of this length may have and still count as a typo of another (none for short words). */
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (b.startsWith(a) && a.length >= 3) return 0.9;
  const distance = editDistance(a, b);
  if (distance > typoAllowance(Math.max(a.length, b.length))) return 0;
  return 1 - distance / Math.max(a.length, b.length);
}

function tokens(value: string): string[] {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== "");
}

/**
 * How well `query` names `name`, from 0 to 1: each word of the query against its best word of the name (typos and
 * prefixes allowed), averaged, so "jon smth" matches "John Smith" and "crew b" does not match "Crew A".
 */
export function nameScore(query: string, name: string): number {
  const queryTokens = tokens(query);
  const nameTokens = tokens(name);
  if (queryTokens.length === 0 || nameTokens.length === 0) return 0;
  if (queryTokens.join(" ") === nameTokens.join(" ")) return 1;
  const total = queryTokens.reduce(
    (sum, token) => sum + Math.max(...nameTokens.map((candidate) => wordSimilarity(token, candidate))),
    0,
  );
  return (total / queryTokens.length) * 0.99;
}

export type Ranked<T> = { item: T; score: number };

/** The items whose name matches `query` well enough, best first. */
export function rankByName<T extends { name: string }>(query: string, items: readonly T[], minimum = 0.7): Ranked<T>[] {
  return items
    .map((item) => ({ item, score: nameScore(query, item.name) }))
    .filter((ranked) => ranked.score >= minimum)
    .sort((a, b) => b.score - a.score);
}

/** The one item `query` names, or the close candidates when it could be more than one (none when nothing matches). */
export function pickByName<T extends { name: string }>(
  query: string,
  items: readonly T[],
): { match: T } | { candidates: T[] } {
  const ranked = rankByName(query, items);
  const [first, second] = ranked;
  if (first && (!second || first.score - second.score >= 0.1)) return { match: first.item };
  return { candidates: ranked.slice(0, 3).map((entry) => entry.item) };
}
