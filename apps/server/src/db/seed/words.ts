import type { Rng } from './random';

/**
 * Word lists for generated names and descriptions. Every name in the catalog is a combination of
 * these words, so the catalog is original, deterministic for a seed, and searchable by word.
 */
export const ADJECTIVES = [
  'Saffron',
  'Silent',
  'Crimson',
  'Paper',
  'Hollow',
  'Velvet',
  'Midnight',
  'Copper',
  'Restless',
  'Distant',
  'Brass',
  'Amber',
  'Forgotten',
  'Electric',
  'Quiet',
  'Wandering',
  'Northern',
  'Salt',
  'Burning',
  'Hidden',
  'Lonely',
  'Scarlet',
  'Glass',
  'Painted',
  'Sleeping',
  'Borrowed',
  'Crooked',
  'Twelfth',
  'Indigo',
  'Marigold',
  'Cobalt',
  'Tangled',
  'Unfinished',
  'Jasmine',
  'Moonlit',
  'Feral',
  'Monsoon',
  'Weathered',
  'Tin',
  'Ivory',
] as const;

export const NOUNS = [
  'Lighthouse',
  'Harbour',
  'Orchard',
  'Lantern',
  'Ledger',
  'Kite',
  'Signal',
  'Ferry',
  'Carnival',
  'Frontier',
  'Archive',
  'Meridian',
  'Garden',
  'Circuit',
  'Sparrow',
  'Citadel',
  'Echo',
  'Horizon',
  'River',
  'Verdict',
  'Caravan',
  'Observatory',
  'Mirage',
  'Anthem',
  'Labyrinth',
  'Festival',
  'Railway',
  'Courier',
  'Heist',
  'Lagoon',
  'Parade',
  'Cipher',
  'Ember',
  'Pavilion',
  'Monastery',
  'Junction',
  'Tramline',
  'Quarry',
  'Bazaar',
  'Aviary',
] as const;

const AGENTS = [
  'Cartographer',
  'Clockmaker',
  'Smuggler',
  'Archivist',
  'Ferryman',
  'Beekeeper',
  'Astronomer',
  'Tailor',
  'Conductor',
  'Locksmith',
  'Gardener',
  'Heiress',
  'Drummer',
  'Chemist',
  'Surveyor',
  'Lamplighter',
  'Ventriloquist',
  'Bookbinder',
  'Glassblower',
  'Stationmaster',
] as const;

const PLACES = [
  'Kestrel Bay',
  'Ashgrove',
  'Marrowfield',
  'Port Elwin',
  'Sundarpur',
  'Velmora',
  'Tarn Hollow',
  'Calder Reach',
  'Nilgiri Pass',
  'Oakhaven',
  'Brindlemoor',
  'Ravenmere',
  'Chandrapur',
  'Westmarch',
  'Lowen Quay',
  'Irisvale',
  'Halden Cross',
  'Emberlyn',
  'Saltmarsh Road',
  'Kovalam Point',
] as const;

const PLURALS = [
  'Kites',
  'Lanterns',
  'Sparrows',
  'Rivers',
  'Strangers',
  'Clocks',
  'Letters',
  'Fireflies',
  'Ferries',
  'Orchards',
  'Signals',
  'Wolves',
] as const;

const VERBS = [
  'Sleep',
  'Wander',
  'Sing',
  'Burn',
  'Return',
  'Gather',
  'Fall',
  'Hide',
  'Dream',
  'Linger',
] as const;

const SUFFIXES = [
  'Chronicles',
  'Files',
  'Protocol',
  'Diaries',
  'Saga',
  'Affair',
  'Story',
  'Project',
] as const;

export const FIRST_NAMES = [
  'Aarav',
  'Meera',
  'Kabir',
  'Ishaan',
  'Anaya',
  'Rohan',
  'Priya',
  'Vikram',
  'Nandini',
  'Leela',
  'Devika',
  'Farhan',
  'Zoya',
  'Tara',
  'Samir',
  'Elena',
  'Marcus',
  'Noah',
  'Clara',
  'Jonah',
  'Ines',
  'Hugo',
  'Yuki',
  'Kenji',
  'Amara',
  'Tomas',
  'Lucia',
  'Owen',
  'Freya',
  'Rafael',
  'Sofia',
  'Dmitri',
  'Hana',
  'Malik',
  'Adaeze',
  'Callum',
  'Niamh',
  'Mateo',
  'Esme',
  'Ritika',
  'Neel',
  'Kavya',
  'Omar',
  'Selin',
  'Bruno',
  'Ayesha',
  'Teodor',
  'Mira',
] as const;

export const LAST_NAMES = [
  'Varadan',
  'Athreya',
  'Iyengar',
  'Raghavan',
  'Banerji',
  'Desai',
  'Chattopadhyay',
  'Fernandes',
  'Sethi',
  'Qureshi',
  'Pillai',
  'Bhat',
  'Kulkarni',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Alvarez',
  'Tanabe',
  'Novak',
  'Hartley',
  'Castellano',
  'Brennan',
  'Sato',
  'Whitlock',
  'Ashby',
  'Marchetti',
  'Halloran',
  'Petrova',
  'Duarte',
  'Talwar',
  'Mukund',
  'Ostrowski',
  'Nakamura',
  'Aydin',
  'Vance',
  'Lobo',
  'Saldanha',
  'Thorne',
  'Ekwueme',
  'Dastur',
] as const;

const OCCUPATIONS = [
  'retired ferry pilot',
  'young archivist',
  'night-shift nurse',
  'disgraced chess coach',
  'small-town radio host',
  'stubborn beekeeper',
  'rookie customs officer',
  'travelling magician',
  'widowed clockmaker',
  'teenage cartographer',
  'struggling wedding singer',
  'former cricket star',
  'junior forensic accountant',
  'lighthouse keeper',
  'street-food vendor',
  'reluctant heir',
  'marine biologist',
  'school bus driver',
  'film projectionist',
  'tea-estate manager',
] as const;

const INCIDENTS = [
  'finds a ledger that should not exist',
  'inherits a cinema that has been closed for thirty years',
  'receives letters postmarked twenty years in the future',
  'is mistaken for a famous fugitive on the night train',
  'agrees to deliver one last parcel across the border',
  'wakes up to find the whole town has forgotten her name',
  'discovers a map hidden inside an old harmonium',
  'signs up for a talent contest to pay off a family debt',
  'becomes the only witness to a robbery nobody reported',
  'starts hearing a radio station that went off air in 1979',
  'swaps lives for a week with a stranger from the city',
  'is asked to guard a relic during the harvest festival',
  'turns an abandoned railway yard into a night market',
  'loses a bet and has to coach the worst football team in the district',
  'follows a stray dog into a plot far bigger than anyone expected',
] as const;

const COMPLICATIONS = [
  'As the monsoon closes every road out of town, old loyalties begin to crack.',
  'Every answer points back to a family secret buried for a generation.',
  'Time is short, the rivals are ruthless, and the only ally is an unreliable uncle.',
  'What begins as a favour turns into the most dangerous week of a quiet life.',
  'The closer the truth gets, the less anyone wants it found.',
  'A rival with deep pockets wants the same prize and will not play fair.',
  'Between missed trains and borrowed courage, a ragged team slowly forms.',
  'Nobody is who they claim to be, least of all the people closest to home.',
  'The past keeps knocking, and this time it brings a lawyer.',
  'Each night the stakes climb higher and the way back grows harder to see.',
] as const;

const CLOSINGS = [
  'A warm, unhurried story about second chances.',
  'Tense, funny and quietly heartbreaking.',
  'A sharp thriller with a big heart.',
  'Told with humour, music and a lot of rain.',
  'An adventure for anyone who ever wanted to run away for a while.',
  'A slow-burning mystery that rewards patience.',
  'Part comedy, part caper, all heart.',
  'A bold, visually striking drama.',
  '',
  '',
] as const;

const EPISODE_ACTIONS = [
  'follows a lead to the old railway junction, and a friend pays the price',
  'tries to keep a promise that was never hers to make',
  'hosts a dinner that goes wrong before the first course',
  'finally meets the voice on the radio',
  'has one night to return what was stolen',
  'is forced to choose between the truth and the family business',
  'uncovers who really owns the harbour',
  'learns why the lighthouse stopped turning',
  'makes a deal that cannot be undone',
  'goes back to the beginning to find what was missed',
  'gets an unexpected visitor during the storm',
  'races against the tide to reach the island',
] as const;

function article(word: string): 'A' | 'An' {
  return /^[AEIOU]/.test(word) ? 'An' : 'A';
}

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/o$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A title name for the hand-sized demo catalog (many patterns, reads like a release). */
export function titleName(rng: Rng): string {
  const adjective = rng.pick(ADJECTIVES);
  const noun = rng.pick(NOUNS);
  switch (rng.int(0, 9)) {
    case 0:
      return `The ${adjective} ${noun}`;
    case 1:
      return `${plural(noun)} of ${rng.pick(PLACES)}`;
    case 2:
      return `The ${rng.pick(AGENTS)} of ${rng.pick(PLACES)}`;
    case 3:
      return `${adjective} ${noun}`;
    case 4:
      return `Where the ${rng.pick(PLURALS)} ${rng.pick(VERBS)}`;
    case 5:
      return `The ${adjective} ${rng.pick(AGENTS)}`;
    case 6:
      return `${rng.pick(PLACES)} ${noun}`;
    case 7:
      return `${noun} & ${rng.pick(NOUNS)}`;
    case 8:
      return `${article(noun)} ${noun} for ${rng.pick(PLACES)}`;
    default:
      return `After the ${noun}`;
  }
}

/** A short, word-based name for the large synthetic catalog (names may repeat). */
export function syntheticTitleName(rng: Rng): string {
  const base = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  const roll = rng.next();
  if (roll < 0.3) return `The ${base}`;
  if (roll < 0.55) return `${base} ${rng.pick(SUFFIXES)}`;
  if (roll < 0.7) return `${base} of ${rng.pick(PLACES)}`;
  return base;
}

export function titleDescription(rng: Rng, type: 'movie' | 'tvshow'): string {
  const hero = rng.pick(FIRST_NAMES);
  const first = `${hero}, a ${rng.pick(OCCUPATIONS)} in ${rng.pick(PLACES)}, ${rng.pick(INCIDENTS)}.`;
  const second = rng.pick(COMPLICATIONS);
  const closing =
    type === 'tvshow' && rng.chance(0.5)
      ? 'A series that keeps its best twist for the final episode.'
      : rng.pick(CLOSINGS);
  return [first, second, closing].filter(Boolean).join(' ');
}

/** A one-sentence description, cheaper to index, for synthetic titles. */
export function shortDescription(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)}, a ${rng.pick(OCCUPATIONS)} in ${rng.pick(PLACES)}, ${rng.pick(INCIDENTS)}.`;
}

export function episodeName(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `The ${rng.pick(NOUNS)}`;
    case 1:
      return `${rng.pick(ADJECTIVES)} Water`;
    case 2:
      return `What the ${rng.pick(AGENTS)} Saw`;
    case 3:
      return `${rng.pick(PLACES)} at Dawn`;
    case 4: {
      const noun = rng.pick(NOUNS);
      return `${article(noun)} ${noun} for Two`;
    }
    default:
      return `${rng.pick(ADJECTIVES)} ${rng.pick(PLURALS)}`;
  }
}

export function episodeDescription(rng: Rng, hero: string): string {
  return `${hero} ${rng.pick(EPISODE_ACTIONS)}.`;
}

/** The first name the title's description starts with: episodes of a show follow the same lead. */
export function leadOf(description: string): string {
  return description.split(',')[0] ?? 'The lead';
}
