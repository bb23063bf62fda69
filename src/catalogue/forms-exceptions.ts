/**
 * Our corrections to generated English forms: irregular forms the generator misses, forms it gets wrong,
 * and words never to inflect. Keys and forms are lower case, as `normalise` leaves them (hyphens and
 * spaces kept). Maps and sets, not object literals, so a word such as `constructor` finds no prototype member.
 */

/** Forms added to the generated ones: irregulars, and the right spelling where a generated one is wrong. */
export const EXTRA_FORMS: ReadonlyMap<string, readonly string[]> = new Map([
  // `be` is the most irregular verb; compromise knows only `was`, `is` and `being`.
  ["be", ["am", "is", "are", "was", "were", "been", "being"]],
  ["have to", ["has to", "had to", "having to"]],
  ["ad lib", ["ad-libs", "ad-libbed", "ad-libbing"]],
  // Irregular verb forms compromise does not give (it knows one of two pasts, or no participle).
  ["bear", ["born", "borne"]],
  ["foresee", ["foreseen"]],
  ["leap", ["leaped"]],
  ["lie", ["lay", "lain"]],
  ["strive", ["striven"]],
  ["tread", ["trod", "trodden"]],
  ["undertake", ["undertaken"]],
  ["wake", ["woke"]],
  // compromise misspells these (`heapped`, `snaping`, `snew`); the right forms, with the wrong ones suppressed.
  ["con", ["conning"]],
  ["contrive", ["contrived"]],
  ["cosset", ["cosseting"]],
  ["heap", ["heaped"]],
  ["overstep", ["overstepping"]],
  ["quiz", ["quizzes", "quizzed", "quizzing"]],
  ["snap", ["snapping"]],
  ["snow", ["snowed"]],
  // Plurals ending in -s that the generator leaves alone, and second plurals in common use.
  ["axis", ["axes"]],
  ["basis", ["bases"]],
  ["grass", ["grasses"]],
  ["aquarium", ["aquariums"]],
  ["dwarf", ["dwarfs"]],
  ["formula", ["formulas"]],
  ["handkerchief", ["handkerchiefs"]],
  ["index", ["indexes"]],
  ["stadium", ["stadiums"]],
  // Irregular comparison, of adjectives and of the adverbs that compare at all.
  ["good", ["better", "best"]],
  ["well", ["better", "best"]],
  ["bad", ["worse", "worst"]],
  ["badly", ["worse", "worst"]],
  ["ill", ["worse", "worst"]],
  ["far", ["farther", "farthest", "further", "furthest"]],
  ["soon", ["sooner", "soonest"]],
  ["fast", ["faster", "fastest"]],
  ["hard", ["harder", "hardest"]],
  ["late", ["later", "latest"]],
  ["early", ["earlier", "earliest"]],
]);

/** Generated forms that are wrong, or that are another word far more often than a form of this one. */
export const SUPPRESSED_FORMS: ReadonlyMap<string, readonly string[]> = new Map([
  ["antivirus", ["antiviri"]],
  ["automatic", ["automaticked", "automaticking"]],
  ["con", ["coning"]],
  ["contrive", ["controve"]],
  ["cosset", ["cossetting"]],
  ["heap", ["heapped"]],
  // Grammatical person: `first person` has no plural `first people`.
  ["first person", ["first people"]],
  ["second person", ["second people"]],
  ["third person", ["third people"]],
  // `IT` (information technology) merges into `it`; its plural would be the determiner `its`.
  ["it", ["its"]],
  // `go` the board game would make every `gos` a form of the verb.
  ["go", ["gos"]],
  // `number` is a word of its own, hardly ever the comparative of `numb`.
  ["numb", ["number"]],
  ["overstep", ["oversteping"]],
  ["radium", ["radia"]],
  ["snap", ["snaping"]],
  ["snow", ["snew"]],
  ["tedium", ["tedia"]],
  ["tuberculosis", ["tuberculoses"]],
]);

/** Words given no generated forms whatever their part of speech (only their `EXTRA_FORMS`, if any). */
export const UNINFLECTED: ReadonlySet<string> = new Set([
  // Forms of `be`, `do` and `have` listed as words of their own: they are forms, not words with forms.
  "am",
  "is",
  "are",
  "was",
  "were",
  "been",
  "does",
  "did",
  "done",
  "has",
  "had",
  // Comparatives and superlatives listed as words.
  "best",
  "worse",
  "worst",
  // Listed as verbs upstream, but no verb to conjugate: `apt to` is an adjective phrase, `ad lib` a compound.
  "apt to",
  "ad lib",
]);

/** Nouns whose plural is the word itself, or that are plural already (`criteria`), or have none. */
export const UNCHANGED_PLURALS: ReadonlySet<string> = new Set([
  "aircraft",
  "criteria",
  "deer",
  "media",
  "nightlife",
  "police",
  "people",
  "salmon",
  "sheep",
  "tuna",
  "wildlife",
]);

/**
 * Irregular nouns that keep their plural at the end of a compound (`policeman` → `policemen`,
 * `grandchild` → `grandchildren`), which compromise misses (`policemans`). Longest ending first.
 */
export const IRREGULAR_PLURAL_ENDINGS: readonly (readonly [singular: string, plural: string])[] = [
  ["woman", "women"],
  ["child", "children"],
  ["tooth", "teeth"],
  ["mouse", "mice"],
  ["goose", "geese"],
  ["foot", "feet"],
  ["man", "men"],
];

/** Nouns that end like one of those but are no compound of it, and take -s (`humans`, `mongooses`). */
export const REGULAR_PLURALS: ReadonlySet<string> = new Set([
  "caiman",
  "german",
  "human",
  "mongoose",
  "ottoman",
  "prehuman",
  "roman",
  "shaman",
  "superhuman",
  "talisman",
  "walkman",
]);

/**
 * Verbs whose past is the verb itself. compromise gives the verb itself as the past of many verbs it does
 * not know (`scold`, `dread`, `bat`); for a verb ending in -t or -d that is right only for these.
 */
export const ZERO_PAST: ReadonlySet<string> = new Set([
  "bet",
  "bid",
  "broadcast",
  "burst",
  "bust",
  "cast",
  "cost",
  "cut",
  "forecast",
  "hit",
  "hurt",
  "input",
  "let",
  "offset",
  "output",
  "put",
  "quit",
  "read",
  "reset",
  "rid",
  "set",
  "shed",
  "shut",
  "slit",
  "split",
  "spread",
  "sublet",
  "thrust",
  "upset",
  "wed",
  "wet",
]);

/**
 * One- and two-syllable adjectives that do not take -er/-est: not graded (`main`, `daily`), graded with
 * `more` (`loyal`, `real`), compared irregularly (`good`, listed above), or whose -er form is another word
 * (`own` → `owner`, `live` → `liver`, `off` → `offer`).
 */
export const NOT_COMPARABLE: ReadonlySet<string> = new Set([
  ...["good", "well", "bad", "ill", "far", "better"],
  ...["back", "bent", "bound", "chief", "cream", "damn", "down", "due", "east", "first", "flash", "fluent"],
  ...["fluid", "front", "fun", "gold", "giant", "joint", "key", "known", "lead", "left", "live", "lost"],
  ...["loyal", "main", "male", "mass", "mere", "middle", "mock", "naive", "net", "north", "off", "ok", "own"],
  ...["paid", "past", "plum", "prime", "prior", "real", "rear", "roast", "royal", "same", "sheer", "shut"],
  ...["quit", "hurt", "single", "south", "split", "sports", "square", "state", "stuck", "third", "top"],
  ...["vice", "waste", "west", "whole", "worn", "worth", "fellow", "purple", "very", "only", "nearby"],
  ...["standby", "daily", "hourly", "weekly", "monthly", "yearly"],
]);
