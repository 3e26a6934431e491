/**
 * Run by test/integration/webhooks/crash.test.ts as a separate process and
 * killed there with SIGKILL: a service process as `p2m serve` runs it (the
 * configuration from the environment, a conversion worker and the webhook
 * dispatcher started), so the kill lands after the job's commit and during
 * its delivery. Prints `running` once both have started.
 */
import { loadConfig } from '../../core/config.ts';
import { createRuntime } from '../../core/runtime.ts';
import { createDispatcher } from '../../worker/webhooks/dispatcher.ts';
import { createWorker } from '../../worker/worker.ts';

const runtime = await createRuntime(loadConfig());
createWorker(runtime, { concurrency: 1, pools: ['paid', 'free'] }).start();
createDispatcher(runtime).start();
console.log('running');
