// /account/plan: Upgrade starts a checkout and Manage billing opens the portal; the browser goes where the answer says.
for (const button of document.querySelectorAll('button.upgrade')) {
  action(button, 'Starting the checkout', async () => {
    const out = await api('POST', '/api/v2/billing/checkout', { plan: button.dataset.plan });
    say('Opening the checkout…');
    location.assign(out.checkout_url);
  });
}
if ($('portal')) {
  action($('portal'), 'Opening the billing portal', async () => {
    const out = await api('POST', '/api/v2/billing/portal');
    say('Opening the billing portal…');
    location.assign(out.url);
  });
}
