/** The offscreen page: copies text it is sent to the clipboard (see clipboard.ts). */
chrome.runtime.onMessage.addListener((message: { target?: string; type?: string; text?: string }, _sender, reply) => {
  if (message.target !== 'offscreen' || message.type !== 'copy') return false;
  const area = document.createElement('textarea');
  area.value = message.text ?? '';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  reply({ copied });
  return false;
});
