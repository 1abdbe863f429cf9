import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { getData, registerAccount } from './support/api';
import { waitForMailContaining } from './support/outbox';
import { gradientPng } from './support/png';
import { chooseFromAccountMenu, expectToast, signIn } from './support/ui';

const png = (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(width, height),
});

interface CardLike {
  id: number;
  name: string;
}
interface DetailLike {
  id: number;
  name: string;
  casts: Array<{ id: number; name: string; has_email: boolean }>;
}

/** A title of the demo catalog with a cast member who has an address, and that member. */
async function titleWithWritableCast(request: APIRequestContext) {
  const cards = await getData<CardLike[]>(request, '/user/movie-list?per_page=100');
  for (const card of cards) {
    const detail = await getData<DetailLike>(request, `/user/movie-details/${card.id}`);
    const cast = detail.casts.find((person) => person.has_email);
    if (cast) return { title: detail, cast };
  }
  throw new Error('No demo title has a cast member with an address');
}

test('a member submits a movie with two cast members and sees it pending in My submissions', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'submitter');
  const title = `Monsoon Letters ${randomUUID().slice(0, 6)}`;
  await signIn(page, account.email, account.password);

  await page.goto('/submit-your-movie');
  await expect(page).toHaveTitle('Submit Your Movie | Reeltime');
  await expect(page.getByLabel('Your name')).toHaveValue(`${account.first_name} ${account.last_name}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();

  await page.getByLabel('Role').selectOption('Director');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description (optional)').fill('Two cousins write to each other through a monsoon.');
  await page.getByLabel('Platform (optional)').selectOption('youtube');
  await page.getByLabel('Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Thumbnail').setInputFiles(png('thumbnail.png', 640, 360));
  await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();

  const first = page.getByRole('group', { name: 'Cast member 1' });
  await first.getByLabel('Name').fill('Ira Sen');
  await first.getByLabel('Job title').fill('Lead actor');
  await first.getByLabel('Profile image').setInputFiles(png('ira.png', 800, 600));
  await expect(first.getByText('Recommended image resolution is 400x400px for best results.')).toBeVisible();

  await page.getByRole('button', { name: 'Add cast member' }).click();
  const second = page.getByRole('group', { name: 'Cast member 2' });
  await expect(second.getByLabel('Name')).toBeFocused();
  await second.getByLabel('Name').fill('Dev Rao');
  await second.getByLabel('Job title').fill('Cinematographer');
  await second.getByLabel('Email (optional)').fill(`dev-${randomUUID().slice(0, 6)}@example.test`);
  await second.getByLabel('Profile image').setInputFiles(png('dev.png', 400, 400));
  await expect(second.getByText('Recommended image resolution is 400x400px for best results.')).toHaveCount(
    0,
  );

  await expect(send).toBeEnabled();
  await send.click();
  await expectToast(page, 'Thank you! Your submission has been received and will be reviewed.');
  // The form starts again: empty, one cast member, the member's name and email kept.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^Cast member/ })).toHaveCount(1);
  await expect(page.getByLabel('Your name')).toHaveValue(`${account.first_name} ${account.last_name}`);

  await chooseFromAccountMenu(page, 'My submissions');
  await expect(page).toHaveURL('/my-submissions');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Pending review');
});

test('a member writes to a cast member and the mail waits in the outbox', async ({ page, request }) => {
  const { title, cast } = await titleWithWritableCast(request);
  const account = await registerAccount(request, 'writer');
  const message = `Loved your work in ${title.name} (${randomUUID().slice(0, 8)}).`;
  await signIn(page, account.email, account.password);

  await page.goto(`/movie-details/${title.id}`);
  const opener = page.getByRole('button', { name: `Send Email to ${cast.name}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Send Email to ${cast.name}` });
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Message').fill(message);
  await expect(dialog.getByText(`${message.length} / 2000 characters`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Your message has been sent.');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  const mail = await waitForMailContaining(message);
  expect(mail.text_body).toContain(`Hello ${cast.name},`);
  expect(mail.subject).toContain(`${account.first_name} ${account.last_name}`);
});

test('a visitor sees the ad slot on the browse banner, and it does not move as the page loads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/browse');
  const slot = page.getByRole('complementary', { name: 'Advertisement' });
  await expect(slot).toBeVisible();
  const box = slot.locator('.ad-slot__box');
  const before = await box.boundingBox();

  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  const after = await box.boundingBox();
  expect(after).toEqual(before);
  // A medium rectangle, labelled, inside the banner, with the house ad for the ad-free plans.
  expect(before!.width).toBeCloseTo(300, 0);
  expect(before!.height).toBeCloseTo(250, 0);
  await expect(slot.getByText('Advertisement', { exact: true })).toBeVisible();
  await expect(
    page.locator('section.hero').getByRole('complementary', { name: 'Advertisement' }),
  ).toBeVisible();
  await expect(slot.getByRole('link', { name: 'See ad-free plans' })).toHaveAttribute('href', '/plans');
});
