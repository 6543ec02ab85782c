import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '@domain/roles';
import type { VideoStatus } from '@domain/video-status';
import { compareMoney, subtractMoney } from '@domain/money';
import { NOTIFICATION_TEXT } from '@domain/notifications';
import { BUILT_IN_VIDEO_TYPES, type BuiltInVideoType } from '@domain/video-types';
import { isOverdue } from '@domain/workflow';
import { hashPassword } from '../lib/passwords';
import { recordPaid } from '../modules/invoicing/ledger.repository';
import { effectivePrices } from '../modules/invoicing/pricing.repository';
import type { Db } from './client';
import {
  clientEditorAssignments,
  clientPricingPlanAssignments,
  clientTeamLeadAssignments,
  clientVideoTypePricing,
  comments,
  notifications,
  overdueNotices,
  pricingPlanRules,
  pricingPlans,
  reviewRounds,
  users,
  videos,
  videoStatusHistory,
  videoTypes,
} from './schema';
import { DAY_MS as DAY } from '@domain/day-counter';
import { roundDecision } from '@domain/versions';

/** The longest a demo video stays ready to post after its approval before it is posted. */
const READY_TO_POST_MAX_DAYS = 7;

/**
 * The demo agency of `npm run demo` (docs/getting-started.md): clients, editors, lead editors, a
 * client team lead, ~200 videos in every status and type with their history, comments with
 * @mentions, notifications, prices and paid and unpaid work, so a newcomer sees a living
 * product.
 *
 * Everything comes from a seeded PRNG, so every load looks the same; dates are placed relative
 * to the moment of loading so the agency is always "current". Money stays two-decimal text:
 * the prices set up are literals, a video's price is the app's effective price (the same SQL
 * as invoicing and mark paid), and the one subtraction (a typed discount) goes through
 * domain/money's exact integer arithmetic.
 */

export const DEMO_PASSWORD = 'demo1234';

/** The user whose presence means the demo is already loaded. */
const MARKER_USERNAME = 'lead.lena';

type VideoType = BuiltInVideoType;

interface DemoClient {
  username: string;
  name: string;
  vip: boolean;
  videoCount: number;
  /** Usernames of the editors assigned to this client; empty means unassigned. */
  editors: string[];
  teamLead: boolean;
  types: VideoType[];
  topics: string[];
}

const STAFF = [
  { username: 'lead.lena', name: 'Lena Hoffmann', role: 'lead_editor' },
  { username: 'lead.marcus', name: 'Marcus Reid', role: 'lead_editor' },
  { username: 'editor.sam', name: 'Sam Patel', role: 'editor' },
  { username: 'editor.maya', name: 'Maya Chen', role: 'editor' },
  { username: 'editor.diego', name: 'Diego Alvarez', role: 'editor' },
  { username: 'editor.priya', name: 'Priya Nair', role: 'editor' },
  { username: 'editor.jonas', name: 'Jonas Berg', role: 'editor' },
  { username: 'teamlead.olivia', name: 'Olivia Grant', role: 'client_team_lead' },
] as const satisfies readonly { username: string; name: string; role: Role }[];

const CLIENTS: readonly DemoClient[] = [
  {
    username: 'client.brightsmile',
    name: 'BrightSmile Dental Clinic',
    vip: true,
    videoCount: 26,
    editors: ['editor.sam', 'editor.maya'],
    teamLead: true,
    types: ['consultation', 'before-after', 'talking-head', 'voice-over', 'funny', 'consultation'],
    topics: [
      'Invisalign',
      'teeth whitening',
      'dental implants',
      "kids' first checkup",
      'gum health',
      'emergency visits',
      'porcelain veneers',
      'flossing',
      'root canals',
    ],
  },
  {
    username: 'client.harborhomes',
    name: 'Harbor Homes Realty',
    vip: true,
    videoCount: 24,
    editors: ['editor.diego', 'editor.priya'],
    teamLead: false,
    types: ['vlog', 'talking-head', 'action-reel', 'personal-story', 'voice-over', 'vlog'],
    topics: [
      'the waterfront condo tour',
      'first-time buyer tips',
      'the Sunday open house',
      'the monthly market update',
      'home staging',
      'mortgage pre-approval',
      'the Old Harbor neighborhood',
      'closing day',
      'the lakeside listing',
    ],
  },
  {
    username: 'client.novaskin',
    name: 'Nova Skin Aesthetics',
    vip: true,
    videoCount: 22,
    editors: ['editor.maya'],
    teamLead: true,
    types: ['before-after', 'consultation', 'talking-head', 'funny', 'voice-over', 'before-after'],
    topics: [
      'microneedling',
      'chemical peels',
      'lip filler',
      'daily SPF',
      'acne scars',
      'laser hair removal',
      'the glow facial',
      'skincare myths',
    ],
  },
  {
    username: 'client.fitwithkai',
    name: 'Kai Thompson Fitness',
    vip: false,
    videoCount: 20,
    editors: ['editor.sam', 'editor.jonas'],
    teamLead: false,
    types: ['action-reel', 'before-after', 'personal-story', 'talking-head', 'funny', 'vlog'],
    topics: [
      'the HIIT finisher',
      'the 12-week transformation',
      'kettlebell basics',
      'Sunday meal prep',
      'the mobility flow',
      'home workouts',
      'deadlift form',
      'rest days',
    ],
  },
  {
    username: 'client.peakphysio',
    name: 'Peak Physiotherapy',
    vip: false,
    videoCount: 16,
    editors: ['editor.priya'],
    teamLead: false,
    types: ['consultation', 'talking-head', 'voice-over', 'action-reel'],
    topics: [
      'knee rehab',
      'desk posture',
      "runner's ankle",
      'shoulder mobility',
      'lower back pain',
      'ACL recovery',
      'dry needling',
    ],
  },
  {
    username: 'client.lunayoga',
    name: 'Luna Yoga Studio',
    vip: false,
    videoCount: 15,
    editors: ['editor.jonas'],
    teamLead: false,
    types: ['vlog', 'personal-story', 'action-reel', 'talking-head'],
    topics: [
      'the sunrise flow',
      'breathwork',
      'the beginner series',
      'teacher training',
      'yin yoga',
      'the studio tour',
      'the autumn retreat',
    ],
  },
  {
    username: 'client.urbanedge',
    name: 'Urban Edge Barbershop',
    vip: false,
    videoCount: 14,
    editors: ['editor.diego'],
    teamLead: false,
    types: ['before-after', 'funny', 'action-reel', 'vlog'],
    topics: [
      'the skin fade',
      'beard trims',
      'the classic pompadour',
      'the hot towel shave',
      "kids' cuts",
      'the shop tour',
    ],
  },
  {
    username: 'client.greenleaf',
    name: 'Greenleaf Vegan Bistro',
    vip: false,
    videoCount: 14,
    editors: ['editor.maya', 'editor.diego'],
    teamLead: false,
    types: ['vlog', 'funny', 'voice-over', 'action-reel'],
    topics: [
      'the summer menu',
      "the chef's special",
      'the oat milk latte',
      'the plant-based burger',
      'weekend brunch',
      'event catering',
    ],
  },
  {
    username: 'client.pawsitive',
    name: 'Pawsitive Vet Care',
    vip: false,
    videoCount: 14,
    editors: ['editor.sam'],
    teamLead: false,
    types: ['consultation', 'funny', 'personal-story', 'talking-head'],
    topics: [
      'puppy vaccines',
      'dog dental care',
      'senior cats',
      'adoption day',
      'nail trims',
      'pet insurance',
    ],
  },
  {
    username: 'client.summitlaw',
    name: 'Summit Law Group',
    vip: false,
    videoCount: 12,
    editors: [],
    teamLead: false,
    types: ['talking-head', 'consultation', 'voice-over'],
    topics: [
      'estate planning',
      'small business contracts',
      'tenant rights',
      'personal injury claims',
      'prenups',
      'setting up an LLC',
    ],
  },
  {
    username: 'client.maplebakehouse',
    name: 'Maple Street Bakehouse',
    vip: false,
    videoCount: 12,
    editors: [],
    teamLead: false,
    types: ['vlog', 'funny', 'action-reel', 'personal-story'],
    topics: [
      'sourdough',
      'croissant lamination',
      'wedding cakes',
      'holiday cookies',
      'the 5 a.m. bake',
      'cinnamon rolls',
    ],
  },
  {
    username: 'client.drivepro',
    name: 'DrivePro Driving School',
    vip: false,
    videoCount: 11,
    editors: [],
    teamLead: false,
    types: ['talking-head', 'action-reel', 'funny', 'voice-over'],
    topics: [
      'parallel parking',
      'road test tips',
      'highway merging',
      'night driving',
      'roundabouts',
    ],
  },
];

/** Every demo account with its role (all use DEMO_PASSWORD). */
export const DEMO_USERS: readonly {
  username: string;
  name: string;
  role: Role;
  isVip: boolean;
}[] = [
  ...STAFF.map((u) => ({ ...u, isVip: false })),
  ...CLIENTS.map((c) => ({
    username: c.username,
    name: c.name,
    role: 'client' as const,
    isVip: c.vip,
  })),
];

const DEFAULT_PRICES: Record<VideoType, string> = {
  consultation: '120.00',
  'voice-over': '85.00',
  'action-reel': '150.00',
  'before-after': '95.00',
  'talking-head': '110.00',
  'personal-story': '195.00',
  vlog: '250.00',
  funny: '60.00',
};

const CUSTOM_PRICES: { client: string; type: VideoType; price: string }[] = [
  { client: 'client.brightsmile', type: 'consultation', price: '100.00' },
  { client: 'client.brightsmile', type: 'before-after', price: '80.00' },
  { client: 'client.novaskin', type: 'before-after', price: '85.00' },
  { client: 'client.novaskin', type: 'consultation', price: '105.00' },
  { client: 'client.harborhomes', type: 'vlog', price: '230.00' },
  { client: 'client.peakphysio', type: 'talking-head', price: '99.00' },
];

interface PlanRule {
  type: VideoType;
  min: number;
  max: number | null;
  price: string;
}

const PLANS: {
  name: string;
  displayName: string;
  description: string;
  isDefault: boolean;
  clients: string[];
  rules: PlanRule[];
}[] = [
  {
    name: 'standard',
    displayName: 'Standard Rates',
    description: 'Agency rates for longer formats, priced by running time.',
    isDefault: true,
    clients: [],
    rules: [
      { type: 'action-reel', min: 0, max: 30, price: '120.00' },
      { type: 'action-reel', min: 31, max: null, price: '160.00' },
      { type: 'talking-head', min: 0, max: 60, price: '95.00' },
      { type: 'talking-head', min: 61, max: null, price: '125.00' },
      { type: 'personal-story', min: 0, max: 120, price: '180.00' },
      { type: 'personal-story', min: 121, max: null, price: '230.00' },
      { type: 'vlog', min: 0, max: 300, price: '220.00' },
      { type: 'vlog', min: 301, max: null, price: '280.00' },
    ],
  },
  {
    name: 'growth-bundle',
    displayName: 'Growth Bundle',
    description: 'Flat volume pricing for clients who post every week.',
    isDefault: false,
    clients: ['client.fitwithkai', 'client.harborhomes'],
    rules: [
      { type: 'consultation', min: 0, max: null, price: '99.00' },
      { type: 'voice-over', min: 0, max: null, price: '65.00' },
      { type: 'action-reel', min: 0, max: null, price: '125.00' },
      { type: 'before-after', min: 0, max: null, price: '75.00' },
      { type: 'talking-head', min: 0, max: null, price: '89.00' },
      { type: 'personal-story', min: 0, max: null, price: '165.00' },
      { type: 'vlog', min: 0, max: null, price: '199.00' },
      { type: 'funny', min: 0, max: null, price: '49.00' },
    ],
  },
];

/** How many comments a video in each status has (at least, at most). */
const COMMENTS_PER_VIDEO: Record<VideoStatus, [number, number]> = {
  draft: [0, 1],
  in_progress: [0, 2],
  review: [1, 4],
  ready_to_post: [1, 3],
  posted: [0, 3],
};

const DURATIONS: Record<VideoType, [number, number]> = {
  consultation: [60, 180],
  'voice-over': [30, 90],
  'action-reel': [15, 60],
  'before-after': [15, 45],
  'talking-head': [40, 120],
  'personal-story': [90, 300],
  vlog: [180, 600],
  funny: [10, 45],
};

const NAME_TEMPLATES: Record<VideoType, string[]> = {
  consultation: [
    '{T}: free consultation walkthrough',
    'What to expect: {t}',
    '{T} Q&A',
    'Thinking about {t}?',
  ],
  'voice-over': ['{T} explained', '{T} in 60 seconds', 'Narrated guide to {t}'],
  'action-reel': ['{T} action reel', '{T} highlight reel', '{T} in fast cuts'],
  'before-after': ['{T} before & after', '{T} transformation', '{T}: the results'],
  'talking-head': ['3 myths about {t}', '{T}: your questions answered', 'Straight talk on {t}'],
  'personal-story': ['Why we love {t}', 'Our story: {t}', 'Client story: {t}'],
  vlog: ['Behind the scenes: {t}', 'A day of {t}', '{T} vlog'],
  funny: ['{T} bloopers', 'When {t} goes wrong', '{T}, but make it funny'],
};

const SPECIALS: { name: string; type: VideoType }[] = [
  { name: 'Spring promo', type: 'action-reel' },
  { name: 'Meet the team', type: 'personal-story' },
  { name: 'Customer testimonials', type: 'talking-head' },
  { name: 'Holiday greetings', type: 'funny' },
  { name: 'Summer sale teaser', type: 'voice-over' },
];

const DESCRIPTIONS = [
  'Vertical 9:16 cut for Instagram Reels and TikTok.',
  'Horizontal cut for YouTube with burned-in captions.',
  'Use the brand colours and the new logo sting at the end.',
  'Keep it under a minute; hook in the first three seconds.',
  'Footage shot on location last week, see the Drive folder.',
  'Add the call to action: book online, link in bio.',
  'Upbeat music, no voice-over, on-screen text only.',
  'Include the 10% first-visit offer in the end card.',
];

const NOTES = [
  'Client prefers a warm colour grade.',
  'Raw footage is in the shared Drive folder.',
  'Music licensed from Artlist, licence in the project folder.',
  'Needs captions in English and Spanish.',
  'Second camera angle has audio drift, sync manually.',
  'Client asked for a square version too.',
  'Logo files updated in March, use the new ones.',
];

type Ctx = { owner: string; editor?: string; lead: string };
type Template = (c: Ctx) => string | null;

const CLIENT_COMMENTS: Template[] = [
  () => 'Love the pacing! Could we make the logo a bit bigger at the end?',
  (c) => (c.editor ? `@${c.editor} can we swap the music for something more upbeat?` : null),
  () => 'Looks great, thank you! Good to go from our side.',
  () => 'Can we add captions? Most people watch without sound.',
  () => 'Small fix: our phone number changed, please use the one on the website.',
  (c) => `@${c.lead} any chance we can have this by Friday?`,
  () => 'The intro feels a bit long, maybe trim the first three seconds?',
  (c) => (c.editor ? `Thanks @${c.editor}, this is exactly the vibe we wanted.` : null),
];

const EDITOR_COMMENTS: Template[] = [
  (c) => `First cut is up on Frame.io, @${c.owner} let me know what you think.`,
  () => 'Colour grade done, working on the sound mix now.',
  (c) => `@${c.lead} ready for your review.`,
  () => 'Added captions and the new end card.',
  () => 'Trimmed the intro as requested.',
  () => 'Exported a 9:16 version for Reels as well.',
  (c) => `Waiting on the B-roll from @${c.owner} before I can finish this one.`,
];

const LEAD_COMMENTS: Template[] = [
  (c) => (c.editor ? `Approved. Nice work @${c.editor}!` : 'Approved, nice work.'),
  (c) =>
    c.editor ? `@${c.editor} the audio dips around 0:42, can you fix that before we ship?` : null,
  () => 'Bumped the priority on this one, the client wants it before the weekend.',
  (c) => `@${c.owner} this is ready to post whenever you are.`,
  () => 'Please double-check the spelling in the lower thirds.',
];

const TEAM_LEAD_COMMENTS: Template[] = [
  (c) => `@${c.lead} the client asked about the timeline on this one, any update?`,
  () => 'Shared with the marketing team internally, feedback coming tomorrow.',
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness, time and money helpers.

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1) {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** Picks a key of `weights` with probability proportional to its weight. */
  weighted<K extends string>(weights: Partial<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
  chars(alphabet: string, length: number) {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  /** A version-4-shaped UUID. */
  uuid() {
    const hex = this.chars('0123456789abcdef', 32).split('');
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(this.next() * 4)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

const HOUR = 3_600_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]) {
  // Well under PostgreSQL's 65535 bind parameters per statement for every table here.
  const chunk = 400;
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

// ---------------------------------------------------------------------------------------------

export interface LoadDemoOptions {
  /** The moment the agency is built around (tests pin it); defaults to now. */
  now?: Date;
}

export async function loadDemo(
  db: Db,
  options: LoadDemoOptions = {},
): Promise<{ created: boolean; message: string }> {
  const usernames = DEMO_USERS.map((u) => u.username);
  const taken = await existingUsernames(db, usernames);
  if (taken.includes(MARKER_USERNAME)) {
    return { created: false, message: 'already loaded (user lead.lena exists); nothing changed' };
  }
  if (taken.length > 0) {
    return {
      created: false,
      message: `not loaded: these usernames are already taken: ${taken.join(', ')}`,
    };
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await db.transaction(async (tx) => {
    // Checked again inside the transaction: a concurrent load then fails on the unique
    // username instead of loading twice.
    if ((await existingUsernames(tx, [MARKER_USERNAME])).length > 0) return null;
    return build(tx, passwordHash, options.now ?? new Date());
  });
  if (!counts) {
    return { created: false, message: 'already loaded (user lead.lena exists); nothing changed' };
  }
  return {
    created: true,
    message:
      `loaded ${counts.users} users, ${counts.videos} videos, ${counts.comments} comments and ` +
      `${counts.notifications} notifications. Sign in as lead.lena, editor.sam, ` +
      `client.brightsmile or teamlead.olivia with the password ${DEMO_PASSWORD}.`,
  };
}

async function existingUsernames(db: Db | Tx, names: string[]): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  return rows.map((r) => r.username.toLowerCase());
}

interface VideoPlan {
  id: string;
  clientIndex: number;
  ownerId: string;
  ordinal: number;
  name: string;
  type: VideoType;
  status: VideoStatus;
  editorId: string | null;
  start: number;
  due: number;
  finish: number | null;
  steps: { status: VideoStatus; at: number; by: string }[];
  duration: number | null;
}

async function build(tx: Tx, passwordHash: string, now: Date) {
  const rnd = new Random(20240611);
  const ids = new Random(77031);
  const nowMs = now.getTime();
  /** A moment during working hours (UTC) on the day of `ms`. */
  const officeHours = (ms: number) => Math.floor(ms - (ms % DAY) + rnd.float(8, 19) * HOUR);
  /** The same for something that already happened: never later than now. */
  const workTime = (ms: number) =>
    Math.min(officeHours(ms), Math.floor(nowMs - rnd.float(0.1, 2) * HOUR));
  const nowCap = (ms: number) => Math.min(ms, nowMs - 5 * 60_000);

  const [king] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'king'))
    .limit(1);
  const kingId = king?.id ?? null;

  // --- users ---------------------------------------------------------------------------------
  const userId = new Map<string, string>();
  const userName = new Map<string, string>();
  const userRows = DEMO_USERS.map((u, i) => {
    const id = ids.uuid();
    userId.set(u.username, id);
    userName.set(u.username, u.name);
    return {
      id,
      username: u.username,
      password: passwordHash,
      name: u.name,
      role: u.role,
      isAdmin: 'false',
      isVip: u.isVip,
      createdAt: new Date(nowMs - (210 - i) * DAY),
    };
  });
  await insertAll(tx, users, userRows);
  const idOf = (username: string) => {
    const id = userId.get(username);
    if (!id) throw new Error(`unknown demo user ${username}`);
    return id;
  };
  const leads = STAFF.filter((s) => s.role === 'lead_editor').map((s) => s.username);
  const teamLead = STAFF.find((s) => s.role === 'client_team_lead')!.username;

  await insertAll(
    tx,
    clientEditorAssignments,
    CLIENTS.flatMap((c, i) =>
      c.editors.map((e) => ({
        clientId: idOf(c.username),
        editorId: idOf(e),
        createdAt: new Date(nowMs - (195 - i) * DAY),
      })),
    ),
  );
  await insertAll(
    tx,
    clientTeamLeadAssignments,
    CLIENTS.filter((c) => c.teamLead).map((c) => ({
      clientId: idOf(c.username),
      teamLeadId: idOf(teamLead),
      assignedBy: kingId,
      assignedAt: new Date(nowMs - 190 * DAY),
    })),
  );

  // --- prices --------------------------------------------------------------------------------
  await tx
    .insert(videoTypes)
    .values(BUILT_IN_VIDEO_TYPES.map((t) => ({ name: t.name, displayName: t.displayName })))
    .onConflictDoNothing();
  // Only types nobody has priced yet get the demo's default price.
  const priceCase = sql.join(
    BUILT_IN_VIDEO_TYPES.map((t) => sql`when ${t.name} then ${DEFAULT_PRICES[t.name]}::numeric`),
    sql` `,
  );
  await tx
    .update(videoTypes)
    .set({ defaultPrice: sql`case ${videoTypes.name} ${priceCase} end`, updatedAt: now })
    .where(
      and(
        inArray(
          videoTypes.name,
          BUILT_IN_VIDEO_TYPES.map((t) => t.name),
        ),
        eq(videoTypes.defaultPrice, '0.00'),
      ),
    );
  const typeRows = await tx
    .select({ id: videoTypes.id, name: videoTypes.name })
    .from(videoTypes)
    .where(
      inArray(
        videoTypes.name,
        BUILT_IN_VIDEO_TYPES.map((t) => t.name),
      ),
    );
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));
  const typeIdOf = (type: VideoType) => typeId.get(type)!;

  await insertAll(
    tx,
    clientVideoTypePricing,
    CUSTOM_PRICES.map((p) => ({
      clientId: idOf(p.client),
      videoTypeId: typeIdOf(p.type),
      price: p.price,
      effectiveFrom: new Date(nowMs - 150 * DAY),
    })),
  );

  const [existingDefault] = await tx
    .select({ id: pricingPlans.id })
    .from(pricingPlans)
    .where(eq(pricingPlans.isDefault, true))
    .limit(1);
  for (const plan of PLANS) {
    const [row] = await tx
      .insert(pricingPlans)
      .values({
        name: plan.name,
        displayName: plan.displayName,
        description: plan.description,
        isDefault: plan.isDefault && !existingDefault,
      })
      .onConflictDoNothing()
      .returning({ id: pricingPlans.id });
    // A plan of that name already exists: leave the king's plan alone.
    if (!row) continue;
    await insertAll(
      tx,
      pricingPlanRules,
      plan.rules.map((r) => ({
        planId: row.id,
        videoTypeId: typeIdOf(r.type),
        minDurationSeconds: r.min,
        maxDurationSeconds: r.max,
        price: r.price,
      })),
    );
    await insertAll(
      tx,
      clientPricingPlanAssignments,
      plan.clients.map((c) => ({
        clientId: idOf(c),
        planId: row.id,
        assignedBy: kingId,
        assignedAt: new Date(nowMs - 120 * DAY),
      })),
    );
  }

  // --- videos and their history --------------------------------------------------------------
  const plans: VideoPlan[] = [];
  CLIENTS.forEach((client, clientIndex) => {
    const ownerId = idOf(client.username);
    const editorIds = client.editors.map(idOf);
    const usedNames = new Set<string>();
    const specials = SPECIALS.filter(() => rnd.chance(0.3));
    let previousStart = 0;
    for (let i = 0; i < client.videoCount; i++) {
      // Ordinal 1 is the oldest; newer videos come closer together, as the agency grows.
      const progress = (i + rnd.float(0.1, 0.9)) / client.videoCount;
      const daysAgo = 2 + 173 * Math.pow(1 - progress, 1.7);
      // Kept in ordinal order even when two videos start on the same day.
      const start = Math.max(workTime(nowMs - daysAgo * DAY), previousStart + HOUR);
      previousStart = start;
      const age = (nowMs - start) / DAY;

      let type: VideoType;
      let name: string;
      const special = specials.length > 0 && rnd.chance(0.12) ? specials.shift() : undefined;
      if (special) {
        ({ type, name } = special);
      } else {
        type = rnd.pick(client.types);
        name = nameFor(rnd, type, rnd.pick(client.topics));
        for (let tries = 0; usedNames.has(name) && tries < 6; tries++) {
          type = rnd.pick(client.types);
          name = nameFor(rnd, type, rnd.pick(client.topics));
        }
      }
      for (let part = 2; usedNames.has(name); part++)
        name = `${name.replace(/ \(part \d+\)$/, '')} (part ${part})`;
      usedNames.add(name);

      let status: VideoStatus =
        age >= 60
          ? rnd.weighted<VideoStatus>({ posted: 85, ready_to_post: 8, review: 4, in_progress: 3 })
          : age >= 30
            ? rnd.weighted<VideoStatus>({
                posted: 50,
                ready_to_post: 25,
                review: 15,
                in_progress: 10,
              })
            : age >= 14
              ? rnd.weighted<VideoStatus>({
                  posted: 15,
                  ready_to_post: 25,
                  review: 25,
                  in_progress: 30,
                  draft: 5,
                })
              : rnd.weighted<VideoStatus>({
                  draft: 28,
                  in_progress: 36,
                  review: 16,
                  ready_to_post: 20,
                });

      let editorId: string | null = null;
      if (editorIds.length > 0) {
        if (status !== 'draft' ? rnd.chance(0.95) : rnd.chance(0.4)) editorId = rnd.pick(editorIds);
      } else if (status !== 'draft' && rnd.chance(0.6)) {
        editorId = idOf(rnd.pick(leads));
      }

      const due = officeHours(start + rnd.int(client.vip ? 5 : 7, client.vip ? 14 : 21) * DAY);
      const completed = status === 'ready_to_post' || status === 'posted';
      // Finished at least a day ago, so the later steps (posting, payment) fit before now.
      const finish = completed
        ? Math.floor(
            Math.max(
              start + DAY,
              Math.min(nowMs - rnd.float(1, 3) * DAY, start + rnd.float(0.5, 1.3) * (due - start)),
            ),
          )
        : null;
      // An approved video waits days, not months, to be posted: one approved longer ago went
      // out (a Ready to Post card counts the agency's turn since the approval, issue 41).
      if (status === 'ready_to_post' && nowMs - finish! > READY_TO_POST_MAX_DAYS * DAY) {
        status = 'posted';
      }
      const steps = historyFor(rnd, {
        status,
        start,
        finish,
        nowMs,
        owner: ownerId,
        editor: editorId,
        lead: idOf(rnd.pick(leads)),
      });

      const [minDur, maxDur] = DURATIONS[type];
      plans.push({
        id: ids.uuid(),
        clientIndex,
        ownerId,
        ordinal: i + 1,
        name,
        type,
        status,
        editorId,
        start,
        due,
        finish,
        steps,
        duration: status === 'draft' ? null : rnd.int(minDur, maxDur),
      });
    }
  });

  // Each video's list price by the app's own rule, the SQL that invoicing shows and mark paid
  // locks (server/modules/invoicing/pricing-sql.ts), over the prices set up above.
  const listPrices = await effectivePrices(
    tx,
    plans.map((v) => ({ clientId: v.ownerId, type: v.type, duration: v.duration })),
  );
  // Revenue trends cover the current month and the five before it; payments fall inside.
  const trendStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1);
  const videoRows = plans.map((v, index) => {
    const last = v.steps[v.steps.length - 1]!;
    const link = linkFor(rnd, v.status);
    let paymentStatus = 'unpaid';
    let paidDate: Date | null = null;
    let lockedPrice: string | null = null;
    let paymentAmount = '0.00';
    if (v.finish !== null) {
      const finishedDaysAgo = (nowMs - v.finish) / DAY;
      // Now and then the king types an agreed amount (a discount) instead of the list price.
      const listPrice = listPrices[index]!;
      const discount = rnd.chance(0.05) ? rnd.pick(['10.00', '15.00', '25.00']) : null;
      const typed =
        discount && compareMoney(listPrice, discount) > 0
          ? subtractMoney(listPrice, discount)
          : null;
      if (typed !== null) paymentAmount = typed;
      const paid = finishedDaysAgo > 20 ? rnd.chance(0.85) : finishedDaysAgo > 7 && rnd.chance(0.3);
      if (paid) {
        const paidAt = Math.max(
          trendStart + rnd.float(1, 4) * DAY,
          v.finish + rnd.float(3, Math.min(20, finishedDaysAgo - 1)) * DAY,
        );
        paymentStatus = 'paid';
        paidDate = new Date(nowCap(workTime(paidAt)));
        lockedPrice = typed ?? listPrice;
      }
    }
    return {
      id: v.id,
      ordinal: v.ordinal,
      name: v.name,
      type: v.type,
      status: v.status,
      link,
      description:
        `${rnd.pick(DESCRIPTIONS)} ${rnd.chance(0.5) ? rnd.pick(DESCRIPTIONS) : ''}`.trim(),
      internalNotes: rnd.chance(0.4) ? rnd.pick(NOTES) : '',
      userId: v.ownerId,
      assignedEditorId: v.editorId,
      startDate: new Date(v.start),
      dueDate: new Date(v.due),
      finishDate: v.finish === null ? null : new Date(v.finish),
      duration: v.duration,
      paymentAmount,
      paymentStatus,
      lockedPrice,
      paidDate,
      createdAt: new Date(v.start),
      updatedAt: new Date(Math.max(last.at, paidDate?.getTime() ?? 0)),
      statusChangedAt: new Date(last.at),
      rounds: v.steps.filter((s) => s.status === 'review').length,
    };
  });
  await insertAll(tx, videos, videoRows);
  // The payments are in the books too: one ledger event each, at its paid date, by the king.
  await recordPaid(
    tx,
    videoRows.filter((v) => v.paymentStatus === 'paid').map((v) => v.id),
    kingId,
  );
  await insertAll(
    tx,
    videoStatusHistory,
    plans.flatMap((v) =>
      v.steps.map((s, i) => ({
        videoId: v.id,
        changedById: s.by,
        fromStatus: i === 0 ? null : v.steps[i - 1]!.status,
        toStatus: s.status,
        changedAt: new Date(s.at),
      })),
    ),
  );
  // Their review rounds, as every status move records them (domain/versions.ts): each entry into
  // review began one on the source (the demo has no cuts), and the next step decided it.
  await insertAll(
    tx,
    reviewRounds,
    plans.flatMap((v) =>
      v.steps
        .flatMap((s, i) => {
          const next = v.steps[i + 1];
          if (s.status !== 'review') return [];
          return [
            {
              videoId: v.id,
              sentById: s.by,
              sentAt: new Date(s.at),
              decision: next ? roundDecision(next.status) : null,
              decidedById: next?.by ?? null,
              decidedAt: next ? new Date(next.at) : null,
            },
          ];
        })
        .map((round, i) => ({ ...round, number: i + 1 })),
    ),
  );

  // --- comments and notifications ------------------------------------------------------------
  const usernameById = new Map([...userId].map(([u, id]) => [id, u]));
  const nameById = (id: string) => userName.get(usernameById.get(id)!)!;
  const commentRows: PgInsertValue<typeof comments>[] = [];
  const notificationRows: PgInsertValue<typeof notifications>[] = [];
  const overdueRows: PgInsertValue<typeof overdueNotices>[] = [];
  const notifyFrom = nowMs - 45 * DAY;
  const notify = (n: {
    recipient: string;
    type: string;
    title: string;
    message: string;
    videoId: string;
    commentId?: string;
    priority?: string;
    at: number;
  }) => {
    // Older notices have been cleared; recent ones are partly read.
    if (n.at < notifyFrom) return;
    const ageDays = (nowMs - n.at) / DAY;
    notificationRows.push({
      recipientId: n.recipient,
      type: n.type,
      title: n.title,
      message: n.message,
      videoId: n.videoId,
      commentId: n.commentId ?? null,
      priority: n.priority ?? 'normal',
      isRead: ageDays > 5 ? rnd.chance(0.85) : rnd.chance(0.25),
      createdAt: new Date(n.at),
    });
  };

  for (const v of plans) {
    const client = CLIENTS[v.clientIndex]!;
    const ownerName = client.username;
    const editorName = v.editorId ? usernameById.get(v.editorId) : undefined;
    const leadName = rnd.pick(leads);
    const ctx: Ctx = { owner: ownerName, editor: editorName, lead: leadName };
    // The client's team lead acts for it, so it hears what the client hears (docs/rules.md#who-may-do-what and #rules-the-product-leaves-open).
    const clientSide = client.teamLead ? [v.ownerId, idOf(teamLead)] : [v.ownerId];
    const last = v.steps[v.steps.length - 1]!;
    const windowEnd = nowCap(
      v.status === 'posted' ? last.at + rnd.float(0.5, 3) * DAY : last.at + DAY,
    );
    const count = rnd.int(...COMMENTS_PER_VIDEO[v.status]);
    const times = Array.from({ length: count }, () => rnd.float(v.start + HOUR, windowEnd)).sort(
      (a, b) => a - b,
    );
    for (const at of times) {
      const role = rnd.weighted({
        client: 35,
        editor: editorName ? 40 : 0,
        lead: 20,
        teamLead: client.teamLead ? 5 : 0,
      });
      const [author, templates] =
        role === 'client'
          ? [ownerName, CLIENT_COMMENTS]
          : role === 'editor'
            ? [editorName!, EDITOR_COMMENTS]
            : role === 'lead'
              ? [leadName, LEAD_COMMENTS]
              : [teamLead, TEAM_LEAD_COMMENTS];
      let content: string | null = null;
      while (content === null) content = rnd.pick(templates)(ctx);
      const commentId = ids.uuid();
      const authorId = idOf(author);
      commentRows.push({
        id: commentId,
        videoId: v.id,
        userId: authorId,
        content,
        createdAt: new Date(at),
      });

      const mentioned = new Set(
        [...content.matchAll(/@([a-z0-9._-]+)/gi)]
          .map((m) => m[1]!.replace(/[.]+$/, '').toLowerCase())
          .filter((u) => userId.has(u) && u !== author),
      );
      for (const u of mentioned) {
        notify({
          recipient: idOf(u),
          type: 'mention',
          title: 'You were mentioned',
          message: NOTIFICATION_TEXT.mention(userName.get(author)!, v.name, content).message,
          videoId: v.id,
          commentId,
          priority: 'high',
          at,
        });
      }
      for (const recipient of [...clientSide, v.editorId]) {
        if (!recipient || recipient === authorId || mentioned.has(usernameById.get(recipient)!))
          continue;
        notify({
          recipient,
          type: 'comment',
          title: 'New comment',
          message: NOTIFICATION_TEXT.comment(userName.get(author)!, v.name, content).message,
          videoId: v.id,
          commentId,
          at,
        });
      }
    }

    // Status changes after the first: review goes to the lead editors, the rest to the owner
    // (and its team lead) and the assigned editor.
    for (const step of v.steps.slice(1)) {
      const recipients =
        step.status === 'review'
          ? leads.map(idOf)
          : [...clientSide, v.editorId].filter((r) => r !== null);
      for (const recipient of recipients) {
        if (recipient === step.by) continue;
        notify({
          recipient,
          type: 'status_change',
          title: step.status === 'review' ? 'Ready for review' : 'Status updated',
          message:
            step.status === 'review'
              ? `"${v.name}" is ready for review`
              : `"${v.name}" moved to ${STATUS_TEXT[step.status]} by ${nameById(step.by)}`,
          videoId: v.id,
          at: step.at,
        });
      }
    }

    // Overdue (the agency is late): one notice, recorded as sent so a sign-in does not repeat it.
    if (isOverdue({ dueDate: v.due, status: v.status }, new Date(nowMs))) {
      const recipient = v.editorId ?? idOf(leadName);
      const at = workTime(nowMs);
      notify({
        recipient,
        ...NOTIFICATION_TEXT.overdue(v.name),
        videoId: v.id,
        at,
      });
      overdueRows.push({
        videoId: v.id,
        recipientId: recipient,
        dueDate: new Date(v.due),
        createdAt: new Date(at),
      });
    }
  }
  await insertAll(tx, comments, commentRows);
  await insertAll(tx, notifications, notificationRows);
  await insertAll(tx, overdueNotices, overdueRows);

  return {
    users: userRows.length,
    videos: videoRows.length,
    comments: commentRows.length,
    notifications: notificationRows.length,
  };
}

const STATUS_TEXT: Record<VideoStatus, string> = {
  draft: 'Draft',
  in_progress: 'In Progress',
  review: 'In Review',
  ready_to_post: 'Ready to Post',
  posted: 'Posted',
};

function nameFor(rnd: Random, type: VideoType, topic: string) {
  return rnd.pick(NAME_TEMPLATES[type]).replace('{T}', capitalise(topic)).replace('{t}', topic);
}

function linkFor(rnd: Random, status: VideoStatus): string {
  const drive = () => `https://drive.google.com/file/d/${rnd.chars(`${ALNUM}_-`, 33)}/view`;
  const frame = () =>
    rnd.chance(0.5)
      ? `https://f.io/${rnd.chars(ALNUM, 8)}`
      : `https://app.frame.io/reviews/${rnd.uuid()}`;
  const youtube = () => `https://www.youtube.com/watch?v=${rnd.chars(`${ALNUM}_-`, 11)}`;
  const vimeo = () => `https://vimeo.com/${rnd.int(100_000_000, 999_999_999)}`;
  switch (status) {
    case 'draft':
      return drive();
    case 'in_progress':
      return rnd.chance(0.6) ? drive() : frame();
    case 'review':
      return frame();
    case 'ready_to_post':
      return rnd.chance(0.6) ? frame() : vimeo();
    case 'posted':
      return rnd.chance(0.6) ? youtube() : vimeo();
  }
}

/**
 * The status steps that lead to `status`: created as a draft, then through the workflow, with
 * "changes requested" (review back to in_progress) now and then. A completed video enters
 * ready_to_post exactly at its finish date.
 */
function historyFor(
  rnd: Random,
  v: {
    status: VideoStatus;
    start: number;
    finish: number | null;
    nowMs: number;
    owner: string;
    editor: string | null;
    lead: string;
  },
): { status: VideoStatus; at: number; by: string }[] {
  const worker = v.editor ?? v.lead;
  const path: { status: VideoStatus; by: string }[] = [{ status: 'draft', by: v.owner }];
  const order: VideoStatus[] = ['in_progress', 'review', 'ready_to_post', 'posted'];
  const target = v.status === 'draft' ? 0 : order.indexOf(v.status) + 1;
  for (let i = 0; i < target; i++) {
    const status = order[i]!;
    if (status === 'review' && target > 2 && rnd.chance(0.2)) {
      // Sent back once with changes requested.
      path.push({ status: 'review', by: worker }, { status: 'in_progress', by: v.lead });
    }
    const by =
      status === 'ready_to_post'
        ? v.lead
        : status === 'posted'
          ? rnd.chance(0.6)
            ? v.owner
            : worker
          : worker;
    path.push({ status, by });
  }

  const cap = v.nowMs - 5 * 60_000;
  let end: number;
  if (v.finish !== null) end = v.finish;
  else end = Math.min(cap, v.start + rnd.float(0.3, 0.8) * (cap - v.start));
  // Steps up to ready_to_post (or the last one) are spread between start and end.
  const readyIndex = path.findIndex((s) => s.status === 'ready_to_post');
  const spreadCount = readyIndex >= 0 ? readyIndex : path.length - 1;
  const times = [v.start];
  const inner = Array.from({ length: Math.max(0, spreadCount - 1) }, () =>
    rnd.float(v.start + 0.05 * (end - v.start), end - 0.05 * (end - v.start)),
  ).sort((a, b) => a - b);
  times.push(...inner);
  if (spreadCount > 0) times.push(end);
  if (v.status === 'posted') {
    times.push(Math.min(cap, end + rnd.float(0.5, 4) * DAY));
  }
  // Whole milliseconds, as a Date stores them, so the ready_to_post step equals finishDate.
  return path.map((s, i) => ({ ...s, at: Math.floor(times[i]!) }));
}
