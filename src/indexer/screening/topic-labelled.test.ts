import { describe, expect, it } from "vitest";
import { TOPICS, type Topic } from "../../domain.js";
import { tokenise } from "../../text/tokenise.js";
import { screenTopic } from "./topic.js";

interface Example {
  categories: string[];
  title: string;
  tags: string[];
  transcript: string;
  expected: Topic;
}

function screen(example: Omit<Example, "expected">): Topic {
  const { transcript, ...rest } = example;
  return screenTopic({ ...rest, transcriptTokens: tokenise(transcript, "en") });
}

/** Clips labelled by hand: metadata as an uploader writes it, a line of what is said. */
const EXAMPLES: Example[] = [
  {
    expected: "food",
    categories: ["Howto & Style"],
    title: "Easy 15-Minute Garlic Butter Pasta | Weeknight Dinner Recipe",
    tags: ["pasta recipe", "easy dinner", "garlic butter pasta", "cooking"],
    transcript: "Today we're making a really simple pasta, you only need garlic, butter and a bit of cheese.",
  },
  {
    expected: "food",
    categories: ["People & Blogs"],
    title: "What I Eat in a Day as a Busy Nurse",
    tags: ["what i eat in a day", "healthy meals", "vlog"],
    transcript:
      "For breakfast I had oats with a banana, then a coffee before my shift, and rice with chicken for lunch.",
  },
  {
    expected: "food",
    categories: ["Howto & Style"],
    title: "How to Make Perfect Fluffy Pancakes",
    tags: ["pancakes", "breakfast", "baking"],
    transcript: "First whisk the flour, sugar and baking powder, then add the milk and one egg.",
  },
  {
    expected: "health",
    categories: ["Howto & Style"],
    title: "10-Minute Morning Yoga for Back Pain",
    tags: ["yoga", "back pain relief", "stretching"],
    transcript: "Keep breathing slowly and feel the muscle in your lower back relax.",
  },
  {
    expected: "health",
    categories: ["People & Blogs"],
    title: "My doctor explained why I can't sleep",
    tags: ["insomnia", "sleep tips", "mental health"],
    transcript: "So I finally went to see a doctor about the stress and the headaches.",
  },
  {
    expected: "health",
    categories: [],
    title: "Signs of Vitamin D Deficiency You Shouldn't Ignore",
    tags: ["vitamin d", "nutrition", "health tips"],
    transcript: "Tiredness, bone pain and getting sick often can all be symptoms.",
  },
  {
    expected: "business",
    categories: ["News & Politics"],
    title: "Inflation cools as central bank holds rates",
    tags: ["economy", "inflation", "interest rates"],
    transcript: "The bank said prices are rising more slowly than at any time this year.",
  },
  {
    expected: "business",
    categories: ["People & Blogs"],
    title: "How I Grew My Small Business to $1M in Revenue",
    tags: ["entrepreneur", "small business", "startup tips"],
    transcript: "Our first customer found us online, and every sale after that came from a referral.",
  },
  {
    expected: "business",
    categories: ["Howto & Style"],
    title: "5 Mistakes First-Time Managers Make",
    tags: ["management", "career advice", "leadership"],
    transcript: "When a new employee joins your team, the first week decides a lot.",
  },
  {
    expected: "business",
    categories: [],
    title: "Why the Stock Price Fell After a Record Quarter",
    tags: ["stock market", "investing"],
    transcript: "Investors expected more profit, so the shares dropped even though revenue grew.",
  },
  {
    expected: "everyday",
    categories: ["People & Blogs"],
    title: "My 6am Morning Routine (realistic)",
    tags: ["morning routine", "day in my life", "vlog"],
    transcript: "I wake up, make the bed, open the window and take the dog out.",
  },
  {
    expected: "everyday",
    categories: ["Howto & Style"],
    title: "How to Fold a Fitted Sheet",
    tags: ["folding", "hacks"],
    transcript: "Tuck one corner into the other and then fold it in half.",
  },
  {
    expected: "everyday",
    categories: ["Pets & Animals"],
    title: "Our puppy meets the cat for the first time",
    tags: ["puppy", "cute animals"],
    transcript: "He is a little scared but look, he is sniffing her now.",
  },
  {
    expected: "everyday",
    categories: ["People & Blogs"],
    title: "Sunday reset: cleaning my whole apartment",
    tags: ["cleaning motivation", "sunday reset", "laundry"],
    transcript: "Laundry is going, now the bathroom, and then I tidy the bedroom.",
  },
  {
    expected: "travel",
    categories: ["Travel & Events"],
    title: "48 Hours in Lisbon: What to See and Eat",
    tags: ["lisbon", "portugal travel", "food tour"],
    transcript: "We started the day with coffee and a custard tart near the river.",
  },
  {
    expected: "travel",
    categories: [],
    title: "Packing Light: One Backpack for Two Weeks in Japan",
    tags: ["travel tips", "packing", "japan travel"],
    transcript: "Keep your passport and ticket in the front pocket, you need them at the airport.",
  },
  {
    expected: "travel",
    categories: ["Autos & Vehicles"],
    title: "Road trip across Iceland in a camper van",
    tags: ["road trip", "iceland", "camping"],
    transcript: "Day three, and the ring road takes us past another waterfall.",
  },
  {
    expected: "sport",
    categories: ["Sports"],
    title: "Best Goals of the Season | League Highlights",
    tags: ["highlights", "goals"],
    transcript: "What a strike from outside the box, the keeper had no chance.",
  },
  {
    expected: "sport",
    categories: [],
    title: "How to Improve Your Tennis Serve",
    tags: ["tennis", "tennis lesson", "serve technique"],
    transcript: "Toss the ball a little in front of you and reach up as you hit it; the coach says relax.",
  },
  {
    expected: "sport",
    categories: [],
    title: "Marathon training: week 12 long run",
    tags: ["running", "marathon training", "race prep"],
    transcript: "Twenty miles today, easy pace, the race is in four weeks.",
  },
  {
    expected: "science",
    categories: ["Science & Technology"],
    title: "Why Is the Sky Blue? The Physics of Light",
    tags: ["physics", "science explained"],
    transcript: "Sunlight hits the molecules of the air and blue light scatters the most.",
  },
  {
    expected: "science",
    categories: [],
    title: "What the New Telescope Found in the Early Universe",
    tags: ["astronomy", "space", "jwst"],
    transcript: "These galaxies formed much earlier than the theory predicted.",
  },
  {
    expected: "science",
    categories: ["Science & Technology"],
    title: "How a volcano erupts",
    tags: ["volcano", "earthquake", "geology"],
    transcript: "Pressure builds as the gas in the magma expands.",
  },
  {
    expected: "technology",
    categories: ["Science & Technology"],
    title: "iPhone 16 Pro Battery Test: 5 Days Later",
    tags: ["iphone", "battery life", "smartphone review"],
    transcript: "Screen on time was about seven hours, charging took just under two.",
  },
  {
    expected: "technology",
    categories: ["Science & Technology"],
    title: "Unboxing the new XR-5",
    tags: [],
    transcript: "It comes in a small box with a cable and a manual.",
  },
  {
    expected: "technology",
    categories: ["Autos & Vehicles"],
    title: "Inside the software of a self-driving car",
    tags: ["self driving", "autonomous cars"],
    transcript: "Every camera feeds the computer thirty frames a second.",
  },
  {
    expected: "technology",
    categories: [],
    title: "Learn Python in 10 Minutes: Coding for Beginners",
    tags: ["python", "programming", "coding tutorial"],
    transcript: "Open your code editor and type print hello.",
  },
  {
    expected: "entertainment",
    categories: ["Music"],
    title: "Acoustic cover of a 90s classic",
    tags: ["acoustic cover", "guitar"],
    transcript: "This one goes out to everyone who asked for it in the comments.",
  },
  {
    expected: "entertainment",
    categories: ["Gaming"],
    title: "Speedrun world record attempt, any%",
    tags: ["speedrun", "world record"],
    transcript: "If I skip this door, I save four seconds.",
  },
  {
    expected: "entertainment",
    categories: ["Comedy"],
    title: "When your mom finds your report card",
    tags: ["skit", "school"],
    transcript: "You told me you had an exam, where is the homework?",
  },
  {
    expected: "entertainment",
    categories: [],
    title: "Official Trailer: The Last Harbour",
    tags: ["movie trailer", "film", "drama"],
    transcript: "This winter, one town will learn the truth.",
  },
  {
    expected: "learning",
    categories: ["Education"],
    title: "Present Perfect vs Past Simple: English Grammar Lesson",
    tags: ["english grammar", "esl"],
    transcript: "We use the present perfect for experiences in our life.",
  },
  {
    expected: "learning",
    categories: [],
    title: "How I Learned 1,000 Words of Spanish in a Month",
    tags: ["language learning", "vocabulary", "study tips"],
    transcript: "Every morning I practice with flash cards for twenty minutes.",
  },
  {
    expected: "learning",
    categories: ["Education"],
    title: "The chemistry of baking bread",
    tags: ["baking", "bread"],
    transcript: "Yeast eats the sugar in the flour and gives off gas.",
  },
  {
    expected: "other",
    categories: ["Nonprofits & Activism"],
    title: "Volunteers plant 10,000 trees in one weekend",
    tags: ["volunteering", "community"],
    transcript: "We had people from every family in the neighbourhood.",
  },
  {
    expected: "other",
    categories: ["News & Politics"],
    title: "Election results: what happens next",
    tags: ["election", "politics"],
    transcript: "The vote count continues in the northern districts tonight.",
  },
  {
    expected: "other",
    categories: [],
    title: "Thoughts",
    tags: [],
    transcript: "I have been thinking about what you said last time.",
  },
];

describe("screenTopic on labelled clips", () => {
  it("has at least three examples for every topic", () => {
    for (const topic of TOPICS) {
      expect(EXAMPLES.filter((e) => e.expected === topic).length, topic).toBeGreaterThanOrEqual(3);
    }
  });

  for (const { expected, ...example } of EXAMPLES) {
    it(`labels "${example.title}" (${example.categories.join(", ") || "no category"}) as ${expected}`, () => {
      expect(screen(example)).toBe(expected);
    });
  }
});
