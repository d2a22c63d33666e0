/** The endings a word of work takes in its forms: "aerat|ed", "aerat|ion", "mow|ing", "treat|ment". */
const ENDING = /^(?:e|ed|es|s|er|ers|ing|ings|ion|ions|ation|ations|ment|ments|y|ies|ied)?$/;

/**
 * Whether two words say the same work in different forms ("aerated" and "aeration", "mowing" and "mow", "install" and
 * "installation"): one is the start of the other, or they share a start of four letters and differ only in endings,
 * so "spring" is not "sprinkler".
 */
export function sameWorkWord(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let shared = 0;
  while (shared < x.length && shared < y.length && x[shared] === y[shared]) shared++;
  if (shared === Math.min(x.length, y.length)) return shared >= 3;
  return shared >= 4 && ENDING.test(x.slice(shared)) && ENDING.test(y.slice(shared));
}

/** Whether a word says the work a job's title names: one of the title's words, in any of its forms. */
export function sameWork(word: string, title: string): boolean {
  if (word.length < 3) return false;
  return title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((part) => part.length >= 3 && sameWorkWord(word, part));
}
