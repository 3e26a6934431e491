/**
 * The provider's own pages: a login form (type an e-mail address) and a
 * consent form (allow or deny sharing it). Plain forms, so a person, a test
 * with fetch, and Playwright all drive them the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { IdpAccountStore } from './identity-provider.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; form-action 'self' http: https:; frame-ancestors 'none'",
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · p2m dev-idp</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** GET /interaction/:uid shows the pending prompt's form; POST …/login, …/confirm and …/abort answer it. */
export async function handleInteraction(provider: Provider, accounts: IdpAccountStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [, , uid, action] = (req.url ?? '').split('?')[0]!.split('/');
  const details = await provider.interactionDetails(req, res);
  const base = `/interaction/${escape(uid ?? '')}`;
  if (req.method === 'GET') {
    if (details.prompt.name === 'login') {
      return page(res, 200, 'Sign in', `<p>Any e-mail address signs in here (a development identity provider).</p>
<form method="post" action="${base}/login"><label>E-mail <input type="email" name="email" required autocomplete="email"></label>
<button type="submit">Sign in</button></form>`);
    }
    return page(res, 200, 'Allow access', `<p>p2m asks for your e-mail address.</p>
<form method="post" action="${base}/confirm"><button type="submit">Allow</button></form>
<form method="post" action="${base}/abort"><button type="submit">Deny</button></form>`);
  }
  if (action === 'login') {
    const accountId = accounts.accountIdFor((await formBody(req)).get('email') ?? '');
    if (!accountId) return page(res, 400, 'Sign in', '<p role="alert">That is not an e-mail address. Go back and try again.</p>');
    return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }
  if (action === 'confirm') return provider.interactionFinished(req, res, { consent: { grantId: await grantFor(provider, details) } });
  return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person denied access.' }, { mergeWithLastSubmission: false });
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The grant of what the client asked for (as oidc-provider's own development pages make it). */
async function grantFor(provider: Provider, details: Details): Promise<string> {
  const { prompt, grantId, session, params } = details;
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
  if (!grant) throw new Error('grant not found');
  const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  return grant.save();
}
