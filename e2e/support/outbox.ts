import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from './env';

interface OutboxRow {
  subject: string;
  text_body: string;
}

function latestMailTo(address: string): OutboxRow | undefined {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select subject, text_body from outbox where to_address = ? order by id desc limit 1')
      .get(address) as OutboxRow | undefined;
  } finally {
    db.close();
  }
}

/** Waits for the newest mail to `address` in the server's outbox table and returns it. */
export async function waitForMail(address: string): Promise<OutboxRow> {
  let mail: OutboxRow | undefined;
  await expect
    .poll(() => (mail = latestMailTo(address)), { message: `a mail to ${address} in the outbox` })
    .toBeTruthy();
  return mail!;
}

/** The first link in a mail's text that points at `pathname` on the site. */
export function linkIn(mail: OutboxRow, pathname: string): URL {
  const found = mail.text_body.match(/https?:\/\/\S+/g)?.map((text) => new URL(text));
  const link = found?.find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in the mail:\n${mail.text_body}`);
  return link;
}

function latestMailContaining(text: string): (OutboxRow & { to_address: string }) | undefined {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'select to_address, subject, text_body from outbox where instr(text_body, ?) > 0 order by id desc limit 1',
      )
      .get(text) as (OutboxRow & { to_address: string }) | undefined;
  } finally {
    db.close();
  }
}

/** Waits for the newest mail in the outbox whose text holds `text` and returns it with its address. */
export async function waitForMailContaining(text: string): Promise<OutboxRow & { to_address: string }> {
  let mail: (OutboxRow & { to_address: string }) | undefined;
  await expect
    .poll(() => (mail = latestMailContaining(text)), { message: `a mail holding "${text}" in the outbox` })
    .toBeTruthy();
  return mail!;
}
