/** A LIKE/ILIKE pattern that finds the text anywhere, its wildcards escaped so a search for "50%" means those characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
