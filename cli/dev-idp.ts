/**
 * `p2m dev-idp`: a development OpenID provider on loopback, so a person can
 * try sign-in on the embedded default with no external account. It prints
 * the variables to start `p2m serve` with and runs until interrupted. Anyone
 * can sign in as any e-mail address here: never point a real service at it.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { CALLBACK_PATH } from '../core/sign-in/start-sign-in.ts';
import { startIdentityProvider } from './dev-idp/identity-provider.ts';

export const DEV_CLIENT_ID = 'p2m-dev';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string', default: '4400' }, origins: { type: 'string' }, secret: { type: 'string' } },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}"`);
  // The service's public origins (the same P2M_PUBLIC_ORIGINS / PORT as `p2m serve` reads), each a redirect target.
  const origins = values.origins ? values.origins.split(',').map((o) => new URL(o.trim()).origin) : loadConfig().publicOrigins;
  const secret = values.secret ?? randomBytes(24).toString('base64url');
  const idp = await startIdentityProvider({
    port,
    clients: [{ clientId: DEV_CLIENT_ID, clientSecret: secret, redirectUris: origins.map((o) => `${o}${CALLBACK_PATH}`) }],
  });
  console.log(`p2m dev-idp: a development OpenID provider at ${idp.issuer}
Anyone can sign in here as any e-mail address (treated as verified). For trying p2m only.

Start the service with:

  P2M_OIDC_ISSUER=${idp.issuer} P2M_OIDC_CLIENT_ID=${DEV_CLIENT_ID} P2M_OIDC_CLIENT_SECRET=${secret} p2m serve

then open ${origins[0]}/account and sign in. Redirects allowed to: ${origins.join(', ')}.
Stop with Ctrl-C.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await idp.close();
  return 0;
}
