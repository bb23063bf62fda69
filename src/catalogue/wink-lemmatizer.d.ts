/** Types for `wink-lemmatizer`, which ships none: WordNet's morphy, one function per part of speech. */
declare module "wink-lemmatizer" {
  interface Lemmatizer {
    /** The base form of a noun (`mice` → `mouse`), or the input when none is known. */
    noun(word: string): string;
    /** The base form of a verb (`ran` → `run`), or the input when none is known. */
    verb(word: string): string;
    /** The base form of an adjective (`better` → `good`), or the input when none is known. */
    adjective(word: string): string;
  }
  const lemmatizer: Lemmatizer;
  export default lemmatizer;
}
