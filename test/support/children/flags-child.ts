/** A child that answers with the Node and V8 flags it was started with. */
process.on('message', () => {
  process.send?.({ type: 'started' });
  process.send?.({ type: 'flags', execArgv: process.execArgv });
});
