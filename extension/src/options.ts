/**
 * The options page: the service URL (host access to a new origin is requested
 * at the moment it is saved), the v1 settings through the v1 settings route,
 * and the account link.
 */
import './no-eval.ts';
import type { Settings } from '../../client/index.ts';
import { service } from './device.ts';
import { byId } from './dom.ts';
import { errorInWords } from './error-words.ts';
import { loadLinkStatus, wireAccount } from './options-account.ts';
import { hostPattern } from './host-pattern.ts';
import { BUILD_SERVICE_URL, getServiceUrl, normaliseServiceUrl, setServiceUrl } from './service-url.ts';

const field = () => byId<HTMLInputElement>('service-url');

async function saveService(url: string): Promise<void> {
  const say = (t: string) => (byId('service-status').textContent = t);
  let origin: string;
  try {
    origin = normaliseServiceUrl(url);
  } catch (error) {
    return void say((error as Error).message);
  }
  // Must run inside the click's user gesture: nothing awaited before it.
  const granted = await chrome.permissions.request({ origins: [hostPattern(origin)] });
  if (!granted) return void say(`Not saved: p2m needs permission to reach ${origin}.`);
  await setServiceUrl(origin);
  field().value = origin;
  say(`Saved. p2m now converts on ${origin}.`);
  await loadAll();
}

async function loadSettings(): Promise<void> {
  const say = (t: string) => (byId('settings-status').textContent = t);
  try {
    const svc = await service();
    const settings = await svc.device.getSettings();
    byId<HTMLSelectElement>('converter').value = settings.converter ?? 'auto';
    byId('device-id').textContent = (await svc.keys.load())?.deviceId ?? 'not registered yet';
    say('');
  } catch (error) {
    say(errorInWords(error));
  }
}

async function saveSettings(): Promise<void> {
  const say = (t: string) => (byId('settings-status').textContent = t);
  try {
    const converter = byId<HTMLSelectElement>('converter').value as Settings['converter'];
    const saved = await (await service()).device.updateSettings({ converter });
    byId<HTMLSelectElement>('converter').value = saved.converter ?? 'auto';
    say('Settings saved.');
  } catch (error) {
    say(errorInWords(error));
  }
}

async function loadAll(): Promise<void> {
  await Promise.all([loadSettings(), loadLinkStatus()]);
}

byId('service-form').addEventListener('submit', (e) => {
  e.preventDefault();
  void saveService(field().value);
});
byId('reset-service').addEventListener('click', () => {
  field().value = BUILD_SERVICE_URL;
  void saveService(BUILD_SERVICE_URL);
});
byId('settings-form').addEventListener('submit', (e) => {
  e.preventDefault();
  void saveSettings();
});
wireAccount();
void getServiceUrl().then((url) => {
  field().value = url;
  return loadAll();
});
