import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { API_BASE } from '@reeltime/contract';
import { call, signUp, signUpAdmin, type Member } from '../harness/client';
import type { ScaleSite } from '../harness/site';

/** The four callers of the matrix; `owner` owns every member resource the paths and bodies name. */
export interface Cast {
  owner: Member;
  other: Member;
  admin: Member;
  /** A member only the admin's calls on /admin/members/:id act on (disable, sign out…). */
  bystander: Member;
}

export interface Fixtures {
  cast: Cast;
  /** Path parameter values by the resource the path names (`payments`, `titles`, …). */
  pathIds: Record<string, string | number>;
  /** Body and query values by field name. */
  fields: Record<string, string | number>;
  /** Strings only the owner and admins may ever see: none may appear in an answer to anyone else. */
  ownerSecrets: string[];
  /** The owner's checkout session: the credential of the built-in checkout page. */
  checkoutSession: string;
}

async function ok(
  label: string,
  answer: Promise<{ status: number; body: { data?: unknown }; text: string }>,
) {
  const { status, body, text } = await answer;
  if (status < 200 || status >= 300) throw new Error(`fixture ${label}: ${status} ${text.slice(0, 300)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture answers of many shapes
  return body.data as any;
}

/** Pays for a plan through the built-in checkout as a browser would; returns the session id. */
async function pay(base: string, member: Member, planId: number): Promise<string> {
  const details = await ok(
    'payment details',
    call(base, 'POST', `/user/get-payment-details?plan_id=${planId}`, { token: member.token }),
  );
  const checkout = await ok(
    'process payment',
    call(base, 'POST', '/user/process-payment', {
      token: member.token,
      body: { plan_id: planId, payment_method: 'stripe', price: details.total },
    }),
  );
  const form = new URLSearchParams({
    number: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
    name: 'Scale Owner',
  });
  const paid = await fetch(`${base}/checkout/${checkout.session_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`fixture checkout: ${paid.status} ${await paid.text()}`);
  await ok(
    'payment success',
    call(base, 'POST', '/user/payment-success', {
      token: member.token,
      body: { session_id: checkout.session_id, gateway: 'stripe' },
    }),
  );
  return checkout.session_id as string;
}

/** A submission as the member site's form sends it: multipart, with a poster and a cast photo. */
async function submitMovie(base: string, member: Member, title: string): Promise<void> {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const fields = {
    name: 'Scale Owner',
    email: member.email,
    role: 'Director',
    title,
    link: 'https://www.example.com/owned',
    'cast[0][name]': 'Someone',
    'cast[0][jobTitle]': 'Actor',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('thumnail', new Blob([picture], { type: 'image/png' }), 'poster.png');
  form.append('cast[0][image]', new Blob([picture], { type: 'image/png' }), 'face.png');
  const res = await fetch(`${base}${API_BASE}/user/movie-detail-request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`fixture submission: ${res.status} ${await res.text()}`);
}

/**
 * Everything the matrix's paths and bodies name, made through the API as an operator and members
 * would: plans, titles, a season and episode, a person, genre, tax and banner; the owner's
 * payment (built-in checkout), subscription, watch-list entry, progress, like, playback lease,
 * submission and renamed profile; the other member pays too, so that only ownership tells them apart.
 */
export async function createFixtures(site: ScaleSite): Promise<Fixtures> {
  const base = site.url;
  const marker = randomBytes(4).toString('hex');
  const admin = await signUpAdmin(base, (text, values) => site.sql(text, values));
  const owner = await signUp(base, 'owner');
  const other = await signUp(base, 'other');
  const bystander = await signUp(base, 'bystander');
  const asAdmin = (method: string, path: string, body?: unknown) =>
    ok(`${method} ${path}`, call(base, method, path, { token: admin.token, body }));

  const planBody = { duration: 'month', duration_value: 1, max_height: 1080, screens: 3, price_minor: 999 };
  const plan = await asAdmin('POST', '/admin/plans', { ...planBody, name: `Scale plan ${marker}` });
  const sparePlan = await asAdmin('POST', '/admin/plans', { ...planBody, name: `Spare plan ${marker}` });
  const title = await asAdmin('POST', '/admin/titles', {
    type: 'movie',
    name: `Scale title ${marker}`,
    is_published: true,
  });
  const spareTitle = await asAdmin('POST', '/admin/titles', {
    type: 'tvshow',
    name: `Spare title ${marker}`,
    is_published: true,
  });
  const season = await asAdmin('POST', `/admin/titles/${spareTitle.id}/seasons`, {
    season_number: 1,
    name: 'Season 1',
  });
  const episode = await asAdmin('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Episode 1' });
  // People and banners take an image upload through the API; rows are enough here.
  const [person] = await site.sql<{ id: number }>(
    'insert into people (name, profile_image, created_at) values ($1, $2, $3) returning id',
    [`Scale person ${marker}`, 'people/none.jpg', Date.now()],
  );
  const genre = await asAdmin('POST', '/admin/genres', { name: `Genre ${marker}` });
  const tax = await asAdmin('POST', '/admin/taxes', { name: `Tax ${marker}`, percent: 5 });
  const [banner] = await site.sql<{ id: number }>(
    'insert into banners (title_id, poster_url, position, is_active) values ($1, $2, 0, 1) returning id',
    [spareTitle.id, 'banners/none.jpg'],
  );

  const checkoutSession = await pay(base, owner, plan.id);
  await pay(base, other, plan.id);
  const asOwner = (method: string, path: string, body?: unknown) =>
    ok(`${method} ${path} as the owner`, call(base, method, path, { token: owner.token, body }));
  const ownerName = `Ownerlast${marker}`;
  await asOwner('POST', '/user/update-profile', {
    first_name: 'Scale',
    last_name: ownerName,
    email: owner.email,
  });
  const payments = await asOwner('GET', '/user/payments');
  const payment = payments[0];
  const receipt = await asOwner('GET', `/user/payments/${payment.id}/receipt`);
  const subscription = (await asOwner('GET', '/user/subscription-plan')).activeSubscriptions[0];
  await asOwner('POST', '/user/save-watch-list', { entertainment_id: title.id });
  await asOwner('POST', '/user/playback-progress', {
    entertainment_id: title.id,
    position_seconds: 30,
    duration_seconds: 600,
  });
  await asOwner('POST', '/user/like', { entertainment_id: title.id });
  const lease = await asOwner('POST', '/user/playback-lease', { entertainment_id: title.id });
  const submissionTitle = `Owned submission ${marker}`;
  await submitMovie(base, owner, submissionTitle);
  const submissions = await asAdmin('GET', '/admin/submissions');
  const submission = (submissions.items ?? submissions).find(
    (row: { title?: string }) => row.title === submissionTitle,
  );
  if (!submission) throw new Error("fixture: the owner's submission is not in the admin list");

  // A video row of the spare title, and a mail (with its delivery job) for the console's lists.
  const [video] = await site.sql<{ id: number }>(
    `insert into videos (title_id, kind, type, url, status, position, created_at)
     values ($1, 'main', 'hls', '/media/none/index.m3u8', 'ready', 0, $2) returning id`,
    [spareTitle.id, Date.now()],
  );
  await ok('forgot password', call(base, 'POST', '/forgot-password', { body: { email: bystander.email } }));
  const firstId = (data: { items?: Array<{ id: unknown }> } | Array<{ id: unknown }>) =>
    (Array.isArray(data) ? data : (data.items ?? []))[0]?.id as string | number | undefined;
  const mailId = firstId(await asAdmin('GET', '/admin/mail'));
  const jobId = firstId(await asAdmin('GET', '/admin/jobs'));

  return {
    cast: { owner, other, admin, bystander },
    pathIds: {
      payments: payment.id,
      'movie-details': title.id,
      titles: spareTitle.id,
      seasons: season.id,
      episodes: episode.id,
      people: person!.id,
      genres: genre.id,
      taxes: tax.id,
      banners: banner!.id,
      plans: sparePlan.id,
      members: bystander.id,
      submissions: submission.id,
      checkout: checkoutSession,
      videos: video!.id,
      ...(mailId !== undefined ? { mail: mailId } : {}),
      ...(jobId !== undefined ? { jobs: jobId } : {}),
    },
    fields: {
      entertainment_id: title.id,
      plan_id: plan.id,
      title_id: spareTitle.id,
      cast_id: person!.id,
      lease_id: lease.lease_id,
      session_id: checkoutSession,
      id: subscription.id,
    },
    ownerSecrets: [
      owner.email,
      ownerName,
      submissionTitle,
      lease.lease_id,
      receipt.receipt_number,
      owner.token,
    ],
    checkoutSession,
  };
}
