/**
 * npm run admin:create -- --email you@example.com [--first-name Ada] [--last-name Lovelace] [--link]
 *
 * Makes the first admin of a site (or any later one): creates the account, or makes an existing
 * account an admin. On a terminal it asks for the password twice without showing it; otherwise,
 * or with --link, it prints a one-time link (valid 24 hours) where the admin chooses a password,
 * and a new account has no usable password until then. Uses the server's own settings (DATA_DIR,
 * DATABASE_URL, PUBLIC_URL…), works in production, and is recorded in the audit log as `cli`.
 */
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { RegisterBodySchema, ResetPasswordBodySchema } from '@reeltime/contract';
import { createRuntime } from '../app-context';
import { loadConfigOrExit } from '../config';
import { createLogger } from '../lib/logger';
import { createOrPromoteAdmin, SET_PASSWORD_LINK_TTL_MS } from './admin-account';
import { promptHidden, type PromptInput } from './hidden-prompt';

const USAGE = `Usage: npm run admin:create -- --email <address> [--first-name <name>] [--last-name <name>] [--link]

  --email       the admin's sign-in address (an existing account is made an admin)
  --first-name  for a new account (default: Site)
  --last-name   for a new account (default: Admin)
  --link        print a one-time set-password link instead of asking for a password
                (the default when the input is not a terminal)`;

class UsageError extends Error {}

/** The first message of a field that failed the site's own rules. */
function fieldError(
  result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Site' },
      'last-name': { type: 'string', default: 'Admin' },
      link: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.email === undefined) throw new UsageError('--email is required');
  // The same rules as the sign-up form: a well-formed address, names up to 100 characters.
  const checked = RegisterBodySchema.safeParse({
    email: values.email,
    first_name: values['first-name'],
    last_name: values['last-name'],
    password: 'placeholder',
  });
  for (const field of ['email', 'first_name', 'last_name']) {
    const message = fieldError(checked, field);
    if (message) throw new UsageError(`--${field.replace('_', '-')}: ${message}`);
  }
  const account = checked.data!;
  return {
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    link: values.link,
  };
}

/** Asks twice until both match and the site's password rules pass; null when the operator gives up. */
async function askPassword(input: PromptInput, output: Writable) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const password = await promptHidden('Password: ', input, output);
    const confirmation = await promptHidden('Password again: ', input, output);
    const checked = ResetPasswordBodySchema.safeParse({
      token: 'cli',
      password,
      password_confirmation: confirmation,
    });
    const problem = fieldError(checked, 'password') ?? fieldError(checked, 'password_confirmation');
    if (!problem) return password;
    output.write(`${problem}. Try again.\n`);
  }
  return null;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    const isParseError =
      error instanceof Error && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || isParseError) {
      if (error.message) console.error(`admin:create: ${error.message}`);
      console.error(USAGE);
      return 2;
    }
    throw error;
  }

  const config = loadConfigOrExit();
  const interactive = Boolean(process.stdin.isTTY) && !args.link;
  let password: string | null = null;
  if (interactive) {
    console.log(
      `Choose the password of ${args.email} (at least 8 characters; nothing is shown as you type).`,
    );
    try {
      password = await askPassword(process.stdin, process.stdout);
    } catch {
      console.error('Cancelled; nothing was changed.');
      return 1;
    }
    if (password === null) {
      console.error('No password was chosen; nothing was changed. Run the command again, or add --link.');
      return 1;
    }
  }

  const runtime = await createRuntime(config, { log: createLogger({ logLevel: 'warn', prettyLogs: false }) });
  try {
    const result = await createOrPromoteAdmin(runtime.ctx, { ...args, password, link: !interactive });
    const what = {
      created: `Created the admin account ${args.email} (id ${result.userId}).`,
      promoted: `${args.email} (id ${result.userId}) is now an admin.`,
      'already-admin': `${args.email} (id ${result.userId}) was already an admin.`,
    }[result.outcome];
    console.log(what);
    if (result.reenabled) console.log('The account was disabled; it is enabled again.');
    if (password !== null) {
      console.log(
        `Sign in at ${config.publicUrl}/login${result.outcome === 'created' ? '' : ' (other sessions of the account have ended)'}.`,
      );
    }
    if (result.setPasswordLink) {
      const hours = SET_PASSWORD_LINK_TTL_MS / 3_600_000;
      console.log(`Open this link within ${hours} hours to choose the password (it works once):`);
      console.log(result.setPasswordLink);
    }
    if (result.outcome === 'promoted')
      console.log('If the account is signed in, sign in again to open the console.');
    return 0;
  } finally {
    await runtime.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
