// Word lists the seed script hands to PostgreSQL as text[] parameters; all text is assembled in SQL.
// Username parts are lower-case ASCII letters only, so every generated name passes the username rule.

export const ADJECTIVES = [
  "quiet", "brave", "lucky", "rapid", "silent", "golden", "cosmic", "fuzzy", "happy", "sunny", "misty",
  "noble", "clever", "swift", "bold", "calm", "crisp", "dark", "eager", "fancy", "gentle", "grand", "icy",
  "jolly", "keen", "lazy", "mighty", "neon", "odd", "proud", "quick", "royal", "rusty", "sly", "tiny",
  "urban", "vivid", "wild", "witty", "young", "zesty", "amber", "azure", "cyber", "frosty", "hidden",
  "lunar", "magic", "pixel", "retro", "solar", "stormy", "turbo", "velvet", "wise", "bright", "cozy",
  "dusty", "early", "fair", "green", "humble", "indie", "jade", "kind", "lost", "merry", "nimble",
] as const;

export const NOUNS = [
  "otter", "falcon", "tiger", "panda", "wolf", "fox", "raven", "badger", "koala", "lynx", "moose", "owl",
  "hawk", "bear", "cobra", "eagle", "gecko", "heron", "lemur", "llama", "mango", "maple", "comet",
  "rocket", "ninja", "pirate", "wizard", "knight", "ranger", "robot", "coder", "hacker", "gamer",
  "rider", "sailor", "nomad", "ghost", "shadow", "spark", "storm", "river", "stone", "cloud", "ember",
  "frost", "pebble", "walrus", "beetle", "cactus", "dragon", "finch", "hornet", "kiwi", "lotus",
  "marble", "nebula", "orbit", "parrot", "quartz", "salmon", "toucan", "viper", "willow", "yak",
] as const;

export const FIRST_NAMES = [
  "alex", "maria", "sam", "jordan", "lena", "omar", "yuki", "noah", "mia", "leo", "ivan", "sofia",
  "lucas", "emma", "arjun", "chloe", "mateo", "hana", "felix", "nora", "diego", "ines", "kai", "zoe",
  "tomas", "aisha", "ben", "clara", "dmitri", "elena", "farid", "greta", "hugo", "ingrid", "jonas",
] as const;

export const CITIES = [
  "Berlin, Germany", "Lisbon, Portugal", "Toronto, Canada", "Osaka, Japan", "Austin, TX", "Melbourne",
  "Paris", "Warsaw, Poland", "Seoul", "Sao Paulo, Brazil", "Nairobi, Kenya", "Dublin", "Oslo", "Madrid",
  "Mexico City", "Vancouver", "Helsinki", "Prague", "Buenos Aires", "Cape Town", "Bangalore, India",
  "Manchester, UK", "Portland, OR", "Amsterdam", "Stockholm", "Vienna", "Tallinn", "Kyiv", "Remote",
  "Somewhere on the internet", "The mountains", "Probably at my desk",
] as const;

export const ROLES = [
  "developer", "designer", "student", "photographer", "gamer", "writer", "musician", "tinkerer",
  "teacher", "nurse", "engineer", "barista", "sysadmin", "researcher", "illustrator", "chef",
] as const;

/** Subjects of topics, bios and titles. */
export const TOPIC_NOUNS = [
  "mechanical keyboards", "coffee", "sourdough", "home servers", "houseplants", "retro consoles",
  "running shoes", "podcasts", "board games", "synthesizers", "film cameras", "Rust", "TypeScript",
  "Linux distros", "e-bikes", "tea", "vinyl records", "sci-fi novels", "hiking trails", "3D printing",
  "chess openings", "indie games", "espresso machines", "fountain pens", "aquariums", "drones",
  "home automation", "guitar pedals", "street food", "anime", "self-hosting", "climbing", "watches",
  "budget travel", "language learning", "woodworking", "photography", "standing desks", "headphones",
  "password managers", "note-taking apps", "cycling", "baking", "gardening", "VR headsets",
] as const;

export const TOPIC_VERBS = [
  "clean", "organise", "upgrade", "fix", "store", "choose", "learn", "set up", "maintain", "budget for",
  "sell", "repair", "compare", "start with", "get into", "back up",
] as const;

/** How sentences of posts and comments begin. */
export const SENTENCE_STARTERS = [
  "I think", "Has anyone tried", "In my experience", "Honestly", "To be fair", "Thanks for sharing,",
  "I agree that", "Not sure if", "Quick question:", "Update:", "For what it's worth,", "The problem is that",
  "My favourite part is", "Last week", "Funny enough,", "Same here,", "I disagree,", "Does anyone know why",
  "Good point about", "Just finished", "After a few months,", "Pro tip:", "Back when I started,",
  "Can confirm,", "Interesting,", "So basically", "Welcome! I hope", "Glad to see", "Any tips on",
  "Fair enough, but", "I would add that", "Small correction:", "This reminds me of", "Unpopular opinion:",
] as const;

export const QUESTION_STARTERS = ["Has anyone tried", "Does anyone know why", "Any tips on", "Not sure if"] as const;

/** Filler vocabulary for the body of sentences. */
export const WORDS = [
  "the", "a", "this", "that", "my", "your", "our", "some", "every", "no", "and", "but", "or", "so",
  "with", "without", "for", "from", "into", "about", "after", "before", "really", "actually", "still",
  "just", "probably", "maybe", "always", "never", "usually", "again", "too", "very", "quite", "pretty",
  "setup", "build", "thread", "forum", "post", "idea", "project", "weekend", "week", "update", "version",
  "problem", "solution", "question", "answer", "price", "budget", "deal", "store", "shipping", "manual",
  "guide", "video", "photo", "review", "list", "plan", "trick", "habit", "routine", "tool", "kit",
  "community", "friend", "neighbour", "team", "club", "meetup", "event", "season", "winter", "summer",
  "works", "broke", "changed", "helped", "failed", "arrived", "looks", "feels", "sounds", "runs",
  "costs", "lasts", "needs", "takes", "makes", "keeps", "gets", "tried", "bought", "sold", "built",
  "fixed", "learned", "noticed", "recommend", "love", "hate", "prefer", "miss", "expected", "forgot",
  "good", "bad", "great", "terrible", "cheap", "expensive", "fast", "slow", "quiet", "loud", "simple",
  "complicated", "old", "new", "second-hand", "reliable", "fragile", "tiny", "huge", "solid", "weird",
  "obvious", "underrated", "overkill", "perfect", "annoying", "surprising", "useful", "fun", "hard",
  "coffee", "keyboard", "camera", "garden", "bike", "server", "laptop", "phone", "book", "game",
  "recipe", "plant", "desk", "chair", "lamp", "cable", "battery", "screen", "speaker", "backpack",
  "honestly", "basically", "definitely", "apparently", "somehow", "eventually", "finally", "twice",
  "months", "years", "days", "hours", "minutes", "later", "today", "tomorrow", "yesterday", "lately",
] as const;

export const LINK_DOMAINS = [
  "example.com", "example.org", "docs.example.net", "blog.example.com", "wiki.example.org",
  "www.example.com", "shop.example.net", "forum.example.org",
] as const;

export const BAN_REASONS = [
  "Spam", "Repeated spam after warnings", "Harassment of other members", "Sharing invite codes publicly",
  "Impersonating a moderator", "Posting malware links", "Ban evasion", "Offensive language",
  "Selling accounts", "Off-topic flooding",
] as const;

export const THEME_COLORS = ["#6366f1", "#ec4899", "#10b981", "#f59e0b", "#3b82f6", "#ef4444", "#8b5cf6", "#14b8a6"] as const;
