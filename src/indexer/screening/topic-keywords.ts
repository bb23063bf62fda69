/**
 * The topic lexicon: for each topic but `other`, a few dozen everyday English words that point to it.
 * Chosen for precision: a word that leans as much toward another topic (`game`, `play`, `run`, `star`,
 * `season`, `fan`) is left out, because a wrong label is worse than falling back to the category.
 * Words are normalised single tokens as the shared tokeniser gives them; plurals are added on load.
 */
import type { Topic } from "../../domain.js";

export type KeywordTopic = Exclude<Topic, "other">;

function words(list: string): readonly string[] {
  return list.trim().split(/\s+/);
}

export const TOPIC_KEYWORDS: Readonly<Record<KeywordTopic, readonly string[]>> = {
  food: words(`
    food foods cook cooking cooked recipe kitchen bake baking baked bread cake cheese chicken meat beef
    pork fish soup salad sauce pasta rice noodle pizza burger sandwich vegetable fruit apple banana tomato
    potato onion garlic butter sugar flour egg breakfast lunch dinner meal snack dessert chocolate coffee
    tea restaurant chef delicious tasty flavour flavor spicy eat eating ate eaten wine beer juice milk
    menu oven fry fried grill grilled boil boiled roast ingredient vegan hungry cookie pie
  `),
  health: words(`
    health healthy doctor nurse hospital clinic patient medicine medical disease illness sick pain
    headache fever flu virus infection symptom treatment therapy surgery injury injured heal blood
    heart lung diet nutrition vitamin workout yoga sleep stress anxiety depression mental muscle bone
    skin calorie cancer diabetes pill vaccine dentist tooth teeth wellness cough breathing
  `),
  business: words(`
    business company market marketing economy economic finance financial money bank invest investor
    investment stock profit revenue sale sell selling sold price cost customer client startup
    entrepreneur manager management boss employee employer hire salary career office contract deal
    trade tax budget loan debt brand industry corporate ceo income dollar payment firm retail
    negotiate capital inflation earnings commerce
  `),
  everyday: words(`
    home house family friend morning routine daily clean cleaning laundry wash washing bedroom bathroom
    furniture garden neighbour neighbor shopping clothes shirt shoe dress weekend chore mom dad mother
    father kid baby pet dog cat apartment bed sofa vlog hair makeup outfit grocery groceries birthday
    wedding parent sister brother husband wife tidy
  `),
  travel: words(`
    travel travelling traveling trip journey holiday vacation tour tourist tourism flight airport plane
    airline hotel hostel passport visa luggage suitcase beach island abroad destination explore
    adventure train station ticket map sightseeing museum cruise camping backpacking border foreign
    resort itinerary sightsee landmark
  `),
  sport: words(`
    sport sports football soccer basketball baseball tennis golf cricket rugby hockey boxing swimming
    marathon race athlete team player coach match goalkeeper champion championship league tournament
    olympic olympics medal stadium referee ball cycling bike ski skiing victory defeat
  `),
  science: words(`
    science scientist scientific research researcher experiment theory physics chemistry biology atom
    molecule cell gene dna evolution planet universe galaxy telescope climate gravity laboratory lab
    species fossil chemical oxygen carbon quantum particle mathematics equation hypothesis discovery
    astronomy volcano earthquake microscope
  `),
  technology: words(`
    technology tech computer software hardware app smartphone phone iphone android internet online
    website digital code coding programming programmer developer algorithm ai robot device gadget
    battery screen laptop tablet camera data network wifi chip processor engineer engineering
    electronic charging download upload cloud server keyboard
  `),
  entertainment: words(`
    movie film cinema actor actress music song singer band album concert guitar piano dance dancing
    comedy comedian funny joke tv television series episode gaming gamer celebrity theatre theater
    drama cartoon animation anime trailer festival stage perform performance audience prank magic
  `),
  learning: words(`
    learn learned learning lesson teacher teach teaching student school classroom university college course
    study studying exam homework grammar vocabulary language english pronunciation education tutorial
    knowledge skill practice reading writing book library lecture professor degree quiz semester textbook
    tutor classmate curriculum dictionary spelling
  `),
};

/** The spellings a listed word also counts under: its regular plural or third-person form. */
export function keywordForms(word: string): string[] {
  const forms = [word];
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  else if (/(s|x|z|ch|sh)$/.test(word)) forms.push(`${word}es`);
  else forms.push(`${word}s`);
  return forms;
}

/** Every spelling of every keyword, and the topics it counts for. */
export function keywordIndex(): Map<string, KeywordTopic[]> {
  const index = new Map<string, KeywordTopic[]>();
  for (const [topic, list] of Object.entries(TOPIC_KEYWORDS) as [KeywordTopic, readonly string[]][]) {
    for (const word of list) {
      for (const form of keywordForms(word)) {
        const topics = index.get(form);
        if (topics === undefined) index.set(form, [topic]);
        else if (!topics.includes(topic)) topics.push(topic);
      }
    }
  }
  return index;
}
