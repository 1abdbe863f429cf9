/**
 * The servers the `*.services.test.ts` files run against. `npm run test:services` names them, or
 * starts its own; outside it these tests stop with this message rather than guess a server.
 */
export type ServiceVariable = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL';

export function serviceUrl(variable: ServiceVariable): string {
  const url = process.env[variable];
  if (!url) {
    throw new Error(
      `${variable} is not set: run these tests with \`npm run test:services\`, which uses the server it names or starts one`,
    );
  }
  return url;
}
