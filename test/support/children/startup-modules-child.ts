/**
 * Run under bench/startup/loaded-modules-hook.ts: loads the `p2m worker`
 * command's modules, then makes the two services whose libraries depend on
 * the configuration (billing, the rate limiter) from the environment given as
 * JSON in argv[2]. With argv[3] = 'redis' it also makes one Redis client
 * (never connected).
 */
await import('../../../cli/worker.ts');
const { loadConfig } = await import('../../../core/config.ts');
const { createBilling } = await import('../../../core/billing/billing-service.ts');
const { createRateLimiter } = await import('../../../core/ratelimit/rate-limiter.ts');

const config = loadConfig({ P2M_LOG_LEVEL: 'silent', ...(JSON.parse(process.argv[2] ?? '{}') as Record<string, string>) });
await createBilling(config);
await (await createRateLimiter(config)).close();
if (process.argv[3] === 'redis') {
  const { newRedisClient } = await import('../../../core/redis/redis-client.ts');
  await newRedisClient('redis://127.0.0.1:1');
}
