/**
 * The Manifest V3 manifest. Permissions are the least that works (each is
 * justified in README.md, "The browser extension"); host access is the
 * service's host only, wider access is optional and asked for when needed.
 * No content_security_policy key: the default extension CSP applies.
 */
import { hostPattern } from '../src/host-pattern.ts';

export const ICON_SIZES = [16, 32, 48, 128] as const;

export function manifest(serviceUrl: string, version: string): Record<string, unknown> {
  const icons = Object.fromEntries(ICON_SIZES.map((s) => [String(s), `icon-${s}.png`]));
  return {
    manifest_version: 3,
    name: 'p2m — PDF to Markdown',
    short_name: 'p2m',
    version,
    description: 'Convert the PDF you are reading, a linked PDF or a file to clean Markdown with the p2m service.',
    minimum_chrome_version: '116',
    icons,
    action: { default_popup: 'popup.html', default_title: 'Convert to Markdown', default_icon: icons },
    options_ui: { page: 'options.html', open_in_tab: true },
    background: { service_worker: 'background.js', type: 'module' },
    // clipboardWrite: execCommand('copy') in the offscreen page needs it (it shows no install warning).
    permissions: ['activeTab', 'contextMenus', 'storage', 'offscreen', 'notifications', 'clipboardWrite'],
    host_permissions: [hostPattern(serviceUrl)],
    optional_host_permissions: ['https://*/*', 'http://*/*', 'file:///*'],
  };
}
