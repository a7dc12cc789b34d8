/** The shortest word the search takes as a beginning (the API's MIN_PREFIX_LENGTH): shorter ones match whole words. */
export const MIN_PREFIX = 3;

/**
 * What the search box asks the API: each word as the beginning of a word ("acm" finds "Acme", "Sample Cons" finds
 * "Sample Consumer"), so results follow one's typing; a word shorter than MIN_PREFIX letters or digits stays whole.
 */
export function searchQueryOf(typed: string): string {
  return typed
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => (word.endsWith('*') || word.replace(/[^\p{L}\p{N}]+/gu, '').length < MIN_PREFIX ? word : `${word}*`))
    .join(' ');
}
