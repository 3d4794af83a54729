/*
 * Read time of an article: its words at 200 a minute, rounded up, never less than one minute.
 * Counted on the Markdown source with its syntax characters stripped, so a link's address or a
 * heading's hashes do not count as words.
 */

const WORDS_PER_MINUTE = 200;

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, " "))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function readMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}
