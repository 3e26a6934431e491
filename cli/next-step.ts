/**
 * The line `p2m serve` prints once it listens: where the service is and what
 * a person does next. On stderr, so the JSON log on stdout stays one record a
 * line for log collectors.
 */

/** The next step after the server started; `signIn`: an OpenID provider is configured. */
export function nextStepMessage(url: string, signIn: boolean): string {
  const account = signIn
    ? `open ${url}/account in a browser to sign in and create an API key, or run`
    : `create an API key with`;
  return `p2m is running at ${url} (open it in a browser for the links). Next: ${account} \`npx p2m keys create\` in another terminal, then: curl -H "Authorization: Bearer p2m_…" -F file=@paper.pdf ${url}/api/v2/jobs`;
}
